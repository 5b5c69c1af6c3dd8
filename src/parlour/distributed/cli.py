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
from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from typing import Any

from parlour._progress import Interrupted, ProgressBar, command_line
from parlour.errors import InvalidValueError

__all__ = ["ProgressBar", "add_run_options", "check_run_options", "running", "stop_note", "unsaved_note"]


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


def check_run_options(args: argparse.Namespace) -> None:
    """Refuse run options that would be ignored (before any work): ``--workers`` sizes only a
    cluster started here (``--ray local``, ``--dask local``); ``--chunk-size`` cuts only runs
    into a store or onto a cluster."""
    local = "local" in (getattr(args, "ray", None), getattr(args, "dask", None))
    if getattr(args, "workers", None) is not None and not local:
        raise InvalidValueError(
            "--workers is the size of a cluster started here: give it with --ray local or --dask local"
        )
    if getattr(args, "chunk_size", None) is not None and not (args.out or args.ray or args.dask):
        raise InvalidValueError("--chunk-size cuts a run with --out, --ray or --dask; this run has none of them")


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
    except KeyboardInterrupt as e:
        interrupted = True
        if getattr(args, "out", None) and not isinstance(e, Interrupted):
            raise Interrupted(stop_note(args, what)) from None
        raise
    finally:
        if executor is not None:
            executor.shutdown(wait=not interrupted, cancel_futures=interrupted)


def stop_note(args: argparse.Namespace, what: str) -> str:
    """What a run into ``args.out`` had stored when it stopped, and the command that continues it."""
    again = f"run the same command again to continue: {command_line(getattr(args, 'argv', None))}"
    try:
        from parlour.distributed.store import ResultStore

        store = ResultStore(args.out)
        return f"{store.rows_done():,} of {store.rows:,} {what} are stored in {args.out}; {again}"
    except Exception:  # noqa: BLE001 - the store may not exist yet, or be half-written
        return f"nothing was stored in {args.out} yet; {again}"


def unsaved_note(args: argparse.Namespace, what: str, done: int | None, total: int) -> str:
    """What a run without ``--out`` had done when Ctrl-C stopped it, and how to run it resumably."""
    again = command_line([*getattr(args, "argv", ["..."]), "--out", "DIR"])
    did = f"{done:,} of {total:,} {what} were done" if done else f"none of {total:,} {what} was finished"
    return f"{did}; without --out nothing is kept ({again} keeps the {what} chunk by chunk and resumes)"


def rate(n: int, seconds: float) -> str:
    """``n / seconds`` as a readable rate."""
    return f"{n / seconds:,.0f}" if seconds > 0 else "-"


def describe(obj: Any) -> str:
    """A short description of where a run ran: the executor's class or ``this process``."""
    return "this process" if obj is None else type(obj).__name__
