"""Gin rummy's advice and reviews for a seat, as JSON-ready dicts (what the server's advice and
review routes answer).

:func:`advise` reads the seat's observation only: the best arrangement of its hand, and
when the seat is to act the coach's ranking of every legal action
(:func:`parlour.gin.advise`).  :func:`review_hand` replays a match from its start and
reviews one seat's decisions in one finished hand (:func:`parlour.gin.review`), from
that seat's observations only.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from parlour.errors import InvalidValueError, PhaseError

__all__ = ["advise", "review_hand"]


def _action_row(a: Any) -> dict[str, Any]:
    return {
        "id": int(a.action.id),
        "text": str(a.action),
        "rank": a.rank,
        "value": a.value,
        "points": a.points,
        "match_win": a.match_win,
        "loss": a.loss,
        "points_loss": a.points_loss,
        "win_hand": a.win_hand,
        "opponent_ends_soon": a.opponent_ends_soon,
        "opponent_uses": a.opponent_uses,
        "deadwood_after": a.deadwood_after,
        "outs": [str(c) for c in a.outs],
        "reasons": list(a.reasons),
    }


def advise(observation: Any, ranking: bool = True) -> dict[str, Any]:
    """``{"game", "melds", "deadwood", "deadwood_points", "actions", "best", ...}`` for the seat.

    The arrangement of the seat's hand always (empty for a spectator); with ``ranking``
    (the default) and the seat to act, every legal action ranked by the coach, best first
    (``actions``: id, text, rank, points, match_win, loss, points_loss, reasons, ...;
    ``best``: the best action's id), with ``summary``, ``by_match``, ``worlds``.
    """
    from parlour import gin

    out: dict[str, Any] = {"game": "gin", "melds": [], "deadwood": [], "deadwood_points": 0}
    hand = [str(c) for c in observation.hand]
    if hand:
        m = gin.best_melds(hand)
        out.update(
            melds=[[str(c) for c in meld.cards] for meld in m.melds],
            deadwood=[str(c) for c in m.deadwood_cards],
            deadwood_points=int(m.deadwood),
        )
    out.update(actions=[], best=None, summary=[], by_match=False)
    if not ranking or observation.turn is None or observation.turn != observation.seat:
        return out
    adv = gin.advise(observation)
    rows = [_action_row(a) for a in adv.actions]
    out.update(
        actions=rows,
        best=rows[0]["id"] if rows else None,
        summary=list(adv.summary),
        by_match=adv.by_match,
        worlds=adv.worlds,
    )
    return out


def review_hand(start: Any, actions: Iterable[int | str], seat: int, hand: int) -> dict[str, Any]:
    """The review of ``seat``'s decisions in hand ``hand`` (1 for the first) of the match
    played from ``start`` (a gin Game, left as it is) by ``actions``.

    InvalidValueError for a hand that was not played; PhaseError for the hand in play
    (a hand is reviewed once it is over).
    """
    from parlour import gin

    if isinstance(hand, bool) or not isinstance(hand, int) or hand < 1:
        raise InvalidValueError(f"a hand is numbered from 1, got {hand!r}")
    g = start.clone()
    who = gin.Player(seat)
    history: list[tuple[Any, Any]] = []
    for a in actions:
        number = len(g.match.hands) + 1
        if number > hand:
            break
        if number == hand and g.current_player == who:
            history.append((g.observation(who), gin.Action(a)))
        g.apply(a)
    finished = len(g.match.hands)
    if finished < hand:
        if finished + 1 == hand:
            raise PhaseError(f"hand {hand} is still being played: it is reviewed once it is over")
        raise InvalidValueError(f"there is no hand {hand}: {finished} hands are over")
    r = gin.review(history)
    out: dict[str, Any] = {"game": "gin", "hand": hand, **r.to_dict()}
    return out
