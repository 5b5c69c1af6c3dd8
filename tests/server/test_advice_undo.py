"""Advice (GET /api/tables/{id}/advice) and undo (the WebSocket's undo message), with real
clients, checked against the library computing the same from the table's stored game."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest

from parlour import games
from parlour import gin as gin_lib
from parlour.freecell import Game as FreecellGame
from parlour.server import store as st

from .client import Client
from .conftest import Server, sqlite_server, stored_game


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with sqlite_server(tmp_path_factory.mktemp("advice")) as s:
        yield s


def advice(srv: Server, table: str, token: str | None) -> tuple[int, Any]:
    return srv.http("GET", f"/api/tables/{table}/advice", token=token)


def test_yahtzee_advice_is_the_exact_solver_for_the_seat(srv: Server) -> None:
    t = srv.create(game="yahtzee", seats=[{"kind": "open"}])["table"]
    token = srv.take(t, 0)

    async def play() -> None:
        async with Client(srv.ws_url(t), token) as c:
            bot = games.get("yahtzee").bot("optimal")
            for _ in range(6):  # a few decisions, each checked, then the advice's best is played
                state = c.state
                assert state is not None
                status, a = advice(srv, t, token)
                assert status == 200 and a["seq"] == state["seq"] and a["game"] == "yahtzee"
                assert {r["id"] for r in a["actions"]} == {x["id"] for x in state["legal_actions"]}
                g = stored_game(srv, t)
                choice = int(bot.act(g.observation(0)).id)  # the optimal bot follows the same solver
                values = {r["id"]: r["value"] for r in a["actions"]}
                assert values[a["best"]] == max(values.values())
                assert values[choice] == pytest.approx(values[a["best"]], abs=1e-9)
                await c.act(a["best"])
                await c.recv_state(min_seq=state["seq"] + 1)

    asyncio.run(play())


def test_gin_advice_arranges_the_seats_own_hand(srv: Server) -> None:
    t = srv.create(game="gin", seats=[{"kind": "open"}, {"kind": "open"}])["table"]
    tokens = [srv.take(t, 0), srv.take(t, 1)]
    g = stored_game(srv, t)
    for seat, token in enumerate(tokens):
        status, a = advice(srv, t, token)
        assert status == 200 and a["seat"] == seat
        hand = {str(c) for c in g.observation(seat).hand}
        melded = [c for m in a["melds"] for c in m]
        assert set(melded) | set(a["deadwood"]) == hand and len(melded) + len(a["deadwood"]) == len(hand)
        assert a["deadwood_points"] == gin_lib.deadwood(sorted(hand))
    status, err = advice(srv, t, None)  # no token: no seat, no advice
    assert status == 403 and err["error"] == "AuthError"


def test_freecell_advice_solves_and_proves(srv: Server) -> None:
    t = srv.create(game="freecell", options={"deal": 1})["table"]
    token = srv.take(t, 0)
    status, a = advice(srv, t, token)
    assert status == 200 and a["verdict"] == "SOLVED"
    g = FreecellGame(deal=1)
    for m in a["moves"]:
        g.apply(m)
    assert g.is_terminal and g.returns() == (1.0,)
    lost = srv.create(game="freecell", options={"deal": 11982})["table"]
    status, a = advice(srv, lost, srv.take(lost, 0))
    assert status == 200 and a["verdict"] == "UNSOLVABLE" and a["moves"] == []


def test_undo_at_a_freecell_table(srv: Server) -> None:
    t = srv.create(game="freecell", options={"deal": 5})["table"]
    token = srv.take(t, 0)

    async def play() -> None:
        async with Client(srv.ws_url(t), token) as c:
            assert c.state is not None
            start = c.state["observation"]["cascades"]
            await c.send({"type": "undo", "seq": c.next_seq})  # nothing to take back yet
            e = await c.recv_type("error")
            assert e["error"] == "PhaseError" and e["ref"] == c.next_seq
            move = c.state["legal_actions"][0]["id"]
            await c.act(move)
            s1 = await c.recv_state(min_seq=1)
            assert s1["observation"]["moves"] == 1
            seq = c.next_seq
            c.next_seq += 1
            await c.send({"type": "undo", "seq": seq})
            s2 = await c.recv_state(min_seq=2)
            assert s2["observation"]["moves"] == 0 and s2["observation"]["cascades"] == start and s2["ack"] == seq
            await c.send({"type": "undo", "seq": seq})  # a resent undo is answered, not applied twice
            s3 = await c.recv_state()
            assert s3["seq"] == 2 and s3["observation"]["moves"] == 0
        g = stored_game(srv, t)  # committed: the stored game is the one after the undo
        assert g.state == FreecellGame(deal=5).state and not g.can_undo()
        store = st.Store(srv.db)
        try:
            assert [x[3] for x in store.actions_of(t)] == [s1["last_event"]["action"], "undo"]
        finally:
            store.close()

    asyncio.run(play())


def test_undo_is_refused_where_others_or_dice_are_involved(srv: Server) -> None:
    for body in (
        {"game": "gin", "seats": [{"kind": "open"}, {"kind": "bot", "bot": "easy"}]},
        {"game": "yahtzee", "seats": [{"kind": "open"}]},
    ):
        t = srv.create(**body)["table"]
        token = srv.take(t, 0)

        async def play(t: str = t, token: str = token) -> None:
            async with Client(srv.ws_url(t), token) as c:
                before = c.state
                while before is not None and before["current_player"] != 0:  # the bot may move first
                    before = await c.recv_state()
                await c.send({"type": "undo", "seq": 1})
                e = await c.recv_type("error")
                assert e["error"] == "PhaseError" and e["kind"] == "PhaseError"
                await c.send({"type": "sync"})
                after = await c.recv_state()
                assert before is not None and after["seq"] == before["seq"]

        asyncio.run(play())


def test_yahtzee_advice_objectives_against_the_other_seat(srv: Server) -> None:
    """With `objectives` (and a `target`) the Yahtzee advice adds the best action for the
    mean, for reaching the target and for beating the other seat (a bot, modelled as
    playing the expected-score strategy from its card): the library's own advise() from
    the stored game says the same; early in the game (more open boxes than the bound)
    the objectives wait."""
    from parlour import yahtzee
    from parlour.server.advice import YAHTZEE_OBJECTIVES_MAX_OPEN

    t = srv.create(game="yahtzee", seats=[{"kind": "open"}, {"kind": "bot", "bot": "heuristic"}])["table"]
    token = srv.take(t, 0)
    solver = yahtzee.Solver()

    async def play() -> None:
        async with Client(srv.ws_url(t), token) as c:
            bot = games.get("yahtzee").bot("optimal")
            early_checked = False
            while True:
                state = c.state
                assert state is not None
                if not state["legal_actions"]:  # the bot's turn
                    await c.recv_state(min_seq=state["seq"] + 1)
                    continue
                g = stored_game(srv, t)
                obs = g.observation(0)
                mine, theirs = obs.scorecards
                open_boxes = 13 - len(mine.state.scored)
                if open_boxes > YAHTZEE_OBJECTIVES_MAX_OPEN and not early_checked:
                    status, a = srv.http("GET", f"/api/tables/{t}/advice?objectives=true", token=token)
                    assert (
                        status == 200 and a["objectives"] == [] and a["objectives_from"] == YAHTZEE_OBJECTIVES_MAX_OPEN
                    )
                    early_checked = True
                if open_boxes <= YAHTZEE_OBJECTIVES_MAX_OPEN and obs.rolls_left == 2:
                    break
                choice = int(bot.act(obs).id)
                await c.act(choice)
                await c.recv_state(min_seq=state["seq"] + 1)
            assert early_checked
            target = int(mine.total) + 120
            status, a = srv.http("GET", f"/api/tables/{t}/advice?target={target}", token=token)
            assert status == 200 and a["seq"] == state["seq"] and a["target"] == target and a["opponents"] == 1
            legal = {x["id"]: x["text"] for x in state["legal_actions"]}
            opponent = solver.distribution(theirs.state, points=int(theirs.total))
            want = yahtzee.advise(
                mine.state,
                obs.dice,
                obs.rolls_left,
                points=int(mine.total),
                solver=solver,
                target=target,
                opponent=opponent,
            )
            got = a["objectives"]
            assert [o["objective"] for o in got] == ["mean", f"reach {target}", "beat the opponent"]
            for o, w in zip(got, want):
                assert legal[o["id"]] == o["text"] == str(w.action)
                assert o["mean"] == pytest.approx(w.mean, abs=1e-4)
                assert o["reach"] == pytest.approx(w.reach, abs=1e-9) and 0.0 < o["reach"] < 1.0
                assert o["win"] == pytest.approx(w.win, abs=1e-9) and 0.0 < o["win"] < 1.0
                assert o["gives_up"] == pytest.approx(w.gives_up, abs=1e-9)
            assert got[0]["id"] == a["best"]  # the mean objective is the plain advice's best
            # a target is only for Yahtzee; a bad target is refused
            status, err = srv.http("GET", f"/api/tables/{t}/advice?target=-5", token=token)
            assert status == 400 and err["error"] == "InvalidValueError"

    asyncio.run(play())


def test_yahtzee_advice_opponent_is_the_best_of_the_others() -> None:
    """Three seats: the opponent's distribution is that of the best of the two others'
    final scores, each from the expected-score strategy (checked by a double sum)."""
    import numpy as np

    from parlour import yahtzee
    from parlour.server.advice import _others

    info = games.get("yahtzee")
    g = info.new_game(players=3, seed=2)
    bot = info.bot("heuristic")
    while len(g.observation(0).scorecards[2].state.scored) < 9 or g.current_player != 0:
        g.apply(bot.act(g.observation(g.current_player)))
    obs = g.observation(0)
    solver = yahtzee.Solver()
    got = _others(obs, solver)
    p, q = (solver.distribution(c.state, points=int(c.total)).pmf for c in obs.scorecards[1:])
    want = np.zeros(max(len(p), len(q)))
    for i in np.flatnonzero(p):
        for j in np.flatnonzero(q):
            want[max(i, j)] += p[i] * q[j]
    assert np.allclose(got.pmf, want[: len(got.pmf)], atol=1e-12) and want[len(got.pmf) :].sum() < 1e-12
    assert got.min >= max(int(c.total) for c in obs.scorecards[1:])
