"""The server under a stream of random and hostile clients: it stays up, its memory stays bounded, and it
answers every request it answers with the documented error object.

For about a minute (``PARLOUR_FUZZ_SECONDS``), concurrent clients on loopback send a real
server random HTTP requests — wrong and unknown methods, odd paths, odd and duplicated
headers, too many or too long headers, chunked bodies with random chunk sizes and broken
chunk lines, declared lengths that lie, bodies that never end, heads and bodies sent a byte
at a time, answers never read, random and mutated JSON — and random WebSocket traffic: messages of every type with
random fields, binary frames, oversized messages, bursts, and raw frames with broken framing.
Meanwhile the server's resident memory is sampled; afterwards a person still plays a game.
The run is seeded (``PARLOUR_FUZZ_SEED``) so that a failure repeats; the log of the server is in
the test's temporary directory.

Why one file: one seeded run, whose attacks share the fuzzer's connections, statistics and checks.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import socket
import struct
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

for _name in ("fastapi", "uvicorn", "sqlalchemy", "websockets", "psutil"):
    pytest.importorskip(_name, reason=f"the server tests need {_name}: pip install 'parlour[test]'")

import psutil  # noqa: E402
import websockets  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402

from parlour.server import messages  # noqa: E402

from .client import Client  # noqa: E402
from .conftest import Server, sqlite_server  # noqa: E402

pytestmark = pytest.mark.slow

SECONDS = float(os.environ.get("PARLOUR_FUZZ_SECONDS", "60"))
SEED = int(os.environ.get("PARLOUR_FUZZ_SEED", "20261201"))
CLIENTS = 24
#: Growth of the server's resident memory over its warmed-up size that fails the test.  Every
#: connection is bounded (a head of 16 KiB, a body of 16 KiB, uvicorn's 64 KiB read buffer, a
#: WebSocket message of 64 KiB), so the growth stays a few MiB; the unbounded server grew by
#: gigabytes within seconds.
MAX_GROWTH = 96 * 2**20

METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD", "TRACE", "CONNECT", "BREW", "get", "G\x00T"]
PATHS = [
    "/",
    "/api/health",
    "/api/games",
    "/api/tables",
    "/api/tables/{t}",
    "/api/tables/{t}/seats",
    "/api/tables/{t}/spectators",
    "/api/tables/{t}/advice",
    "/api/tables/{t}/advice?objectives=true&target=250",
    "/ws/tables/{t}",
    "/docs",
    "/openapi.json",
    "/js/app.js",
    "/../../etc/passwd",
    "/%2e%2e/%2e%2e/etc/passwd",
    "/api/tables/%00",
    "/api/tables/" + "x" * 5000,
    "/api/" + "%ff" * 50,
    "/\u00e9t\u00e9",
    "*",
    "http://example.org/api/health",
]
HEADER_NAMES = [
    "Host",
    "Content-Type",
    "Content-Length",
    "Transfer-Encoding",
    "Authorization",
    "Origin",
    "Connection",
    "Upgrade",
    "Expect",
    "X-Forwarded-For",
    "Cookie",
    "Accept-Encoding",
    "Sec-WebSocket-Key",
    "X-\u00ff",
    "Bad Name",
    "",
]
HEADER_VALUES = [
    "application/json",
    "text/plain",
    "chunked",
    "gzip, chunked",
    "chunked, chunked",
    "-1",
    "0",
    "18446744073709551617",
    "Bearer ",
    "Bearer " + "A" * 22,
    "Basic Zm9vOmJhcg==",
    "http://evil.example",
    "null",
    "close",
    "keep-alive",
    "upgrade",
    "websocket",
    "100-continue",
    "x" * 3000,
    "\u00e9\u00e9",
    " ",
]


def json_bodies(rng: random.Random, table: str) -> bytes:
    """A random body: a valid request, a mutation of one, or noise."""
    good: list[Any] = [
        {"game": "yahtzee"},
        {"game": "yahtzee", "players": rng.randint(-3, 12), "seats": [{"kind": "bot"}]},
        {"game": "freecell", "options": {"deal": rng.choice([1, 0, -5, 2**40, "x", None, True])}},
        {"game": "gin", "preset": rng.choice(["default", "nope", None, 7]), "seats": [{"kind": "open"}] * 3},
        {"game": "yahtzee", "options": {"auto_roll": rng.choice([False, True, 0, "no"])}},
        {"seat": rng.choice([0, 1, -1, 99, None, "0", 1.5]), "name": rng.choice(["Ada", "x" * 100, None, 5])},
        {"game": table, "extra": {"a": [1, 2, {"b": None}]}},
    ]
    kind = rng.random()
    if kind < 0.45:
        return json.dumps(rng.choice(good)).encode()
    if kind < 0.6:
        text = bytearray(json.dumps(rng.choice(good)).encode())
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(text))
            text[i] = rng.randrange(256)
        return bytes(text)
    if kind < 0.7:
        d = rng.randint(2, 6000)
        return b'{"game": ' + b"[" * d + b"]" * d + b"}"
    if kind < 0.78:
        return b'{"game": "yahtzee", "players": ' + b"9" * rng.randint(10, 6000) + b"}"
    if kind < 0.85:
        return bytes(rng.randrange(256) for _ in range(rng.randint(0, 300)))
    if kind < 0.9:
        return b'{"game": "' + "\u00e9\ud83c\udca1".encode("utf-8", "surrogatepass") * 20 + b'"}'
    return b'{"game": "yahtzee", "name": "' + b"a" * rng.randint(1, 40_000) + b'"}'


class Stats:
    def __init__(self) -> None:
        self.answers: dict[int, int] = {}
        self.bad: list[str] = []
        self.ws_messages = 0
        self.requests = 0

    def check(self, what: str, status: int, headers: dict[str, str], body: bytes) -> None:
        self.answers[status] = self.answers.get(status, 0) + 1
        if status >= 500 and status != 503:
            self.bad.append(f"{what}: {status} {body[:300]!r}")
        if status >= 400 and headers.get("content-type", "").startswith("application/json") and body:
            try:
                messages.ErrorMsg.model_validate(json.loads(body))
            except Exception as e:  # noqa: BLE001 - any refusal is a finding
                self.bad.append(f"{what}: {status} not the error object: {body[:300]!r} ({e})")


async def read_answer(reader: asyncio.StreamReader, timeout: float) -> tuple[int, dict[str, str], bytes] | None:
    """One HTTP answer, or None when the server closed or said nothing in time."""
    try:
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), timeout)
    except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, asyncio.TimeoutError, ConnectionError):
        return None
    lines = head.decode("latin-1").split("\r\n")
    try:
        status = int(lines[0].split()[1])
    except (IndexError, ValueError):
        return None
    headers = {k.strip().lower(): v.strip() for k, _, v in (x.partition(":") for x in lines[1:] if x)}
    body = b""
    try:
        if headers.get("transfer-encoding") == "chunked":
            while True:
                size = int((await asyncio.wait_for(reader.readuntil(b"\r\n"), timeout)).strip(), 16)
                body += await asyncio.wait_for(reader.readexactly(size + 2), timeout)
                if size == 0:
                    break
        elif "content-length" in headers:
            body = await asyncio.wait_for(reader.readexactly(int(headers["content-length"])), timeout)
    except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, asyncio.TimeoutError, ConnectionError, ValueError):
        pass
    return status, headers, body[:4096]


class Fuzzer:
    def __init__(self, srv: Server, rng: random.Random, tables: list[str], stats: Stats, until: float) -> None:
        self.srv, self.rng, self.tables, self.stats, self.until = srv, rng, tables, stats, until

    async def open(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        return await asyncio.open_connection("127.0.0.1", self.srv.port, limit=2**20)

    def head(self, method: str, path: str, headers: list[tuple[str, str]]) -> bytes:
        lines = [f"{method} {path} HTTP/1.1"] + [f"{k}: {v}" for k, v in headers]
        return ("\r\n".join(lines) + "\r\n\r\n").encode("utf-8", "surrogatepass")

    def path(self) -> str:
        return self.rng.choice(PATHS).replace("{t}", self.rng.choice(self.tables))

    def headers(self) -> list[tuple[str, str]]:
        rng = self.rng
        hs = [("Host", f"127.0.0.1:{self.srv.port}")] if rng.random() < 0.9 else []
        for _ in range(rng.choice([0, 1, 2, 3, 5, 10, 150])):
            hs.append((rng.choice(HEADER_NAMES), rng.choice(HEADER_VALUES)))
        if rng.random() < 0.05:
            hs.append(("X-Long", "y" * rng.choice([10_000, 20_000, 100_000])))
        return hs

    async def send_all(self, writer: asyncio.StreamWriter, data: bytes) -> bool:
        try:
            writer.write(data)
            await asyncio.wait_for(writer.drain(), 5)
            return True
        except (ConnectionError, asyncio.TimeoutError, OSError):
            return False

    async def finish(self, what: str, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        answer = await read_answer(reader, 15)
        if answer is not None:
            self.stats.check(what, *answer)
        writer.close()
        try:
            await asyncio.wait_for(writer.wait_closed(), 5)
        except (ConnectionError, asyncio.TimeoutError, OSError):
            pass

    # -- the attacks ---------------------------------------------------------------------

    async def valid_request(self) -> None:
        """A request a frontend sends (some refused all the same: a full server, a taken seat)."""
        rng = self.rng
        t = rng.choice(self.tables)
        method, path, body = rng.choice(
            [
                ("GET", "/api/games", None),
                ("GET", "/api/tables", None),
                ("GET", f"/api/tables/{t}", None),
                ("GET", "/js/app.js", None),
                ("POST", "/api/tables", {"game": rng.choice(["yahtzee", "gin", "freecell"])}),
                ("POST", "/api/tables", {"game": "yahtzee", "seats": [{"kind": "bot"}], "players": 2}),
                ("POST", f"/api/tables/{t}/seats", {}),
                ("POST", f"/api/tables/{t}/spectators", None),
            ]
        )
        data = b"" if body is None else json.dumps(body).encode()
        hs = [("Host", f"127.0.0.1:{self.srv.port}"), ("Content-Type", "application/json")]
        if method == "POST":
            hs.append(("Content-Length", str(len(data))))
        reader, writer = await self.open()
        await self.send_all(writer, self.head(method, path, hs) + data)
        self.stats.requests += 1
        await self.finish(f"{method} {path[:60]}", reader, writer)

    async def random_request(self) -> None:
        rng = self.rng
        method, path = rng.choice(METHODS), self.path()
        body = json_bodies(rng, rng.choice(self.tables)) if rng.random() < 0.7 else b""
        hs = self.headers()
        chunked = rng.random() < 0.3
        if chunked:
            hs.append(("Transfer-Encoding", "chunked"))
        else:
            declared = rng.choice([len(body)] * 6 + [0, len(body) // 2, len(body) + 10, 10**7])
            hs.append(("Content-Length", str(declared)))
        reader, writer = await self.open()
        data = self.head(method, path, hs)
        if chunked:
            i = 0
            while i < len(body):
                n = rng.randint(1, 5000)
                piece = body[i : i + n]
                size = (
                    b"%x" % len(piece) if rng.random() < 0.95 else rng.choice([b"zz", b"-1", b"fffffffffffffffff", b""])
                )
                data += size + b"\r\n" + piece + b"\r\n"
                i += n
            data += b"0\r\n\r\n" if rng.random() < 0.9 else b""
        else:
            data += body
        await self.send_all(writer, data)
        self.stats.requests += 1
        await self.finish(f"{method} {path[:60]}", reader, writer)

    async def endless_body(self) -> None:
        reader, writer = await self.open()
        path = self.rng.choice(["/api/tables", "/api/tables/x/seats", "/api/health", "/nowhere"])
        head = self.head(
            "POST", path, [("Host", "x"), ("Content-Type", "application/json"), ("Transfer-Encoding", "chunked")]
        )
        if not await self.send_all(writer, head):
            return
        chunk = b"%x\r\n%s\r\n" % (65536, b"7" * 65536)
        sent = 0
        while sent < 32 * 2**20 and time.monotonic() < self.until + 10:
            if not await self.send_all(writer, chunk):
                break
            sent += len(chunk)
        self.stats.requests += 1
        await self.finish(f"endless body to {path}", reader, writer)

    async def slow(self) -> None:
        """A head or a body a few bytes at a time, never finished or finished too late."""
        rng = self.rng
        reader, writer = await self.open()
        body = b'{"game": "yahtzee"}'
        data = self.head("POST", "/api/tables", [("Host", "x"), ("Content-Length", str(len(body) + rng.randint(0, 5)))])
        data += body
        start = rng.randrange(len(data)) if rng.random() < 0.5 else 0
        if not await self.send_all(writer, data[:start]):
            return
        for i in range(start, len(data), 3):
            if reader.at_eof() or time.monotonic() > self.until + 10:
                break
            if not await self.send_all(writer, data[i : i + 3]):
                break
            await asyncio.sleep(rng.uniform(0.05, 0.6))
        self.stats.requests += 1
        await self.finish("slow request", reader, writer)

    async def slow_reader(self) -> None:
        """Requests whose answers are not read for a while (or ever, before the connection is dropped)."""
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.setblocking(False)
        await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", self.srv.port))
        reader, writer = await asyncio.open_connection(sock=sock)
        path = self.rng.choice(["/openapi.json", "/api/games", "/js/app.js"])
        await self.send_all(writer, self.head("GET", path, [("Host", "x")]) * self.rng.randint(1, 300))
        self.stats.requests += 1
        await asyncio.sleep(self.rng.uniform(0, 8))
        writer.close()

    async def idle_connection(self) -> None:
        reader, writer = await self.open()
        answer = await read_answer(reader, 30)  # the server must close it
        if answer is not None:
            self.stats.check("idle connection", *answer)
        writer.close()

    async def websocket(self) -> None:
        rng = self.rng
        table = rng.choice(self.tables)
        token = rng.choice([None, "A" * 22, "x", "", *self.tokens])
        origin = rng.choice([None, None, None, f"http://127.0.0.1:{self.srv.port}", "http://evil.example"])
        try:
            async with connect(
                self.srv.ws_url(table),
                additional_headers={} if origin is None else {"Origin": origin},
                max_size=2**22,
                open_timeout=15,
                close_timeout=2,
            ) as ws:
                for _ in range(rng.randint(1, 80)):
                    await ws.send(self.ws_message(token))
                    self.stats.ws_messages += 1
                    if rng.random() < 0.3:
                        try:
                            await asyncio.wait_for(ws.recv(), 0.2)
                        except asyncio.TimeoutError:
                            pass
        except (websockets.exceptions.WebSocketException, ConnectionError, OSError, asyncio.TimeoutError):
            pass

    def ws_message(self, token: str | None) -> str | bytes:
        rng = self.rng
        kind = rng.random()
        if kind < 0.55:
            m: dict[str, Any] = {"type": rng.choice(["hello", "action", "undo", "sync", "ping", "shout", None, 5])}
            if rng.random() < 0.6:
                m["token"] = token
            if rng.random() < 0.7:
                m["seq"] = rng.choice([1, 2, 0, -1, 2**53 + 1, "1", True, None, 10**30])
            if rng.random() < 0.7:
                m["action"] = rng.choice(
                    [0, 1, 42, 264, -1, 2**40, "draw", "discard Qs", "score chance", "", "x" * 300]
                )
            if rng.random() < 0.2:
                m["expect"] = rng.choice([0, 5, -3, "x"])
            if rng.random() < 0.1:
                m["pad"] = {"a": {"b": {"c": {"d": [1]}}}}
            return json.dumps(m)
        if kind < 0.7:
            return bytes(rng.randrange(256) for _ in range(rng.randint(0, 200)))
        if kind < 0.8:
            return "x" * rng.choice([4000, 5000, 70_000, 1_000_000])
        if kind < 0.9:
            d = rng.randint(3, 5000)
            return "[" * d + "]" * d
        return '{"type": "ping", "n": ' + "9" * rng.randint(10, 5000) + "}"

    async def raw_websocket(self) -> None:
        """A handshake, then frames with broken framing: bad opcodes, unmasked, lying lengths, reserved bits."""
        rng = self.rng
        reader, writer = await self.open()
        table = rng.choice(self.tables)
        head = self.head(
            "GET",
            f"/ws/tables/{table}",
            [
                ("Host", f"127.0.0.1:{self.srv.port}"),
                ("Upgrade", "websocket"),
                ("Connection", "Upgrade"),
                ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="),
                ("Sec-WebSocket-Version", rng.choice(["13", "13", "8", "x"])),
            ],
        )
        if not await self.send_all(writer, head):
            return
        answer = await read_answer(reader, 15)
        if answer is None or answer[0] != 101:
            if answer is not None:
                self.stats.check("websocket handshake", *answer)
            writer.close()
            return
        for _ in range(rng.randint(1, 20)):
            payload = bytes(rng.randrange(256) for _ in range(rng.randint(0, 300)))
            first = rng.choice([0x81, 0x82, 0x01, 0x80, 0x83, 0x8F, 0xF1, 0x89, 0x8A, 0x88])
            masked = rng.random() < 0.85
            n = len(payload)
            if rng.random() < 0.1:
                frame = bytes([first, 0xFF]) + struct.pack("!Q", 2**63 - 1)  # a length that never arrives
            elif n < 126:
                frame = bytes([first, (0x80 if masked else 0) | n])
            else:
                frame = bytes([first, (0x80 if masked else 0) | 126]) + struct.pack("!H", n)
            if masked:
                key = bytes(rng.randrange(256) for _ in range(4))
                frame += key + bytes(b ^ key[i % 4] for i, b in enumerate(payload))
            else:
                frame += payload
            if not await self.send_all(writer, frame):
                break
        writer.close()

    async def run(self, tokens: list[str]) -> None:
        self.tokens = tokens
        attacks = [
            (self.random_request, 40),
            (self.valid_request, 20),
            (self.websocket, 20),
            (self.raw_websocket, 8),
            (self.slow, 8),
            (self.endless_body, 4),
            (self.idle_connection, 2),
            (self.slow_reader, 3),
        ]
        funcs = [f for f, _ in attacks]
        weights = [w for _, w in attacks]
        while time.monotonic() < self.until:
            attack = self.rng.choices(funcs, weights)[0]
            try:
                await attack()
            except (ConnectionError, OSError, asyncio.TimeoutError):
                pass


@pytest.fixture
def srv(tmp_path: Path) -> Iterator[Server]:
    with sqlite_server(tmp_path, request_timeout=3, max_tables=500) as s:
        yield s


def test_random_and_hostile_clients(srv: Server) -> None:
    rng = random.Random(SEED)
    assert srv.proc is not None
    proc = psutil.Process(srv.proc.pid)
    # Warm up: every route and a game played, so that what the server keeps for good is there.
    tables = [srv.create(game=g)["table"] for g in ("yahtzee", "gin", "freecell")]
    tokens = [srv.take(t) for t in tables]
    for t in tables:
        srv.http("GET", f"/api/tables/{t}")
        srv.http("POST", f"/api/tables/{t}/spectators")
    asyncio.run(_play_a_little(srv, tables[0], tokens[0]))
    time.sleep(1)
    baseline = proc.memory_info().rss
    stats = Stats()
    peak = baseline
    until = time.monotonic() + SECONDS

    async def sample() -> None:
        nonlocal peak
        while time.monotonic() < until + 20:
            assert srv.proc is not None and srv.proc.poll() is None, "the server died"
            peak = max(peak, proc.memory_info().rss)
            await asyncio.sleep(0.25)

    async def main() -> None:
        sampler = asyncio.create_task(sample())
        fuzzers = [Fuzzer(srv, random.Random(rng.random()), tables + ["nope"], stats, until) for _ in range(CLIENTS)]
        await asyncio.gather(*(f.run(tokens) for f in fuzzers))
        sampler.cancel()
        await asyncio.gather(sampler, return_exceptions=True)

    asyncio.run(main())
    growth = peak - baseline
    print(
        f"seed {SEED}: {stats.requests} HTTP requests, {stats.ws_messages} WebSocket messages in {SECONDS:g} s; "
        f"answers {dict(sorted(stats.answers.items()))}; RSS {baseline / 2**20:.0f} MiB, "
        f"peak +{growth / 2**20:.1f} MiB"
    )
    assert srv.proc.poll() is None, "the server died"
    assert not stats.bad, "\n".join(stats.bad[:10])
    assert growth < MAX_GROWTH, f"the server's memory grew by {growth / 2**20:.0f} MiB"
    assert stats.requests > 100 and stats.answers.get(413) and stats.answers.get(408)
    # Alive and well: a person plays.
    status, health = srv.http("GET", "/api/health")
    assert status == 200 and health["ok"]
    t = srv.create(game="yahtzee")
    asyncio.run(_play_a_little(srv, t["table"], srv.take(t["table"])))
    log = srv.log.read_text(errors="replace")
    assert "Traceback" not in log, log[log.index("Traceback") - 500 :][:3000]


async def _play_a_little(srv: Server, table: str, token: str) -> None:
    async with Client(srv.ws_url(table), token) as me:
        assert me.state is not None
        await me.act(me.state["legal_actions"][0]["id"])
        assert (await me.recv_state(me.state["seq"] + 1))["ack"] == me.next_seq - 1
