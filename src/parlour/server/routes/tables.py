"""Routes of the games and the tables: ``GET /api/games``, ``POST /api/tables``, ``GET /api/tables``,
``GET /api/tables/{id}``."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Header
from pydantic import BaseModel, ConfigDict, Field

from parlour.errors import InvalidValueError, ParlourError
from parlour.server.games import describe
from parlour.server.routes import TablesDep, bearer
from parlour.server.table import Table

__all__ = ["CreateTable", "NewSeat", "router"]

router = APIRouter()

#: Option names a client may not pass to a game (the server chooses them).
_RESERVED = frozenset({"players", "preset", "rules", "seed"})


class NewSeat(BaseModel):
    """One seat of a new table: open for a person, or a server-side bot."""

    model_config = ConfigDict(extra="forbid")
    kind: str = Field(default="open", description="'open' (a person takes it later) or 'bot'")
    bot: str | None = Field(default=None, description="The bot's registered name (GET /api/games lists them)")
    think_ms: int = Field(default=0, description="A bot's pause before each action, in ms, for people to follow")
    name: str | None = Field(default=None, max_length=64)


class CreateTable(BaseModel):
    """A new table."""

    model_config = ConfigDict(extra="forbid")
    game: str = Field(description="A registered game's name (GET /api/games lists them)")
    preset: str | None = Field(default=None, description="A rules preset of the game (GET /api/games)")
    players: int | None = Field(default=None, description="Number of seats (the game's minimum by default)")
    seats: list[NewSeat] = Field(default_factory=list, max_length=16, description="Seat 0, 1, ...; the rest open")
    options: dict[str, int | str | bool | None] = Field(
        default_factory=dict,
        max_length=8,
        description='Game options, e.g. a deal number: {"deal": 11982}',
    )


@router.get("/api/games")
async def games(tables: TablesDep) -> list[dict[str, Any]]:
    """Every registered game: players, rules presets, bots."""
    reg = tables.registry
    return [describe(reg.get(n)) for n in reg.names()]


@router.post("/api/tables", status_code=201)
async def create_table(body: CreateTable, tables: TablesDep) -> dict[str, Any]:
    """Create a table; seats not given are open for people to take."""
    bad = _RESERVED & body.options.keys()
    if bad:
        raise InvalidValueError(f"option {sorted(bad)[0]!r} is not a game option here")
    try:
        t: Table = await tables.create(
            body.game,
            preset=body.preset,
            players=body.players,
            seats=[s.model_dump() for s in body.seats],
            options=body.options,
        )
    except ParlourError:
        raise
    except (TypeError, ValueError) as e:  # a game's constructor refusing an option in its own way
        raise InvalidValueError(f"the game refused these options: {type(e).__name__}") from e
    return t.public()


@router.get("/api/tables")
async def list_tables(tables: TablesDep) -> list[dict[str, Any]]:
    """The tables in play (up to 200, newest first)."""
    ts = sorted((t for t in tables.tables.values() if t.status == "playing"), key=lambda t: -t.created)
    return [t.public() for t in ts[:200]]


@router.get("/api/tables/{table_id}")
async def read_table(
    table_id: str, tables: TablesDep, authorization: str | None = Header(default=None)
) -> dict[str, Any]:
    """A table: its seats and the view of the token's seat ('Authorization: Bearer <token>'),
    or the public view without a token."""
    t = await tables.get(table_id)
    seat = tables.authenticate(t, bearer(authorization))
    return {**t.public(), "state": t.view(seat)}
