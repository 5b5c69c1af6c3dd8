"""Every game of the registry at the server: gin matches to the target under every rules preset,
Yahtzee for 1 to 8 seats, FreeCell for any deal number, and every registered bot."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from typing import Any

import pytest

from .client import Client
from .conftest import Server, sqlite_server


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with sqlite_server(tmp_path_factory.mktemp("games")) as s:
        yield s


def games(srv: Server) -> dict[str, dict[str, Any]]:
    status, out = srv.http("GET", "/api/games")
    assert status == 200
    return {g["name"]: g for g in out}


def wait_over(srv: Server, table: str, timeout: float = 300) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        status, v = srv.http("GET", f"/api/tables/{table}")
        assert status == 200, v
        if v["status"] == "over":
            return dict(v)
        time.sleep(0.05)
    raise AssertionError(f"table {table} did not finish")


def test_the_registry_is_served(srv: Server) -> None:
    g = games(srv)
    assert list(g) == ["gin", "yahtzee", "freecell"]
    assert (g["gin"]["min_players"], g["gin"]["max_players"]) == (2, 2)
    assert (g["yahtzee"]["min_players"], g["yahtzee"]["max_players"]) == (1, 8)
    assert (g["freecell"]["min_players"], g["freecell"]["max_players"]) == (1, 1)
    assert g["gin"]["presets"][0] == "default" and len(g["gin"]["presets"]) >= 4


@pytest.mark.slow
def test_gin_matches_to_the_target_under_every_preset(srv: Server) -> None:
    gin = games(srv)["gin"]
    tables = {}
    for i, preset in enumerate(gin["presets"]):
        bots = gin["bots"]
        seats = [{"kind": "bot", "bot": bots[i % len(bots)]}, {"kind": "bot", "bot": bots[(i + 1) % len(bots)]}]
        tables[preset] = srv.create(game="gin", preset=preset, seats=seats)["table"]
    for preset, table in tables.items():
        v = wait_over(srv, table)
        obs = v["state"]["observation"]
        returns = v["state"]["returns"]
        assert sum(returns) == 0 and max(returns) > 0, (preset, returns)  # a match is zero-sum, someone won
        match = obs["match"]
        assert max(match["scores"]) >= match["target"], (preset, match)  # played to the rules' target
        assert v["preset"] == preset and v["state"]["current_player"] is None and v["seq"] > 20


def test_yahtzee_for_one_to_eight_seats(srv: Server) -> None:
    yz = games(srv)["yahtzee"]
    bot = yz["bots"][0]
    tables = {n: srv.create(game="yahtzee", seats=[{"kind": "bot", "bot": bot}] * n)["table"] for n in range(1, 9)}
    for n, table in tables.items():
        v = wait_over(srv, table)
        assert len(v["seats"]) == n and len(v["state"]["returns"]) == n
        assert v["seq"] >= 13 * n  # at least one action per box per player
    status, err = srv.http("POST", "/api/tables", {"game": "yahtzee", "players": 9})
    assert status == 400 and err["kind"] == "InvalidValueError"


def test_freecell_any_deal_number(srv: Server) -> None:
    for deal in (1, 617, 11982, 32000, 1_000_000):
        t = srv.create(game="freecell", options={"deal": deal})
        token = srv.take(t["table"])

        async def one_move(table: str = t["table"], tok: str = token) -> dict[str, Any]:
            async with Client(srv.ws_url(table), tok) as c:
                assert c.state is not None and c.state["legal_actions"]
                await c.act(c.state["legal_actions"][0]["id"])
                return await c.recv_state(1)

        s = asyncio.run(one_move())
        assert s["seq"] == 1 and s["current_player"] == 0
    status, err = srv.http("POST", "/api/tables", {"game": "freecell", "options": {"deal": -5}})
    assert status == 400 and err["error"] in ("InvalidValueError", "WrongTypeError")
    # Two tables of the same deal start from the same position: the deal is public, not random.
    a = srv.create(game="freecell", options={"deal": 617})
    b = srv.create(game="freecell", options={"deal": 617})
    va = srv.http("GET", f"/api/tables/{a['table']}")[1]["state"]["observation"]
    vb = srv.http("GET", f"/api/tables/{b['table']}")[1]["state"]["observation"]
    assert va == vb


@pytest.mark.slow
def test_every_registered_bot_plays_at_the_server(srv: Server) -> None:
    """Each bot of each game takes every seat of a table and plays on by itself (FreeCell: to the end
    or for a while; the others to the end)."""
    tables = []
    for name, g in games(srv).items():
        for bot in g["bots"]:
            n = g["min_players"] if name != "yahtzee" else 2
            opts = {"deal": 1} if name == "freecell" else {}
            t = srv.create(game=name, seats=[{"kind": "bot", "bot": bot}] * n, options=opts)
            tables.append((name, bot, t["table"]))
    for name, bot, table in tables:
        if name == "freecell":
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                v = srv.http("GET", f"/api/tables/{table}")[1]
                if v["status"] == "over" or v["seq"] >= 20:
                    break
                time.sleep(0.05)
            assert v["seq"] >= 1, (name, bot)
        else:
            v = wait_over(srv, table)
            assert v["seq"] > 10, (name, bot)


def test_a_person_against_a_gin_bot_with_a_think_delay(srv: Server) -> None:
    gin = games(srv)["gin"]
    t = srv.create(game="gin", seats=[{"kind": "open"}, {"kind": "bot", "bot": gin["bots"][-1], "think_ms": 30}])
    token = srv.take(t["table"], 0)

    async def main() -> None:
        async with Client(srv.ws_url(t["table"]), token) as me:
            seen_bot = 0
            started = time.monotonic()
            for _ in range(60):
                st0 = me.state
                assert st0 is not None
                if st0["terminal"]:
                    break
                if st0["current_player"] == 0:
                    acts = st0["legal_actions"]
                    # Prefer drawing and discarding the first listed card: legal, rule-free choices.
                    await me.act(acts[-1]["id"] if len(acts) > 1 else acts[0]["id"])
                else:
                    seen_bot += 1
                await me.recv_state(st0["seq"] + 1)
            assert seen_bot > 0
            assert time.monotonic() - started >= 0.03 * seen_bot  # the bot waited before each action

    asyncio.run(main())


def test_a_state_shows_only_stored_moves_under_its_own_seq(srv: Server) -> None:
    """A spectator asks for the state again and again while two bots play: every state message with a
    given seq shows the same position (a move is shown only once it is stored, with its seq)."""
    gin = games(srv)["gin"]
    t = srv.create(game="gin", seats=[{"kind": "bot", "bot": gin["bots"][0]}] * 2)["table"]

    async def watch() -> list[dict[str, Any]]:
        async with Client(srv.ws_url(t)) as c:
            states: list[dict[str, Any]] = []
            while not states or not states[-1]["terminal"]:
                await c.send({"type": "sync"})
                states.append(await c.recv_state())
            return states

    states = asyncio.run(watch())
    by_seq: dict[int, dict[str, Any]] = {}
    for s in states:
        shown = {"observation": s["observation"], "last_event": s["last_event"], "current_player": s["current_player"]}
        assert by_seq.setdefault(s["seq"], shown) == shown, f"two positions under seq {s['seq']}"
    assert len(by_seq) > 10  # the watch saw the game move on
    final = wait_over(srv, t)
    assert final["seq"] == max(by_seq)
