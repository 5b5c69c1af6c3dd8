"""The game server over real WebSockets on loopback: play, seats and tokens, sequence numbers,
errors and limits.  (Persistence and restarts: test_persistence.py.)"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

# Without the server extra these tests skip, saying what to install.
for _name in ("fastapi", "uvicorn", "sqlalchemy", "websockets", "jsonschema"):
    pytest.importorskip(_name, reason=f"the server tests need {_name}: pip install 'parlour[test]'")

import jsonschema  # noqa: E402

from parlour.server import messages  # noqa: E402

from .client import Client  # noqa: E402
from .conftest import SRC, Server, sqlite_server  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = messages.schema()
SERVER_VALIDATOR = jsonschema.Draft202012Validator(SCHEMA["server"])
CLIENT_VALIDATOR = jsonschema.Draft202012Validator(SCHEMA["client"])


@pytest.fixture(scope="module", params=["one", pytest.param("workers", marks=pytest.mark.slow)])
def sq(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A server on a SQLite file, shared by the tests of this module (each one plays at tables of its
    own); and the same tests, unchanged, against three workers on PostgreSQL (slow tier), each
    connection and request going to the next worker."""
    if request.param == "workers":
        yield request.getfixturevalue("workers")
        return
    with sqlite_server(tmp_path_factory.mktemp("transport")) as s:
        yield s


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def test_committed_schema_is_current() -> None:
    committed = json.loads((ROOT / "docs" / "server-schema.json").read_text())
    assert committed == json.loads(json.dumps(SCHEMA)), "regenerate: parlour serve --schema > docs/server-schema.json"


def test_schema_command_prints_the_schema() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "parlour", "serve", "--schema"],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(SRC)},
        check=True,
    ).stdout
    assert json.loads(out) == json.loads(json.dumps(SCHEMA))


def test_the_core_library_imports_none_of_the_server_dependencies() -> None:
    code = (
        "import sys, parlour, parlour.cli, parlour.server, parlour.server.cli; parlour.cli.build_parser();"
        "bad = [m for m in ('fastapi', 'starlette', 'uvicorn', 'sqlalchemy', 'psycopg', 'pydantic', 'websockets')"
        " if m in sys.modules]; print(bad); sys.exit(1 if bad else 0)"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env={"PYTHONPATH": str(SRC)})
    assert r.returncode == 0, r.stdout + r.stderr


def test_http_api(sq: Server) -> None:
    status, games = sq.http("GET", "/api/games")
    assert status == 200
    names = {g["name"] for g in games}
    assert {"yahtzee", "freecell"} <= names
    yz = next(g for g in games if g["name"] == "yahtzee")
    assert (yz["min_players"], yz["max_players"]) == (1, 8) and yz["bots"]
    t = sq.create(game="yahtzee", players=3)
    assert t["seq"] == 0 and t["status"] == "playing" and [s["kind"] for s in t["seats"]] == ["open"] * 3
    assert "seed" not in t and "snapshot" not in t
    token = sq.take(t["table"], 1)
    assert len(token) >= 22  # 128 bits, URL-safe base64
    status, err = sq.http("POST", f"/api/tables/{t['table']}/seats", {"seat": 1})
    assert status == 409 and err["error"] == "SeatTaken" and err["kind"] == "PhaseError"
    status, first = sq.http("POST", f"/api/tables/{t['table']}/seats", {})
    assert status == 201 and first["seat"] == 0
    status, view = sq.http("GET", f"/api/tables/{t['table']}", token=token)
    assert status == 200 and view["state"]["seat"] == 1 and view["seats"][1]["kind"] == "human"
    SERVER_VALIDATOR.validate(view["state"])
    status, view = sq.http("GET", f"/api/tables/{t['table']}")
    assert status == 200 and view["state"]["seat"] is None
    status, err = sq.http("GET", f"/api/tables/{t['table']}", token="x" * 22)
    assert status == 403 and err["error"] == "AuthError"
    status, err = sq.http("GET", "/api/tables/nope")
    assert status == 404 and err["error"] == "UnknownTable"
    for body, name in [
        ({"game": "chess"}, "InvalidValueError"),
        ({"game": "yahtzee", "players": 9}, "InvalidValueError"),
        ({"game": "yahtzee", "players": 0}, "InvalidValueError"),
        ({"game": "yahtzee", "preset": "nope"}, "InvalidValueError"),
        ({"game": "yahtzee", "seats": [{"kind": "bot", "bot": "nope"}]}, "InvalidValueError"),
        ({"game": "yahtzee", "seats": [{"kind": "bot", "think_ms": -1}]}, "InvalidValueError"),
        ({"game": "yahtzee", "options": {"seed": 1}}, "InvalidValueError"),
        ({"game": "yahtzee", "players": "two"}, "MessageError"),
        ({"game": "yahtzee", "extra": 1}, "MessageError"),
        ({"game": "freecell", "options": {"deal": "x"}}, "WrongTypeError"),
        ({"game": "freecell", "options": {"deal": 0}}, "InvalidValueError"),
    ]:
        status, err = sq.http("POST", "/api/tables", body)
        assert status == 400 and err["error"] == name, (body, err)
        assert "Traceback" not in json.dumps(err)


def test_two_people_play_a_whole_yahtzee_game(sq: Server) -> None:
    t = sq.create(game="yahtzee", players=2)
    tokens = [sq.take(t["table"], 0), sq.take(t["table"], 1)]

    async def main() -> None:
        async with (
            Client(sq.ws_url(t["table"]), tokens[0]) as a,
            Client(sq.ws_url(t["table"]), tokens[1]) as b,
            Client(sq.ws_url(t["table"])) as watcher,
        ):
            clients = [a, b]
            seq = 0
            while True:
                st = a.state
                assert st is not None and b.state is not None and st["seq"] == b.state["seq"] == seq
                if st["terminal"]:
                    break
                cp = st["current_player"]
                me = clients[cp]
                other = clients[1 - cp]
                assert me.state is not None and me.state["legal_actions"] and not other.state["legal_actions"]
                choice = me.state["legal_actions"][seq % len(me.state["legal_actions"])]
                sent = await me.act(choice["id"] if seq % 2 else choice["text"])
                seq += 1
                for c in clients:
                    s = await c.recv_state(seq)
                    assert s["seq"] == seq and s["last_event"]["seat"] == cp
                    assert choice["text"] in json.dumps(s["last_event"])
                assert me.state["ack"] == sent
                w = await watcher.recv_state(seq)
                assert w["seat"] is None and w["legal_actions"] == [] and w["ack"] is None
            assert seq > 26  # at least 13 turns each
            assert a.state["current_player"] is None and len(a.state["returns"]) == 2
            for c in (a, b, watcher):
                for m in c.received:
                    SERVER_VALIDATOR.validate(m)
        status, view = sq.http("GET", f"/api/tables/{t['table']}")
        assert view["status"] == "over" and view["seq"] == seq

    run(main())


def test_sequence_numbers_make_retries_idempotent_and_refuse_stale_actions(sq: Server) -> None:
    t = sq.create(game="yahtzee", players=1)
    token = sq.take(t["table"])

    async def main() -> None:
        async with Client(sq.ws_url(t["table"]), token) as c:
            first = c.state["legal_actions"][0]["id"]
            await c.act(first, seq=1)
            s = await c.recv_state(1)
            assert s["seq"] == 1 and s["ack"] == 1
            # The same message again (a retry after a lost answer): answered, not applied again.
            await c.act(first, seq=1)
            again = await c.recv_state()
            assert again["seq"] == 1 and again["ack"] == 1
            # A reconnect, then the retry once more.
            await c.close()
            await c.connect()
            assert c.state["seq"] == 1 and c.state["ack"] == 1
            await c.act(first, seq=1)
            assert (await c.recv_state())["seq"] == 1
            # Seq numbers may jump; lower ones are stale.
            nxt = c.state["legal_actions"][0]["id"]
            await c.act(nxt, seq=10)
            assert (await c.recv_state(2))["ack"] == 10
            await c.act(c.state["legal_actions"][0]["id"], seq=5)
            err = await c.recv_type("error")
            assert err["error"] == "StaleAction" and err["kind"] == "IllegalActionError" and err["ref"] == 5
            # Chosen at an old table state: refused with expect.
            await c.act(c.state["legal_actions"][0]["id"], seq=11, expect=0)
            err = await c.recv_type("error")
            assert err["error"] == "StaleAction" and err["ref"] == 11
            await c.act(c.state["legal_actions"][0]["id"], seq=11, expect=2)
            assert (await c.recv_state(3))["ack"] == 11
        status, view = sq.http("GET", f"/api/tables/{t['table']}")
        assert view["seq"] == 3

    run(main())


def test_bad_messages_get_errors_and_change_nothing(sq: Server) -> None:
    t = sq.create(game="yahtzee", players=2)
    tokens = [sq.take(t["table"], 0), sq.take(t["table"], 1)]
    other = sq.create(game="yahtzee", players=1)
    other_token = sq.take(other["table"])
    status, spec = sq.http("POST", f"/api/tables/{t['table']}/spectators")
    assert status == 201

    async def main() -> None:
        async with (
            Client(sq.ws_url(t["table"]), tokens[0]) as a,
            Client(sq.ws_url(t["table"]), tokens[1]) as b,
            Client(sq.ws_url(t["table"]), spec["token"]) as s,
        ):
            before = a.state
            assert before is not None and before["current_player"] == 0
            cases: list[tuple[Client, Any, str]] = [
                (a, "{not json", "MessageError"),
                (a, "[1, 2]", "MessageError"),
                (a, json.dumps({"type": "shout"}), "MessageError"),
                (a, json.dumps({"type": "action", "seq": 1}), "MessageError"),
                (a, json.dumps({"type": "action", "seq": 1, "action": 1.5}), "MessageError"),
                (a, json.dumps({"type": "action", "seq": True, "action": 1}), "MessageError"),
                (a, json.dumps({"type": "action", "seq": 1, "action": 0, "x": 1}), "MessageError"),
                (a, json.dumps({"type": "ping", "pad": "x" * 5000}), "MessageTooLarge"),
                (a, "[" * 2000 + "]" * 2000, "NestingTooDeep"),
                (a, json.dumps({"type": "ping", "a": {"b": {"c": {"d": {"e": 1}}}}}), "NestingTooDeep"),
                (a, b"\xff\xfe", "MessageError"),
                (a, json.dumps({"type": "action", "seq": 1, "action": 9999}), "InvalidValueError"),
                (a, json.dumps({"type": "action", "seq": 1, "action": "fly away"}), "NotationError"),
                (
                    b,
                    json.dumps({"type": "action", "seq": 1, "action": before["legal_actions"][0]["id"]}),
                    "NotYourTurn",
                ),
                (s, json.dumps({"type": "action", "seq": 1, "action": before["legal_actions"][0]["id"]}), "AuthError"),
                (a, json.dumps({"type": "hello", "token": other_token}), "AuthError"),
                (a, json.dumps({"type": "hello", "token": "A" * 22}), "AuthError"),
            ]
            for client, raw, name in cases:
                await client.send(raw)
                err = await client.recv_type("error")
                assert err["error"] == name or err["kind"] == name, (raw[:60], err)
                assert "Traceback" not in err["message"] and 'File "' not in err["message"]
                SERVER_VALIDATOR.validate(err)
                await client.send({"type": "ping"})
                assert (await client.recv())["type"] == "pong"  # the connection is intact
            await a.send({"type": "sync"})
            after = await a.recv_state()
            assert after == before  # nothing changed
            # The refused hello with someone else's token left the seat as it was: it can still act.
            await a.act(before["legal_actions"][0]["id"])
            assert (await a.recv_state(1))["seq"] == 1

        async with Client(sq.ws_url(t["table"])) as anon:
            await anon.act(0)
            assert (await anon.recv_type("error"))["error"] == "AuthError"

        # Messages before hello.
        c = Client(sq.ws_url(t["table"]), tokens[0])
        await c.connect(hello=False)
        await c.send({"type": "sync"})
        assert (await c.recv())["error"] == "AuthError"
        await c.close()
        # An unknown table: an error, then the server closes.
        c = Client(sq.ws_url("nope"))
        await c.connect(hello=False)
        assert (await c.recv())["error"] == "UnknownTable"
        await c.close()

    run(main())


def test_rate_limit_and_table_limit(make_server: Any, tmp_path: Path) -> None:
    srv = make_server(f"sqlite:///{tmp_path / 'db.sqlite3'}", max_tables=2, rate=5)
    t = srv.create(game="yahtzee", players=1)
    srv.create(game="freecell", options={"deal": 1})
    status, err = srv.http("POST", "/api/tables", {"game": "yahtzee"})
    assert status == 429 and err["error"] == "TableLimitReached"

    async def main() -> None:
        async with Client(srv.ws_url(t["table"])) as c:
            for _ in range(40):
                await c.send({"type": "ping"})
            got = [await c.recv() for _ in range(40)]
            kinds = [m.get("error", m["type"]) for m in got]
            assert kinds.count("RateLimited") >= 20 and "pong" in kinds
            await asyncio.sleep(1.0)
            await c.send({"type": "ping"})
            assert (await c.recv())["type"] == "pong"

    run(main())


def test_a_person_against_a_bot_with_a_think_delay(sq: Server) -> None:
    bot = sq.bot("yahtzee")
    t = sq.create(game="yahtzee", seats=[{"kind": "open"}, {"kind": "bot", "bot": bot, "think_ms": 20}])
    token = sq.take(t["table"], 0)

    async def main() -> None:
        async with Client(sq.ws_url(t["table"]), token) as me:
            turns_seen = set()
            while not me.state["terminal"]:
                st = me.state
                if st["current_player"] == 0:
                    await me.act(st["legal_actions"][-1]["id"])
                await me.recv_state(st["seq"] + 1)
                turns_seen.add(me.state["last_event"]["seat"])
            assert turns_seen == {0, 1}

    run(main())
    status, view = sq.http("GET", f"/api/tables/{t['table']}")
    assert view["status"] == "over" and view["seats"][1] == {"seat": 1, "kind": "bot", "name": bot, "bot": bot}


def test_freecell_one_seat_any_deal(sq: Server) -> None:
    t = sq.create(game="freecell", options={"deal": 11982})
    token = sq.take(t["table"])

    async def main() -> None:
        async with Client(sq.ws_url(t["table"]), token) as c:
            assert c.state["options"] if "options" in c.state else True
            legal = c.state["legal_actions"]
            assert legal and all(isinstance(a["id"], int) and a["text"] for a in legal)
            await c.act(legal[0]["text"])
            s = await c.recv_state(1)
            assert legal[0]["text"] in json.dumps(s["last_event"])

    run(main())


def test_a_web_frontend_is_served_at_the_root(tmp_path: Path) -> None:
    """Static files in the web folder are served at / (the API keeps its paths)."""
    import threading
    import time
    import urllib.request

    import uvicorn

    from parlour.server.app import create_app
    from parlour.server.store import Store

    from .conftest import free_port

    web = tmp_path / "web"
    web.mkdir()
    (web / "index.html").write_text("<!doctype html><title>parlour</title><p>tables</p>")
    (web / "app.js").write_text("export const x = 1;")
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(
            create_app(store, registry=_NoGames(), web_dir=web), host="127.0.0.1", port=port, log_level="warning"
        )
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        for _ in range(200):
            if server.started:
                break
            time.sleep(0.05)
        base = f"http://127.0.0.1:{port}"
        assert b"<p>tables</p>" in urllib.request.urlopen(base + "/", timeout=10).read()
        assert urllib.request.urlopen(base + "/app.js", timeout=10).read() == b"export const x = 1;"
        assert json.loads(urllib.request.urlopen(base + "/api/health", timeout=10).read())["ok"] is True
    finally:
        server.should_exit = True
        thread.join(timeout=30)
        store.close()


class _NoGames:
    """A registry with no game: enough for a server that only serves files."""

    def names(self) -> list[str]:
        return []

    def get(self, name: str) -> Any:
        raise KeyError(name)

    def load(self, d: dict[str, Any]) -> Any:
        raise KeyError(d)


def test_serve_reports_a_bad_database_in_one_line(tmp_path: Path) -> None:
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "parlour",
            "serve",
            "--port",
            "1",
            "--db",
            f"postgresql://nobody@/none?host={tmp_path}&port=9",
        ],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(SRC)},
        timeout=60,
    )
    assert r.returncode == 1
    assert "cannot open the database" in r.stderr and "Traceback" not in r.stderr + r.stdout
