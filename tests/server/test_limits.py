"""The server's request policy against hostile clients: request bodies, heads and their time, malformed
bodies, unknown paths and methods, origins and security headers, spectator tokens, options that make a
table unplayable.  (Connections and the lifetime of tables: test_table_lifetime.py.)

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

import pytest

for _name in ("fastapi", "uvicorn", "sqlalchemy", "websockets", "psutil"):
    pytest.importorskip(_name, reason=f"the server tests need {_name}: pip install 'parlour[test]'")

import psutil  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402
from websockets.exceptions import InvalidStatus  # noqa: E402

from .conftest import Server, sqlite_server  # noqa: E402
from .raw import Raw, is_error, post_head, request  # noqa: E402

#: The options of the module's server: a short request timeout so that the slow-client tests are quick.
TIMEOUT = 1.0


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with sqlite_server(
        tmp_path_factory.mktemp("limits"),
        request_timeout=TIMEOUT,
        max_spectators=3,
        allow_origin="http://friend.example",
    ) as s:
        yield s


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


def test_a_client_that_reads_nothing_is_cut(srv: Server) -> None:
    """Requests whose answers are never read: once the server's writes stay blocked for twice the request
    timeout, the connection is cut (and what was waiting to be sent dropped)."""
    assert srv.proc is not None
    server = psutil.Process(srv.proc.pid)
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", srv.port))
    mine = sock.getsockname()[1]
    sock.sendall(b"GET /openapi.json HTTP/1.1\r\nHost: x\r\n\r\n" * 2000)  # never read

    def held() -> bool:
        return any(c.raddr and c.raddr.port == mine for c in server.net_connections(kind="tcp"))

    deadline = time.monotonic() + 30
    while not held():  # accepted (the server's loop may be busy)
        assert time.monotonic() < deadline
        time.sleep(0.05)
    deadline = time.monotonic() + 60 * TIMEOUT
    while held():
        assert time.monotonic() < deadline, "the server still holds the connection of a client that reads nothing"
        time.sleep(0.2)
    sock.close()
    assert srv.http("GET", "/api/health")[0] == 200


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


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--allow-origin", "ftp://games.example.org"], "--allow-origin takes an origin"),
        (["--allow-origin", "https://games.example.org/path"], "--allow-origin takes an origin"),
        (["--request-timeout", "0"], "--request-timeout must be a positive number"),
        (["--request-timeout", "inf"], "--request-timeout must be a positive number"),
        (["--idle-timeout", "-1"], "--idle-timeout must be a number of seconds, 0 or more"),
        (["--max-body-bytes", "0"], "--max-body-bytes must be at least 1"),
        (["--max-spectators", "-5"], "--max-spectators must be at least 1"),
    ],
)
def test_serve_refuses_limits_out_of_range_in_one_line(
    args: list[str], says: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from parlour.cli import main

    assert main(["serve", "--port", "1", "--db", f"sqlite:///{tmp_path / 'db'}", *args]) == 1
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    assert not (tmp_path / "db").exists()  # refused before the database is opened
