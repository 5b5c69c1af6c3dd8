"""The coach's routes: ``GET /api/tables/{id}/advice`` and ``GET /api/tables/{id}/review`` for the token's seat."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Header, Request

from parlour.server.advice import advice_options, advise
from parlour.server.errors import AuthError
from parlour.server.routes import TablesDep, bearer

__all__ = ["ADVICE_SLOTS", "router"]

router = APIRouter()

#: Advice computations at once (each releases the GIL in the engine); more wait their turn.
ADVICE_SLOTS = 2


@router.get("/api/tables/{table_id}/advice")
async def table_advice(
    request: Request,
    table_id: str,
    tables: TablesDep,
    authorization: str | None = Header(default=None),
    objectives: bool = False,
    target: int | None = None,
    ranking: bool | None = None,
) -> dict[str, Any]:
    """Advice for the token's seat ('Authorization: Bearer <token>'), computed by the table's game from
    the seat's own observation only (docs/server.md says what each game advises).  `objectives` (the
    best action for each objective: the mean, reaching `target`, beating the other seats) and `target`
    (a final score to reach) are options of the games whose advice takes them, and `ranking` (false: the
    arrangement of a hand alone, without the coach's ranking of every legal action); another game refuses them."""
    t = await tables.get(table_id)
    seat = tables.authenticate(t, bearer(authorization))
    if seat is None:
        raise AuthError("advice is for a seat: send its token ('Authorization: Bearer <token>')")
    seq, obs = t.seq, t.game.observation(seat)
    info = tables.registry.get(t.game_name)
    slots: asyncio.Semaphore = request.app.state.advice_slots
    async with slots:
        out: dict[str, Any] = await asyncio.to_thread(advise, info, obs, **advice_options(objectives, target, ranking))
    return {"table": t.id, "seq": seq, "seat": seat, **out}


@router.get("/api/tables/{table_id}/review")
async def table_review(
    request: Request,
    table_id: str,
    hand: int,
    tables: TablesDep,
    authorization: str | None = Header(default=None),
) -> dict[str, Any]:
    """The review of the token's seat's decisions in hand `hand` (1 for the first) once it is over,
    computed by the table's game from that seat's own observations (the decisions clearly below the best,
    with the loss, the better action and why; a game without reviews answers PhaseError)."""
    t = await tables.get(table_id)
    seat = tables.authenticate(t, bearer(authorization))
    if seat is None:
        raise AuthError("a review is for a seat: send its token ('Authorization: Bearer <token>')")
    info = tables.registry.get(t.game_name)
    # The game as it was dealt, and the actions accepted since, in order: what the review replays.
    start = info.new_game(players=len(t.seats), preset=t.preset, seed=t.seed, **t.options)
    actions = [row[2] for row in await asyncio.to_thread(tables.store.actions_of, t.id)]
    slots: asyncio.Semaphore = request.app.state.advice_slots
    async with slots:
        out: dict[str, Any] = await asyncio.to_thread(info.review_hand, start, actions, seat, hand)
    return {"table": t.id, "seat": seat, **out}
