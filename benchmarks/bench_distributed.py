"""Deal surveys beyond one thread: the survey pipeline, and Ray and Dask against plain threads.

As a script (the figures in docs/distributed.md)::

    python benchmarks/bench_distributed.py survey --last 1000000 --jobs 2
    python benchmarks/bench_distributed.py executors --last 100000

``survey`` runs ``solve_deals(range(1, LAST + 1), jobs=JOBS, out=DIR)`` — what
``parlour freecell survey 1 LAST --jobs JOBS --out DIR`` does — and reports wall time,
CPU time, deals/s, the impossible deals found (checked against the list FreeCell Pro's
exhaustive run published for deals up to 1,000,000) and that every other deal was
solved and its solution replayed.  ``executors`` surveys the same range with
``jobs=2`` in this process, then on a local Ray cluster and a local Dask cluster of two
single-threaded workers each (started before the clock starts), in the same process,
and reports each one's wall time against ``jobs=2``.

Under pytest (group ``distributed-survey``) a short range is surveyed into a store
beside the plain in-memory ``solve_deals`` of the same deals, so the table shows what
the replay check and the Parquet writing add.
"""

from __future__ import annotations

import argparse
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

from parlour.freecell import solve_deals

#: The impossible Microsoft deals up to 1,000,000 (FreeCell Pro's exhaustive survey).
KNOWN_IMPOSSIBLE = [11982, 146692, 186216, 455889, 495505, 512118, 517776, 781948]


def _cpu() -> float:
    """CPU seconds of this process and every process under it (a local cluster's workers and
    daemons included), alive or reaped; load-independent where wall time is not."""
    self_ = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    total = self_.ru_utime + self_.ru_stime + kids.ru_utime + kids.ru_stime
    try:
        import psutil
    except ImportError:  # pragma: no cover - psutil comes with the test extra
        return total
    for p in psutil.Process().children(recursive=True):
        try:
            t = p.cpu_times()
            total += t.user + t.system
        except psutil.Error:
            pass
    return total


def survey(last: int, jobs: int, out: Path, executor: Any = None, chunk_size: int | None = None) -> dict[str, Any]:
    """Survey deals 1..last into ``out``; the figures and checks."""
    import pyarrow as pa
    import pyarrow.compute as pc

    shutil.rmtree(out, ignore_errors=True)
    c0, t0 = _cpu(), time.perf_counter()
    store = solve_deals(range(1, last + 1), jobs=jobs, out=out, executor=executor, chunk_size=chunk_size)
    wall, cpu = time.perf_counter() - t0, _cpu() - c0
    table = store.table()
    verdict = np.asarray(pc.cast(table.column("verdict"), pa.string()))
    deals = np.asarray(table.column("deal"))
    solved = verdict == "solved"
    replayed = np.asarray(table.column("replayed"))
    impossible = [int(d) for d in deals[verdict == "unsolvable"]]
    known = [d for d in KNOWN_IMPOSSIBLE if d <= last]
    return {
        "deals": last,
        "wall_s": wall,
        "cpu_s": cpu,
        "deals_per_s": last / wall,
        "solver_s": float(np.asarray(table.column("seconds")).sum()),
        "impossible": impossible,
        "impossible_as_known": impossible == known,
        "unknown": int((verdict == "unknown").sum()),
        "solved": int(solved.sum()),
        "all_others_solved_and_replayed": bool((solved | (verdict == "unsolvable")).all() and replayed[solved].all()),
        "in_order_once": bool(np.array_equal(deals, np.arange(1, last + 1))),
    }


def _print(label: str, r: dict[str, Any], base: dict[str, Any] | None = None, against: str = "") -> None:
    ratio = f" ({r['wall_s'] / base['wall_s']:.3f}x {against}; CPU {r['cpu_s'] / base['cpu_s']:.3f}x)" if base else ""
    print(
        f"{label:<12} {r['wall_s']:8.2f} s wall{ratio}, {r['cpu_s']:8.1f} s CPU (this process and all under it), "
        f"{r['deals_per_s']:9,.0f} deals/s; solver {r['solver_s']:.1f} s; impossible {r['impossible']} "
        f"(as known: {r['impossible_as_known']}), unknown {r['unknown']}, every other deal solved and replayed: "
        f"{r['all_others_solved_and_replayed']}, each deal once in order: {r['in_order_once']}",
        flush=True,
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("what", choices=("survey", "executors"))
    ap.add_argument("--last", type=int, default=None, help="deals 1..LAST (1,000,000 / 100,000)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--chunk-size", type=int, default=None)
    ap.add_argument("--skip-memory", action="store_true", help="executors: no in-memory solve_deals baseline")
    args = ap.parse_args(argv)
    tmp = Path(tempfile.mkdtemp(prefix="parlour-bench-"))
    try:
        if args.what == "survey":
            r = survey(args.last or 1_000_000, args.jobs, tmp / "survey", chunk_size=args.chunk_size)
            _print(f"jobs={args.jobs}", r)
            return 0 if r["impossible_as_known"] and r["all_others_solved_and_replayed"] else 1
        from parlour.distributed import RayExecutor, dask_executor

        last = args.last or 100_000
        mem = None
        if not args.skip_memory:
            c0, t0 = _cpu(), time.perf_counter()
            plain = solve_deals(range(1, last + 1), jobs=2)
            mem = {"wall_s": time.perf_counter() - t0, "cpu_s": _cpu() - c0}
            print(
                f"{'in memory':<12} {mem['wall_s']:8.2f} s wall, {mem['cpu_s']:8.1f} s CPU: solve_deals(jobs=2) "
                f"returning {len(plain):,} result objects (no replay check, no store)",
                flush=True,
            )
            del plain
        base = survey(last, 2, tmp / "jobs2", chunk_size=args.chunk_size)
        _print("jobs=2", base, mem, "in memory")
        t0 = time.perf_counter()
        ray_ex = RayExecutor("local", num_cpus=2)
        ray_ex.submit(int, "0").result()  # the workers are up
        print(f"(Ray local cluster up in {time.perf_counter() - t0:.1f} s)", flush=True)
        try:
            _print("Ray", survey(last, 1, tmp / "ray", executor=ray_ex, chunk_size=args.chunk_size), base, "jobs=2")
        finally:
            ray_ex.shutdown()
        t0 = time.perf_counter()
        dask_ex = dask_executor("local", n_workers=2)
        dask_ex.submit(int, "0").result()
        print(f"(Dask local cluster up in {time.perf_counter() - t0:.1f} s)", flush=True)
        try:
            _print("Dask", survey(last, 1, tmp / "dask", executor=dask_ex, chunk_size=args.chunk_size), base, "jobs=2")
        finally:
            dask_ex.shutdown()
        return 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


# ---------------------------------------------------------------- pytest-benchmark
N_PYTEST = 3000


def test_survey_into_a_store(benchmark: Any, tmp_path: Path) -> None:
    """Deals 1..N_PYTEST surveyed into a store on two threads (replay check and Parquet parts included)."""
    import pytest

    pytest.importorskip("pyarrow", reason="the result store needs pyarrow: pip install 'parlour[distributed]'")
    counter = iter(range(10**6))

    def run() -> dict[str, Any]:
        return survey(N_PYTEST, 2, tmp_path / f"s{next(counter)}", chunk_size=500)

    benchmark.group = "distributed-survey"
    r = benchmark.pedantic(run, rounds=1, iterations=1, warmup_rounds=0)
    assert r["all_others_solved_and_replayed"] and r["in_order_once"] and r["impossible"] == []
    benchmark.extra_info["deals_per_s"] = r["deals_per_s"]


def test_solve_deals_in_memory(benchmark: Any) -> None:
    """The same deals with the plain in-memory solve_deals on two threads (the baseline)."""
    benchmark.group = "distributed-survey"
    results = benchmark.pedantic(
        lambda: solve_deals(range(1, N_PYTEST + 1), jobs=2), rounds=1, iterations=1, warmup_rounds=0
    )
    assert all(results)


if __name__ == "__main__":
    sys.exit(main())
