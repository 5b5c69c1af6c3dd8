"""The figures of ``parlour freecell batch`` and ``survey``, summed chunk by chunk or read part
by part, so that a run over every Microsoft deal (2**33 - 1 of them) never holds its results
in memory; and the batch command that goes on where an interrupted one stopped."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TextIO

__all__ = ["BatchTally", "batch_argv", "survey_summary"]


class BatchTally:
    """The figures of a batch, summed chunk by chunk (a batch may run over all 2**33 - 1 deals)."""

    def __init__(self) -> None:
        self.deals = self.solved = self.moves = 0
        self.unsolvable: list[int] = []
        self.unknown: list[int] = []
        self.n_unsolvable = self.n_unknown = 0
        self.cpu = 0.0

    def add(self, first: int, results: Sequence[object]) -> None:
        from parlour.freecell import Solution, Unsolvable

        for n, r in enumerate(results, first):
            self.deals += 1
            self.cpu += getattr(r, "seconds", 0.0)
            if isinstance(r, Solution):
                self.solved += 1
                self.moves += len(r)
            elif isinstance(r, Unsolvable):
                self.n_unsolvable += 1
                if len(self.unsolvable) < 10:
                    self.unsolvable.append(n)
            else:
                self.n_unknown += 1
                if len(self.unknown) < 10:
                    self.unknown.append(n)

    def report(self, args: argparse.Namespace, last: int, wall: float, out: TextIO) -> None:
        print(f"deals {args.first}..{last} ({self.deals}), mode {args.mode}, jobs {args.jobs}", file=out)
        print(
            f"solved {self.solved}, proved unsolvable {self.n_unsolvable} {self.unsolvable}, unknown "
            f"{self.n_unknown} {self.unknown}",
            file=out,
        )
        per = 1000 * self.cpu / self.deals if self.deals else 0.0
        print(f"total time {wall:.2f} s wall, {self.cpu:.2f} s in the solver, {per:.3f} ms per deal", file=out)
        if self.solved:
            print(f"mean solution length {self.moves / self.solved:.2f} moves", file=out)


def batch_argv(args: argparse.Namespace, first: int) -> list[str]:
    """The batch command with the same options over deals ``first .. args.last``."""
    argv = ["freecell", "batch", str(first), str(args.last)]
    if args.mode != "fast":
        argv += ["--mode", args.mode]
    if args.jobs != 1:
        argv += ["--jobs", str(args.jobs)]
    if args.max_states is not None:
        argv += ["--max-states", str(args.max_states)]
    if args.time_limit is not None:
        argv += ["--time-limit", repr(args.time_limit)]
    if args.no_progress:
        argv.append("--quiet")
    return argv


def survey_summary(store: object, args: argparse.Namespace, wall: float, computed: int, out: TextIO) -> int:
    """The survey's figures, read part by part (the table of a survey of every deal does not fit in memory)."""
    import numpy as np
    import pyarrow as pa  # type: ignore[import-untyped, import-not-found, unused-ignore]
    import pyarrow.compute as pc  # type: ignore[import-untyped, import-not-found, unused-ignore]

    from parlour.distributed.store import ResultStore

    assert isinstance(store, ResultStore)
    n = solved = checked = moves = states_sum = 0
    seconds_sum = 0.0
    listed: dict[str, list[tuple[int, int, float]]] = {"unsolvable": [], "unknown": []}
    counts = {"unsolvable": 0, "unknown": 0}
    failed: list[int] = []
    n_failed = 0
    for i in range(store.chunks):
        part = store.part(i)
        verdict = np.asarray(pc.cast(part.column("verdict"), pa.string()))
        deals = np.asarray(part.column("deal"))
        states = np.asarray(part.column("states"))
        seconds = np.asarray(part.column("seconds"))
        replayed = np.asarray(part.column("replayed"))
        won = verdict == "solved"
        n += len(deals)
        solved += int(won.sum())
        checked += int((won & replayed).sum())
        moves += int(np.asarray(part.column("moves"))[won].sum())
        states_sum += int(states.sum())
        seconds_sum += float(seconds.sum())
        for label in listed:
            where = np.flatnonzero(verdict == label)
            counts[label] += len(where)
            for k in where[: 50 - len(listed[label])]:
                listed[label].append((int(deals[k]), int(states[k]), float(seconds[k])))
        bad = deals[won & ~replayed]
        n_failed += len(bad)
        failed += [int(d) for d in bad[: 20 - len(failed)]]
    run_on = "Ray " + args.ray if args.ray else "Dask " + args.dask if args.dask else f"jobs {args.jobs}"
    print(f"deals {args.first}..{args.last} ({n:,}), mode {args.mode}, {run_on}, results in {args.out}", file=out)
    print(
        f"solved {solved:,} (replay-checked {checked:,}), impossible {counts['unsolvable']:,}, "
        f"unknown {counts['unknown']:,}",
        file=out,
    )
    for label, rows in listed.items():
        for deal, states_n, secs in rows:
            print(
                f"  deal {deal}: {'impossible' if label == 'unsolvable' else 'unknown'}, "
                f"{states_n:,} positions, {secs:.3f} s",
                file=out,
            )
    if solved:
        print(f"mean solution length {moves / solved:.2f} moves, mean positions {states_sum / n:.0f}", file=out)
    print(
        f"solver time {seconds_sum:.1f} s ({1000 * seconds_sum / max(n, 1):.3f} ms a deal); this run computed "
        f"{computed:,} deals in {wall:.1f} s wall, {computed / wall if wall > 0 else 0:,.0f} deals/s",
        file=out,
    )
    if n_failed:
        print(f"REPLAY FAILED for {n_failed} solutions: deals {failed}", file=out)
        return 1
    return 0
