"""What the server stores: the database schema, its version and upgrades, its rows, and the statements that write them.

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
    "add_spectator",
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
]

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
    sa.Column("status", sa.String(16), nullable=False),  # "playing" | "over" | "closed"
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
    return sa.create_engine(u, pool_pre_ping=True)


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
    """Give an open seat to a person (only if it is still open; ConflictError otherwise)."""
    res = conn.execute(
        seats.update()
        .where(seats.c.table_id == table_id, seats.c.seat == seat, seats.c.kind == "open")
        .values(kind="human", token_hash=token_hash, name=name)
    )
    if res.rowcount != 1:
        raise ConflictError(f"seat {seat} of table {table_id} is not open in the database")


def add_spectator(conn: Connection, table_id: str, token_hash: str) -> None:
    """Store a spectator token of a table."""
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


def _text(snapshot: dict[str, Any] | str) -> str:
    return snapshot if isinstance(snapshot, str) else dumps(snapshot)


def record_actions(conn: Connection, recs: list[ActionRecord]) -> None:
    """Write accepted actions of different tables (raises ConflictError, changing nothing once rolled
    back, if any table is not at the sequence number before its action).

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


#: :func:`record_actions`' statements by placeholder (SQLite's ``?``, psycopg's ``%s``).
_RECORD_SQL = {p: _record_sql(p) for p in ("?", "%s")}
