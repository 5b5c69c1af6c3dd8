"""Every refused action of a Round raises its documented error and changes nothing."""

from __future__ import annotations

import pickle
from collections.abc import Callable

import pytest

from parlour.cards import Card, CardSet
from parlour.errors import (
    IllegalActionError,
    InvalidValueError,
    NotationError,
    ParlourError,
    PhaseError,
    WrongTypeError,
)
from parlour.gin import (
    Action,
    BigGinDisabled,
    CannotLayOff,
    DealError,
    DiscardJustTaken,
    Meld,
    Melds,
    MeldsMismatch,
    MustDrawFromStock,
    NoSuchMeld,
    NotBigGin,
    NotInHand,
    RepeatedCard,
    Round,
    RoundError,
    Rules,
    TooMuchDeadwood,
    WrongHandSize,
    WrongPhase,
    WrongStockSize,
    best_melds,
)

from .conftest import DECK, ONE, TWO
from .conftest import deal as fixed_deal

KNOCKER = "5s 6s 7s Qc Qd Qh Ah 2h 3h Tc"  # deadwood 10 with 9c drawn and knocked
DEFENDER = "8s 9s Ts Qs 4h Kc Kd 2c 3d 5d"


def deal(
    one: str = KNOCKER, two: str = DEFENDER, upcard: str = "Jc", stock_top: str = "9c", rules: Rules | None = None
) -> Round:
    return fixed_deal(one, two, upcard, stock_top, rules)


def refused(r: Round, call: Callable[[Round], object], exc: type[Exception], *bases: type[Exception]) -> str:
    """Call and expect exc; the round, its snapshot and its pickle are unchanged."""
    before, copy, blob = r.to_dict(), r.clone(), pickle.dumps(r)
    with pytest.raises(exc) as info:
        call(r)
    assert isinstance(info.value, ParlourError)
    for b in bases:
        assert isinstance(info.value, b)
    assert r.to_dict() == before and r == copy and pickle.dumps(r) == blob
    return str(info.value)


def layoff_round() -> Round:
    r = deal()
    for a in ["pass", "pass", "draw stock", "knock 9c with 5s6s7s QcQdQh Ah2h3h"]:
        r.apply(a)
    return r


def test_error_hierarchy() -> None:
    assert issubclass(WrongPhase, RoundError) and issubclass(WrongPhase, PhaseError)
    for cls in (
        MustDrawFromStock,
        NotInHand,
        DiscardJustTaken,
        TooMuchDeadwood,
        MeldsMismatch,
        NotBigGin,
        BigGinDisabled,
        NoSuchMeld,
        CannotLayOff,
    ):
        assert issubclass(cls, RoundError) and issubclass(cls, IllegalActionError), cls
    for cls in (WrongHandSize, WrongStockSize, RepeatedCard):
        assert issubclass(cls, DealError) and issubclass(cls, InvalidValueError)


def test_wrong_phase_in_the_upcard_phase() -> None:
    r = deal()
    assert "UPCARD" in refused(r, lambda x: x.draw_stock(), WrongPhase, PhaseError)
    refused(r, lambda x: x.discard("Tc"), WrongPhase)
    refused(r, lambda x: x.knock("Tc"), WrongPhase)
    refused(r, lambda x: x.declare_big_gin(), WrongPhase)
    refused(r, lambda x: x.lay_off("Tc", 0), WrongPhase)
    refused(r, lambda x: x.finish_layoffs(), WrongPhase)
    for text in ["draw stock", "discard Tc", "knock Tc", "big gin", "lay off Tc on 0", "finish layoffs"]:
        assert not r.can_apply(text)
        refused(r, lambda x, t=text: x.apply(t), WrongPhase)


def test_wrong_phase_in_draw_and_discard() -> None:
    r = deal()
    r.pass_()
    r.pass_()
    refused(r, lambda x: x.pass_(), WrongPhase)
    refused(r, lambda x: x.discard("Tc"), WrongPhase)
    refused(r, lambda x: x.knock("Tc"), WrongPhase)
    refused(r, lambda x: x.lay_off("Tc", 0), WrongPhase)
    r.draw_stock()
    refused(r, lambda x: x.pass_(), WrongPhase)
    refused(r, lambda x: x.take_discard(), WrongPhase)
    refused(r, lambda x: x.draw_stock(), WrongPhase)
    refused(r, lambda x: x.finish_layoffs(), WrongPhase)
    refused(r, lambda x: x.lay_off("Tc", 0), WrongPhase)


def test_wrong_phase_in_layoff_and_finished() -> None:
    r = layoff_round()
    for call in (
        lambda x: x.pass_(),
        lambda x: x.take_discard(),
        lambda x: x.draw_stock(),
        lambda x: x.discard("8s"),
        lambda x: x.knock("8s"),
        lambda x: x.declare_big_gin(),
    ):
        refused(r, call, WrongPhase)
    r.finish_layoffs()
    for call in (
        lambda x: x.pass_(),
        lambda x: x.take_discard(),
        lambda x: x.draw_stock(),
        lambda x: x.discard("8s"),
        lambda x: x.knock("8s"),
        lambda x: x.lay_off("8s", 0),
        lambda x: x.finish_layoffs(),
        lambda x: x.declare_big_gin(),
    ):
        assert "FINISHED" in refused(r, call, WrongPhase)


def test_must_draw_from_stock() -> None:
    r = deal()
    r.pass_()
    r.pass_()
    msg = refused(r, lambda x: x.take_discard(), MustDrawFromStock, IllegalActionError)
    assert "passed" in msg
    refused(r, lambda x: x.apply(1), MustDrawFromStock)


def test_not_in_hand() -> None:
    r = deal()
    r.pass_()
    r.pass_()
    r.draw_stock()
    assert "8s" in refused(r, lambda x: x.discard("8s"), NotInHand)
    refused(r, lambda x: x.knock("8s"), NotInHand)
    r2 = layoff_round()
    refused(r2, lambda x: x.lay_off("5s", 0), NotInHand)  # the knocker's card
    refused(r2, lambda x: x.lay_off("Jc", 0), NotInHand)  # on the pile


def test_discard_just_taken() -> None:
    r = deal(upcard="Jh")
    assert r.take_discard() == Card("Jh")
    assert "just taken" in refused(r, lambda x: x.discard("Jh"), DiscardJustTaken)
    refused(r, lambda x: x.knock("Jh"), DiscardJustTaken)
    assert not r.can_discard("Jh") and r.can_discard("Tc")


def test_too_much_deadwood() -> None:
    r = deal(stock_top="Kh")
    r.pass_()
    r.pass_()
    r.draw_stock()  # hand deadwood: Tc + Kh; discarding either keeps 10: allowed
    assert r.can_knock("Kh") and r.can_knock("Tc")
    refused(r, lambda x: x.knock("5s"), TooMuchDeadwood)  # breaks the spade run: 5s gone, 6s 7s loose
    assert "16 deadwood" in refused(r, lambda x: x.knock("Kh", [Meld("5s 6s 7s"), Meld("Qc Qd Qh")]), TooMuchDeadwood)


def test_melds_mismatch() -> None:
    r = deal()
    r.pass_()
    r.pass_()
    r.draw_stock()
    refused(r, lambda x: x.knock("9c", [Meld("8s 9s Ts")]), MeldsMismatch)  # not in the hand
    refused(r, lambda x: x.knock("5s", [Meld("5s 6s 7s")]), MeldsMismatch)  # includes the discard
    refused(r, lambda x: x.knock("9c", [Meld("Ah 2h 3h"), Meld("Ah 2h 3h")]), MeldsMismatch)  # overlap
    refused(r, lambda x: x.knock("9c", best_melds(CardSet(KNOCKER) - Card("Tc"))), MeldsMismatch)  # another hand
    refused(r, lambda x: x.knock("9c", best_melds(r.hand(ONE))), MeldsMismatch)  # the hand with the discard
    # The right Melds is accepted.
    r.knock("9c", best_melds(r.hand(ONE) - Card("9c")))
    assert r.knocker is ONE


def test_big_gin_errors() -> None:
    eleven = "5s 6s 7s 8s Qc Qd Qh Ah 2h 3h"
    r = deal(one=eleven, two="9s 2c 3c 5c 7c 9c Jd Kd 6d 8d", upcard="4h", stock_top="Kc", rules=Rules.modern())
    r.take_discard()
    refused(r, lambda x: x.declare_big_gin([Meld("5s 6s 7s 8s"), Meld("Qc Qd Qh")]), NotBigGin)
    refused(r, lambda x: x.declare_big_gin([Meld("5s 6s 7s"), Meld("5s 6s 7s 8s")]), MeldsMismatch)
    refused(r, lambda x: x.declare_big_gin(best_melds(CardSet(eleven))), MeldsMismatch)
    assert r.can_declare_big_gin(best_melds(r.hand(ONE)))
    # Not all melded: NotBigGin.
    r2 = deal(
        one="5s 6s 7s 8s Qc Qd Qh Ah 2h 9h",
        two="9s 2c 3c 5c 7c 9c Jd Kd 6d 8d",
        upcard="4h",
        stock_top="Kc",
        rules=Rules.modern(),
    )
    r2.take_discard()
    assert "deadwood" in refused(r2, lambda x: x.declare_big_gin(), NotBigGin)
    # Disabled by the rules.
    r3 = deal(one=eleven, two="9s 2c 3c 5c 7c 9c Jd Kd 6d 8d", upcard="4h", stock_top="Kc")
    r3.take_discard()
    refused(r3, lambda x: x.declare_big_gin(), BigGinDisabled)
    refused(r3, lambda x: x.apply("big gin"), BigGinDisabled)


def test_layoff_errors() -> None:
    r = layoff_round()
    assert "3 meld" in refused(r, lambda x: x.lay_off("8s", 3), NoSuchMeld)
    refused(r, lambda x: x.lay_off("8s", -1), NoSuchMeld)
    refused(r, lambda x: x.lay_off("8s", 99), NoSuchMeld)
    refused(r, lambda x: x.lay_off("9s", 0), CannotLayOff)  # 9s only after 8s
    refused(r, lambda x: x.lay_off("8s", 1), CannotLayOff)
    refused(r, lambda x: x.lay_off("Kc", 1), CannotLayOff)
    r.lay_off("8s", 0)
    r.lay_off("9s", 0)
    assert r.spread[0] == Meld("5s 6s 7s 8s 9s")


def test_deal_errors() -> None:
    rest = [c for c in DECK if c not in CardSet(KNOCKER) and c not in CardSet(DEFENDER) and c != Card("Jc")]
    hands = (CardSet(KNOCKER), CardSet(DEFENDER))
    assert len(Round.from_deal(Rules(), TWO, hands, "Jc", rest).stock) == 31
    with pytest.raises(WrongHandSize, match="9 cards"):
        Round.from_deal(Rules(), TWO, (CardSet(KNOCKER) - Card("Tc"), CardSet(DEFENDER)), "Jc", rest + [Card("Tc")])
    with pytest.raises(WrongStockSize):
        Round.from_deal(Rules(), TWO, hands, "Jc", rest[:-1])
    with pytest.raises(RepeatedCard, match="5s"):
        Round.from_deal(Rules(), TWO, hands, "Jc", rest[:-1] + [Card("5s")])
    with pytest.raises(RepeatedCard):
        Round.from_deal(Rules(), TWO, hands, "5s", rest)
    with pytest.raises(RepeatedCard):
        Round.from_deal(Rules(), TWO, (CardSet(KNOCKER), CardSet(KNOCKER)), "Jc", rest)
    with pytest.raises(NotationError):
        Round.from_deal(Rules(), TWO, hands, "Xx", rest)
    assert Round.from_deal(Rules(), 1, hands, "Jc", rest).dealer is TWO  # seats as ints
    with pytest.raises(WrongTypeError):
        Round.from_deal(Rules(), "TWO", hands, "Jc", rest)  # type: ignore[arg-type]
    with pytest.raises(InvalidValueError):
        Round.from_deal(Rules(), -1, hands, "Jc", rest)
    with pytest.raises(WrongTypeError):
        Round.from_deal("rules", TWO, hands, "Jc", rest)  # type: ignore[arg-type]


def test_bad_arguments_raise_library_errors_and_change_nothing() -> None:
    r = deal()
    refused(r, lambda x: x.apply(999), InvalidValueError)
    refused(r, lambda x: x.apply(-1), InvalidValueError)
    refused(r, lambda x: x.apply(1.5), WrongTypeError)
    refused(r, lambda x: x.apply(True), WrongTypeError)
    refused(r, lambda x: x.apply("dance"), NotationError)
    assert r.hand(0) == r.hand(ONE) and r.observation(1) == r.observation(TWO)  # seats as ints
    refused(r, lambda x: x.hand(2), InvalidValueError)
    refused(r, lambda x: x.hand(1.0), WrongTypeError)
    refused(r, lambda x: x.observation("ONE"), WrongTypeError)
    r.pass_()
    r.pass_()
    r.draw_stock()
    refused(r, lambda x: x.discard("Zz"), NotationError)
    refused(r, lambda x: x.knock("9c", "5s6s7s"), WrongTypeError)
    refused(r, lambda x: x.knock("9c", [CardSet("5s 6s")]), InvalidValueError)  # not a meld
    refused(r, lambda x: x.lay_off("9c", 1.0), WrongTypeError)


def test_refused_actions_from_every_id_change_nothing() -> None:
    # Try every id in the first few phases: a legal one is accepted, an illegal one refused unchanged.
    r = deal()
    for step in ["pass", "pass", "draw stock", "knock 9c"]:
        legal = {a.id for a in r.legal_actions()}
        for i in range(265):
            if i in legal:
                copy = r.clone()
                copy.apply(i)
            else:
                assert not r.can_apply(i)
                refused(r, lambda x, i=i: x.apply(i), RoundError)
        r.apply(step)


def test_action_constructor_errors() -> None:
    with pytest.raises(InvalidValueError):
        Action.from_id(265)
    with pytest.raises(InvalidValueError):
        Action.lay_off("8s", 3)
    with pytest.raises(NotationError, match="'knock'"):
        Action.parse("knock")
    with pytest.raises(NotationError):
        Action.parse("lay off 8s on 7")
    with pytest.raises(NotationError):
        Action.parse("knock Qs with 5s6s")
    with pytest.raises(WrongTypeError):
        Action.parse(3)  # type: ignore[arg-type]
    with pytest.raises(InvalidValueError):
        Action.knock("Qs", [Meld("As 2s 3s")] * 4)
    assert isinstance(Melds, type)
