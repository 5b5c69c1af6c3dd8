"""Gin rummy's long run, the bot arena (``gin.arena``), as :mod:`parlour.distributed` drives it.

One row per match: ``pair`` (index of the pair), ``bot_a``, ``bot_b``, ``match`` (its
index within the pair), then the columns of :data:`MATCH_COLUMNS`: ``a_won``,
``score_a``, ``score_b``, ``hands``, ``dead``, ``hands_won_a``/``_b``,
``points_a``/``_b``, ``knocks_a``/``_b``, ``gins_a``/``_b``, ``undercuts_a``/``_b``,
``decisions``.

The chunk task is a plain module-level function that any executor can pickle; this
module imports only NumPy at load time (workers import it), the rows' pyarrow when they
are made.
"""

from __future__ import annotations

import concurrent.futures as cf
import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from parlour.games import LongRun, RunPlan

if TYPE_CHECKING:  # pragma: no cover
    from parlour.distributed.store import ResultStore

__all__ = ["ARENA", "MATCH_COLUMNS", "arena_plan", "arena_rows", "gin_arena", "gin_chunk"]

#: The per-match columns of ``arena_matches`` and of a gin arena result table (besides pair, bots, match).
MATCH_COLUMNS = (
    "a_won", "score_a", "score_b", "hands", "dead", "hands_won_a", "hands_won_b", "points_a", "points_b",
    "knocks_a", "knocks_b", "gins_a", "gins_b", "undercuts_a", "undercuts_b", "decisions",
)  # fmt: skip


def gin_chunk(params: dict[str, Any], pair: int, first: int, count: int, jobs: int) -> dict[str, Any]:
    """Per-match columns of matches ``first .. first+count-1`` of pair ``pair`` (see ``arena_matches``)."""
    from parlour._core.gin import arena_matches

    a, b = params["pairs"][pair]
    bots = params["bots"]
    cols: dict[str, Any] = arena_matches(
        bots[a],
        bots[b],
        params["rules"],
        params["pair_seeds"][pair],
        first,
        count,
        jobs,
        duplicate=bool(params.get("duplicate", False)),
    )
    cols["pair"] = np.full(count, pair, dtype=np.int32)
    return cols


def arena_rows(chunk: tuple[Any, ...], cols: dict[str, Any]) -> Any:
    """The arena rows (a ``pyarrow.Table``) of one chunk's columns (from ``arena_matches``)."""
    import pyarrow as pa  # type: ignore[import-untyped, import-not-found, unused-ignore]

    work, pair = chunk[0], chunk[1]
    a, b = work["pairs"][pair]
    n = len(cols["match"])
    fields: dict[str, Any] = {
        "pair": pa.array(cols["pair"], pa.int32()),
        "bot_a": pa.array([work["labels"][a]] * n, pa.string()),
        "bot_b": pa.array([work["labels"][b]] * n, pa.string()),
        "match": pa.array(cols["match"], pa.int64()),
    }
    for name in MATCH_COLUMNS:
        fields[name] = pa.array(cols[name].astype(bool), pa.bool_()) if name == "a_won" else pa.array(cols[name])
    return pa.table(fields)


def arena_plan(
    chunk_size: int,
    *,
    labels: Sequence[str],
    bots: Sequence[Any],
    pairs: Sequence[tuple[int, int]],
    pair_seeds: Sequence[int],
    matches: int,
    seed: int,
    rules: Any,
    duplicate: bool = False,
) -> RunPlan:
    """The chunks of an arena (``matches`` per pair, every pair's in chunks) and what its store records
    (duplicate matches: chunks of whole deals)."""
    if duplicate:
        chunk_size += chunk_size % 2
    params: dict[str, Any] = {
        "bots": list(labels),
        "bot_reprs": [repr(b) for b in bots],
        "matches": matches,
        "seed": seed,
        "rules": repr(rules),
        "chunk_size": chunk_size,
    }
    if duplicate:
        params["duplicate"] = True

    from parlour.distributed.runner import chunk_sizes  # the long runs only: import parlour stays lean

    per_pair = chunk_sizes(matches, chunk_size)
    work = {
        "bots": list(bots),
        "labels": list(labels),
        "pairs": list(pairs),
        "pair_seeds": list(pair_seeds),
        "rules": rules,
        "duplicate": duplicate,
    }
    chunks = [(work, k, lo, n) for k in range(len(pairs)) for lo, n in zip(range(0, matches, chunk_size), per_pair)]
    return RunPlan(params, chunks, per_pair * len(pairs))


#: The bot arena: ``arena(..., out=)`` and ``parlour gin arena --out``.
ARENA = LongRun(kind="gin.arena", what="matches", chunk_size=200, plan=arena_plan, task=gin_chunk, rows=arena_rows)


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
    progress: Callable[[int, int], object] | None,
    duplicate: bool = False,
) -> ResultStore:
    """Play the arena's matches into the store at ``out``; see :func:`parlour.gin.arena`."""
    from parlour.distributed.runs import run_plan

    return run_plan(
        ARENA,
        out,
        chunk_size=chunk_size,
        executor=executor,
        jobs=jobs,
        progress=progress,
        labels=labels,
        bots=bots,
        pairs=pairs,
        pair_seeds=pair_seeds,
        matches=matches,
        seed=seed,
        rules=rules,
        duplicate=duplicate,
    )
