"""The writer: the one place the server's changes are committed.

Every change (a new table, a seat taken, a spectator token, an accepted action) is an
operation for the writer: a function of a transaction's connection, or an
:class:`~parlour.server.schema.ActionRecord`.  The writer runs the operations that
arrive together in one transaction (a group commit: the accepted actions of several
tables written by one :func:`~parlour.server.schema.record_actions` call) and answers
each caller only once its transaction has committed, or with the operation's exception
once it has been rolled back; when a batch fails, each of its operations is retried in
a transaction of its own, so one bad write never fails another table's (:func:`run_batch`).

Two writers, chosen by :func:`make_writer` for the store: :class:`Writer`, a thread, for
a database whose commit waits for the disk or the network (PostgreSQL, SQLite with
``synchronous=full``), so that the event loop never waits for one; :class:`InlineWriter`
for SQLite when a commit only copies pages into the WAL, on the event loop's own thread.
"""

from __future__ import annotations

import asyncio
import queue
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from contextlib import AbstractContextManager, contextmanager
from typing import TYPE_CHECKING, Any

from sqlalchemy.engine import Connection

from parlour.server.schema import ActionRecord, record_actions

if TYPE_CHECKING:  # pragma: no cover
    from parlour.server.store import TableStore

__all__ = ["InlineWriter", "Op", "Outcome", "Writer", "make_writer", "run_batch"]

#: An operation: a function of a transaction's connection (its result goes to the caller).
Op = Callable[[Connection], Any]

#: An operation's outcome: ``(result, None)`` once committed, ``(None, exception)`` once rolled back.
Outcome = tuple[Any, BaseException | None]

#: How accepted actions are written in a transaction (:func:`parlour.server.schema.record_actions`).
RecordActions = Callable[[Connection, list[ActionRecord]], None]


def _one(conn: Connection, op: Op | ActionRecord, record: RecordActions) -> Any:
    if isinstance(op, ActionRecord):
        return record(conn, [op])
    return op(conn)


def run_batch(
    begin: Callable[[], AbstractContextManager[Connection]],
    ops: list[Op | ActionRecord],
    record: RecordActions = record_actions,
) -> list[Outcome]:
    """Run ``ops`` in one transaction (the accepted actions written together by ``record``); if it
    fails, run each in a transaction of its own, so that one bad write never fails another table's.

    ``begin()`` opens a transaction and gives its connection; returns each op's outcome."""
    try:
        with begin() as conn:
            recs = [op for op in ops if isinstance(op, ActionRecord)]
            if recs:
                record(conn, recs)
            results = [None if isinstance(op, ActionRecord) else op(conn) for op in ops]
        return [(r, None) for r in results]
    except Exception:  # noqa: BLE001 - retried one by one below; each failure goes to its caller
        pass
    out: list[Outcome] = []
    for op in ops:
        try:
            with begin() as conn:
                out.append((_one(conn, op, record), None))
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

    def __init__(self, store: TableStore, max_batch: int = 256) -> None:
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
        outcomes = run_batch(self.store.engine.begin, [op for op, _ in batch], self.store.record_actions)
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
        self,
        store: TableStore,
        max_batch: int = 256,
        checkpoint_every: float = 0.2,
        full_checkpoint_pages: int = 16_384,
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
            outcomes = run_batch(self._begin, [op for op, _ in batch], self.store.record_actions)
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


def make_writer(store: TableStore) -> Writer | InlineWriter:
    """The writer for ``store``: :class:`InlineWriter` for SQLite when a commit does not wait for the
    disk, the :class:`Writer` thread otherwise (PostgreSQL; SQLite with ``synchronous=full``)."""
    if store.commits_wait_for_disk:
        return Writer(store)
    return InlineWriter(store)
