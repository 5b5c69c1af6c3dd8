"""Yahtzee benchmarks: the full solve, a decision query, batch simulation and the
objectives beyond the mean (exact distributions, every target, heads-up), each beside
its baseline in the same group — the peer engine yatzy-solver (the fastest exact solver on
PyPI, same rules: ``american+forced-joker``) when installed, and pure Python where a Python
version is feasible.

    PYTHONPATH=src python -m pytest benchmarks/bench_yahtzee.py            # real run
    PYTHONPATH=src python -m pytest benchmarks/bench_yahtzee.py --benchmark-disable

With ``--benchmark-disable`` (as CI runs it) the peer's multi-second solve is skipped unless
PARLOUR_BENCH_FULL=1, so the file finishes in a few seconds.
"""

from __future__ import annotations

import itertools
import os
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from parlour.yahtzee import (
    NUM_VALID_STATES,
    Categories,
    Category,
    Dice,
    HeadsUpSolver,
    OptimalBot,
    ScoreDistribution,
    Solver,
    State,
    ThresholdSolver,
    simulate,
    win_probability,
)

FULL = os.environ.get("PARLOUR_BENCH_FULL") == "1"
PEER_VARIANT = "american+forced-joker"  # the default rules here: official rules, forced joker
EXPECTED = 254.5877287345
SIM_GAMES = 2000


def _peer_allowed(benchmark: Any) -> None:
    if getattr(benchmark, "disabled", False) and not FULL:
        pytest.skip("the peer's solve takes seconds: run with benchmarks enabled or PARLOUR_BENCH_FULL=1")


@pytest.fixture(scope="module")
def solver() -> Solver:
    s = Solver()
    s.solve()
    return s


@pytest.fixture(scope="module")
def peer() -> Any:
    ys = pytest.importorskip("yatzy_solver")
    return ys


_PEER_SOLVER: dict[str, Any] = {}


def _peer_solver(ys: Any) -> Any:
    if "s" not in _PEER_SOLVER:
        _PEER_SOLVER["s"] = ys.Solver.build(ys.Variant(PEER_VARIANT))
    return _PEER_SOLVER["s"]


# ---------------------------------------------------------------- full solve


@pytest.mark.benchmark(group="yahtzee-solve")
def test_solve_parlour(benchmark: Any) -> None:
    def run() -> Solver:
        s = Solver()
        s.solve()
        return s

    s = benchmark.pedantic(run, rounds=5, iterations=1, warmup_rounds=1)
    assert s.value(State.START) == pytest.approx(EXPECTED, abs=1e-9)
    assert s.table_bytes <= 8 * 1024 * 1024
    benchmark.extra_info.update(
        states=NUM_VALID_STATES, table_mb=s.table_bytes / 1e6, threads="all (2 here)", value=s.value(State.START)
    )


@pytest.mark.benchmark(group="yahtzee-solve")
def test_solve_parlour_one_thread(benchmark: Any) -> None:
    def run() -> Solver:
        s = Solver()
        s.solve(threads=1)
        return s

    s = benchmark.pedantic(run, rounds=3, iterations=1)
    assert s.value(State.START) == pytest.approx(EXPECTED, abs=1e-9)
    benchmark.extra_info.update(threads=1)


@pytest.mark.benchmark(group="yahtzee-solve")
def test_solve_peer_yatzy_solver(benchmark: Any, peer: Any) -> None:
    _peer_allowed(benchmark)
    s = benchmark.pedantic(lambda: peer.Solver.build(peer.Variant(PEER_VARIANT)), rounds=2, iterations=1)
    _PEER_SOLVER["s"] = s
    assert s.state_value("upper 0 | filled -") == pytest.approx(EXPECTED, abs=1e-9)
    benchmark.extra_info.update(peer=f"yatzy-solver {peer.__version__}", variant=PEER_VARIANT, threads="all")


# ---------------------------------------------------------------- decision queries

_PEER_NAMES = [
    "ones",
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "three_of_a_kind",
    "four_of_a_kind",
    "full_house",
    "small_straight",
    "large_straight",
    "five_of_a_kind",
    "chance",
]


def _queries(n: int = 997) -> list[tuple[State, Dice]]:
    """Varied (state, dice) pairs, so every query computes a fresh turn (no cache hits)."""
    rng = random.Random(2024)
    out = []
    dice = Dice.all()
    while len(out) < n:
        bits = rng.randrange(0x1FFF) & ~(1 << 11)  # Yahtzee box open: the peer's notation needs no flag
        found = State.from_index(bits | rng.randrange(64) << 13)  # None for a subtotal those boxes cannot hold
        if found is not None:
            out.append((found, dice[rng.randrange(252)]))
    return out


def _peer_situation(s: State, d: Dice, rolls: int) -> str:
    filled = ",".join(_PEER_NAMES[c.value] for c in s.scored) or "-"
    return f"dice {' '.join(map(str, d.faces))} | rolls {rolls} | upper {s.upper} | filled {filled}"


@pytest.mark.benchmark(group="yahtzee-query")
def test_query_parlour_best_action(benchmark: Any, solver: Solver) -> None:
    qs: Iterator[tuple[State, Dice]] = itertools.cycle(_queries())

    def one() -> object:
        s, d = next(qs)
        return solver.best_action(s, d, 2)

    benchmark(one)
    benchmark.extra_info.update(rolls_left=2, note="a fresh state each call: one full turn computed")


@pytest.mark.benchmark(group="yahtzee-query")
def test_query_parlour_best_category(benchmark: Any, solver: Solver) -> None:
    qs = itertools.cycle(_queries())

    def one() -> object:
        s, d = next(qs)
        return solver.best_category(s, d)

    benchmark(one)
    benchmark.extra_info.update(rolls_left=0)


@pytest.mark.benchmark(group="yahtzee-query")
def test_query_python_best_box_from_the_table(benchmark: Any, solver: Solver) -> None:
    """Pure Python: the best box with no roll left, from the solved values array."""
    values = solver.values
    qs = itertools.cycle(_queries())
    scores = {(d.index, c.value): d.score(c) for d in Dice.all() for c in Category}

    def one() -> int:
        s, d = next(qs)
        best, best_c = -1.0, -1
        for c in range(13):
            if s.scored.bits >> c & 1:
                continue
            v = scores[(d.index, c)]
            u = s.upper
            reward = v
            if c < 6:
                nu = min(63, u + v)
                reward += 35 if u < 63 <= nu else 0
                u = nu
            nxt = (s.scored.bits | 1 << c) | u << 13
            x = reward + values[nxt]
            if x > best:
                best, best_c = x, c
        return best_c

    benchmark(one)
    benchmark.extra_info.update(rolls_left=0, note="no joker cases (Yahtzee box open)")


@pytest.mark.benchmark(group="yahtzee-query")
def test_query_peer_best_action(benchmark: Any, peer: Any) -> None:
    _peer_allowed(benchmark)
    ps = _peer_solver(peer)
    sits = itertools.cycle([_peer_situation(s, d, 2) for s, d in _queries()])
    benchmark(lambda: ps.best_action(next(sits)))
    benchmark.extra_info.update(peer=f"yatzy-solver {peer.__version__}", rolls_left=2)


# ---------------------------------------------------------------- simulation


@pytest.mark.benchmark(group="yahtzee-simulate")
def test_simulate_parlour(benchmark: Any, solver: Solver) -> None:
    bot = OptimalBot(solver)
    scores = benchmark.pedantic(lambda: simulate(SIM_GAMES, bot, seed=1), rounds=3, iterations=1)
    assert len(scores) == SIM_GAMES and abs(float(np.mean(scores)) - EXPECTED) < 10
    benchmark.extra_info.update(games=SIM_GAMES, mean=float(np.mean(scores)))


@pytest.mark.benchmark(group="yahtzee-simulate")
def test_simulate_peer_yatzy_solver(benchmark: Any, peer: Any) -> None:
    _peer_allowed(benchmark)
    ps = _peer_solver(peer)
    res = benchmark.pedantic(lambda: ps.simulate(SIM_GAMES, seed=1), rounds=3, iterations=1)
    assert abs(res["mean"] - EXPECTED) < 10
    benchmark.extra_info.update(games=SIM_GAMES, mean=res["mean"], peer=f"yatzy-solver {peer.__version__}")


# ---------------------------------------------------------------- beyond the mean

GLENN_MEAN, GLENN_SD = 254.59, 59.61  # Glenn (2006), "An optimal strategy for Yahtzee": ~24 h of computation


def _heavy(benchmark: Any) -> None:
    if getattr(benchmark, "disabled", False) and not FULL:
        pytest.skip("seconds to minutes of computation: run with benchmarks enabled or PARLOUR_BENCH_FULL=1")
    if hasattr(os, "getloadavg"):  # the machine is shared: the load beside each figure
        benchmark.extra_info["load_average_before"] = os.getloadavg()


def _peak_mb(setup: str, call: str) -> float | None:
    """The peak resident memory (MB) that `call` adds after `setup`, in a fresh interpreter
    (None where /proc is missing)."""
    if not os.path.exists("/proc/self/status"):
        return None
    # VmHWM (the peak of this process image), not ru_maxrss, which keeps the parent's peak across exec.
    hwm = "int([l for l in open('/proc/self/status') if l.startswith('VmHWM')][0].split()[1])"
    code = f"{setup}\nbefore = {hwm}\n{call}\nprint(({hwm} - before) / 1024)\n"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    return float(out.stdout.split()[-1])


@pytest.mark.benchmark(group="yahtzee-distribution")
def test_distribution_exact(benchmark: Any, solver: Solver) -> None:
    """The exact distribution of the optimal strategy's final score from the empty card."""
    _heavy(benchmark)
    d = benchmark.pedantic(lambda: solver.distribution(), rounds=3, iterations=1)
    assert d.exact and abs(d.mean - EXPECTED) < 1e-9
    assert round(d.mean, 2) == GLENN_MEAN and round(d.sd, 2) == GLENN_SD
    peak = _peak_mb("from parlour.yahtzee import Solver\ns = Solver()\ns.solve()", "s.distribution()")
    cpu = time.process_time()
    solver.distribution()
    benchmark.extra_info.update(
        mean=d.mean,
        sd=d.sd,
        glenn_mean=GLENN_MEAN,
        glenn_sd=GLENN_SD,
        min=d.min,
        max=d.max,
        median=d.quantile(0.5),
        threads="all (2 here)",
        peak_memory_mb=peak,
        cpu_seconds=time.process_time() - cpu,
    )


@pytest.mark.benchmark(group="yahtzee-distribution")
def test_distribution_exact_one_thread(benchmark: Any, solver: Solver) -> None:
    _heavy(benchmark)
    d = benchmark.pedantic(lambda: solver.distribution(threads=1), rounds=2, iterations=1)
    assert abs(d.mean - EXPECTED) < 1e-9
    benchmark.extra_info.update(threads=1)


@pytest.mark.benchmark(group="yahtzee-distribution")
def test_distribution_by_simulation_baseline(benchmark: Any, solver: Solver) -> None:
    """The baseline: estimating the same distribution from 100,000 simulated games (C++)."""
    _heavy(benchmark)
    bot = OptimalBot(solver)
    d = benchmark.pedantic(
        lambda: ScoreDistribution.from_scores(simulate(100_000, bot, seed=1)), rounds=3, iterations=1
    )
    lo, hi = d.mean_ci()
    benchmark.extra_info.update(games=100_000, mean=d.mean, mean_ci=(lo, hi), sd=d.sd)


# ---------------------------------------------------------------- reaching a target, beating an opponent

HOLDERIED = "Holderied's solver: 5-20 h of precomputation and 1.6 GB for its threshold and heads-up modes"


def _reference() -> Any:
    """The tests' brute-force reference (plain Python and NumPy) for small restricted games."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if root not in sys.path:
        sys.path.insert(0, root)
    import tests.yahtzee.objectives_reference as oref

    return oref


# A restricted game for the side-by-side with the brute force: three open boxes.
SMALL = State(~Categories([Category.SIXES, Category.YAHTZEE, Category.CHANCE]), 40, False)
SMALL_RULES = {"joker": "forced", "yahtzee_bonus": True, "upper_bonus": True}


@pytest.mark.benchmark(group="yahtzee-threshold-small")
def test_threshold_small_game_parlour(benchmark: Any) -> None:
    def run() -> np.ndarray:
        return ThresholdSolver(max_target=300).probabilities(SMALL)

    p = benchmark(run)
    assert p[0] == 1.0
    benchmark.extra_info.update(game="sixes, yahtzee, chance open; upper 40", targets="0..300")


@pytest.mark.benchmark(group="yahtzee-threshold-small")
def test_threshold_small_game_brute_force(benchmark: Any) -> None:
    oref = _reference()
    p = benchmark.pedantic(
        lambda: oref.threshold((SMALL.scored.bits, SMALL.upper, SMALL.yahtzee_50), 300, SMALL_RULES),
        rounds=2,
        iterations=1,
    )
    assert np.allclose(p, ThresholdSolver(max_target=300).probabilities(SMALL), atol=1e-13)
    benchmark.extra_info.update(reference="tests/yahtzee/objectives_reference.py (plain Python + NumPy)")


@pytest.mark.benchmark(group="yahtzee-threshold")
def test_threshold_all_targets_every_state(benchmark: Any, solver: Solver) -> None:
    """P(final >= T) for every target 0..400 from every state: one table."""
    _heavy(benchmark)

    def run() -> ThresholdSolver:
        t = ThresholdSolver(max_target=400)
        t.solve()
        return t

    cpu = time.process_time()
    t = benchmark.pedantic(run, rounds=1, iterations=1)
    cpu = time.process_time() - cpu
    p = t.probabilities(State.START)
    d = solver.distribution()
    targets = (200, 250, 300, 350, 400)
    assert p[0] == 1.0 and all(p[x] >= d.sf(x) - 1e-12 for x in range(401))
    peak = _peak_mb("from parlour.yahtzee import ThresholdSolver\nt = ThresholdSolver(max_target=400)", "t.solve()")
    benchmark.extra_info.update(
        threads="all (2 here)",
        cpu_seconds=cpu,
        table_mb=t.table_bytes / 1e6,
        rows=t.rows,
        peak_memory_mb=peak,
        threshold_strategy={x: float(p[x]) for x in targets},
        expected_score_strategy={x: d.sf(x) for x in targets},
        baseline=HOLDERIED,
    )


@pytest.mark.benchmark(group="yahtzee-threshold")
def test_threshold_all_targets_every_state_one_thread(benchmark: Any) -> None:
    _heavy(benchmark)

    def run() -> ThresholdSolver:
        t = ThresholdSolver(max_target=400)
        t.solve(threads=1)
        return t

    cpu = time.process_time()
    t = benchmark.pedantic(run, rounds=1, iterations=1)
    benchmark.extra_info.update(threads=1, cpu_seconds=time.process_time() - cpu, table_mb=t.table_bytes / 1e6)


@pytest.mark.benchmark(group="yahtzee-heads-up")
def test_heads_up_against_the_optimal_strategy(benchmark: Any, solver: Solver) -> None:
    """The strategy that maximises P(beat an opponent who plays the expected-score strategy
    unseen), from every state; with the bounds on the best reply when the opponent's card
    is in view."""
    _heavy(benchmark)
    theirs = solver.distribution()

    def run() -> HeadsUpSolver:
        h = HeadsUpSolver(theirs)
        h.solve()
        return h

    cpu = time.process_time()
    h = benchmark.pedantic(run, rounds=1, iterations=1)
    cpu = time.process_time() - cpu
    heads_up = h.win_probability(State.START, 0)
    plain = win_probability(theirs, theirs)
    table_mb = h.table_bytes / 1e6
    del h
    # The clairvoyant bound: knowing the opponent's final score y in advance, reach y + 1
    # (a threshold of at most 400 here; beyond it, P(reach 400) bounds P(reach y + 1)).
    t = ThresholdSolver(max_target=400)
    t.solve()
    reach = t.probabilities(State.START)
    q = theirs.pmf
    clairvoyant = float(sum(q[y] * reach[min(y + 1, 400)] for y in range(len(q))))
    assert plain < heads_up <= clairvoyant
    peak = _peak_mb(
        "from parlour.yahtzee import Solver, HeadsUpSolver\ns = Solver()\ns.solve()\nd = s.distribution()",
        "HeadsUpSolver(d).solve()",
    )
    benchmark.extra_info.update(
        threads="all (2 here)",
        cpu_seconds=cpu,
        table_mb=table_mb,
        peak_memory_mb=peak,
        win_expected_score_vs_itself=plain,
        win_heads_up_open_loop=heads_up,
        best_reply_upper_bound=clairvoyant,
        ties=float(np.dot(q, q)),
        baseline=HOLDERIED,
    )


def _ending(bot: Any, mine: State, theirs: State, my_points: int, their_points: int, solver: Solver, rng: Any) -> float:
    """One two-player ending, we play first each round (``bot.choose(state, points, their
    state, their points, dice, rolls_left)``), the opponent plays the expected-score
    strategy; 1 for a win, 0.5 for a tie, 0 for a loss."""
    from parlour.yahtzee import Keep, Reroll
    from parlour.yahtzee.objectives import _roll

    def turn(state: State, choose: Any) -> tuple[State, int]:
        dice = _roll(rng, Keep())
        for rolls_left in (2, 1, 0):
            action = choose(state, dice, rolls_left)
            if isinstance(action, Reroll):
                dice = _roll(rng, action.keep)
                continue
            delta = state.apply(action.category, dice, solver.rules)
            return delta.next, delta.reward
        raise AssertionError("no box written")

    while not mine.is_full:
        mine, r = turn(mine, lambda s, d, k, p=my_points, t=theirs, tp=their_points: bot.choose(s, p, t, tp, d, k))
        my_points += r
        theirs, r = turn(theirs, solver.best_action)
        their_points += r
    return 1.0 if my_points > their_points else 0.5 if my_points == their_points else 0.0


class _OpenLoop:
    """The heads-up strategy solved once at the start (never looks at the opponent again)."""

    def __init__(self, table: HeadsUpSolver) -> None:
        self.table = table

    def choose(self, state: State, points: int, _s: State, _p: int, dice: Dice, rolls_left: int) -> Any:
        return self.table.best_action(state, points, dice, rolls_left)


@pytest.mark.benchmark(group="yahtzee-best-reply")
def test_best_reply_in_two_player_endings(benchmark: Any, solver: Solver) -> None:
    """Both cards in view, four boxes left each, the opponent 12 points up and playing the
    expected-score strategy: the exact win probabilities of the expected-score and
    open-loop heads-up strategies and the clairvoyant bound, beside BestReplyBot's
    simulated rate (same dice seeds for the simulated strategies)."""
    _heavy(benchmark)
    from parlour.cards import Rng
    from parlour.yahtzee import BestReplyBot

    open_ = [Category.THREES, Category.SIXES, Category.FULL_HOUSE, Category.CHANCE]
    mine = State(~Categories(open_), 45, False)
    theirs = State(~Categories(open_), 45, False)
    mp, tp = 150, 162
    q = solver.distribution(theirs, points=tp)
    table = HeadsUpSolver(q, tie=0.5)
    exact_open_loop = table.win_probability(mine, mp)
    exact_mean = win_probability(solver.distribution(mine, points=mp), q, tie=0.5)
    # knowing their final score y in advance: the best P(win) + P(tie) / 2 against the sure score y
    clairvoyant = float(
        sum(q.pmf[y] * HeadsUpSolver(y, tie=0.5).win_probability(mine, mp) for y in range(len(q.pmf)) if q.pmf[y] > 0)
    )
    games = 2000 if FULL or not getattr(benchmark, "disabled", False) else 50

    def run() -> dict[str, float]:
        out = {}
        for name, bot in (("best_reply", BestReplyBot(solver, tie=0.5)), ("open_loop", _OpenLoop(table))):
            res = [_ending(bot, mine, theirs, mp, tp, solver, Rng(1000 + g)) for g in range(games)]
            out[name] = float(np.mean(res))
            out[name + "_se"] = float(np.std(res) / np.sqrt(games))
        return out

    sim = benchmark.pedantic(run, rounds=1, iterations=1)
    assert exact_mean <= exact_open_loop + 1e-12 and exact_open_loop <= clairvoyant + 1e-12
    benchmark.extra_info.update(
        games=games,
        exact_expected_score_strategy=exact_mean,
        exact_open_loop_heads_up=exact_open_loop,
        clairvoyant_bound=clairvoyant,
        **sim,
    )
