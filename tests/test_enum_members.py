"""Hot properties return the enum members themselves (cached at import, see Member in
cpp/bindings/common.hpp): the same objects as the enum classes hold, for every value."""

from __future__ import annotations

from parlour.cards import Card, Colour, Rank, Suit
from parlour.gin import ActionKind, Meld, MeldKind, Phase, Player, Round, Rules
from parlour.yahtzee import Categories, Category


def test_card_rank_suit_colour_are_members() -> None:
    for i in range(52):
        c = Card.from_index(i)
        assert c.rank is Rank(i % 13 + 1) and c.suit is Suit(i // 13)
        assert c.colour is (Colour.RED if c.suit in (Suit.HEART, Suit.DIAMOND) else Colour.BLACK)


def test_yahtzee_categories_iterate_members() -> None:
    assert [c is m for c, m in zip(Categories.ALL, Category)] == [True] * 13
    assert list(Categories.UPPER) == [Category(i) for i in range(6)]


def test_gin_members() -> None:
    assert Meld("7h 8h 9h").kind is MeldKind.RUN and Meld("Qc Qs Qd").kind is MeldKind.SET
    r = Round.deal(Rules(), Player.ONE, 3)
    seen_phases, seen_players, seen_kinds = set(), set(), set()
    while not r.is_terminal:
        assert r.phase in Phase and r.current_player in Player
        seen_phases.add(r.phase)
        seen_players.add(r.current_player)
        obs = r.observation(r.current_player)
        assert obs.player is r.current_player and obs.phase is r.phase
        action = r.legal_actions()[-1]
        assert action.kind in ActionKind
        seen_kinds.add(action.kind)
        r.apply(action)
    assert r.phase is Phase.FINISHED and r.current_player is None and r.turn is None
    assert Player.ONE in seen_players and Player.TWO in seen_players and len(seen_kinds) >= 3


def test_yahtzee_phase_and_freecell_position_kind_are_members() -> None:
    from parlour.freecell import GameState, PositionKind
    from parlour.yahtzee import Game
    from parlour.yahtzee import Phase as YPhase

    g = Game(players=1, seed=4)
    assert g.phase is YPhase.DECIDE  # auto_roll rolled the first dice
    moves = GameState.from_ms_deal(1).legal_move_list()
    kinds = {m.from_.kind for m in moves} | {m.to.kind for m in moves}
    assert kinds <= set(PositionKind) and {PositionKind.CASCADE, PositionKind.FREECELL} <= kinds
    assert all(k is PositionKind(int(k)) for k in kinds)
