"""FreeCell's long run, the deal survey (``freecell.survey``), as :mod:`parlour.distributed` drives it.

One row per deal, in the order given: ``deal`` (uint64), ``verdict`` ("solved",
"unsolvable", "unknown"), ``reason`` ("" or why the search stopped: "max_states",
"time_limit", "memory_limit"), ``moves`` (solution length, 0 without one), ``states``
(positions stored), ``seconds`` (time in the solver, the one measured column),
``replayed`` (the solution was replayed move by move with full checks and won), and
``solution`` (standard notation) when asked for.

The chunk tasks are plain module-level functions that any executor can pickle; this
module imports only NumPy at load time (workers import it), the rows' pyarrow when they
are made.
"""

from __future__ import annotations

import concurrent.futures as cf
import hashlib
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from parlour.games import LongRun, RunPlan

if TYPE_CHECKING:  # pragma: no cover
    from parlour.distributed.store import ResultStore

__all__ = ["SURVEY", "freecell_chunk", "freecell_survey", "survey_plan", "survey_rows"]


def freecell_chunk(params: dict[str, Any], numbers: np.ndarray, jobs: int) -> dict[str, Any]:
    """Survey columns of the deals ``numbers`` (see ``parlour._core.freecell.survey_deals``)."""
    from parlour._core.freecell import survey_deals

    cols: dict[str, Any] = survey_deals(
        np.ascontiguousarray(numbers, dtype=np.uint64),
        params["mode"],
        jobs,
        params["max_states"],
        params["time_limit"],
        params["solutions"],
    )
    return cols


def survey_rows(chunk: tuple[Any, ...], cols: dict[str, Any]) -> Any:
    """The survey rows (a ``pyarrow.Table``) of one chunk's columns (from ``survey_deals``)."""
    import pyarrow as pa  # type: ignore[import-untyped, import-not-found, unused-ignore]

    verdicts = pa.array(["solved", "unsolvable", "unknown"])
    reasons = pa.array(["", "max_states", "time_limit", "memory_limit"])
    fields: dict[str, Any] = {
        "deal": pa.array(cols["deal"], pa.uint64()),
        "verdict": pa.DictionaryArray.from_arrays(pa.array(cols["verdict"].astype(np.int8)), verdicts),
        "reason": pa.DictionaryArray.from_arrays(pa.array(cols["reason"].astype(np.int8)), reasons),
        "moves": pa.array(cols["moves"], pa.int32()),
        "states": pa.array(cols["states"], pa.uint64()),
        "seconds": pa.array(cols["seconds"], pa.float64()),
        "replayed": pa.array(cols["replayed"].astype(bool), pa.bool_()),
    }
    if chunk[0]["solutions"]:
        fields["solution"] = pa.array(cols["solution"], pa.string())
    return pa.table(fields)


def _deals_parameter(numbers: np.ndarray | range) -> dict[str, Any]:
    n = len(numbers)
    if isinstance(numbers, range):  # step 1, checked by the caller: never made into an array
        if n:
            return {"first": numbers.start, "last": numbers.stop - 1, "count": n}
        return {"count": 0, "sha256": hashlib.sha256(b"").hexdigest()}
    if n and numbers[0] + np.uint64(n - 1) == numbers[-1] and bool(np.all(np.diff(numbers.astype(np.int64)) == 1)):
        return {"first": int(numbers[0]), "last": int(numbers[-1]), "count": n}
    return {"count": n, "sha256": hashlib.sha256(numbers.astype("<u8").tobytes()).hexdigest()}


def survey_plan(
    chunk_size: int,
    *,
    deals: np.ndarray | range,
    mode: str,
    max_states: int | None,
    time_limit: float | None,
    solutions: bool,
) -> RunPlan:
    """The chunks of a survey of ``deals`` (uint64 deal numbers, or a range of step 1) and what
    its store records; the chunks are made as they are asked for, so a survey of every deal
    plans in constant memory."""
    from parlour.distributed.runner import LazyChunks
    from parlour.distributed.store import EvenChunks

    params = {
        "deals": _deals_parameter(deals),
        "mode": mode,
        "max_states": max_states,
        "time_limit": time_limit,
        "solutions": bool(solutions),
        "chunk_size": chunk_size,
    }
    work = {"mode": mode, "max_states": max_states, "time_limit": time_limit, "solutions": bool(solutions)}
    rows = EvenChunks(len(deals), chunk_size)
    chunks = LazyChunks(len(rows), lambda i: (work, deals[i * chunk_size : (i + 1) * chunk_size]))
    return RunPlan(params, chunks, rows)


#: The deal survey: ``solve_deals(..., out=)`` and ``parlour freecell survey``.
SURVEY = LongRun(
    kind="freecell.survey", what="deals", chunk_size=5000, plan=survey_plan, task=freecell_chunk, rows=survey_rows
)


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
    progress: Callable[[int, int], object] | None,
) -> ResultStore:
    """Survey the deals ``numbers`` (uint64, or a range) into the store at ``out``; see the module docstring."""
    from parlour.distributed.runs import run_plan

    return run_plan(
        SURVEY,
        out,
        chunk_size=chunk_size,
        executor=executor,
        jobs=jobs,
        progress=progress,
        deals=numbers,
        mode=mode,
        max_states=max_states,
        time_limit=time_limit,
        solutions=solutions,
    )
