"""One table in memory: its game, its seats, its connections, and what each of them is sent.

A :class:`Connection` is one WebSocket's place at a table; :meth:`Connection.push` is
the one way a message leaves the server over a WebSocket.  A :class:`Table` renders its
``state`` message for a seat from that seat's observation only
(:func:`parlour.server.messages.state_text`) and pushes it to every connection after
each change (:meth:`Table.broadcast`).
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from parlour.server import messages
from parlour.server.errors import SpectatorLimitReached, TableClosed
from parlour.server.games import action_list, observation_text

__all__ = ["Connection", "Limits", "Seat", "Table", "new_token", "token_hash"]


def new_token() -> str:
    """A secret token: 128 random bits, URL-safe text."""
    return secrets.token_urlsafe(16)


def token_hash(token: str) -> str:
    """What the server stores of a token (SHA-256, hex): a stolen database gives no token."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass
class Limits:
    """The server's limits (docs/server.md, "Threat model", lists each with its option)."""

    #: Longest WebSocket message, in bytes (``--max-message-bytes``).
    max_message_bytes: int = 4096
    #: Deepest nesting of a WebSocket message's or an HTTP body's JSON.
    max_depth: int = 4
    #: WebSocket messages per second per connection (``--rate``), in bursts of up to ``burst``.
    messages_per_second: float = 50.0
    burst: int = 100
    #: Tables in play at once (``--max-tables``).
    max_open_tables: int = 10_000
    #: Connections that said hello at one table.
    max_connections_per_table: int = 64
    #: Messages waiting to be sent on one connection before it is closed as too slow.
    send_queue: int = 256
    #: Open connections at once, WebSockets and HTTP (``--max-connections``).
    max_connections: int = 10_000
    #: Longest HTTP request body, in bytes (``--max-body-bytes``).
    max_body_bytes: int = 16_384
    #: Seconds for a request's head to arrive, and as many again for its body (``--request-timeout``).
    request_timeout: float = 10.0
    #: Seconds a connection's writes may stay blocked (a client that reads nothing of its answers) before it is cut.
    write_timeout: float = 20.0
    #: Longest HTTP request head (the request line and the headers), in bytes.
    max_header_bytes: int = 16_384
    #: Most headers in one HTTP request.
    max_headers: int = 100
    #: Spectator tokens one table gives out (``--max-spectators``).
    max_spectators: int = 100
    #: Seconds without an accepted action after which a table in play is closed (``--idle-timeout``; 0: never).
    idle_timeout: float = 3600.0
    #: Origins besides the server's own whose pages may use the API and the WebSocket (``--allow-origin``).
    allowed_origins: tuple[str, ...] = ()


class Connection:
    """One WebSocket's place at a table: its seat (None = spectator) and its outgoing messages.

    :meth:`push` never waits: it queues the text and wakes :meth:`pump`, the connection's one
    sending task, so that a slow client never holds up a table (a deque and one future: the
    server's hottest path, two pushes per action at a table of two)."""

    def __init__(self, send: Callable[[str], Any], limits: Limits) -> None:
        """A connection that sends with ``send`` (a WebSocket's ``send_text``), queueing at most ``limits.send_queue``."""
        self.seat: int | None = None
        self.table: Table | None = None
        self._out: deque[str | None] = deque()
        self._limit = limits.send_queue
        self._wake: asyncio.Future[None] | None = None
        self._send = send
        self.closed = False
        self.overflowed = False

    def push(self, text: str | None) -> None:
        """Queue a message (None: stop the pump once the queue is sent); a connection that does not
        keep up is marked and then closed."""
        if self.closed:
            return
        if len(self._out) >= self._limit:
            self.overflowed = True
            self.closed = True
        else:
            self._out.append(text)
        w = self._wake
        if w is not None and not w.done():
            w.set_result(None)

    async def pump(self) -> None:
        """Send queued messages until the connection closes."""
        while not self.closed:
            if not self._out:
                self._wake = asyncio.get_running_loop().create_future()
                try:
                    await self._wake
                finally:
                    self._wake = None
                continue
            text = self._out.popleft()
            if text is None:
                return
            try:
                await self._send(text)
            except Exception:  # noqa: BLE001 - the client went away or closed first: nothing more goes out
                self.closed = True
                return


@dataclass
class Seat:
    """One seat of a table in memory."""

    seat: int
    kind: str  # "open" | "human" | "bot"
    name: str | None = None
    bot_name: str | None = None
    think_ms: int = 0
    token_hash: str | None = None
    client_seq: int = 0
    bot: Any = None

    def public(self) -> dict[str, Any]:
        """What everyone may know of the seat."""
        return {"seat": self.seat, "kind": self.kind, "name": self.name, "bot": self.bot_name}


@dataclass
class Table:
    """A table in memory: the game, its seats, its connections."""

    id: str
    game_name: str
    preset: str | None
    options: dict[str, Any]
    seed: int
    game: Any
    seq: int
    seats: list[Seat]
    created: float
    spectator_hashes: set[str] = field(default_factory=set)
    #: When the last action was accepted (the table's creation before any).
    updated: float = 0.0
    #: Why the server closed the table (None while it is open): see :func:`parlour.server.lifetime.close_table`.
    closed: str | None = None
    conns: set[Connection] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_task: asyncio.Task[None] | None = None

    @property
    def status(self) -> str:
        """``"playing"``, ``"over"``, or ``"closed"`` (by the server, before the game's end)."""
        if self.closed is not None:
            return "closed"
        return "over" if self.game.is_terminal else "playing"

    def check_open(self) -> None:
        """Raise TableClosed if the server closed the table."""
        if self.closed is not None:
            raise TableClosed(f"table {self.id} is closed: {self.closed}")

    def check_spectator_room(self, most: int) -> None:
        """Raise SpectatorLimitReached if the table has given out ``most`` spectator tokens already."""
        if len(self.spectator_hashes) >= most:
            raise SpectatorLimitReached(f"table {self.id} has its limit of {most} spectator tokens")

    def public(self) -> dict[str, Any]:
        """What anyone may read of the table (never the seed or the snapshot)."""
        cp = self.game.current_player
        return {
            "table": self.id,
            "game": self.game_name,
            "preset": self.preset,
            "options": self.options,
            "seq": self.seq,
            "status": self.status,
            "current_player": None if cp is None else int(cp),
            "seats": [s.public() for s in self.seats],
            "created": self.created,
        }

    def welcome(self, seat: int | None) -> str:
        """The ``welcome`` message for a connection at ``seat`` (None = a spectator)."""
        return messages.welcome_text(self.id, self.game_name, seat, [s.public() for s in self.seats])

    def view(self, seat: int | None) -> dict[str, Any]:
        """The ``state`` message for ``seat`` (None = a spectator) as a dict: built from that seat's observation only."""
        return messages.state_dict(*self._fields(seat), self.game.observation(seat).to_dict())

    def view_text(self, seat: int | None) -> str:
        """:meth:`view` as JSON text, the observation's text made by the engine (the server's hottest path)."""
        return messages.state_text(*self._fields(seat), observation_text(self.game, seat))

    def _fields(self, seat: int | None) -> messages.StateFields:
        g = self.game
        cp = g.current_player
        ev = g.last_event
        return (
            self.id,
            self.game_name,
            self.seq,
            seat,
            None if cp is None else int(cp),
            bool(g.is_terminal),
            action_list(g) if seat is not None and cp == seat else [],
            None if ev is None else ev.to_dict(seat),
            [float(x) for x in g.returns()],
            None if seat is None else self.seats[seat].client_seq,
        )

    def broadcast(self) -> None:
        """Queue each connection's own view (one rendering per seat)."""
        texts: dict[int | None, str] = {}
        for c in list(self.conns):
            if c.seat not in texts:
                texts[c.seat] = self.view_text(c.seat)
            c.push(texts[c.seat])
