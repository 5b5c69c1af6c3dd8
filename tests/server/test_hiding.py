"""Information hiding, read over every message of whole recorded games, in every seat and as a
spectator, across reconnects: no message ever holds a secret of the game.

The secrets come from the server's own records: after each accepted action the test reads
the table's stored snapshot (what only the server knows) and collects what must never
reach a client: the random generator's state and the table's seed (which fix every
future die and card).  Every text a client received (WebSocket frames and HTTP answers)
is searched for each of them.

Each test runs against one server on SQLite and against three workers on PostgreSQL (the
slow tier), where the seats and the spectator are connected to different workers.
"""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

import pytest

# Without the server extra these tests skip, saying what to install.
for _name in ("fastapi", "uvicorn", "sqlalchemy", "websockets", "jsonschema"):
    pytest.importorskip(_name, reason=f"the server tests need {_name}: pip install 'parlour[test]'")

from parlour.server import store as st  # noqa: E402

from .client import Client  # noqa: E402


def _words(x: Any) -> set[str]:
    """Every scalar inside a JSON value, as text."""
    out: set[str] = set()
    stack = [x]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
        elif v is not None and not isinstance(v, bool):
            out.add(str(v))
    return out


def secrets_of(snapshot: dict[str, Any]) -> set[str]:
    """What a snapshot holds that no client may see: the generator's state (the envelope's 'rng'
    wherever it sits), each of its words on its own."""
    found: set[str] = set()
    stack: list[Any] = [snapshot]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            for k, w in v.items():
                if k in ("rng", "rng_state", "seed"):
                    found |= _words(w)
                else:
                    stack.append(w)
        elif isinstance(v, list):
            stack.extend(v)
    return {w for w in found if len(w) >= 8}  # generator words are 64-bit: short numbers are no secret


def test_no_message_of_a_whole_yahtzee_game_holds_the_generator_state(deployment: tuple[Any, str]) -> None:
    srv, db = deployment
    t = srv.create(game="yahtzee", players=2)
    tid = t["table"]
    tokens = [srv.take(tid, 0), srv.take(tid, 1)]
    store = st.Store(db)
    secret: set[str] = set()
    rows = store.load_tables(status=None, table_id=tid)
    secret |= secrets_of(rows[0].snapshot) | {str(rows[0].seed)}
    http_texts: list[str] = []

    async def main() -> list[Client]:
        clients = [Client(srv.ws_url(tid), tokens[0]), Client(srv.ws_url(tid), tokens[1]), Client(srv.ws_url(tid))]
        for c in clients:
            await c.connect()
        all_clients = list(clients)
        n = 0
        while not clients[0].state["terminal"]:
            seq = clients[0].state["seq"]
            cp = clients[0].state["current_player"]
            me = clients[cp]
            choice = me.state["legal_actions"][(n * 7) % len(me.state["legal_actions"])]
            await me.act(choice["id"])
            for c in clients:
                await c.recv_state(seq + 1)
            (row,) = store.load_tables(status=None, table_id=tid)
            assert row.seq == seq + 1
            secret.update(secrets_of(row.snapshot))
            n += 1
            if n % 10 == 0:  # every seat and the spectator reconnect now and then
                i = (n // 10) % 3
                fresh = Client(clients[i].url, clients[i].token)
                fresh.next_seq = clients[i].next_seq
                await clients[i].close()
                await fresh.connect()
                clients[i] = fresh
                all_clients.append(fresh)
            if n % 25 == 0:
                for tok in (*tokens, None):
                    http_texts.append(json.dumps(srv.http("GET", f"/api/tables/{tid}", token=tok)[1]))
        for c in clients:
            await c.close()
        return all_clients

    all_clients = asyncio.run(main())
    store.close()
    assert len(secret) >= 4 * 20  # the generator moved on every roll: many distinct states were collected
    texts = [raw for c in all_clients for raw in c.raw] + http_texts
    assert len(texts) > 150
    leaks = [(w, text[:80]) for text in texts for w in secret if w in text]
    assert not leaks, leaks[:5]


CARD = re.compile(r"\b([A2-9TJQK][cdhs])\b")


def cards_in(x: Any) -> set[str]:
    """Every card named anywhere in a JSON value (as 'Qs', inside any text)."""
    return set(CARD.findall(json.dumps(x)))


def test_no_message_of_a_whole_gin_match_shows_a_hidden_card(deployment: tuple[Any, str]) -> None:
    """Both seats are people (the test plays them with the registry's bots, from the server's own
    records), and a spectator watches; every seat and the spectator reconnect now and then.

    For each state message at table seq n, against the snapshot stored at n (and n - 1):
    the observation is exactly the game's observation for that seat; it names no card of the
    stock, and, while a hand is in play, no card of an opponent's hand that the opponent has
    not shown (taken from the discard pile); the last event names no card that was in the
    stock before it, except the drawn card shown to the player who drew it; no text holds the
    generator's state or the table's seed."""
    from parlour import games

    srv, db = deployment
    t = srv.create(game="gin", preset="default")
    tid = t["table"]
    tokens = [srv.take(tid, 0), srv.take(tid, 1)]
    info = games.get("gin")
    bots = [info.bot("normal", seed=1), info.bot("hard", seed=2)]
    store = st.Store(db)
    snaps: dict[int, dict[str, Any]] = {}
    (row,) = store.load_tables(status=None, table_id=tid)
    snaps[0] = row.snapshot
    secret = secrets_of(row.snapshot) | {str(row.seed)}
    http_texts: list[str] = []

    async def main() -> list[Client]:
        clients = [Client(srv.ws_url(tid), tokens[0]), Client(srv.ws_url(tid), tokens[1]), Client(srv.ws_url(tid))]
        for c in clients:
            await c.connect()
        everyone = list(clients)
        n = 0
        while not clients[0].state["terminal"]:
            seq = clients[0].state["seq"]
            cp = clients[0].state["current_player"]
            game = games.load(snaps[seq])
            action = bots[cp].act(game.observation(cp))
            await clients[cp].act(int(action.id))
            for c in clients:
                await c.recv_state(seq + 1)
            (r,) = store.load_tables(status=None, table_id=tid)
            assert r.seq == seq + 1
            snaps[r.seq] = r.snapshot
            secret.update(secrets_of(r.snapshot))
            n += 1
            if n % 40 == 0:
                i = (n // 40) % 3
                fresh = Client(clients[i].url, clients[i].token)
                await clients[i].close()
                await fresh.connect()
                clients[i] = fresh
                everyone.append(fresh)
            if n % 97 == 0:
                for tok in (*tokens, None):
                    http_texts.append(json.dumps(srv.http("GET", f"/api/tables/{tid}", token=tok)[1]))
        for c in clients:
            await c.close()
        return everyone

    everyone = asyncio.run(main())
    store.close()
    final = snaps[max(snaps)]
    # a whole match was recorded (its length depends on the table's random seed: 96 actions were seen)
    assert games.load(final).is_terminal and len(snaps) > 20

    checked = drawn_seen = own_seen = 0
    for c in everyone:
        for msg in c.received:
            if msg["type"] != "state":
                continue
            n, viewer = msg["seq"], msg["seat"]
            snap = snaps[n]
            game = games.load(snap)
            assert msg["observation"] == game.observation(viewer).to_dict()
            rnd = snap["state"]["round"]
            obs_cards = cards_in(msg["observation"])
            assert not obs_cards & set(rnd["stock"]), (n, viewer)
            if rnd["knocker"] is None and rnd["result"] is None:  # a hand in play: hands are hidden
                for p in (0, 1):
                    if p == viewer:
                        own_seen += bool(obs_cards & set(rnd["hands"][p]))
                        continue
                    hidden = set(rnd["hands"][p]) - set(rnd["known"][p])
                    assert not obs_cards & hidden, (n, viewer, p, obs_cards & hidden)
            ev = msg["last_event"]
            if ev is not None and n >= 1:
                before = set(snaps[n - 1]["state"]["round"]["stock"])
                leaked = cards_in(ev) & before
                if ev.get("kind") == "DRAW_STOCK" and ev["seat"] == viewer:
                    drawn_seen += len(leaked) == 1
                else:
                    assert not leaked, (n, viewer, ev)
            checked += 1
    # The checks saw real cards: every client got a state for every action (a match's length
    # depends on the table's random seed: 76 actions were seen), most of them with its own hand.
    actions = len(snaps) - 1
    assert checked >= 3 * actions and own_seen >= actions and drawn_seen >= 1, (checked, own_seen, drawn_seen)
    texts = [raw for c in everyone for raw in c.raw] + http_texts
    leaks = [(w, text[:80]) for text in texts for w in secret if w in text]
    assert not leaks, leaks[:5]
