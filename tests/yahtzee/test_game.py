"""The Game: turns and rolls, injected and seeded dice, the frontend protocol, refused
actions leaving the game unchanged, to_dict/from_dict and pickling."""

from __future__ import annotations

import json
import pickle

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.cards import Rng
from parlour.errors import IllegalActionError, InvalidValueError, NotationError, PhaseError, StateFormatError
from parlour.yahtzee import (
    NUM_ACTIONS,
    Action,
    Category,
    Dice,
    Game,
    HeuristicBot,
    Keep,
    Phase,
    Reroll,
    Score,
)


def test_action_ids_and_text() -> None:
    assert NUM_ACTIONS == 223
    for i in range(NUM_ACTIONS):
        a = Action.from_id(i)
        assert a.id == i and isinstance(a, Action)
        assert Action.parse(str(a)) == a
        assert eval(repr(a)) == a
        assert pickle.loads(pickle.dumps(a)) == a
    assert Action.parse("score full house") == Score(Category.FULL_HOUSE)
    assert Action.parse("keep -") == Reroll(Keep())
    with pytest.raises(NotationError, match="bogus"):
        Action.parse("bogus 3")
    with pytest.raises(InvalidValueError):
        Action.from_id(223)
    with pytest.raises(InvalidValueError, match="four"):
        Reroll("66666")


def test_injected_dice_scenario() -> None:
    g = Game(auto_roll=False)
    assert g.phase == Phase.ROLL and g.rolls_left == 3 and g.dice is None
    assert g.legal_actions() == []
    g.roll("11666")  # first roll: 1 1 6 6 6
    assert g.phase == Phase.DECIDE and g.rolls_left == 2
    g.apply(Reroll("666"))  # keep the sixes
    assert g.phase == Phase.ROLL and g.kept == Keep("666")
    with pytest.raises(IllegalActionError, match="kept"):
        g.roll("11166")  # lacks a kept six
    g.roll("66662")
    g.apply("keep 6666")
    g.roll("66666")  # Yahtzee on the last roll
    assert g.rolls_left == 0
    with pytest.raises(IllegalActionError, match="no roll"):
        g.apply(Reroll("66"))
    g.apply(Score(Category.YAHTZEE))
    d = g.last_event.to_dict()
    assert d["points"] == 50 and g.scorecard(0).total == 50
    assert g.turn == 1 and g.phase == Phase.ROLL and g.rolls_left == 3


def test_roll_with_an_outside_generator() -> None:
    g = Game(auto_roll=False, seed=1)
    rng = Rng(99)
    g.roll(rng)
    mine = g.to_dict()["state"]["rng"]
    assert mine == Game(auto_roll=False, seed=1).to_dict()["state"]["rng"]  # the game's own generator is untouched
    h = Game(auto_roll=False, seed=1)
    h.roll(Rng(99))
    assert h.dice == g.dice
    with pytest.raises(PhaseError):
        g.roll(rng)


def test_seeded_game_is_reproducible_and_seed_or_rng_agree() -> None:
    def play(seed: object) -> tuple[float, ...]:
        g = Game(2, seed=seed)  # type: ignore[arg-type]
        bot = HeuristicBot()
        while not g.is_terminal:
            g.apply(bot.act(g.observation(g.current_player)))
        return g.returns()

    assert play(7) == play(7) == play(Rng(7))
    assert play(7) != play(8)


def test_multiplayer_turn_order_and_end() -> None:
    g = Game(3, seed=1)
    bot = HeuristicBot()
    seen = []
    while not g.is_terminal:
        if g.rolls_left == 2:
            seen.append((g.current_player, g.turn))
        g.apply(Score(next(iter(g.scorecard(g.current_player).legal_categories(g.dice)))))  # type: ignore[arg-type]
    assert seen == [(p, t) for t in range(13) for p in range(3)]
    assert g.phase == Phase.OVER and g.legal_actions() == [] and not g.legal_action_mask().any()
    assert g.returns() == tuple(float(c.total) for c in g.scorecards)
    assert g.current_player is None
    with pytest.raises(PhaseError, match="over"):
        g.apply(Score(Category.CHANCE))
    with pytest.raises(PhaseError):
        bot.act(g.observation(0))


def test_legal_actions_and_mask() -> None:
    g = Game(seed=3)
    acts = g.legal_actions()
    mask = g.legal_action_mask()
    assert mask.dtype == np.bool_ and mask.shape == (NUM_ACTIONS,)
    assert sorted(a.id for a in acts) == list(np.flatnonzero(mask)) == g.legal_action_ids()
    dice = g.dice
    assert dice is not None
    keeps = [k for k in dice.keeps() if len(k) < 5]
    assert {a.keep for a in acts if isinstance(a, Reroll)} == set(keeps)
    assert [a.category for a in acts if isinstance(a, Score)] == list(Category)


@given(st.integers(0, 2**32), st.lists(st.integers(0, NUM_ACTIONS - 1), max_size=60))
def test_refused_actions_change_nothing(seed: int, ids: list[int]) -> None:
    g = Game(2, seed=seed)
    for i in ids:
        if g.is_terminal:
            break
        before = g.to_dict()
        if g.can_apply(i):
            g.apply(i)
        else:
            with pytest.raises((IllegalActionError, PhaseError)):
                g.apply(i)
            assert g.to_dict() == before


@given(st.integers(0, 2**32), st.integers(0, 80))
def test_to_dict_from_dict_and_pickle_round_trip(seed: int, steps: int) -> None:
    g = Game(2, seed=seed)
    bot = HeuristicBot()
    for _ in range(steps):
        if g.is_terminal:
            break
        g.apply(bot.act(g.observation(g.current_player)))
    d = g.to_dict()
    assert json.loads(json.dumps(d)) == d
    g2 = Game.from_dict(d)
    assert g2.to_dict() == d
    assert pickle.loads(pickle.dumps(g)).to_dict() == d
    # the restored game continues identically (generator included)
    c = g.clone()
    for x in (g2, c, g):
        while not x.is_terminal:
            x.apply(bot.act(x.observation(x.current_player)))
    assert g2.returns() == c.returns() == g.returns()


def test_observation_hides_the_generator() -> None:
    g = Game(2, seed=4)
    obs = g.observation(1).to_dict()
    assert "rng" not in obs and obs["seat"] == 1 and obs["dice"] == str(g.dice)
    assert "rng" not in json.dumps(obs) and json.dumps(g.to_dict()["state"]["rng"]) not in json.dumps(obs)
    with pytest.raises(StateFormatError):
        Game.from_dict(obs)
    with pytest.raises(InvalidValueError):
        g.observation(2)


@pytest.mark.parametrize(
    "patch",
    [
        {"game": "chess"},
        {"version": 99},
        {"phase": "lunch"},
        {"phase": "decide"},
        {"rolls_left": 7},
        {"dice": "1234"},
        {"current_player": 5},
        {"rng": ["0", "0", "0", "0"]},
        {"rng": ["-1", "0", "0", "1"]},
        {"rng": ["0x10", "0", "0", "1"]},
        {"rules": "sometimes"},
        {"rules": {"joker": "FORCED"}},
    ],
)
def test_from_dict_rejects_bad_documents(patch: dict[str, object]) -> None:
    d = Game(2, seed=9).to_dict()
    for key, value in patch.items():
        (d if key in ("game", "version", "rules") else d["state"])[key] = value
    with pytest.raises(StateFormatError):
        Game.from_dict(d)


def test_from_dict_rejects_inconsistent_turn_order() -> None:
    g = Game(2, seed=9)
    g.apply(Score(Category.CHANCE))
    d = g.to_dict()
    d["state"]["current_player"] = 0
    with pytest.raises(StateFormatError, match="turn order"):
        Game.from_dict(d)


def test_from_dict_rejects_a_finished_card_still_playing() -> None:
    g = Game(seed=9)
    bot = HeuristicBot()
    while not g.is_terminal:
        g.apply(bot.act(g.observation(0)))
    d = g.to_dict()
    d["state"].update(phase="DECIDE", dice="11111", rolls_left=2)
    with pytest.raises(StateFormatError, match="full card"):
        Game.from_dict(d)


def test_bad_constructor_arguments() -> None:
    with pytest.raises(InvalidValueError):
        Game(0)
    with pytest.raises(InvalidValueError):
        Game(seed=-1)


def test_view_and_str() -> None:
    g = Game(seed=2)
    seen = g.observation(g.current_player)
    state, dice, rl = seen.state, seen.dice, seen.rolls_left
    assert state == g.state and dice == g.dice and rl == 2
    assert isinstance(dice, Dice)
    assert "turn 1/13" in str(g)


def test_joker_scenario_through_the_game() -> None:
    g = Game(auto_roll=False)
    g.roll("33333")
    g.apply(Score(Category.YAHTZEE))  # turn 1: 50 in the Yahtzee box
    g.roll("33333")  # turn 2: an extra Yahtzee, Threes open
    assert [a for a in g.legal_actions() if isinstance(a, Score)] == [Score(Category.THREES)]
    assert not g.can_apply(Score(Category.FULL_HOUSE))
    with pytest.raises(IllegalActionError, match="joker"):
        g.apply(Score(Category.FULL_HOUSE))
    g.apply(Score(Category.THREES))
    d = g.last_event.to_dict()
    assert (d["points"], d["yahtzee_bonus"]) == (15, 100)
    g.roll("33333")  # turn 3: Threes filled -> any open lower box at joker value
    scores = [a.category for a in g.legal_actions() if isinstance(a, Score)]
    assert scores == [c for c in Category if c.value >= 6 and c != Category.YAHTZEE]
    g.apply(Score(Category.LARGE_STRAIGHT))
    d = g.last_event.to_dict()
    assert (d["points"], d["yahtzee_bonus"]) == (40, 100)
    card = g.scorecard(0)
    assert card.total == 50 + 15 + 40 + 200 and card.yahtzee_bonuses == 2
