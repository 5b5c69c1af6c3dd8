"""Load benchmark of ``parlour serve``: N concurrent bot-vs-bot tables through real WebSocket clients.

The server runs in its own process on a loopback port with a fresh database (a SQLite
file, or a throwaway PostgreSQL cluster started in a temporary directory).  This
process opens one WebSocket per seat; each seat's client is a bot that picks a random
legal action (seeded) from its own push and sends it.  When a table's game ends a new
table takes its place, so N tables stay in play.  Reported:

- accepted actions per second (all tables together);
- latency from sending an action to receiving the push that acknowledges it (p50, p99);
- server memory per table (growth of the server's resident set over N tables);
- with ``--rate R``: the clients offer R actions a second in all instead of answering at
  once (each table acts every N/R seconds, the tables' schedules staggered), so the
  latency is measured at that throughput rather than with the server saturated;
- with ``--disconnect``: every client is cut off at once in the middle of the run, then
  reconnects and retries its unanswered action with the same sequence number; at the end
  the database's action log is checked: every action a client saw acknowledged is there
  exactly once and no table has an action applied twice;
- with ``--workers N`` (PostgreSQL): the server runs as N workers sharing the port
  (``parlour serve --workers N``), the kernel spreading the clients' connections over
  them; the CPU per action is that of all the workers, and the database's is given too.

Run: ``python benchmarks/bench_server.py --tables 200 --seconds 20 --db sqlite`` (or
``--db postgresql [--workers 2]``).  It stops by itself; all traffic stays on 127.0.0.1.
``benchmarks/bench_failover.py`` kills workers under this load and times the takeover.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

try:  # the clients decode two pushes per action: orjson (in the server extra) keeps their share of the CPU small
    import orjson

    def _loads(text: str | bytes) -> Any:
        return orjson.loads(text)

    def _dumps(obj: Any) -> str:
        return orjson.dumps(obj).decode()

except ImportError:  # pragma: no cover
    _loads, _dumps = json.loads, json.dumps

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests" / "server"
sys.path.insert(0, str(Path(__file__).resolve().parent))
from server_procs import _cpu_seconds, _http, _rss_kib, _start_server, family  # noqa: E402


async def _ahttp(base: str, method: str, path: str, body: Any = None) -> Any:
    return await asyncio.to_thread(_http, base, method, path, body)


@dataclass
class Stats:
    accepted: int = 0
    latencies: list[float] = field(default_factory=list)
    acked: dict[str, dict[int, int]] = field(default_factory=dict)  # table -> seat -> last acked client seq
    counts: dict[str, dict[int, int]] = field(default_factory=dict)  # table -> seat -> actions acknowledged
    retries: int = 0
    games: int = 0
    cpu_server: float = 0.0
    cpu_client: float = 0.0
    cpu_db: float = 0.0
    measured: int = 0
    errors: list[str] = field(default_factory=list)
    client_lag: list[float] = field(default_factory=list)
    answered: list[tuple[float, float]] = field(default_factory=list)


class Seat:
    """One seat's client: a WebSocket, the last state it was sent, its client sequence numbers."""

    def __init__(self, url: str, token: str, seat: int, rng: random.Random) -> None:
        self.url, self.token, self.seat, self.rng = url, token, seat, rng
        self.ws: Any = None
        self.next_seq = 1
        self.pending: tuple[int, int, float] | None = None  # (client seq, action id, sent at)
        self.state: dict[str, Any] | None = None

    async def connect(self) -> None:
        from websockets.asyncio.client import connect

        self.ws = await connect(self.url, max_size=2**22, ping_interval=None, compression=None)
        await self.ws.send(_dumps({"type": "hello", "token": self.token}))


async def _run_seat(
    s: Seat, stats: Stats, table: str, stop: asyncio.Event, cut: asyncio.Event, pace: dict[str, float] | None = None
) -> None:
    """Play one seat until the game ends or the run stops; survive a forced disconnect (any lost
    connection once ``cut`` is set), reconnecting and resending what was unanswered.

    ``pace`` (shared by the table's seats): ``{"next": when the table may act next,
    "interval": seconds between its actions}``; None acts at once.  ``stats.answered`` gets
    (when the connection was lost, when the first state came after reconnecting)."""
    lost: float | None = None
    while not stop.is_set():
        try:
            async for text in s.ws:
                msg = _loads(text)
                kind = msg["type"]
                if kind == "error":
                    stats.errors.append(f"{msg['error']}: {msg['message']}")
                    continue
                if kind != "state":
                    continue
                if lost is not None:
                    stats.answered.append((lost, time.perf_counter()))
                    lost = None
                s.state = msg
                if s.pending is not None and msg["ack"] >= s.pending[0]:
                    stats.latencies.append(time.perf_counter() - s.pending[2])
                    stats.accepted += 1
                    stats.acked.setdefault(table, {})[s.seat] = msg["ack"]
                    per_seat = stats.counts.setdefault(table, {})
                    per_seat[s.seat] = per_seat.get(s.seat, 0) + 1
                    s.pending = None
                if msg["terminal"] or stop.is_set():
                    return
                if msg["current_player"] == s.seat and s.pending is None:
                    if pace is not None:
                        now = time.perf_counter()
                        if pace["next"] > now:
                            await asyncio.sleep(pace["next"] - now)
                        pace["next"] = max(pace["next"], now) + pace["interval"]
                    a = s.rng.choice(msg["legal_actions"])
                    s.pending = (s.next_seq, a["id"], time.perf_counter())
                    s.next_seq += 1
                    await s.ws.send(_dumps({"type": "action", "seq": s.pending[0], "action": s.pending[1]}))
            # The connection closed: a forced disconnect.  Reconnect, retry what was unanswered.
        except Exception as e:  # noqa: BLE001 - a cut connection shows up as any of websockets' errors
            if not cut.is_set():
                stats.errors.append(f"{type(e).__name__}: {e}")
                return
        if stop.is_set():
            return
        lost = time.perf_counter()
        await asyncio.sleep(0.05)
        for _ in range(100):
            try:
                await s.connect()
                break
            except Exception:  # noqa: BLE001 - between a worker's death and the kernel's notice: try again
                await asyncio.sleep(0.05)
        if s.pending is not None:
            stats.retries += 1
            seq, aid, _ = s.pending
            await s.ws.send(_dumps({"type": "action", "seq": seq, "action": aid}))


async def _table_loop(
    base: str,
    ws_base: str,
    game: str,
    players: int,
    idx: int,
    stats: Stats,
    stop: asyncio.Event,
    cut: asyncio.Event,
    seats_out: list[Seat],
    interval: float = 0.0,
) -> None:
    rng = random.Random(idx)
    # Staggered schedules: table idx starts its first action at a random point of its interval.
    pace = {"next": time.perf_counter() + rng.random() * interval, "interval": interval} if interval > 0 else None
    while not stop.is_set():
        t = await _ahttp(base, "POST", "/api/tables", {"game": game, "players": players})
        tid = t["table"]
        seats = []
        for i in range(players):
            tok = (await _ahttp(base, "POST", f"/api/tables/{tid}/seats", {"seat": i}))["token"]
            seats.append(Seat(f"{ws_base}/ws/tables/{tid}", tok, i, random.Random(rng.random())))
        for s in seats:
            await s.connect()
        seats_out.extend(seats)
        await asyncio.gather(*(_run_seat(s, stats, tid, stop, cut, pace) for s in seats))
        for s in seats:
            await s.ws.close()
            seats_out.remove(s)
        if seats[0].state is not None and seats[0].state["terminal"]:
            stats.games += 1


async def _bench(
    base: str,
    game: str,
    players: int,
    tables: int,
    seconds: float,
    disconnect: bool,
    pid: int,
    rate: float = 0.0,
    db_pid: int | None = None,
) -> tuple[Stats, float, int]:
    stats = Stats()
    stop, cut = asyncio.Event(), asyncio.Event()
    seats: list[Seat] = []
    rss0 = _rss_kib(pid)
    interval = tables / rate if rate > 0 else 0.0
    tasks = [
        asyncio.create_task(
            _table_loop(base, base.replace("http", "ws"), game, players, i, stats, stop, cut, seats, interval)
        )
        for i in range(tables)
    ]
    # Every table open and playing (at least 5 s, and then 2 s more): 2,000 tables take a while.
    start = time.perf_counter()
    while len(seats) < tables * players and time.perf_counter() - start < 300:
        await asyncio.sleep(0.1)
    await asyncio.sleep(max(2.0, min(5.0, seconds / 4) - (time.perf_counter() - start)))
    rss1 = _rss_kib(pid)
    server, db = family(pid), family(db_pid) if db_pid is not None else []
    lag_task = asyncio.create_task(_loop_lag(stats.client_lag, stop))
    a0, l0 = stats.accepted, len(stats.latencies)
    t0 = time.perf_counter()
    cpu_server0, cpu_client0, cpu_db0 = _cpu_seconds(server), time.process_time(), _cpu_seconds(db)
    if disconnect:
        await asyncio.sleep(seconds / 2)
        cut.set()
        for s in list(seats):
            s.ws.transport.abort()  # no closing handshake: the connection just dies
        await asyncio.sleep(seconds / 2)
    else:
        await asyncio.sleep(seconds)
    elapsed = time.perf_counter() - t0
    accepted = stats.accepted - a0
    stats.cpu_server = _cpu_seconds(server) - cpu_server0
    stats.cpu_client = time.process_time() - cpu_client0
    stats.cpu_db = _cpu_seconds(db) - cpu_db0
    stats.measured = accepted
    stats.latencies = stats.latencies[l0:]
    stop.set()
    await lag_task
    for s in list(seats):
        await s.ws.close()
    await asyncio.wait(tasks, timeout=30)
    for t in tasks:
        t.cancel()
    per_table = max(0, rss1 - rss0) // max(1, tables)
    return stats, accepted / elapsed, per_table


async def _loop_lag(out: list[float], stop: asyncio.Event) -> None:
    """How late the clients' own event loop wakes from a 1 ms sleep: the part of the latency
    that is the clients' (their process shares the machine with the server)."""
    while not stop.is_set():
        t = time.perf_counter()
        await asyncio.sleep(0.001)
        out.append(time.perf_counter() - t - 0.001)


def _check_log(db_url: str, stats: Stats) -> tuple[int, list[str]]:
    """Every acknowledged action is in the database once; client seqs per seat strictly increase."""
    sys.path.insert(0, str(ROOT / "src"))
    from parlour.server.store import Store

    store = Store(db_url)
    problems: list[str] = []
    checked = 0
    for table, seats in stats.acked.items():
        log = store.actions_of(table)
        if [r[0] for r in log] != list(range(1, len(log) + 1)):
            problems.append(f"table {table}: action log numbers {[r[0] for r in log][:5]}...")
        for seat, last in seats.items():
            seqs = [r[4] for r in log if r[1] == seat]
            if len(seqs) != len(set(seqs)) or seqs != sorted(seqs):
                problems.append(f"table {table} seat {seat}: a client seq applied twice or out of order")
            if last not in seqs:
                problems.append(f"table {table} seat {seat}: acknowledged action {last} is not in the database")
            if len([q for q in seqs if q <= last]) != stats.counts[table][seat]:
                problems.append(
                    f"table {table} seat {seat}: {stats.counts[table][seat]} actions acknowledged, "
                    f"{len([q for q in seqs if q <= last])} in the database"
                )
            checked += len(seqs)
    store.close()
    return checked, problems


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=200)
    p.add_argument("--seconds", type=float, default=20.0)
    p.add_argument("--game", default="yahtzee")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--db", choices=["sqlite", "postgresql"], default="sqlite")
    p.add_argument("--disconnect", action="store_true", help="cut every client off in the middle of the run")
    p.add_argument(
        "--rate",
        type=float,
        default=0.0,
        help="offer this many actions a second in all (paced clients); 0: every client answers at once",
    )
    p.add_argument("--workers", type=int, default=1, help="server worker processes sharing the port (PostgreSQL)")
    args = p.parse_args(argv)
    if args.workers > 1 and args.db != "postgresql":
        p.error("--workers needs --db postgresql")
    sys.path.insert(0, str(TESTS))
    from conftest import Postgres, free_port  # the tests' throwaway PostgreSQL

    tmp = Path(tempfile.mkdtemp(prefix="parlour-bench-"))
    pg = None
    if args.db == "postgresql":
        pg = Postgres()
        db_url = pg.new_database()
    else:
        db_url = f"sqlite:///{tmp / 'bench.sqlite3'}"
    port = free_port()
    proc = _start_server(db_url, port, tmp / "server.log", args.workers)
    try:
        try:
            import uvloop

            uvloop.install()
        except ImportError:
            pass
        stats, rate, per_table = asyncio.run(
            _bench(
                f"http://127.0.0.1:{port}",
                args.game,
                args.players,
                args.tables,
                args.seconds,
                args.disconnect,
                proc.pid,
                args.rate,
                pg.postmaster() if pg is not None else None,
            )
        )
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    lat = sorted(stats.latencies)
    p50 = statistics.median(lat) * 1000 if lat else float("nan")
    p99 = lat[min(len(lat) - 1, int(0.99 * len(lat)))] * 1000 if lat else float("nan")
    checked, problems = _check_log(db_url, stats)
    if pg is not None:
        pg.stop()
    print(
        f"bench_server: {args.game}, {args.tables} tables x {args.players} seats, {args.db}"
        f"{f' ({args.workers} workers)' if args.workers > 1 else ''}, "
        f"{args.seconds:g} s{' with a forced disconnect of every client' if args.disconnect else ''}"
        f"{f', {args.rate:,.0f} actions/s offered' if args.rate else ', clients answering at once'}"
    )
    print(f"  accepted actions/s  {rate:,.0f}")
    print(f"  latency p50 / p99   {p50:.1f} ms / {p99:.1f} ms  ({len(lat)} actions)")
    if stats.client_lag:
        cl = sorted(stats.client_lag)
        print(
            f"  clients' loop lag   p50 {statistics.median(cl) * 1000:.1f} ms, "
            f"p99 {cl[int(0.99 * (len(cl) - 1))] * 1000:.1f} ms  (how late their event loop wakes)"
        )
    print(f"  server memory       {per_table} KiB per table")
    n = max(1, stats.measured)
    print(
        f"  CPU per action      server {stats.cpu_server / n * 1e6:.0f} us, clients {stats.cpu_client / n * 1e6:.0f} us"
        f"{f', database {stats.cpu_db / n * 1e6:.0f} us' if pg is not None else ''}"
        f"  (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)"
    )
    print(f"  games finished      {stats.games}; retried after reconnect {stats.retries}")
    print(f"  database check      {checked} acknowledged actions, {len(problems)} problems")
    for e in sorted(set(stats.errors))[:10]:
        print(f"  client error        {e}")
    for pr in problems[:10]:
        print(f"  PROBLEM             {pr}")
    return 1 if problems else 0


def test_bench_server_smoke() -> None:
    """A short run with a forced disconnect: every acknowledged action is in the database once."""
    import pytest

    for name in ("fastapi", "uvicorn", "sqlalchemy", "websockets"):
        pytest.importorskip(name, reason=f"the server benchmark needs {name}: pip install 'parlour[server]'")
    assert main(["--tables", "4", "--seconds", "3", "--disconnect"]) == 0


if __name__ == "__main__":
    sys.exit(main())
