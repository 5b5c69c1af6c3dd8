"""FreeCell benchmarks: parlour's solver beside Freecell Solver (fc-solve) and a pure-Python reference.

Groups (ours and the baseline side by side):

* ``freecell-movegen``: legal single-card moves of many positions, engine vs a
  pure-Python generator written here.
* ``freecell-fast``: solve MS deals 1..N (N=100; 32000 with PARLOUR_BENCH_FULL=1),
  ours (fast mode, one thread) vs ``freecell-solver-range-parallel-solve 1 N 1 -l lg``
  (fc-solve's fastest preset, in-process batch, one core).
* ``freecell-short``: deals 1..M (M=10; 1000 with PARLOUR_BENCH_FULL=1), ours (short
  mode) vs ``fc-solve -l ve`` run per deal; mean solution lengths in extra_info.
* ``freecell-proof``: deal 11982 proved unsolvable.
* ``freecell-prove``: the complete scan in bounded memory, ``prove`` (positions split
  by foundation heights, later splits waiting on disk) beside ``solve(mode="proof")``
  (every position in memory): the eight impossible deals below 1,000,000 (the same
  positions counted by both); with PARLOUR_BENCH_FULL=1, 20 s of each on deal
  2901685480 (positions a second and bytes held a position); with
  PARLOUR_BENCH_HARD=1, the whole proof of 2901685480 under 16 GiB (about 14 minutes,
  4 GB, 331 million positions on this project's 2-core machine).
* ``freecell-memory``: bytes held per stored position, by the fast store (no memory
  limit: the scans move to the compact store only past 2^18 positions) and by the
  compact store (a 40 MB limit moves them after ~5,000), on the proof of deal 517776.

Peers are skipped when fc-solve (Debian ``freecell-solver-bin``) is not installed.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

from parlour._core import freecell as _fc
from parlour.freecell import GameState, Solution, Unsolvable, Verdict, prove, solve, solve_deals

FULL = os.environ.get("PARLOUR_BENCH_FULL") == "1"
HARD = os.environ.get("PARLOUR_BENCH_HARD") == "1"
N_FAST = 32000 if FULL else 100
N_SHORT = 1000 if FULL else 10

RANGE_SOLVE = shutil.which("freecell-solver-range-parallel-solve")
FC_SOLVE = shutil.which("fc-solve")
MAKE_BOARD = shutil.which("make-microsoft-freecell-board")


def once(benchmark: Any, fn: Any) -> Any:
    return benchmark.pedantic(fn, rounds=1, iterations=1, warmup_rounds=0)


# ---------------------------------------------------------------- move generation


def _py_moves(g: GameState) -> int:
    """A plain-Python single-move generator (the reference of tests/freecell/test_moves.py)."""
    cols = [[(c.rank, int(c.suit)) for c in col] for col in g.cascades]
    cells = [None if c is None else (c.rank, int(c.suit)) for c in g.freecells]
    home = list(g.foundations.heights)
    first_cell = next((i for i, c in enumerate(cells) if c is None), None)
    n = 0
    srcs = [(col[-1], len(col), i) for i, col in enumerate(cols) if col] + [(c, 0, -1) for c in cells if c]
    for c, size, idx in srcs:
        if home[c[1]] + 1 == c[0]:
            n += 1
        for j, col in enumerate(cols):
            if j == idx:
                continue
            if (not col and size != 1) or (col and col[-1][0] == c[0] + 1 and (col[-1][1] >= 2) != (c[1] >= 2)):
                n += 1
        if size and first_cell is not None:
            n += 1
    return n


POSITIONS = [GameState.from_ms_deal(n) for n in range(1, 201)]


@pytest.mark.benchmark(group="freecell-movegen")
def test_movegen_engine(benchmark: Any) -> None:
    total = benchmark(lambda: sum(len(g.legal_move_list()) for g in POSITIONS))
    assert total == sum(_py_moves(g) for g in POSITIONS)
    benchmark.extra_info["positions"] = len(POSITIONS)


@pytest.mark.benchmark(group="freecell-movegen")
def test_movegen_python_reference(benchmark: Any) -> None:
    total = benchmark(lambda: sum(_py_moves(g) for g in POSITIONS))
    assert total > 0


# ---------------------------------------------------------------- fast mode vs fc-solve -l lg


@pytest.mark.benchmark(group="freecell-fast")
def test_fast_parlour(benchmark: Any) -> None:
    results = once(benchmark, lambda: solve_deals(range(1, N_FAST + 1), jobs=1))
    solved = [r for r in results if isinstance(r, Solution)]
    unsolvable = [n for n, r in enumerate(results, 1) if isinstance(r, Unsolvable)]
    benchmark.extra_info.update(
        deals=N_FAST,
        solved=len(solved),
        proved_unsolvable=unsolvable,
        mean_moves=round(sum(len(r) for r in solved) / len(solved), 2),
        ms_per_deal=round(1000 * sum(r.seconds for r in results) / N_FAST, 3),
    )
    assert len(solved) + len(unsolvable) == N_FAST


@pytest.mark.benchmark(group="freecell-fast")
def test_fast_fcsolve_lg(benchmark: Any) -> None:
    if RANGE_SOLVE is None:
        pytest.skip("freecell-solver-bin is not installed")
    cmd = [RANGE_SOLVE, "1", str(N_FAST), "1", "-l", "lg"]
    out = once(benchmark, lambda: subprocess.run(cmd, capture_output=True, text=True, check=True).stdout)
    unsolved = len(re.findall(r"Unsolved Board", out))
    benchmark.extra_info.update(deals=N_FAST, unsolved=unsolved)
    assert f"Reached Board No. {N_FAST}" in out


def _children_cpu() -> float:
    """CPU seconds of the finished child processes (fc-solve; a Unix benchmark)."""
    import resource

    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


@pytest.mark.benchmark(group="freecell-fast-ratio")
def test_fast_ratio_to_fcsolve(benchmark: Any) -> None:
    """Both solvers back to back in one test, in CPU time; extra_info holds parlour's time as a ratio of fc-solve's.

    CPU time (fc-solve's process from ``RUSAGE_CHILDREN``, parlour's from
    ``time.process_time``), not wall time: the figure holds on a loaded machine.  Each
    side runs twice, alternating, and keeps its lower time; parlour's mean solution
    length is in extra_info too.
    """
    if RANGE_SOLVE is None:
        pytest.skip("freecell-solver-bin is not installed")
    cmd = [RANGE_SOLVE, "1", str(N_FAST), "1", "-l", "lg"]
    moves: list[float] = []

    def both() -> tuple[float, float]:
        fcs, ours = [], []
        for _ in range(2):
            c0 = _children_cpu()
            subprocess.run(cmd, capture_output=True, text=True, check=True)
            fcs.append(_children_cpu() - c0)
            t0 = time.process_time()
            results = solve_deals(range(1, N_FAST + 1), jobs=1)
            ours.append(time.process_time() - t0)
            solved = [r for r in results if isinstance(r, Solution)]
            assert len(solved) + sum(1 for r in results if isinstance(r, Unsolvable)) == N_FAST
            moves.append(sum(len(r) for r in solved) / len(solved))
        return min(fcs), min(ours)

    fcs, ours = once(benchmark, both)
    benchmark.extra_info.update(
        deals=N_FAST,
        fcsolve_cpu_s=round(fcs, 3),
        parlour_cpu_s=round(ours, 3),
        parlour_over_fcsolve=round(ours / fcs, 3),
        mean_moves=round(moves[0], 2),
    )


# ---------------------------------------------------------------- short mode vs fc-solve -l ve


def _fcsolve_moves(deal: int, preset: str) -> int:
    assert MAKE_BOARD is not None and FC_SOLVE is not None
    board = subprocess.run([MAKE_BOARD, "-t", str(deal)], capture_output=True, text=True, check=True).stdout
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(board)
    try:
        out = subprocess.run(
            [FC_SOLVE, "-l", preset, "-p", "-t", "-sam", "-sel", f.name], capture_output=True, text=True, check=True
        ).stdout
    finally:
        Path(f.name).unlink()
    return sum(1 for line in out.splitlines() if line.startswith("Move"))


@pytest.mark.benchmark(group="freecell-short")
def test_short_parlour(benchmark: Any) -> None:
    results = once(benchmark, lambda: solve_deals(range(1, N_SHORT + 1), mode="short", jobs=1))
    solved = [r for r in results if isinstance(r, Solution)]
    benchmark.extra_info.update(
        deals=N_SHORT,
        solved=len(solved),
        mean_moves=round(sum(len(r) for r in solved) / len(solved), 2),
        ms_per_deal=round(1000 * sum(r.seconds for r in results) / N_SHORT, 3),
    )
    assert len(solved) == N_SHORT


@pytest.mark.benchmark(group="freecell-short")
def test_short_fcsolve_ve(benchmark: Any) -> None:
    if FC_SOLVE is None or MAKE_BOARD is None:
        pytest.skip("freecell-solver-bin is not installed")
    t0 = time.perf_counter()
    moves = once(benchmark, lambda: [_fcsolve_moves(n, "ve") for n in range(1, N_SHORT + 1)])
    benchmark.extra_info.update(
        deals=N_SHORT,
        mean_moves=round(sum(moves) / len(moves), 2),
        ms_per_deal=round(1000 * (time.perf_counter() - t0) / N_SHORT, 3),
    )


# ---------------------------------------------------------------- proofs


@pytest.mark.benchmark(group="freecell-proof")
def test_proof_11982(benchmark: Any) -> None:
    result = once(benchmark, lambda: solve(11982))
    assert isinstance(result, Unsolvable)
    benchmark.extra_info["states"] = result.states


@pytest.mark.skipif(not FULL, reason="the other seven proofs run with PARLOUR_BENCH_FULL=1")
@pytest.mark.parametrize("deal", [146692, 186216, 455889, 495505, 512118, 517776, 781948])
@pytest.mark.benchmark(group="freecell-proof")
def test_proof_others(benchmark: Any, deal: int) -> None:
    result = once(benchmark, lambda: solve(deal))
    assert isinstance(result, Unsolvable)
    benchmark.extra_info["states"] = result.states


# ---------------------------------------------------------------- proofs in bounded memory

IMPOSSIBLE = [11982, 146692, 186216, 455889, 495505, 512118, 517776, 781948]


@pytest.mark.parametrize("how", ["prove", "solve-proof"])
@pytest.mark.benchmark(group="freecell-prove")
def test_prove_small(benchmark: Any, how: str, tmp_path: Path) -> None:
    def run() -> list[int]:
        counts = []
        for n, deal in enumerate(IMPOSSIBLE):
            if how == "prove":
                # No fast solve first: the layers do the whole proof.
                raw = _fc.prove(GameState.from_ms_deal(deal), os.fspath(tmp_path / str(n)), quick_states=0)
                assert raw.verdict == Verdict.UNSOLVABLE
                counts.append(raw.states)
            else:
                result = solve(deal, mode="proof")
                assert isinstance(result, Unsolvable)
                counts.append(result.states)
        return counts

    counts = once(benchmark, run)
    # Both scans visit exactly the same positions.
    assert counts == [solve(deal, mode="proof").states for deal in IMPOSSIBLE]
    benchmark.extra_info.update(deals=IMPOSSIBLE, states=sum(counts))


@pytest.mark.skipif(not FULL, reason="20 s of each scan on a hard deal runs with PARLOUR_BENCH_FULL=1")
@pytest.mark.parametrize("how", ["prove", "solve-proof"])
@pytest.mark.benchmark(group="freecell-prove")
def test_prove_rate_hard_deal(benchmark: Any, how: str, tmp_path: Path) -> None:
    def run() -> Any:
        if how == "prove":
            return _fc.prove(
                GameState.from_ms_deal(2901685480),
                os.fspath(tmp_path),
                time_limit=20.0,
                memory_limit=16 * 2**30,
                quick_states=0,
            )
        return _fc.search(GameState.from_ms_deal(2901685480), "proof", None, 20.0, 16 * 2**30)

    result = once(benchmark, run)
    assert result.verdict == Verdict.UNKNOWN and result.states > 1_000_000
    benchmark.extra_info.update(
        states=result.states,
        positions_per_second=round(result.states / result.seconds),
        bytes_per_position=round(result.memory / result.states, 1),
    )


@pytest.mark.skipif(not HARD, reason="a whole hard proof (~14 min, 4 GB) runs with PARLOUR_BENCH_HARD=1")
@pytest.mark.benchmark(group="freecell-prove")
def test_prove_hard_deal(benchmark: Any, tmp_path: Path) -> None:
    result = once(benchmark, lambda: prove(2901685480, tmp_path, memory_limit=16 * 2**30))
    assert isinstance(result, Unsolvable), result
    benchmark.extra_info.update(states=result.states, positions_per_second=round(result.states / result.seconds))


# ---------------------------------------------------------------- memory per position


@pytest.mark.parametrize("store,limit", [("fast", None), ("compact", 40_000_000)])
@pytest.mark.benchmark(group="freecell-memory")
def test_proof_memory(benchmark: Any, store: str, limit: int | None) -> None:
    result = once(benchmark, lambda: _fc.search(GameState.from_ms_deal(517776), "fast", None, None, limit))
    assert result.verdict == Verdict.UNSOLVABLE
    benchmark.extra_info.update(
        store=store,
        states=result.states,
        memory=result.memory,
        bytes_per_position=round(result.memory / result.states, 1),
    )
