"""The frontend protocol: Game with legal actions, apply, undo, serialization."""

from __future__ import annotations

import json
import pickle

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.errors import PhaseError, StateFormatError, WrongTypeError
from parlour.freecell import NUM_ACTIONS, Game, GameState, IllegalMove, Move, solve


def test_actions_mask_and_apply() -> None:
    g = Game(deal=1)
    actions = g.legal_action_ids()
    mask = g.legal_action_mask()
    assert mask.dtype == np.bool_ and mask.shape == (NUM_ACTIONS,) and list(np.flatnonzero(mask)) == actions
    assert [m.id for m in g.legal_actions()] == actions and all(m.card is not None for m in g.legal_actions())
    g.apply(actions[0])
    move = g.history[-1]
    assert g.last_event is not None and g.last_event.action == move
    assert g.history == (move,) and g.state == GameState.from_ms_deal(1).apply(move)
    assert g.current_player == 0 and not g.is_terminal and g.returns() == (0.0,)
    # NumPy integers (as an RL policy returns them) are action ids too; bools are not.
    other = Game(deal=1)
    other.apply(np.flatnonzero(mask)[0])
    assert other.history == (move,)
    with pytest.raises(WrongTypeError):
        other.apply(True)


def test_refused_action_changes_nothing() -> None:
    g = Game(deal=1)
    before = g.to_dict()
    for bad in ("1h", 12, Move.parse("a1")):
        assert not g.can_apply(bad)
        with pytest.raises(IllegalMove):
            g.apply(bad)
    assert g.to_dict() == before


def test_undo() -> None:
    g = Game(deal=1)
    with pytest.raises(PhaseError):
        g.undo()
    g.apply("6a")
    g.apply("6b")
    assert g.undo() == Move.parse("6b", card="2c", count=1)
    assert len(g.history) == 1 and g.state == GameState.from_ms_deal(1).apply("6a")


@given(st.lists(st.integers(0, 10**6), max_size=25), st.integers(1, 32000))
def test_random_play_serialization_round_trips(choices: list[int], deal: int) -> None:
    g = Game(deal=deal)
    for c in choices:
        acts = g.legal_actions()
        if not acts:
            break
        g.apply(acts[c % len(acts)])
    doc = json.loads(json.dumps(g.to_dict()))
    back = Game.from_dict(doc)
    assert back == g and back.state == g.state and back.deal == deal
    assert pickle.loads(pickle.dumps(g)) == g
    c = g.clone()
    if c.legal_actions():
        c.apply(c.legal_actions()[0])
        assert c != g


def test_from_dict_rejects_foreign_and_corrupt() -> None:
    with pytest.raises(StateFormatError):
        Game.from_dict({"format": "chess"})
    doc = Game(deal=1).to_dict()
    doc["state"]["moves"] = ["1h"]
    with pytest.raises(StateFormatError):
        Game.from_dict(doc)
    doc = Game(deal=1).to_dict()
    doc["version"] = 99
    with pytest.raises(StateFormatError):
        Game.from_dict(doc)


def test_win_by_playing_the_solution_and_hint() -> None:
    g = Game(deal=2)
    hint = g.hint()
    assert hint is not None and g.can_apply(hint)
    solution = solve(g.state)
    for text in solution.notation:  # type: ignore[union-attr]
        g.apply(text)
    assert g.state.is_solved and g.is_terminal and g.returns() == (1.0,)
    assert g.observation(0).to_dict()["moves"] == len(solution)  # type: ignore[arg-type]
    assert g.current_player is None and g.observation(0).legal_action_ids() == []
