"""A worker's tables kept in step with the database, when other workers share it (PostgreSQL).

A worker holds in memory only the tables it needs: those its clients are connected to,
and those whose bots it runs (it owns them: :mod:`parlour.server.workers`).  Another
worker's accepted action reaches it as a notification (``[table, seq, seat, action id,
client seq]``); :class:`Follower` applies it to the table's game through the protocol
(the engine is deterministic: the same action on the same state gives the same state,
its generator included) and pushes each connection its own view, in ``seq`` order:

- an action at ``seq`` the table already has is ignored, the next one applied;
- a later one means notifications were missed: the stored actions after the table's
  ``seq`` are read and applied in order (and if they cannot be, the table is read again
  from its stored snapshot);
- while a move of this worker holds the table's lock, notifications wait in the table's
  backlog and are applied after it, in order;
- a table being read from the database collects the notifications that arrive
  meanwhile and applies them once it is in memory;
- after the listening connection was lost, every table in memory is compared with its
  stored ``seq`` and caught up.

So every push leaves in ``seq`` order, none twice and none missing, whichever worker
committed the action.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, TypeVar

from parlour.server.errors import InternalError
from parlour.server.lifetime import closed_here

if TYPE_CHECKING:  # pragma: no cover
    from parlour.server.table import Table
    from parlour.server.tables import Tables

__all__ = ["Follower", "Item"]

log = logging.getLogger("parlour.server")

#: One accepted action as the workers tell each other: (table, seq, seat, action id, client seq).
Item = tuple[str, int, int, int, "int | None"]

_T = TypeVar("_T")


class Follower:
    """Keeps the tables a worker holds in step with the database (see the module's text); it is
    the :class:`parlour.server.workers.WorkerEvents` of the worker's :class:`Tables`."""

    def __init__(self, tables: Tables) -> None:
        """The follower of ``tables``."""
        self.tables = tables
        self._loading: dict[str, list[Item]] = {}
        self._loaders: dict[str, int] = {}
        self._owned_lock: asyncio.Lock | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._reads: set[asyncio.Future[Any]] = set()
        #: Actions applied from notifications; gaps filled from the stored actions; tables read again.
        self.replayed = 0
        self.gaps = 0
        self.reloads = 0

    def _spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            e = task.exception()
            log.warning("keeping the tables in step with the database: %s: %s", type(e).__name__, e)

    async def close(self) -> None:
        """Stop the follower's background work, and wait for the database reads it left running (a
        read's thread cannot be cancelled: it must give its connection back before the store closes)."""
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await asyncio.gather(*self._reads, return_exceptions=True)

    async def _read(self, fn: Callable[..., _T], /, *args: Any, **kwargs: Any) -> _T:
        """``fn(*args, **kwargs)`` (a read of the store) in a thread; cancelling the caller leaves the
        thread to finish, and :meth:`close` waits for it."""
        fut = asyncio.ensure_future(asyncio.to_thread(fn, *args, **kwargs))
        self._reads.add(fut)
        fut.add_done_callback(self._read_done)
        return await asyncio.shield(fut)

    def _read_done(self, fut: asyncio.Future[Any]) -> None:
        self._reads.discard(fut)
        if not fut.cancelled():
            fut.exception()  # a caller cancelled meanwhile does not hear of it: not an unheard error

    # -- what the worker hears ------------------------------------------------------------

    def on_notify(self, payload: str) -> None:
        """A notification of another worker: accepted actions, changed seats, closed tables, or new owners."""
        if payload.startswith(f'{{"w":{self.tables.worker.id},'):
            return  # this worker's own commit: its tables already have it (not even read)
        msg = json.loads(payload)
        for a in msg.get("a", ()):
            self.on_action((str(a[0]), int(a[1]), int(a[2]), int(a[3]), None if a[4] is None else int(a[4])))
        for tid in msg.get("s", ()):
            t = self.tables.tables.get(tid)
            if t is not None:
                self._spawn(self.refresh_seats(t))
        for tid in msg.get("c", ()):
            t = self.tables.tables.get(tid)
            if t is not None:
                closed_here(self.tables, t, str(msg.get("why") or "the server closed it"))
        if "o" in msg:
            self.on_owners_changed()

    def on_lease(self, held: bool) -> None:
        """The lease was gained (catch every table up, take up the owned ones) or lost (run no bot)."""
        if held:
            self._spawn(self.resync())
            self._spawn(self.sync_owned())
        else:
            self.tables.owned.clear()

    def on_owners_changed(self) -> None:
        """Tables may have been given to this worker: take up the ones it now owns."""
        self._spawn(self.sync_owned())

    def on_action(self, item: Item) -> None:
        """Apply another worker's accepted action to the table in memory, if this worker holds it."""
        tid = item[0]
        t = self.tables.tables.get(tid)
        if t is None:
            buf = self._loading.get(tid)
            if buf is not None:  # being read from the database: applied once it is in memory
                buf.append(item)
            return
        if self._apply_or_queue(t, item):
            self.tables.settled(t)

    def _apply_or_queue(self, t: Table, item: Item) -> bool:
        """Apply ``item`` now (True), or queue it for the task that applies the table's backlog in
        order under its lock (False: while a move holds the lock, after a gap)."""
        if t.lock.locked() or t.backlog or not self._apply(t, item):
            t.backlog.append(item)
            if t.follow_task is None:
                t.follow_task = self._spawn(self._drain(t))
            return False
        return True

    # -- applying -------------------------------------------------------------------------

    def _apply(self, t: Table, item: Item) -> bool:
        """Apply one action if it is the table's next (True), ignore it if the table has it (True);
        False for a gap, or an action the game refuses (then the stored actions decide)."""
        _tid, seq, seat, action_id, client_seq = item
        if seq <= t.seq:
            return True
        if seq != t.seq + 1:
            return False
        try:
            if action_id == -1:
                t.game.undo()
            else:
                t.game.apply(action_id)
        except Exception as e:  # noqa: BLE001 - never expected (the engine is deterministic): read the table again
            log.warning(
                "table %s: action %d at seq %d did not apply here (%s): reading it again", t.id, action_id, seq, e
            )
            return False
        t.seq = seq
        if client_seq is not None and 0 <= seat < len(t.seats):
            t.seats[seat].client_seq = client_seq
        if t.game.is_terminal:
            self.tables.owned.discard(t.id)
        self.replayed += 1
        t.broadcast()
        return True

    async def _drain(self, t: Table) -> None:
        try:
            async with t.lock:
                while t.backlog:
                    items, t.backlog = t.backlog, []
                    for item in items:
                        if not self._apply(t, item):
                            await self.catch_up(t)
        finally:
            t.follow_task = None
        self.tables.settled(t)

    async def catch_up(self, t: Table) -> None:
        """Apply the stored actions after the table's ``seq`` (called with its lock held); read the
        table again from its snapshot if they do not follow on."""
        try:
            rows = await self._read(self.tables.store.actions_since, t.id, t.seq)
        except Exception as e:
            raise InternalError("the server could not read the table from the database") from e
        self.gaps += 1
        for seq, seat, action_id, _text, client_seq in rows:
            if not self._apply(t, (t.id, seq, seat, action_id, client_seq)):
                await self.reload(t)
                return

    async def caught_up(self, t: Table) -> bool:
        """Whether the table was behind the database and is now caught up (its lock held): asked before
        a move is refused, so that a refusal is never based on a table another worker moved on.
        Alone on the database the table is never behind (False at once)."""
        if not self.tables.shared:
            return False
        try:
            stored = await self._read(self.tables.store.stored_seqs, [t.id])
        except Exception:  # noqa: BLE001 - the database is away: the move is refused on what is known
            return False
        if stored.get(t.id, t.seq) <= t.seq:
            return False
        await self.catch_up(t)
        return True

    async def reload(self, t: Table) -> None:
        """Read the table again from the database (its lock held): the game, the seq, the seats."""
        rows = await self._read(self.tables.store.load_tables, status=None, table_id=t.id)
        if not rows:
            return
        fresh = self.tables.from_row(rows[0])
        t.game, t.seq, t.seats, t.spectator_hashes = fresh.game, fresh.seq, fresh.seats, fresh.spectator_hashes
        self.reloads += 1
        t.broadcast()
        if fresh.closed is not None:  # closed by another worker, the notification not heard here
            closed_here(self.tables, t, fresh.closed)

    async def refresh_seats(self, t: Table) -> None:
        """Read a table's seats and spectator tokens again (someone took a seat at another worker)."""
        rows = await self._read(self.tables.store.load_tables, status=None, table_id=t.id)
        if not rows:
            return
        for s, r in zip(t.seats, rows[0].seats):
            if s.kind == "open" and r.kind == "human":
                s.kind, s.name, s.token_hash = r.kind, r.name, r.token_hash
        t.spectator_hashes |= rows[0].spectator_hashes

    async def _catch_up_now(self, t: Table) -> None:
        async with t.lock:
            await self.catch_up(t)
        self.tables.settled(t)

    async def resync(self) -> None:
        """Catch up every table in memory whose stored ``seq`` is ahead (after the listener was away)."""
        ids = list(self.tables.tables)
        if not ids:
            return
        stored = await self._read(self.tables.store.stored_seqs, ids)
        for tid, seq in stored.items():
            t = self.tables.tables.get(tid)
            if t is not None and seq > t.seq:
                self._spawn(self._catch_up_now(t))

    # -- reading tables into memory -------------------------------------------------------

    async def load(self, ids: list[str], *, status: str | None) -> dict[str, Table]:
        """Read tables from the database into memory (those in play are kept), applying what was
        notified meanwhile; the ones found, by id."""
        for tid in ids:
            self._loading.setdefault(tid, [])
            self._loaders[tid] = self._loaders.get(tid, 0) + 1
        try:
            if len(ids) == 1:
                rows = await self._read(self.tables.store.load_tables, status=status, table_id=ids[0])
            else:
                rows = await self._read(self.tables.store.load_tables, status=status, ids=ids)
            out: dict[str, Table] = {}
            for row in rows:
                t = self.tables.tables.get(row.id)  # read meanwhile by another request
                if t is None:
                    t = self.tables.from_row(row)
                    if t.status == "playing":
                        self.tables.tables[row.id] = t
                    for item in self._loading.pop(row.id, []):
                        self._apply_or_queue(t, item)  # not settled: the caller has not held it yet
                out[row.id] = t
            return out
        finally:
            for tid in ids:
                self._loaders[tid] -= 1
                if not self._loaders[tid]:
                    del self._loaders[tid]
                    self._loading.pop(tid, None)

    async def sync_owned(self) -> None:
        """Take up the tables with bots that this worker owns in the database: read them into memory
        and let their bots play."""
        if self._owned_lock is None:
            self._owned_lock = asyncio.Lock()
        async with self._owned_lock:
            w = self.tables.worker
            if w.id is None or not w.lease:
                return
            ids = await self._read(self.tables.store.owned_tables, w.id)
            if not w.lease:
                return
            self.tables.owned.update(ids)
            missing = [tid for tid in ids if tid not in self.tables.tables]
            if missing:
                await self.load(missing, status="playing")
            for tid in ids:
                t = self.tables.tables.get(tid)
                if t is not None:
                    self.tables.settled(t)
