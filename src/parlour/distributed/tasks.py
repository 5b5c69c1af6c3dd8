"""The work of one chunk, as plain module-level functions that any executor can pickle.

Each takes the run's parameters, the chunk's items and the number of engine threads,
calls one C++ batch entry point and returns NumPy columns (or, for the
``*_objects`` variants, the library's result objects).  Workers import only NumPy and
the engine here; the result store (pyarrow) lives on the side that collects the
results.
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np

__all__ = [
    "freecell_chunk",
    "freecell_objects_chunk",
    "gin_chunk",
    "yahtzee_bot",
    "yahtzee_chunk",
]


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


def freecell_objects_chunk(params: dict[str, Any], numbers: np.ndarray, jobs: int) -> list[Any]:
    """The :func:`parlour.freecell.solve_deals` results of the deals ``numbers``."""
    from parlour.freecell.solver import solve_deals

    return solve_deals(
        [int(n) for n in numbers],
        mode=params["mode"],
        jobs=jobs,
        max_states=params["max_states"],
        time_limit=params["time_limit"],
    )


def gin_chunk(params: dict[str, Any], pair: int, first: int, count: int, jobs: int) -> dict[str, Any]:
    """Per-match columns of matches ``first .. first+count-1`` of pair ``pair`` (see ``arena_matches``)."""
    from parlour._core.gin import arena_matches

    a, b = params["pairs"][pair]
    bots = params["bots"]
    cols: dict[str, Any] = arena_matches(
        bots[a], bots[b], params["rules"], params["pair_seeds"][pair], first, count, jobs
    )
    cols["pair"] = np.full(count, pair, dtype=np.int32)
    return cols


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
