"""Snapshots of a Round: to_dict / from_dict, JSON text and pickle; corrupt ones are rejected."""

from __future__ import annotations

import copy
import json
import pickle
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.errors import StateFormatError
from parlour.gin import Phase, Round, Rules, snapshot

from .conftest import DECK, ONE, TWO, deal


def played(actions: list[str], **kw: Any) -> Round:
    r = deal("5s 6s 7s Qc Qd Qh Ah 2h 3h Tc", "8s 9s Ts Qs 4h Kc Kd 2c 3d 5d", "Jc", "9c", **kw)
    for a in actions:
        r.apply(a)
    return r


def rounds() -> dict[str, Round]:
    """Rounds in every phase."""
    big = deal("5s 6s 7s 8s Qc Qd Qh Ah 2h 3h", "9s 2c 3c 5c 7c 9c Jd Kd 6d 8d", "4h", rules=Rules.modern())
    big.take_discard()
    big_done = big.clone()
    big_done.declare_big_gin()
    gin = deal("5s 6s 7s Qc Qd Qh Ah 2h 3h Kc", "9s 2c 3c 5c 7c 9c Jd Kd 6d 8d", "4h")
    gin.take_discard()
    gin.knock("Kc")
    dead = deal("2c 5c 8c Jc 3s 6s 9s Qs 4h 7h", "Ac 4c 7c Tc 2s 5s 8s Js 3h 6h", "Kd")
    dead.pass_()
    dead.pass_()
    while not dead.is_terminal:
        dead.discard(dead.draw_stock())
    return {
        "upcard": played([]),
        "upcard-dealer": played(["pass"]),
        "forced-draw": played(["pass", "pass"]),
        "discard": played(["pass", "pass", "draw stock"]),
        "discard-taken": big,
        "draw": played(["pass", "pass", "draw stock", "discard Tc"]),
        "layoff": played(["pass", "pass", "draw stock", "knock 9c", "lay off 8s on 1", "lay off 9s on 1"]),
        "knock": played(["pass", "pass", "draw stock", "knock 9c", "lay off 8s on 1", "finish layoffs"]),
        "gin": gin,
        "big-gin": big_done,
        "dead": dead,
    }


ROUNDS = rounds()


@pytest.mark.parametrize("name", sorted(ROUNDS))
def test_round_trips(name: str) -> None:
    r = ROUNDS[name]
    d = r.to_dict()
    assert d["game"] == "gin.round" and d["version"] == 1 and set(d) == {"game", "version", "rules", "state"}
    text = json.dumps(d)
    back = Round.from_dict(json.loads(text))
    assert back == r and back.to_dict() == d and str(back) == str(r)
    assert snapshot.loads(snapshot.dumps(r, indent=2)) == r
    assert pickle.loads(pickle.dumps(r)) == r
    assert copy.deepcopy(r) == r and copy.copy(r) == r
    # The reloaded round plays on exactly like the original.
    a, b = r.clone(), back
    while not a.is_terminal:
        act = a.legal_actions()[-1]
        a.apply(act)
        b.apply(act)
        assert a == b


def test_cards_are_text() -> None:
    d = ROUNDS["layoff"].to_dict()["state"]
    assert d["hands"][0] == ["9c", "Tc", "5s", "6s", "7s", "Ah", "2h", "3h"][:0] + [
        str(c) for c in ROUNDS["layoff"].hand(ONE)
    ]
    assert d["spread"][1] == ["5s", "6s", "7s", "8s", "9s"]
    assert d["laid_off"] == ["8s", "9s"] and d["knocker"] == 0 and d["phase"] == "LAYOFF"
    assert d["initial_upcard"] == "Jc" and all(isinstance(c, str) for c in d["stock"])


def corrupt(name: str, change: Any) -> dict[str, Any]:
    """The snapshot of a round with `change` applied to its state (the envelope's "state")."""
    d = json.loads(json.dumps(ROUNDS[name].to_dict()))
    change(d["state"])
    return d


def corrupt_envelope(name: str, change: Any) -> dict[str, Any]:
    d = json.loads(json.dumps(ROUNDS[name].to_dict()))
    change(d)
    return d


def rejected(d: Any, match: str | None = None) -> None:
    with pytest.raises(StateFormatError, match=match):
        Round.from_dict(d)


def test_duplicated_card() -> None:
    def dup(d: dict[str, Any]) -> None:
        d["stock"][0] = d["hands"][0][0]

    rejected(corrupt("draw", dup), "appears twice")

    def dup_in_hand(d: dict[str, Any]) -> None:
        d["hands"][1].append(d["hands"][1][0])

    rejected(corrupt("upcard", dup_in_hand), "twice")


def test_wrong_phase() -> None:
    for name, phase in [
        ("draw", "DISCARD"),
        ("draw", "UPCARD"),
        ("discard", "DRAW"),
        ("upcard", "LAYOFF"),
        ("layoff", "DISCARD"),
        ("knock", "LAYOFF"),
        ("draw", "FINISHED"),
        ("draw", "BOGUS"),
        ("dead", "DRAW"),
    ]:
        rejected(corrupt(name, lambda d, p=phase: d.__setitem__("phase", p)))


def test_knocker_without_spread() -> None:
    rejected(corrupt("layoff", lambda d: d.__setitem__("spread", [])), "spread|laid-off")

    def no_spread_no_layoffs(d: dict[str, Any]) -> None:
        d["spread"] = []
        d["hands"][1] += d["laid_off"]
        d["laid_off"] = []

    rejected(corrupt("layoff", no_spread_no_layoffs), "without a spread")
    rejected(corrupt("draw", lambda d: d.__setitem__("knocker", 0)), "knocker")


def test_truncated_json() -> None:
    text = snapshot.dumps(ROUNDS["layoff"])
    for cut in (1, 10, len(text) // 2, len(text) - 1):
        with pytest.raises(StateFormatError, match="not JSON"):
            snapshot.loads(text[:cut])
    with pytest.raises(StateFormatError):
        snapshot.loads("")
    with pytest.raises(StateFormatError):
        snapshot.loads("[1, 2]")


def test_other_corruptions() -> None:
    cases: list[tuple[str, Any, str]] = [
        ("draw", lambda d: d.pop("stock"), "state.stock: missing"),
        ("draw", lambda d: d.__setitem__("extra", 1), "unknown field 'extra'"),
        ("draw", lambda d: d["stock"].__setitem__(0, "Zz"), "not a card"),
        ("draw", lambda d: d.__setitem__("hands", "As 2s"), "hands: must be a list"),
        ("draw", lambda d: d["stock"].pop(), "51 cards"),
        ("draw", lambda d: d.__setitem__("turn", None), "no player to act"),
        ("draw", lambda d: d.__setitem__("passes", 3), "passes"),
        ("draw", lambda d: d.__setitem__("passes", True), "int"),
        ("draw", lambda d: d.__setitem__("dealer", 3), "dealer: must be in 0..1"),
        ("draw", lambda d: d.__setitem__("dealer", "ONE"), "dealer: must be an int"),
        ("draw", lambda d: d.__setitem__("taken", "Tc"), "taken"),
        ("upcard", lambda d: d.__setitem__("turn", 1), "wrong player"),
        ("forced-draw", lambda d: d.__setitem__("turn", 1), "non-dealer"),
        ("layoff", lambda d: d.__setitem__("turn", 0), "defender"),
        ("layoff", lambda d: d["known"][1].append(d["stock"][0]), "known"),
        ("knock", lambda d: d["result"].__setitem__("defender_deadwood", 1), "result"),
        ("knock", lambda d: d["result"].__setitem__("kind", "GIN"), "result"),
        ("knock", lambda d: d.__setitem__("turn", 1), "finished round has a player"),
        (
            "dead",
            lambda d: d.__setitem__(
                "result",
                {
                    "kind": "KNOCK",
                    "knocker": 0,
                    "winner": 0,
                    "knocker_deadwood": 5,
                    "defender_deadwood": 9,
                    "laid_off": [],
                },
            ),
            "result",
        ),
        ("gin", lambda d: d["laid_off"].append("2c"), "twice"),
        ("discard", lambda d: d["discarded"][0].append(d["stock"][0]), "stock"),
        ("discard-taken", lambda d: d.__setitem__("passes", 2), "two passes"),
    ]
    for name, change, match in cases:
        rejected(corrupt(name, change), match)
    envelope_cases: list[tuple[str, Any, str]] = [
        ("draw", lambda d: d.__setitem__("version", 2), "version 2"),
        ("draw", lambda d: d.__setitem__("game", "yahtzee"), "not a gin.round snapshot"),
        ("draw", lambda d: d["rules"].__setitem__("knock_limit", 11), "rules"),
        ("draw", lambda d: d["rules"].__setitem__("oklahoma", "TWO"), "oklahoma"),
        (
            "big-gin",
            lambda d: d.__setitem__("rules", json.loads(json.dumps(Round.deal().to_dict()["rules"]))),
            "big gin",
        ),
    ]
    for name, change, match in envelope_cases:
        rejected(corrupt_envelope(name, change), match)
    rejected("not a dict", "must be an object")
    rejected(None)


def test_knock_over_the_limit_rejected() -> None:
    # Swap the knocker's deadwood Tc for the stock's Kc...: a 10 becomes a 13 (over 10).
    def swap(d: dict[str, Any]) -> None:
        i = d["hands"][0].index("Tc")
        j = d["stock"].index("Kh")
        d["hands"][0][i], d["stock"][j] = "Kh", "Tc"

    d = corrupt("layoff", swap)  # the knocker keeps Kh: still 10, accepted
    assert Round.from_dict(d).knocker_deadwood == 10

    def swap2(d: dict[str, Any]) -> None:
        i = d["hands"][0].index("Ah")
        j = d["stock"].index("Kh")
        d["hands"][0][i], d["stock"][j] = "Kh", "Ah"

    rejected(corrupt("layoff", swap2))  # A-2-3h broken: not a meld of the knocker


def test_corrupt_pickle_state() -> None:
    r = ROUNDS["layoff"]
    ctor, args, state = r.__reduce_ex__(2)[:3]
    obj = ctor(*args)
    bad = copy.deepcopy(state)
    bad["state"]["phase"] = "UPCARD"
    with pytest.raises(StateFormatError):
        obj.__setstate__(bad)


def _mutations() -> st.SearchStrategy[tuple[str, int, int, int]]:
    return st.tuples(st.sampled_from(sorted(ROUNDS)), st.integers(0, 9), st.integers(0, 60), st.integers(0, 60))


@given(_mutations())
def test_fuzzed_snapshots_are_rejected_or_valid(m: tuple[str, int, int, int]) -> None:
    """A mutated snapshot is either rejected with StateFormatError or loads a self-consistent round."""
    name, kind, i, j = m
    doc = json.loads(json.dumps(ROUNDS[name].to_dict()))
    d = doc["state"]
    lists = [("stock", None), ("discard_pile", None), ("hands", 0), ("hands", 1), ("laid_off", None)]
    if kind <= 3:  # move a card from one list to another
        (ka, ia), (kb, ib) = lists[i % len(lists)], lists[j % len(lists)]
        src = d[ka] if ia is None else d[ka][ia]
        dst = d[kb] if ib is None else d[kb][ib]
        if src:
            dst.append(src.pop(i % len(src)))
    elif kind == 4:
        d["phase"] = [p.name for p in Phase][i % 5]
    elif kind == 5:
        d["turn"] = [None, 0, 1][i % 3]
    elif kind == 6:
        d["knocker"] = [None, 0, 1][i % 3]
    elif kind == 7:
        d["passes"] = i % 4
    elif kind == 8:
        d["taken"] = None if i % 2 else str(DECK[j % 52])
    else:
        d.pop(sorted(d)[i % len(d)])
    try:
        r = Round.from_dict(doc)
    except StateFormatError:
        return
    cards = list(r.hand(ONE)) + list(r.hand(TWO)) + r.discard_pile + r.stock + list(r.laid_off)
    assert len(set(cards)) == 52
    assert Round.from_dict(r.to_dict()) == r
    # It can be played to the end without the engine refusing its own legal actions.
    while not r.is_terminal:
        r.apply(r.legal_actions()[-1])  # draws from the stock, so it ends


def test_observation_snapshots() -> None:
    from parlour.gin import Observation

    obs = ROUNDS["layoff"].observation(TWO)
    d = json.loads(json.dumps(obs.to_dict()))
    assert Observation.from_dict(d) == obs and pickle.loads(pickle.dumps(obs)) == obs
    assert d["seat"] == 1 and d["players"][1]["hand_size"] == len(d["hand"])
    for change in (
        lambda x: x.__setitem__("game", "yahtzee"),
        lambda x: x.pop("hand"),
        lambda x: x.__setitem__("legal_actions", list(reversed(x["legal_actions"]))),
        lambda x: x.__setitem__("stock_size", 99),
        lambda x: x.__setitem__("seat", "TWO"),
        lambda x: x["players"][0]["known"].append(x["hand"][0]),
    ):
        bad = copy.deepcopy(d)
        change(bad)
        with pytest.raises(StateFormatError):
            Observation.from_dict(bad)
