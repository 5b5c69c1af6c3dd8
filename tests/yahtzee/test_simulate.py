"""simulate: the optimal bot's mean agrees with the solver's value, results depend only on
the seed given, and the heuristic bot is clearly worse."""

from __future__ import annotations

import math

import numpy as np
import pytest

from parlour.errors import InvalidValueError
from parlour.yahtzee import Game, HeuristicBot, OptimalBot, Solver, State, simulate


def test_optimal_mean_within_its_confidence_interval(solver: Solver) -> None:
    scores = simulate(20000, OptimalBot(solver), seed=12345)
    assert scores.dtype == np.int32 and scores.shape == (20000,)
    mean = float(scores.mean())
    se = float(scores.std(ddof=1)) / math.sqrt(len(scores))
    assert abs(mean - solver.value(State.START)) < 4 * se
    assert 40 < scores.std() < 75 and scores.min() >= 0


def test_same_seed_same_scores_for_any_thread_count(solver: Solver) -> None:
    bot = OptimalBot(solver)
    a = simulate(500, bot, seed=3, threads=1)
    b = simulate(500, bot, seed=3, threads=2)
    assert np.array_equal(a, b)
    assert not np.array_equal(a, simulate(500, bot, seed=4))


def test_heuristic_is_worse_but_sane(solver: Solver) -> None:
    h = simulate(3000, HeuristicBot(), seed=5)
    o = simulate(3000, OptimalBot(solver), seed=5)
    assert 150 < h.mean() < o.mean() - 10


def test_simulate_matches_games_played_move_by_move(solver: Solver) -> None:
    """The C++ batch and a Game driven through Python with the same bot agree on average."""
    bot = OptimalBot(solver)
    total = 0
    for seed in range(40):
        g = Game(seed=seed)
        while not g.is_terminal:
            g.apply(bot.act(g.observation(g.current_player)))
        total += g.returns()[0]
    assert abs(total / 40 - 254.59) < 3 * 60 / math.sqrt(40)


def test_bad_arguments(solver: Solver) -> None:
    with pytest.raises(InvalidValueError):
        simulate(-1, OptimalBot(solver))
    assert simulate(0, HeuristicBot()).shape == (0,)


def _splitmix64(x: int) -> int:
    """The reference SplitMix64 step (Vigna): the output for state x (x is advanced first)."""
    m = (1 << 64) - 1
    z = (x + 0x9E3779B97F4A7C15) & m
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & m
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & m
    return z ^ (z >> 31)


@pytest.mark.parametrize("bot_kind", ["optimal", "heuristic"])
def test_each_simulated_game_equals_the_same_game_played_through_game(solver: Solver, bot_kind: str) -> None:
    """Game i of simulate(n, bot, seed) draws from Rng(splitmix64(base + i)) with base the first
    draw of Rng(seed); the same dice through Game and bot.act give exactly the same scores."""
    from parlour.cards import Rng

    bot = OptimalBot(solver) if bot_kind == "optimal" else HeuristicBot()
    seed = 77
    scores = simulate(30, bot, seed=seed)
    base = Rng(seed).next_u64()
    for i in range(30):
        g = Game(seed=_splitmix64((base + i) & ((1 << 64) - 1)))
        while not g.is_terminal:
            g.apply(bot.act(g.observation(g.current_player)))
        assert g.returns()[0] == scores[i], i
