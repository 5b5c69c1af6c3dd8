"""Deal surveys beyond one thread: the survey pipeline, and Ray and Dask against plain threads.

As a script (the figures in docs/distributed.md)::

    python benchmarks/bench_distributed.py survey --last 1000000 --jobs 2
    python benchmarks/bench_distributed.py executors --last 100000

``survey`` runs ``solve_deals(range(1, LAST + 1), jobs=JOBS, out=DIR)`` — what
``parlour freecell survey 1 LAST --jobs JOBS --out DIR`` does — and reports wall time,
CPU time, deals/s, the impossible deals found (checked against the list FreeCell Pro's
exhaustive run published for deals up to 1,000,000) and that every other deal was
solved and its solution replayed.  ``executors`` surveys the same range with
``jobs=2`` in this process (or takes that survey's store from ``--against DIR``, e.g.
the one ``parlour freecell survey 1 LAST --jobs 2 --out DIR`` wrote), then on a local
Ray cluster and a local Dask cluster of two single-threaded workers each (started
before the clock starts), in the same process, reports each one's wall time against
``jobs=2`` and checks that its table is the same, row for row, in every column but the
measured ``seconds``.

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

#: The 130 impossible Microsoft deals up to 10,000,000, as FreeCell Pro's exhaustive survey
#: found them (the published list: github.com/shlomif/freecell-pro-impossible-deals,
#: data/impossible-with-4freecells-deals.txt).
# fmt: off
KNOWN_IMPOSSIBLE = [
    11982, 146692, 186216, 455889, 495505, 512118, 517776, 781948, 1155215, 1254900,
    1387739, 1495908, 1573069, 1631319, 1633509, 1662054, 2022676, 2070322, 2166989, 2167029,
    2501890, 2607073, 2681284, 2712622, 2843443, 2852003, 2855691, 2923820, 3163790, 3172889,
    3194539, 3217820, 3225183, 3366617, 3376982, 3402716, 3576395, 3595299, 3878212, 3946538,
    4055965, 4207758, 4266168, 4269635, 4324282, 4334954, 4440758, 4446355, 4765843, 4863685,
    4910222, 5046726, 5050537, 5086829, 5225172, 5244797, 5260342, 5401675, 5478410, 5611185,
    5672090, 5817697, 6020049, 6099064, 6100919, 6234527, 6314799, 6332629, 6416342, 6749792,
    6761220, 6768658, 6844210, 6895558, 6898316, 7035805, 7261039, 7334559, 7360592, 7400819,
    7484159, 7497878, 7530003, 7536454, 7705172, 7748399, 7777900, 7795097, 7801943, 7814345,
    7825750, 7863486, 7887312, 7923001, 7965413, 8000527, 8046431, 8076134, 8104908, 8105324,
    8114984, 8119415, 8121228, 8237732, 8267373, 8354257, 8381178, 8527378, 8608154, 8712426,
    8719444, 8736337, 9093368, 9110337, 9190487, 9222830, 9262134, 9414989, 9415104, 9435589,
    9452398, 9626317, 9647001, 9660366, 9747437, 9771903, 9830419, 9855268, 9861848, 9917279,
]
# fmt: on


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
    shutil.rmtree(out, ignore_errors=True)
    c0, t0 = _cpu(), time.perf_counter()
    store = solve_deals(range(1, last + 1), jobs=jobs, out=out, executor=executor, chunk_size=chunk_size)
    wall, cpu = time.perf_counter() - t0, _cpu() - c0
    return checks(store.table(), last, wall, cpu)


def checks(table: Any, last: int, wall: float, cpu: float) -> dict[str, Any]:
    """The figures and checks of a survey's table of deals 1..last (``table`` without
    ``seconds`` is kept under ``"rows"`` for comparing runs)."""
    import pyarrow as pa
    import pyarrow.compute as pc

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
        "rows": table.drop_columns(["seconds"]),
    }


def _listed(deals: list[int]) -> str:
    """The deals in full when few, else their count and the first and last."""
    return str(deals) if len(deals) <= 12 else f"{len(deals)} deals ({deals[0]} .. {deals[-1]})"


def _print(label: str, r: dict[str, Any], base: dict[str, Any] | None = None, against: str = "") -> None:
    ratio = ""
    if base and base["wall_s"] == base["wall_s"]:  # not NaN: the baseline was timed here
        ratio = f" ({r['wall_s'] / base['wall_s']:.3f}x {against}; CPU {r['cpu_s'] / base['cpu_s']:.3f}x)"
    same = ""
    if base is not None and "rows" in base:
        same = f"; the same table as {against} but for seconds: {r['rows'].equals(base['rows'])}"
    print(
        f"{label:<12} {r['wall_s']:8.2f} s wall{ratio}, {r['cpu_s']:8.1f} s CPU (this process and all under it), "
        f"{r['deals_per_s']:9,.0f} deals/s; solver {r['solver_s']:.1f} s; impossible {_listed(r['impossible'])} "
        f"(as known: {r['impossible_as_known']}), unknown {r['unknown']}, every other deal solved and replayed: "
        f"{r['all_others_solved_and_replayed']}, each deal once in order: {r['in_order_once']}{same}",
        flush=True,
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("what", choices=("survey", "executors"))
    ap.add_argument("--last", type=int, default=None, help="deals 1..LAST (1,000,000 / 100,000)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--chunk-size", type=int, default=None)
    ap.add_argument("--skip-memory", action="store_true", help="executors: no in-memory solve_deals baseline")
    ap.add_argument(
        "--against",
        type=Path,
        default=None,
        help="executors: the store of a finished jobs=2 survey of the same deals, compared with instead of a "
        "new one (its time is not known here: no ratios then)",
    )
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
        if args.against is not None:
            from parlour.distributed import ResultStore

            base = checks(ResultStore(args.against).table(), last, float("nan"), float("nan"))
            print(f"jobs=2       the store in {args.against}: impossible as known: {base['impossible_as_known']}")
        else:
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
