"""The HTTP connection's own limits, below the application: how many connections, and how large and how
slow a request's head may be.

uvicorn reads each request's head (the request line and the headers) before the application
sees anything, and by itself bounds neither the time a head may take nor the number of
connections a WebSocket upgrade may open.  ``parlour serve`` therefore runs uvicorn's HTTP/1.1
protocol over h11 (whose ``max_incomplete_event_size``, uvicorn's
``h11_max_incomplete_event_size``, bounds the head's size) with these additions, made at the
protocol's own events (:func:`http_protocol`):

- a connection beyond ``Limits.max_connections`` open ones (HTTP and WebSocket together) is
  answered 503 ``ConnectionLimitReached`` and closed at once;
- a request's head must arrive whole within ``Limits.request_timeout`` seconds of the
  connection's start (or of its first byte, for a later request on a kept-alive
  connection): else 408 ``RequestTimeout``, and the connection is closed (a client
  sending a byte now and then holds nothing for long);
- a connection whose answers the client does not read (its writes blocked for
  ``Limits.write_timeout`` seconds) is cut, HTTP or WebSocket: a client reading slowly holds
  no memory for long;
- a head that grows past ``Limits.max_header_bytes`` while it arrives is answered 431
  ``HeadersTooLarge`` instead of uvicorn's plain-text 400, and every other malformed head
  with the error object of a ``MessageError`` (h11 measures only a head still incomplete:
  one that came whole in a single read is measured by the guard).

The body's size and time, the number of headers and everything after the head are the
application's (:mod:`parlour.server.guard`).

WebSockets run on uvicorn's websockets-sansio protocol, with the same cut for blocked writes
and one repair (:class:`GuardedWebSocketProtocol`, made by :func:`ws_protocol`), and :func:`quiet_client_noise` keeps what a client can make
the server log to one line per event.
"""

from __future__ import annotations

import asyncio
import http
import logging
from collections.abc import MutableMapping
from typing import Any, ClassVar

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from parlour.server import errors
from parlour.server._json import dumps
from parlour.server.table import Limits

__all__ = [
    "GuardedH11Protocol",
    "GuardedWebSocketProtocol",
    "http_protocol",
    "quiet_client_noise",
    "raw_response",
    "ws_protocol",
]


def raw_response(status: int, exc: errors.ServerError) -> bytes:
    """A whole HTTP/1.1 answer carrying the error object of ``exc``, closing the connection."""
    body = dumps(errors.error_payload(exc)).encode()
    phrase = http.HTTPStatus(status).phrase.encode("ascii")
    return (
        b"HTTP/1.1 %d %s\r\ncontent-type: application/json\r\ncontent-length: %d\r\n"
        b"x-content-type-options: nosniff\r\nconnection: close\r\n\r\n%s" % (status, phrase, len(body), body)
    )


class _BlockedWrites(asyncio.Protocol):
    """Cut a connection whose writes stay blocked (the transport paused) for ``limits.write_timeout`` seconds: the
    transport is aborted, dropping what it still holds, instead of waiting for a client that does not read."""

    limits: ClassVar[Limits] = Limits()
    loop: asyncio.AbstractEventLoop
    transport: asyncio.Transport
    _blocked: asyncio.TimerHandle | None = None

    def pause_writing(self) -> None:
        """The client reads slower than the server writes: its time starts."""
        super().pause_writing()
        if self._blocked is None:
            self._blocked = self.loop.call_later(self.limits.write_timeout, self.transport.abort)

    def resume_writing(self) -> None:
        """The client read: no more waiting."""
        self._unblock()
        super().resume_writing()

    def _unblock(self) -> None:
        if self._blocked is not None:
            self._blocked.cancel()
            self._blocked = None


class GuardedH11Protocol(_BlockedWrites, H11Protocol):
    """uvicorn's h11 protocol with a connection limit and a time limit on each request's head (module docstring).

    Made for a server's limits by :func:`http_protocol`, which sets the class attributes.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """As uvicorn makes it (its config, the server's state)."""
        super().__init__(*args, **kwargs)
        self._head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """A new connection: refused beyond the connection limit, else its first head's time starts."""
        super().connection_made(transport)
        lim = self.limits
        if len(self.connections) > lim.max_connections:
            self._refuse(
                503,
                errors.ConnectionLimitReached(f"the server has its limit of {lim.max_connections} open connections"),
            )
            return
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        """The connection is gone: its timers with it."""
        self._disarm()
        self._unblock()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        """Bytes of a request: while a head is incomplete its timer runs, once it is whole it stops."""
        super().data_received(data)
        if self.transport.is_closing() or self.transport.get_protocol() is not self:  # closed, or now a WebSocket
            self._disarm()
        elif self.conn.their_state is h11.IDLE:  # part of a head, the rest still to come
            self._arm()
        else:
            self._disarm()

    def send_400_response(self, msg: str) -> None:
        """A head h11 could not read: too long (431) or malformed (400), as the error object."""
        self._disarm()
        if len(self.conn.trailing_data[0]) > self.limits.max_header_bytes:
            lim = self.limits.max_header_bytes
            self._refuse(431, errors.HeadersTooLarge(f"a request's line and headers are at most {lim} bytes"))
        else:
            self._refuse(400, errors.MessageError(f"not an HTTP/1.1 request: {msg}"))

    # -- the head's timer ---------------------------------------------------------------

    def _arm(self) -> None:
        if self._head_timer is None:
            self._head_timer = self.loop.call_later(self.limits.request_timeout, self._head_timeout)

    def _disarm(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_timeout(self) -> None:
        self._head_timer = None
        if self.transport.is_closing() or self.transport.get_protocol() is not self:
            return
        if self.conn.their_state is h11.IDLE:
            self._refuse(
                408,
                errors.RequestTimeout(
                    f"a request's line and headers must arrive within {self.limits.request_timeout:g} seconds"
                ),
            )

    def _refuse(self, status: int, exc: errors.ServerError) -> None:
        self._disarm()
        if not self.transport.is_closing():
            self.transport.write(raw_response(status, exc))
            self.transport.close()


def http_protocol(limits: Limits) -> type[GuardedH11Protocol]:
    """The protocol class to give uvicorn (``http=``) for a server with these limits; uvicorn's
    ``h11_max_incomplete_event_size`` must be ``limits.max_header_bytes``."""
    return type("ParlourHTTP", (GuardedH11Protocol,), {"limits": limits})


class GuardedWebSocketProtocol(_BlockedWrites, WebSocketsSansIOProtocol):
    """uvicorn's websockets-sansio protocol, cut when its writes stay blocked (:class:`_BlockedWrites`), its
    handshake counted complete once a refusal (an HTTP answer instead of the upgrade, as the server answers a
    refused origin) is sent.

    Without the latter uvicorn logs every refusal as an error of the application ("ASGI callable returned
    without completing handshake"), as uvicorn's pull request 3138 reports and repairs.  Made for a server's
    limits by :func:`ws_protocol`.
    """

    def connection_lost(self, exc: Exception | None) -> None:
        """The connection is gone: its timer with it."""
        self._unblock()
        super().connection_lost(exc)

    async def send(self, message: MutableMapping[str, Any]) -> None:  # type: ignore[override]
        """Send as uvicorn does; after the last part of a refusal the handshake is over."""
        await super().send(message)  # type: ignore[arg-type]
        if message["type"] == "websocket.http.response.body" and not message.get("more_body", False):
            self.handshake_complete = True


#: What a client can make uvicorn log with a traceback; logged as one line instead.
_CLIENT_NOISE = frozenset({"Invalid UTF-8 sequence received from client."})


class _OneLine(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and record.getMessage() in _CLIENT_NOISE:
            record.exc_info = None
            record.exc_text = None
        return True


def quiet_client_noise() -> None:
    """Log what a client's bad frame makes uvicorn log (a text frame that is not UTF-8) as one line, without the
    traceback: a client must not be able to fill the log at a few lines a byte."""
    logger = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, _OneLine) for f in logger.filters):
        logger.addFilter(_OneLine())


def ws_protocol(limits: Limits) -> type[GuardedWebSocketProtocol]:
    """The WebSocket protocol class to give uvicorn (``ws=``) for a server with these limits."""
    return type("ParlourWebSocket", (GuardedWebSocketProtocol,), {"limits": limits})
