"""Connections and the lifetime of tables: the connection limit, tables that do not or cannot go on, and a
database that goes away."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

for _name in ("fastapi", "uvicorn", "sqlalchemy", "websockets"):
    pytest.importorskip(_name, reason=f"the server tests need {_name}: pip install 'parlour[test]'")

from websockets.exceptions import InvalidStatus  # noqa: E402

from .client import Client  # noqa: E402
from .conftest import Postgres, Server, sqlite_server  # noqa: E402
from .raw import is_error  # noqa: E402


@pytest.fixture(scope="module")
def short(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose tables end after two seconds without an action, with room for four connections."""
    with sqlite_server(tmp_path_factory.mktemp("short"), idle_timeout=2, max_connections=4, max_tables=2) as s:
        yield s


def test_websocket_connections_are_limited(short: Server) -> None:
    t = short.create(game="yahtzee")
    token = short.take(t["table"])

    async def main() -> None:
        clients = [Client(short.ws_url(t["table"])) for _ in range(4)]
        for c in clients:
            await c.connect()
        with pytest.raises(InvalidStatus) as e:
            await Client(short.ws_url(t["table"])).connect()
        assert e.value.response.status_code == 503
        is_error(e.value.response.body, "ConnectionLimitReached")
        await clients[0].close()
        await asyncio.sleep(0.2)
        async with Client(short.ws_url(t["table"]), token) as me:  # a place again
            assert me.state is not None and me.state["seat"] == 0
        for c in clients[1:]:
            await c.close()

    asyncio.run(main())


def test_a_table_without_an_action_ends_and_frees_its_place(short: Server) -> None:
    deadline = time.monotonic() + 15
    while short.http("GET", "/api/health")[1]["tables_in_play"] and time.monotonic() < deadline:
        time.sleep(0.1)  # the tables of the test before end first
    a = short.create(game="yahtzee")
    b = short.create(game="freecell", options={"deal": 5})
    token = short.take(a["table"])
    status, err = short.http("POST", "/api/tables", {"game": "yahtzee"})
    assert status == 429 and err["error"] == "TableLimitReached"

    async def main() -> None:
        async with Client(short.ws_url(a["table"]), token) as me:
            assert me.state is not None
            first = me.state["legal_actions"][0]["id"]
            err = await me.recv_type("error", timeout=15)
            assert err["error"] == "TableClosed" and err["kind"] == "PhaseError"
            await me.act(first)
            assert (await me.recv_type("error"))["error"] == "TableClosed"

    asyncio.run(main())
    for t in (a, b):
        status, view = short.http("GET", f"/api/tables/{t['table']}")
        assert status == 200 and view["status"] == "closed"
    assert short.http("GET", "/api/health")[1]["tables_in_play"] == 0
    assert short.http("GET", "/api/tables")[1] == []
    status, err = short.http("POST", f"/api/tables/{a['table']}/seats", {})
    assert status == 409 and err["error"] == "TableClosed", err
    assert short.http("POST", "/api/tables", {"game": "yahtzee"})[0] == 201
    # After a restart the closed tables stay closed.
    short.stop()
    short.start()
    assert short.http("GET", f"/api/tables/{a['table']}")[1]["status"] == "closed"
    assert short.http("GET", "/api/health")[1]["tables_in_play"] <= 1


def test_a_stored_table_nobody_can_move_at_is_closed(make_server: Any, tmp_path: Path) -> None:
    """A table of an older server that nobody can move at (a Yahtzee game that waits for a roll) is closed at
    the start, and its place freed."""
    from parlour import games
    from parlour.server.schema import SeatRow, TableRow
    from parlour.server.store import Store

    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    store = Store(url)
    g = games.get("yahtzee").new_game(players=1, seed=1, auto_roll=False)
    now = time.time()
    row = TableRow(
        id="0123456789abcdef",
        game="yahtzee",
        preset=None,
        options={"auto_roll": False},
        seed=1,
        players=1,
        seq=0,
        status="playing",
        snapshot=g.to_dict(),
        created=now,
        updated=now,
        seats=[SeatRow(seat=0, kind="open")],
    )
    with store.engine.begin() as conn:
        store.insert_table(conn, row)
    store.close()
    srv = make_server(url)
    deadline = time.monotonic() + 20
    while (view := srv.http("GET", "/api/tables/0123456789abcdef")[1])["status"] != "closed":
        assert time.monotonic() < deadline, view
        time.sleep(0.1)
    assert srv.http("GET", "/api/health")[1]["tables_in_play"] == 0


# -- the database away ------------------------------------------------------------------------


def test_a_database_outage_answers_503_with_the_error_object(tmp_path: Path) -> None:
    """A read that fails (the database is down) is the documented 503, not a dropped connection or a 500."""
    from parlour.server.app import create_app
    from parlour.server.store import Store

    class Down(Store):
        down = False

        def load_tables(self, **kw: Any) -> Any:
            if self.down:
                raise OSError("connection refused")
            return super().load_tables(**kw)

    store = Down(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    app = create_app(store)
    answers = asyncio.run(_asgi(app, store, ["/api/tables/0123456789abcdef", "/api/health"]))
    store.close()
    status, body = answers[0]
    assert status == 503
    assert is_error(body, "InternalError")["kind"] == "ParlourError"
    assert answers[1][0] == 200


@pytest.mark.slow
def test_a_finished_table_read_while_postgresql_is_down_answers_503(make_server: Any) -> None:
    """The real outage: PostgreSQL stopped, a finished table (no longer in memory) read over HTTP."""
    pg = Postgres()  # a cluster of its own: this test stops it
    try:
        srv = make_server(pg.new_database())
        t = srv.create(game="yahtzee", seats=[{"kind": "bot"}])  # a bot plays it to the end at once
        deadline = time.monotonic() + 60
        while srv.http("GET", f"/api/tables/{t['table']}")[1]["status"] != "over":
            assert time.monotonic() < deadline
            time.sleep(0.2)
        # The finished table is forgotten once nobody watches it; now the database goes away.
        pg._run([str(pg.bin / "pg_ctl"), "-D", str(pg.data), "-m", "fast", "-w", "stop"])
        status, err = srv.http("GET", f"/api/tables/{t['table']}")
        assert status == 503 and err["error"] == "InternalError", err
        status, health = srv.http("GET", "/api/health")  # answered: the server is up, its database is not
        assert status == 503 and health["ok"] is False and health["database"]["ok"] is False, health
        options = f"-k {pg.dir} -p {pg.port} -c listen_addresses=''"
        pg._run([str(pg.bin / "pg_ctl"), "-D", str(pg.data), "-w", "-l", str(pg.dir / "log"), "-o", options, "start"])
        deadline = time.monotonic() + 60
        while (got := srv.http("GET", f"/api/tables/{t['table']}"))[0] != 200:
            assert time.monotonic() < deadline, got
            time.sleep(0.5)
        assert got[1]["status"] == "over"
        while (health := srv.http("GET", "/api/health"))[0] != 200:  # its lease taken again, within a second or so
            assert time.monotonic() < deadline, health
            time.sleep(0.2)
    finally:
        pg.stop()


async def _asgi(app: Any, store: Any, paths: list[str]) -> list[tuple[int, bytes]]:
    """GET each path through the ASGI application itself (its lifespan started and stopped), the database
    down during the requests."""
    lifespan: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    out: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    await lifespan.put({"type": "lifespan.startup"})
    task = asyncio.create_task(app({"type": "lifespan", "asgi": {"version": "3.0"}}, lifespan.get, out.put))
    assert (await out.get())["type"] == "lifespan.startup.complete"
    store.down = True
    answers = [await _get(app, path) for path in paths]
    store.down = False
    await lifespan.put({"type": "lifespan.shutdown"})
    assert (await out.get())["type"] == "lifespan.shutdown.complete"
    await task
    return answers


async def _get(app: Any, path: str) -> tuple[int, bytes]:
    sent: list[dict[str, Any]] = []
    got = [{"type": "http.request", "body": b"", "more_body": False}]

    async def receive() -> dict[str, Any]:
        if got:
            return got.pop()
        await asyncio.sleep(3600)
        return {"type": "http.disconnect"}

    async def send(m: dict[str, Any]) -> None:
        sent.append(m)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"127.0.0.1")],
        "client": ("127.0.0.1", 1),
        "server": ("127.0.0.1", 80),
    }
    await app(scope, receive, send)
    start = next(m for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return int(start["status"]), body
