"""The frontend protocol of a Round: Action ids and text, apply, can_<op>, observations,
returns, and simulate_rounds checked against a Python replica of its loop."""

from __future__ import annotations

import json
import pickle
from collections import Counter

import numpy as np
import pytest

from parlour.cards import Card, CardSet, Rng
from parlour.errors import InvalidValueError, ParlourError, WrongTypeError
from parlour.gin import (
    NUM_ACTIONS,
    Action,
    ActionKind,
    Meld,
    Phase,
    Player,
    ResultKind,
    Round,
    Rules,
    SimulationStats,
    simulate_rounds,
)

ONE, TWO = Player.ONE, Player.TWO
DECK = [Card.from_index(i) for i in range(52)]


def test_action_ids_are_fixed_and_documented() -> None:
    assert NUM_ACTIONS == 265
    kinds = Counter()
    for i in range(NUM_ACTIONS):
        a = Action.from_id(i)
        assert a.id == i == int(a) and Action(i) == a
        assert Action.parse(str(a)) == a and Action(str(a)) == a
        assert eval(repr(a), {"Action": Action}) == a
        assert pickle.loads(pickle.dumps(a)) == a and hash(Action.from_id(i)) == hash(a)
        kinds[a.kind] += 1
    assert kinds == {
        ActionKind.PASS: 1,
        ActionKind.TAKE_DISCARD: 1,
        ActionKind.DRAW_STOCK: 1,
        ActionKind.DISCARD: 52,
        ActionKind.KNOCK: 52,
        ActionKind.BIG_GIN: 1,
        ActionKind.LAY_OFF: 156,
        ActionKind.FINISH_LAYOFFS: 1,
    }
    assert Action.from_id(0) == Action.pass_() and Action.from_id(1) == Action.take_discard()
    assert Action.from_id(2) == Action.draw_stock()
    for c in DECK:
        assert Action.discard(c).id == 3 + c.index and Action.knock(c).id == 55 + c.index
        for slot in range(3):
            assert Action.lay_off(c, slot).id == 108 + 3 * c.index + slot
    assert Action.big_gin().id == 107 and Action.finish_layoffs().id == 264
    assert Action.discard("Ac").id == 3 and Action.discard("Kd").id == 54


def test_action_text() -> None:
    assert str(Action.parse("knock Qs")) == "knock Qs"
    assert Action.parse("TAKE") == Action.parse("take discard") == Action.take_discard()
    assert Action.parse("draw") == Action.draw_stock()
    assert Action.parse("Discard 10h") == Action.discard("Th")
    assert Action.parse("layoff 9s 0") == Action.parse("lay off 9s on 0") == Action.lay_off("9s", 0)
    assert Action.parse("finish") == Action.finish_layoffs()
    assert Action.parse("big gin") == Action.big_gin()
    a = Action.parse("knock Qs with 7h8h9h QcQdQh")
    assert a.kind is ActionKind.KNOCK and a.card == Card("Qs") and a.melds == [Meld("7h 8h 9h"), Meld("Qc Qd Qh")]
    assert str(a) == "knock Qs with 7h8h9h QcQhQd" and Action.parse(str(a)) == a
    assert a.id == Action.knock("Qs").id and a != Action.knock("Qs")
    assert Action.knock("Qs", [Meld("7h 8h 9h"), Meld("Qc Qd Qh")]) == a
    assert Action.parse("big gin with As2s3s4s 5h5d5c 9d9c9h").melds is not None
    assert Action.pass_().card is None and Action.lay_off("9s", 2).meld == 2 and Action.discard("9s").meld is None


def test_apply_takes_an_action_an_id_or_text() -> None:
    base = Round.deal(Rules(), ONE, 11)
    a, b, c = base.clone(), base.clone(), base.clone()
    for _ in range(40):
        if a.is_terminal:
            break
        act = a.legal_actions()[-1]
        a.apply(act)
        b.apply(act.id)
        c.apply(str(act))
        assert a == b == c
    with pytest.raises(WrongTypeError):
        base.apply(None)  # type: ignore[arg-type]


def test_can_op_matches_op() -> None:
    """Each can_<op> is True exactly when <op> succeeds, over the states of a few rounds."""
    for seed in range(6):
        r = Round.deal(Rules.modern(), ONE if seed % 2 else TWO, seed)
        while not r.is_terminal:
            hand = r.hand(r.turn) if r.turn is not None else CardSet()
            probes = [
                ("pass_", (), r.can_pass()),
                ("take_discard", (), r.can_take_discard()),
                ("draw_stock", (), r.can_draw_stock()),
                ("declare_big_gin", (), r.can_declare_big_gin()),
                ("finish_layoffs", (), r.can_finish_layoffs()),
            ]
            for c in list(hand)[:4] + [DECK[seed]]:
                probes += [("discard", (c,), r.can_discard(c)), ("knock", (c,), r.can_knock(c))]
                probes += [("lay_off", (c, i), r.can_lay_off(c, i)) for i in range(3)]
            for name, args, can in probes:
                trial = r.clone()
                try:
                    getattr(trial, name)(*args)
                    ok = True
                except ParlourError:
                    ok = False
                assert ok == can, (name, args, str(r))
            # Prefer knocking, so the layoff phase is reached too.
            legal = r.legal_actions()
            knocks = [x for x in legal if x.kind in (ActionKind.KNOCK, ActionKind.LAY_OFF)]
            r.apply((knocks or legal)[-1])


def test_protocol_names() -> None:
    r = Round.deal(Rules(), TWO, 5)
    assert r.current_player == r.turn == ONE and r.non_dealer == ONE
    assert r.returns() == (0, 0) and not r.is_terminal
    mask = r.legal_action_mask()
    assert mask.dtype == np.bool_ and mask.sum() == 2 and mask[0] and mask[1]


def test_observation_shows_only_what_the_player_may_see() -> None:
    # TWO takes ONE's discard: ONE then knows TWO holds it, until TWO discards it.
    r = Round.deal(Rules(), TWO, 3)
    r.pass_()
    r.pass_()
    r.draw_stock()
    thrown = max(r.hand(ONE), key=lambda c: c.deadwood)
    r.discard(thrown)
    r.take_discard()
    o1, o2 = r.observation(ONE), r.observation(TWO)
    assert o1.opponent_known == CardSet([thrown]) and o2.own_discards == CardSet()
    assert o1.opponent_discards == CardSet() and o2.opponent_discards == CardSet([thrown])
    assert o1.legal_actions() == [] and not o1.is_my_turn
    assert o2.legal_actions() == r.legal_actions() and o2.is_my_turn and o2.taken == thrown
    assert np.array_equal(o2.legal_action_mask(), r.legal_action_mask())
    assert o1.hand == r.hand(ONE) and o1.opponent_hand_size == 11 and o1.stock_size == 30
    assert o1.phase is Phase.DISCARD and o1.turn is TWO and o1.knock_limit == 10
    d = o1.to_dict()
    json.dumps(d)
    hidden = (r.hand(TWO) - CardSet([thrown])) | CardSet(r.stock)
    text = json.dumps(d)
    for c in hidden:
        assert f'"{c}"' not in text
    assert d["players"][1]["known"] == [str(thrown)] and d["legal_actions"] == [] and d["seat"] == 0
    r.discard(next(c for c in r.hand(TWO) if c != thrown))
    assert r.observation(ONE).opponent_known == CardSet([thrown])  # still held
    r.draw_stock()
    r.discard(max(r.hand(ONE), key=lambda c: c.deadwood))
    r.draw_stock()
    r.discard(thrown)  # no longer just taken
    assert r.observation(ONE).opponent_known == CardSet() and thrown in r.observation(ONE).opponent_discards
    with pytest.warns(DeprecationWarning):
        assert r.to_dict(ONE) == r.observation(ONE).to_dict()


def test_eager_random_play_reaches_every_kind_of_result() -> None:
    kinds: Counter[ResultKind] = Counter()
    for seed in range(300):
        rng = Rng(seed)
        r = Round.deal(Rules.modern(), ONE if seed % 2 else TWO, rng)
        while not r.is_terminal:
            legal = r.legal_actions()
            good = [a for a in legal if a.kind in (ActionKind.KNOCK, ActionKind.BIG_GIN, ActionKind.LAY_OFF)]
            # Draw from the stock and throw the highest card unless a knock is possible.
            if good:
                r.apply(good[rng.below(len(good))])
            elif r.phase is Phase.DISCARD:
                r.apply(max((a for a in legal), key=lambda a: (a.card.deadwood if a.card else 0, a.id)))
            else:
                r.apply(legal[rng.below(len(legal))])
        assert r.result is not None
        kinds[r.result.kind] += 1
        assert sum(r.returns()) == 0
    assert {ResultKind.DEAD, ResultKind.KNOCK, ResultKind.UNDERCUT, ResultKind.GIN} <= set(kinds), kinds


# ---- simulate_rounds, against a replica of its loop in Python ----------------------------

MASK64 = (1 << 64) - 1


def splitmix64(x: int) -> tuple[int, int]:
    x = (x + 0x9E3779B97F4A7C15) & MASK64
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return x, z ^ (z >> 31)


def replica(n: int, seed: int, rules: Rules) -> dict[str, object]:
    x, s0 = splitmix64(seed)
    x, s1 = splitmix64(x)
    x, s2 = splitmix64(x)
    deal_rng, pol = Rng(s0), (Rng(s1), Rng(s2))
    out: dict[str, object] = {"rounds": 0, "dead": 0, "knocks": 0, "undercuts": 0, "gins": 0, "big_gins": 0}
    wins, points, actions = [0, 0], [0, 0], 0
    names = {
        ResultKind.DEAD: "dead",
        ResultKind.KNOCK: "knocks",
        ResultKind.UNDERCUT: "undercuts",
        ResultKind.GIN: "gins",
        ResultKind.BIG_GIN: "big_gins",
    }
    for i in range(n):
        r = Round.deal(rules, ONE if i % 2 == 0 else TWO, deal_rng)
        while not r.is_terminal:
            p = r.turn
            assert p is not None
            ids = [a["id"] for a in r.observation(p).to_dict()["legal_actions"]]
            r.apply(ids[pol[p].below(len(ids))])
            actions += 1
        res = r.result
        assert res is not None
        out["rounds"] = int(out["rounds"]) + 1  # type: ignore[call-overload]
        out[names[res.kind]] = int(out[names[res.kind]]) + 1  # type: ignore[call-overload]
        if res.winner is not None:
            wins[res.winner] += 1
            points[res.winner] += res.points(rules)
    out.update(wins=tuple(wins), points=tuple(points), actions=actions)
    return out


@pytest.mark.parametrize("rules", [Rules(), Rules.modern(), Rules(knock_limit=0)])
def test_simulate_rounds_matches_a_python_replica(rules: Rules) -> None:
    stats = simulate_rounds(60, seed=2024, rules=rules)
    assert isinstance(stats, SimulationStats)
    assert stats.to_dict() == replica(60, 2024, rules)


def test_simulate_rounds_counts() -> None:
    s = simulate_rounds(3000, 7)
    assert s.rounds == 3000 == s.dead + s.knocks + s.undercuts + s.gins + s.big_gins
    assert sum(s.wins) == s.rounds - s.dead and s.knocks > 0 and s.dead > 0
    assert s.to_dict() == simulate_rounds(3000, 7).to_dict()
    assert s.to_dict() != simulate_rounds(3000, 8).to_dict()
    assert simulate_rounds(10, 1, ("random", "random")).rounds == 10
    assert simulate_rounds(0, 1).rounds == 0
    with pytest.raises(InvalidValueError, match="'nobody'"):
        simulate_rounds(10, 1, "nobody")
    with pytest.raises(InvalidValueError):
        simulate_rounds(-1, 1)
    with pytest.raises(WrongTypeError):
        simulate_rounds(1.5, 1)  # type: ignore[arg-type]
    assert "SimulationStats(rounds=3000" in repr(s)
