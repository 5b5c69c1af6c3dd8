"""FreeCell's advice for the player (the registry's ``advice`` hook; the server's advice route calls it).

A solution from the current position (:func:`parlour.freecell.solve`, bounded in
positions, seconds and memory), or the verdict that there is none (a proof), or that
none was found within the bounds.
"""

from __future__ import annotations

from typing import Any

__all__ = ["MAX_STATES", "MEMORY", "SECONDS", "advise"]

#: Bounds of one search for advice: positions stored, seconds.
MAX_STATES = 1_000_000
SECONDS = 8.0
#: Memory a search for advice may hold for positions (bytes).
MEMORY = 256 * 2**20


def advise(observation: Any) -> dict[str, Any]:
    """``{"game", "verdict", "moves"}`` (and ``states``, ``reason`` when there is no solution)."""
    from parlour.freecell import Solution, Unsolvable, solve

    if observation.is_terminal:
        verdict = "SOLVED" if observation.to_dict().get("solved") else "OVER"
        return {"game": "freecell", "verdict": verdict, "moves": []}
    r = solve(observation.state, mode="fast", max_states=MAX_STATES, time_limit=SECONDS, memory_limit=MEMORY)
    if isinstance(r, Solution):
        return {"game": "freecell", "verdict": "SOLVED", "moves": list(r.notation)}
    if isinstance(r, Unsolvable):
        return {"game": "freecell", "verdict": "UNSOLVABLE", "moves": [], "states": int(r.states)}
    return {"game": "freecell", "verdict": "UNKNOWN", "moves": [], "reason": str(r.reason), "states": int(r.states)}
