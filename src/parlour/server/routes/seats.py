"""Seats: ``POST /api/tables/{id}/seats`` and ``.../spectators`` over HTTP, and the table WebSocket.

On ``/ws/tables/{id}`` a client sends ``hello`` (with a seat's or a spectator's token,
or none to watch), then ``action``, ``undo``, ``sync`` or ``ping``
(:mod:`parlour.server.messages`).  Each message is checked (size, nesting, rate, shape)
before anything else; a refused one is answered with an ``error`` and changes nothing.
Every message leaves through the connection's queue (:meth:`Connection.push`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from fastapi import APIRouter, WebSocket
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from starlette.websockets import WebSocketDisconnect

from parlour.errors import ParlourError
from parlour.server import messages
from parlour.server.errors import AuthError, InternalError, MessageError, MessageTooLarge, RateLimited, TableClosed
from parlour.server.guard import decode_json, json_depth
from parlour.server.routes import TablesDep
from parlour.server.table import Connection, Limits, Table
from parlour.server.tables import Tables

__all__ = ["TakeSeat", "json_depth", "router", "serve_socket"]

log = logging.getLogger("parlour.server")

router = APIRouter()


class TakeSeat(BaseModel):
    """Taking a seat."""

    model_config = ConfigDict(extra="forbid")
    seat: int | None = Field(default=None, description="The seat; the first open one when omitted")
    name: str | None = Field(default=None, max_length=64)


@router.post("/api/tables/{table_id}/seats", status_code=201)
async def take_seat(table_id: str, body: TakeSeat, tables: TablesDep) -> dict[str, Any]:
    """Take an open seat: the answer holds the seat's secret token (keep it; it is shown once)."""
    t, seat, token = await tables.take_seat(table_id, body.seat, body.name)
    return {"table": t.id, "seat": seat, "token": token, "ws": f"/ws/tables/{t.id}"}


@router.post("/api/tables/{table_id}/spectators", status_code=201)
async def spectate(table_id: str, tables: TablesDep) -> dict[str, Any]:
    """A spectator token: public information only (a connection without a token sees the same)."""
    t, token = await tables.add_spectator(table_id)
    return {"table": t.id, "token": token, "ws": f"/ws/tables/{t.id}"}


async def ws_table(ws: WebSocket, table_id: str) -> None:
    """The table WebSocket, as a route of the FastAPI application."""
    await serve_socket(ws, table_id, ws.app.state.tables, ws.app.state.limits)


router.add_api_websocket_route("/ws/tables/{table_id}", ws_table)


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


def describe_error(e: Any) -> str:
    """One line for one of pydantic's validation errors: where, and what."""
    loc = ".".join(str(x) for x in e.get("loc", ()) if x != "body")
    return f"{loc or 'message'}: {e.get('msg', 'invalid')}"


def _decode(raw: str | bytes | None, lim: Limits) -> Any:
    if raw is None:
        raise MessageError("empty message")
    if len(raw) > lim.max_message_bytes:
        raise MessageTooLarge(f"a message is at most {lim.max_message_bytes} bytes, this one has {len(raw)}")
    data = decode_json(raw, lim.max_depth)
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
        raise MessageError("; ".join(describe_error(x) for x in e.errors()[:5])) from None


async def _handle(m: Any, conn: Connection, t: Table, tables: Tables, lim: Limits) -> None:
    """Answer one valid client message on ``conn`` at table ``t``."""
    if isinstance(m, messages.Hello):
        seat = tables.authenticate(t, m.token)
        if conn.table is None and len(t.conns) >= lim.max_connections_per_table:
            raise RateLimited(f"table {t.id} has its limit of {lim.max_connections_per_table} connections")
        conn.seat, conn.table = seat, t
        t.conns.add(conn)
        conn.push(t.welcome(seat))
        conn.push(t.view_text(seat))
        if t.closed is not None:
            conn.push(messages.error_text(TableClosed(f"table {t.id} is closed: {t.closed}")))
    elif conn.table is None:
        raise AuthError("send hello first")
    elif isinstance(m, messages.ActionMsg):
        if not await tables.act(t, conn.seat, m.action, client_seq=m.seq, expect=m.expect):
            conn.push(t.view_text(conn.seat))
    elif isinstance(m, messages.UndoMsg):
        if not await tables.undo(t, conn.seat, client_seq=m.seq):
            conn.push(t.view_text(conn.seat))
    elif isinstance(m, messages.Sync):
        conn.push(t.view_text(conn.seat))
    else:
        conn.push(messages.PONG_TEXT)


async def _close(ws: WebSocket, code: int) -> None:
    """Close the WebSocket, unless the client closed it first (the server then already answered its close)."""
    try:
        await ws.close(code=code)
    except RuntimeError:  # uvicorn: "Unexpected ASGI message 'websocket.close', after sending 'websocket.close'"
        pass


async def serve_socket(ws: WebSocket, table_id: str, tables: Tables, lim: Limits) -> None:
    """Serve one table WebSocket until the client leaves (see the module docstring)."""
    await ws.accept()
    conn = Connection(ws.send_text, lim)
    pump = asyncio.create_task(conn.pump())
    bucket = _Bucket(lim.messages_per_second, lim.burst)
    t: Table | None = None
    try:
        try:
            t = await tables.get(table_id)
        except ParlourError as e:
            conn.push(messages.error_text(e))
            conn.push(None)
            await pump
            await _close(ws, 1013 if isinstance(e, InternalError) else 4404)  # 1013: try again later
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
                await _handle(_validate(data), conn, t, tables, lim)
            except ParlourError as e:
                conn.push(messages.error_text(e, ref))
            except Exception:
                log.exception("table %s: unexpected error on a message", table_id)
                conn.push(messages.error_text(InternalError("internal error; nothing was changed"), ref))
            if conn.overflowed:
                await _close(ws, 1013)
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
