"""The engine-owned generator: xoshiro256** pinned by golden sequences, exact bounded ints, shuffles."""

from __future__ import annotations

import copy
import pickle
from collections import Counter

import pytest

from parlour.cards import Card, Rng, shuffled_deck
from parlour.errors import InvalidValueError, StateFormatError, WrongTypeError

MASK64 = (1 << 64) - 1


def splitmix64(x: int) -> tuple[int, int]:
    x = (x + 0x9E3779B97F4A7C15) & MASK64
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return x, z ^ (z >> 31)


def rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & MASK64


class RefRng:
    """A plain-Python xoshiro256** with the library's documented seeding, bounding and shuffle."""

    def __init__(self, seed: int) -> None:
        self.s = []
        x = seed
        for _ in range(4):
            x, z = splitmix64(x)
            self.s.append(z)

    def next(self) -> int:
        s = self.s
        result = (rotl((s[1] * 5) & MASK64, 7) * 9) & MASK64
        t = (s[1] << 17) & MASK64
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 45)
        return result

    def below(self, n: int) -> int:
        m = self.next() * n
        low = m & MASK64
        if low < n:
            threshold = ((1 << 64) - n) % n
            while low < threshold:
                m = self.next() * n
                low = m & MASK64
        return m >> 64

    def shuffle(self, v: list[object]) -> None:
        for i in range(len(v), 1, -1):
            j = self.below(i)
            v[i - 1], v[j] = v[j], v[i - 1]


# Published first outputs: SplitMix64 seeded with 1234567 (Vigna's reference test values).
def test_splitmix_reference_values() -> None:
    x = 1234567
    out = []
    for _ in range(3):
        x, z = splitmix64(x)
        out.append(z)
    assert out == [6457827717110365317, 3203168211198807973, 9817491932198370423]


def test_golden_sequence_seed_0_and_1() -> None:
    # Pinned outputs: a change here changes every shuffle of every saved game.
    assert [Rng(0).next_u64() for _ in range(1)] == [RefRng(0).next()]
    r = Rng(1)
    assert [r.next_u64() for _ in range(4)] == [
        0xB3F2AF6D0FC710C5,
        0x853B559647364CEA,
        0x92F89756082A4514,
        0x642E1C7BC266A3A7,
    ]
    assert [str(c) for c in shuffled_deck(1)[:8]] == ["Tc", "Ks", "9h", "Td", "8s", "6h", "5h", "Kd"]


@pytest.mark.parametrize("seed", [0, 1, 42, 2**63 + 5, 2**64 - 1])
def test_matches_python_reference(seed: int) -> None:
    ours, ref = Rng(seed), RefRng(seed)
    assert [ours.next_u64() for _ in range(100)] == [ref.next() for _ in range(100)]
    for n in (1, 2, 3, 7, 52, 1000, 2**33 + 1, 2**63 + 1, 2**64 - 1):
        assert [ours.below(n) for _ in range(20)] == [ref.below(n) for _ in range(20)]
    deck = list(range(52))
    ref.shuffle(deck)  # type: ignore[arg-type]
    assert [c.index for c in ours.shuffled_deck()] == deck


def test_bounded_is_uniform_enough() -> None:
    r = Rng(7)
    counts = Counter(r.below(6) for _ in range(60000))
    assert set(counts) == set(range(6))
    assert all(abs(v - 10000) < 500 for v in counts.values())
    xs = [r.random() for _ in range(10000)]
    assert all(0.0 <= x < 1.0 for x in xs) and 0.48 < sum(xs) / len(xs) < 0.52


def test_shuffle_list_and_deck() -> None:
    items = list(range(10))
    Rng(3).shuffle(items)
    ref = list(range(10))
    RefRng(3).shuffle(ref)  # type: ignore[arg-type]
    assert items == ref and sorted(items) == list(range(10))
    d = shuffled_deck(99)
    assert len(set(d)) == 52 and all(isinstance(c, Card) for c in d)
    assert shuffled_deck(99) == d and shuffled_deck(100) != d
    r = Rng(99)
    assert shuffled_deck(r) == d and r != Rng(99)  # drawing from an Rng advances it


def test_state_save_restore_pickle_copy() -> None:
    r = Rng(5)
    r.next_u64()
    saved = r.state
    a = [r.next_u64() for _ in range(5)]
    r.state = saved
    assert [r.next_u64() for _ in range(5)] == a
    r2 = Rng.from_state(saved)
    assert [r2.next_u64() for _ in range(5)] == a
    r3 = Rng(5)
    r3.next_u64()
    for clone in (pickle.loads(pickle.dumps(r3)), copy.copy(r3), copy.deepcopy(r3), eval(repr(r3))):
        assert clone == r3 and clone is not r3
        assert [clone.next_u64() for _ in range(5)] == a
    assert r3.state == saved  # clones are independent


def test_jump_gives_another_stream() -> None:
    a, b = Rng(1), Rng(1)
    b.jump()
    assert a != b
    xs = {a.next_u64() for _ in range(1000)}
    assert not xs & {b.next_u64() for _ in range(1000)}


def test_bad_input() -> None:
    with pytest.raises(InvalidValueError):
        Rng(-1)
    with pytest.raises(InvalidValueError):
        Rng(2**64)
    with pytest.raises(WrongTypeError):
        Rng("1")  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError):
        shuffled_deck(1.0)  # type: ignore[arg-type]
    with pytest.raises(InvalidValueError):
        Rng.from_state((0, 0, 0, 0))
    with pytest.raises(InvalidValueError):
        Rng(1).below(0)
    for state in (((0, 0, 0, 0),), ("x",), ((1, 2, 3),)):
        with pytest.raises(StateFormatError):
            Rng.__new__(Rng).__setstate__(state)
    with pytest.raises(TypeError):
        hash(Rng(1))
