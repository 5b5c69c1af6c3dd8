"""Meld and Melds: construction, validation, extension, the value-type protocol."""

from __future__ import annotations

import pickle

import pytest

from parlour.cards import Card, CardSet, Rank, Suit
from parlour.errors import InvalidValueError, NotationError, WrongTypeError
from parlour.gin import ArrangeError, InvalidMeld, Meld, MeldKind, Melds, Player, best_melds


def test_constructors() -> None:
    s = Meld.set(Rank.SEVEN)
    assert s.kind == MeldKind.SET and len(s) == 4 and s.rank == Rank.SEVEN and s.suit is None
    t = Meld.set(7, missing=Suit.HEART)
    assert t.cards == CardSet("7c 7s 7d") and t.len == 3
    r = Meld.run(Suit.SPADE, 5, 8)
    assert r.cards == CardSet("5s 6s 7s 8s") and r.kind == MeldKind.RUN
    assert (r.suit, r.low, r.high, r.rank) == (Suit.SPADE, Rank.FIVE, Rank.EIGHT, None)
    assert Meld.from_cards("As 2s 3s") == Meld.run(Suit.SPADE, 1, 3) == Meld("3s 2s As")
    assert Meld("Jd Js Jh").kind == MeldKind.SET and Meld("Jd Js Jh").value == 30
    assert Card("7s") in r and list(Meld("As 2s 3s")) == [Card("As"), Card("2s"), Card("3s")]


def test_invalid_melds_say_why() -> None:
    with pytest.raises(InvalidMeld, match="too few"):
        Meld("As 2s")
    with pytest.raises(InvalidMeld, match="mixes"):
        Meld("As 2s 3h")
    with pytest.raises(InvalidMeld, match="not consecutive"):
        Meld("Qs Ks As")  # the Ace is low only
    with pytest.raises(InvalidMeld, match="not consecutive"):
        Meld("Ks As 2s")
    with pytest.raises(InvalidMeld, match="not consecutive"):
        Meld("4s 5s 7s")
    with pytest.raises(InvalidMeld):
        Meld.run(Suit.SPADE, 12, 14)
    with pytest.raises(InvalidMeld):
        Meld.run(Suit.SPADE, 5, 6)
    with pytest.raises(InvalidMeld):
        Meld.set(0)
    with pytest.raises(InvalidMeld):
        Meld.set(5, missing=7)
    with pytest.raises(WrongTypeError):
        Meld.set("seven")  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        Meld("As 2s 3x")
    assert issubclass(InvalidMeld, InvalidValueError) and issubclass(InvalidMeld, ValueError)
    assert not Meld.is_meld("Qs Ks As") and Meld.is_meld("Ts Js Qs Ks")


def test_extended_chains() -> None:
    r = Meld("5s 6s 7s")
    assert r.extensions == CardSet("4s 8s")
    r8 = r.extended("8s")
    assert r8 is not None and r8 == Meld("5s 6s 7s 8s")
    r9 = r8.extended(Card("9s"))
    assert r9 is not None and r9.cards == CardSet("5s 6s 7s 8s 9s")
    assert r.extended("9s") is None and r.extended("8h") is None
    assert Meld("Qs Ks Js").extensions == CardSet("Ts")  # no Ace above the King
    assert Meld("As 2s 3s").extensions == CardSet("4s")
    s3 = Meld("7c 7s 7h")
    s4 = s3.extended("7d")
    assert s4 is not None and len(s4) == 4 and s4.extended("8d") is None and s4.extensions == CardSet()


def test_melds_validation() -> None:
    arr = Melds("7h 8h 9h Qc Qd Qs Ad 5d", [Meld("7h 8h 9h"), "Qc Qd Qs"])
    assert arr.deadwood == 6 and arr.deadwood_cards == CardSet("Ad 5d") and arr.melded == CardSet("7h 8h 9h Qc Qd Qs")
    assert arr == best_melds("7h 8h 9h Qc Qd Qs Ad 5d") and not arr.is_gin
    with pytest.raises(ArrangeError, match="overlap"):
        Melds("7h 8h 9h 7c 7d", [Meld("7h 8h 9h"), Meld("7h 7c 7d")])
    with pytest.raises(ArrangeError, match="not in the hand"):
        Melds("7h 8h Kd", [Meld("7h 8h 9h")])
    with pytest.raises(ArrangeError, match="at most 11"):
        Melds(CardSet.full_deck() - CardSet.of_suit(Suit.DIAMOND) - CardSet.of_suit(Suit.HEART), [])
    with pytest.raises(InvalidMeld):
        Melds("As 2s 4s", ["As 2s 4s"])
    with pytest.raises(WrongTypeError):
        Melds("As 2s 3s", [3.5])  # type: ignore[list-item]
    assert issubclass(ArrangeError, InvalidValueError)


def test_protocol() -> None:
    m = Meld("7h 8h 9h")
    assert repr(m) == "Meld('7h 8h 9h')" and str(m) == "7h 8h 9h" and m.unicode() == "7♥8♥9♥"
    assert pickle.loads(pickle.dumps(m)) == m and hash(m) == hash(Meld("9h 8h 7h"))
    assert sorted([Meld("7h 8h 9h"), Meld("As 2s 3s")])[0] == Meld("As 2s 3s")
    arr = best_melds("7h 8h 9h Qc Qd Qs Ad 5d")
    assert pickle.loads(pickle.dumps(arr)) == arr
    assert str(Melds()) == "" and str(best_melds("As 2s 3s")) == "As2s3s |" and str(best_melds("Kd")) == "| Kd"
    assert Player.ONE.opponent == Player.TWO and Player.TWO.opponent == Player.ONE and int(Player.TWO) == 1
