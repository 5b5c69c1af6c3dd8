"""Yahtzee's advice for a seat (the registry's ``advice`` hook; the server's advice route calls it).

The optimal expected final score of every legal action, from the exact solver
(:class:`parlour.yahtzee.Solver`; the seat's total so far plus the expected further
score), and the best one.  On request (``objectives``, or a ``target`` final score),
the best action under each objective (:func:`parlour.yahtzee.advise`): the mean,
reaching ``target``, and beating the other players (each taken to play the
expected-score strategy from their card as it is), with what each action gives up on
the others — once the seat's card has at most :data:`OBJECTIVES_MAX_OPEN` open boxes
(the tables grow with the open boxes).  Everything is read from the seat's observation.
"""

from __future__ import annotations

from typing import Any

from parlour.errors import InvalidValueError

__all__ = ["OBJECTIVES_MAX_OPEN", "advise"]

_SOLVERS: dict[str, Any] = {}
#: The most open boxes on the seat's card for which the advice adds the target and
#: opponent objectives (their tables cover every category set left, 2**open of them: at 7
#: open boxes a few seconds of solving, from the empty card a minute or more and 1 GB).
OBJECTIVES_MAX_OPEN = 7


def _solver(rules: Any) -> Any:
    from parlour.yahtzee import Solver

    key = str(rules.code)
    if key not in _SOLVERS:
        _SOLVERS[key] = Solver(rules)
    return _SOLVERS[key]


def _others(obs: Any, solver: Any) -> Any:
    """The distribution of the best final score among the other seats, each playing the
    expected-score strategy from their card (independent of ours); None when alone."""
    import numpy as np

    from parlour.yahtzee import ScoreDistribution

    cdf: Any = None
    for seat, card in enumerate(obs.scorecards):
        if seat == obs.seat:
            continue
        d = solver.distribution(card.state, points=int(card.total))
        c = np.cumsum(d.pmf)
        if cdf is None:
            cdf = c
        else:  # P(max <= y) = product of P(each <= y)
            n = max(len(cdf), len(c))
            cdf = np.pad(cdf, (0, n - len(cdf)), constant_values=1.0) * np.pad(c, (0, n - len(c)), constant_values=1.0)
    if cdf is None:
        return None
    pmf = np.diff(cdf, prepend=0.0)
    return ScoreDistribution(np.clip(pmf, 0.0, None) / pmf.sum())


def _objectives(obs: Any, solver: Any, total: int, target: int | None) -> dict[str, Any]:
    from parlour.yahtzee import advise as advise_objectives

    state = obs.scorecards[obs.seat].state
    open_boxes = 13 - len(state.scored)
    out: dict[str, Any] = {"target": target, "opponents": len(obs.scorecards) - 1}
    if open_boxes > OBJECTIVES_MAX_OPEN:
        out["objectives"] = []
        out["objectives_from"] = OBJECTIVES_MAX_OPEN
        return out
    legal = {str(a): int(a.id) for a in obs.legal_actions()}
    opponent = _others(obs, solver)
    rows = advise_objectives(
        state,
        obs.dice,
        int(obs.rolls_left),
        points=total,
        solver=solver,
        target=target if target is not None and target > total else None,
        opponent=opponent,
    )
    out["objectives"] = [
        {
            "objective": r.objective,
            "id": legal.get(str(r.action)),
            "text": str(r.action),
            "mean": round(r.mean, 4),
            "reach": r.reach,
            "win": r.win,
            "gives_up": r.gives_up,
        }
        for r in rows
    ]
    return out


def advise(observation: Any, objectives: bool = False, target: int | None = None) -> dict[str, Any]:
    """``{"game", "actions", "best", "objectives"}`` for the seat (and ``target``, ``opponents``,
    ``objectives_from`` with ``objectives`` or a ``target``, 0..1575)."""
    from parlour.yahtzee import Reroll, Score

    obs = observation
    seat = obs.seat
    legal = obs.legal_actions()
    out: dict[str, Any] = {"game": "yahtzee", "actions": [], "best": None, "objectives": []}
    if target is not None and not 0 <= target <= 1575:
        raise InvalidValueError(f"a target final score is 0..1575, got {target}")
    if seat is None or not legal or obs.dice is None:
        return out
    card = obs.scorecards[seat]
    total = int(obs.to_dict()["players"][seat]["total"])
    solver = _solver(obs.rules)
    state, dice, rolls = card.state, obs.dice, int(obs.rolls_left)
    values: dict[str, float] = {str(c.name): v for c, v in solver.category_values(state, dice)}
    keeps: dict[str, float] = {}
    if rolls > 0:
        keeps = {str(k): v for k, v in solver.keep_values(state, dice, rolls)}
    rows: list[dict[str, Any]] = []
    for a in legal:
        if isinstance(a, Score):
            v = values.get(str(a.category.name))
        elif isinstance(a, Reroll):
            v = keeps.get(str(a.keep))
        else:  # pragma: no cover - Yahtzee has only these two actions
            v = None
        if v is not None:
            rows.append({"id": int(a.id), "text": str(a), "value": round(total + float(v), 4)})
    out["actions"] = rows
    if rows:
        out["best"] = max(rows, key=lambda r: (r["value"], -r["id"]))["id"]
    if objectives or target is not None:
        out.update(_objectives(obs, solver, total, target))
    return out
