"""What the server stores: the database schema, its version and upgrades, its rows, and the statements that write them.

Why one file: a table's columns, its upgrade steps and the statements that write it change
together, so they are read and edited in one place.

One schema serves SQLite (the default: a file, no setup) and PostgreSQL (``--db
postgresql://user@host/db``), through SQLAlchemy Core.  The database holds a schema
version in ``parlour_meta``; :func:`upgrade` takes an older database to
:data:`SCHEMA_VERSION` by the steps of :data:`UPGRADES` in one transaction, and refuses
a newer one.

The write statements take the connection of a transaction, which the writer
(:mod:`parlour.server.writer`) opens and commits.  An accepted action is written by
:func:`record_actions`: the table's new sequence number and snapshot, the seat's client
sequence number and a row in ``parlour_actions``, the update conditional on the previous
sequence number, so that two servers sharing a database can never both apply an action
to the same state (:class:`ConflictError`).

Several workers on one PostgreSQL database (:mod:`parlour.server.workers`) also use
``parlour_workers`` (one row per worker, held alive by the worker's advisory lock), the
``owner`` of each table (the worker that runs its bots), and :func:`notify`, which tells
the other workers of a change inside the transaction that commits it.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from parlour.errors import StateFormatError
from parlour.server._json import dumps

__all__ = [
    "SCHEMA_VERSION",
    "UPGRADES",
    "ActionRecord",
    "ConflictError",
    "SeatRow",
    "TableRow",
    "actions",
    "notify",
    "add_spectator",
    "close_idle",
    "close_table",
    "engine_url",
    "insert_table",
    "make_engine",
    "meta",
    "metadata",
    "record_actions",
    "seats",
    "spectators",
    "tables",
    "take_seat",
    "upgrade",
    "workers",
]

#: The version of the schema this code writes.
SCHEMA_VERSION = 2

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
    sa.Column("status", sa.String(16), nullable=False),  # "playing" | "over" | "closed"
    sa.Column("snapshot", sa.Text, nullable=False),  # the game's to_dict() envelope, JSON
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
    # The worker that runs the table's bots (several workers on PostgreSQL; null: none yet).
    sa.Column("owner", sa.Integer, nullable=True),
)
# The owners of the tables in play, for the workers' look for dead owners (PostgreSQL only: one
# process on SQLite has no owners to look at, and keeps its hot update free of index upkeep).
sa.Index("parlour_tables_playing_owner", tables.c.owner, postgresql_where=tables.c.status == "playing").ddl_if(
    dialect="postgresql"
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

workers = sa.Table(
    "parlour_workers",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("host", sa.String(255), nullable=False),
    sa.Column("pid", sa.Integer, nullable=False),
    sa.Column("started", sa.Float, nullable=False),
)


def _add_owners(conn: Connection) -> None:
    """Version 1 to 2: the tables' ``owner``, its index and ``parlour_workers`` (each step only if missing)."""
    if "owner" not in {c["name"] for c in sa.inspect(conn).get_columns(tables.name)}:
        conn.execute(sa.text(f"ALTER TABLE {tables.name} ADD COLUMN owner INTEGER"))
    metadata.create_all(conn)  # the index and the workers' table; what exists is left alone


#: Upgrade steps: ``UPGRADES[v]`` takes a database at version ``v`` to ``v + 1``.
#: Version 0 is an empty database; its step creates every table (of the latest version, so
#: that each later step finds its work done).
UPGRADES: dict[int, Callable[[Connection], None]] = {
    0: lambda conn: metadata.create_all(conn),
    1: _add_owners,
}


def engine_url(url: str) -> sa.URL:
    """The SQLAlchemy URL for ``url``: ``postgresql://`` uses psycopg (version 3)."""
    u = sa.make_url(url)
    if u.drivername in ("postgresql", "postgres"):
        u = u.set(drivername="postgresql+psycopg")
    return u


def make_engine(url: str) -> Engine:
    """An engine for ``url`` (SQLite in WAL mode, or PostgreSQL through psycopg).

    SQLite runs with ``synchronous=NORMAL`` unless the URL asks otherwise
    (``?synchronous=full``): a committed transaction survives the server being killed at
    any moment; after a power cut the last few may be lost.
    """
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
    # A database that does not answer is reported within seconds, not after the system's TCP timeout.
    return sa.create_engine(u, pool_pre_ping=True, connect_args={"connect_timeout": 10})


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


def _set_version(conn: Connection, version: int) -> None:
    updated = conn.execute(meta.update().where(meta.c.key == "schema_version").values(value=str(version)))
    if updated.rowcount == 0:
        conn.execute(meta.insert().values(key="schema_version", value=str(version)))


def upgrade(engine: Engine) -> int:
    """Create or upgrade the schema in one transaction; the version it is at now.

    StateFormatError for a database of a newer parlour, or one that is not parlour's.
    """
    with engine.begin() as conn:
        version = _version(conn)
        if version > SCHEMA_VERSION:
            raise StateFormatError(
                f"the database has schema version {version}; this parlour reads up to {SCHEMA_VERSION}: upgrade parlour"
            )
        while version < SCHEMA_VERSION:
            UPGRADES[version](conn)
            version += 1
            _set_version(conn, version)
    return version


# -- rows ----------------------------------------------------------------------------------


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
    owner: int | None = None


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


# -- writes (each takes the connection of a transaction) -----------------------------------


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
            snapshot=dumps(row.snapshot),
            created=row.created,
            updated=row.updated,
            owner=row.owner,
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


def take_seat(conn: Connection, table_id: str, seat: int, token_hash: str, name: str | None) -> None:
    """Give an open seat to a person (only if it is still open; ConflictError otherwise); a seat taken
    counts as activity for the table's idle time."""
    res = conn.execute(
        seats.update()
        .where(seats.c.table_id == table_id, seats.c.seat == seat, seats.c.kind == "open")
        .values(kind="human", token_hash=token_hash, name=name)
    )
    if res.rowcount != 1:
        raise ConflictError(f"seat {seat} of table {table_id} is not open in the database")
    conn.execute(tables.update().where(tables.c.id == table_id).values(updated=time.time()))


def add_spectator(conn: Connection, table_id: str, token_hash: str, most: int | None = None) -> None:
    """Store a spectator token of a table; with ``most``, only while the table has fewer than ``most``
    stored (ConflictError otherwise).  The table's row is locked first (PostgreSQL's ``FOR UPDATE``;
    SQLite writes one transaction at a time), so that two workers giving out the last token at the
    same moment cannot both count room for it."""
    if most is not None:
        conn.execute(sa.select(tables.c.id).where(tables.c.id == table_id).with_for_update())
        held = conn.execute(
            sa.select(sa.func.count()).select_from(spectators).where(spectators.c.table_id == table_id)
        ).scalar_one()
        if held >= most:
            raise ConflictError(f"table {table_id} has {held} spectator tokens stored")
    conn.execute(spectators.insert().values(token_hash=token_hash, table_id=table_id, created=time.time()))


def close_table(conn: Connection, table_id: str, seq: int) -> None:
    """Mark a table in play closed by the server (only if it is still in play at ``seq``; ConflictError otherwise)."""
    res = conn.execute(
        tables.update()
        .where(tables.c.id == table_id, tables.c.seq == seq, tables.c.status == "playing")
        .values(status="closed", updated=time.time())
    )
    if res.rowcount != 1:
        raise ConflictError(f"table {table_id} is not in play at sequence number {seq} in the database")


def close_idle(conn: Connection, owner: int, before: float) -> list[str]:
    """Mark closed the tables in play owned by ``owner`` whose last change is older than ``before``; their ids."""
    res = conn.execute(
        tables.update()
        .where(tables.c.status == "playing", tables.c.owner == owner, tables.c.updated < before)
        .values(status="closed", updated=time.time())
        .returning(tables.c.id)
    )
    return [r[0] for r in res]


def _text(snapshot: dict[str, Any] | str) -> str:
    return snapshot if isinstance(snapshot, str) else dumps(snapshot)


def record_actions(conn: Connection, recs: list[ActionRecord]) -> None:
    """Write accepted actions of different tables (raises ConflictError, changing nothing once rolled
    back, if any table is not at the sequence number before its action, or no longer in play).

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


def notify(conn: Connection, channel: str, payloads: list[str]) -> None:
    """Send ``payloads`` to the listeners of ``channel`` when this transaction commits (PostgreSQL's
    NOTIFY: nobody hears of a change that is rolled back, and everyone hears of one before any later one)."""
    cur = conn.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
    try:
        for p in payloads:
            cur.execute("SELECT pg_notify(%s, %s)", (channel, p))
    finally:
        cur.close()


def _record_sql(p: str) -> tuple[str, str, str]:
    return (
        f"UPDATE {tables.name} SET seq = {p}, snapshot = {p}, status = {p}, updated = {p} WHERE id = {p} AND seq = {p}"
        " AND status = 'playing'",
        f"UPDATE {seats.name} SET client_seq = {p} WHERE table_id = {p} AND seat = {p}",
        f"INSERT INTO {actions.name} (table_id, seq, seat, action_id, text, client_seq, at)"
        f" VALUES ({p}, {p}, {p}, {p}, {p}, {p}, {p})",
    )


#: :func:`record_actions`' statements by placeholder (SQLite's ``?``, psycopg's ``%s``).
_RECORD_SQL = {p: _record_sql(p) for p in ("?", "%s")}
