"""Several workers on one PostgreSQL database: each worker's lease, its listener, and taking over the tables of a worker that died.

``parlour serve --workers N``, or several ``parlour serve`` processes on any hosts given the
same PostgreSQL URL, run workers that share nothing but the database:

- the database is the one source of truth: every accepted action is committed there,
  conditional on the table's sequence number, before anyone hears of it;
- it is also the bus: the worker that commits tells the others with PostgreSQL's NOTIFY
  inside the same transaction (:func:`action_payloads`), and each worker's listener
  (:class:`PgWorker`) hands what it hears to its tables
  (:class:`parlour.server.follow.Follower`), which push it to their own clients in ``seq``
  order and fill any gap from the stored actions;
- each worker holds a lease: a row of ``parlour_workers`` and a session-level advisory
  lock on its id, held by the worker's listening connection.  The lease ends with that
  connection: at once when the process dies (its socket closes), within about 11 seconds
  when a whole host vanishes (the TCP keepalives set on the connection, both ways);
- every table has an owner, the worker that runs its bots.  Each worker looks once a
  second for owners whose lock is gone and shares their tables in play among the live
  workers (round robin), in a transaction that holds the dead worker's lock, so that two
  workers never take the same tables and a worker that comes back after a lost
  connection learns that its tables have gone.  Two owners at once (a worker that has
  not yet noticed it lost its lease) cannot make a bot move twice: each move is
  conditional on the table's sequence number.

:class:`Solo` is the same interface for a server on SQLite: one process, which owns every
table and has nobody to tell.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import time
from typing import TYPE_CHECKING, Any, Protocol

from sqlalchemy.engine import Connection

from parlour.server._json import dumps
from parlour.server.schema import ActionRecord

if TYPE_CHECKING:  # pragma: no cover
    from parlour.server.store import TableStore
    from parlour.server.writer import RecordActions

__all__ = [
    "CHANNEL",
    "LOCK_SPACE",
    "PgWorker",
    "Solo",
    "Worker",
    "WorkerEvents",
    "action_payloads",
    "make_worker",
]

log = logging.getLogger("parlour.server")

#: The NOTIFY channel the workers of one database talk on.
CHANNEL = "parlour"

#: The first key of every worker's advisory lock (``pg_advisory_lock(LOCK_SPACE, worker id)``): "parl".
LOCK_SPACE = 0x7061726C

#: Actions per NOTIFY payload (PostgreSQL takes payloads of up to 8,000 bytes; an action is about 50).
_PER_PAYLOAD = 100

_LIVE_SQL = (
    "SELECT objid::bigint FROM pg_locks WHERE locktype = 'advisory' AND classid::bigint = %s AND objsubid = 2"
    " AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
)
_CANDIDATES_SQL = (
    "SELECT DISTINCT owner FROM parlour_tables WHERE status = 'playing' UNION SELECT id FROM parlour_workers"
)
# The tables in play of one owner (or of none), shared round robin among the live workers.
_HAND_OVER_SQL = (
    "UPDATE parlour_tables AS t SET owner = a.owner FROM ("
    " SELECT id, (%(live)s::int[])[(1 + mod(row_number() OVER (ORDER BY id) - 1, %(n)s))::int] AS owner"
    " FROM parlour_tables WHERE status = 'playing' AND {owner}) AS a"
    " WHERE t.id = a.id AND t.{owner}"
)


def action_payloads(origin: int | None, recs: list[ActionRecord]) -> list[str]:
    """The NOTIFY payloads that tell the other workers of accepted actions: ``{"w": origin, "a":
    [[table, seq, seat, action id, client seq], ...]}``, a hundred actions a payload."""
    items = [[r.table_id, r.seq, r.seat, r.action_id, r.client_seq] for r in recs]
    return [dumps({"w": origin, "a": items[i : i + _PER_PAYLOAD]}) for i in range(0, len(items), _PER_PAYLOAD)]


class WorkerEvents(Protocol):
    """What a worker tells its tables (:class:`parlour.server.follow.Follower` implements it)."""

    def on_notify(self, payload: str) -> None:
        """Another worker committed something (a NOTIFY payload)."""

    def on_lease(self, held: bool) -> None:
        """The worker's lease was gained (again) or lost."""

    def on_owners_changed(self) -> None:
        """Tables may have been given to this worker."""


class Worker(Protocol):
    """One server process's part in the whole: :class:`Solo` (SQLite) or :class:`PgWorker`."""

    #: Whether other processes share the database (the tables follow it; ownership is a lease).
    shared: bool
    #: The worker's id in the database (None alone, or before it registered).
    id: int | None
    #: Whether the worker holds its lease (it may run bots).
    lease: bool

    async def start(self, events: WorkerEvents) -> None:
        """Take the lease and start listening."""

    async def stop(self) -> None:
        """Hand the tables over and let the lease go."""

    def recorder(self, store: TableStore) -> RecordActions:
        """How the writer writes a batch of accepted actions (and tells the others, in the same transaction)."""

    def announce_seats(self, conn: Connection, table_id: str) -> None:
        """Tell the others, in this transaction, that a table's seats or spectators changed."""

    def announce_closed(self, conn: Connection, table_ids: list[str], why: str) -> None:
        """Tell the others, in this transaction, that the server closed these tables (and why)."""

    def describe(self) -> dict[str, Any]:
        """The worker, for ``GET /api/health``."""


class Solo:
    """The one process of a server on SQLite: it owns every table and has nobody to tell."""

    shared = False
    id: int | None = None
    lease = True

    def __init__(self) -> None:
        """The process alone with its database."""
        self.pid = os.getpid()
        self.host = socket.gethostname()
        self.started = time.time()

    async def start(self, events: WorkerEvents) -> None:
        """Nothing to take: the process owns everything."""

    async def stop(self) -> None:
        """Nothing to hand over."""

    def recorder(self, store: TableStore) -> RecordActions:
        """The store's own ``record_actions``."""
        return store.record_actions

    def announce_seats(self, conn: Connection, table_id: str) -> None:
        """Nobody to tell."""

    def announce_closed(self, conn: Connection, table_ids: list[str], why: str) -> None:
        """Nobody to tell."""

    def describe(self) -> dict[str, Any]:
        """The process, for ``GET /api/health``."""
        return {"id": None, "pid": self.pid, "host": self.host, "started": self.started, "lease": True}


class PgWorker:
    """One worker of several on a PostgreSQL database: its lease, its listener, its takeovers (see the module's text).

    :meth:`start` connects, registers the worker (a row of ``parlour_workers`` and the
    advisory lock on its id), listens, and then runs until :meth:`stop`: it hands each
    notification to the tables, looks for dead owners every ``sweep_every`` seconds, and
    after a lost connection connects again, keeping its id (and its tables) if nobody took
    them meanwhile, or registering anew.
    """

    shared = True

    def __init__(self, store: TableStore, *, sweep_every: float = 1.0) -> None:
        """A worker on ``store``'s database (not yet registered: :meth:`start`)."""
        self.store = store
        self.sweep_every = sweep_every
        self.id: int | None = None
        self.lease = False
        self.pid = os.getpid()
        self.host = socket.gethostname()
        self.started = time.time()
        #: The ids of the workers whose lease was held at the last look.
        self.live: list[int] = []
        #: How many dead owners this worker handed over, and how many tables.
        self.takeovers = 0
        self.tables_taken = 0
        self._events: WorkerEvents | None = None
        self._task: asyncio.Task[None] | None = None
        self._ready: asyncio.Future[None] | None = None
        self._conn: Any = None

    # -- the writer's side: notifications inside the commit ------------------------------

    def recorder(self, store: TableStore) -> RecordActions:
        """Write the accepted actions and NOTIFY them, in the writer's transaction."""

        def record(conn: Connection, recs: list[ActionRecord]) -> None:
            store.record_actions(conn, recs)
            store.notify(conn, CHANNEL, action_payloads(self.id, recs))

        return record

    def announce_seats(self, conn: Connection, table_id: str) -> None:
        """NOTIFY, in this transaction, that a table's seats or spectators changed."""
        self.store.notify(conn, CHANNEL, [dumps({"w": self.id, "s": [table_id]})])

    def announce_closed(self, conn: Connection, table_ids: list[str], why: str) -> None:
        """NOTIFY, in this transaction, that the server closed these tables: ``{"w": id, "c": [ids], "why": why}``."""
        payloads = [
            dumps({"w": self.id, "c": table_ids[i : i + _PER_PAYLOAD], "why": why})
            for i in range(0, len(table_ids), _PER_PAYLOAD)
        ]
        self.store.notify(conn, CHANNEL, payloads)

    # -- lifecycle ------------------------------------------------------------------------

    async def start(self, events: WorkerEvents) -> None:
        """Connect, register, listen (raises what the first connection raised), then keep it so in the background."""
        self._events = events
        self._ready = asyncio.get_running_loop().create_future()
        self._task = asyncio.create_task(self._run(), name="parlour-worker-lease")
        await asyncio.shield(self._ready)

    async def stop(self) -> None:
        """Give this worker's tables to the live workers, then let the lease go (closing its connection)."""
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
        conn, self._conn = self._conn, None
        if conn is None:
            return
        try:
            if self.id is not None and self.lease:
                live = [w for w in await self._live(conn) if w != self.id]
                if live:
                    await asyncio.wait_for(self._hand_over(conn, self.id, live, own=True), 5)
        except Exception as e:  # noqa: BLE001 - the lease ends anyway; the others' next look takes the tables
            log.warning("worker %s: could not hand its tables over on the way out: %s", self.id, e)
        finally:
            self.lease = False
            with contextlib.suppress(Exception):
                await conn.close()

    def describe(self) -> dict[str, Any]:
        """The worker, for ``GET /api/health``."""
        return {
            "id": self.id,
            "pid": self.pid,
            "host": self.host,
            "started": self.started,
            "lease": self.lease,
            "live_workers": list(self.live),
            "takeovers": self.takeovers,
            "tables_taken": self.tables_taken,
        }

    # -- the lease and the listener ---------------------------------------------------------

    async def _connect(self) -> Any:
        import psycopg

        params = self.store.connect_args()
        if not str(params.get("host") or "/").startswith("/"):  # TCP: notice a peer that vanished
            for k, v in (
                ("keepalives", 1),
                ("keepalives_idle", 5),
                ("keepalives_interval", 2),
                ("keepalives_count", 3),
            ):
                params.setdefault(k, v)
        params.setdefault("connect_timeout", 10)
        conn = await psycopg.AsyncConnection.connect(**params, autocommit=True)
        # PostgreSQL's side of the same: a worker's host that vanished loses its lease within about 11 s.
        for setting, value in (("tcp_keepalives_idle", 5), ("tcp_keepalives_interval", 2), ("tcp_keepalives_count", 3)):
            await conn.execute(f"SET {setting} = {value}")
        return conn

    async def _register(self, conn: Any) -> None:
        """Take the lock of this worker's id again if nobody took its tables meanwhile, else register anew."""
        if self.id is not None:
            cur = await conn.execute("SELECT pg_try_advisory_lock(%s, %s)", (LOCK_SPACE, self.id))
            if (await cur.fetchone())[0]:
                cur = await conn.execute("SELECT 1 FROM parlour_workers WHERE id = %s", (self.id,))
                if await cur.fetchone() is not None:
                    return
                await conn.execute("SELECT pg_advisory_unlock(%s, %s)", (LOCK_SPACE, self.id))
            log.warning("worker %d: its tables went to other workers while it was away; it registers anew", self.id)
        async with conn.transaction():  # the row appears with its lock held: nobody can take it for dead
            cur = await conn.execute(
                "INSERT INTO parlour_workers (host, pid, started) VALUES (%s, %s, %s) RETURNING id",
                (self.host[:255], self.pid, self.started),
            )
            wid = int((await cur.fetchone())[0])
            await conn.execute("SELECT pg_advisory_lock(%s, %s)", (LOCK_SPACE, wid))
        self.id = wid

    async def _run(self) -> None:
        assert self._ready is not None and self._events is not None
        delay = 0.1
        while True:
            conn: Any = None
            try:
                conn = await self._connect()
                await self._register(conn)
                await conn.execute(f"LISTEN {CHANNEL}")
                self._conn, self.lease = conn, True
                self._events.on_lease(True)
                if not self._ready.done():
                    self._ready.set_result(None)
                delay = 0.1
                await self._serve(conn)
            except asyncio.CancelledError:
                raise
            except Exception as e:  # noqa: BLE001 - a lost connection: the lease is gone; connect again
                if not self._ready.done():
                    self._ready.set_exception(e)
                    return
                if self.lease:
                    log.warning("worker %s: lost its database connection (%s); connecting again", self.id, e)
                    self.lease = False
                    self._events.on_lease(False)
                self._conn = None
                if conn is not None:
                    with contextlib.suppress(Exception):
                        await conn.close()
            await asyncio.sleep(delay)
            delay = min(1.0, 2 * delay)

    async def _serve(self, conn: Any) -> None:
        """Hand each notification to the tables; look for dead owners every ``sweep_every`` seconds."""
        assert self._events is not None
        loop = asyncio.get_running_loop()
        next_sweep = loop.time()
        while True:
            if loop.time() >= next_sweep:
                await asyncio.wait_for(self._sweep(conn), 10)
                next_sweep = loop.time() + self.sweep_every
            # The generator ends by itself at the deadline, after the notifications it has read:
            # leaving it earlier would drop the rest of a packet.
            async with contextlib.aclosing(conn.notifies(timeout=max(0.0, next_sweep - loop.time()))) as notes:
                async for n in notes:
                    try:
                        self._events.on_notify(n.payload)
                    except Exception:  # one bad payload must not stop the listener
                        log.exception("worker %s: a notification could not be handled", self.id)

    async def _live(self, conn: Any) -> list[int]:
        cur = await conn.execute(_LIVE_SQL, (LOCK_SPACE,))
        return sorted(int(r[0]) for r in await cur.fetchall())

    async def _sweep(self, conn: Any) -> None:
        """Share the tables of every owner whose lease is gone (and of none) among the live workers."""
        assert self._events is not None
        live = await self._live(conn)
        self.live = live
        if self.id not in live:
            raise ConnectionError("this worker's lock is no longer held")
        cur = await conn.execute(_CANDIDATES_SQL)
        gone = [r[0] for r in await cur.fetchall() if r[0] not in live]
        moved = 0
        for dead in gone:
            moved += await self._hand_over(conn, dead, live)
        if moved:
            self._events.on_owners_changed()

    async def _hand_over(self, conn: Any, dead: int | None, live: list[int], *, own: bool = False) -> int:
        """Give the tables in play of ``dead`` (None: of no owner) to ``live``; how many moved.

        Holds ``dead``'s lock for the transaction, so that it cannot come back meanwhile and no
        other worker hands the same tables over; the others hear of it by NOTIFY."""
        async with conn.transaction():
            if dead is not None and not own:
                cur = await conn.execute("SELECT pg_try_advisory_xact_lock(%s, %s)", (LOCK_SPACE, dead))
                if not (await cur.fetchone())[0]:
                    return 0
            owner = "owner IS NULL" if dead is None else "owner = %(dead)s"
            cur = await conn.execute(_HAND_OVER_SQL.format(owner=owner), {"live": live, "n": len(live), "dead": dead})
            moved = max(0, int(cur.rowcount))
            if dead is not None:
                await conn.execute("DELETE FROM parlour_workers WHERE id = %s", (dead,))
            if moved:
                await conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, dumps({"w": self.id, "o": live})))
        if moved and dead is not None:
            self.takeovers += 1
            self.tables_taken += moved
            log.info(
                "worker %s: the %d tables in play of worker %d went to workers %s",
                self.id,
                moved,
                dead,
                ", ".join(map(str, live)),
            )
        return moved


def make_worker(store: TableStore) -> Solo | PgWorker:
    """:class:`PgWorker` for PostgreSQL (any other process may share the database), :class:`Solo` for SQLite."""
    if store.backend == "postgresql":
        return PgWorker(store)
    return Solo()
