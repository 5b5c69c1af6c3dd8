"""Failover of ``parlour serve --workers N``: SIGKILL a worker under load, again and again, and time how
long its tables take to answer again.

The load is bench_server.py's (``--tables`` tables of two client seats, paced with ``--rate``)
on a throwaway PostgreSQL, plus ``--bot-tables`` tables of two server-side bots (``--think-ms``
each move), each watched by a spectator.  Every ``--every`` seconds one worker, chosen at
random, is SIGKILLed (its supervisor starts another), and for that kill:

- clients: the time from the kill to the first state that each client of the dead worker
  receives after it reconnected (to the same port, which the kernel now gives to the live
  workers); the slowest client counts;
- bots: the time from the kill to the next move of each bot table the dead worker ran (another
  worker takes them over when it sees the dead worker's lease gone); the slowest table counts.

It reports p50, p99 and the maximum of both over the kills, and checks the database's action
log at the end as bench_server.py does (every acknowledged action once, none twice).

Run: ``python benchmarks/bench_failover.py --kills 20`` (about two and a half minutes).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_server import TESTS, Seat, Stats, _ahttp, _check_log, _dumps, _loads, _table_loop
from server_procs import _start_server, family


async def _watch_bots(base: str, game: str, think_ms: int, pushes: dict[str, list[float]], stop: asyncio.Event) -> None:
    """Tables of two server-side bots, one after another, each watched by a spectator that notes the
    time of every push (and reconnects when its worker dies)."""
    from websockets.asyncio.client import connect

    bot = next(g for g in await _ahttp(base, "GET", "/api/games") if g["name"] == game)["bots"][0]
    while not stop.is_set():
        t = await _ahttp(
            base,
            "POST",
            "/api/tables",
            {"game": game, "seats": [{"kind": "bot", "bot": bot, "think_ms": think_ms}] * 2},
        )
        tid = t["table"]
        times = pushes.setdefault(tid, [])
        over = False
        while not over and not stop.is_set():
            try:
                async with connect(f"{base.replace('http', 'ws')}/ws/tables/{tid}", ping_interval=None) as ws:
                    await ws.send(_dumps({"type": "hello"}))
                    async for text in ws:
                        msg = _loads(text)
                        if msg["type"] == "state":
                            times.append(time.perf_counter())
                            over = msg["terminal"]
                        if over or stop.is_set():
                            break
            except Exception:  # noqa: BLE001 - its worker died: watch from another
                await asyncio.sleep(0.05)


def _owned_by(db_url: str, pid: int) -> set[str]:
    """The tables in play run by the worker with this process id."""
    import sqlalchemy as sa

    sys.path.insert(0, str(TESTS.parents[1] / "src"))
    from parlour.server.schema import make_engine

    eng = make_engine(db_url)
    try:
        with eng.connect() as conn:
            rows = conn.execute(
                sa.text(
                    "SELECT t.id FROM parlour_tables t JOIN parlour_workers w ON t.owner = w.id"
                    " WHERE w.pid = :pid AND t.status = 'playing'"
                ),
                {"pid": pid},
            )
            return {r[0] for r in rows}
    finally:
        eng.dispose()


def _quantiles(xs: list[float]) -> str:
    if not xs:
        return "none"
    s = sorted(xs)
    p99 = s[min(len(s) - 1, int(0.99 * len(s)))]
    return f"p50 {statistics.median(s) * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms, max {s[-1] * 1000:.0f} ms"


async def _run(args: argparse.Namespace, base: str, supervisor: int, db_url: str) -> tuple[Stats, list[dict[str, Any]]]:
    stats = Stats()
    stop, cut = asyncio.Event(), asyncio.Event()
    cut.set()  # every lost connection is reconnected
    seats: list[Seat] = []
    interval = args.tables / args.rate if args.rate > 0 else 0.0
    ws_base = base.replace("http", "ws")
    tasks = [
        asyncio.create_task(_table_loop(base, ws_base, args.game, 2, i, stats, stop, cut, seats, interval))
        for i in range(args.tables)
    ]
    pushes: dict[str, list[float]] = {}
    tasks += [
        asyncio.create_task(_watch_bots(base, args.game, args.think_ms, pushes, stop)) for _ in range(args.bot_tables)
    ]
    start = time.perf_counter()
    while len(seats) < 2 * args.tables and time.perf_counter() - start < 300:
        await asyncio.sleep(0.1)
    rng = random.Random(1)
    kills: list[dict[str, Any]] = []
    for _ in range(args.kills):
        await asyncio.sleep(args.every)
        workers = family(supervisor)[1:]
        victim = rng.choice(workers)
        owned = await asyncio.to_thread(_owned_by, db_url, victim)
        at = time.perf_counter()
        os.kill(victim, signal.SIGKILL)
        kills.append({"pid": victim, "at": at, "bots": owned & set(pushes)})
    await asyncio.sleep(args.every)
    stop.set()
    for s in list(seats):
        await s.ws.close()
    await asyncio.wait(tasks, timeout=30)
    for t in tasks:
        t.cancel()
    for i, k in enumerate(kills):
        until = kills[i + 1]["at"] if i + 1 < len(kills) else float("inf")
        clients = [done - k["at"] for lost, done in stats.answered if k["at"] <= lost < k["at"] + 2.0]
        bots = []
        for tid in k["bots"]:
            after = [x for x in pushes[tid] if k["at"] < x < until]
            bots.append(after[0] - k["at"] if after else float("inf"))
        k["client"] = max(clients, default=None)
        k["bot"] = max(bots, default=None)
        k["clients"], k["bot_tables"] = len(clients), len(bots)
    return stats, kills


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--tables", type=int, default=100, help="tables of two client seats")
    p.add_argument("--rate", type=float, default=400.0, help="actions a second the clients offer in all")
    p.add_argument("--bot-tables", type=int, default=20, help="tables of two server-side bots")
    p.add_argument("--think-ms", type=int, default=200, help="the bots' pause before each move")
    p.add_argument("--kills", type=int, default=20)
    p.add_argument("--every", type=float, default=6.0, help="seconds between two kills")
    p.add_argument("--game", default="yahtzee")
    args = p.parse_args(argv)
    sys.path.insert(0, str(TESTS))
    from conftest import Postgres, free_port  # the tests' throwaway PostgreSQL

    tmp = Path(tempfile.mkdtemp(prefix="parlour-failover-"))
    pg = Postgres()
    db_url = pg.new_database()
    port = free_port()
    proc = _start_server(db_url, port, tmp / "server.log", args.workers)
    try:
        stats, kills = asyncio.run(_run(args, f"http://127.0.0.1:{port}", proc.pid, db_url))
    finally:
        proc.terminate()
        proc.wait(timeout=60)
    checked, problems = _check_log(db_url, stats)
    pg.stop()
    clients = [k["client"] for k in kills if k["client"] is not None]
    bots = [k["bot"] for k in kills if k["bot"] is not None]
    print(
        f"bench_failover: {args.workers} workers, {args.tables} client tables at {args.rate:g} actions/s and "
        f"{args.bot_tables} bot tables ({args.think_ms} ms a move), {len(kills)} kills every {args.every:g} s"
    )
    print(f"  clients answered again   {_quantiles(clients)}  ({sum(k['clients'] for k in kills)} reconnects)")
    print(f"  bot tables moving again  {_quantiles(bots)}  ({sum(k['bot_tables'] for k in kills)} tables taken over)")
    print(
        f"  tables answering again   {_quantiles([max(a or 0, b or 0) for a, b in ((k['client'], k['bot']) for k in kills)])}"
    )
    print(f"  load average            {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"  database check          {checked} acknowledged actions, {len(problems)} problems")
    for e in sorted(set(stats.errors))[:10]:
        print(f"  client error            {e}")
    for pr in problems[:10]:
        print(f"  PROBLEM                 {pr}")
    return 1 if problems or any(b == float("inf") for b in bots) else 0


if __name__ == "__main__":
    sys.exit(main())
