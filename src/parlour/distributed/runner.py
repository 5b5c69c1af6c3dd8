"""The chunk runner: a batch cut into chunks, run in this process or on any executor.

:func:`run_chunks` calls ``task(*chunks[i], jobs)`` for every chunk index ``i`` not in
``skip`` and hands each result to ``on_result(i, result)`` in the calling thread's
process, once per chunk, whatever order the chunks finish in.

* Without an executor the chunks run one after another in the calling thread, each on
  ``jobs`` threads inside the C++ engine (so Ctrl-C stops the engine within
  milliseconds), while a background thread runs ``on_result`` of the previous chunk
  (writing a Parquet part overlaps the next chunk's work).
* With a :class:`concurrent.futures.Executor` (a process or thread pool, Dask's
  ``Client.get_executor()``, :class:`parlour.distributed.RayExecutor`, ...) the chunks
  are submitted as tasks, a bounded number at a time (twice the executor's
  parallelism), each running ``jobs`` engine threads.  A task that fails raises here
  after the pending tasks are cancelled; Ctrl-C cancels them too (even one that
  Python could not raise, see :func:`_ctrl_c_remembered`).  Engines that retry
  the tasks of a lost worker (Ray, Dask) finish the run; a chunk computed twice is
  still handed to ``on_result`` once.

This module needs only the standard library, so the engine's own functions can use it
without the optional extra.
"""

from __future__ import annotations

import concurrent.futures as cf
import signal
import threading
from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import contextmanager
from types import FrameType
from typing import Any, TypeVar, overload

__all__ = ["LazyChunks", "chunk_sizes", "executor_parallelism", "run_chunks"]

T = TypeVar("T")


class LazyChunks(Sequence[tuple[Any, ...]]):
    """``count`` chunks, chunk ``i`` made by ``make(i)`` when it is asked for: the plan of a
    run over billions of items without a list of millions of chunks."""

    def __init__(self, count: int, make: Callable[[int], tuple[Any, ...]]) -> None:
        """``count`` chunks made by ``make``."""
        self._count = count
        self._make = make

    def __len__(self) -> int:
        """The number of chunks."""
        return self._count

    @overload
    def __getitem__(self, index: int) -> tuple[Any, ...]: ...
    @overload
    def __getitem__(self, index: slice) -> list[tuple[Any, ...]]: ...
    def __getitem__(self, index: int | slice) -> tuple[Any, ...] | list[tuple[Any, ...]]:
        """Chunk ``index``."""
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._count))]
        i = index + self._count if index < 0 else index
        if not 0 <= i < self._count:
            raise IndexError(f"chunk {index} of {self._count}")
        return self._make(i)

    def __repr__(self) -> str:
        """``LazyChunks(count, make)``."""
        return f"LazyChunks({self._count!r}, {self._make!r})"


def chunk_sizes(total: int, size: int) -> list[int]:
    """The items of each chunk when ``total`` items are cut into chunks of ``size`` (the last may be shorter)."""
    return [min(size, total - lo) for lo in range(0, total, size)]


def executor_parallelism(executor: cf.Executor) -> int:
    """How many tasks ``executor`` runs at once, as far as it tells (4 when it does not say)."""
    n = getattr(executor, "parallelism", None)
    if isinstance(n, int) and n > 0:
        return n
    n = getattr(executor, "_max_workers", None)  # ThreadPoolExecutor, ProcessPoolExecutor
    if isinstance(n, int) and n > 0:
        return n
    client = getattr(executor, "_client", None)  # Dask's ClientExecutor
    if client is not None and hasattr(client, "nthreads"):
        try:
            return max(1, int(sum(client.nthreads().values())))
        except Exception:  # noqa: BLE001 - a client that cannot answer now: fall back
            pass
    return 4


def run_chunks(
    task: Callable[..., T],
    chunks: Sequence[tuple[Any, ...]],
    *,
    on_result: Callable[[int, T], object],
    executor: cf.Executor | None = None,
    jobs: int = 1,
    skip: Collection[int] = (),
    on_progress: Callable[[int], object] | None = None,
    window: int | None = None,
) -> None:
    """Run ``task(*chunks[i], jobs)`` for each chunk index ``i`` not in ``skip``; see the module docstring.

    ``on_progress(i)`` is called in the calling thread after chunk ``i`` is computed.
    ``window`` bounds the tasks in flight on an executor (default: twice its
    parallelism, at least 2).
    """
    todo = (i for i in range(len(chunks)) if i not in skip)  # lazily: a run may have millions of chunks
    if executor is None:
        _run_here(task, chunks, todo, on_result, jobs, on_progress)
    else:
        limit = window if window is not None else max(2, 2 * executor_parallelism(executor))
        _run_on(executor, task, chunks, todo, on_result, jobs, on_progress, limit)


def _run_here(
    task: Callable[..., T],
    chunks: Sequence[tuple[Any, ...]],
    todo: Iterator[int],
    on_result: Callable[[int, T], object],
    jobs: int,
    on_progress: Callable[[int], object] | None,
) -> None:
    writer = cf.ThreadPoolExecutor(1, thread_name_prefix="parlour-results")
    behind: cf.Future[object] | None = None
    with _ctrl_c_remembered() as check_ctrl_c:
        try:
            for i in todo:
                result = task(*chunks[i], jobs)
                check_ctrl_c()
                if behind is not None:
                    behind.result()  # at most one chunk waits to be written
                behind = writer.submit(on_result, i, result)
                if on_progress is not None:
                    on_progress(i)
            if behind is not None:
                behind.result()
        finally:
            # A chunk already computed is still written when the run stops (it is complete).
            writer.shutdown(wait=True)


def _run_on(
    executor: cf.Executor,
    task: Callable[..., T],
    chunks: Sequence[tuple[Any, ...]],
    todo: Iterator[int],
    on_result: Callable[[int, T], object],
    jobs: int,
    on_progress: Callable[[int], object] | None,
    limit: int,
) -> None:
    queue = iter(todo)
    running: dict[cf.Future[T], int] = {}

    def fill() -> None:
        while len(running) < limit:
            i = next(queue, None)
            if i is None:
                return
            running[executor.submit(task, *chunks[i], jobs)] = i

    with _ctrl_c_remembered() as check_ctrl_c:
        try:
            fill()
            while running:
                finished, _ = cf.wait(list(running), timeout=_POLL, return_when=cf.FIRST_COMPLETED)
                check_ctrl_c()
                for f in finished:
                    i = running.pop(f)
                    on_result(i, f.result())
                    if on_progress is not None:
                        on_progress(i)
                fill()
        finally:
            for f in running:
                f.cancel()


#: Seconds between two looks at a remembered Ctrl-C while tasks run on an executor.
_POLL = 0.1


@contextmanager
def _ctrl_c_remembered() -> Iterator[Callable[[], None]]:
    """While a run waits on an executor, Ctrl-C is remembered as well as raised: a
    KeyboardInterrupt that Python cannot pass on, because it arrived while an object's
    ``__del__`` ran (a client library's future being collected, say; Python then only
    prints "Exception ignored"), still stops the run at the next look.  Yields the look.
    Only Python's default handler is replaced (in the main thread), and it is put back."""
    seen = threading.Event()
    previous: Any = None
    installed = False
    if threading.current_thread() is threading.main_thread():
        previous = signal.getsignal(signal.SIGINT)
        if previous is signal.default_int_handler:

            def handler(signum: int, frame: FrameType | None) -> None:
                seen.set()
                raise KeyboardInterrupt

            signal.signal(signal.SIGINT, handler)
            installed = True

    def check() -> None:
        if seen.is_set():
            raise KeyboardInterrupt

    try:
        yield check
    finally:
        if installed:
            signal.signal(signal.SIGINT, previous)
