"""The engine's observation encoders (parlour._core.<game>.encode_observation) against
the plain Python encodings of tests/envs/reference.py, state by state over whole games,
and the environments built on them."""

from __future__ import annotations

import numpy as np
import pytest

from parlour._core import freecell as fc_core
from parlour._core import gin as gin_core
from parlour._core import yahtzee as yz_core
from parlour.errors import InvalidValueError, WrongTypeError
from parlour.freecell import Game as FreeCellGame
from parlour.freecell import GameState
from parlour.gin import EasyBot, NormalBot, OklahomaAce, Player, Round, Rules
from parlour.yahtzee import Dice, Game, HeuristicBot, State
from parlour.yahtzee import Rules as YahtzeeRules

from .reference import freecell_vector, gin_planes, yahtzee_vector


def test_shapes_are_the_documented_constants() -> None:
    assert gin_core.OBSERVATION_SHAPE == (13, 52) and gin_core.OBSERVATION_SIZE == 13 * 52
    assert yz_core.OBSERVATION_SIZE == 21
    assert fc_core.OBSERVATION_SIZE == 160 and fc_core.MAX_CASCADE == 19


# ---- gin --------------------------------------------------------------------------------


def gin_rounds(n: int, seed: int) -> list[Round]:
    """Every state of n rounds: random play, bots that knock, and layoffs, under several rules."""
    rng = np.random.default_rng(seed)
    rules = [Rules(), Rules.modern(), Rules(knock_limit=0), Rules(oklahoma=OklahomaAce.ONE), Rules(big_gin_bonus=31)]
    states = []
    for i in range(n):
        r = Round.deal(rules[i % len(rules)], Player(i % 2), int(rng.integers(2**63)))
        bots = [EasyBot(i), NormalBot(i)] if i % 3 else [None, EasyBot(i)]
        states.append(r.clone())
        while not r.is_terminal:
            bot = bots[int(r.current_player)]
            if bot is None:
                ids = r.legal_action_ids()
                r.apply(int(ids[int(rng.integers(len(ids)))]))
            else:
                r.apply(bot.act(r.observation(r.current_player)))
            states.append(r.clone())
    return states


def test_gin_planes_equal_the_reference_in_every_state() -> None:
    states = gin_rounds(60, seed=1)
    phases = set()
    for r in states:
        for p in (Player.ONE, Player.TWO):
            obs = r.observation(p)
            planes = gin_core.encode_observation(obs)
            assert planes.dtype == np.int8 and planes.shape == (13, 52)
            np.testing.assert_array_equal(planes, gin_planes(obs))
            phases.add(obs.phase)
    assert len(phases) == 5  # every phase seen, layoffs included
    assert sum(r.knocker is not None for r in states) > 50


def test_gin_env_observations_are_the_engine_encoding() -> None:
    from parlour.envs.gin import GinEnv, encode_observation

    e = GinEnv()
    e.reset(seed=3)
    for agent, player in zip(e.agents, (Player.ONE, Player.TWO)):
        planes = e.observe(agent)["observation"]
        np.testing.assert_array_equal(planes, encode_observation(e.round.observation(player)))
        np.testing.assert_array_equal(planes, gin_planes(e.round.observation(player)))


def test_gin_encoder_refuses_other_types() -> None:
    with pytest.raises(WrongTypeError):
        gin_core.encode_observation("hand")  # type: ignore[arg-type]


# ---- Yahtzee -------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [YahtzeeRules(), YahtzeeRules("free", yahtzee_bonus=False)])
def test_yahtzee_vector_equals_the_reference_in_every_state(rules: YahtzeeRules) -> None:
    rng = np.random.default_rng(2)
    bot = HeuristicBot(rules)
    seen = set()
    for seed in range(60):
        game = Game(rules=rules, seed=seed)
        while not game.is_terminal:
            seen_now = game.observation(game.current_player)
            state, dice, rolls = seen_now.state, seen_now.dice, seen_now.rolls_left
            v = yz_core.encode_observation(state, dice, rolls)
            assert v.dtype == np.int8 and v.shape == (21,)
            np.testing.assert_array_equal(v, yahtzee_vector(state, dice, rolls))
            seen.add((state.upper, state.yahtzee_50))
            if seed % 2:
                game.apply(bot.act(game.observation(game.current_player)))
            else:
                ids = game.legal_action_ids()
                game.apply(int(ids[int(rng.integers(len(ids)))]))
    assert max(u for u, _ in seen) >= 50 and any(y for _, y in seen)  # all 0..63: the next test


def test_yahtzee_vector_of_chosen_states() -> None:
    # every reachable upper subtotal and flag, with dice given as text or faces
    for upper in range(64):
        state = State([0, 1, 2, 3, 4, 5, 11], upper, True)
        for dice in ("11111", "66543", [6, 2, 2, 3, 1]):
            for rolls in (0, 1, 2):
                np.testing.assert_array_equal(
                    yz_core.encode_observation(state, dice, rolls),
                    yahtzee_vector(state, Dice(dice) if isinstance(dice, str) else Dice.from_faces(dice), rolls),
                )
    with pytest.raises(InvalidValueError):
        yz_core.encode_observation(State(), "11111", 4)
    with pytest.raises(WrongTypeError):
        yz_core.encode_observation(State(), "11111", 1.0)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError):
        yz_core.encode_observation("state", "11111", 1)  # type: ignore[arg-type]


# ---- FreeCell ------------------------------------------------------------------------------


def test_freecell_vector_equals_the_reference_in_every_state() -> None:
    rng = np.random.default_rng(3)
    tallest = 0
    for deal in [1, 2, 617, 11982, 31999]:
        game = FreeCellGame(deal=deal)
        for _ in range(300):
            state = game.state
            v = fc_core.encode_observation(state)
            assert v.dtype == np.int8 and v.shape == (160,)
            np.testing.assert_array_equal(v, freecell_vector(state))
            cascades, cells, found = state.to_arrays(19)
            np.testing.assert_array_equal(v, np.concatenate([cascades.ravel(), cells, found]))
            tallest = max(tallest, max(len(c) for c in state.cascades))
            legal = game.legal_action_ids()
            if not legal:
                break
            game.apply(legal[int(rng.integers(len(legal)))])
    assert tallest >= 8


def test_freecell_vector_of_a_solved_game_and_a_tall_cascade() -> None:
    from parlour.freecell import solve

    game = FreeCellGame(deal=1)
    for move in solve(GameState.from_ms_deal(1)).moves:
        game.apply(move)
    v = fc_core.encode_observation(game.state)
    assert not v[:156].any() and v[156:].tolist() == [13, 13, 13, 13]
    # a position built by hand may hold a cascade taller than 19 cards: refused, not cut
    text = GameState.from_ms_deal(1).to_text().splitlines()
    cards = " ".join(line.split(": ", 1)[1] for line in text if line.startswith("cascade"))
    tall = "foundations: -- -- -- --\n" + "cascade: " + cards + "\n" + "cascade:\n" * 7 + "freecells: -- -- -- --\n"
    state = GameState.parse(tall)
    with pytest.raises(InvalidValueError):
        fc_core.encode_observation(state)
    with pytest.raises(WrongTypeError):
        fc_core.encode_observation(1)  # type: ignore[arg-type]
