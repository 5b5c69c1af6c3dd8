"""Deadwood, best_melds and best_discard against a brute-force reference written here.

The reference knows nothing of the engine: it lists every meld of a deck itself and
enumerates every subset of disjoint melds inside a hand (and, for large hands, an
exhaustive recursion on the lowest card, memoised on the remaining cards).
"""

from __future__ import annotations

import functools
import itertools
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.cards import Card, CardSet
from parlour.errors import InvalidValueError, NotationError, WrongTypeError
from parlour.gin import (
    ALL_MELDS,
    ArrangeError,
    Meld,
    MeldKind,
    best_discard,
    best_discard_batch,
    best_melds,
    deadwood,
    deadwood_batch,
)

# ---- the reference -------------------------------------------------------------------


def bit(rank: int, suit: int) -> int:
    return 1 << (16 * suit + rank)


def ref_all_melds() -> list[tuple[int, bool]]:
    """Every meld as (mask, is_set): 3- and 4-sets of each rank, runs of 3..13 per suit (Ace low)."""
    out = []
    for rank in range(1, 14):
        for size in (3, 4):
            for suits in itertools.combinations(range(4), size):
                out.append((sum(bit(rank, s) for s in suits), True))
    for suit in range(4):
        for low in range(1, 12):
            for high in range(low + 2, 14):
                out.append((sum(bit(r, suit) for r in range(low, high + 1)), False))
    return out


REF_MELDS = ref_all_melds()
VALUE = {16 * s + r: min(r, 10) for s in range(4) for r in range(1, 14)}


def value(mask: int) -> int:
    total = 0
    while mask:
        low = mask & -mask
        total += VALUE[low.bit_length() - 1]
        mask ^= low
    return total


def ref_arrangements(hand: int) -> list[tuple[int, int]]:
    """(melded mask, number of sets) of every subset of disjoint melds inside the hand."""
    inside = [(m, s) for m, s in REF_MELDS if m & hand == m]
    out: list[tuple[int, int]] = []

    def rec(i: int, used: int, sets: int) -> None:
        if i == len(inside):
            out.append((used, sets))
            return
        rec(i + 1, used, sets)
        m, s = inside[i]
        if m & used == 0:
            rec(i + 1, used | m, sets + s)

    rec(0, 0, 0)
    return out


def ref_deadwood(hand: int) -> int:
    return value(hand) - max(value(used) for used, _ in ref_arrangements(hand))


@functools.cache
def ref_deadwood_large(hand: int) -> int:
    """Exhaustive on the lowest card: it is deadwood, or in one of the melds holding it."""
    if hand == 0:
        return 0
    low = hand & -hand
    best = VALUE[low.bit_length() - 1] + ref_deadwood_large(hand ^ low)
    for m, _ in REF_MELDS:
        if m & low and m & hand == m:
            best = min(best, ref_deadwood_large(hand & ~m))
    return best


def mask_of(text: str) -> int:
    return CardSet(text).mask


# ---- hands ---------------------------------------------------------------------------

ALL_BITS = [16 * s + r for s in range(4) for r in range(1, 14)]


def random_hand(rng: random.Random, n: int) -> int:
    return sum(1 << b for b in rng.sample(ALL_BITS, n))


def dense_hand(rng: random.Random, n: int) -> int:
    """A hand built mostly from overlapping melds, then filled with random cards."""
    hand = 0
    for _ in range(rng.randint(2, 5)):
        m, _s = rng.choice(REF_MELDS)
        if bin(hand | m).count("1") > n:
            break
        hand |= m
    cards = [b for b in ALL_BITS if hand >> b & 1]
    rng.shuffle(cards)
    cards = cards[:n]
    rest = [b for b in ALL_BITS if b not in cards]
    cards += rng.sample(rest, n - len(cards))
    return sum(1 << b for b in cards)


@st.composite
def hands(draw: st.DrawFn, n: int, dense: bool) -> int:
    seed = draw(st.integers(0, 2**32 - 1))
    rng = random.Random(seed)
    return dense_hand(rng, n) if dense else random_hand(rng, n)


# ---- published examples --------------------------------------------------------------


def test_published_examples() -> None:
    # The gin-rummy crate's examples (docs.rs): the run beats the set, and the set beats the run.
    assert deadwood("Tc Qc 4d 9d 4h 9h Jh 4s 5s 6s") == 56
    arr = best_melds("Tc Qc 4d 9d 4h 9h Jh 4s 5s 6s")
    assert [m.kind for m in arr.melds] == [MeldKind.RUN] and arr.deadwood == 56
    assert deadwood("Jc Kc 5d Jd Kd 3h 4h 5h 2s 5s") == 49
    arr = best_melds("Jc Kc 5d Jd Kd 3h 4h 5h 2s 5s")
    assert [m.kind for m in arr.melds] == [MeldKind.SET] and arr.deadwood == 49


def test_best_discard_is_exact_over_all_discards() -> None:
    hand = "2c 4c 5c 6c 3d 4d 5d 6d 5h 6h 2s"
    d = best_discard(hand)
    assert d.deadwood == 9 and d.card == Card("6h") and d.ties == CardSet("6h")
    assert d.deadwood == min(ref_deadwood(mask_of(hand) & ~c.mask) for c in CardSet(hand))
    # Dropping the top deadwood card of an optimal 11-card arrangement can do worse:
    # 4-5-6 clubs and diamonds plus 5-6 hearts... leave 4d on top, and 11 after it.
    h = mask_of(hand)
    arrangements = ref_arrangements(h)
    best = max(value(u) for u, _ in arrangements)
    shortcut = []
    for used, _ in arrangements:
        if value(used) == best:
            top = max(CardSet(h & ~used), key=lambda c: (c.deadwood, c.rank, c.suit))
            shortcut.append(deadwood(CardSet(hand) - top))
    assert min(shortcut) == 9 and max(shortcut) == 11
    dw, idx = best_discard_batch(np.array([mask_of(hand)], dtype=np.uint64))
    assert dw[0] == 9 and Card.from_index(int(idx[0])) == Card("6h")


def test_card_deadwood_values() -> None:
    for c in CardSet.full_deck():
        assert c.deadwood == min(int(c.rank), 10)
    assert deadwood(CardSet.full_deck()) == 0
    assert deadwood(CardSet()) == 0


def test_known_hands() -> None:
    assert deadwood("As 2s 3s Qs Ks Ac") == 21  # Q-K-A is not a run
    assert deadwood("Ks As 2s") == 13  # nor K-A-2
    assert deadwood("7c 7s 7h 7d 8c 9c") == 0  # 3-set plus 7-8-9 clubs
    assert best_melds("7c 7s 7h 7d 8c 9c").deadwood == 0
    assert str(best_melds("7h 8h 9h Qc Qd Qs Ad 5d")) == "7h8h9h QcQsQd | Ad5d"
    assert best_melds("7h 8h 9h Qc Qd Qs Ad 5d").unicode() == "7♥8♥9♥ Q♣Q♠Q♦ | A♦5♦"
    six = best_melds("3h 4h 5h 6h 7h 8h")
    assert len(six.melds) == 1 and len(six.melds[0]) == 6  # one maximal run


# ---- the engine agrees with the reference ---------------------------------------------


def check_hand(hand: int) -> None:
    arrangements = ref_arrangements(hand)
    best_value = max(value(u) for u, _ in arrangements)
    expected = value(hand) - best_value
    assert deadwood(hand) == expected, CardSet(hand)
    arr = best_melds(hand)
    assert arr.hand.mask == hand and arr.deadwood == expected
    used = 0
    for m in arr.melds:
        assert Meld.is_meld(m.cards) and m.cards.mask & used == 0 and m.cards.mask & hand == m.cards.mask
        used |= m.cards.mask
    assert arr.melded.mask == used
    # Tie-break: the fewest sets among the optimal arrangements.
    fewest = min(s for u, s in arrangements if value(u) == best_value)
    assert sum(m.kind == MeldKind.SET for m in arr.melds) == fewest


def check_discard(hand: int) -> None:
    cards = list(CardSet(hand))
    by_card = {c: ref_deadwood(hand & ~c.mask) for c in cards}
    low = min(by_card.values())
    ties = [c for c in cards if by_card[c] == low]
    expected = max(ties, key=lambda c: (int(c.rank), int(c.suit)))
    d = best_discard(hand)
    assert (d.card, d.deadwood, d.ties) == (expected, low, CardSet(ties))
    dw, idx = best_discard_batch(np.array([hand], dtype=np.uint64))
    assert int(dw[0]) == low and Card.from_index(int(idx[0])) == expected, CardSet(hand)


@given(hands(10, dense=False))
def test_random_10(hand: int) -> None:
    check_hand(hand)


@given(hands(10, dense=True))
def test_dense_10(hand: int) -> None:
    check_hand(hand)


@given(hands(11, dense=False))
def test_random_11_discard(hand: int) -> None:
    check_hand(hand)
    check_discard(hand)


@given(hands(11, dense=True))
def test_dense_11_discard(hand: int) -> None:
    check_hand(hand)
    check_discard(hand)


def test_thousands_of_seeded_hands() -> None:
    rng = random.Random(20261129)
    masks = []
    for i in range(4000):
        n = 10 + i % 2
        masks.append(dense_hand(rng, n) if i % 4 >= 2 else random_hand(rng, n))
    expected = [ref_deadwood(m) for m in masks]
    got = deadwood_batch(np.array(masks, dtype=np.uint64))
    assert got.dtype == np.uint8 and got.tolist() == expected
    assert [deadwood(m) for m in masks[:500]] == expected[:500]
    for m in masks[:300]:
        check_hand(m)
    for m in [m for m in masks if bin(m).count("1") == 11][:150]:
        check_discard(m)


@given(st.integers(0, 2**32 - 1), st.integers(0, 11))
def test_small_hands(seed: int, n: int) -> None:
    rng = random.Random(seed)
    hand = dense_hand(rng, n) if seed % 2 else random_hand(rng, n)
    check_hand(hand)
    if n:
        check_discard(hand)


@st.composite
def large_hands(draw: st.DrawFn) -> int:
    """12..30 cards, many ranks held three or four times (the dynamic-program path)."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    start = rng.randint(1, 8)
    ranks = range(start, start + rng.randint(4, 6))
    hand = 0
    for r in ranks:
        for s in rng.sample(range(4), rng.randint(3, 4)):
            hand |= bit(r, s)
    extra = [b for b in ALL_BITS if not hand >> b & 1]
    for b in rng.sample(extra, rng.randint(0, 6)):
        hand |= 1 << b
    return hand


@settings(max_examples=15)
@given(large_hands())
def test_large_hands(hand: int) -> None:
    check_large_hand(hand)


@pytest.mark.slow
@settings(max_examples=200)
@given(large_hands())
def test_large_hands_long(hand: int) -> None:
    check_large_hand(hand)


def check_large_hand(hand: int) -> None:
    """deadwood, deadwood_batch and best_discard of a large hand against the reference."""
    expected = ref_deadwood_large(hand)
    assert deadwood(hand) == expected
    assert deadwood_batch(np.array([hand], dtype=np.uint64))[0] == min(expected, 255)
    if bin(hand).count("1") <= 18:
        d = best_discard(hand)
        assert d.deadwood == min(ref_deadwood_large(hand & ~c.mask) for c in CardSet(hand))


# ---- bad input -------------------------------------------------------------------------


def test_bad_input() -> None:
    with pytest.raises(ArrangeError, match="at most 11"):
        best_melds(CardSet.full_deck())
    with pytest.raises(InvalidValueError, match="empty"):
        best_discard(CardSet())
    with pytest.raises(WrongTypeError):
        deadwood(1.5)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="Xx"):
        deadwood("As Xx")
    with pytest.raises(InvalidValueError):
        deadwood(1)  # bit 0 is not a card
    with pytest.raises(InvalidValueError, match=r"masks\[1\]"):
        deadwood_batch(np.array([2, 1], dtype=np.uint64))
    with pytest.raises(InvalidValueError, match=r"masks\[0\]"):
        best_discard_batch(np.array([1 << 63], dtype=np.uint64))
    with pytest.raises(WrongTypeError):
        deadwood_batch(np.array([1.0, 2.0]))
    with pytest.raises(InvalidValueError, match="1-D"):
        deadwood_batch(np.zeros((2, 2), dtype=np.uint64))
    assert deadwood_batch(np.array([], dtype=np.uint64)).shape == (0,)
    dw, idx = best_discard_batch(np.array([0], dtype=np.uint64))
    assert dw[0] == 0 and idx[0] == 255


def test_all_melds_match_the_reference() -> None:
    assert len(ALL_MELDS) == 329
    assert sum(m.kind == MeldKind.SET for m in ALL_MELDS) == 65
    assert sum(m.kind == MeldKind.RUN for m in ALL_MELDS) == 264
    assert sorted(m.cards.mask for m in ALL_MELDS) == sorted(m for m, _ in REF_MELDS)
    assert len(set(ALL_MELDS)) == 329


def test_set_heavy_11_card_discards() -> None:
    """Hands with several 3- and 4-of-a-kinds (forced and open sets, discards from sets)."""
    rng = random.Random(5)
    masks = []
    for _ in range(1500):
        hand = 0
        for r in rng.sample(range(1, 14), rng.choice([1, 2, 2, 3])):
            for s in rng.sample(range(4), rng.choice([3, 4, 4])):
                hand |= bit(r, s)
        cards = [b for b in ALL_BITS if hand >> b & 1]
        rng.shuffle(cards)
        cards = cards[:11]
        cards += rng.sample([b for b in ALL_BITS if b not in cards], 11 - len(cards))
        masks.append(sum(1 << b for b in cards))
    dw, idx = best_discard_batch(np.array(masks, dtype=np.uint64))
    for m, d, i in zip(masks, dw.tolist(), idx.tolist()):
        cards = list(CardSet(m))
        by_card = {c: ref_deadwood(m & ~c.mask) for c in cards}
        low = min(by_card.values())
        expected = max([c for c in cards if by_card[c] == low], key=lambda c: (int(c.rank), int(c.suit)))
        assert (d, Card.from_index(i)) == (low, expected), CardSet(m)
