"""The ASGI application: HTTP to create tables, take seats and read a table; a WebSocket per seat.

Built on FastAPI (over Starlette): the HTTP part documents itself (OpenAPI at
``/openapi.json``, pages at ``/docs``), the WebSocket messages are pydantic models with
a JSON Schema (:mod:`parlour.server.messages`), and static files for a web frontend
are served at ``/`` from ``parlour/web`` when that folder exists.
"""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Header, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocketDisconnect

from parlour._version import __version__
from parlour.errors import InvalidValueError, ParlourError
from parlour.server import messages
from parlour.server.advice import advise, review
from parlour.server.errors import (
    AuthError,
    InternalError,
    LimitError,
    MessageError,
    MessageTooLarge,
    NestingTooDeep,
    RateLimited,
    SeatTaken,
    UnknownTable,
    error_payload,
)
from parlour.server.games import Registry, default_registry, describe
from parlour.server.store import Store
from parlour.server.tables import Connection, Limits, Table, Tables

log = logging.getLogger("parlour.server")

#: Where a web frontend's static files live (served at ``/`` when present).
WEB_DIR = Path(__file__).resolve().parent.parent / "web"

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
    game: str = Field(description="A registered game: gin, yahtzee, freecell")
    preset: str | None = Field(default=None, description="A rules preset of the game (GET /api/games)")
    players: int | None = Field(default=None, description="Number of seats (the game's minimum by default)")
    seats: list[NewSeat] = Field(default_factory=list, max_length=16, description="Seat 0, 1, ...; the rest open")
    options: dict[str, int | str | bool | None] = Field(
        default_factory=dict,
        max_length=8,
        description='Game options, e.g. FreeCell\'s {"deal": 11982}',
    )


class TakeSeat(BaseModel):
    """Take an open seat."""

    model_config = ConfigDict(extra="forbid")
    seat: int | None = Field(default=None, description="The seat; the first open one when omitted")
    name: str | None = Field(default=None, max_length=64)


def _status(e: ParlourError) -> int:
    if isinstance(e, UnknownTable):
        return 404
    if isinstance(e, AuthError):
        return 403
    if isinstance(e, SeatTaken):
        return 409
    if isinstance(e, LimitError):
        return 429
    if isinstance(e, InternalError):
        return 503
    return 400


def _bearer(authorization: str | None) -> str | None:
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token:
        raise AuthError("Authorization must be 'Bearer <token>'")
    return token.strip()


def json_depth(x: Any) -> int:
    """How deeply ``x`` nests (a scalar is 0, ``{}`` 1, ``{"a": [1]}`` 2); iterative."""
    depth = 0
    stack: list[tuple[Any, int]] = [(x, 0)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, dict):
            depth = max(depth, d + 1)
            stack.extend((w, d + 1) for w in v.values())
        elif isinstance(v, list):
            depth = max(depth, d + 1)
            stack.extend((w, d + 1) for w in v)
    return depth


class _Bucket:
    """A token bucket: ``rate`` messages per second, up to ``burst`` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, float(burst)
        self.tokens = float(burst)
        self.t = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.t) * self.rate)
        self.t = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


class ParlourApp:
    """The ASGI application: table WebSockets go straight to their handler, everything else
    (HTTP, the lifespan, static files) to the FastAPI application :attr:`api`.

    A WebSocket sends a message after every action at its table; taking it past the HTTP
    middleware saves that work on the server's hottest path.
    """

    def __init__(self, api: FastAPI, socket: Callable[[WebSocket, str], Awaitable[None]]) -> None:
        self.api = api
        self._socket = socket

    async def __call__(self, scope: MutableMapping[str, Any], receive: Any, send: Any) -> None:
        """Serve one ASGI connection."""
        if scope["type"] == "websocket":
            m = _WS_PATH.fullmatch(scope.get("path", ""))
            if m is not None:
                await self._socket(WebSocket(scope, receive, send), m.group(1))
                return
        await self.api(scope, receive, send)


_WS_PATH = re.compile(r"/ws/tables/([^/]{1,64})")


def create_app(
    store: Store, *, registry: Registry | None = None, limits: Limits | None = None, web_dir: Path | None = WEB_DIR
) -> ParlourApp:
    """The server's ASGI application over an open :class:`Store`.

    On start it loads every table in play and lets the bots whose turn it is play; on
    shutdown it stops them and waits for the database writer.  ``app.api`` is the
    FastAPI application (its OpenAPI document describes the HTTP part).
    """
    lim = limits or Limits()
    reg = registry if registry is not None else default_registry()
    state: dict[str, Tables] = {}

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        tables = Tables(reg, store, lim)
        n = await asyncio.to_thread(tables.load)
        log.info("parlour serve: %d tables in play loaded from %s", n, store.display_url())
        state["tables"] = tables
        # Everything made so far (the modules, the tables in play) lives as long as the server: kept
        # out of the collector's full passes, which then take microseconds instead of pausing every
        # table for tens of milliseconds.
        gc.collect()
        gc.freeze()
        tables.start_bots()
        try:
            yield
        finally:
            await tables.close()

    app = FastAPI(
        title="parlour serve",
        version=__version__,
        lifespan=lifespan,
        description="Gin rummy, Yahtzee and FreeCell tables for any frontend. "
        "Create a table and take a seat over HTTP, then play over the WebSocket "
        "/ws/tables/{table_id} (messages: docs/server-schema.json).",
    )

    def tables_() -> Tables:
        return state["tables"]

    @app.exception_handler(ParlourError)
    async def _parlour_error(_req: Request, e: ParlourError) -> JSONResponse:
        return JSONResponse(error_payload(e), status_code=_status(e))

    @app.exception_handler(RequestValidationError)
    async def _bad_request(_req: Request, e: RequestValidationError) -> JSONResponse:
        err = MessageError("; ".join(_describe_error(x) for x in e.errors()[:5]))
        return JSONResponse(error_payload(err), status_code=400)

    @app.exception_handler(Exception)
    async def _internal(_req: Request, e: Exception) -> JSONResponse:
        log.exception("internal error")
        return JSONResponse(error_payload(InternalError("internal error")), status_code=500)

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        """The server is up: its version, database backend and tables in play."""
        t = tables_()
        return {"ok": True, "version": __version__, "database": store.backend, "tables_in_play": t.open_count}

    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        """Every registered game: players, rules presets, bots."""
        return [describe(reg.get(n)) for n in reg.names()]

    @app.post("/api/tables", status_code=201)
    async def create_table(body: CreateTable) -> dict[str, Any]:
        """Create a table; seats not given are open for people to take."""
        bad = _RESERVED & body.options.keys()
        if bad:
            raise InvalidValueError(f"option {sorted(bad)[0]!r} is not a game option here")
        t: Table = await _guard(
            tables_().create(
                body.game,
                preset=body.preset,
                players=body.players,
                seats=[s.model_dump() for s in body.seats],
                options=body.options,
            )
        )
        return t.public()

    @app.get("/api/tables")
    async def list_tables() -> list[dict[str, Any]]:
        """The tables in play (up to 200, newest first)."""
        ts = sorted((t for t in tables_().tables.values() if t.status == "playing"), key=lambda t: -t.created)
        return [t.public() for t in ts[:200]]

    @app.get("/api/tables/{table_id}")
    async def read_table(table_id: str, authorization: str | None = Header(default=None)) -> dict[str, Any]:
        """A table: its seats and the view of the token's seat ('Authorization: Bearer <token>'),
        or the public view without a token."""
        tt = tables_()
        t = await tt.get(table_id)
        seat = tt.authenticate(t, _bearer(authorization))
        return {**t.public(), "state": t.view(seat)}

    @app.post("/api/tables/{table_id}/seats", status_code=201)
    async def take_seat(table_id: str, body: TakeSeat) -> dict[str, Any]:
        """Take an open seat: the answer holds the seat's secret token (keep it; it is shown once)."""
        t, seat, token = await tables_().take_seat(table_id, body.seat, body.name)
        return {"table": t.id, "seat": seat, "token": token, "ws": f"/ws/tables/{t.id}"}

    @app.post("/api/tables/{table_id}/spectators", status_code=201)
    async def spectate(table_id: str) -> dict[str, Any]:
        """A spectator token: public information only (a connection without a token sees the same)."""
        t, token = await tables_().add_spectator(table_id)
        return {"table": t.id, "token": token, "ws": f"/ws/tables/{t.id}"}

    advice_slots = asyncio.Semaphore(2)  # solver calls at once (each releases the GIL)

    @app.get("/api/tables/{table_id}/advice")
    async def table_advice(
        table_id: str,
        authorization: str | None = Header(default=None),
        objectives: bool = False,
        target: int | None = None,
        ranking: bool = True,
    ) -> dict[str, Any]:
        """Advice for the token's seat ('Authorization: Bearer <token>'), from its own observation only:
        gin, the best arrangement of the hand and on its turn every legal action ranked by the coach
        (ExpertBot's search; `ranking=false`: the arrangement alone); Yahtzee, the optimal expected final score of every legal
        action (the exact solver), and with `objectives` (or a `target`) the best action for each
        objective (the mean, reaching `target`, beating the other seats); FreeCell, a solution from here or the verdict that there is none."""
        tt = tables_()
        t = await tt.get(table_id)
        seat = tt.authenticate(t, _bearer(authorization))
        if seat is None:
            raise AuthError("advice is for a seat: send its token ('Authorization: Bearer <token>')")
        seq, obs = t.seq, t.game.observation(seat)
        async with advice_slots:
            out: dict[str, Any] = await asyncio.to_thread(advise, t.game_name, obs, objectives, target, ranking)
        return {"table": t.id, "seq": seq, "seat": seat, **out}

    @app.get("/api/tables/{table_id}/review")
    async def table_review(
        table_id: str, hand: int, authorization: str | None = Header(default=None)
    ) -> dict[str, Any]:
        """The coach's review of the token's seat's decisions in hand `hand` (1 for the first) once it
        is over (gin): the decisions clearly below the best, with the loss, the better action and why,
        from the seat's own observations only."""
        tt = tables_()
        t = await tt.get(table_id)
        seat = tt.authenticate(t, _bearer(authorization))
        if seat is None:
            raise AuthError("a review is for a seat: send its token ('Authorization: Bearer <token>')")
        start, actions = await tt.start_and_actions(t)
        async with advice_slots:
            out: dict[str, Any] = await asyncio.to_thread(review, t.game_name, start, actions, seat, hand)
        return {"table": t.id, "seat": seat, **out}

    async def ws_table(ws: WebSocket, table_id: str) -> None:
        await _serve_socket(ws, table_id, tables_(), lim)

    app.add_api_websocket_route("/ws/tables/{table_id}", ws_table)

    if web_dir is not None and (web_dir / "index.html").is_file():
        app.mount("/", StaticFiles(directory=web_dir, html=True), name="web")
    return ParlourApp(app, ws_table)


async def _guard(coro: Any) -> Any:
    """Await ``coro``; an error that is not the library's becomes InvalidValueError (bad options)."""
    try:
        return await coro
    except ParlourError:
        raise
    except (TypeError, ValueError) as e:
        raise InvalidValueError(f"the game refused these options: {type(e).__name__}") from e


def _describe_error(e: Any) -> str:
    loc = ".".join(str(x) for x in e.get("loc", ()) if x != "body")
    return f"{loc or 'message'}: {e.get('msg', 'invalid')}"


def _decode(raw: str | bytes | None, lim: Limits) -> Any:
    if raw is None:
        raise MessageError("empty message")
    if len(raw) > lim.max_message_bytes:
        raise MessageTooLarge(f"a message is at most {lim.max_message_bytes} bytes, this one has {len(raw)}")
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise MessageError("a binary message must be UTF-8 JSON text") from None
    try:
        data = json.loads(raw)
    except RecursionError:
        raise NestingTooDeep(f"a message nests at most {lim.max_depth} levels") from None
    except ValueError as e:
        raise MessageError(f"not JSON: {e}") from None
    if json_depth(data) > lim.max_depth:
        raise NestingTooDeep(f"a message nests at most {lim.max_depth} levels")
    if not isinstance(data, dict):
        raise MessageError("a message is a JSON object with a 'type'")
    return data


def _validate(data: dict[str, Any]) -> Any:
    try:
        return messages.parse_client(data)
    except ValidationError as e:
        t = data.get("type")
        if t not in ("hello", "action", "undo", "sync", "ping"):
            raise MessageError(
                f"unknown message type {str(t)[:40]!r}; send hello, action, undo, sync or ping"
            ) from None
        raise MessageError("; ".join(_describe_error(x) for x in e.errors()[:5])) from None


async def _serve_socket(ws: WebSocket, table_id: str, tables: Tables, lim: Limits) -> None:
    await ws.accept()
    conn = Connection(ws.send_text, lim)
    pump = asyncio.create_task(conn.pump())
    bucket = _Bucket(lim.messages_per_second, lim.burst)
    t: Table | None = None
    try:
        try:
            t = await tables.get(table_id)
        except ParlourError as e:
            conn.push(json.dumps(error_payload(e)))
            conn.push(None)
            await pump
            await ws.close(code=4404)
            return
        while True:
            msg = await ws.receive()
            if msg["type"] == "websocket.disconnect":
                break
            ref: int | None = None
            try:
                if not bucket.take():
                    raise RateLimited(f"at most {lim.messages_per_second:g} messages per second; this one was dropped")
                data = _decode(msg.get("text") if msg.get("text") is not None else msg.get("bytes"), lim)
                if data.get("type") in ("action", "undo") and type(data.get("seq")) is int:
                    ref = data["seq"]
                m = _validate(data)
                if isinstance(m, messages.Hello):
                    seat = tables.authenticate(t, m.token)
                    if conn.table is None and len(t.conns) >= lim.max_connections_per_table:
                        raise RateLimited(f"table {t.id} has its limit of {lim.max_connections_per_table} connections")
                    conn.seat, conn.table = seat, t
                    t.conns.add(conn)
                    conn.push(
                        json.dumps(
                            {
                                "type": "welcome",
                                "table": t.id,
                                "game": t.game_name,
                                "role": "spectator" if seat is None else "player",
                                "seat": seat,
                                "seats": [s.public() for s in t.seats],
                            }
                        )
                    )
                    conn.push(t.view_text(seat))
                elif conn.table is None:
                    raise AuthError("send hello first")
                elif isinstance(m, messages.ActionMsg):
                    applied = await tables.act(t, conn.seat, m.action, client_seq=m.seq, expect=m.expect)
                    if not applied:
                        conn.push(t.view_text(conn.seat))
                elif isinstance(m, messages.UndoMsg):
                    if not await tables.undo(t, conn.seat, client_seq=m.seq):
                        conn.push(t.view_text(conn.seat))
                elif isinstance(m, messages.Sync):
                    conn.push(t.view_text(conn.seat))
                else:
                    conn.push('{"type":"pong"}')
            except ParlourError as e:
                conn.push(json.dumps(error_payload(e, ref)))
            except Exception:
                log.exception("table %s: unexpected error on a message", table_id)
                conn.push(json.dumps(error_payload(InternalError("internal error; nothing was changed"), ref)))
            if conn.overflowed:
                await ws.close(code=1013)
                break
    except WebSocketDisconnect:
        pass
    finally:
        conn.closed = True
        if t is not None:
            t.conns.discard(conn)
            tables.release(t)
        pump.cancel()
        await asyncio.gather(pump, return_exceptions=True)
