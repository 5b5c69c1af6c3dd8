"""The server's limits and checks against hostile clients: request bodies, heads and their time, malformed
bodies, origins, security headers, spectator tokens, connections, and tables that cannot or do not go on.

Each test talks to a real server on a loopback port through raw sockets where a well-behaved client
library would not send what an attacker sends.  (The long random version is test_fuzz_server.py.)
"""

from __future__ import annotations

import asyncio
import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

for _name in ("fastapi", "uvicorn", "sqlalchemy", "websockets", "psutil"):
    pytest.importorskip(_name, reason=f"the server tests need {_name}: pip install 'parlour[test]'")

import psutil  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402
from websockets.exceptions import InvalidStatus  # noqa: E402

from parlour.server import messages  # noqa: E402

from .client import Client  # noqa: E402
from .conftest import Postgres, Server  # noqa: E402

#: The options of the module's server: a short request timeout so that the slow-client tests are quick.
TIMEOUT = 1.0


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    d = tmp_path_factory.mktemp("limits")
    s = Server(
        f"sqlite:///{d / 'db.sqlite3'}",
        d / "server.log",
        request_timeout=TIMEOUT,
        max_spectators=3,
        allow_origin="http://friend.example",
    )
    s.start()
    try:
        yield s
    finally:
        s.stop()


def is_error(body: bytes, name: str) -> dict[str, Any]:
    """The documented error object (and nothing else) with this error class."""
    err = json.loads(body)
    messages.ErrorMsg.model_validate(err)
    assert err["error"] == name, err
    return dict(err)


class Raw:
    """One raw TCP connection to the server: what it sends and the one answer it reads."""

    def __init__(self, srv: Server, timeout: float = 10) -> None:
        self.sock = socket.create_connection(("127.0.0.1", srv.port), timeout=timeout)

    def send(self, data: bytes) -> bool:
        """Send; False once the server has closed the connection."""
        try:
            self.sock.sendall(data)
            return True
        except OSError:
            return False

    def answer(self) -> tuple[int, dict[str, str], bytes]:
        """Status, headers and body of the server's answer (read until it closes or the length is there)."""
        buf = b""
        while b"\r\n\r\n" not in buf:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError(f"closed without an answer after {buf!r}")
            buf += chunk
        head, _, body = buf.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        headers = {k.strip().lower(): v.strip() for k, _, v in (x.partition(":") for x in lines[1:])}
        n = int(headers.get("content-length", "0"))
        while len(body) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                break
            body += chunk
        return status, headers, body

    def closed(self) -> bool:
        """Whether the server closed the connection (after its answer)."""
        try:
            self.sock.settimeout(5)
            while True:
                chunk = self.sock.recv(65536)
                if not chunk:
                    return True
        except (ConnectionResetError, BrokenPipeError):
            return True
        except TimeoutError:
            return False

    def close(self) -> None:
        self.sock.close()


def request(srv: Server, head: bytes, body: bytes = b"") -> tuple[int, dict[str, str], bytes]:
    r = Raw(srv)
    try:
        r.send(head + body)
        return r.answer()
    finally:
        r.close()


def post_head(path: str, length: int | None = None, extra: bytes = b"") -> bytes:
    size = b"Transfer-Encoding: chunked\r\n" if length is None else b"Content-Length: %d\r\n" % length
    return b"POST %s HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n%s%s\r\n" % (
        path.encode(),
        size,
        extra,
    )


def rss(srv: Server) -> int:
    assert srv.proc is not None
    return int(psutil.Process(srv.proc.pid).memory_info().rss)


# -- bodies ------------------------------------------------------------------------------------


def test_an_endless_chunked_body_is_refused_while_it_is_read(srv: Server) -> None:
    before = rss(srv)
    r = Raw(srv)
    assert r.send(post_head("/api/tables"))
    chunk = b"%x\r\n%s\r\n" % (65536, b" " * 65536)
    sent = 0
    while sent < 64 * 2**20 and r.send(chunk):  # up to 64 MiB, until the server stops reading
        sent += len(chunk)
    status, headers, body = r.answer()
    assert status == 413 and headers.get("connection") == "close"
    assert "16384 bytes" in is_error(body, "BodyTooLarge")["message"]
    assert r.closed()
    r.close()
    assert sent < 8 * 2**20, f"the server read {sent} bytes of a body over its limit"
    assert rss(srv) - before < 32 * 2**20
    assert srv.http("GET", "/api/health")[0] == 200


def test_a_declared_length_over_the_limit_is_refused_before_reading(srv: Server) -> None:
    status, headers, body = request(srv, post_head("/api/tables", 10**9))
    assert status == 413 and headers.get("connection") == "close"
    is_error(body, "BodyTooLarge")


def test_a_slow_body_and_a_slow_head_time_out(srv: Server) -> None:
    r = Raw(srv)
    r.send(post_head("/api/tables", 100) + b'{"game": ')  # the rest never comes
    t0 = time.monotonic()
    status, headers, body = r.answer()
    assert status == 408 and time.monotonic() - t0 < 10 * TIMEOUT
    is_error(body, "RequestTimeout")
    assert r.closed()
    r.close()
    # A head sent a byte at a time, slower than the timeout allows in all.
    r = Raw(srv)
    t0 = time.monotonic()
    for b in b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"y" * 100:
        if not r.send(bytes([b])) or time.monotonic() - t0 > 10 * TIMEOUT:
            break
        time.sleep(TIMEOUT / 5)
    status, _, body = r.answer()
    assert status == 408 and time.monotonic() - t0 < 10 * TIMEOUT
    is_error(body, "RequestTimeout")
    r.close()
    # A connection that sends nothing is closed as well.
    r = Raw(srv)
    t0 = time.monotonic()
    status, _, _ = r.answer()
    assert status == 408 and time.monotonic() - t0 < 10 * TIMEOUT
    r.close()


def test_large_and_many_headers_are_refused(srv: Server) -> None:
    head = b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 100_000 + b"\r\n\r\n"
    status, headers, body = request(srv, head)
    assert status == 431
    is_error(body, "HeadersTooLarge")
    many = b"".join(b"X-%d: a\r\n" % i for i in range(5000))
    status, _, body = request(srv, b"GET /api/health HTTP/1.1\r\nHost: x\r\n" + many + b"\r\n")
    assert status == 431
    is_error(body, "HeadersTooLarge")
    # Few enough bytes, too many headers.
    many = b"".join(b"X-%d: a\r\n" % i for i in range(200))
    status, _, body = request(srv, b"GET /api/health HTTP/1.1\r\nHost: x\r\n" + many + b"\r\n")
    assert status == 431
    is_error(body, "HeadersTooLarge")
    assert request(srv, b"GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")[0] == 200


@pytest.mark.parametrize(
    ("body", "name"),
    [
        (b'{"game": "\xff\xfe"}', "MessageError"),
        (b'{"game": "yahtzee", "players": ' + b"1" * 5000 + b"}", "MessageError"),
        (b'{"game": "yahtzee", "players": ' + b"1" * 100 + b"}", "MessageError"),
        (b'{"game": ' + b"[" * 3000 + b"]" * 3000 + b"}", "NestingTooDeep"),
        (b'{"game": ' + b"[" * 7000 + b"]" * 7000 + b"}", "NestingTooDeep"),
        (b'{"game": "yahtzee", "options": {"a": {"b": {"c": {"d": 1}}}}}', "NestingTooDeep"),
        (b"{not json", "MessageError"),
        (b'{"game": NaN}', "MessageError"),
    ],
)
def test_malformed_bodies_get_the_documented_error(srv: Server, body: bytes, name: str) -> None:
    status, _, answer = request(srv, post_head("/api/tables", len(body)), body)
    assert status == 400
    is_error(answer, name)


def test_unknown_paths_and_wrong_methods_get_the_documented_error(srv: Server) -> None:
    status, _, body = request(srv, b"GET /api/nothing HTTP/1.1\r\nHost: x\r\n\r\n")
    assert status == 404
    is_error(body, "UnknownPath")
    status, headers, body = request(srv, b"DELETE /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
    assert status == 405 and "GET" in headers.get("allow", "")
    is_error(body, "MethodNotAllowed")
    status, _, body = request(srv, b"PATCH /api/tables HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n", b"{}")
    assert status == 405
    is_error(body, "MethodNotAllowed")


# -- tables, seats, spectators -------------------------------------------------------------------


def test_a_bot_seat_without_a_name_gets_the_first_bot(srv: Server) -> None:
    t = srv.create(game="yahtzee", seats=[{"kind": "bot"}, {"kind": "open"}])
    first = srv.bot("yahtzee")
    assert t["seats"][0] == {"seat": 0, "kind": "bot", "name": first, "bot": first}


def test_options_that_make_a_table_unplayable_are_refused(srv: Server) -> None:
    status, err = srv.http("POST", "/api/tables", {"game": "yahtzee", "options": {"auto_roll": False}})
    assert status == 400 and err["error"] == "InvalidValueError", err
    assert "no legal action" in err["message"]
    status, _ = srv.http("POST", "/api/tables", {"game": "yahtzee", "options": {"auto_roll": True}})
    assert status == 201


def test_spectator_tokens_per_table_are_limited(srv: Server) -> None:
    t = srv.create(game="yahtzee")
    for _ in range(3):
        assert srv.http("POST", f"/api/tables/{t['table']}/spectators")[0] == 201
    status, err = srv.http("POST", f"/api/tables/{t['table']}/spectators")
    assert status == 429 and err["error"] == "SpectatorLimitReached" and err["kind"] == "LimitError"
    other = srv.create(game="yahtzee")  # the limit is per table
    assert srv.http("POST", f"/api/tables/{other['table']}/spectators")[0] == 201


# -- browsers: security headers, origins ---------------------------------------------------------


def test_security_headers(srv: Server) -> None:
    for path in ("/", "/js/app.js", "/api/health", "/api/nothing"):
        status, headers, _ = request(srv, b"GET %s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n" % path.encode())
        assert status in (200, 404), path
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["x-frame-options"] == "DENY"
        csp = headers["content-security-policy"]
        assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp
        assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    _, headers, _ = request(srv, b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert headers["cache-control"] == "no-store"


def test_websocket_origin_is_checked(srv: Server) -> None:
    t = srv.create(game="yahtzee")
    url = srv.ws_url(t["table"])

    async def hello(origin: str | None) -> str:
        headers = {} if origin is None else {"Origin": origin}
        async with connect(url, additional_headers=headers) as ws:
            await ws.send(json.dumps({"type": "hello"}))
            return str(json.loads(await ws.recv())["type"])

    async def main() -> None:
        assert await hello(None) == "welcome"  # not a browser
        assert await hello(f"http://127.0.0.1:{srv.port}") == "welcome"  # the server's own pages
        assert await hello("http://friend.example") == "welcome"  # --allow-origin
        for bad in ("http://evil.example", f"http://127.0.0.1:{srv.port + 1}", "null", "https://127.0.0.1"):
            with pytest.raises(InvalidStatus) as e:
                await hello(bad)
            assert e.value.response.status_code == 403
            is_error(e.value.response.body, "OriginRefused")

    asyncio.run(main())
    # HTTP: a browser's cross-origin request is refused; an allowed origin gets CORS headers.
    status, _, body = request(
        srv,
        post_head("/api/tables", 18, b"Origin: http://evil.example\r\n"),
        b'{"game": "yahtzee"}'[:18],
    )
    assert status == 403
    is_error(body, "OriginRefused")
    status, headers, _ = request(
        srv, b"GET /api/games HTTP/1.1\r\nHost: x\r\nOrigin: http://friend.example\r\nConnection: close\r\n\r\n"
    )
    assert status == 200 and headers["access-control-allow-origin"] == "http://friend.example"
    status, headers, _ = request(
        srv,
        b"OPTIONS /api/tables HTTP/1.1\r\nHost: x\r\nOrigin: http://friend.example\r\n"
        b"Access-Control-Request-Method: POST\r\nAccess-Control-Request-Headers: content-type\r\nConnection: close\r\n\r\n",
    )
    assert status == 200 and "POST" in headers["access-control-allow-methods"]


# -- connections and the lifetime of tables ------------------------------------------------------


@pytest.fixture(scope="module")
def short(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose tables end after two seconds without an action, with room for four connections."""
    d = tmp_path_factory.mktemp("short")
    s = Server(f"sqlite:///{d / 'db.sqlite3'}", d / "server.log", idle_timeout=2, max_connections=4, max_tables=2)
    s.start()
    try:
        yield s
    finally:
        s.stop()


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
        assert srv.http("GET", "/api/health")[0] == 200
        options = f"-k {pg.dir} -p {pg.port} -c listen_addresses=''"
        pg._run([str(pg.bin / "pg_ctl"), "-D", str(pg.data), "-w", "-l", str(pg.dir / "log"), "-o", options, "start"])
        deadline = time.monotonic() + 60
        while (got := srv.http("GET", f"/api/tables/{t['table']}"))[0] != 200:
            assert time.monotonic() < deadline, got
            time.sleep(0.5)
        assert got[1]["status"] == "over"
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


def test_every_serve_option_is_in_the_documented_table() -> None:
    import argparse

    from parlour.cli import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    serve = sub.choices["serve"]
    options = {s for a in serve._actions for s in a.option_strings if s.startswith("--") and s != "--help"}
    doc = (Path(__file__).resolve().parents[2] / "docs" / "server.md").read_text()
    table = doc[doc.index("| option | default | meaning |") :].split("\n\n", 1)[0]
    missing = [o for o in sorted(options) if f"| `{o}" not in table]
    assert not missing, f"docs/server.md's option table lacks {missing}"
