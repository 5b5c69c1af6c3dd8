"""One contract for legality in every game: legal_action_ids() lists exactly the actions
can_apply() accepts, why_not() is None exactly for those, and apply() takes exactly those.

Hypothesis drives random playouts of each game object a frontend plays (gin's Round and
Game, Yahtzee's Game with and without auto_roll, FreeCell's Game) and checks every id
of the game's action space at the positions reached.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour import games
from parlour.errors import ParlourError
from parlour.freecell import Game as FreeCellGame
from parlour.gin import Game as GinGame
from parlour.gin import Player, Round, Rules
from parlour.yahtzee import Game as YahtzeeGame

MAKERS: dict[str, Callable[[int], Any]] = {
    "gin round": lambda seed: Round.deal(Rules(), Player.ONE if seed % 2 else Player.TWO, seed),
    "gin round, big gin": lambda seed: Round.deal(Rules(big_gin_bonus=31), Player.ONE, seed),
    "gin game": lambda seed: GinGame(Rules(game_target=25), seed=seed),
    "yahtzee game": lambda seed: YahtzeeGame(players=1 + seed % 3, seed=seed),
    "yahtzee game, rolled by hand": lambda seed: YahtzeeGame(players=2, seed=seed, auto_roll=False),
    "freecell game": lambda seed: FreeCellGame(deal=1 + seed % 32000),
}


def check_contract(game: Any) -> None:
    """Every id of the action space: listed <=> can_apply <=> why_not is None."""
    listed = game.legal_action_ids()
    accepted = [a for a in range(game.num_actions) if game.can_apply(a)]
    assert accepted == listed
    for a in range(game.num_actions):
        reason = game.why_not(a)
        assert (reason is None) == (a in set(listed)), (a, reason)
        assert reason is None or (isinstance(reason, str) and reason)


def refused_ids_raise(game: Any, ids: list[int]) -> None:
    """apply() refuses an unlisted id, changing nothing."""
    before = game.to_dict()
    for a in ids:
        with pytest.raises(ParlourError):
            game.apply(a)
        assert game.to_dict() == before


@pytest.mark.parametrize("kind", list(MAKERS))
@settings(max_examples=12)
@given(seed=st.integers(0, 2**31), data=st.data())
def test_legal_ids_are_exactly_what_can_apply_accepts(kind: str, seed: int, data: st.DataObject) -> None:
    game = MAKERS[kind](seed)
    for step in range(300):
        if step % 9 == 0:
            check_contract(game)
            unlisted = sorted(set(range(game.num_actions)) - set(game.legal_action_ids()))
            refused_ids_raise(game, data.draw(st.lists(st.sampled_from(unlisted), max_size=2), label="refused"))
        if game.is_terminal:
            break
        if kind == "yahtzee game, rolled by hand" and game.phase.name == "ROLL":
            game.roll()  # the only way on: no action is legal until the dice are rolled
            continue
        ids = game.legal_action_ids()
        game.apply(data.draw(st.sampled_from(ids), label="action"))
    check_contract(game)


def test_every_registered_game_is_covered() -> None:
    assert {kind.split()[0] for kind in MAKERS} == set(games.names())


def test_freecell_lists_and_accepts_only_the_first_empty_free_cell() -> None:
    """Free cells are interchangeable: a card goes to the first empty one, never from one to another."""
    game = FreeCellGame(deal=1)  # every cell empty; cascade 1's top is 6s
    to_a, to_b = 0 * 13 + 8, 0 * 13 + 9
    assert to_a in game.legal_action_ids() and to_b not in game.legal_action_ids()
    assert not game.can_apply(to_b) and not game.can_apply("1b")
    assert game.why_not("1b") == (
        "illegal move '1b': free cell a is empty: a card goes to the first empty free cell "
        "(the cells are interchangeable)"
    )
    game.apply("1a")
    assert game.why_not("ab") == (
        "illegal move 'ab': the free cells are interchangeable: moving a card from one to another changes nothing"
    )
    assert "1b" in [str(m) for m in game.legal_actions()]  # b is now the first empty cell
