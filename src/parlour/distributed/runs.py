"""Runs that stream to a result store: a FreeCell deal survey, a gin arena, Yahtzee simulation.

Each function plans the chunks, creates or resumes the :class:`ResultStore` at ``out``
(see :mod:`parlour.distributed.store`), runs the chunks that are missing with
:func:`parlour.distributed.runner.run_chunks` (in this process on ``jobs`` engine
threads, or on an executor) and returns the store.  The public entry points are the
games' own functions with ``out=``: :func:`parlour.freecell.solve_deals`,
:func:`parlour.gin.arena` and :func:`parlour.yahtzee.simulate`.

The tables:

* ``freecell.survey`` — one row per deal, in the order given: ``deal`` (uint64),
  ``verdict`` ("solved", "unsolvable", "unknown"), ``reason`` ("" or why the search
  stopped: "max_states", "time_limit", "memory_limit"), ``moves`` (solution length, 0 without one),
  ``states`` (positions stored), ``seconds`` (time in the solver, the one measured
  column), ``replayed`` (the solution was replayed move by move with full checks and
  won), and ``solution`` (standard notation) when asked for.
* ``gin.arena`` — one row per match: ``pair`` (index of the pair), ``bot_a``,
  ``bot_b``, ``match`` (its index within the pair), ``a_won``, ``score_a``,
  ``score_b``, ``hands``, ``dead``, ``hands_won_a``/``_b``, ``points_a``/``_b``,
  ``knocks_a``/``_b``, ``gins_a``/``_b``, ``undercuts_a``/``_b``, ``decisions``.
* ``yahtzee.simulate`` — one row per game: ``game`` (its index) and ``score``.
"""

from __future__ import annotations

import concurrent.futures as cf
import hashlib
import os
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pyarrow as pa  # type: ignore[import-untyped, import-not-found, unused-ignore]

from parlour.distributed import tasks
from parlour.distributed.runner import LazyChunks, run_chunks
from parlour.distributed.store import EvenChunks, ResultStore
from parlour.errors import InvalidValueError, WrongTypeError
from parlour.gin.arena import MATCH_COLUMNS

__all__ = ["freecell_survey", "gin_arena", "yahtzee_simulate", "DEFAULT_CHUNK"]

#: Items per chunk by run kind (about a second of one core's work each).
DEFAULT_CHUNK = {"freecell.survey": 5000, "gin.arena": 200, "yahtzee.simulate": 10_000}

_VERDICTS = pa.array(["solved", "unsolvable", "unknown"])
_REASONS = pa.array(["", "max_states", "time_limit", "memory_limit"])

Progress = Callable[[int, int], object]


def _chunk_size(kind: str, chunk_size: int | None) -> int:
    if chunk_size is None:
        return DEFAULT_CHUNK[kind]
    if isinstance(chunk_size, bool) or not isinstance(chunk_size, int):
        raise WrongTypeError(f"chunk_size must be an int, got {type(chunk_size).__name__} {chunk_size!r}")
    if chunk_size < 1:
        raise InvalidValueError(f"chunk_size must be >= 1, got {chunk_size}")
    return chunk_size


def _sizes(total: int, size: int) -> list[int]:
    return [min(size, total - lo) for lo in range(0, total, size)]


def _drive(
    store: ResultStore,
    task: Callable[..., Any],
    chunks: Sequence[tuple[Any, ...]],
    to_table: Callable[[int, Any], pa.Table],
    *,
    executor: cf.Executor | None,
    jobs: int,
    progress: Progress | None,
) -> ResultStore:
    sizes = store.chunk_rows
    done_before = store.done()
    rows = [sum(sizes[i] for i in done_before)]
    if progress is not None:
        progress(rows[0], store.rows)

    def write(i: int, result: Any) -> None:
        store.write(i, to_table(i, result))

    def advance(i: int) -> None:
        rows[0] += sizes[i]
        if progress is not None:
            progress(rows[0], store.rows)

    run_chunks(task, chunks, on_result=write, executor=executor, jobs=jobs, skip=done_before, on_progress=advance)
    return store


# ---------------------------------------------------------------- FreeCell
def _deals_parameter(numbers: np.ndarray | range) -> dict[str, Any]:
    n = len(numbers)
    if isinstance(numbers, range):  # step 1, checked by the caller: never made into an array
        return {"first": numbers.start, "last": numbers.stop - 1, "count": n} if n else {"count": 0, "sha256": _EMPTY}
    if n and numbers[0] + np.uint64(n - 1) == numbers[-1] and bool(np.all(np.diff(numbers.astype(np.int64)) == 1)):
        return {"first": int(numbers[0]), "last": int(numbers[-1]), "count": n}
    return {"count": n, "sha256": hashlib.sha256(numbers.astype("<u8").tobytes()).hexdigest()}


def freecell_table(cols: dict[str, Any], solutions: bool) -> pa.Table:
    """The survey rows of one chunk's columns (from ``survey_deals``)."""
    fields: dict[str, pa.Array] = {
        "deal": pa.array(cols["deal"], pa.uint64()),
        "verdict": pa.DictionaryArray.from_arrays(pa.array(cols["verdict"].astype(np.int8)), _VERDICTS),
        "reason": pa.DictionaryArray.from_arrays(pa.array(cols["reason"].astype(np.int8)), _REASONS),
        "moves": pa.array(cols["moves"], pa.int32()),
        "states": pa.array(cols["states"], pa.uint64()),
        "seconds": pa.array(cols["seconds"], pa.float64()),
        "replayed": pa.array(cols["replayed"].astype(bool), pa.bool_()),
    }
    if solutions:
        fields["solution"] = pa.array(cols["solution"], pa.string())
    return pa.table(fields)


_EMPTY = hashlib.sha256(b"").hexdigest()


def freecell_survey(
    numbers: np.ndarray | range,
    out: str | os.PathLike[str],
    *,
    mode: str,
    max_states: int | None,
    time_limit: float | None,
    solutions: bool,
    jobs: int,
    executor: cf.Executor | None,
    chunk_size: int | None,
    progress: Progress | None,
) -> ResultStore:
    """Survey the deals ``numbers`` (uint64, or a range of step 1) into the store at ``out``; see the module docstring."""
    size = _chunk_size("freecell.survey", chunk_size)
    params = {
        "deals": _deals_parameter(numbers),
        "mode": mode,
        "max_states": max_states,
        "time_limit": time_limit,
        "solutions": bool(solutions),
        "chunk_size": size,
    }
    plan = EvenChunks(len(numbers), size)
    store = ResultStore.create_or_resume(out, kind="freecell.survey", parameters=params, chunk_rows=plan)
    work = {"mode": mode, "max_states": max_states, "time_limit": time_limit, "solutions": bool(solutions)}
    chunks = LazyChunks(len(plan), lambda i: (work, numbers[i * size : (i + 1) * size]))
    return _drive(
        store,
        tasks.freecell_chunk,
        chunks,
        lambda i, cols: freecell_table(cols, bool(solutions)),
        executor=executor,
        jobs=jobs,
        progress=progress,
    )


# ---------------------------------------------------------------- gin


def gin_table(cols: dict[str, Any], labels: tuple[str, str]) -> pa.Table:
    """The arena rows of one chunk's columns (from ``arena_matches``)."""
    n = len(cols["match"])
    fields: dict[str, pa.Array] = {
        "pair": pa.array(cols["pair"], pa.int32()),
        "bot_a": pa.array([labels[0]] * n, pa.string()),
        "bot_b": pa.array([labels[1]] * n, pa.string()),
        "match": pa.array(cols["match"], pa.int64()),
    }
    for name in MATCH_COLUMNS:
        fields[name] = pa.array(cols[name].astype(bool), pa.bool_()) if name == "a_won" else pa.array(cols[name])
    return pa.table(fields)


def gin_arena(
    labels: Sequence[str],
    bots: Sequence[Any],
    pairs: Sequence[tuple[int, int]],
    pair_seeds: Sequence[int],
    matches: int,
    seed: int,
    rules: Any,
    out: str | os.PathLike[str],
    *,
    jobs: int,
    executor: cf.Executor | None,
    chunk_size: int | None,
    progress: Progress | None,
) -> ResultStore:
    """Play the arena's matches into the store at ``out``; see :func:`parlour.gin.arena`."""
    size = _chunk_size("gin.arena", chunk_size)
    params = {
        "bots": list(labels),
        "bot_reprs": [repr(b) for b in bots],
        "matches": matches,
        "seed": seed,
        "rules": repr(rules),
        "chunk_size": size,
    }
    per_pair = _sizes(matches, size)
    store = ResultStore.create_or_resume(out, kind="gin.arena", parameters=params, chunk_rows=per_pair * len(pairs))
    work = {"bots": list(bots), "pairs": list(pairs), "pair_seeds": list(pair_seeds), "rules": rules}
    chunks = [(work, k, lo, n) for k in range(len(pairs)) for lo, n in zip(range(0, matches, size), per_pair)]

    def to_table(i: int, cols: dict[str, Any]) -> pa.Table:
        a, b = pairs[chunks[i][1]]
        return gin_table(cols, (labels[a], labels[b]))

    return _drive(store, tasks.gin_chunk, chunks, to_table, executor=executor, jobs=jobs, progress=progress)


# ---------------------------------------------------------------- Yahtzee
def yahtzee_simulate(
    n: int,
    bot_kind: str,
    rules: str,
    bot_object: Any,
    seed: int,
    first: int,
    out: str | os.PathLike[str],
    *,
    threads: int,
    executor: cf.Executor | None,
    chunk_size: int | None,
    progress: Progress | None,
) -> ResultStore:
    """Simulate games ``first .. first+n-1`` into the store at ``out``; see :func:`parlour.yahtzee.simulate`."""
    size = _chunk_size("yahtzee.simulate", chunk_size)
    params = {"games": n, "first": first, "bot": bot_kind, "rules": rules, "seed": seed, "chunk_size": size}
    store = ResultStore.create_or_resume(out, kind="yahtzee.simulate", parameters=params, chunk_rows=_sizes(n, size))
    work: dict[str, Any] = {"bot": bot_kind, "rules": rules, "seed": seed}
    if executor is None:
        work["bot_object"] = bot_object  # this process's bot (a loaded table is used as it is)
    chunks = [(work, first + lo, k) for lo, k in zip(range(0, n, size), _sizes(n, size))]

    def to_table(i: int, scores: np.ndarray) -> pa.Table:
        lo = chunks[i][1]
        return pa.table(
            {"game": pa.array(np.arange(lo, lo + len(scores), dtype=np.int64)), "score": pa.array(scores, pa.int32())}
        )

    return _drive(store, tasks.yahtzee_chunk, chunks, to_table, executor=executor, jobs=threads, progress=progress)
