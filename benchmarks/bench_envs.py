"""RL environment steps per second: each environment beside the raw engine loop it wraps.

Random play with the action mask, a fixed number of steps; the ratio between the two
rows of a group is the cost of the environment layer (observation arrays, masks,
rewards, bookkeeping).  ``extra_info["steps_per_s"]`` holds the throughput.  For gin,
OpenSpiel's ``gin_rummy`` stepped from Python joins the group when pyspiel is
installed.

    PYTHONPATH=src python -m pytest benchmarks/bench_envs.py
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

STEPS = 3000


def once(benchmark: Any, fn: Any) -> Any:
    return benchmark.pedantic(fn, rounds=3, iterations=1, warmup_rounds=1)


def _record(benchmark: Any, steps: int) -> None:
    benchmark.extra_info["steps"] = steps
    benchmark.extra_info["steps_per_s"] = round(steps / benchmark.stats.stats.min)


# ---- the two Gymnasium environments ---------------------------------------------------


def gym_env(env: Any, steps: int) -> int:
    """Random masked steps of a Gymnasium environment (reset when an episode ends)."""
    rng = np.random.default_rng(1)
    _, info = env.reset(seed=1)
    for _ in range(steps):
        _, _, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        if term or trunc:
            _, info = env.reset()
    return steps


def freecell_env(steps: int) -> int:
    from parlour.envs.freecell import FreeCellEnv

    return gym_env(FreeCellEnv(), steps)


def yahtzee_env(steps: int) -> int:
    from parlour.envs.yahtzee import YahtzeeEnv

    return gym_env(YahtzeeEnv(), steps)


# ---- the bare engine loops ----------------------------------------------------------------


def freecell_engine(steps: int) -> int:
    from parlour.freecell import Game

    rng = np.random.default_rng(1)
    deal = 1
    game = Game(deal=deal)
    for _ in range(steps):
        legal = game.legal_actions()
        if not legal or game.is_terminal:
            deal += 1
            game = Game(deal=deal)
            legal = game.legal_actions()
        game.apply(legal[int(rng.integers(len(legal)))])
    return steps


def yahtzee_engine(steps: int) -> int:
    from parlour.yahtzee import Game

    rng = np.random.default_rng(1)
    seed = 1
    game = Game(players=1, seed=seed)
    for _ in range(steps):
        if game.is_terminal:
            seed += 1
            game = Game(players=1, seed=seed)
        legal = game.legal_actions()
        game.apply(legal[int(rng.integers(len(legal)))])
    return steps


# ---- gin rummy --------------------------------------------------------------------------


def gin_env(steps: int) -> int:
    from parlour.envs.gin import GinEnv

    rng = np.random.default_rng(1)
    env = GinEnv()
    env.reset(seed=1)
    done = 0
    while done < steps:
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            if not env.agents:
                env.reset()
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        done += 1
    return steps


def gin_engine(steps: int) -> int:
    from parlour.gin import Player, Round, Rules

    rng = np.random.default_rng(1)
    rules = Rules()
    seed = 1
    r = Round.deal(rules, Player.ONE, seed)
    for _ in range(steps):
        if r.is_terminal:
            seed += 1
            r = Round.deal(rules, Player.ONE, seed)
        player = r.current_player
        assert player is not None
        r.observation(player)  # what an agent would look at
        legal = r.legal_action_ids()
        r.apply(legal[int(rng.integers(len(legal)))])
    return steps


def gin_openspiel(steps: int) -> int:
    import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]

    rng = np.random.default_rng(1)
    game = pyspiel.load_game("gin_rummy")
    s = game.new_initial_state()
    done = 0
    while done < steps:
        if s.is_terminal():
            s = game.new_initial_state()
        if s.is_chance_node():
            outcomes = s.chance_outcomes()
            s.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
            continue
        s.observation_tensor(s.current_player())
        legal = s.legal_actions()
        s.apply_action(legal[int(rng.integers(len(legal)))])
        done += 1
    return steps


CASES = {
    ("freecell", "env"): freecell_env,
    ("freecell", "engine"): freecell_engine,
    ("yahtzee", "env"): yahtzee_env,
    ("yahtzee", "engine"): yahtzee_engine,
    ("gin", "env"): gin_env,
    ("gin", "engine"): gin_engine,
    ("gin", "openspiel"): gin_openspiel,
}


@pytest.mark.parametrize(("game", "impl"), list(CASES))
def test_steps(benchmark: Any, game: str, impl: str) -> None:
    pytest.importorskip("gymnasium")
    pytest.importorskip("pettingzoo")
    if impl == "openspiel":
        pytest.importorskip("pyspiel")
    benchmark.group = f"env-steps-{game}"
    fn = CASES[(game, impl)]
    assert once(benchmark, lambda: fn(STEPS)) == STEPS
    if benchmark.enabled:
        _record(benchmark, STEPS)
