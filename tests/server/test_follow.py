"""The server's tables in one process, against their own database: following other workers' actions in
``seq`` order (duplicates, a move in flight, a gap, a table being read), races decided by the store's
conflict check, and bots that try a move again after a failed write.

Two :class:`Tables` on one SQLite file stand in for two workers here (the paths are the same as
with PostgreSQL; the notifications are handed over by hand, in any order); the real thing, several
worker processes on PostgreSQL, is in test_workers.py.
"""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path
from typing import Any

import pytest

for _name in ("fastapi", "sqlalchemy"):
    pytest.importorskip(_name, reason=f"the server tests need {_name}: pip install 'parlour[test]'")

from parlour.server import bots as bots_mod  # noqa: E402
from parlour.server.errors import StaleAction, TableClosed  # noqa: E402
from parlour.server.games import default_registry, snapshot_text  # noqa: E402
from parlour.server.store import Store  # noqa: E402
from parlour.server.table import Connection, Limits, Table  # noqa: E402
from parlour.server.tables import Tables  # noqa: E402
from parlour.server.workers import Solo, action_payloads  # noqa: E402


class Recorder(Connection):
    """A connection that keeps what it is pushed."""

    def __init__(self) -> None:
        super().__init__(lambda _text: None, Limits())
        self.got: list[dict[str, Any]] = []

    def push(self, text: str | None) -> None:
        if text is not None:
            self.got.append(json.loads(text))


def watch(t: Table) -> Recorder:
    r = Recorder()
    r.seat = None
    t.conns.add(r)
    return r


def notes(a: Tables, table_id: str, seqs: list[int]) -> list[str]:
    """The notifications another worker would have sent for these stored actions, one per action."""
    log = {row[0]: row for row in a.store.actions_of(table_id)}
    out = []
    for q in seqs:
        seq, seat, aid, _text, cseq = log[q]
        rec = type("R", (), {"table_id": table_id, "seq": seq, "seat": seat, "action_id": aid, "client_seq": cseq})
        out += action_payloads(99, [rec])  # type: ignore[list-item]
    return out


async def play(a: Tables, t: Table, n: int, seat: int = 0) -> None:
    for _ in range(n):
        cseq = t.seats[seat].client_seq + 1
        await a.act(t, seat, t.game.legal_actions()[-1].id, client_seq=cseq)


def test_notified_actions_are_pushed_once_each_in_seq_order(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'db.sqlite3'}"

    async def main() -> None:
        a = Tables(default_registry(), Store(db))
        await a.start()
        t = await a.create("yahtzee", players=1, seed=11)
        b = Tables(default_registry(), Store(db))
        await b.start()  # reads the table at seq 0
        tb = b.tables[t.id]
        seen = watch(tb)
        await play(a, t, 12)
        follow = b.follow
        # In order, with duplicates: applied once each.
        for p in notes(a, t.id, [1, 2, 1, 2]):
            follow.on_notify(p)
        # While a move of this worker holds the table: they wait, then apply in order.
        async with tb.lock:
            for p in notes(a, t.id, [3, 4]):
                follow.on_notify(p)
            assert tb.seq == 2 and len(tb.backlog) == 2
        await asyncio.sleep(0.05)
        assert tb.seq == 4
        # A gap (5 is missing): the stored actions fill it, and everything up to the stored seq is pushed.
        for p in notes(a, t.id, [6]):
            follow.on_notify(p)
        for _ in range(100):
            if tb.seq == 12:
                break
            await asyncio.sleep(0.02)
        for p in notes(a, t.id, [5, 7, 12]):  # late notifications of actions the table has: ignored
            follow.on_notify(p)
        await asyncio.sleep(0.05)
        assert [m["seq"] for m in seen.got] == list(range(1, 13))
        assert all(m["last_event"] is not None for m in seen.got)
        assert snapshot_text(tb.game) == snapshot_text(t.game) and tb.seats[0].client_seq == 12
        assert follow.gaps == 1 and follow.replayed == 12
        for x in (a, b):
            await x.close()

    asyncio.run(main())


def test_a_table_being_read_keeps_the_actions_notified_meanwhile(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'db.sqlite3'}"

    async def main() -> None:
        a = Tables(default_registry(), Store(db))
        await a.start()
        t = await a.create("yahtzee", players=1, seed=3)
        await play(a, t, 3)
        b = Tables(default_registry(), Store(db))
        await b.start()
        b.tables.clear()  # b holds nothing: the next get reads the table
        read, go = threading.Event(), threading.Event()
        plain = b.store.load_tables

        def slow_load(**kw: Any) -> Any:
            rows = plain(**kw)  # the table as stored now (seq 3) ...
            read.set()
            go.wait(10)  # ... and, before it is in memory, two more actions are committed and notified
            return rows

        b.store.load_tables = slow_load  # type: ignore[method-assign]
        getting = asyncio.ensure_future(b.get(t.id))
        await asyncio.to_thread(read.wait, 10)
        await play(a, t, 2)
        for p in notes(a, t.id, [4, 5]):
            b.follow.on_notify(p)
        go.set()
        tb = await getting
        assert tb.seq == 5 and snapshot_text(tb.game) == snapshot_text(t.game)
        for x in (a, b):
            await x.close()

    asyncio.run(main())


def test_closing_waits_for_a_database_read_its_caller_gave_up(tmp_path: Path) -> None:
    """A read of the store runs in a thread, which cancelling its caller cannot stop: closing the tables
    waits for it, so that its connection is back in the pool before the store closes (else the
    connection is left open, and PostgreSQL's driver warns when it is collected)."""
    db = f"sqlite:///{tmp_path / 'db.sqlite3'}"

    async def main() -> None:
        a = Tables(default_registry(), Store(db))
        await a.start()
        t = await a.create("yahtzee", players=1, seed=3)
        b = Tables(default_registry(), Store(db))
        await b.start()
        b.tables.clear()
        read, go = threading.Event(), threading.Event()
        plain = b.store.load_tables
        finished: list[int] = []

        def slow_load(**kw: Any) -> Any:
            read.set()
            go.wait(10)
            rows = plain(**kw)
            finished.append(len(rows))
            return rows

        b.store.load_tables = slow_load  # type: ignore[method-assign]
        getting = asyncio.ensure_future(b.get(t.id))
        await asyncio.to_thread(read.wait, 10)
        getting.cancel()
        closing = asyncio.ensure_future(b.close())
        await asyncio.sleep(0.3)
        assert not closing.done()  # the read is still running: close waits for it
        go.set()
        await closing
        assert finished == [1] and b.store.engine.pool.checkedout() == 0
        with pytest.raises(asyncio.CancelledError):
            await getting
        await a.close()
        for x in (a, b):
            x.store.close()

    asyncio.run(main())


class Deaf(Solo):
    """A worker that shares its database with others but hears nothing of them: its copies of a table
    fall behind, and only the database's conflict check tells it so."""

    shared = True


def test_a_race_is_decided_by_the_database_and_the_loser_answers_as_if_second(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'db.sqlite3'}"

    async def main() -> None:
        a = Tables(default_registry(), Store(db), worker=Deaf())
        b = Tables(default_registry(), Store(db), worker=Deaf())
        for x in (a, b):
            await x.start()
        t = await a.create("yahtzee", players=2, seed=7)
        ta, tb = await a.get(t.id), await b.get(t.id)

        def reroll(tt: Table) -> int:
            return int(tt.game.legal_actions()[-1].id)

        # The same client sequence number at both (a retry that reached another worker): applied once.
        assert await a.act(ta, 0, reroll(ta), client_seq=1)
        assert await b.act(tb, 0, reroll(tb), client_seq=1) is False
        assert b.conflicts == 1 and tb.seq == 1 and tb.seats[0].client_seq == 1
        # An action still legal after the winner's: applied after it, as if it had arrived second.
        assert await a.act(ta, 0, reroll(ta), client_seq=2)
        chance = next(x.id for x in tb.game.legal_actions() if str(x) == "score chance")
        assert await b.act(tb, 0, chance, client_seq=3)
        assert b.conflicts == 2 and tb.seq == 3 and tb.game.current_player == 1
        # A refusal is never made by a table that is behind: a's copy says it is seat 0's turn, the
        # database says seat 1's, and seat 1's action is applied.
        assert ta.seq == 2 and ta.game.current_player == 0
        assert await a.act(ta, 1, reroll(tb), client_seq=1)
        assert a.conflicts == 0 and ta.seq == 4
        # An action chosen at a seq the table has left: refused as stale once the table is caught up.
        with pytest.raises(StaleAction):
            await b.act(tb, 1, reroll(tb), client_seq=2, expect=3)
        assert b.conflicts == 3 and tb.seq == 4
        log = a.store.actions_of(t.id)
        assert [r[0] for r in log] == [1, 2, 3, 4] and [(r[1], r[4]) for r in log] == [(0, 1), (0, 2), (0, 3), (1, 1)]
        assert snapshot_text(ta.game) == snapshot_text(tb.game)
        for x in (a, b):
            await x.close()

    asyncio.run(main())


class FlakyWrites(Solo):
    """A worker whose first ``n`` batches of actions fail to store, as when the database is away."""

    def __init__(self, n: int) -> None:
        super().__init__()
        self.failures = n

    def recorder(self, store: Any) -> Any:
        import sqlite3

        def record(conn: Any, recs: Any) -> None:
            if self.failures > 0:
                self.failures -= 1
                raise sqlite3.OperationalError("disk I/O error")
            store.record_actions(conn, recs)

        return record


def test_bots_try_a_move_again_until_the_database_takes_it(tmp_path: Path, monkeypatch: Any) -> None:
    """A failed write used to stop a bot for good (its turn logged as "could not play", never scheduled
    again); now the move is tried again, and the bots play to the end."""
    monkeypatch.setattr(bots_mod, "RETRY_FIRST", 0.01)
    db = f"sqlite:///{tmp_path / 'db.sqlite3'}"

    async def main() -> None:
        flaky = FlakyWrites(6)
        tables = Tables(default_registry(), Store(db), worker=flaky)
        await tables.start()
        bot = next(iter(tables.registry.get("yahtzee").bots))
        t = await tables.create("yahtzee", seats=[{"kind": "bot", "bot": bot}] * 2, seed=2)
        for _ in range(3000):
            if t.game.is_terminal:
                break
            await asyncio.sleep(0.01)
        # (the writer tries a failed batch once more on its own before the move is given up)
        assert t.game.is_terminal and flaky.failures == 0 and tables.bots.retries >= 3
        assert [r[0] for r in tables.store.actions_of(t.id)] == list(range(1, t.seq + 1))
        await tables.close()

    asyncio.run(main())


def test_a_closing_announced_by_another_worker_reaches_this_workers_clients_once(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'db.sqlite3'}"

    async def main() -> None:
        a = Tables(default_registry(), Store(db))
        await a.start()
        t = await a.create("gin", players=2, seed=5)
        seen = watch(t)
        note = json.dumps({"w": 99, "c": [t.id], "why": "no action for 60 minutes"})
        a.follow.on_notify(note)
        a.follow.on_notify(note)  # heard twice: told once
        closings = [m for m in seen.got if m["type"] == "error"]
        assert [m["error"] for m in closings] == ["TableClosed"] and "60 minutes" in closings[0]["message"]
        assert t.status == "closed" and t.id not in a.tables
        with pytest.raises(TableClosed):
            await a.act(t, 0, t.game.legal_actions()[0].id)
        assert [m for m in seen.got if m["type"] == "state"] == []  # nothing was applied
        await a.close()

    asyncio.run(main())


def test_a_closing_not_heard_is_found_at_the_next_move(tmp_path: Path) -> None:
    """Another worker closed the table and this one missed the notification: its next move is refused as
    TableClosed (the store's conflict check includes the status), and the table stays closed."""
    from parlour.server.lifetime import close_table

    db = f"sqlite:///{tmp_path / 'db.sqlite3'}"

    async def main() -> None:
        a = Tables(default_registry(), Store(db))
        await a.start()
        t = await a.create("gin", players=2, seed=5)
        b = Tables(default_registry(), Store(db))
        await b.start()
        tb = b.tables[t.id]
        seen = watch(tb)
        assert await close_table(a, t, "no action for 60 minutes")  # b is not told
        with pytest.raises(TableClosed):
            await b.act(tb, tb.game.current_player, tb.game.legal_actions()[0].id)
        assert tb.status == "closed" and t.id not in b.tables
        assert [m["error"] for m in seen.got if m["type"] == "error"] == ["TableClosed"]
        assert b.store.load_tables(status=None, table_id=t.id)[0].status == "closed"
        assert b.store.load_tables(status=None, table_id=t.id)[0].seq == 0
        await a.close()
        await b.close()

    asyncio.run(main())
