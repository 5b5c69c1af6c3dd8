"""A fourth game from the test suite alone: Nim (nim.py) registered with one GameInfo, then driven through
every layer that reads the registry — the protocol and snapshots, the command line, the server (a table, a
seat, actions over a real WebSocket, advice), a long run of parlour.distributed on a local executor, and the
generic Gymnasium environment — with no other file knowing it."""

from __future__ import annotations

import asyncio
import io
import json
import pickle
import threading
import time
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from parlour import games
from parlour.cli import main
from parlour.errors import IllegalActionError, InvalidValueError, NotationError, PhaseError
from parlour.protocol import Game, Observation

from . import nim


@pytest.fixture
def registered() -> Iterator[games.GameInfo]:
    games.register(nim.GAME_INFO)
    try:
        yield nim.GAME_INFO
    finally:
        games.unregister("nim")
    assert "nim" not in games.names()


def test_the_registry_and_the_protocol(registered: games.GameInfo) -> None:
    assert games.names() == ["gin", "yahtzee", "freecell", "nim"]  # parlour's own first
    info = games.get("nim")
    g = info.new_game(preset="short", seed=0)
    assert isinstance(g, Game) and isinstance(g.observation(0), Observation)
    assert (g.stones, g.current_player, g.legal_action_ids()) == (7, 0, [0, 1, 2])
    g.apply("take 3")
    assert games.load(json.loads(json.dumps(g.to_dict()))) == g
    assert pickle.loads(pickle.dumps(g)) == g
    with pytest.raises(NotationError):
        g.apply("take 4")
    assert g.why_not(2) is None and g.stones == 4
    assert info.advise(g.observation(1)) == {"game": "nim", "best": None, "text": None}  # 4 left: no winning move
    with pytest.raises(InvalidValueError, match="not an option of the Nim advice"):
        info.advise(g.observation(1), target=3)
    with pytest.raises(InvalidValueError):
        games.register(nim.GAME_INFO.__class__(**{**nim.GAME_INFO.__dict__, "title": "Other"}))
    with pytest.raises(InvalidValueError):
        games.unregister("gin")


def test_the_command_line(registered: games.GameInfo, capsys: pytest.CaptureFixture[str]) -> None:
    out = io.StringIO()
    assert main(["nim", "best", "--stones", "10"], out) == 0
    assert out.getvalue() == "10 stones: take 2\n"
    out = io.StringIO()
    assert main(["nim", "best", "--stones", "0"], out) == 1
    assert "at least one stone" in capsys.readouterr().err
    out = io.StringIO()
    assert main(["demo"], out) == 0
    assert out.getvalue().rstrip().endswith("Nim: from 21 stones the first player wins by taking 1.")
    with pytest.raises(SystemExit):
        main(["--help"], io.StringIO())
    assert "Nim" in capsys.readouterr().out


def test_a_long_run_on_a_local_executor(registered: games.GameInfo, tmp_path: Path) -> None:
    pytest.importorskip("pyarrow", reason="the result store needs pyarrow: pip install 'parlour[distributed]'")
    from parlour import distributed

    assert pickle.loads(pickle.dumps(nim.ARENA.task)) is nim.play_chunk  # executors send it by reference
    options: dict[str, Any] = {"games": 60, "bots": ("perfect", "random"), "seed": 4, "stones": 13}
    seen: list[tuple[int, int]] = []
    with ThreadPoolExecutor(2) as ex:
        store = distributed.run(
            "nim",
            "arena",
            tmp_path / "pool",
            executor=ex,
            chunk_size=7,
            progress=lambda d, t: seen.append((d, t)),
            **options,
        )
    here = distributed.run("nim", "arena", tmp_path / "here", chunk_size=7, **options)
    table = store.table()
    assert table.equals(here.table()) and table.num_rows == 60 and store.kind == "nim.arena"
    assert table.column("game").to_pylist() == list(range(60)) and seen[-1] == (60, 60)
    # The perfect bot wins every game it starts from 13 stones (13 % 4 != 0), whatever the other does.
    winners = dict(zip(table.column("game").to_pylist(), table.column("winner").to_pylist()))
    assert all(winners[i] == 0 for i in range(0, 60, 2))
    # Resuming a finished store computes nothing; another run's parameters are refused.
    assert distributed.run("nim", "arena", tmp_path / "pool", chunk_size=7, **options).table().equals(table)
    with pytest.raises(InvalidValueError):
        distributed.run("nim", "arena", tmp_path / "pool", chunk_size=7, **{**options, "seed": 5})
    assert distributed.runs.find("nim.arena") is nim.ARENA


def test_the_generic_environment(registered: games.GameInfo) -> None:
    gymnasium = pytest.importorskip("gymnasium", reason="the environments need gymnasium: pip install 'parlour[rl]'")
    from gymnasium.utils.env_checker import check_env

    import parlour.envs.game  # noqa: F401 - registers parlour/Game-v0

    env = gymnasium.make("parlour/Game-v0", game="nim", opponents="perfect", preset="short").unwrapped
    check_env(env, skip_render_check=True)
    obs, info = env.reset(seed=1, options={"game_seed": 0})  # seat 0 moves first from 7 stones
    assert obs["observation"].tolist() == [7, 0] and info["action_mask"].tolist() == [True, True, True]
    total, done = 0.0, False
    while not done:  # the winning line: leave a multiple of four
        take = nim.best_take(int(obs["observation"][0])) or nim.Take(1)
        obs, reward, done, _, info = env.step(take.id)
        total += reward
    assert total == 1.0 and info["returns"] == (1.0, -1.0)
    with pytest.raises(PhaseError):
        env.step(0)
    obs, _ = env.reset(options={"game_seed": 0})
    obs, reward, done, _, _ = env.step(2)  # take 3 of 7; the bot, left no winning move, takes 1
    assert obs["observation"].tolist() == [3, 0] and reward == 0.0 and not done
    # illegal_action="raise": the game's own error, and nothing changes
    strict = gymnasium.make(
        "parlour/Game-v0", game="nim", preset="short", opponents="random", illegal_action="raise"
    ).unwrapped
    for game_seed in range(20):
        strict.reset(options={"game_seed": game_seed})
        while not strict.game.is_terminal and strict.game.stones >= 3:
            strict.step(0)
        if not strict.game.is_terminal:
            break
    assert strict.game.stones in (1, 2) and strict.game.current_player == 0
    before = strict.game.to_dict()
    with pytest.raises(IllegalActionError):
        strict.step(2)
    assert strict.game.to_dict() == before


# ---- the server, in this process (so that it sees the registered game), over a real WebSocket


@pytest.fixture
def server(registered: games.GameInfo, tmp_path: Path) -> Iterator[str]:
    for name in ("fastapi", "uvicorn", "sqlalchemy", "websockets"):
        pytest.importorskip(name, reason=f"the server needs {name}: pip install 'parlour[test]'")
    import uvicorn

    from parlour.server.app import create_app
    from parlour.server.store import Store

    from ..server.conftest import free_port

    store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    port = free_port()
    srv = uvicorn.Server(uvicorn.Config(create_app(store), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    try:
        for _ in range(400):
            if srv.started:
                break
            time.sleep(0.05)
        assert srv.started
        yield f"127.0.0.1:{port}"
    finally:
        srv.should_exit = True
        thread.join(timeout=30)
        store.close()


def _http(base: str, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
    req = urllib.request.Request(
        f"http://{base}{path}", method=method, data=None if body is None else json.dumps(body).encode()
    )
    req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def test_the_server(server: str) -> None:
    from parlour.server import messages

    from ..server.client import Client

    status, listed = _http(server, "GET", "/api/games")
    assert status == 200 and listed[-1] == {
        "name": "nim",
        "title": "Nim",
        "min_players": 2,
        "max_players": 2,
        "presets": ["default", "short"],
        "bots": ["random", "perfect"],
    }
    status, t = _http(
        server, "POST", "/api/tables", {"game": "nim", "seats": [{"kind": "open"}, {"kind": "bot", "bot": "perfect"}]}
    )
    assert status == 201, t
    status, seat = _http(server, "POST", f"/api/tables/{t['table']}/seats", {"seat": 0})
    assert status == 201
    token = seat["token"]

    async def play() -> Client:
        async with Client(f"ws://{server}/ws/tables/{t['table']}", token) as c:
            assert c.received[0]["game"] == "nim" and c.received[0]["role"] == "player"
            while True:
                state = c.state
                assert state is not None
                if state["terminal"]:
                    return c
                if state["current_player"] != 0:
                    await c.recv_state(state["seq"] + 1)
                    continue
                status, advice = _http(server, "GET", f"/api/tables/{t['table']}/advice", token=token)
                assert status == 200 and advice["seat"] == 0 and advice["seq"] == state["seq"]
                ids = [a["id"] for a in state["legal_actions"]]
                await c.act(advice["best"] if advice["best"] is not None else ids[0])
                await c.recv_state(state["seq"] + 1)

    client = asyncio.run(play())
    final = client.state
    assert final is not None and final["returns"] in ([1.0, -1.0], [-1.0, 1.0])
    for text in client.raw:  # what the server sent, against the message models
        messages.parse_server(text)
    status, view = _http(server, "GET", f"/api/tables/{t['table']}")
    assert status == 200 and view["status"] == "over" and view["state"]["observation"]["stones"] == 0
    status, err = _http(server, "GET", f"/api/tables/{t['table']}/advice?objectives=true", token=token)
    assert status == 400 and err["error"] == "InvalidValueError" and "Nim advice" in err["message"]
