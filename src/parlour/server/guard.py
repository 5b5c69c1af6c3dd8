"""One policy for every HTTP request and WebSocket, applied before any route sees it.

:class:`HttpGuard` wraps the FastAPI application (:mod:`parlour.server.app` puts it in front).
For each HTTP request it checks, in this order:

- its head: at most ``Limits.max_headers`` headers and ``Limits.max_header_bytes`` bytes (431
  ``HeadersTooLarge``; the connection refuses a longer head while it arrives, and bounds the
  time it may take: :mod:`parlour.server.transport`);
- its origin: a browser's request from a page of another origin than the server's own or
  one allowed by ``--allow-origin`` is refused (403 ``OriginRefused``, :func:`origin_allowed`);
- its body, read here whole before any route: at most ``Limits.max_body_bytes`` (413
  ``BodyTooLarge``: refused from its declared ``Content-Length`` without reading it, or as
  soon as a chunked body passes the limit), arriving within ``Limits.request_timeout``
  seconds (408 ``RequestTimeout``); a JSON body must be UTF-8 JSON nesting at most
  ``Limits.max_depth`` levels, with numbers of at most 30 digits (400 ``MessageError`` or
  ``NestingTooDeep``), read by :func:`decode_json`, as every WebSocket message is.

Every refusal is the documented error object and closes the connection (``Connection:
close``), so nothing more of it is read.  Every answer carries the security headers
(:func:`security_headers`), and an exception that no route turned into an answer becomes the
error object of an ``InternalError`` (500) instead of a dropped connection.

A WebSocket is checked the same way for its headers and its origin
(:meth:`HttpGuard.websocket_refusal`) before it is accepted.
"""

from __future__ import annotations

import asyncio
import json
import logging
import urllib.parse
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any

from parlour.server import errors
from parlour.server._json import dumps
from parlour.server.errors import (
    BodyTooLarge,
    HeadersTooLarge,
    InternalError,
    MessageError,
    NestingTooDeep,
    OriginRefused,
    RequestTimeout,
    ServerError,
)
from parlour.server.table import Limits

__all__ = [
    "MAX_DIGITS",
    "HttpGuard",
    "decode_json",
    "json_depth",
    "origin_allowed",
    "refuse_websocket",
    "security_headers",
]

log = logging.getLogger("parlour.server")

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: Most digits of a number in a request body (Python's own limit, 4300, is far beyond any value the API takes).
MAX_DIGITS = 30


# -- JSON ------------------------------------------------------------------------------------


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


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise MessageError(f"a number has at most {MAX_DIGITS} digits")
    return int(text)


def _parse_constant(name: str) -> Any:
    raise MessageError(f"{name} is not a JSON number")


def decode_json(raw: str | bytes, max_depth: int, what: str = "a message") -> Any:
    """The JSON value of ``raw`` (UTF-8 when bytes), or the server's error: MessageError for text that is not
    UTF-8 JSON (NaN and Infinity are not JSON, numbers have at most :data:`MAX_DIGITS` digits), NestingTooDeep
    for more than ``max_depth`` levels.  ``what`` names the text in the messages."""
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise MessageError(f"{what} must be UTF-8 JSON text") from None
    try:
        data = json.loads(raw, parse_int=_parse_int, parse_constant=_parse_constant)
    except RecursionError:
        raise NestingTooDeep(f"{what} nests at most {max_depth} levels") from None
    except ValueError as e:
        if isinstance(e, MessageError):
            raise
        raise MessageError(f"not JSON: {e}") from None
    if json_depth(data) > max_depth:
        raise NestingTooDeep(f"{what} nests at most {max_depth} levels")
    return data


# -- origins and headers ----------------------------------------------------------------------

_PORTS = {"http": 80, "https": 443}


def _header(headers: Iterable[tuple[bytes, bytes]], name: bytes) -> str | None:
    for k, v in headers:
        if k == name:
            return v.decode("latin-1")
    return None


def _same_origin(origin: str, host: str) -> bool:
    try:
        o = urllib.parse.urlsplit(origin)
        h = urllib.parse.urlsplit("//" + host)
        if o.scheme not in _PORTS or not o.hostname or not h.hostname or o.path or o.query:
            return False
        return (o.hostname, o.port or _PORTS[o.scheme]) == (h.hostname, h.port or _PORTS[o.scheme])
    except ValueError:  # a port that is not a number
        return False


def origin_allowed(headers: Iterable[tuple[bytes, bytes]], allowed: Iterable[str] = ()) -> bool:
    """Whether a request with these headers may go on: it has no ``Origin`` (not a browser's, or a browser's
    same-origin GET), its ``Origin`` is the server's own (the scheme's host and port are those of its ``Host``
    header), or one of ``allowed`` (``"*"`` allows every origin)."""
    hs = list(headers)
    origin = _header(hs, b"origin")
    if origin is None:
        return True
    allow = {a.lower() for a in allowed}
    if "*" in allow or origin.lower() in allow:
        return True
    host = _header(hs, b"host")
    return host is not None and _same_origin(origin, host)


#: The web table's policy: its own scripts, styles and WebSocket only, no frames, no plugins.
_CSP = (
    "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
#: The API's pages (``/docs``, ``/redoc``): FastAPI's, with their scripts from a CDN.
_DOCS_CSP = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net https://fonts.googleapis.com; "
    "font-src https://fonts.gstatic.com; img-src 'self' data: https://fastapi.tiangolo.com https://cdn.jsdelivr.net; "
    "worker-src blob:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)
_DOCS = ("/docs", "/redoc")


def security_headers(path: str) -> list[tuple[bytes, bytes]]:
    """The security headers of every answer at ``path``: Content-Security-Policy, X-Frame-Options,
    X-Content-Type-Options, Referrer-Policy, and Cache-Control ``no-store`` for the API (its answers hold tokens)."""
    csp = _DOCS_CSP if path in _DOCS or path.startswith("/docs/") else _CSP
    out = [
        (b"content-security-policy", csp.encode()),
        (b"x-frame-options", b"DENY"),
        (b"x-content-type-options", b"nosniff"),
        (b"referrer-policy", b"no-referrer"),
    ]
    if path.startswith("/api/"):
        out.append((b"cache-control", b"no-store"))
    return out


# -- the guard ----------------------------------------------------------------------------------


class _Refusal(Exception):
    def __init__(self, status: int, error: ServerError) -> None:
        super().__init__(str(error))
        self.status, self.error = status, error


class _Gone(Exception):
    """The client went away while its body was read."""


def _is_json(content_type: str | None) -> bool:
    if content_type is None:
        return True  # FastAPI reads a body without a Content-Type as JSON
    mime = content_type.split(";", 1)[0].strip().lower()
    return mime == "application/json" or (mime.startswith("application/") and mime.endswith("+json"))


class HttpGuard:
    """The ASGI middleware that applies the server's request policy (module docstring) in front of ``app``."""

    def __init__(self, app: ASGIApp, limits: Limits) -> None:
        """Guard ``app`` (the FastAPI application, or the CORS middleware around it) with ``limits``."""
        self.app = app
        self.limits = limits

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Serve one HTTP request (anything else goes straight to the application)."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        extra = security_headers(scope.get("path", ""))
        started = False

        async def send_secured(message: MutableMapping[str, Any]) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = list(message.get("headers", []))
                present = {k.lower() for k, _ in headers}
                headers += [(k, v) for k, v in extra if k not in present]
                message = {**message, "headers": headers}
            await send(message)

        try:
            self._check_head(scope)
            body = await self._read_body(scope, receive)
        except _Refusal as r:
            await _answer(send_secured, r.status, r.error, close=True)
            return
        except _Gone:
            return

        replayed = False

        async def replay() -> MutableMapping[str, Any]:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        try:
            await self.app(scope, replay, send_secured)
        except Exception:
            if started:  # the answer went out (an error handler wrote it, and logged the error)
                return
            log.exception("internal error")
            await _answer(send_secured, 500, InternalError("internal error"), close=True)

    def websocket_refusal(self, scope: Scope) -> tuple[int, ServerError] | None:
        """Why a WebSocket may not open (the HTTP status and the error), or None: too many headers, or a
        browser's page of another origin."""
        try:
            self._check_head(scope)
        except _Refusal as r:
            return r.status, r.error
        return None

    def _check_head(self, scope: Scope) -> None:
        lim = self.limits
        headers = scope.get("headers", [])
        if len(headers) > lim.max_headers:
            raise _Refusal(431, HeadersTooLarge(f"a request has at most {lim.max_headers} headers"))
        # A head that came whole in one read passed the connection's incremental limit: measured here.
        size = (
            len(scope.get("raw_path", b""))
            + len(scope.get("query_string", b""))
            + sum(len(k) + len(v) for k, v in headers)
        )
        if size > lim.max_header_bytes:
            raise _Refusal(
                431, HeadersTooLarge(f"a request's line and headers are at most {lim.max_header_bytes} bytes")
            )
        if not origin_allowed(headers, lim.allowed_origins):
            raise _Refusal(
                403,
                OriginRefused(
                    "a page of another origin may not use this server (its operator can allow it: --allow-origin)"
                ),
            )

    async def _read_body(self, scope: Scope, receive: Receive) -> bytes:
        lim = self.limits
        headers = scope.get("headers", [])
        too_large = BodyTooLarge(f"a request body is at most {lim.max_body_bytes} bytes")
        declared = _header(headers, b"content-length")
        if declared is not None and declared.strip().isdigit() and int(declared) > lim.max_body_bytes:
            raise _Refusal(413, too_large)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + lim.request_timeout
        chunks: list[bytes] = []
        size = 0
        while True:
            try:
                message = await asyncio.wait_for(receive(), max(0.0, deadline - loop.time()))
            except asyncio.TimeoutError:  # the builtin TimeoutError from Python 3.11
                raise _Refusal(
                    408, RequestTimeout(f"a request body must arrive within {lim.request_timeout:g} seconds")
                ) from None
            if message["type"] == "http.disconnect":
                raise _Gone
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > lim.max_body_bytes:
                raise _Refusal(413, too_large)
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        if body and _is_json(_header(headers, b"content-type")):
            try:
                decode_json(body, lim.max_depth, "a request body")
            except ServerError as e:
                raise _Refusal(400, e) from None
        return body


async def _answer(send: Send, status: int, exc: ServerError, *, close: bool) -> None:
    body = dumps(errors.error_payload(exc)).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if close:
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def refuse_websocket(scope: Scope, receive: Receive, send: Send, status: int, exc: ServerError) -> None:
    """Refuse a WebSocket before accepting it: an HTTP answer with the error object where the server can send one
    (the ``websocket.http.response`` extension), else the plain refusal (uvicorn answers 403)."""
    await receive()  # websocket.connect
    if "websocket.http.response" in (scope.get("extensions") or {}):
        body = dumps(errors.error_payload(exc)).encode()
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
        await send({"type": "websocket.http.response.start", "status": status, "headers": headers})
        await send({"type": "websocket.http.response.body", "body": body})
    else:
        await send({"type": "websocket.close", "code": 1008})
