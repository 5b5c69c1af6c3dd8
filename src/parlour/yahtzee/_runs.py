"""Solitaire Yahtzee's long run, simulation (``yahtzee.simulate``), as :mod:`parlour.distributed` drives it.

One row per game: ``game`` (its index) and ``score``.

The chunk task is a plain module-level function that any executor can pickle; this
module imports only NumPy at load time (workers import it), the rows' pyarrow when they
are made.
"""

from __future__ import annotations

import concurrent.futures as cf
import os
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from parlour.games import LongRun, RunPlan

if TYPE_CHECKING:  # pragma: no cover
    from parlour.distributed.store import ResultStore

__all__ = ["SIMULATE", "simulate_plan", "simulate_rows", "yahtzee_bot", "yahtzee_chunk", "yahtzee_simulate"]

_BOTS: dict[tuple[str, str], Any] = {}
_BOTS_LOCK = threading.Lock()


def yahtzee_bot(kind: str, rules: str) -> Any:
    """The bot ``kind`` ("optimal" or "heuristic") under ``rules`` (the rules text), made once per process.

    An optimal bot solves its table the first time it is asked for (about a second),
    so a worker that runs many chunks solves once.
    """
    from parlour._core.yahtzee import HeuristicBot, OptimalBot, Rules, Solver

    key = (kind, rules)
    with _BOTS_LOCK:
        bot = _BOTS.get(key)
        if bot is None:
            r = Rules.parse(rules)
            if kind == "optimal":
                solver = Solver(r)
                solver.solve()
                bot = OptimalBot(solver)
            elif kind == "heuristic":
                bot = HeuristicBot(r)
            else:
                from parlour.errors import InvalidValueError

                raise InvalidValueError(f"no Yahtzee bot kind {kind!r} (optimal, heuristic)")
            _BOTS[key] = bot
    return bot


def yahtzee_chunk(params: dict[str, Any], first: int, count: int, jobs: int) -> np.ndarray:
    """The scores of games ``first .. first+count-1`` (see ``parlour._core.yahtzee.simulate``)."""
    from parlour._core.yahtzee import simulate

    bot = params.get("bot_object")
    if bot is None:
        bot = yahtzee_bot(params["bot"], params["rules"])
    scores: np.ndarray = simulate(count, bot, params["seed"], jobs, first)
    return scores


def simulate_rows(chunk: tuple[Any, ...], scores: np.ndarray) -> Any:
    """The rows (a ``pyarrow.Table``) of one chunk's scores: ``game`` and ``score``."""
    import pyarrow as pa  # type: ignore[import-untyped, import-not-found, unused-ignore]

    lo = chunk[1]
    return pa.table(
        {"game": pa.array(np.arange(lo, lo + len(scores), dtype=np.int64)), "score": pa.array(scores, pa.int32())}
    )


def simulate_plan(
    chunk_size: int, *, n: int, bot_kind: str, rules: str, bot_object: Any, seed: int, first: int, local: bool
) -> RunPlan:
    """The chunks of games ``first .. first+n-1`` and what the store records; ``local``: the
    chunks run in this process, with this process's bot (a loaded table is used as it is)."""
    params = {"games": n, "first": first, "bot": bot_kind, "rules": rules, "seed": seed, "chunk_size": chunk_size}
    work: dict[str, Any] = {"bot": bot_kind, "rules": rules, "seed": seed}
    if local:
        work["bot_object"] = bot_object
    from parlour.distributed.runner import chunk_sizes  # the long runs only: import parlour stays lean

    sizes = chunk_sizes(n, chunk_size)
    chunks = [(work, first + lo, k) for lo, k in zip(range(0, n, chunk_size), sizes)]
    return RunPlan(params, chunks, sizes)


#: Simulation: ``simulate(..., out=)`` and ``parlour yahtzee simulate --out``.
SIMULATE = LongRun(
    kind="yahtzee.simulate",
    what="games",
    chunk_size=10_000,
    plan=simulate_plan,
    task=yahtzee_chunk,
    rows=simulate_rows,
)


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
    progress: Callable[[int, int], object] | None,
) -> ResultStore:
    """Simulate games ``first .. first+n-1`` into the store at ``out``; see :func:`parlour.yahtzee.simulate`."""
    from parlour.distributed.runs import run_plan

    return run_plan(
        SIMULATE,
        out,
        chunk_size=chunk_size,
        executor=executor,
        jobs=threads,
        progress=progress,
        n=n,
        bot_kind=bot_kind,
        rules=rules,
        bot_object=bot_object,
        seed=seed,
        first=first,
        local=executor is None,
    )
