"""Advice for a seat, computed by the library's own solvers from that seat's observation only.

``GET /api/tables/{id}/advice`` answers with :func:`advise`.  Everything here reads the
observation the seat already receives (its own hand, its own dice, the public cards), so
advice never tells a seat anything hidden; the server still knows no rule: each game's
advice is one call into the library.

- gin: the best arrangement of the seat's hand (``parlour.gin.best_melds``): melds,
  deadwood cards and deadwood points; on the seat's turn, the coach's ranking of every
  legal action (``parlour.gin.advise``), unless ``ranking`` is off.
- yahtzee: the optimal expected final score of every legal action, from the exact solver
  (``parlour.yahtzee.Solver``; the seat's total so far plus the expected further score),
  and the best one; on request (``objectives``), the best action under each objective
  (``parlour.yahtzee.advise``): the mean, reaching a ``target`` final score, and beating
  the other players (each taken to play the expected-score strategy from their card as it
  is), with what each action gives up on the others — once the seat's card has at most
  ``YAHTZEE_OBJECTIVES_MAX_OPEN`` open boxes (the tables grow with the open boxes).
- freecell: a solution from the current position (``parlour.freecell.solve``, bounded in
  positions and seconds), or the verdict that there is none (a proof), or that none was
  found within the bounds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from parlour.errors import InvalidValueError, PhaseError

__all__ = [
    "ADVISORS",
    "FREECELL_MAX_STATES",
    "FREECELL_SECONDS",
    "REVIEWERS",
    "YAHTZEE_OBJECTIVES_MAX_OPEN",
    "advise",
    "review",
]

#: Bounds of one FreeCell search for advice (positions stored, seconds).
FREECELL_MAX_STATES = 1_000_000
FREECELL_SECONDS = 8.0
#: Memory a FreeCell search for advice may hold for positions (bytes).
FREECELL_MEMORY = 256 * 2**20

_YAHTZEE_SOLVERS: dict[str, Any] = {}
#: The most open boxes on the seat's card for which the Yahtzee advice adds the target and
#: opponent objectives (their tables cover every category set left, 2**open of them: at 7
#: open boxes a few seconds of solving, from the empty card a minute or more and 1 GB).
YAHTZEE_OBJECTIVES_MAX_OPEN = 7


def _gin(obs: Any, ranking: bool = True) -> dict[str, Any]:
    from parlour.gin._advice import advise as gin_advise

    return gin_advise(obs, ranking)


def _yahtzee_solver(rules: Any) -> Any:
    from parlour.yahtzee import Solver

    key = str(rules.code)
    if key not in _YAHTZEE_SOLVERS:
        _YAHTZEE_SOLVERS[key] = Solver(rules)
    return _YAHTZEE_SOLVERS[key]


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
    if open_boxes > YAHTZEE_OBJECTIVES_MAX_OPEN:
        out["objectives"] = []
        out["objectives_from"] = YAHTZEE_OBJECTIVES_MAX_OPEN
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


def _yahtzee(obs: Any, objectives: bool = False, target: int | None = None) -> dict[str, Any]:
    from parlour.yahtzee import Reroll, Score

    seat = obs.seat
    legal = obs.legal_actions()
    out: dict[str, Any] = {"game": "yahtzee", "actions": [], "best": None, "objectives": []}
    if target is not None and not 0 <= target <= 1575:
        raise InvalidValueError(f"a target final score is 0..1575, got {target}")
    if seat is None or not legal or obs.dice is None:
        return out
    card = obs.scorecards[seat]
    total = int(obs.to_dict()["players"][seat]["total"])
    solver = _yahtzee_solver(obs.rules)
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


def _freecell(obs: Any) -> dict[str, Any]:
    from parlour.freecell import Solution, Unsolvable, solve

    if obs.is_terminal:
        return {"game": "freecell", "verdict": "SOLVED" if obs.to_dict().get("solved") else "OVER", "moves": []}
    r = solve(
        obs.state,
        mode="fast",
        max_states=FREECELL_MAX_STATES,
        time_limit=FREECELL_SECONDS,
        memory_limit=FREECELL_MEMORY,
    )
    if isinstance(r, Solution):
        return {"game": "freecell", "verdict": "SOLVED", "moves": list(r.notation)}
    if isinstance(r, Unsolvable):
        return {"game": "freecell", "verdict": "UNSOLVABLE", "moves": [], "states": int(r.states)}
    return {"game": "freecell", "verdict": "UNKNOWN", "moves": [], "reason": str(r.reason), "states": int(r.states)}


#: The advisor of each game, by registry name: a function of the seat's observation.
ADVISORS: dict[str, Callable[[Any], dict[str, Any]]] = {"gin": _gin, "yahtzee": _yahtzee, "freecell": _freecell}


def advise(
    game_name: str, observation: Any, objectives: bool = False, target: int | None = None, ranking: bool = True
) -> dict[str, Any]:
    """The advice for the seat whose ``observation`` this is (PhaseError for a game without an
    advisor).  Yahtzee only: ``objectives`` adds the best action for each objective, and
    ``target`` (a final score to reach; implies ``objectives``) adds that one.  Gin only:
    ``ranking=False`` leaves out the coach's ranking (the arrangement alone, at once)."""
    fn = ADVISORS.get(game_name)
    if fn is None:
        raise PhaseError(f"there is no advice for {game_name}")
    if game_name == "gin":
        return _gin(observation, ranking)
    if not objectives and target is None:
        return fn(observation)
    if game_name != "yahtzee":
        raise InvalidValueError(f"objectives are an option of the Yahtzee advice, not of {game_name}'s")
    return _yahtzee(observation, objectives, target)


def _gin_review(start: Any, actions: list[int], seat: int, hand: int) -> dict[str, Any]:
    from parlour.gin._advice import review_hand

    return review_hand(start, actions, seat, hand)


#: The reviewer of each game with reviews: a function of the game at its start, the actions
#: since (ids), the seat and the hand number.
REVIEWERS: dict[str, Callable[[Any, list[int], int, int], dict[str, Any]]] = {"gin": _gin_review}


def review(game_name: str, start: Any, actions: list[int], seat: int, hand: int) -> dict[str, Any]:
    """The review of ``seat``'s decisions in hand ``hand`` of the game played from ``start`` by
    ``actions``, from that seat's observations only (PhaseError for a game without reviews)."""
    fn = REVIEWERS.get(game_name)
    if fn is None:
        raise PhaseError(f"there is no review for {game_name}")
    return fn(start, actions, seat, hand)
