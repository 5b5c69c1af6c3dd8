"""Match: running scores, boxes, the next dealer, the end, and agreement with match_result."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.errors import InvalidValueError, WrongTypeError
from parlour.gin import Match, Player, ResultKind, Round, RoundResult, Rules, WrongPhase, match_result, simulate_rounds

ONE, TWO = Player.ONE, Player.TWO
PRESETS = [Rules(), Rules.modern(), Rules.classic(), Rules.palace()]
FIELDS = ("winner", "loser", "hand_points", "hands_won", "boxes", "shutout", "totals", "target", "hands_played")


def same(a: object, b: object) -> bool:
    return all(getattr(a, f) == getattr(b, f) for f in FIELDS)


def test_a_short_match_by_hand() -> None:
    m = Match(Rules(), ONE)
    assert m.next_dealer is ONE and m.scores == (0, 0) and not m.is_over and m.winner is None
    m.record(RoundResult.knock(TWO, 3, 40))  # TWO wins 37 and deals next
    assert m.scores == (0, 37) and m.next_dealer is TWO
    m.record(RoundResult.dead())  # the same dealer redeals
    assert m.next_dealer is TWO and m.scores == (0, 37)
    m.record(RoundResult.gin(ONE, 30))  # 55 to ONE
    assert m.scores == (55, 37) and m.next_dealer is ONE
    with pytest.raises(WrongPhase):
        m.final_score()
    m.record(RoundResult.knock(ONE, 5, 4))  # an undercut: TWO wins 1 + 25 = 26
    assert m.hands[-1].kind is ResultKind.UNDERCUT and m.scores == (55, 63) and m.next_dealer is TWO
    m.record(RoundResult.gin(TWO, 40))  # a gin: 25 + 40 = 65 -> 128
    assert m.is_over and m.winner is TWO and m.scores == (55, 128)
    final = m.final_score()
    assert same(final, match_result(m.hands, rules=Rules()))
    assert final.winner is TWO and final.totals == (55, 128)
    with pytest.raises(WrongPhase):
        m.record(RoundResult.dead())
    with pytest.raises(WrongPhase):
        m.new_round(1)
    assert pickle.loads(pickle.dumps(m)).scores == m.scores


def test_boxes_and_immediate_boxes() -> None:
    m = Match(Rules.palace(), TWO)  # box 10 counted at once
    m.record(RoundResult.knock(ONE, 2, 12))
    assert m.boxes == (10, 0) and m.scores == (20, 0)
    m2 = Match(Rules.modern(), TWO)  # box 25 at the end
    m2.record(RoundResult.knock(ONE, 2, 12))
    assert m2.boxes == (25, 0) and m2.scores == (10, 0)


def test_bad_arguments() -> None:
    assert Match(Rules(), 1).first_dealer is Player.TWO  # a seat as an int is a Player
    with pytest.raises(WrongTypeError):
        Match(Rules(), "ONE")  # type: ignore[arg-type]
    with pytest.raises(InvalidValueError):
        Match(Rules(), 2)
    with pytest.raises(WrongTypeError):
        Match(Rules()).record("gin")  # type: ignore[arg-type]


def test_new_round_is_dealt_by_the_next_dealer() -> None:
    m = Match(Rules(), ONE)
    m.record(RoundResult.knock(TWO, 3, 40))
    r = m.new_round(9)
    assert isinstance(r, Round) and r.dealer is TWO and r == Round.deal(Rules(), TWO, 9)


results = st.one_of(
    st.just(RoundResult.dead()),
    st.builds(
        lambda p, k, d: RoundResult.knock(p, k, d), st.sampled_from([ONE, TWO]), st.integers(1, 10), st.integers(0, 100)
    ),
    st.builds(RoundResult.gin, st.sampled_from([ONE, TWO]), st.integers(0, 100)),
    st.builds(RoundResult.big_gin, st.sampled_from([ONE, TWO]), st.integers(0, 100)),
)


@given(st.sampled_from(PRESETS), st.sampled_from([ONE, TWO]), st.lists(results, max_size=30))
def test_agrees_with_match_result(rules: Rules, first: Player, hands: list[RoundResult]) -> None:
    if rules.big_gin_bonus is None:
        hands = [h for h in hands if h.kind is not ResultKind.BIG_GIN]
    m = Match(rules, first)
    played: list[RoundResult] = []
    dealer = first
    for h in hands:
        if m.is_over:
            break
        m.record(h)
        played.append(h)
        if h.winner is not None:
            dealer = h.winner
        assert m.next_dealer is dealer
    ref = match_result(played, rules=rules)
    assert m.is_over == (ref.winner is not None) and m.winner == ref.winner
    assert m.boxes == tuple(rules.box_bonus * w for w in ref.hands_won)
    if m.is_over:
        assert same(m.final_score(), ref) and max(m.scores) >= rules.game_target
    else:
        assert max(m.scores) < rules.game_target
        running = [0, 0]
        for h in played:
            if h.winner is not None:
                running[h.winner] += h.points(rules) + (rules.box_bonus if rules.immediate_boxes else 0)
        assert m.scores == tuple(running)


def test_a_match_played_with_rounds() -> None:
    """Rounds dealt by the match and played to the end feed it until someone reaches 100."""
    m = Match(Rules(), ONE)
    seed = 0
    while not m.is_over and seed < 5000:
        r = m.new_round(seed)
        seed += 1
        while not r.is_terminal:
            legal = r.legal_actions()
            knocks = [a for a in legal if a.kind.name in ("KNOCK", "FINISH_LAYOFFS")]
            r.apply((knocks or legal)[-1])
        assert r.result is not None
        m.record(r.result)
    assert m.is_over and m.final_score().winner == m.winner
    assert simulate_rounds(1, 0).rounds == 1
