"""Layoffs, settle, RoundResult and match_result: the examples of Perl's Game::Gin::Scoring,
the rules where the sources part (joint optimum, chains, no layoffs against gin, tie = undercut),
and a brute-force layoff reference written here."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.cards import CardSet
from parlour.errors import InvalidValueError, WrongTypeError
from parlour.gin import (
    ArrangeError,
    Meld,
    Melds,
    OklahomaAce,
    Player,
    ResultKind,
    RoundResult,
    Rules,
    Shutout,
    best_layoff,
    best_melds,
    deadwood,
    match_result,
    settle,
)

ONE, TWO = Player.ONE, Player.TWO


def knocker(text: str) -> Melds:
    return best_melds(text)


# ---- the Perl module's examples (Game::Gin::Scoring) ----------------------------------


def test_knock() -> None:
    k = knocker("As 2s 3s 5h 6h 7h 8c 8d 8s 4c")  # deadwood 4c
    assert k.deadwood == 4
    s = settle(k, "Kd Qc 2h")
    assert (s.kind, s.winner, s.points) == (ResultKind.KNOCK, ONE, 18)
    assert (s.knocker_deadwood, s.defender_deadwood, s.laid_off) == (4, 22, CardSet())


def test_gin() -> None:
    k = knocker("Ac 2c 3c 4h 5h 6h 9d 9c 9h 9s")
    s = settle(k, "8s Kd")
    assert (s.kind, s.winner, s.points) == (ResultKind.GIN, ONE, 43)


def test_no_layoff_against_gin() -> None:
    k = knocker("Ac 2c 3c 4h 5h 6h 9d 9c 9h 9s")
    s = settle(k, "7h Kd")  # 7h would extend 4-5-6 hearts
    assert s.kind == ResultKind.GIN and s.laid_off == CardSet() and s.points == 25 + 17


def test_big_gin() -> None:
    k = knocker("Ac 2c 3c 4c 4h 5h 6h 9d 9c 9h 9s")
    s = settle(k, "Kd", Rules.modern())
    assert (s.kind, s.points) == (ResultKind.BIG_GIN, 41)
    with pytest.raises(InvalidValueError, match="big gin"):
        settle(k, "Kd")  # the rule card disables big gin


def test_undercut() -> None:
    k = knocker("Ac 2c 3c 5s 6s 7s Jd Jc Jh 9h")
    s = settle(k, "2h")
    assert (s.kind, s.winner, s.points) == (ResultKind.UNDERCUT, TWO, 32)


def test_tie_is_an_undercut() -> None:
    k = knocker("Ac 2c 3c 5s 6s 7s Jd Jc Jh 2d")
    s = settle(k, "2h")
    assert (s.kind, s.winner, s.points) == (ResultKind.UNDERCUT, TWO, 25)
    s = settle(k, "2h", Rules(undercut_on_tie=False))
    assert (s.kind, s.winner, s.points) == (ResultKind.KNOCK, ONE, 0)


def test_undercut_by_laying_off() -> None:
    k = knocker("5s 6s 7s Ac 2c 3c Jd Jc Jh 6d")
    s = settle(k, "8s")
    assert s.laid_off == CardSet("8s") and s.defender_deadwood == 0
    assert (s.kind, s.points) == (ResultKind.UNDERCUT, 31)
    assert [str(m) for m in s.spread if m.cards.issuperset("8s")] == ["5s 6s 7s 8s"]


def test_chained_layoff() -> None:
    lay = best_layoff("9s Ts", [Meld("6s 7s 8s")])
    assert lay.laid == CardSet("9s Ts") and lay.deadwood == 0
    assert lay.melds == [Meld("6s 7s 8s 9s Ts")] and lay.laid_on == [CardSet("9s Ts")]


def test_fourth_card_of_a_set() -> None:
    lay = best_layoff("7d Kc", [Meld("7c 7s 7h")])
    assert lay.laid == CardSet("7d") and lay.deadwood == 10
    assert best_layoff("7d", [Meld("7c 7s 7h 7d".replace(" 7d", ""))]).laid == CardSet("7d")


def test_a_card_that_extends_two_melds_goes_where_it_helps() -> None:
    # 7s extends 4-5-6 spades and completes the 7s set; only on the run can 8s follow.
    lay = best_layoff("7s 8s", [Meld("7c 7h 7d"), Meld("4s 5s 6s")])
    assert lay.laid == CardSet("7s 8s") and lay.laid_on == [CardSet(), CardSet("7s 8s")]


def test_defender_breaks_its_own_meld_to_undercut() -> None:
    # Knocker: 4-5-6 of hearts, clubs and diamonds spread as runs, 9s deadwood (9).
    spread = Melds("4h 5h 6h 4c 5c 6c 4d 5d 6d 9s", [Meld("4h 5h 6h"), Meld("4c 5c 6c"), Meld("4d 5d 6d")])
    assert spread.deadwood == 9
    # Defender: 7h 7c 7d (a set of its own), 8h, Js Qs Ks, 2s 3s, Ac.
    defender = CardSet("7h 7c 7d 8h Js Qs Ks 2s 3s Ac")
    own = best_melds(defender)
    assert own.deadwood == 14 and own.deadwood_cards == CardSet("8h 2s 3s Ac")
    # Laying off only what its own best arrangement leaves over: 8h cannot go (7h is
    # in the defender's set), so 14 stays and the knocker would win.
    assert best_layoff(own.deadwood_cards, spread).deadwood == 14
    # The joint optimum breaks the 7s: 7h 8h onto hearts, 7c onto clubs, 7d onto diamonds.
    s = settle(spread, defender)
    assert s.laid_off == CardSet("7h 8h 7c 7d") and s.defender_deadwood == 6
    assert (s.kind, s.winner, s.points) == (ResultKind.UNDERCUT, TWO, 9 - 6 + 25)
    assert str(s.defender_melds) == "JsQsKs | Ac2s3s"
    # The knocker's choice of spread matters: as sets (4s 5s 6s) nothing lays off.
    as_sets = Melds(spread.hand, [Meld("4h 4c 4d"), Meld("5h 5c 5d"), Meld("6h 6c 6d")])
    s = settle(as_sets, defender)
    assert (s.kind, s.defender_deadwood, s.points) == (ResultKind.KNOCK, 14, 5)


# ---- best_layoff against a brute force -------------------------------------------------


def ref_best_layoff(cards: CardSet, melds: list[Meld]) -> int:
    """Every way to lay cards off one at a time (any order, any meld), then meld the rest."""
    best = deadwood(cards)
    seen: set[tuple[int, tuple[int, ...]]] = set()

    def rec(left: CardSet, ms: tuple[Meld, ...]) -> None:
        nonlocal best
        key = (left.mask, tuple(m.cards.mask for m in ms))
        if key in seen:
            return
        seen.add(key)
        best = min(best, deadwood(left))
        for c in left:
            for i, m in enumerate(ms):
                grown = m.extended(c)
                if grown is not None:
                    rec(left - c, ms[:i] + (grown,) + ms[i + 1 :])

    rec(cards, tuple(melds))
    return best


@st.composite
def layoff_cases(draw: st.DrawFn) -> tuple[CardSet, list[Meld]]:
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    all_melds = Meld.all()
    melds: list[Meld] = []
    used = CardSet()
    for _ in range(rng.randint(1, 3)):
        m = rng.choice(all_melds)
        if m.cards.isdisjoint(used) and len(m) <= 5:
            melds.append(m)
            used |= m.cards
    # Defender cards biased to the melds' neighbourhood.
    near = CardSet()
    for m in melds:
        for c in m.extensions:
            near |= c
            g = m.extended(c)
            assert g is not None
            near |= g.extensions
    near -= used
    pool = list(near) + rng.sample([c for c in CardSet.full_deck() if c not in used], 6)
    cards = CardSet([c for c in rng.sample(pool, min(len(pool), rng.randint(1, 10)))])
    return cards, melds


@given(layoff_cases())
def test_best_layoff_matches_brute_force(case: tuple[CardSet, list[Meld]]) -> None:
    cards, melds = case
    if len(cards) > 11:
        return
    lay = best_layoff(cards, melds)
    assert lay.deadwood == ref_best_layoff(cards, melds)
    assert lay.remaining.hand == cards - lay.laid and lay.remaining.deadwood == lay.deadwood
    for before, after, on in zip(melds, lay.melds, lay.laid_on):
        assert after.cards == before.cards | on and Meld.is_meld(after.cards)
    assert lay.laid == CardSet().union(*lay.laid_on)


# ---- RoundResult, Rules ----------------------------------------------------------------


def test_round_result_points() -> None:
    card, modern, classic, palace = Rules(), Rules.modern(), Rules.classic(), Rules.palace()
    r = RoundResult.knock(ONE, 4, 22)
    assert r.kind == ResultKind.KNOCK and r.winner == ONE and r.loser == TWO and r.points() == 18
    u = RoundResult.knock(ONE, 9, 2)
    assert u.kind == ResultKind.UNDERCUT and u.winner == TWO and u.defender == TWO
    assert [u.points(x) for x in (card, modern, classic, palace)] == [32, 32, 17, 27]
    g = RoundResult.gin(TWO, 18)
    assert [g.points(x) for x in (card, modern, classic)] == [43, 43, 38]
    b = RoundResult.big_gin(ONE, 10)
    assert b.points(modern) == 41
    with pytest.raises(InvalidValueError, match="disable big gin"):
        b.points(card)
    d = RoundResult.dead()
    assert d.kind == ResultKind.DEAD and d.winner is None and d.points() == 0
    assert RoundResult.knock(ONE, 3, 3, rules=Rules(undercut_on_tie=False)).kind == ResultKind.KNOCK


def test_round_result_validation() -> None:
    with pytest.raises(InvalidValueError):
        RoundResult(ResultKind.KNOCK, ONE, 5, 3)  # the defender holds less: an undercut
    with pytest.raises(InvalidValueError):
        RoundResult(ResultKind.UNDERCUT, ONE, 3, 5)
    with pytest.raises(InvalidValueError):
        RoundResult(ResultKind.GIN, ONE, 2, 5)
    with pytest.raises(InvalidValueError):
        RoundResult(ResultKind.GIN, ONE, 0, 5, CardSet("As"))
    with pytest.raises(InvalidValueError):
        RoundResult(ResultKind.DEAD, ONE)
    with pytest.raises(InvalidValueError):
        RoundResult(ResultKind.KNOCK, None, 5, 7)
    with pytest.raises(InvalidValueError):
        RoundResult(ResultKind.KNOCK, ONE, 11, 20)
    with pytest.raises(InvalidValueError):
        RoundResult.knock(ONE, 0, 20)  # zero deadwood is gin


def test_rules_presets_and_validation() -> None:
    r = Rules()
    assert (r.knock_limit, r.gin_bonus, r.big_gin_bonus, r.undercut_bonus, r.undercut_on_tie) == (
        10,
        25,
        None,
        25,
        True,
    )
    assert (r.box_bonus, r.game_bonus, r.shutout, r.game_target, r.oklahoma) == (0, 0, None, 100, None)
    assert r == Rules.card()
    m = Rules.modern()
    assert (m.gin_bonus, m.big_gin_bonus, m.undercut_bonus, m.box_bonus, m.game_bonus) == (25, 31, 25, 25, 100)
    assert m.shutout == Shutout.double_total()
    c = Rules.classic()
    assert (c.gin_bonus, c.big_gin_bonus, c.undercut_bonus, c.box_bonus, c.game_bonus) == (20, None, 10, 20, 100)
    assert c.shutout == Shutout.flat(100)
    p = Rules.palace()
    assert (p.gin_bonus, p.undercut_bonus, p.box_bonus, p.immediate_boxes, p.game_bonus) == (25, 20, 10, True, 0)
    for bad in (
        {"knock_limit": 11},
        {"knock_limit": -1},
        {"gin_bonus": -1},
        {"big_gin_bonus": -5},
        {"undercut_bonus": -1},
        {"box_bonus": -1},
        {"game_bonus": -1},
        {"game_target": 0},
    ):
        with pytest.raises(InvalidValueError):
            Rules(**bad)
    with pytest.raises(InvalidValueError):
        Shutout.flat(-1)
    with pytest.raises(WrongTypeError):
        Rules(knock_limit=2.5)
    with pytest.raises(WrongTypeError):
        Rules(undercut_on_tie=1)
    with pytest.raises(WrongTypeError):
        Rules(no_such_field=1)
    with pytest.raises(WrongTypeError):
        Rules(shutout="double")
    assert Rules(knock_limit=0).knock_limit == 0  # straight gin
    assert m.replace(big_gin_bonus=None).big_gin_bonus is None and m.big_gin_bonus == 31


def test_oklahoma_limit() -> None:
    one = Rules(oklahoma=OklahomaAce.ONE)
    gin_only = Rules(oklahoma=OklahomaAce.GIN_ONLY)
    assert [one.knock_limit_for(c) for c in ("4h", "Kd", "Ac", "9s")] == [4, 10, 1, 9]
    assert gin_only.knock_limit_for("As") == 0 and gin_only.knock_limit_for("7s") == 7
    assert Rules().knock_limit_for("2c") == 10
    assert Rules(knock_limit=5, oklahoma=OklahomaAce.ONE).knock_limit_for("8c") == 5


def test_settle_errors() -> None:
    k = knocker("As 2s 3s 5h 6h 7h 8c 8d 8s 4c")
    with pytest.raises(ArrangeError, match="overlap"):
        settle(k, "4c Kd")
    with pytest.raises(InvalidValueError, match="knock limit"):
        settle(knocker("As 2s 3s 5h 6h 7h 8c 8d Ks Qd"), "Kd")
    with pytest.raises(InvalidValueError, match="knock limit"):
        settle(k, "Kd", Rules(knock_limit=3))
    with pytest.raises(WrongTypeError):
        settle("As 2s 3s", "Kd")  # type: ignore[arg-type]
    with pytest.raises(ArrangeError):
        best_layoff("As", [Meld("As 2s 3s")])
    with pytest.raises(ArrangeError):
        best_layoff("Kd", [Meld("As 2s 3s"), Meld("3s 4s 5s")])
    with pytest.raises(WrongTypeError):
        best_layoff("Kd", "As 2s 3s")  # type: ignore[arg-type]


# ---- match_result ----------------------------------------------------------------------


def test_match_shutout_conventions() -> None:
    hands = [RoundResult.gin(ONE, 50), RoundResult.dead(), RoundResult.knock(ONE, 5, 35)]
    m = match_result(hands, rules=Rules.modern())  # 75 + 30 = 105
    assert (m.winner, m.loser, m.hand_points, m.hands_won, m.shutout) == (ONE, TWO, (105, 0), (2, 0), True)
    assert m.boxes == (50, 0) and m.totals == ((105 + 50 + 100) * 2, 0) and m.is_over and m.hands_played == 3
    dhp = Rules.modern().replace(shutout=Shutout.double_hand_points())
    assert match_result(hands, rules=dhp).totals == (2 * 105 + 50 + 100, 0)
    classic = match_result(hands, rules=Rules.classic())  # gin 20: 70 + 30 = 100
    assert classic.winner == ONE and classic.totals == (100 + 40 + 100 + 100, 0)
    card = match_result(hands)
    assert card.totals == (105, 0) and card.shutout and card.target == 100


def test_match_shutout_broken_and_dead_hand() -> None:
    hands = [RoundResult.knock(ONE, 9, 2), RoundResult.gin(ONE, 60), RoundResult.gin(ONE, 40)]
    m = match_result(hands, rules=Rules.modern())  # TWO undercut 32; ONE 85 + 65
    assert (m.winner, m.shutout, m.hand_points, m.hands_won) == (ONE, False, (150, 32), (2, 1))
    assert m.totals == (150 + 50 + 100, 32 + 25)


def test_match_winner_is_who_reached_the_target() -> None:
    small = [RoundResult.knock(TWO, 2, 7)] * 12  # 12 hands of 5 for TWO: 60
    big = [RoundResult.gin(ONE, 40), RoundResult.gin(ONE, 40)]  # 130 for ONE
    m = match_result(small + big, rules=Rules.modern())
    assert m.winner == ONE and m.totals == (130 + 50 + 100, 60 + 300)
    assert m.totals[TWO] > m.totals[ONE]


def test_match_immediate_boxes_and_errors() -> None:
    hands = [RoundResult.knock(ONE, 5, 20)] * 4  # 4 x 15 = 60, + 4 boxes of 10 at once
    m = match_result(hands, rules=Rules.palace())
    assert m.winner == ONE and m.totals == (100, 0)
    assert not match_result(hands).is_over  # without immediate boxes, 60 < 100
    assert match_result(hands).winner is None
    with pytest.raises(InvalidValueError, match="decided"):
        match_result([RoundResult.gin(ONE, 80), RoundResult.gin(TWO, 3)])
    assert match_result([RoundResult.gin(ONE, 20)], target=40).winner == ONE
    with pytest.raises(InvalidValueError):
        match_result([], target=0)
    with pytest.raises(WrongTypeError):
        match_result([("ONE", 25)])  # type: ignore[list-item]


# ---- value-type protocol ---------------------------------------------------------------


def test_pickle_and_repr_round_trips() -> None:
    import pickle

    import parlour.gin as g

    ns = {name: getattr(g, name) for name in g.__all__}
    objs = [
        Meld("7h 8h 9h"),
        best_melds("7h 8h 9h Qc Qd Qs Ad 5d"),
        Melds(),
        Rules.modern(),
        Rules(oklahoma=OklahomaAce.GIN_ONLY, knock_limit=7),
        Rules.classic(),
        Shutout.double_hand_points(),
        RoundResult.knock(ONE, 6, 0, CardSet("8s")),
        RoundResult.dead(),
        RoundResult.big_gin(TWO, 12),
    ]
    for o in objs:
        assert pickle.loads(pickle.dumps(o)) == o
        assert eval(repr(o), ns) == o, repr(o)
        assert hash(pickle.loads(pickle.dumps(o))) == hash(o)


def test_every_seeded_settlement_is_consistent() -> None:
    """Random knocks: settle's defender deadwood is the brute-force optimum over layoffs."""
    rng = random.Random(7)
    all_melds = Meld.all()
    deck = list(CardSet.full_deck())
    checked = 0
    for _ in range(3000):
        k_hand = CardSet()
        for _ in range(3):
            m = rng.choice(all_melds)
            if m.cards.isdisjoint(k_hand) and len(k_hand | m.cards) <= 9:
                k_hand |= m.cards
        low = [c for c in deck if c.deadwood <= 3 and c not in k_hand]
        k_hand |= CardSet(rng.sample(low, 10 - len(k_hand)))
        arr = best_melds(k_hand)
        if not 0 < arr.deadwood <= 10:
            continue
        near = [c for c in deck if c not in k_hand and any(c in m.extensions for m in arr.melds)]
        rest = [c for c in deck if c not in k_hand and c not in near]
        d_hand = CardSet(rng.sample(near, min(len(near), rng.randint(1, 4))))
        d_hand |= CardSet(rng.sample(rest, 10 - len(d_hand)))
        s = settle(arr, d_hand)
        assert s.defender_deadwood == ref_best_layoff(d_hand, list(arr.melds))
        expected = "UNDERCUT" if s.defender_deadwood <= arr.deadwood else "KNOCK"
        assert s.kind.name == expected
        assert s.points == s.result.points(Rules())
        checked += 1
    assert checked > 500


def test_result_objects_pickle() -> None:
    import pickle

    from parlour.gin import best_discard

    k = knocker("5s 6s 7s Ac 2c 3c Jd Jc Jh 6d")
    objs = [
        settle(k, "8s 9s Kd"),
        best_layoff("9s Ts Kd", [Meld("6s 7s 8s")]),
        match_result([RoundResult.gin(ONE, 80)], rules=Rules.modern()),
        match_result([RoundResult.dead()]),
        best_discard("2c 4c 5c 6c 3d 4d 5d 6d 5h 6h 2s"),
    ]
    for o in objs:
        assert pickle.loads(pickle.dumps(o)) == o
    assert objs[0] != objs[1] and objs[2] != objs[3]
