"""Long runs that stream to a result store, for any game of the registry.

A game names its long runs in its :class:`~parlour.games.GameInfo` (``runs``, each a
:class:`~parlour.games.LongRun`: how a run is cut into chunks, the work of a chunk and
the rows it becomes).  :func:`run` finds one by the game's name and the run's,
:func:`run_plan` runs a :class:`~parlour.games.LongRun` given as it is: both plan the
chunks, create or resume the :class:`ResultStore` at ``out`` (see
:mod:`parlour.distributed.store`), run the chunks that are missing with
:func:`parlour.distributed.runner.run_chunks` (in this process on ``jobs`` engine
threads, or on an executor) and return the store.  The games' own functions with
``out=`` come here through their long runs; their tables are described where each game
defines its run, and in the long-runs guide.
"""

from __future__ import annotations

import concurrent.futures as cf
import os
from collections.abc import Callable, Sequence
from typing import Any

from parlour import games
from parlour.distributed.runner import run_chunks
from parlour.distributed.store import ResultStore
from parlour.errors import InvalidValueError, WrongTypeError
from parlour.games import LongRun, RunPlan

__all__ = ["find", "run", "run_plan"]

Progress = Callable[[int, int], object]


def find(kind: str) -> LongRun:
    """The long run whose result stores have ``kind`` (``"<game>.<run>"``), from the registry;
    InvalidValueError when no registered game has it."""
    if not isinstance(kind, str):
        raise WrongTypeError(f"a run kind is a string, got {type(kind).__name__} {kind!r}")
    for name in games.names():
        for spec in games.get(name).runs.values():
            if spec.kind == kind:
                return spec
    raise InvalidValueError(f"no registered game has a long run of kind {kind!r}")


def _chunk_size(spec: LongRun, chunk_size: int | None) -> int:
    if chunk_size is None:
        return spec.chunk_size
    if isinstance(chunk_size, bool) or not isinstance(chunk_size, int):
        raise WrongTypeError(f"chunk_size must be an int, got {type(chunk_size).__name__} {chunk_size!r}")
    if chunk_size < 1:
        raise InvalidValueError(f"chunk_size must be >= 1, got {chunk_size}")
    return chunk_size


def run(
    game: str,
    name: str,
    out: str | os.PathLike[str],
    *,
    executor: cf.Executor | None = None,
    jobs: int = 1,
    chunk_size: int | None = None,
    progress: Progress | None = None,
    **options: Any,
) -> ResultStore:
    """Run the long run ``name`` of the registered ``game`` into the store at ``out``.

    ``options`` go to the run's ``plan``; ``progress(rows_done, rows)`` is called as
    chunks finish.  The same call again on the same ``out`` resumes an interrupted run.
    """
    return run_plan(
        games.get(game).run(name),
        out,
        executor=executor,
        jobs=jobs,
        chunk_size=chunk_size,
        progress=progress,
        **options,
    )


def run_plan(
    spec: LongRun,
    out: str | os.PathLike[str],
    *,
    executor: cf.Executor | None,
    jobs: int,
    chunk_size: int | None,
    progress: Progress | None,
    **options: Any,
) -> ResultStore:
    """Run ``spec`` (a game's :class:`~parlour.games.LongRun`) with ``options`` into the store at ``out``."""
    if not isinstance(spec, LongRun):
        raise WrongTypeError(f"run_plan() takes a LongRun, got {type(spec).__name__}")
    plan: RunPlan = spec.plan(chunk_size=_chunk_size(spec, chunk_size), **options)
    # A plan's chunks and rows may be lazy sequences (a survey of every deal has 1.7 million chunks).
    chunks = plan.chunks if isinstance(plan.chunks, Sequence) else list(plan.chunks)
    store = ResultStore.create_or_resume(out, kind=spec.kind, parameters=plan.parameters, chunk_rows=plan.chunk_rows)
    sizes = store.chunk_rows
    done_before = store.done()
    rows = [sum(sizes[i] for i in done_before)]
    if progress is not None:
        progress(rows[0], store.rows)

    def write(i: int, result: Any) -> None:
        store.write(i, spec.rows(chunks[i], result))

    def advance(i: int) -> None:
        rows[0] += sizes[i]
        if progress is not None:
            progress(rows[0], store.rows)

    run_chunks(spec.task, chunks, on_result=write, executor=executor, jobs=jobs, skip=done_before, on_progress=advance)
    return store
