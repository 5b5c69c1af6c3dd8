"""Gin rummy's advice for a seat (the registry's ``advice`` hook; the server's advice route calls it).

The best arrangement of the seat's own hand (:func:`parlour.gin.best_melds`): its
melds, its deadwood cards and their points.  It reads the seat's observation only.
"""

from __future__ import annotations

from typing import Any

__all__ = ["advise"]


def advise(observation: Any) -> dict[str, Any]:
    """``{"game", "melds", "deadwood", "deadwood_points"}`` for the seat's hand (empty for a spectator)."""
    from parlour import gin

    hand = [str(c) for c in observation.hand]
    if not hand:
        return {"game": "gin", "melds": [], "deadwood": [], "deadwood_points": 0}
    m = gin.best_melds(hand)
    return {
        "game": "gin",
        "melds": [[str(c) for c in meld.cards] for meld in m.melds],
        "deadwood": [str(c) for c in m.deadwood_cards],
        "deadwood_points": int(m.deadwood),
    }
