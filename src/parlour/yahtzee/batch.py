"""Many solitaire games: :func:`simulate`, in this process or in chunks on any executor, optionally into a result store."""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import Executor
from typing import TYPE_CHECKING, overload

import numpy as np

from parlour._core import yahtzee as _y
from parlour.errors import InvalidValueError, WrongTypeError

# The games between two progress calls of an in-process simulation.
_PROGRESS_BLOCK = 20_000

if TYPE_CHECKING:  # pragma: no cover
    from parlour._core.cards import Rng
    from parlour.distributed.store import ResultStore

__all__ = ["simulate"]


@overload
def simulate(
    n: int,
    bot: _y.Bot,
    seed: int | Rng = 0,
    threads: int = 0,
    *,
    first: int = 0,
    executor: Executor | None = None,
    out: None = None,
    chunk_size: int | None = None,
    progress: Callable[[int, int], object] | None = None,
) -> np.ndarray: ...


@overload
def simulate(
    n: int,
    bot: _y.Bot,
    seed: int | Rng = 0,
    threads: int = 0,
    *,
    first: int = 0,
    executor: Executor | None = None,
    out: str | os.PathLike[str],
    chunk_size: int | None = None,
    progress: Callable[[int, int], object] | None = None,
) -> ResultStore: ...


def simulate(
    n: int,
    bot: _y.Bot,
    seed: int | Rng = 0,
    threads: int = 0,
    *,
    first: int = 0,
    executor: Executor | None = None,
    out: str | os.PathLike[str] | None = None,
    chunk_size: int | None = None,
    progress: Callable[[int, int], object] | None = None,
) -> np.ndarray | ResultStore:
    """Play ``n`` solitaire games with ``bot`` in C++ and return their final scores (int32 NumPy array).

    Games are numbered: the call plays games ``first .. first+n-1``, and game ``i``
    draws its dice from ``Rng(splitmix64(base + i))`` where ``base`` is the first draw
    of ``Rng(seed)`` (or of the Rng given), so every score depends only on the bot,
    ``seed`` and ``i`` — never on ``threads`` (``<= 0``: all cores) — and calls over
    consecutive ranges give, end to end, the scores of one call.

    Beyond one process (an int ``seed``, an :class:`OptimalBot` or :class:`HeuristicBot`):
    with ``executor`` (any :class:`concurrent.futures.Executor`) the games go out in
    chunks of ``chunk_size``, each worker building the bot once (an optimal bot solves
    its table there) and playing on ``max(threads, 1)`` threads.  With ``out`` (a
    directory) the scores are written chunk by chunk to a
    :class:`parlour.distributed.ResultStore` (Parquet, one row per game: ``game``,
    ``score``; ``parlour[distributed]``) and the store is returned; the same call again
    resumes an interrupted run.  ``progress(done, total)`` is called after each chunk.
    """
    if executor is None and out is None:
        if progress is None or not isinstance(n, int) or not isinstance(first, int) or not isinstance(seed, int):
            scores: np.ndarray = _y.simulate(n, bot, seed, threads, first)
            if progress is not None:
                progress(len(scores), len(scores))
            return scores
        # With a progress callback: consecutive blocks of games, which give the same scores
        # as one call over the whole range (each game's dice depend only on seed and index).
        block = max(1, min(n, _PROGRESS_BLOCK))  # a progress call every fraction of a second
        blocks: list[np.ndarray] = []
        for start in range(0, max(n, 1), block):
            blocks.append(_y.simulate(min(block, n - start), bot, seed, threads, first + start))
            progress(start + len(blocks[-1]), n)
        return np.concatenate(blocks)
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise InvalidValueError(f"the number of games must be an int >= 0, got {n!r}")
    if isinstance(first, bool) or not isinstance(first, int) or first < 0:
        raise InvalidValueError(f"the first game must be an int >= 0, got {first!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
        raise WrongTypeError(
            f"a chunked simulation takes an int seed in 0 .. 2**64-1, got {type(seed).__name__} {seed!r}"
        )
    if isinstance(threads, bool) or not isinstance(threads, int):
        raise WrongTypeError(f"threads must be an int, got {type(threads).__name__} {threads!r}")
    if isinstance(bot, _y.OptimalBot):
        kind = "optimal"
    elif isinstance(bot, _y.HeuristicBot):
        kind = "heuristic"
    else:
        raise WrongTypeError(f"a chunked simulation takes an OptimalBot or a HeuristicBot, got {type(bot).__name__}")
    rules = str(bot.rules)
    jobs = max(threads, 1) if executor is not None else threads
    if out is not None:
        from parlour.yahtzee._runs import yahtzee_simulate

        return yahtzee_simulate(
            n,
            kind,
            rules,
            bot,
            seed,
            first,
            out,
            threads=jobs,
            executor=executor,
            chunk_size=chunk_size,
            progress=progress,
        )
    from parlour.distributed.runner import run_chunks
    from parlour.yahtzee._runs import yahtzee_chunk

    size = 10_000 if chunk_size is None else chunk_size
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise InvalidValueError(f"chunk_size must be an int >= 1, got {chunk_size!r}")
    work = {"bot": kind, "rules": rules, "seed": seed}
    chunks = [(work, first + lo, min(size, n - lo)) for lo in range(0, n, size)]
    parts: dict[int, np.ndarray] = {}
    done = [0]

    def advance(i: int) -> None:
        done[0] += chunks[i][2]
        if progress is not None:
            progress(done[0], n)

    run_chunks(yahtzee_chunk, chunks, on_result=parts.__setitem__, executor=executor, jobs=jobs, on_progress=advance)
    if not chunks:
        return np.zeros(0, dtype=np.int32)
    return np.concatenate([parts[i] for i in range(len(chunks))]).astype(np.int32, copy=False)
