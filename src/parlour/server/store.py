"""The database as the server sees it: the store interface, and the store over SQLAlchemy.

:class:`TableStore` is what the server's tables need of a database: open it (create or
upgrade the schema), read the tables in play and a table's action log, and the write
operations that the writer (:mod:`parlour.server.writer`, the one place changes are
committed) runs in its transactions.  :class:`Store` is that interface over SQLAlchemy
Core, one class for both backends: SQLite (the default: a file, no setup) and
PostgreSQL (``--db postgresql://user@host/db``).  What differs between them — the
engine's settings, the placeholder of the hot statements, which writer commits — is
decided from the URL.

The schema, its rows and the statements that write them are in
:mod:`parlour.server.schema`.  An accepted action is one transaction (the table's new
sequence number and snapshot, the seat's client sequence number, a row in the action
log), conditional on the previous sequence number, so that two servers sharing a
database can never both apply an action to the same state.

SQLite runs in WAL mode with ``synchronous=NORMAL``: a committed transaction survives
the server being killed at any moment; after a power cut the last few may be lost
(``--db 'sqlite:///path?synchronous=full'`` makes every commit wait for the disk).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable
from typing import Any, Protocol

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from parlour.server import schema
from parlour.server.schema import (
    SCHEMA_VERSION,
    UPGRADES,
    ActionRecord,
    ConflictError,
    SeatRow,
    TableRow,
    actions,
    engine_url,
    make_engine,
    meta,
    metadata,
    seats,
    spectators,
    tables,
    workers,
)
from parlour.server.writer import InlineWriter, Op, Outcome, Writer, make_writer, run_batch

__all__ = [
    # the interface and its implementation
    "Store",
    "TableStore",
    # the schema's names, as this module gave them before the schema had a module of its own
    "SCHEMA_VERSION",
    "UPGRADES",
    "ActionRecord",
    "ConflictError",
    "SeatRow",
    "TableRow",
    "actions",
    "engine_url",
    "make_engine",
    "meta",
    "metadata",
    "seats",
    "spectators",
    "tables",
    "workers",
    # the writer's names, likewise
    "InlineWriter",
    "Op",
    "Outcome",
    "Writer",
    "make_writer",
    "run_batch",
]


class TableStore(Protocol):
    """What the server's tables need of a database; :class:`Store` implements it for SQLite and PostgreSQL.

    Reads answer at once.  Writes are operations for the writer: each takes the
    connection of the transaction the writer opened (``engine.begin()``), and
    :meth:`record_actions` is how the writer stores the accepted actions of a batch.
    """

    engine: Engine

    @property
    def backend(self) -> str:
        """``"sqlite"`` or ``"postgresql"``."""
        ...

    @property
    def commits_wait_for_disk(self) -> bool:
        """Whether a commit waits for the disk or the network (which writer commits)."""
        ...

    def display_url(self) -> str:
        """The URL with any password hidden."""
        ...

    def close(self) -> None:
        """Close every connection."""
        ...

    def load_tables(
        self,
        *,
        status: str | None = "playing",
        table_id: str | None = None,
        ids: list[str] | None = None,
        newest: int | None = None,
    ) -> list[TableRow]:
        """The stored tables (those in play by default, or one by id, or those of ``ids``; the ``newest``
        few, newest first) with their seats."""
        ...

    def count_playing(self) -> int:
        """How many tables are in play."""
        ...

    def actions_of(self, table_id: str) -> list[tuple[int, int, int, str, int | None]]:
        """The accepted actions of a table: ``(seq, seat, action_id, text, client_seq)`` in order."""
        ...

    def actions_since(self, table_id: str, seq: int) -> list[tuple[int, int, int, str, int | None]]:
        """The accepted actions of a table after ``seq``, as :meth:`actions_of`."""
        ...

    def stored_seqs(self, ids: list[str]) -> dict[str, int]:
        """The stored sequence number of each of these tables."""
        ...

    def owned_tables(self, worker: int) -> list[str]:
        """The tables in play that ``worker`` owns and that have a bot seat (the ones it runs)."""
        ...

    def ping(self) -> float:
        """Seconds for a round trip to the database (raises when it does not answer)."""
        ...

    def notify(self, conn: Connection, channel: str, payloads: list[str]) -> None:
        """Tell the other workers when this transaction commits (PostgreSQL's NOTIFY)."""
        ...

    def connect_args(self) -> dict[str, Any]:
        """The driver's arguments for a connection of its own, outside the pool (a worker's lease)."""
        ...

    def insert_table(self, conn: Connection, row: TableRow) -> None:
        """Store a new table and its seats."""
        ...

    def take_seat(self, conn: Connection, table_id: str, seat: int, token_hash: str, name: str | None) -> None:
        """Give an open seat to a person (ConflictError when it is no longer open)."""
        ...

    def add_spectator(self, conn: Connection, table_id: str, token_hash: str, most: int | None = None) -> None:
        """Store a spectator token of a table (with ``most``: ConflictError when it has that many stored)."""
        ...

    def record_actions(self, conn: Connection, recs: list[ActionRecord]) -> None:
        """Store accepted actions of different tables (ConflictError when a table moved on)."""
        ...

    def close_table(self, conn: Connection, table_id: str, seq: int) -> None:
        """Mark a table in play closed by the server (ConflictError when it moved on or is no longer in play)."""
        ...

    def close_idle(self, conn: Connection, owner: int, before: float) -> list[str]:
        """Mark closed the tables in play of ``owner`` unchanged since ``before``; their ids."""
        ...


class Store:
    """The database over SQLAlchemy (SQLite or PostgreSQL by URL): open (create or upgrade), read tables,
    and the write operations the writer runs in its transactions (:class:`TableStore`)."""

    #: The write operations, as functions of a transaction's connection (see :mod:`parlour.server.schema`).
    insert_table = staticmethod(schema.insert_table)
    take_seat = staticmethod(schema.take_seat)
    add_spectator = staticmethod(schema.add_spectator)
    record_actions = staticmethod(schema.record_actions)
    notify = staticmethod(schema.notify)
    close_table = staticmethod(schema.close_table)
    close_idle = staticmethod(schema.close_idle)

    def __init__(self, url: str) -> None:
        """Open the database at ``url``, creating or upgrading its schema (StateFormatError for a newer one)."""
        self.url = url
        self.engine = make_engine(url)
        try:
            self.version = schema.upgrade(self.engine)
        except BaseException:
            self.engine.dispose()
            raise

    @staticmethod
    def record_action(conn: Connection, rec: ActionRecord) -> None:
        """Commit one accepted action: the new snapshot, sequence numbers and the action log row."""
        schema.record_actions(conn, [rec])

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

    def close(self) -> None:
        """Close every connection."""
        self.engine.dispose()

    def load_tables(
        self,
        *,
        status: str | None = "playing",
        table_id: str | None = None,
        ids: list[str] | None = None,
        newest: int | None = None,
    ) -> list[TableRow]:
        """The stored tables (those in play by default, or one by id, or those of ``ids``; the ``newest``
        few, newest first) with their seats."""
        if ids is not None:
            return [row for chunk in _chunks(ids, 500) for row in self._load(status, None, None, chunk)]
        return self._load(status, table_id, newest)

    def _load(
        self, status: str | None, table_id: str | None, newest: int | None, ids: list[str] | None = None
    ) -> list[TableRow]:
        q = sa.select(tables)
        if status is not None:
            q = q.where(tables.c.status == status)
        if table_id is not None:
            q = q.where(tables.c.id == table_id)
        if ids is not None:
            q = q.where(tables.c.id.in_(ids))
        if newest is not None:
            q = q.order_by(tables.c.created.desc()).limit(newest)
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
                    owner=r.owner,
                )
            if not out:
                return []
            for chunk in _chunks(list(out), 500):
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
            query = sa.select(sa.func.count()).select_from(tables).where(tables.c.status == "playing")
            return int(conn.execute(query).scalar_one())

    def actions_of(self, table_id: str) -> list[tuple[int, int, int, str, int | None]]:
        """The accepted actions of a table: ``(seq, seat, action_id, text, client_seq)`` in order."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(actions.c.seq, actions.c.seat, actions.c.action_id, actions.c.text, actions.c.client_seq)
                .where(actions.c.table_id == table_id)
                .order_by(actions.c.seq)
            )
            return [(r[0], r[1], r[2], r[3], r[4]) for r in rows]

    def actions_since(self, table_id: str, seq: int) -> list[tuple[int, int, int, str, int | None]]:
        """The accepted actions of a table after ``seq``, as :meth:`actions_of`."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(actions.c.seq, actions.c.seat, actions.c.action_id, actions.c.text, actions.c.client_seq)
                .where(actions.c.table_id == table_id, actions.c.seq > seq)
                .order_by(actions.c.seq)
            )
            return [(r[0], r[1], r[2], r[3], r[4]) for r in rows]

    def stored_seqs(self, ids: list[str]) -> dict[str, int]:
        """The stored sequence number of each of these tables."""
        out: dict[str, int] = {}
        with self.engine.connect() as conn:
            for chunk in _chunks(ids, 500):
                for r in conn.execute(sa.select(tables.c.id, tables.c.seq).where(tables.c.id.in_(chunk))):
                    out[r[0]] = int(r[1])
        return out

    def owned_tables(self, worker: int) -> list[str]:
        """The tables in play that ``worker`` owns and that have a bot seat (the ones it runs)."""
        bot = sa.select(seats.c.table_id).where(seats.c.table_id == tables.c.id, seats.c.kind == "bot").exists()
        q = sa.select(tables.c.id).where(tables.c.status == "playing", tables.c.owner == worker, bot)
        with self.engine.connect() as conn:
            return [r[0] for r in conn.execute(q)]

    def ping(self) -> float:
        """Seconds for a round trip to the database (raises when it does not answer)."""
        t0 = time.perf_counter()
        with self.engine.connect() as conn:
            conn.execute(sa.text("SELECT 1"))
        return time.perf_counter() - t0

    def connect_args(self) -> dict[str, Any]:
        """The driver's connection arguments for this database (PostgreSQL: psycopg's), for a
        connection of its own outside the pool (a worker's lease and listener)."""
        _args, params = self.engine.dialect.create_connect_args(self.engine.url)
        return {k: v for k, v in params.items() if k != "context"}


def _chunks(xs: list[str], n: int) -> Iterable[list[str]]:
    for i in range(0, len(xs), n):
        yield xs[i : i + n]
