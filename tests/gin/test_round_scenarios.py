"""Scenario tests: literal deals and action lists, with the hands drawn in comments.

Every scenario deals with ``Round.from_deal``: ``deal(one, two, upcard, stock_top)`` puts
the cards of ``stock_top`` on top of the stock (first drawn first) and the rest of the
deck below them in index order.  Player.TWO deals, so Player.ONE has the first upcard
offer.
"""

from __future__ import annotations

import pytest

from parlour.cards import Card, CardSet
from parlour.gin import (
    Action,
    BigGinDisabled,
    Match,
    Meld,
    OklahomaAce,
    Phase,
    ResultKind,
    Rules,
    TooMuchDeadwood,
    best_melds,
    deadwood,
    settle,
)

from .conftest import ONE, TWO, conserved, deal, play


def test_knock_at_exactly_ten_with_chained_layoffs() -> None:
    # ONE (knocker):   5s 6s 7s | Qc Qd Qh | Ah 2h 3h | Tc      (+ 9c from the stock)
    # TWO (defender):  8s 9s Ts Qs 4h Kc Kd 2c 3d 5d
    # pass, pass, ONE draws 9c and knocks it: deadwood Tc = 10, exactly the limit.
    # TWO lays off 8s, 9s, Ts in a chain on 5s-6s-7s, Qs on the queens, 4h on A-2-3h,
    # keeps Kc Kd 2c 3d 5d = 30: the knock scores 30 - 10 = 20.
    r = deal("5s 6s 7s Qc Qd Qh Ah 2h 3h Tc", "8s 9s Ts Qs 4h Kc Kd 2c 3d 5d", "Jc", "9c")
    play(r, ["pass", "pass", "draw stock"])
    assert r.hand(ONE) == CardSet("5s 6s 7s Qc Qd Qh Ah 2h 3h Tc 9c")
    assert not r.can_knock("Tc", [Meld("5s 6s 7s")])  # 4 melded cards short: too much deadwood
    r.apply("knock 9c with 5s6s7s QcQdQh Ah2h3h")
    assert r.phase is Phase.LAYOFF and r.turn is TWO and r.knocker is ONE
    assert r.knocker_deadwood == 10
    assert r.spread == [Meld("5s 6s 7s"), Meld("Qc Qd Qh"), Meld("Ah 2h 3h")]
    play(r, ["lay off 8s on 0", "lay off 9s on 0", "lay off Ts on 0", "lay off Qs on 1", "lay off 4h on 2"])
    assert r.spread == [Meld("5s 6s 7s 8s 9s Ts"), Meld("Qc Qd Qh Qs"), Meld("Ah 2h 3h 4h")]
    assert r.laid_off == CardSet("8s 9s Ts Qs 4h")
    assert conserved(r)
    result = r.finish_layoffs()
    assert r.is_terminal and r.turn is None and r.legal_actions() == []
    assert result.kind is ResultKind.KNOCK and result.winner is ONE
    assert (result.knocker_deadwood, result.defender_deadwood) == (10, 30)
    assert result.points(r.rules) == 20
    assert r.returns() == (20, -20)
    # The same hand settled by settle() (optimal layoffs) agrees.
    s = settle(
        best_melds(CardSet("5s 6s 7s Qc Qd Qh Ah 2h 3h Tc")), CardSet("8s 9s Ts Qs 4h Kc Kd 2c 3d 5d"), Rules(), ONE
    )
    assert s.result == result


def test_pass_pass_forces_the_stock_draw() -> None:
    # ONE: 2c 5c 8c Jc 3s 6s 9s Qs 4h 7h   TWO: Ac 4c 7c Tc 2s 5s 8s Js 3h 6h   upcard Kd
    r = deal("2c 5c 8c Jc 3s 6s 9s Qs 4h 7h", "Ac 4c 7c Tc 2s 5s 8s Js 3h 6h", "Kd", "9d")
    assert r.phase is Phase.UPCARD and r.turn is ONE and r.non_dealer is ONE
    r.pass_()
    assert r.phase is Phase.UPCARD and r.turn is TWO and r.passes == 1
    r.pass_()
    assert r.phase is Phase.DRAW and r.turn is ONE and r.passes == 2
    assert [str(a) for a in r.legal_actions()] == ["draw stock"]
    assert not r.can_take_discard() and r.can_draw_stock() and not r.can_pass()
    assert r.draw_stock() == Card("9d")
    assert r.phase is Phase.DISCARD and r.hand(ONE).issuperset(CardSet("9d"))
    r.discard("Qs")
    # From now on the pile may be taken as usual.
    assert r.turn is TWO and r.can_take_discard()
    assert r.take_discard() == Card("Qs")
    assert r.known_cards(TWO) == CardSet("Qs")
    assert not r.can_discard("Qs")
    r.discard("Tc")
    assert r.known_cards(TWO) == CardSet("Qs") and r.discards_of(TWO) == CardSet("Tc")


def test_a_tie_is_an_undercut() -> None:
    # ONE (knocker): 5s 6s 7s | Qc Qd Qh | Ah 2h 3h | 4c   (+ 9c drawn and knocked): deadwood 4
    # TWO (defender): Kc Kd Ks | 9d Td Jd | 8h 9h Th | 4d : deadwood 4, nothing to lay off
    # 4 against 4: an undercut under the rule card, worth 0 + 25 to TWO.
    hands = ("5s 6s 7s Qc Qd Qh Ah 2h 3h 4c", "Kc Kd Ks 9d Td Jd 8h 9h Th 4d")
    r = deal(*hands, "Jc", "9c")
    play(r, ["pass", "pass", "draw stock", "knock 9c", "finish layoffs"])
    res = r.result
    assert res is not None and res.kind is ResultKind.UNDERCUT and res.winner is TWO
    assert (res.knocker_deadwood, res.defender_deadwood) == (4, 4)
    assert res.points(r.rules) == 25 and r.returns() == (-25, 25)
    # Without undercut_on_tie the tie is a knock worth nothing.
    r2 = deal(*hands, "Jc", "9c", rules=Rules(undercut_on_tie=False))
    play(r2, ["pass", "pass", "draw stock", "knock 9c", "finish layoffs"])
    assert r2.result is not None and r2.result.kind is ResultKind.KNOCK and r2.result.winner is ONE
    assert r2.returns() == (0, 0)


def test_gin_takes_the_upcard_and_finishes_at_once() -> None:
    # ONE: 5s 6s 7s | Qc Qd Qh | Ah 2h 3h | Kc, upcard 4h completes A-2-3-4h; ONE takes it
    # and knocks Kc: gin.  TWO: 8s 2c 3c 5c 7c 9c Jd Kd 6d 8d (no layoffs against gin).
    two = "8s 2c 3c 5c 7c 9c Jd Kd 6d 8d"
    r = deal("5s 6s 7s Qc Qd Qh Ah 2h 3h Kc", two, "4h")
    assert r.take_discard() == Card("4h")
    assert not r.can_discard("4h")  # the card just taken
    assert Action.parse("knock Kc") in r.legal_actions()
    r.knock("Kc")
    assert r.phase is Phase.FINISHED and r.is_terminal
    res = r.result
    assert res is not None and res.kind is ResultKind.GIN and res.winner is ONE
    assert res.defender_deadwood == deadwood(CardSet(two)) and res.laid_off == CardSet()
    assert res.points(r.rules) == 25 + deadwood(CardSet(two))
    assert not r.can_lay_off("8s", 0)
    assert r.discard_pile == [Card("Kc")]


def test_big_gin_under_modern_rules() -> None:
    # ONE: 5s 6s 7s 8s | Qc Qd Qh | Ah 2h 3h, upcard 4h: eleven cards melded after taking it.
    one, two = "5s 6s 7s 8s Qc Qd Qh Ah 2h 3h", "9s 2c 3c 5c 7c 9c Jd Kd 6d 8d"
    r = deal(one, two, "4h", rules=Rules.modern())
    r.take_discard()
    assert r.can_declare_big_gin() and Action.big_gin() in r.legal_actions()
    r.apply(107)
    res = r.result
    assert res is not None and res.kind is ResultKind.BIG_GIN and res.winner is ONE
    assert res.points(r.rules) == 31 + deadwood(CardSet(two))
    assert len(r.hand(ONE)) == 11 and r.discard_pile == []
    # Under the rule card big gin is disabled; plain gin (shed the 8s or the 5s) remains.
    r2 = deal(one, two, "4h")
    r2.take_discard()
    assert not r2.can_declare_big_gin() and Action.big_gin() not in r2.legal_actions()
    with pytest.raises(BigGinDisabled):
        r2.declare_big_gin()
    r2.knock("8s")
    assert r2.result is not None and r2.result.kind is ResultKind.GIN


def test_oklahoma_with_a_four_upcard() -> None:
    # Upcard 4c under Oklahoma: the knock limit is 4 for this round.
    # ONE: 5s 6s 7s | Qc Qd Qh | Ah 2h 3h | 5d, draws 4d: knocking 4d keeps 5 (refused),
    # knocking 5d keeps 4 (allowed).
    rules = Rules(oklahoma=OklahomaAce.ONE)
    r = deal("5s 6s 7s Qc Qd Qh Ah 2h 3h 5d", "Kc Kd Ks 9d Td Jd 8h 9h Th 7c", "4c", "4d", rules=rules)
    assert r.knock_limit == 4 and r.rules.knock_limit == 10
    play(r, ["pass", "pass", "draw stock"])
    assert not r.can_knock("4d") and r.can_knock("5d")
    assert [str(a) for a in r.legal_actions() if a.kind.name == "KNOCK"] == ["knock 5d"]
    before = r.to_dict()
    with pytest.raises(TooMuchDeadwood, match="limit of 4"):
        r.knock("4d")
    assert r.to_dict() == before
    r.knock("5d")
    assert r.knocker_deadwood == 4
    res = r.finish_layoffs()
    assert res.kind is ResultKind.KNOCK and res.defender_deadwood == 7 and res.points(rules) == 3
    # An Ace upcard: 1 under OklahomaAce.ONE, gin only under GIN_ONLY.
    assert deal("5s 6s 7s Qc Qd Qh Ah 2h 3h 5d", "Kc Kd Ks 9d Td Jd 8h 9h Th 2d", "Ac", rules=rules).knock_limit == 1
    gin_only = Rules(oklahoma=OklahomaAce.GIN_ONLY)
    assert deal("5s 6s 7s Qc Qd Qh Ah 2h 3h 5d", "Kc Kd Ks 9d Td Jd 8h 9h Th 2d", "Ac", rules=gin_only).knock_limit == 0


def test_dead_hand_at_two_stock_cards() -> None:
    # Both pass; then each player draws from the stock and throws the drawn card back.
    # After the 29th draw the stock holds 2 cards: that discard ends a dead hand.
    r = deal("2c 5c 8c Jc 3s 6s 9s Qs 4h 7h", "Ac 4c 7c Tc 2s 5s 8s Js 3h 6h", "Kd")
    play(r, ["pass", "pass"])
    draws = 0
    while not r.is_terminal:
        c = r.draw_stock()
        draws += 1
        assert r.stock_size == 31 - draws
        r.discard(c)
    assert draws == 29 and r.stock_size == 2
    res = r.result
    assert res is not None and res.kind is ResultKind.DEAD and res.winner is None
    assert r.returns() == (0, 0) and r.turn is None
    m = Match(Rules(), TWO)
    m.record(res)
    assert m.next_dealer is TWO and m.scores == (0, 0)


def test_the_defender_may_lay_off_nothing_and_finish() -> None:
    # Layoffs are optional: finish_layoffs melds the defender's remaining cards optimally.
    r = deal("5s 6s 7s Qc Qd Qh Ah 2h 3h Tc", "8s 9s Ts Qs 4h Kc Kd 2c 3d 5d", "Jc", "9c")
    play(r, ["pass", "pass", "draw stock", "knock 9c"])
    res = r.finish_layoffs()
    # 8s 9s Ts is a meld of its own; Qs 4h Kc Kd 2c 3d 5d = 10+4+10+10+2+3+5 = 44.
    assert res.defender_deadwood == 44 and res.points(r.rules) == 34
