"""Every table of the server: creation, seats, the one path a move takes, server-side bots, loading after a restart.

A move (an action, or a take-back) goes: the seat's checks (token, turn, sequence
numbers) -> the game applies it to a copy, through the protocol (a refused action raises
the library's error and changes nothing) -> the new snapshot and the move commit in one
transaction, through the writer -> the copy becomes the table's game, and every
connection gets its own view.  If the commit fails, the table keeps the game it had.
:meth:`Tables.act` and :meth:`Tables.undo` differ only in how they make the move; both
end in :meth:`Tables._commit_move`.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import secrets
import time
from typing import Any

from parlour.errors import InvalidValueError, ParlourError, PhaseError, WrongTypeError
from parlour.server.errors import (
    AuthError,
    InternalError,
    NotYourTurn,
    SeatTaken,
    StaleAction,
    TableLimitReached,
    UnknownTable,
)
from parlour.server.games import Registry, RegistryEntry, snapshot_text
from parlour.server.lifetime import cannot_go_on
from parlour.server.schema import ActionRecord, SeatRow, TableRow
from parlour.server.store import TableStore
from parlour.server.table import Connection, Limits, Seat, Table, new_token, token_hash
from parlour.server.writer import Op, make_writer

__all__ = ["MAX_THINK_MS", "Connection", "Limits", "Seat", "Table", "Tables", "new_token", "token_hash"]

log = logging.getLogger("parlour.server")

#: Longest think delay a bot may be given, in milliseconds.
MAX_THINK_MS = 60_000


class Tables:
    """Every table of the server: creation, seats, actions, bots, loading after a restart."""

    def __init__(self, registry: Registry, store: TableStore, limits: Limits | None = None) -> None:
        """The tables of ``store``'s database, their games made by ``registry``; changes go through the writer."""
        self.registry = registry
        self.store = store
        self.writer = make_writer(store)
        self.limits = limits or Limits()
        self.tables: dict[str, Table] = {}
        self.open_count = 0
        self._stopping = False

    # -- lifecycle -------------------------------------------------------------------------

    def load(self) -> int:
        """Load every table in play from the database; returns how many."""
        for row in self.store.load_tables(status="playing"):
            self.tables[row.id] = self._from_row(row)
        self.open_count = len(self.tables)
        return self.open_count

    def start_bots(self) -> None:
        """Let the bots whose turn it is play (after a start or a restart)."""
        for t in self.tables.values():
            self._schedule_bot(t)

    async def close(self) -> None:
        """Stop the bots, then the database writer (every accepted action is already committed)."""
        self._stopping = True
        tasks = [t.bot_task for t in self.tables.values() if t.bot_task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.writer.aclose()

    def _from_row(self, row: TableRow) -> Table:
        game = self.registry.load(row.snapshot)
        t = Table(
            id=row.id,
            game_name=row.game,
            preset=row.preset,
            options=row.options,
            seed=row.seed,
            game=game,
            seq=row.seq,
            created=row.created,
            updated=row.updated,
            closed="the server closed it" if row.status == "closed" else None,
            spectator_hashes=set(row.spectator_hashes),
            seats=[
                Seat(
                    seat=s.seat,
                    kind=s.kind,
                    name=s.name,
                    bot_name=s.bot,
                    think_ms=s.think_ms,
                    token_hash=s.token_hash,
                    client_seq=s.client_seq,
                )
                for s in row.seats
            ],
        )
        self._make_bots(t)
        return t

    def _make_bots(self, t: Table) -> None:
        info = self.registry.get(t.game_name)
        rules = info.presets[t.preset]() if t.preset is not None and t.preset in info.presets else None
        for s in t.seats:
            if s.kind == "bot" and s.bot_name is not None:
                # A fresh seed per load: a bot's choices never depend on anything a client can see.
                s.bot = info.bot(s.bot_name, seed=(t.seed + 7919 * (s.seat + 1) + 104_729 * t.seq) % 2**63, rules=rules)

    async def _commit(self, op: Op | ActionRecord) -> Any:
        try:
            return await self.writer.submit_async(op)
        except Exception as e:
            log.exception("database write failed")
            raise InternalError("the server could not store the change; nothing was changed") from e

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
        if self.open_count >= self.limits.max_open_tables:
            raise TableLimitReached(f"the server already has {self.open_count} tables in play (its limit)")
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
        self._make_bots(t)
        self.tables[t.id] = t
        self._schedule_bot(t)
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
        """The table with this id (loading a finished one from the database when asked)."""
        t = self.tables.get(table_id)
        if t is not None:
            return t
        if not isinstance(table_id, str) or len(table_id) > 40:
            raise UnknownTable("no such table")
        try:
            rows = await asyncio.to_thread(self.store.load_tables, status=None, table_id=table_id)
        except Exception as e:
            log.warning("database read failed: %s", type(e).__name__)
            raise InternalError("the server could not read the database; try again later") from e
        if not rows:
            raise UnknownTable(f"no table {table_id!r}")
        t = self.tables.get(table_id)  # loaded meanwhile
        if t is None:
            t = self._from_row(rows[0])
            if t.status == "playing":
                self.tables[table_id] = t
        return t

    def release(self, t: Table) -> None:
        """Forget a finished table nobody watches (it stays in the database; :meth:`get` reloads it)."""
        if t.game.is_terminal and not t.conns and t.bot_task is None and self.tables.get(t.id) is t:
            del self.tables[t.id]

    async def take_seat(
        self, table_id: str, seat: int | None = None, name: str | None = None
    ) -> tuple[Table, int, str]:
        """Give a person an open seat (the first open one when ``seat`` is None); returns its token."""
        t = await self.get(table_id)
        if name is not None and (not isinstance(name, str) or len(name) > 64):
            raise InvalidValueError("a name is text of at most 64 characters")
        async with t.lock:
            t.check_open()
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
            chosen = seat
            await self._commit(lambda conn: self.store.take_seat(conn, t.id, chosen, h, name))
            s.kind, s.token_hash, s.name = "human", h, name
            t.updated = time.time()  # a seat taken counts as activity for the table's idle time
        return t, seat, token

    async def add_spectator(self, table_id: str) -> tuple[Table, str]:
        """A spectator token for a table."""
        t = await self.get(table_id)
        async with t.lock:
            t.check_spectator_room(self.limits.max_spectators)
            token = new_token()
            h = token_hash(token)
            await self._commit(lambda conn: self.store.add_spectator(conn, t.id, h))
            t.spectator_hashes.add(h)
        return t, token

    def authenticate(self, t: Table, token: str | None) -> int | None:
        """The seat a token holds at this table, or None for a spectator (no token or a spectator token)."""
        if token is None:
            return None
        h = token_hash(token)
        for s in t.seats:
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, h):
                return s.seat
        if h in t.spectator_hashes:
            return None
        raise AuthError("this token holds no seat at this table")

    # -- moves: actions and take-backs -----------------------------------------------------

    @staticmethod
    def _is_repeat(s: Seat, client_seq: int | None, what: str) -> bool:
        """Whether ``client_seq`` repeats the seat's last accepted move (answered without applying it
        again); StaleAction for an older one."""
        if client_seq is None:
            return False
        if client_seq == s.client_seq:
            return True
        if client_seq < s.client_seq:
            raise StaleAction(f"{what} seq {client_seq} is older than the last accepted ({s.client_seq})")
        return False

    async def _commit_move(self, t: Table, s: Seat, g: Any, action_id: int, text: str, client_seq: int | None) -> None:
        """Store the move that made ``g`` (a copy of the table's game) and publish it: the one commit path.

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
        await self._commit(rec)
        t.game, t.seq, t.updated = g, rec.seq, time.time()
        if client_seq is not None:
            s.client_seq = client_seq
        if g.is_terminal:
            self.open_count -= 1
        t.broadcast()

    async def act(
        self, t: Table, seat: int | None, action: int | str, *, client_seq: int | None = None, expect: int | None = None
    ) -> bool:
        """Apply ``action`` for ``seat``; True if applied, False for a repeated client sequence number.

        Raises the library's error for a refused action (the game and the table unchanged).
        """
        if seat is None:
            raise AuthError("a spectator cannot act; send hello with a seat's token")
        async with t.lock:
            t.check_open()
            s = t.seats[seat]
            if self._is_repeat(s, client_seq, "action"):
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
            ev = g.last_event
            await self._commit_move(t, s, g, int(ev.action.id), str(ev.text), client_seq)
        self._schedule_bot(t)
        self.release(t)
        return True

    async def undo(self, t: Table, seat: int | None, *, client_seq: int | None = None) -> bool:
        """Take back the table's last move for ``seat``; True if done, False for a repeated client sequence number.

        Only at a table of one seat whose game can take moves back (``game.can_undo()``): where
        another player or the dice are involved, a take-back would undo what others saw or re-draw chance.
        Stored like an action (``action_id`` -1, text ``"undo"``), so the sequence numbers stay one line.
        """
        if seat is None:
            raise AuthError("a spectator cannot undo; send hello with a seat's token")
        async with t.lock:
            t.check_open()
            if len(t.seats) != 1 or not callable(getattr(t.game, "can_undo", None)):
                raise PhaseError(f"{t.game_name} tables of {len(t.seats)} seat(s) do not take moves back")
            s = t.seats[seat]
            if self._is_repeat(s, client_seq, "undo"):
                return False
            if t.game.is_terminal:
                raise PhaseError("the game is over: no move is taken back")
            if not t.game.can_undo():
                raise PhaseError("there is no move to take back")
            g = t.game.clone()  # the table's game only once stored
            g.undo()
            await self._commit_move(t, s, g, -1, "undo", client_seq)
        return True

    # -- bots ------------------------------------------------------------------------------

    def _schedule_bot(self, t: Table) -> None:
        if self._stopping or t.bot_task is not None:
            return
        cp = t.game.current_player
        if cp is None or t.seats[cp].kind != "bot":
            return
        t.bot_task = asyncio.get_running_loop().create_task(self._bot_turn(t, cp))

    async def _bot_turn(self, t: Table, seat: int) -> None:
        try:
            s = t.seats[seat]
            if s.think_ms:
                await asyncio.sleep(s.think_ms / 1000)
            obs = t.game.observation(seat)
            action = await asyncio.to_thread(s.bot.act, obs)
            await self.act(t, seat, int(action.id) if hasattr(action, "id") else action)
        except asyncio.CancelledError:
            raise
        except ParlourError as e:
            log.error("table %s: bot %s in seat %d could not play: %s: %s", t.id, s.bot_name, seat, type(e).__name__, e)
            return
        except Exception:
            log.exception("table %s: bot in seat %d failed", t.id, seat)
            return
        finally:
            t.bot_task = None
        self._schedule_bot(t)
        self.release(t)
