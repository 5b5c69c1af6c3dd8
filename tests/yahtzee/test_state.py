"""State: the clamping constructor, the 20-bit index layout and from_index over the whole
index space (the invariants of yahtzee-engine's State)."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.yahtzee import INDEX_SIZE, NUM_VALID_STATES, Categories, Category, State

from .reference import max_upper


def test_start() -> None:
    s = State.START
    assert s.index == 0 and s.scored == Categories() and s.upper == 0 and not s.yahtzee_50 and not s.is_full
    assert State() == s


def test_index_layout() -> None:
    s = State(Categories([Category.SIXES, Category.YAHTZEE]), 24, True)
    assert s.index == (1 << 5 | 1 << 11) | 24 << 13 | 1 << 19


def test_every_index_round_trips_or_is_invalid() -> None:
    valid = 0
    for i in range(INDEX_SIZE):
        s = State.from_index(i)
        scored, upper, flag = i & 0x1FFF, i >> 13 & 63, i >> 19 & 1
        ok = upper <= max_upper(scored) and (not flag or scored >> 11 & 1)
        if ok:
            assert s is not None and s.index == i
            assert State(s.scored, s.upper, s.yahtzee_50) == s
            valid += 1
        else:
            assert s is None
    assert valid == NUM_VALID_STATES == 591360
    assert State.from_index(-1) is None and State.from_index(INDEX_SIZE) is None


@given(st.integers(0, 0x1FFF), st.integers(-5, 100), st.booleans())
def test_constructor_accepts_exactly_the_reachable_states(bits: int, upper: int, y50: bool) -> None:
    from parlour.errors import InvalidValueError

    uncapped = sum(5 * f for f in range(1, 7) if bits >> (f - 1) & 1)
    reachable = 0 <= upper <= uncapped and (not y50 or bool(bits >> 11 & 1))
    if not reachable:
        with pytest.raises(InvalidValueError):
            State(Categories.from_bits(bits), upper, y50)
        return
    s = State(Categories.from_bits(bits), upper, y50)
    assert s.scored.bits == bits
    assert s.upper == min(upper, max_upper(bits))
    assert s.yahtzee_50 == y50
    assert State.from_index(s.index) == s
    assert pickle.loads(pickle.dumps(s)) == s
    assert eval(repr(s)) == s
    assert s.is_full == (bits == 0x1FFF)


def test_hash_and_eq() -> None:
    a = State(Categories([Category.ACES]), 3, False)
    assert {a: 1}[State.from_index(a.index)] == 1  # type: ignore[index]
    assert a != State.START and a != a.index
    assert len({State.from_index(i) for i in range(4096)}) == 4096


def test_state_refuses_what_no_card_reaches_instead_of_clamping() -> None:
    from parlour.errors import InvalidValueError, NotationError

    aces = Categories([Category.ACES])
    assert State(aces, 5).upper == 5
    for upper in (-1, 6, 10**6):
        with pytest.raises(InvalidValueError):
            State(aces, upper)
    with pytest.raises(InvalidValueError, match="Yahtzee box"):
        State(aces, 0, True)
    all_upper = Categories(
        [Category.ACES, Category.TWOS, Category.THREES, Category.FOURS, Category.FIVES, Category.SIXES]
    )
    assert State(all_upper, 70).upper == 63  # a subtotal above 63 is kept as 63
    with pytest.raises(InvalidValueError):
        State(all_upper, 106)
    assert State.parse("aces,chance upper=3") == State(Categories([Category.ACES, Category.CHANCE]), 3)
    assert State.parse(" start ") == State.START and State.parse("4097") == State.from_index(4097)
    assert State.parse("yahtzee,sixes upper=30 y50") == State(Categories([Category.YAHTZEE, Category.SIXES]), 30, True)
    for bad in ("aces upper=9", "aces,chance upper=3 y50", "bogus", "upper=x", "99999999999", "1048576"):
        with pytest.raises(NotationError):
            State.parse(bad)
