"""The ASGI application: HTTP to create tables, take seats and read a table; a WebSocket per seat.

Built on FastAPI (over Starlette): the HTTP part documents itself (OpenAPI at
``/openapi.json``, pages at ``/docs``), the WebSocket messages are pydantic models with
a JSON Schema (:mod:`parlour.server.messages`), and static files for a web frontend
are served at ``/`` from ``parlour/web`` when that folder exists.  The routes are in
:mod:`parlour.server.routes`, one router per area; :func:`create_app` puts them
together over a store and the game registry, behind the request policy of
:mod:`parlour.server.guard` (size, time, origin and security headers of every request).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import re
from collections.abc import AsyncIterator, MutableMapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException
from starlette.middleware.cors import CORSMiddleware

from parlour._version import __version__
from parlour.errors import ParlourError
from parlour.server.errors import (
    AuthError,
    InternalError,
    LimitError,
    MessageError,
    MethodNotAllowed,
    SeatTaken,
    TableClosed,
    UnknownPath,
    UnknownTable,
    error_payload,
)
from parlour.server.games import Registry, default_registry
from parlour.server.guard import HttpGuard, json_depth, refuse_websocket
from parlour.server.lifetime import expire
from parlour.server.routes import advice, health, seats, tables
from parlour.server.routes.advice import ADVICE_SLOTS
from parlour.server.routes.health import WEB_DIR
from parlour.server.routes.seats import describe_error, serve_socket
from parlour.server.store import TableStore
from parlour.server.tables import Limits, Tables

__all__ = ["WEB_DIR", "ParlourApp", "create_app", "json_depth"]

log = logging.getLogger("parlour.server")


def _status(e: ParlourError) -> int:
    if isinstance(e, UnknownTable):
        return 404
    if isinstance(e, AuthError):
        return 403
    if isinstance(e, (SeatTaken, TableClosed)):
        return 409
    if isinstance(e, LimitError):
        return 429
    if isinstance(e, InternalError):
        return 503
    return 400


class ParlourApp:
    """The ASGI application: table WebSockets go straight to their handler, HTTP requests through
    the request policy (:class:`parlour.server.guard.HttpGuard`) to the FastAPI application :attr:`api`.

    A WebSocket sends a message after every action at its table; taking it past the HTTP
    middleware saves that work on the server's hottest path.  Its headers and origin are
    checked once, before it is accepted.
    """

    def __init__(self, api: FastAPI, limits: Limits | None = None) -> None:
        """The application around ``api`` (made by :func:`create_app`), guarded with ``limits``."""
        self.api = api
        lim = limits or Limits()
        inner: Any = api
        if lim.allowed_origins:  # pages of these origins may read the answers (CORS)
            inner = CORSMiddleware(
                api,
                allow_origins=list(lim.allowed_origins),
                allow_methods=["GET", "POST"],
                allow_headers=["Authorization", "Content-Type"],
                max_age=600,
            )
        self.guard = HttpGuard(inner, lim)

    async def __call__(self, scope: MutableMapping[str, Any], receive: Any, send: Any) -> None:
        """Serve one ASGI connection."""
        if scope["type"] == "websocket":
            refusal = self.guard.websocket_refusal(scope)
            if refusal is not None:
                await refuse_websocket(scope, receive, send, *refusal)
                return
            m = _WS_PATH.fullmatch(scope.get("path", ""))
            if m is not None:
                state = self.api.state
                await serve_socket(WebSocket(scope, receive, send), m.group(1), state.tables, state.limits)
                return
            await self.api(scope, receive, send)
            return
        await self.guard(scope, receive, send)


_WS_PATH = re.compile(r"/ws/tables/([^/]{1,64})")


def create_app(
    store: TableStore,
    *,
    registry: Registry | None = None,
    limits: Limits | None = None,
    web_dir: Path | None = WEB_DIR,
) -> ParlourApp:
    """The server's ASGI application over an open store (:class:`parlour.server.store.Store`).

    On start it loads every table in play and lets the bots whose turn it is play; on
    shutdown it stops them and waits for the database writer.  ``app.api`` is the
    FastAPI application (its OpenAPI document describes the HTTP part).
    """
    lim = limits or Limits()
    reg = registry if registry is not None else default_registry()

    @asynccontextmanager
    async def lifespan(api: FastAPI) -> AsyncIterator[None]:
        tables = Tables(reg, store, lim)
        n = await asyncio.to_thread(tables.load)
        log.info("parlour serve: %d tables in play loaded from %s", n, store.display_url())
        api.state.tables = tables
        api.state.advice_slots = asyncio.Semaphore(ADVICE_SLOTS)
        # Everything made so far (the modules, the tables in play) lives as long as the server: kept
        # out of the collector's full passes, which then take microseconds instead of pausing every
        # table for tens of milliseconds.
        gc.collect()
        gc.freeze()
        tables.start_bots()
        expiry = asyncio.create_task(expire(tables, lim))
        try:
            yield
        finally:
            expiry.cancel()
            await asyncio.gather(expiry, return_exceptions=True)
            await tables.close()

    titles = [reg.get(n).title for n in reg.names()]
    app = FastAPI(
        title="parlour serve",
        version=__version__,
        lifespan=lifespan,
        description=f"{', '.join(titles) or 'Game'} tables for any frontend. "
        "Create a table and take a seat over HTTP, then play over the WebSocket "
        "/ws/tables/{table_id} (messages: docs/server-schema.json).",
    )
    app.state.limits = lim

    @app.exception_handler(ParlourError)
    async def _parlour_error(_req: Request, e: ParlourError) -> JSONResponse:
        return JSONResponse(error_payload(e), status_code=_status(e))

    @app.exception_handler(RequestValidationError)
    async def _bad_request(_req: Request, e: RequestValidationError) -> JSONResponse:
        err = MessageError("; ".join(describe_error(x) for x in e.errors()[:5]))
        return JSONResponse(error_payload(err), status_code=400)

    @app.exception_handler(HTTPException)
    async def _http_error(_req: Request, e: HTTPException) -> JSONResponse:
        err: ParlourError
        if e.status_code == 404:
            err = UnknownPath("no such path")
        elif e.status_code == 405:
            err = MethodNotAllowed("this path does not take this method")
        else:
            err = MessageError(str(e.detail)[:200])
        return JSONResponse(error_payload(err), status_code=e.status_code, headers=e.headers)

    @app.exception_handler(Exception)
    async def _internal(_req: Request, e: Exception) -> JSONResponse:
        log.exception("internal error")
        return JSONResponse(error_payload(InternalError("internal error")), status_code=500)

    for area in (health, tables, seats, advice):
        app.include_router(area.router)
    health.mount_web(app, web_dir)
    return ParlourApp(app, lim)
