"""Dice and Keep: multisets of faces, their orders, probabilities and text."""

from __future__ import annotations

import copy
import itertools
import pickle
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.errors import InvalidValueError, NotationError, WrongTypeError
from parlour.yahtzee import Dice, Keep

from .reference import prob, rolls


def test_252_rolls_in_index_order() -> None:
    alls = Dice.all()
    assert len(alls) == 252 == len(set(alls))
    assert [d.faces for d in alls] == [list(r) for r in rolls()]
    assert all(d.index == i for i, d in enumerate(alls))
    assert str(alls[0]) == "11111" and str(alls[-1]) == "66666"


def test_probabilities_match_enumeration_of_7776_ordered_rolls() -> None:
    counts = Counter(tuple(sorted(t)) for t in itertools.product(range(1, 7), repeat=5))
    total = 0.0
    for d, p in Dice.outcomes():
        assert p == pytest.approx(counts[tuple(d.faces)] / 7776, abs=1e-15)
        assert d.probability == p == pytest.approx(prob(tuple(d.faces)))
        total += p
    assert total == pytest.approx(1.0, abs=1e-12)


def test_462_keeps_by_size_then_faces() -> None:
    keeps = Keep.all()
    assert len(keeps) == 462 == len(set(keeps))
    expected = [c for n in range(6) for c in itertools.combinations_with_replacement(range(1, 7), n)]
    assert [tuple(k.faces) for k in keeps] == expected
    assert all(k.index == i for i, k in enumerate(keeps))


@given(st.lists(st.integers(1, 6), min_size=5, max_size=5))
def test_dice_text_faces_counts_agree(faces: list[int]) -> None:
    d = Dice.from_faces(faces)
    assert d == Dice("".join(map(str, faces))) == Dice(faces)
    assert d.faces == sorted(faces)
    assert d.counts == tuple(faces.count(f) for f in range(1, 7))
    assert Dice.from_counts(list(d.counts)) == d
    assert d.sum == sum(faces) and len(d) == 5
    assert all(d.count(f) == faces.count(f) for f in range(1, 7))
    assert d.yahtzee_face == (faces[0] if len(set(faces)) == 1 else 0)
    assert eval(repr(d)) == d
    assert pickle.loads(pickle.dumps(d)) == d and copy.deepcopy(d) == d
    assert hash(d) == hash(Dice(str(d)))


@given(st.lists(st.integers(1, 6), min_size=5, max_size=5))
def test_keeps_are_the_distinct_submultisets_in_tie_break_order(faces: list[int]) -> None:
    d = Dice.from_faces(faces)
    ks = d.keeps()
    subs = {tuple(sorted(s)) for n in range(6) for s in itertools.combinations(faces, n)}
    assert {tuple(k.faces) for k in ks} == subs and len(ks) == len(subs)
    # all five first, then four, ..., none; each size in ascending index
    sizes = [len(k) for k in ks]
    assert sizes == sorted(sizes, reverse=True)
    for n in range(6):
        idx = [k.index for k in ks if len(k) == n]
        assert idx == sorted(idx)
    assert all(k.issubset(d) for k in ks)


@pytest.mark.parametrize("text", ["1234", "123456", "12340", "abcde", "1 2 3 4 7", ""])
def test_bad_dice_text(text: str) -> None:
    with pytest.raises(NotationError, match="five"):
        Dice(text)


def test_bad_dice_values() -> None:
    with pytest.raises(InvalidValueError):
        Dice.from_faces([1, 2, 3, 4, 7])
    with pytest.raises(InvalidValueError):
        Dice.from_counts([1, 1, 1, 1, 1, 1])
    with pytest.raises(InvalidValueError):
        Dice.from_index(252)
    with pytest.raises(InvalidValueError):
        Keep.from_index(-1)
    with pytest.raises(WrongTypeError):
        Dice(3.5)  # type: ignore[arg-type]


def test_keep_text() -> None:
    assert Keep("") == Keep("-") == Keep() and len(Keep()) == 0
    assert Keep("6 6") == Keep("66") == Keep.from_faces([6, 6])
    assert repr(Keep("66")) == "Keep('66')" and eval(repr(Keep("66"))) == Keep("66")
    with pytest.raises(NotationError):
        Keep("666666")
