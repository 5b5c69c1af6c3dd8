"""The hardened server's limits with several workers: every worker of ``parlour serve --workers 2``
refuses what the single server refuses (an oversized body, an oversized head, a head that does not
arrive in time), each counts its own connections against ``--max-connections``, and a table's
idle time closes it once, for the clients of every worker.

A keep-alive connection says which worker it reached (``GET /api/health`` gives the worker's
pid); the request sent next on the same connection is answered by that worker.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import Counter
from pathlib import Path

import pytest

for _name in ("fastapi", "uvicorn", "sqlalchemy", "websockets", "psycopg"):
    pytest.importorskip(_name, reason=f"the server tests need {_name}: pip install 'parlour[test]'")

import sqlalchemy as sa  # noqa: E402

from parlour.server.schema import engine_url  # noqa: E402

from .client import Client  # noqa: E402
from .conftest import Postgres, Server, start_workers  # noqa: E402
from .raw import Raw, is_error, post_head  # noqa: E402

HEALTH = b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"


def _worker_of(raw: Raw) -> int | None:
    """The pid of the worker this connection reached (None: refused at once, with the connection limit's 503)."""
    raw.send(HEALTH)
    status, _, body = raw.answer()
    if status == 503 and json.loads(body).get("error") == "ConnectionLimitReached":
        return None
    assert status == 200, body
    return int(json.loads(body)["worker"]["pid"])


def _oversized_body(raw: Raw) -> None:
    raw.send(post_head("/api/tables"))  # chunked: refused while it is read, past 1,000 bytes
    for _ in range(4):
        raw.send(b"258\r\n" + b" " * 600 + b"\r\n")
    status, _, body = raw.answer()
    assert status == 413, body
    is_error(body, "BodyTooLarge")


def _oversized_head(raw: Raw) -> None:
    raw.send(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pad: " + b"a" * 20_000)  # still incomplete
    status, _, body = raw.answer()
    assert status == 431, body  # uvicorn alone answers 400 in plain text: the worker runs parlour's protocol
    is_error(body, "HeadersTooLarge")


def _slow_head(raw: Raw) -> None:
    raw.send(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and nothing more
    status, _, body = raw.answer()
    assert status == 408, body  # uvicorn alone waits for ever
    is_error(body, "RequestTimeout")


@pytest.mark.slow
def test_every_worker_keeps_the_hardened_servers_limits(postgres: Postgres, tmp_path: Path) -> None:
    srv = Server(
        postgres.new_database(),
        tmp_path / "server.log",
        workers=2,
        max_body_bytes=1000,
        request_timeout=1,
        max_connections=3,
    )
    srv.start()
    try:
        checks = {"body": _oversized_body, "head": _oversized_head, "slow": _slow_head}
        done: set[tuple[int, str]] = set()
        deadline = time.monotonic() + 60  # the second worker may still be starting on a loaded machine
        while time.monotonic() < deadline:
            raw = Raw(srv)
            try:
                pid = _worker_of(raw)
                assert pid is not None
                todo = [k for k in checks if (pid, k) not in done]
                if todo:
                    checks[todo[0]](raw)
                    done.add((pid, todo[0]))
            finally:
                raw.close()
            pids = {p for p, _ in done}
            if len(pids) == 2 and len(done) == 2 * len(checks):
                break
        assert len({p for p, _ in done}) == 2 and len(done) == 2 * len(checks), done

        # --max-connections counts per worker: each holds three connections, six in all, and refuses a fourth.
        held: list[Raw] = []
        per_worker: Counter[int] = Counter()
        refused = 0
        try:
            for _ in range(200):
                raw = Raw(srv)
                pid = _worker_of(raw)
                if pid is None:
                    refused += 1
                    raw.close()
                else:
                    held.append(raw)
                    per_worker[pid] += 1
                    assert per_worker[pid] <= 3, per_worker
                if len(per_worker) == 2 and min(per_worker.values()) == 3 and refused:
                    break
            assert sorted(per_worker.values()) == [3, 3] and refused, (per_worker, refused)
        finally:
            for raw in held:
                raw.close()
    finally:
        srv.stop()
    assert "Traceback" not in srv.log.read_text()


@pytest.mark.slow
def test_an_idle_table_is_closed_once_for_the_clients_of_every_worker(postgres: Postgres, tmp_path: Path) -> None:
    """Two workers (as on two hosts), tables idle for three seconds: one owned by the first worker, one
    whose owner is gone from the database (handed over, then closed by its new owner).  A spectator at
    each worker hears of each closing once, and every worker then shows the table closed."""
    w = start_workers(postgres, tmp_path, n=2, idle_timeout=3)
    try:
        a, b = w.servers
        owned = a.create(game="gin", players=2)["table"]
        orphan = a.create(game="yahtzee", players=1)["table"]
        engine = sa.create_engine(engine_url(w.db))
        with engine.begin() as conn:
            conn.execute(sa.text("UPDATE parlour_tables SET owner = NULL WHERE id = :t"), {"t": orphan})

        async def main() -> list[Client]:
            clients = [Client(s.ws_url(t)) for t in (owned, orphan) for s in (a, b)]
            for c in clients:
                await c.connect()
            for c in clients:
                err = await c.recv_type("error", timeout=30)
                assert err["error"] == "TableClosed", err
            await asyncio.sleep(1.0)  # a second closing, were there one, would have been pushed by now
            for c in clients:
                await c.close()
            return clients

        clients = asyncio.run(main())
        for c in clients:
            closings = [m for m in c.received if m["type"] == "error" and m["error"] == "TableClosed"]
            assert len(closings) == 1, c.received
        for t in (owned, orphan):
            for s in (a, b):
                status, view = s.http("GET", f"/api/tables/{t}")
                assert status == 200 and view["status"] == "closed", view
        with engine.connect() as conn:
            rows = conn.execute(sa.text("SELECT owner, status FROM parlour_tables WHERE id = :t"), {"t": orphan})
            owner, status = rows.one()
        assert status == "closed" and owner is not None  # handed over to a live worker before it was closed
        engine.dispose()
        assert a.http("GET", "/api/health")[1]["tables_in_play"] == 0
        for s in (a, b):
            status, err = s.http("POST", f"/api/tables/{owned}/seats", {})
            assert status == 409 and err["error"] == "TableClosed", err
    finally:
        w.stop()
    for s in w.servers:
        assert "Traceback" not in s.log.read_text()
