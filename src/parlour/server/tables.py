"""Every table of the server: creation, seats, the one path a move takes, loading after a restart.

Why one file: creating tables, seating people and the one move path share each table's
lock, its seats and the commit path; what has a life of its own is apart (the bots, the
following of other workers, the workers' leases, the writer).

A move (an action, or a take-back) goes: the seat's checks (token, turn, sequence
numbers) -> the game applies it to a copy, through the protocol (a refused action raises
the library's error and changes nothing) -> the new snapshot and the move commit in one
transaction, through the writer -> the copy becomes the table's game, and every
connection gets its own view.  If the commit fails, the table keeps the game it had.
:meth:`Tables.act` and :meth:`Tables.undo` differ only in how they make the move; both
end in :meth:`Tables._commit_move`.

With several workers on one PostgreSQL database (:mod:`parlour.server.workers`) the
database decides every race: a move whose commit finds that the table moved on (another
worker's action was stored first) is checked again against the table as it now is, and
answered exactly as if it had arrived second (applied if still legal, else refused, or
answered without applying it again if it was the same client sequence number).  A worker
holds only the tables its clients play at and the ones whose bots it runs
(:mod:`parlour.server.bots`), kept in step with the others' actions
(:mod:`parlour.server.follow`).
"""

from __future__ import annotations

import asyncio
import functools
import hmac
import logging
import secrets
import time
from typing import Any

from parlour.errors import InvalidValueError, ParlourError, PhaseError, WrongTypeError
from parlour.server.bots import Bots
from parlour.server.errors import (
    AuthError,
    InternalError,
    NotYourTurn,
    SeatTaken,
    SpectatorLimitReached,
    StaleAction,
    TableLimitReached,
    UnknownTable,
)
from parlour.server.follow import Follower
from parlour.server.games import Registry, RegistryEntry, snapshot_text
from parlour.server.lifetime import cannot_go_on
from parlour.server.schema import ActionRecord, ConflictError, SeatRow, TableRow
from parlour.server.store import TableStore
from parlour.server.table import Connection, Limits, Seat, Table, new_token, token_hash
from parlour.server.workers import PgWorker, Solo, make_worker
from parlour.server.writer import Op, make_writer

__all__ = [
    "MAX_THINK_MS",
    "RESTART_CLOSE_CODE",
    "Connection",
    "Limits",
    "Seat",
    "Table",
    "Tables",
    "new_token",
    "token_hash",
]

log = logging.getLogger("parlour.server")

#: Longest think delay a bot may be given, in milliseconds.
MAX_THINK_MS = 60_000

#: The WebSocket close code of a server that stops (RFC 6455's registry: "Service Restart"):
#: connect again (to any worker) and send hello.
RESTART_CLOSE_CODE = 1012

#: How many times a move is checked again after other workers' moves came first, before it is refused.
_RACES = 8

#: Seconds between two looks for tables that a worker no longer needs in memory (several workers).
_IDLE_EVERY = 5.0


class Tables:
    """Every table of the server: creation, seats, actions, bots, loading after a restart."""

    def __init__(
        self,
        registry: Registry,
        store: TableStore,
        limits: Limits | None = None,
        worker: Solo | PgWorker | None = None,
    ) -> None:
        """The tables of ``store``'s database, their games made by ``registry``; changes go through the
        writer.  ``worker`` is this process's part in the whole (:func:`parlour.server.workers.make_worker`
        for the store by default: alone on SQLite, one of several on PostgreSQL)."""
        self.registry = registry
        self.store = store
        self.worker: Solo | PgWorker = worker if worker is not None else make_worker(store)
        #: Whether other processes share the database (the tables follow it; bots run at their owner).
        self.shared = self.worker.shared
        self.writer = make_writer(store, record=self.worker.recorder(store))
        self.limits = limits or Limits()
        self.tables: dict[str, Table] = {}
        #: The tables with bots that this worker runs (several workers; alone it runs every table).
        self.owned: set[str] = set()
        self.connections: set[Connection] = set()
        self.open_count = 0
        #: Moves whose commit found the table moved on (decided by the database).
        self.conflicts = 0
        self.draining = False
        self.bots = Bots(self)
        self.follow = Follower(self)
        self._idle_task: asyncio.Task[None] | None = None

    # -- lifecycle -------------------------------------------------------------------------

    def load(self) -> int:
        """Load every table in play from the database (alone on it); returns how many."""
        for row in self.store.load_tables(status="playing"):
            self.tables[row.id] = self.from_row(row)
        self.open_count = len(self.tables)
        return self.open_count

    async def start(self) -> int:
        """Load the tables in play (alone), or take the lease and listen (one of several workers);
        how many tables were loaded.  Then :meth:`start_bots`."""
        n = 0 if self.shared else await asyncio.to_thread(self.load)
        await self.worker.start(self.follow)
        if self.shared:
            self._idle_task = asyncio.get_running_loop().create_task(self._forget_idle())
        return n

    def start_bots(self) -> None:
        """Let the bots whose turn it is play (after a start or a restart)."""
        for t in list(self.tables.values()):
            self.bots.schedule(t)

    async def drain(self, timeout: float = 5.0) -> None:
        """Stop the server's part: no more bot turns, the moves in flight committed and answered
        (waiting at most ``timeout`` seconds), then every WebSocket closed with
        :data:`RESTART_CLOSE_CODE` (its client connects again, to any worker, and resends
        what was not answered)."""
        self.draining = True
        await self.bots.stop()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while loop.time() < deadline and any(t.lock.locked() for t in self.tables.values()):
            await asyncio.sleep(0.01)
        await asyncio.gather(
            *(c.hang_up(RESTART_CLOSE_CODE, "the server is restarting: connect again") for c in list(self.connections)),
            return_exceptions=True,
        )

    async def close(self) -> None:
        """Stop: :meth:`drain` (if not done), commit what is queued, then let the lease go (the
        other workers take this one's tables over at once)."""
        if not self.draining:
            await self.drain()
        if self._idle_task is not None:
            self._idle_task.cancel()
            await asyncio.gather(self._idle_task, return_exceptions=True)
        await self.writer.aclose()
        await self.follow.close()
        await self.worker.stop()

    def from_row(self, row: TableRow, *, bots: bool = True) -> Table:
        """A table in memory from its stored row (with its bots unless ``bots`` is False)."""
        t = Table.from_row(row, self.registry.load(row.snapshot))
        if bots:
            self.bots.make(t)
        return t

    async def _commit(self, op: Op | ActionRecord) -> Any:
        try:
            return await self.writer.submit_async(op)
        except ConflictError:
            raise
        except Exception as e:
            log.exception("database write failed")
            raise InternalError("the server could not store the change; nothing was changed") from e

    def owns(self, t: Table) -> bool:
        """Whether this worker runs the table's bots (alone: every table)."""
        return not self.shared or t.id in self.owned

    def settled(self, t: Table) -> None:
        """After a change of ``t``: let its bot play if it is its turn, forget the table if it is not needed."""
        self.bots.schedule(t)
        self.release(t)

    async def refresh(self, t: Table) -> None:
        """Make sure ``t`` is as stored before it is shown to a client that just came (several
        workers: the other workers' latest actions may still be on their way here)."""
        if self.shared:
            async with t.lock:
                await self.follow.caught_up(t)

    async def count_in_play(self) -> int:
        """How many tables are in play (alone: counted in memory; several workers: in the database)."""
        if self.shared:
            return await asyncio.to_thread(self.store.count_playing)
        return self.open_count

    # -- tables and seats ------------------------------------------------------------------

    async def create(
        self,
        game: str,
        *,
        preset: str | None = None,
        players: int | None = None,
        seats: list[dict[str, Any]] | None = None,
        options: dict[str, Any] | None = None,
        seed: int | None = None,
    ) -> Table:
        """Create a table: the game from the registry, each seat open or a bot."""
        in_play = await self.count_in_play()
        if in_play >= self.limits.max_open_tables:
            raise TableLimitReached(f"the server already has {in_play} tables in play (its limit)")
        if game not in self.registry.names():
            raise InvalidValueError(f"unknown game {game!r}; the games are {', '.join(self.registry.names())}")
        info: RegistryEntry = self.registry.get(game)
        if preset is not None and preset not in info.presets:
            raise InvalidValueError(f"unknown preset {preset!r} for {game}; the presets are {', '.join(info.presets)}")
        seat_list = list(seats or [])
        n = players if players is not None else (len(seat_list) or info.min_players)
        if not isinstance(n, int) or isinstance(n, bool):
            raise WrongTypeError(f"players must be an integer, not {type(n).__name__}")
        if not info.min_players <= n <= info.max_players:
            raise InvalidValueError(f"{game} takes {info.min_players} to {info.max_players} players, not {n}")
        if len(seat_list) > n:
            raise InvalidValueError(f"{len(seat_list)} seats given for {n} players")
        seat_list += [{"kind": "open"}] * (n - len(seat_list))
        table_seats = [self._new_seat(i, desc, info) for i, desc in enumerate(seat_list)]
        opts = dict(options or {})
        if seed is None:
            seed = secrets.randbits(63)
        g = info.new_game(players=n, preset=preset, seed=seed, **opts)
        if cannot_go_on(g):
            raise InvalidValueError(f"{game} cannot be played with these options: its first player has no legal action")
        now = time.time()
        t = Table(
            id=secrets.token_hex(8),
            game_name=game,
            preset=preset,
            options=opts,
            seed=seed,
            game=g,
            seq=0,
            seats=table_seats,
            created=now,
            updated=now,
        )
        row = TableRow(
            id=t.id,
            game=game,
            preset=preset,
            options=opts,
            seed=seed,
            players=n,
            seq=0,
            status=t.status,
            snapshot=g.to_dict(),
            created=now,
            updated=now,
            owner=self.worker.id if self.worker.lease else None,
            seats=[
                SeatRow(seat=s.seat, kind=s.kind, name=s.name, bot=s.bot_name, think_ms=s.think_ms) for s in table_seats
            ],
        )
        self.open_count += 1
        try:
            await self._commit(lambda conn: self.store.insert_table(conn, row))
        except BaseException:
            self.open_count -= 1
            raise
        self.bots.make(t)
        self.tables[t.id] = t
        if self.shared and t.has_bots and row.owner is not None:
            self.owned.add(t.id)
        self.settled(t)
        return t

    @staticmethod
    def _new_seat(i: int, desc: Any, info: RegistryEntry) -> Seat:
        if not isinstance(desc, dict):
            raise WrongTypeError(f'seat {i} must be an object like {{"kind": "bot", "bot": "..."}}')
        kind = desc.get("kind", "open")
        name = desc.get("name")
        if name is not None and (not isinstance(name, str) or len(name) > 64):
            raise InvalidValueError(f"seat {i}: a name is text of at most 64 characters")
        if kind == "open":
            return Seat(seat=i, kind="open", name=name)
        if kind != "bot":
            raise InvalidValueError(f"seat {i}: kind must be 'open' or 'bot', not {kind!r}")
        bot = desc["bot"] if desc.get("bot") is not None else next(iter(info.bots), None)  # the first by default
        if bot not in info.bots:
            raise InvalidValueError(f"seat {i}: unknown bot {bot!r}; {info.name}'s bots are {', '.join(info.bots)}")
        think = desc.get("think_ms", 0)
        if not isinstance(think, int) or isinstance(think, bool) or not 0 <= think <= MAX_THINK_MS:
            raise InvalidValueError(f"seat {i}: think_ms must be an integer from 0 to {MAX_THINK_MS}")
        return Seat(seat=i, kind="bot", name=name or bot, bot_name=bot, think_ms=think)

    async def get(self, table_id: str) -> Table:
        """The table with this id (read from the database when this worker does not hold it)."""
        t = self.tables.get(table_id)
        if t is not None:
            return t
        if not isinstance(table_id, str) or len(table_id) > 40:
            raise UnknownTable("no such table")
        try:
            found = await self.follow.load([table_id], status=None)
        except Exception as e:
            log.warning("database read failed: %s", type(e).__name__)
            raise InternalError("the server could not read the database; try again later") from e
        if table_id not in found:
            raise UnknownTable(f"no table {table_id!r}")
        return found[table_id]

    def release(self, t: Table) -> None:
        """Forget a table this worker does not need (it stays in the database; :meth:`get` reads it again):
        a finished one nobody watches, and with several workers any that has no connection here and
        whose bots another worker runs."""
        if t.conns or t.holders or t.bot_task is not None or t.follow_task is not None or t.lock.locked():
            return
        if (t.status != "playing" or (self.shared and t.id not in self.owned)) and self.tables.get(t.id) is t:
            del self.tables[t.id]

    async def _forget_idle(self) -> None:
        """Every few seconds (several workers): forget the tables not needed, and compare the others'
        ``seq`` with the database's (a safety net: a notification is never expected to go missing)."""
        while True:
            await asyncio.sleep(_IDLE_EVERY)
            for t in list(self.tables.values()):
                self.release(t)
            try:
                await self.follow.resync()
            except Exception as e:  # noqa: BLE001 - the database is away: the next round tries again
                log.warning("comparing the tables with the database: %s: %s", type(e).__name__, e)

    async def in_play(self, limit: int = 200) -> list[dict[str, Any]]:
        """What anyone may read of the tables in play, newest first (at most ``limit``)."""
        if not self.shared:
            ts = sorted((t for t in self.tables.values() if t.status == "playing"), key=lambda t: -t.created)
            return [t.public() for t in ts[:limit]]
        rows = await asyncio.to_thread(self.store.load_tables, status="playing", newest=limit)
        return [(self.tables.get(r.id) or self.from_row(r, bots=False)).public() for r in rows]

    async def take_seat(
        self, table_id: str, seat: int | None = None, name: str | None = None
    ) -> tuple[Table, int, str]:
        """Give a person an open seat (the first open one when ``seat`` is None); returns its token."""
        t = await self.get(table_id)
        if name is not None and (not isinstance(name, str) or len(name) > 64):
            raise InvalidValueError("a name is text of at most 64 characters")
        wanted = seat
        async with t.lock:
            for _ in range(len(t.seats) + 1):
                t.check_open()
                seat = wanted
                if seat is None:
                    free = [s.seat for s in t.seats if s.kind == "open"]
                    if not free:
                        raise SeatTaken(f"table {t.id} has no open seat")
                    seat = free[0]
                if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(t.seats):
                    raise SeatTaken(f"table {t.id} has no seat {seat!r}")
                s = t.seats[seat]
                if s.kind != "open":
                    raise SeatTaken(f"seat {seat} of table {t.id} is taken")
                token = new_token()
                h = token_hash(token)
                try:
                    await self._commit(functools.partial(self._take, table_id=t.id, seat=seat, h=h, name=name))
                except ConflictError:  # taken at another worker first: look at the seats as stored
                    await self.follow.refresh_seats(t)
                    continue
                s.kind, s.token_hash, s.name = "human", h, name
                t.updated = time.time()  # a seat taken counts as activity for the table's idle time
                return t, seat, token
        raise SeatTaken(f"table {t.id} has no open seat")

    def _take(self, conn: Any, table_id: str, seat: int, h: str, name: str | None) -> None:
        self.store.take_seat(conn, table_id, seat, h, name)
        self.worker.announce_seats(conn, table_id)

    async def add_spectator(self, table_id: str) -> tuple[Table, str]:
        """A spectator token for a table."""
        t = await self.get(table_id)
        async with t.lock:
            t.check_spectator_room(self.limits.max_spectators)
            token = new_token()
            h = token_hash(token)

            def op(conn: Any) -> None:
                self.store.add_spectator(conn, t.id, h, self.limits.max_spectators)
                self.worker.announce_seats(conn, t.id)

            try:
                await self._commit(op)
            except ConflictError:  # the tokens other workers gave out fill the table's room
                raise SpectatorLimitReached(
                    f"table {t.id} has its limit of {self.limits.max_spectators} spectator tokens"
                ) from None
            t.spectator_hashes.add(h)
        return t, token

    async def authenticate(self, t: Table, token: str | None) -> int | None:
        """The seat a token holds at this table, or None for a spectator (no token or a spectator token).

        With several workers, a token this worker does not know yet (the seat was taken at
        another one a moment ago) is looked up in the database before it is refused."""
        if token is None:
            return None
        h = token_hash(token)
        for attempt in range(2):
            for s in t.seats:
                if s.token_hash is not None and hmac.compare_digest(s.token_hash, h):
                    return s.seat
            if h in t.spectator_hashes:
                return None
            if attempt or not self.shared:
                break
            await self.follow.refresh_seats(t)
        raise AuthError("this token holds no seat at this table")

    # -- moves: actions and take-backs -----------------------------------------------------

    async def _commit_move(self, t: Table, s: Seat, g: Any, action_id: int, text: str, client_seq: int | None) -> bool:
        """Store the move that made ``g`` (a copy of the table's game) and publish it: the one commit
        path.  False when another worker's move was stored first: the table is then caught up with
        the database, and the caller checks the move again.

        Called with the table's lock held.  Until the commit, a connecting client or a sync
        still sees the last stored state with its own seq, never a move that may yet be lost.
        """
        rec = ActionRecord(
            table_id=t.id,
            seq=t.seq + 1,
            seat=s.seat,
            action_id=action_id,
            text=text,
            client_seq=client_seq,
            snapshot=snapshot_text(g),
            status="over" if g.is_terminal else "playing",
        )
        try:
            await self._commit(rec)
        except ConflictError:
            self.conflicts += 1
            before = t.seq
            await self.follow.catch_up(t)
            if t.seq == before:  # not moved on, so no longer in play: read it again (closed meanwhile)
                await self.follow.reload(t)
            return False
        t.game, t.seq, t.updated = g, rec.seq, time.time()
        if client_seq is not None:
            s.client_seq = client_seq
        if g.is_terminal:
            self.open_count -= 1
            self.owned.discard(t.id)
        t.broadcast()
        return True

    async def act(
        self, t: Table, seat: int | None, action: int | str, *, client_seq: int | None = None, expect: int | None = None
    ) -> bool:
        """Apply ``action`` for ``seat``; True if applied, False for a repeated client sequence number.

        Raises the library's error for a refused action (the game and the table unchanged).
        """
        if seat is None:
            raise AuthError("a spectator cannot act; send hello with a seat's token")
        for _ in range(_RACES):
            async with t.lock:
                t.check_open()
                s = t.seats[seat]
                try:
                    if s.is_repeat(client_seq, "action"):
                        return False
                    if expect is not None and expect != t.seq:
                        raise StaleAction(f"the action was chosen at table seq {expect}; the table is at {t.seq}")
                    cp = t.game.current_player
                    if cp is None:
                        raise PhaseError("the game is over: no action is accepted")
                    if cp != seat:
                        raise NotYourTurn(f"it is seat {cp}'s turn, not seat {seat}'s")
                    g = t.game.clone()  # the table's game only once stored
                    g.apply(action)
                except ParlourError:
                    if await self.follow.caught_up(t):
                        continue  # refused by a table that was behind the database: check again
                    raise
                ev = g.last_event
                if await self._commit_move(t, s, g, int(ev.action.id), str(ev.text), client_seq):
                    break
        else:
            raise StaleAction("the table kept moving on while this action was stored; send it again")
        self.settled(t)
        return True

    async def undo(self, t: Table, seat: int | None, *, client_seq: int | None = None) -> bool:
        """Take back the table's last move for ``seat``; True if done, False for a repeated client sequence number.

        Only at a table of one seat whose game can take moves back (``game.can_undo()``): where
        another player or the dice are involved, a take-back would undo what others saw or re-draw chance.
        Stored like an action (``action_id`` -1, text ``"undo"``), so the sequence numbers stay one line.
        """
        if seat is None:
            raise AuthError("a spectator cannot undo; send hello with a seat's token")
        for _ in range(_RACES):
            async with t.lock:
                t.check_open()
                s = t.seats[seat]
                try:
                    if len(t.seats) != 1 or not callable(getattr(t.game, "can_undo", None)):
                        raise PhaseError(f"{t.game_name} tables of {len(t.seats)} seat(s) do not take moves back")
                    if s.is_repeat(client_seq, "undo"):
                        return False
                    if t.game.is_terminal:
                        raise PhaseError("the game is over: no move is taken back")
                    if not t.game.can_undo():
                        raise PhaseError("there is no move to take back")
                    g = t.game.clone()  # the table's game only once stored
                    g.undo()
                except ParlourError:
                    if await self.follow.caught_up(t):
                        continue
                    raise
                if await self._commit_move(t, s, g, -1, "undo", client_seq):
                    return True
        raise StaleAction("the table kept moving on while this take-back was stored; send it again")
