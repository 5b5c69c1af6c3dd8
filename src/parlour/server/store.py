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
from collections.abc import Callable, Iterable
from concurrent.futures import Future
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
    snapshot: dict[str, Any]
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
        nothing once rolled back, if any table is not at the sequence number before its action)."""
        now = time.time()
        upd = [
            {
                "b_id": r.table_id,
                "b_prev": r.seq - 1,
                "b_seq": r.seq,
                "b_snap": _dumps(r.snapshot),
                "b_status": r.status,
                "b_now": now,
            }
            for r in recs
        ]
        if len(upd) == 1 or not conn.dialect.supports_sane_multi_rowcount:
            for u in upd:
                if conn.execute(_UPDATE_TABLE, u).rowcount != 1:
                    raise ConflictError(f"table {u['b_id']} is not at sequence number {u['b_prev']} in the database")
        elif conn.execute(_UPDATE_TABLE, upd).rowcount != len(upd):
            raise ConflictError("a table is not at the sequence number before its action in the database")
        seat_rows = [
            {"b_id": r.table_id, "b_seat": r.seat, "b_cseq": r.client_seq} for r in recs if r.client_seq is not None
        ]
        if seat_rows:
            conn.execute(_UPDATE_SEAT, seat_rows)
        conn.execute(
            actions.insert(),
            [
                {
                    "table_id": r.table_id,
                    "seq": r.seq,
                    "seat": r.seat,
                    "action_id": r.action_id,
                    "text": r.text,
                    "client_seq": r.client_seq,
                    "at": now,
                }
                for r in recs
            ],
        )


_UPDATE_TABLE = (
    tables.update()
    .where(tables.c.id == sa.bindparam("b_id"), tables.c.seq == sa.bindparam("b_prev"))
    .values(
        seq=sa.bindparam("b_seq"),
        snapshot=sa.bindparam("b_snap"),
        status=sa.bindparam("b_status"),
        updated=sa.bindparam("b_now"),
    )
)
_UPDATE_SEAT = (
    seats.update()
    .where(seats.c.table_id == sa.bindparam("b_id"), seats.c.seat == sa.bindparam("b_seat"))
    .values(client_seq=sa.bindparam("b_cseq"))
)


def _chunks(xs: list[str], n: int) -> Iterable[list[str]]:
    for i in range(0, len(xs), n):
        yield xs[i : i + n]


Op = Callable[[Connection], Any]


Done = Callable[[Any, BaseException | None], None]


class Writer:
    """One thread that runs write operations in transactions, committing a batch together.

    :meth:`submit` (for threads) and :meth:`submit_async` (for the event loop) answer only
    after the transaction that holds the operation has committed, or with the
    operation's exception once it has been rolled back.  When a batch fails, each of
    its operations is retried in a transaction of its own, so one bad write never
    fails another table's.
    """

    def __init__(self, store: Store, max_batch: int = 256) -> None:
        self.store = store
        self.max_batch = max_batch
        self._q: queue.SimpleQueue[tuple[Op | ActionRecord, Done] | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="parlour-db-writer", daemon=True)
        self._thread.start()
        self.commits = 0
        self.ops = 0

    def submit(self, op: Op | ActionRecord) -> Future[Any]:
        """Queue ``op(conn)`` (or an accepted action, written with the others of its batch) for the next
        transaction; the returned future resolves after the commit."""
        fut: Future[Any] = Future()

        def done(res: Any, exc: BaseException | None) -> None:
            if exc is None:
                fut.set_result(res)
            else:
                fut.set_exception(exc)

        self._q.put((op, done))
        return fut

    def submit_async(self, op: Op | ActionRecord) -> asyncio.Future[Any]:
        """As :meth:`submit`, for a coroutine: an asyncio future of the running loop."""
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[Any] = loop.create_future()

        def settle(res: Any, exc: BaseException | None) -> None:
            if fut.done():
                return
            if exc is None:
                fut.set_result(res)
            else:
                fut.set_exception(exc)

        def done(res: Any, exc: BaseException | None) -> None:
            try:
                loop.call_soon_threadsafe(settle, res, exc)
            except RuntimeError:  # the loop is closed: nobody waits any more
                pass

        self._q.put((op, done))
        return fut

    def close(self) -> None:
        """Finish the queued operations and stop the thread."""
        self._q.put(None)
        self._thread.join()

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

    @staticmethod
    def _one(conn: Connection, op: Op | ActionRecord) -> Any:
        if isinstance(op, ActionRecord):
            return Store.record_actions(conn, [op])
        return op(conn)

    def _commit(self, batch: list[tuple[Op | ActionRecord, Done]]) -> None:
        try:
            results: list[Any] = []
            recs = [op for op, _ in batch if isinstance(op, ActionRecord)]
            with self.store.engine.begin() as conn:
                if recs:
                    Store.record_actions(conn, recs)
                for op, _ in batch:
                    results.append(None if isinstance(op, ActionRecord) else op(conn))
            self.commits += 1
            self.ops += len(batch)
            for (_, done), res in zip(batch, results):
                done(res, None)
            return
        except Exception:  # noqa: BLE001 - retried one by one below; each failure goes to its caller
            pass
        for op, done in batch:
            try:
                with self.store.engine.begin() as conn:
                    res = self._one(conn, op)
                self.commits += 1
                self.ops += 1
            except BaseException as e:  # noqa: BLE001 - handed to the caller
                done(None, e)
            else:
                done(res, None)
