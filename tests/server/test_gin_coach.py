"""The gin coach over the server: GET /api/tables/{id}/advice ranks the seat's legal actions
(the library's advise on the stored game's observation says the same), and
GET /api/tables/{id}/review?hand=N reviews the seat's own decisions of a finished hand (the
library's review of the replayed hand says the same)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from parlour import games
from parlour import gin as gin_lib
from parlour.server import store as st

from .client import Client
from .conftest import Server, sqlite_server, stored_game


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with sqlite_server(tmp_path_factory.mktemp("gin-coach")) as s:
        yield s


def test_gin_advice_ranks_the_seats_legal_actions(srv: Server) -> None:
    t = srv.create(game="gin", seats=[{"kind": "open"}, {"kind": "open"}])["table"]
    tokens = [srv.take(t, 0), srv.take(t, 1)]
    g = stored_game(srv, t)
    me = int(g.current_player)
    status, a = srv.http("GET", f"/api/tables/{t}/advice", token=tokens[me])
    assert status == 200 and a["seat"] == me and a["game"] == "gin"
    assert {r["id"] for r in a["actions"]} == set(g.legal_action_ids())
    assert a["best"] == a["actions"][0]["id"] and a["actions"][0]["rank"] == 1 and a["by_match"]
    ref = gin_lib.advise(g.observation(me))
    assert [r["text"] for r in a["actions"]] == [str(x.action) for x in ref.actions]
    assert all(r["reasons"] for r in a["actions"])
    # the arrangement alone, and the seat not to act: no ranking
    status, b = srv.http("GET", f"/api/tables/{t}/advice?ranking=false", token=tokens[me])
    assert status == 200 and b["actions"] == [] and b["best"] is None and b["deadwood"] is not None
    status, c = srv.http("GET", f"/api/tables/{t}/advice", token=tokens[1 - me])
    assert status == 200 and c["actions"] == [] and len(c["melds"]) + len(c["deadwood"]) > 0


def test_gin_review_of_a_finished_hand(srv: Server) -> None:
    t = srv.create(game="gin", seats=[{"kind": "open"}, {"kind": "bot", "bot": "easy"}])["table"]
    token = srv.take(t, 0)
    status, err = srv.http("GET", f"/api/tables/{t}/review?hand=1", token=token)
    assert status == 400 and err["error"] == "PhaseError"  # hand 1 is being played

    async def play_a_hand() -> int:
        bot = gin_lib.NormalBot()
        async with Client(srv.ws_url(t), token) as c:
            while True:
                state = c.state
                assert state is not None
                o = state["observation"]
                if o["match"]["hands_played"] >= 1:
                    return int(o["match"]["hands_played"])
                if state["current_player"] == 0 and state["legal_actions"]:
                    g = stored_game(srv, t)
                    await c.act(int(bot.act(g.observation(0)).id))
                await c.recv_state(min_seq=state["seq"] + 1)

    assert asyncio.run(play_a_hand()) == 1
    status, r = srv.http("GET", f"/api/tables/{t}/review?hand=1", token=token)
    assert status == 200 and r["seat"] == 0 and r["hand"] == 1 and r["game"] == "gin"
    # the library, replaying the stored actions from the start, says the same
    store = st.Store(srv.db)
    try:
        actions = [x[2] for x in store.actions_of(t)]
        row = store.load_tables(status=None, table_id=t)[0]
    finally:
        store.close()
    start = games.get("gin").new_game(players=2, preset=row.preset, seed=row.seed, **row.options)
    history = []
    g = start.clone()
    for aid in actions:
        if len(g.match.hands) >= 1:
            break
        if g.current_player == gin_lib.Player.ONE:
            history.append((g.observation(0), aid))
        g.apply(aid)
    ref = gin_lib.review(history)
    assert r["decisions"] == ref.decisions == len(history) > 0
    assert [m["index"] for m in r["mistakes"]] == [m.index for m in ref.mistakes]
    # errors: no such hand, no token, a game without reviews
    status, err = srv.http("GET", f"/api/tables/{t}/review?hand=9", token=token)
    assert status == 400 and err["error"] == "InvalidValueError"
    status, err = srv.http("GET", f"/api/tables/{t}/review?hand=1", token=None)
    assert status == 403
    fc = srv.create(game="freecell", options={"deal": 1})["table"]
    status, err = srv.http("GET", f"/api/tables/{fc}/review?hand=1", token=srv.take(fc, 0))
    assert status == 400 and err["error"] == "PhaseError"
