"""What the long-run commands share: where to run (``--jobs``, ``--ray``, ``--dask``),
``--out``, a progress bar on stderr and the Ctrl-C message.

The games' long-run commands (``parlour <game> <command> --out DIR``) add these
options with :func:`add_run_options` and run their work inside
:func:`running`, which opens the executor the options name, shuts it down at the end,
and on Ctrl-C cancels the tasks in flight and says how to resume before the command
exits with status 130.  Only the standard library is imported here; the extras are
imported when a run needs them.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from typing import Any

from parlour._progress import ProgressBar

__all__ = ["ProgressBar", "add_run_options", "running"]


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {n}")
    return n


def add_run_options(
    parser: argparse.ArgumentParser,
    *,
    what: str,
    out_required: bool = False,
    jobs: bool = True,
) -> None:
    """Add ``--out DIR``, ``--ray ADDRESS``, ``--dask ADDRESS``, ``--workers N`` and
    ``--chunk-size N`` (and ``--jobs N`` unless the command has its own thread option),
    with ``--jobs``/``--ray``/``--dask`` mutually exclusive."""
    parser.add_argument(
        "--out",
        metavar="DIR",
        required=out_required,
        default=None,
        help=f"write the {what} chunk by chunk to this directory (Parquet); the same command "
        "again resumes an interrupted run" + ("" if out_required else " (needs parlour[distributed])"),
    )
    where = parser.add_mutually_exclusive_group()
    if jobs:
        where.add_argument("--jobs", type=_positive, default=1, help="threads in this process (default 1)")
    where.add_argument(
        "--ray",
        metavar="ADDRESS",
        default=None,
        help="run the chunks as tasks on the Ray cluster at ADDRESS ('auto', host:port; 'local' starts one here)",
    )
    where.add_argument(
        "--dask",
        metavar="ADDRESS",
        default=None,
        help="run the chunks as tasks on the Dask scheduler at ADDRESS (tcp://host:8786; 'local' starts one here)",
    )
    parser.add_argument(
        "--workers",
        type=_positive,
        default=None,
        help="workers of a cluster started with 'local' (default: one per core)",
    )
    parser.add_argument("--chunk-size", type=_positive, default=None, help=f"{what} per chunk (task)")


@contextmanager
def running(args: argparse.Namespace, what: str) -> Iterator[Executor | None]:
    """The executor ``--ray``/``--dask`` name (None for a run in this process), shut down on
    exit; on Ctrl-C, the tasks in flight are cancelled and a note on stderr says how to
    resume (when ``--out`` was given) before KeyboardInterrupt goes on to the caller."""
    executor: Executor | None = None
    if getattr(args, "ray", None) is not None or getattr(args, "dask", None) is not None:
        from parlour.distributed import connect

        executor = connect(ray=args.ray, dask=args.dask, workers=args.workers)
    interrupted = False
    try:
        yield executor
    except KeyboardInterrupt:
        interrupted = True
        sys.stderr.write("\n")
        if getattr(args, "out", None):
            _report_stop(args.out, what)
        raise
    finally:
        if executor is not None:
            executor.shutdown(wait=not interrupted, cancel_futures=interrupted)


def _report_stop(out: str, what: str) -> None:
    try:
        from parlour.distributed.store import ResultStore

        store = ResultStore(out)
        sys.stderr.write(
            f"interrupted: {store.rows_done():,} of {store.rows:,} {what} are stored in {out}; "
            "run the same command again to continue\n"
        )
    except Exception as e:  # noqa: BLE001 - the store may not exist yet, or be half-written
        sys.stderr.write(f"interrupted before anything was stored in {out} ({e})\n")


def rate(n: int, seconds: float) -> str:
    """``n / seconds`` as a readable rate."""
    return f"{n / seconds:,.0f}" if seconds > 0 else "-"


def describe(obj: Any) -> str:
    """A short description of where a run ran: the executor's class or ``this process``."""
    return "this process" if obj is None else type(obj).__name__
