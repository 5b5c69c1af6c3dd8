"""The shared card types: Card, Rank, Suit, Colour and CardSet (a frozenset of cards over a mask)."""

from __future__ import annotations

import copy
import operator
import pickle

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.cards import (
    FULL_DECK,
    Card,
    CardSet,
    Colour,
    Rank,
    Suit,
    cards_to_masks,
    colour_of,
    deck,
    dense_to_masks,
    masks_to_cards,
    masks_to_dense,
)
from parlour.errors import InvalidValueError, NotationError, ParlourError, StateFormatError, WrongTypeError

RANKS = "A23456789TJQK"
SUITS = "cshd"  # CLUB=0, SPADE=1, HEART=2, DIAMOND=3

ALL_CARDS = [Card.from_index(i) for i in range(52)]
cards_st = st.sampled_from(ALL_CARDS)
sets_st = st.frozensets(cards_st)


def as_cardset(cards: frozenset[Card]) -> CardSet:
    return CardSet(list(cards))


# --- Card -------------------------------------------------------------------------------------


def test_enum_values_are_documented() -> None:
    assert [int(s) for s in (Suit.CLUB, Suit.SPADE, Suit.HEART, Suit.DIAMOND)] == [0, 1, 2, 3]
    assert int(Rank.ACE) == 1 and int(Rank.TEN) == 10 and int(Rank.KING) == 13
    assert len(Rank) == 13 and len(Suit) == 4
    assert colour_of(Suit.CLUB) == colour_of(Suit.SPADE) == Colour.BLACK
    assert colour_of(Suit.HEART) == colour_of(Suit.DIAMOND) == Colour.RED


def test_every_card_encodings() -> None:
    seen = set()
    for i, card in enumerate(ALL_CARDS):
        assert card.index == i == 13 * int(card.suit) + int(card.rank) - 1
        assert card.bit == 16 * int(card.suit) + int(card.rank)
        assert card.mask == 1 << card.bit
        assert Card.from_bit(card.bit) == card
        assert Card(card.rank, card.suit) == card
        assert Card(int(card.rank), int(card.suit)) == card
        assert str(card) == RANKS[int(card.rank) - 1] + SUITS[int(card.suit)]
        assert Card(str(card)) == card == Card.parse(str(card).upper()) == Card.parse(str(card).lower())
        assert eval(repr(card)) == card
        assert Card.parse(card.unicode()) == card
        assert Card.parse(card.long_name()) == card
        assert card.colour == colour_of(card.suit)
        seen.add(card)
    assert len(seen) == 52 and deck() == ALL_CARDS


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("As", "As"),
        ("td", "Td"),
        ("10h", "Th"),
        ("10C", "Tc"),
        ("TC", "Tc"),
        ("JD", "Jd"),
        ("Jack of Diamonds", "Jd"),
        ("jack of diamonds", "Jd"),
        ("10 of hearts", "Th"),
        ("Ace of Spade", "As"),
        ("Two of Clubs", "2c"),
        ("  7c ", "7c"),
        ("7♠", "7s"),
        ("Q♡", "Qh"),
    ],
)
def test_parse_forms(text: str, expected: str) -> None:
    assert str(Card.parse(text)) == expected
    assert Card(text) == Card.parse(text)


@pytest.mark.parametrize(
    "text", ["1x", "", "A", "1s", "11s", "Ax", "AsKs", "As ", "Zero of Clubs", "Jack of Stars", "0h", "s"]
)
def test_parse_errors_quote_the_input(text: str) -> None:
    if text == "As ":  # trailing space is trimmed: a valid card
        assert Card.parse(text) == Card("As")
        return
    with pytest.raises(NotationError) as info:
        Card.parse(text)
    assert repr(text.strip()) in str(info.value) or repr(text) in str(info.value)
    assert isinstance(info.value, ValueError) and isinstance(info.value, ParlourError)


def test_card_construction_errors() -> None:
    with pytest.raises(InvalidValueError, match="rank"):
        Card(14, 0)
    with pytest.raises(InvalidValueError, match="rank"):
        Card(0, Suit.CLUB)
    with pytest.raises(InvalidValueError, match="suit"):
        Card(1, 4)
    with pytest.raises(InvalidValueError):
        Card.from_index(52)
    with pytest.raises(InvalidValueError):
        Card.from_index(-1)
    for bad_bit in (0, 14, 15, 16, 64, -1):
        with pytest.raises(InvalidValueError):
            Card.from_bit(bad_bit)
    with pytest.raises(TypeError):
        Card(1.5)  # type: ignore[call-overload]


def test_card_ordering_hash_and_foreign_equality() -> None:
    assert sorted(reversed(ALL_CARDS), key=lambda c: c) == sorted(ALL_CARDS, key=lambda c: c.bit)
    assert Card("Ac") < Card("Kc") < Card("As") < Card("Ah") < Card("Ad")
    assert len({Card("As"), Card("as"), Card("Ace of Spades")}) == 1
    assert Card("As") != "As" and not (Card("As") == 1)
    assert (Card("As") == object()) is False
    with pytest.raises(TypeError):
        _ = Card("As") < 3  # type: ignore[operator]


def test_card_pickle_and_copy() -> None:
    for card in ALL_CARDS:
        assert pickle.loads(pickle.dumps(card)) == card
        assert copy.copy(card) == card and copy.deepcopy(card) == card
    for state in ((1, 2), (7,), ("Zz",)):
        blank = Card.__new__(Card)
        with pytest.raises(StateFormatError):
            blank.__setstate__(state)


# --- CardSet behaves as a frozenset of cards ---------------------------------------------------


@given(sets_st, sets_st)
def test_cardset_is_a_frozenset(a: frozenset[Card], b: frozenset[Card]) -> None:
    x, y = as_cardset(a), as_cardset(b)
    assert len(x) == len(a) and bool(x) == bool(a)
    assert list(x) == sorted(a, key=lambda c: c.bit)  # stable bit order
    assert set(x) == a
    for op in (operator.or_, operator.and_, operator.xor, operator.sub):
        assert set(op(x, y)) == op(a, b)
    for op in (operator.le, operator.lt, operator.ge, operator.gt, operator.eq, operator.ne):
        assert op(x, y) == op(a, b)
    assert x.issubset(y) == a.issubset(b) and x.issuperset(y) == a.issuperset(b)
    assert x.isdisjoint(y) == a.isdisjoint(b)
    assert set(x.union(y)) == a.union(b) and set(x.intersection(y)) == a.intersection(b)
    assert set(x.difference(y)) == a.difference(b)
    assert set(x.symmetric_difference(y)) == a.symmetric_difference(b)
    assert x.issubset(list(b)) == a.issubset(b)  # methods take any iterable of cards, as frozenset's do
    for card in ALL_CARDS[::7]:
        assert (card in x) == (card in a)
        assert set(x | card) == a | {card} and set(card | x) == a | {card}
        assert set(x - card) == a - {card} and set(card - x) == {card} - a
        assert set(x & card) == a & {card} and set(x ^ card) == a ^ {card}
    assert (x == y) == (hash(x) == hash(y)) or x != y
    assert CardSet(x.mask) == x == CardSet.from_mask(int(x)) == CardSet(str(x)) == eval(repr(x))
    assert operator.index(x) == x.mask == sum(c.mask for c in a)
    assert pickle.loads(pickle.dumps(x)) == x and copy.deepcopy(x) == x


def test_cardset_text_and_constructors() -> None:
    s = CardSet("As 2s 3s")
    assert str(s) == "As 2s 3s" and repr(s) == "CardSet('As 2s 3s')"
    assert s.unicode() == "A♠ 2♠ 3♠"
    assert CardSet("As2s3s") == CardSet("as, 2S, 3s") == CardSet(["As", "2s", Card("3s")]) == s
    assert CardSet() == CardSet("") == CardSet([]) and repr(CardSet()) == "CardSet()"
    assert str(CardSet("10h Jh")) == "Th Jh"
    assert CardSet(Card("Kd")) == CardSet("Kd")
    assert len(FULL_DECK) == 52 and FULL_DECK == CardSet.full_deck() == CardSet(ALL_CARDS)
    assert FULL_DECK.mask == 0x3FFE3FFE3FFE3FFE
    assert CardSet.of_suit(Suit.SPADE) == CardSet([c for c in ALL_CARDS if c.suit == Suit.SPADE])
    assert Card("As") | Card("2s") == CardSet("As 2s")
    assert s.cards() == [Card("As"), Card("2s"), Card("3s")]


def test_cardset_foreign_types() -> None:
    s = CardSet("As 2s")
    assert s != frozenset(s) and (s == 3) is False
    assert "As" not in s and 1 not in s  # only Card objects are members, as in a frozenset of Card
    with pytest.raises(TypeError):
        _ = s | 3  # type: ignore[operator]
    with pytest.raises(TypeError):
        _ = s - "As"  # type: ignore[operator]
    with pytest.raises(TypeError):
        _ = s <= frozenset()  # type: ignore[operator]


@pytest.mark.parametrize(
    ("arg", "error", "quoted"),
    [
        (1, InvalidValueError, "0x0000000000000001"),
        (1 << 62, InvalidValueError, "0x4000000000000000"),
        (1 << 14, InvalidValueError, "0x0000000000004000"),
        (-1, InvalidValueError, "-1"),
        (1 << 64, InvalidValueError, str(1 << 64)),
        ("As Zz", NotationError, "'Zz'"),
        ("As As", NotationError, "As"),
        (1.5, WrongTypeError, "1.5"),
        ([Card("As"), 3], WrongTypeError, "3"),
        (True, WrongTypeError, "True"),
        (None, WrongTypeError, "None"),
    ],
)
def test_cardset_bad_input(arg: object, error: type[Exception], quoted: str) -> None:
    with pytest.raises(error) as info:
        CardSet(arg)  # type: ignore[arg-type]
    assert quoted in str(info.value)


def test_cardset_from_mask_and_pickle_errors() -> None:
    with pytest.raises(InvalidValueError):
        CardSet.from_mask(0x1)
    for state in ((0x1,), ("x",), (1, 2)):
        with pytest.raises(StateFormatError):
            CardSet.__new__(CardSet).__setstate__(state)


# --- NumPy batch conversions --------------------------------------------------------------------


@given(st.lists(sets_st, max_size=20))
def test_batch_conversions(hands: list[frozenset[Card]]) -> None:
    masks = cards_to_masks([list(h) for h in hands])
    assert masks.dtype == np.uint64 and masks.shape == (len(hands),)
    assert [set(cs) for cs in masks_to_cards(masks)] == [set(h) for h in hands]
    dense = masks_to_dense(masks)
    assert dense.shape == (len(hands), 52) and dense.dtype == np.bool_
    for row, h in zip(dense, hands):
        assert {i for i in range(52) if row[i]} == {c.index for c in h}
    assert np.array_equal(dense_to_masks(dense), masks)


def test_batch_errors() -> None:
    with pytest.raises(InvalidValueError, match=r"masks\[1\]"):
        masks_to_cards(np.array([0, 1], dtype=np.uint64))
    with pytest.raises(InvalidValueError, match=r"masks\[0\]"):
        masks_to_dense(np.array([1 << 63], dtype=np.uint64))
    with pytest.raises(InvalidValueError, match="52"):
        dense_to_masks(np.zeros((3, 51), dtype=bool))
    with pytest.raises(WrongTypeError):
        cards_to_masks([1.5])
    with pytest.raises(WrongTypeError):
        masks_to_cards("As")
    with pytest.raises(WrongTypeError, match="dtype"):
        masks_to_cards(np.array([1.5]))
    with pytest.raises(InvalidValueError, match="negative"):
        masks_to_cards(np.array([2, -2]))
    with pytest.raises(InvalidValueError, match="1-D"):
        masks_to_dense(np.zeros((2, 2), dtype=np.uint64))
    assert masks_to_cards([int(Card("As").mask)]) == [[Card("As")]]  # plain lists work too
    assert masks_to_cards(np.array([], dtype=np.uint64)) == []
