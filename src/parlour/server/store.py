"""The database layer: every table, seat and accepted action, through SQLAlchemy Core.

One schema serves SQLite (the default: a file, no setup) and PostgreSQL (``--db
postgresql://user@host/db``).  The database holds a schema version in ``meta``; opening
an older database runs the upgrade steps in :data:`UPGRADES` in one transaction, and a
newer one is refused.

An accepted action is written as one transaction: the table's new sequence number and
snapshot, the seat's client sequence number and a row in ``actions``.  The update is
conditional on the previous sequence number, so two servers sharing a database can
never both apply an action to the same state.  :class:`Writer` runs these transactions
on one thread and commits several tables' actions together when they arrive together
(a group commit); each caller is answered only once its transaction has committed.

SQLite runs in WAL mode with ``synchronous=NORMAL``: a committed transaction survives
the server being killed at any moment; after a power cut the last few may be lost
(``--db 'sqlite:///path?synchronous=full'`` makes every commit wait for the disk).
"""

from __future__ import annotations

import asyncio
import json
import queue
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from parlour.errors import StateFormatError

try:
    import orjson

    def _dumps(obj: Any) -> str:
        return orjson.dumps(obj).decode()

except ImportError:  # pragma: no cover - orjson is in the server extra

    def _dumps(obj: Any) -> str:
        return json.dumps(obj, separators=(",", ":"))


def _text(snapshot: dict[str, Any] | str) -> str:
    return snapshot if isinstance(snapshot, str) else _dumps(snapshot)


#: The version of the schema this code writes.
SCHEMA_VERSION = 1

metadata = sa.MetaData()

meta = sa.Table(
    "parlour_meta",
    metadata,
    sa.Column("key", sa.String(64), primary_key=True),
    sa.Column("value", sa.Text, nullable=False),
)

tables = sa.Table(
    "parlour_tables",
    metadata,
    sa.Column("id", sa.String(40), primary_key=True),
    sa.Column("game", sa.String(40), nullable=False),
    sa.Column("preset", sa.String(64), nullable=True),
    sa.Column("options", sa.Text, nullable=False),  # JSON
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("seq", sa.Integer, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),  # "playing" | "over"
    sa.Column("snapshot", sa.Text, nullable=False),  # the game's to_dict() envelope, JSON
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
)

seats = sa.Table(
    "parlour_seats",
    metadata,
    sa.Column("table_id", sa.String(40), sa.ForeignKey("parlour_tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(8), nullable=False),  # "open" | "human" | "bot"
    sa.Column("name", sa.String(64), nullable=True),
    sa.Column("bot", sa.String(64), nullable=True),
    sa.Column("think_ms", sa.Integer, nullable=False),
    sa.Column("token_hash", sa.String(64), nullable=True),
    sa.Column("client_seq", sa.BigInteger, nullable=False),
)

spectators = sa.Table(
    "parlour_spectators",
    metadata,
    sa.Column("token_hash", sa.String(64), primary_key=True),
    sa.Column("table_id", sa.String(40), sa.ForeignKey("parlour_tables.id"), nullable=False),
    sa.Column("created", sa.Float, nullable=False),
)

actions = sa.Table(
    "parlour_actions",
    metadata,
    sa.Column("table_id", sa.String(40), sa.ForeignKey("parlour_tables.id"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action_id", sa.Integer, nullable=False),
    sa.Column("text", sa.Text, nullable=False),
    sa.Column("client_seq", sa.BigInteger, nullable=True),
    sa.Column("at", sa.Float, nullable=False),
)

#: Upgrade steps: ``UPGRADES[v]`` takes a database at version ``v`` to ``v + 1``.
#: Version 0 is an empty database; its step creates every table.
UPGRADES: dict[int, Callable[[Connection], None]] = {
    0: lambda conn: metadata.create_all(conn),
}


def engine_url(url: str) -> sa.URL:
    """The SQLAlchemy URL for ``url``: ``postgresql://`` uses psycopg (version 3)."""
    u = sa.make_url(url)
    if u.drivername in ("postgresql", "postgres"):
        u = u.set(drivername="postgresql+psycopg")
    return u


def make_engine(url: str) -> Engine:
    """An engine for ``url`` (SQLite in WAL mode, or PostgreSQL through psycopg)."""
    u = engine_url(url)
    if u.get_backend_name() == "sqlite":
        sync = str(u.query.get("synchronous", "normal")).upper()
        if sync not in ("OFF", "NORMAL", "FULL", "EXTRA"):
            raise StateFormatError(f"sqlite synchronous must be off, normal, full or extra, not {sync.lower()!r}")
        u = u.difference_update_query(["synchronous"])
        eng = sa.create_engine(u, connect_args={"check_same_thread": False, "timeout": 30})

        @sa.event.listens_for(eng, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute(f"PRAGMA synchronous={sync}")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return eng
    return sa.create_engine(u, pool_pre_ping=True)


@dataclass
class SeatRow:
    """One seat as stored."""

    seat: int
    kind: str
    name: str | None = None
    bot: str | None = None
    think_ms: int = 0
    token_hash: str | None = None
    client_seq: int = 0


@dataclass
class TableRow:
    """One table as stored (the snapshot as a dict)."""

    id: str
    game: str
    preset: str | None
    options: dict[str, Any]
    seed: int
    players: int
    seq: int
    status: str
    snapshot: dict[str, Any]
    created: float
    updated: float
    seats: list[SeatRow] = field(default_factory=list)
    spectator_hashes: set[str] = field(default_factory=set)


@dataclass
class ActionRecord:
    """One accepted action, as committed with the table's new state."""

    table_id: str
    seq: int
    seat: int
    action_id: int
    text: str
    client_seq: int | None
    snapshot: dict[str, Any] | str  # the envelope, or its JSON text
    status: str


class ConflictError(Exception):
    """The table's stored sequence number is not the one this server expected (another writer)."""


class Store:
    """The database: open (create or upgrade), read tables, write changes in transactions."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        try:
            self.version = self._open()
        except BaseException:
            self.engine.dispose()
            raise

    @property
    def commits_wait_for_disk(self) -> bool:
        """Whether a commit waits for the disk or the network: PostgreSQL, or SQLite with
        ``synchronous=full`` or ``extra`` (WAL mode with ``normal``, the default, only writes the WAL)."""
        if self.backend != "sqlite":
            return True
        return str(engine_url(self.url).query.get("synchronous", "normal")).lower() in ("full", "extra")

    @property
    def backend(self) -> str:
        """``"sqlite"`` or ``"postgresql"``."""
        return self.engine.dialect.name

    def display_url(self) -> str:
        """The URL with any password hidden."""
        return self.engine.url.render_as_string(hide_password=True)

    def _open(self) -> int:
        with self.engine.begin() as conn:
            version = self._version(conn)
            if version > SCHEMA_VERSION:
                raise StateFormatError(
                    f"the database has schema version {version}; this parlour reads up to {SCHEMA_VERSION}:"
                    " upgrade parlour"
                )
            while version < SCHEMA_VERSION:
                UPGRADES[version](conn)
                version += 1
                self._set_version(conn, version)
        return version

    @staticmethod
    def _version(conn: Connection) -> int:
        if not sa.inspect(conn).has_table(meta.name):
            if sa.inspect(conn).has_table(tables.name):
                raise StateFormatError("the database has parlour tables but no schema version: not a parlour database")
            return 0
        row = conn.execute(sa.select(meta.c.value).where(meta.c.key == "schema_version")).first()
        if row is None:
            raise StateFormatError("the database has no schema version: not a parlour database")
        try:
            return int(row[0])
        except ValueError:
            raise StateFormatError(f"the database's schema version {row[0]!r} is not a number") from None

    @staticmethod
    def _set_version(conn: Connection, version: int) -> None:
        updated = conn.execute(meta.update().where(meta.c.key == "schema_version").values(value=str(version)))
        if updated.rowcount == 0:
            conn.execute(meta.insert().values(key="schema_version", value=str(version)))

    def close(self) -> None:
        """Close every connection."""
        self.engine.dispose()

    # -- reads ---------------------------------------------------------------------------

    def load_tables(self, *, status: str | None = "playing", table_id: str | None = None) -> list[TableRow]:
        """The stored tables (those in play by default, or one by id) with their seats."""
        q = sa.select(tables)
        if status is not None:
            q = q.where(tables.c.status == status)
        if table_id is not None:
            q = q.where(tables.c.id == table_id)
        out: dict[str, TableRow] = {}
        with self.engine.connect() as conn:
            for r in conn.execute(q):
                out[r.id] = TableRow(
                    id=r.id,
                    game=r.game,
                    preset=r.preset,
                    options=json.loads(r.options),
                    seed=int(r.seed),
                    players=r.players,
                    seq=r.seq,
                    status=r.status,
                    snapshot=json.loads(r.snapshot),
                    created=r.created,
                    updated=r.updated,
                )
            if not out:
                return []
            ids = list(out)
            for chunk in _chunks(ids, 500):
                for s in conn.execute(sa.select(seats).where(seats.c.table_id.in_(chunk)).order_by(seats.c.seat)):
                    out[s.table_id].seats.append(
                        SeatRow(
                            seat=s.seat,
                            kind=s.kind,
                            name=s.name,
                            bot=s.bot,
                            think_ms=s.think_ms,
                            token_hash=s.token_hash,
                            client_seq=int(s.client_seq),
                        )
                    )
                for sp in conn.execute(sa.select(spectators).where(spectators.c.table_id.in_(chunk))):
                    out[sp.table_id].spectator_hashes.add(sp.token_hash)
        return list(out.values())

    def count_playing(self) -> int:
        """How many tables are in play."""
        with self.engine.connect() as conn:
            return int(
                conn.execute(
                    sa.select(sa.func.count()).select_from(tables).where(tables.c.status == "playing")
                ).scalar_one()
            )

    def actions_of(self, table_id: str) -> list[tuple[int, int, int, str, int | None]]:
        """The accepted actions of a table: ``(seq, seat, action_id, text, client_seq)`` in order."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(actions.c.seq, actions.c.seat, actions.c.action_id, actions.c.text, actions.c.client_seq)
                .where(actions.c.table_id == table_id)
                .order_by(actions.c.seq)
            )
            return [(r[0], r[1], r[2], r[3], r[4]) for r in rows]

    # -- writes (each takes the connection of a transaction) -------------------------------

    @staticmethod
    def insert_table(conn: Connection, row: TableRow) -> None:
        """Store a new table and its seats."""
        conn.execute(
            tables.insert().values(
                id=row.id,
                game=row.game,
                preset=row.preset,
                options=json.dumps(row.options),
                seed=row.seed,
                players=row.players,
                seq=row.seq,
                status=row.status,
                snapshot=_dumps(row.snapshot),
                created=row.created,
                updated=row.updated,
            )
        )
        conn.execute(
            seats.insert(),
            [
                {
                    "table_id": row.id,
                    "seat": s.seat,
                    "kind": s.kind,
                    "name": s.name,
                    "bot": s.bot,
                    "think_ms": s.think_ms,
                    "token_hash": s.token_hash,
                    "client_seq": s.client_seq,
                }
                for s in row.seats
            ],
        )

    @staticmethod
    def take_seat(conn: Connection, table_id: str, seat: int, token_hash: str, name: str | None) -> None:
        """Give an open seat to a person (only if it is still open)."""
        res = conn.execute(
            seats.update()
            .where(seats.c.table_id == table_id, seats.c.seat == seat, seats.c.kind == "open")
            .values(kind="human", token_hash=token_hash, name=name)
        )
        if res.rowcount != 1:
            raise ConflictError(f"seat {seat} of table {table_id} is not open in the database")

    @staticmethod
    def add_spectator(conn: Connection, table_id: str, token_hash: str) -> None:
        """Store a spectator token of a table."""
        conn.execute(spectators.insert().values(token_hash=token_hash, table_id=table_id, created=time.time()))

    @staticmethod
    def record_action(conn: Connection, rec: ActionRecord) -> None:
        """Commit one accepted action: the new snapshot, sequence numbers and the action log row."""
        Store.record_actions(conn, [rec])

    @staticmethod
    def record_actions(conn: Connection, recs: list[ActionRecord]) -> None:
        """Commit accepted actions of different tables together (raises ConflictError, changing
        nothing once rolled back, if any table is not at the sequence number before its action).

        Three ``executemany`` calls on the driver's own cursor, whatever the batch's size: the
        server's hottest write, so it skips SQLAlchemy's statement machinery (the SQL is plain
        and the same on SQLite and PostgreSQL but for the placeholder)."""
        now = time.time()
        sql = _RECORD_SQL["?" if conn.dialect.paramstyle == "qmark" else "%s"]
        cur = conn.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
        try:
            cur.executemany(sql[0], [(r.seq, _text(r.snapshot), r.status, now, r.table_id, r.seq - 1) for r in recs])
            if cur.rowcount != len(recs):
                raise ConflictError(
                    f"table {recs[0].table_id} is not at sequence number {recs[0].seq - 1} in the database"
                    if len(recs) == 1
                    else "a table is not at the sequence number before its action in the database"
                )
            seat_rows = [(r.client_seq, r.table_id, r.seat) for r in recs if r.client_seq is not None]
            if seat_rows:
                cur.executemany(sql[1], seat_rows)
            cur.executemany(sql[2], [(r.table_id, r.seq, r.seat, r.action_id, r.text, r.client_seq, now) for r in recs])
        finally:
            cur.close()


def _record_sql(p: str) -> tuple[str, str, str]:
    return (
        f"UPDATE {tables.name} SET seq = {p}, snapshot = {p}, status = {p}, updated = {p} WHERE id = {p} AND seq = {p}",
        f"UPDATE {seats.name} SET client_seq = {p} WHERE table_id = {p} AND seat = {p}",
        f"INSERT INTO {actions.name} (table_id, seq, seat, action_id, text, client_seq, at)"
        f" VALUES ({p}, {p}, {p}, {p}, {p}, {p}, {p})",
    )


#: :meth:`Store.record_actions`' statements by placeholder (SQLite's ``?``, psycopg's ``%s``).
_RECORD_SQL = {p: _record_sql(p) for p in ("?", "%s")}


def _chunks(xs: list[str], n: int) -> Iterable[list[str]]:
    for i in range(0, len(xs), n):
        yield xs[i : i + n]


Op = Callable[[Connection], Any]

#: An operation's outcome: ``(result, None)`` once committed, ``(None, exception)`` once rolled back.
Outcome = tuple[Any, BaseException | None]


def _one(conn: Connection, op: Op | ActionRecord) -> Any:
    if isinstance(op, ActionRecord):
        return Store.record_actions(conn, [op])
    return op(conn)


def run_batch(begin: Callable[[], AbstractContextManager[Connection]], ops: list[Op | ActionRecord]) -> list[Outcome]:
    """Run ``ops`` in one transaction (the accepted actions written together); if it fails, run
    each in a transaction of its own, so that one bad write never fails another table's.

    ``begin()`` opens a transaction and gives its connection; returns each op's outcome."""
    try:
        with begin() as conn:
            recs = [op for op in ops if isinstance(op, ActionRecord)]
            if recs:
                Store.record_actions(conn, recs)
            results = [None if isinstance(op, ActionRecord) else op(conn) for op in ops]
        return [(r, None) for r in results]
    except Exception:  # noqa: BLE001 - retried one by one below; each failure goes to its caller
        pass
    out: list[Outcome] = []
    for op in ops:
        try:
            with begin() as conn:
                out.append((_one(conn, op), None))
        except BaseException as e:  # noqa: BLE001 - handed to the caller
            out.append((None, e))
    return out


def _settle(items: list[tuple[asyncio.Future[Any], Outcome]]) -> None:
    for fut, (res, exc) in items:
        if fut.done():
            continue
        if exc is None:
            fut.set_result(res)
        else:
            fut.set_exception(exc)


class Writer:
    """One thread that runs write operations in transactions, committing a batch together.

    :meth:`submit` (for threads) and :meth:`submit_async` (for the event loop) answer only
    after the transaction that holds the operation has committed, or with the
    operation's exception once it has been rolled back.  When a batch fails, each of
    its operations is retried in a transaction of its own, so one bad write never
    fails another table's.  This is the writer for a database whose commit waits for
    the disk or the network (PostgreSQL, SQLite with ``synchronous=full``), so that the
    event loop never waits for one; see :func:`make_writer`.
    """

    def __init__(self, store: Store, max_batch: int = 256) -> None:
        self.store = store
        self.max_batch = max_batch
        self._q: queue.SimpleQueue[tuple[Op | ActionRecord, Future[Any] | asyncio.Future[Any]] | None] = (
            queue.SimpleQueue()
        )
        self._thread = threading.Thread(target=self._run, name="parlour-db-writer", daemon=True)
        self._thread.start()
        self.commits = 0
        self.ops = 0

    def submit(self, op: Op | ActionRecord) -> Future[Any]:
        """Queue ``op(conn)`` (or an accepted action, written with the others of its batch) for the next
        transaction; the returned future resolves after the commit."""
        fut: Future[Any] = Future()
        self._q.put((op, fut))
        return fut

    def submit_async(self, op: Op | ActionRecord) -> asyncio.Future[Any]:
        """As :meth:`submit`, for a coroutine: an asyncio future of the running loop."""
        fut: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._q.put((op, fut))
        return fut

    def close(self) -> None:
        """Finish the queued operations and stop the thread."""
        self._q.put(None)
        self._thread.join()

    async def aclose(self) -> None:
        """:meth:`close`, awaited from the event loop."""
        await asyncio.to_thread(self.close)

    def _run(self) -> None:
        stop = False
        while not stop:
            item = self._q.get()
            if item is None:
                break
            batch = [item]
            while len(batch) < self.max_batch:
                try:
                    nxt = self._q.get_nowait()
                except queue.Empty:
                    break
                if nxt is None:
                    stop = True
                    break
                batch.append(nxt)
            self._commit(batch)

    def _commit(self, batch: list[tuple[Op | ActionRecord, Future[Any] | asyncio.Future[Any]]]) -> None:
        outcomes = run_batch(self.store.engine.begin, [op for op, _ in batch])
        self.commits += 1
        self.ops += len(batch)
        # One wake-up of each event loop for the whole batch, not one per operation.
        by_loop: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[Any], Outcome]]] = {}
        for (_, fut), (res, exc) in zip(batch, outcomes):
            if isinstance(fut, asyncio.Future):
                by_loop.setdefault(fut.get_loop(), []).append((fut, (res, exc)))
            elif exc is None:
                fut.set_result(res)
            else:
                fut.set_exception(exc)
        for loop, items in by_loop.items():
            try:
                loop.call_soon_threadsafe(_settle, items)
            except RuntimeError:  # the loop is closed: nobody waits any more
                pass


class InlineWriter:
    """Commits on the event loop's own thread: the writer for SQLite when a commit does not wait for
    the disk (WAL mode, ``synchronous=normal`` or ``off``; see :func:`make_writer`).

    The operations submitted while the loop handles one round of events are committed together
    at the start of the next round (a group commit), and each caller is answered once the
    transaction has committed.  Such a commit only copies pages into the WAL file, which
    takes microseconds; doing it on the loop's thread spares a writer thread that would
    wait for the GIL after every SQLite call while the loop is busy.

    What does wait for the disk, the checkpoints that copy the WAL back into the database
    (each syncs both files), runs on a thread of its own with its own connection, so no
    commit waits for them (SQLite's automatic checkpoint on commit is off for this
    writer's connection).  A checkpoint that runs while commits go on cannot let the WAL
    start again from its beginning; when the WAL has grown past ``full_checkpoint_pages``,
    the thread has the commits held for the short moment of one more checkpoint, after
    which the next commit starts the WAL afresh.
    """

    def __init__(
        self, store: Store, max_batch: int = 256, checkpoint_every: float = 0.2, full_checkpoint_pages: int = 16_384
    ) -> None:
        self.store = store
        self.max_batch = max_batch
        self.checkpoint_every = checkpoint_every
        self.full_checkpoint_pages = full_checkpoint_pages
        self.commits = 0
        self.ops = 0
        self.full_checkpoints = 0
        self._conn = store.engine.connect()
        self._driver().execute("PRAGMA wal_autocheckpoint=0")
        self._pending: list[tuple[Op | ActionRecord, asyncio.Future[Any]]] = []
        self._scheduled = False
        self._paused = False
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._checkpoints, name="parlour-db-checkpoint", daemon=True)
        self._thread.start()

    def _driver(self) -> Any:
        return self._conn.connection.dbapi_connection

    @contextmanager
    def _begin(self) -> Iterator[Connection]:
        with self._conn.begin():
            yield self._conn

    def submit_async(self, op: Op | ActionRecord) -> asyncio.Future[Any]:
        """Queue ``op(conn)`` (or an accepted action) for the next group commit; the returned future
        resolves after the commit (with the op's result) or the rollback (with its exception)."""
        loop = asyncio.get_running_loop()
        self._loop = loop
        fut: asyncio.Future[Any] = loop.create_future()
        self._pending.append((op, fut))
        if not self._scheduled and not self._paused:
            self._scheduled = True
            loop.call_soon(self._flush)
        return fut

    def _flush(self) -> None:
        self._scheduled = False
        while self._pending and not self._paused:
            batch = self._pending[: self.max_batch]
            del self._pending[: self.max_batch]
            outcomes = run_batch(self._begin, [op for op, _ in batch])
            self.commits += 1
            self.ops += len(batch)
            _settle([(fut, out) for (_, fut), out in zip(batch, outcomes)])

    def _pause(self, ack: threading.Event) -> None:
        self._paused = True
        ack.set()

    def _resume(self) -> None:
        self._paused = False
        if self._pending and not self._scheduled and self._loop is not None:
            self._scheduled = True
            self._loop.call_soon(self._flush)

    def _checkpoints(self) -> None:
        conn = self.store.engine.raw_connection()
        try:
            while not self._stop.wait(self.checkpoint_every):
                cur = conn.cursor()
                _busy, wal_pages, _done = cur.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
                if wal_pages >= self.full_checkpoint_pages:
                    self._full_checkpoint(cur)
                cur.close()
        finally:
            conn.close()

    def _full_checkpoint(self, cur: Any) -> None:
        """One checkpoint while no commit starts, so that the next commit starts the WAL afresh."""
        loop = self._loop
        if loop is None:
            return
        ack = threading.Event()
        try:
            loop.call_soon_threadsafe(self._pause, ack)
        except RuntimeError:  # the loop is closed
            return
        try:
            if ack.wait(5.0):
                cur.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
                self.full_checkpoints += 1
        finally:
            try:
                loop.call_soon_threadsafe(self._resume)
            except RuntimeError:
                pass

    async def aclose(self) -> None:
        """Stop the checkpoint thread, commit what is queued, close the connection."""
        self._stop.set()
        await asyncio.to_thread(self._thread.join)
        self._paused = False
        self._flush()
        self._close_conn()

    def close(self) -> None:
        """Stop the checkpoint thread and close the connection (nothing may be queued: use :meth:`aclose`
        from the event loop)."""
        self._stop.set()
        self._thread.join()
        self._close_conn()

    def _close_conn(self) -> None:
        if self._conn.closed:
            return
        self._driver().execute("PRAGMA wal_autocheckpoint=1000")  # SQLite's default, for the pool's next user
        self._conn.close()


def make_writer(store: Store) -> Writer | InlineWriter:
    """The writer for ``store``: :class:`InlineWriter` for SQLite when a commit does not wait for the
    disk, the :class:`Writer` thread otherwise (PostgreSQL; SQLite with ``synchronous=full``)."""
    if store.commits_wait_for_disk:
        return Writer(store)
    return InlineWriter(store)
