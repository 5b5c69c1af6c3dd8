"""Several workers on one PostgreSQL database, with real parts: worker processes, a throwaway
PostgreSQL cluster, real WebSocket clients.

Clients spread over the workers play whole games and reconnect to other workers; a worker is
SIGKILLed in the middle of a game and its clients carry on elsewhere; a table of bots goes on
when the worker that ran them dies; ``parlour serve --workers 2`` shares one port, replaces a
dead worker and stops without losing anything; the bots wait out a database outage.  After
each game the database's action log is replayed from the table's first state through the
protocol: it must give the stored snapshot exactly (no action applied twice, none lost).

The hiding tests and the HTTP, sequence-number and bad-input tests of one server run unchanged
against three workers as well (test_hiding.py, test_server.py: the ``deployment`` and ``sq``
fixtures).  All of it but the two quick checks at the end is in the slow tier.
"""

from __future__ import annotations

import asyncio
import itertools
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

for _name in ("fastapi", "uvicorn", "sqlalchemy", "websockets", "psycopg"):
    pytest.importorskip(_name, reason=f"the server tests need {_name}: pip install 'parlour[test]'")

from websockets.exceptions import ConnectionClosed  # noqa: E402

from parlour.server import store as st  # noqa: E402

from .client import Client  # noqa: E402
from .conftest import SRC, Postgres, Server, Workers, start_workers  # noqa: E402


def check_log(db: str, table: str) -> int:
    """The action log of a table is 1..seq, each seat's client numbers rise, and replaying the log
    from the table's first state gives the stored snapshot; the table's seq."""
    from parlour import games

    s = st.Store(db)
    try:
        (row,) = s.load_tables(status=None, table_id=table)
        log = s.actions_of(table)
    finally:
        s.close()
    assert [r[0] for r in log] == list(range(1, row.seq + 1))
    for seat in range(row.players):
        mine = [r[4] for r in log if r[1] == seat and r[4] is not None]
        assert mine == sorted(set(mine)), (seat, mine)
    g = games.get(row.game).new_game(players=row.players, preset=row.preset, seed=row.seed, **row.options)
    for _seq, _seat, action_id, _text, _cseq in log:
        g.apply(action_id)
    assert g.to_dict() == row.snapshot
    return row.seq


def states(c: Client) -> list[int]:
    return [m["seq"] for m in c.received if m["type"] == "state"]


def in_order(seqs: list[int]) -> bool:
    """Each state one action after the one before (or the same, answering a resend or a hello)."""
    return all(b - a in (0, 1) for a, b in itertools.pairwise(seqs))


def chooser(db: str, game: str, seats: int) -> Any:
    """The registry's bots, choosing from the seat's own observation (the game read from the stored snapshot)."""
    from parlour import games

    info = games.get(game)
    bots = [info.bot(next(iter(info.bots)), seed=i) for i in range(seats)]
    store = st.Store(db)

    def choose(table: str, seat: int) -> int:
        (row,) = store.load_tables(status=None, table_id=table)
        return int(bots[seat].act(games.load(row.snapshot).observation(seat)).id)

    choose.close = store.close  # type: ignore[attr-defined]
    return choose


async def wait_for(pred: Any, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while not pred():
        assert time.monotonic() < deadline, "waited too long"
        await asyncio.sleep(0.05)


def stop_while_streaming(srv: Server, table: str, token: str) -> None:
    """SIGTERM the server while a client sends actions as fast as they are answered: the client is
    told to reconnect (1012), the process ends with 0, every answered action is stored, and at most
    the one in flight besides (stored once: its client number is the one the client sent last)."""
    acked: list[int] = []
    closed: list[int] = []
    sent: list[int] = []

    async def stream() -> None:
        c = Client(srv.ws_url(table), token)
        await c.connect()
        try:
            while True:
                if c.state["terminal"]:  # the game ended before the server stopped: wait for the close
                    await c.recv(timeout=60)
                    continue
                sent.append(await c.act(c.state["legal_actions"][-1]["id"]))
                s = await c.recv_state(c.state["seq"] + 1)
                assert s["ack"] == sent[-1]
                acked.append(s["seq"])
                if len(acked) == 10:
                    assert srv.proc is not None
                    srv.proc.send_signal(signal.SIGTERM)
        except ConnectionClosed as e:
            closed.append(e.rcvd.code if e.rcvd is not None else -1)
        finally:
            await c.close()

    asyncio.run(stream())
    assert srv.proc is not None and srv.proc.wait(60) == 0
    assert closed == [1012]  # "Service Restart": connect again
    s = st.Store(srv.db)
    (row,) = s.load_tables(status=None, table_id=table)
    log = s.actions_of(table)
    s.close()
    assert len(acked) >= 10 and row.seq in (acked[-1], acked[-1] + 1)
    assert [r[4] for r in log] == sent[: row.seq]


async def _play_spread(workers: Workers, tid: str, tokens: list[str | None], choose: Any) -> list[Client]:
    """Each seat and a spectator on a different worker; every 9 actions a seat moves to the next worker
    and resends its last accepted action there, which is answered and not applied again."""
    n = len(tokens)
    clients = [Client(workers.ws_url(tid), tok) for tok in [*tokens, None]]
    for c in clients:
        await c.connect()
    everyone = list(clients)
    k = 0
    while not clients[0].state["terminal"]:
        seq, cp = clients[0].state["seq"], clients[0].state["current_player"]
        sent = await clients[cp].act(choose(tid, cp))
        for c in clients:
            s = await c.recv_state(seq + 1)
            assert s["seq"] == seq + 1
        assert clients[cp].state["ack"] == sent
        k += 1
        if k % 9 == 0:
            i = (k // 9) % n
            fresh = Client(workers.ws_url(tid), tokens[i])
            fresh.next_seq = clients[i].next_seq
            await clients[i].close()
            await fresh.connect()
            assert fresh.state["seq"] == seq + 1
            clients[i] = fresh
            everyone.append(fresh)
            if fresh.state["ack"]:
                await fresh.act(choose(tid, i) if fresh.state["legal_actions"] else 0, seq=fresh.state["ack"])
                again = await fresh.recv_state()
                assert again["seq"] == seq + 1 and again["ack"] == fresh.state["ack"]
    for c in clients:
        await c.close()
    return everyone


@pytest.mark.slow
def test_clients_spread_over_workers_play_whole_games(workers: Workers) -> None:
    """Whole Yahtzee and gin games with the seats and a spectator spread over three workers."""
    for game, body in [("yahtzee", {"players": 3}), ("gin", {"preset": "default"})]:
        t = workers.create(game=game, **body)
        tid, n = t["table"], len(t["seats"])
        tokens: list[str | None] = [workers.take(tid, i) for i in range(n)]
        choose = chooser(workers.db, game, n)
        everyone = asyncio.run(_play_spread(workers, tid, tokens, choose))
        choose.close()
        final = check_log(workers.db, tid)
        assert final > 40
        assert all(in_order(states(c)) for c in everyone)
        watcher = everyone[n]
        assert states(watcher) == list(range(0, final + 1))  # every push once, in order, none missing


def _reconnect_and_resume(c: Client, url: str, pending: int | None) -> Any:
    async def go() -> Client:
        fresh = Client(url, c.token)
        fresh.next_seq = c.next_seq
        await fresh.connect()
        if pending is not None and fresh.state["ack"] != pending:
            # the action did not make it: send it again, with the same number
            cp = fresh.state["current_player"]
            assert cp is not None
            await fresh.act(fresh.state["legal_actions"][0]["id"], seq=pending)
            await fresh.recv_state(fresh.state["seq"] + 1)
        return fresh

    return go()


@pytest.mark.slow
def test_a_worker_killed_mid_game_its_clients_carry_on_at_the_others(postgres: Postgres, tmp_path: Path) -> None:
    w = start_workers(postgres, tmp_path)
    try:
        victim = w.servers[0]
        t = w.create(game="yahtzee", players=2)
        tid = t["table"]
        tokens = [w.take(tid, 0), w.take(tid, 1)]

        async def main() -> tuple[list[Client], Client]:
            players = [Client(victim.ws_url(tid), tok) for tok in tokens]
            watcher = Client(w.servers[1].ws_url(tid))
            for c in [*players, watcher]:
                await c.connect()
            for _ in range(6):
                st0 = players[0].state
                cp = st0["current_player"]
                await players[cp].act(players[cp].state["legal_actions"][0]["id"])
                for c in players:
                    await c.recv_state(st0["seq"] + 1)
            # An action on its way when the worker dies: applied or not, never twice.
            cp = players[0].state["current_player"]
            pending = await players[cp].act(players[cp].state["legal_actions"][0]["id"])
            victim.kill()
            others = [w.servers[1].ws_url(tid), w.servers[2].ws_url(tid)]
            players = [
                await _reconnect_and_resume(c, others[i], pending if i == cp else None) for i, c in enumerate(players)
            ]
            while not players[0].state["terminal"]:
                st0 = players[0].state
                cp = st0["current_player"]
                if players[cp].state["seq"] < st0["seq"]:
                    await players[cp].recv_state(st0["seq"])
                await players[cp].act(players[cp].state["legal_actions"][0]["id"])
                for c in players:
                    await c.recv_state(st0["seq"] + 1)
            await watcher.recv_state(players[0].state["seq"])
            for c in [*players, watcher]:
                await c.close()
            return players, watcher

        players, watcher = asyncio.run(main())
        final = check_log(w.db, tid)
        assert states(watcher) == list(range(0, final + 1))
        assert all(in_order(states(c)) for c in players)
    finally:
        w.stop()


@pytest.mark.slow
def test_a_bot_table_goes_on_when_its_worker_dies(postgres: Postgres, tmp_path: Path) -> None:
    w = start_workers(postgres, tmp_path)
    try:
        owner = w.servers[0]
        bot = owner.bot("yahtzee")
        tables = [
            owner.create(game="yahtzee", seats=[{"kind": "bot", "bot": bot, "think_ms": 40}] * 2) for _ in range(3)
        ]
        assert owner.health()["worker"]["bot_tables_run_here"] == 3
        tid = tables[0]["table"]

        async def main() -> Client:
            watcher = Client(w.servers[1].ws_url(tid))
            await watcher.connect()
            await watcher.recv_state(5)
            owner.kill()
            killed_at = watcher.state["seq"]
            while not watcher.state["terminal"]:
                await watcher.recv_state(watcher.state["seq"] + 1, timeout=60)
            assert watcher.state["seq"] > killed_at + 5
            await watcher.close()
            return watcher

        watcher = asyncio.run(main())
        assert states(watcher) == list(range(states(watcher)[0], watcher.state["seq"] + 1))
        for t in tables:
            deadline = time.monotonic() + 120
            while w.http("GET", f"/api/tables/{t['table']}")[1]["status"] != "over":
                assert time.monotonic() < deadline
                time.sleep(0.1)
            check_log(w.db, t["table"])  # no bot move made twice
        survivors = [s.health()["worker"] for s in w.servers[1:]]
        assert sum(x["takeovers"] for x in survivors) == 1 and sum(x["tables_taken"] for x in survivors) >= 3
    finally:
        w.stop()


@pytest.mark.slow
def test_serve_workers_share_one_port_replace_a_dead_worker_and_stop_gracefully(
    postgres: Postgres, tmp_path: Path
) -> None:
    srv = Server(postgres.new_database(), tmp_path / "server.log", workers=2)
    srv.start()
    try:
        pids: set[int] = set()
        deadline = time.monotonic() + 60  # the second worker may still be starting on a loaded machine
        while len(pids) < 2:
            assert time.monotonic() < deadline, pids
            pids |= {srv.health()["worker"]["pid"] for _ in range(20)}  # the kernel spreads them (SO_REUSEPORT)
        t = srv.create(game="yahtzee", players=1)
        token = srv.take(t["table"])
        # A dead worker: the supervisor starts another; the other worker serves meanwhile.
        dead = pids.pop()
        subprocess.run(["kill", "-9", str(dead)], check=True)
        deadline = time.monotonic() + 60
        while True:
            now = set()
            for _ in range(20):
                try:
                    now.add(srv.health()["worker"]["pid"])
                except OSError:  # a connection the kernel had queued at the killed worker's socket
                    continue
            if len(now) == 2 and dead not in now:
                break
            assert time.monotonic() < deadline, now
            time.sleep(0.2)
        stop_while_streaming(srv, t["table"], token)
    finally:
        srv.stop()


@pytest.mark.slow
def test_bots_wait_out_a_database_outage(tmp_path: Path) -> None:
    """PostgreSQL stops for 4 seconds under a table of bots: the server answers 503 meanwhile, and
    the bots play on when the database is back (they used to stop for good after one failed write)."""
    pg = Postgres()
    try:
        srv = Server(pg.new_database(), tmp_path / "server.log")
        srv.start()
        bot = srv.bot("yahtzee")
        t = srv.create(game="yahtzee", seats=[{"kind": "bot", "bot": bot, "think_ms": 30}] * 2)
        deadline = time.monotonic() + 60
        while srv.http("GET", f"/api/tables/{t['table']}")[1]["seq"] < 5:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        pg.halt()
        time.sleep(1)
        h = srv.health()
        assert h["ok"] is False and h["database"]["ok"] is False
        time.sleep(3)
        pg.start()
        deadline = time.monotonic() + 120
        while True:
            status, v = srv.http("GET", f"/api/tables/{t['table']}")
            if status == 200 and v["status"] == "over":
                break
            assert time.monotonic() < deadline, v
            time.sleep(0.2)
        assert srv.health()["ok"] is True
        check_log(srv.db, t["table"])
        srv.stop()
    finally:
        pg.stop()


def test_workers_with_sqlite_are_refused(tmp_path: Path) -> None:
    r = subprocess.run(
        [sys.executable, "-m", "parlour", "serve", "--workers", "2", "--db", f"sqlite:///{tmp_path / 'x.sqlite3'}"],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(SRC)},
        timeout=60,
    )
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert "--workers 2 needs PostgreSQL" in r.stderr and not (tmp_path / "x.sqlite3").exists()


def test_sigterm_answers_what_is_in_flight_then_closes_with_1012(make_server: Any, tmp_path: Path) -> None:
    """One server on SQLite stopped by SIGTERM while a client sends as fast as it is answered (see
    stop_while_streaming); its health report before."""
    srv: Server = make_server(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    t = srv.create(game="yahtzee", players=1)
    token = srv.take(t["table"])
    h = srv.health()  # alone on SQLite: no worker id, the lease is the process's own
    assert h["ok"] is True and h["database"]["backend"] == "sqlite" and h["database"]["ok"] is True
    assert h["tables_in_play"] == 1 and h["worker"]["id"] is None and h["worker"]["lease"] is True
    assert h["worker"]["pid"] == srv.proc.pid and h["worker"]["draining"] is False
    stop_while_streaming(srv, t["table"], token)
    assert "Traceback" not in srv.log.read_text()
