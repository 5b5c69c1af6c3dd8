"""CardSet operations against a pure-Python frozenset of cards, each pair in one group.

Run: ``python -m pytest benchmarks/bench_cards.py`` (the table's "OPS" column and the
ratio between the two rows of a group are the figures); CI runs it with
``--benchmark-disable`` as a smoke test.  Each benchmark applies the operation to a
batch of 1,000 seeded random pairs of hands so that loop overhead is shared.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from parlour.cards import Card, CardSet, Rng

N = 1000


def _hands(seed: int) -> list[tuple[CardSet, CardSet]]:
    rng = Rng(seed)
    out = []
    for _ in range(N):
        deck = rng.shuffled_deck()
        out.append((CardSet(deck[:10]), CardSet(deck[10:21])))
    return out


PAIRS = _hands(2026)
PY_PAIRS = [(frozenset(a), frozenset(b)) for a, b in PAIRS]
PROBE = Card("7h")

CASES: dict[str, Callable[[Any, Any], Any]] = {
    "union": lambda a, b: a | b,
    "intersection": lambda a, b: a & b,
    "difference": lambda a, b: a - b,
    "symmetric_difference": lambda a, b: a ^ b,
    "subset": lambda a, b: a <= b,
    "contains": lambda a, b: PROBE in a,
    "len": lambda a, b: len(a),
    "equality": lambda a, b: a == b,
}


def _run(pairs: list[tuple[Any, Any]], op: Callable[[Any, Any], Any]) -> None:
    for a, b in pairs:
        op(a, b)


@pytest.mark.parametrize("name", list(CASES))
@pytest.mark.parametrize("impl", ["parlour", "frozenset"])
def test_cardset_op(benchmark: Any, name: str, impl: str) -> None:
    benchmark.group = f"cardset-{name}"
    benchmark.extra_info["pairs_per_round"] = N
    pairs = PAIRS if impl == "parlour" else PY_PAIRS
    op = CASES[name]
    # Both implementations agree on the answer before they are timed.
    assert [op(a, b) if not isinstance(op(a, b), (CardSet, frozenset)) else set(op(a, b)) for a, b in PAIRS[:20]] == [
        op(a, b) if not isinstance(op(a, b), (CardSet, frozenset)) else set(op(a, b)) for a, b in PY_PAIRS[:20]
    ]
    benchmark(_run, pairs, op)


@pytest.mark.parametrize("impl", ["parlour", "frozenset"])
def test_iterate(benchmark: Any, impl: str) -> None:
    benchmark.group = "cardset-iterate"
    hands = [a for a, _ in PAIRS] if impl == "parlour" else [a for a, _ in PY_PAIRS]
    benchmark(lambda: [list(h) for h in hands])


@pytest.mark.parametrize("impl", ["parlour", "frozenset"])
def test_build_from_cards(benchmark: Any, impl: str) -> None:
    benchmark.group = "cardset-build"
    lists = [list(a) for a, _ in PAIRS]
    ctor = CardSet if impl == "parlour" else frozenset
    benchmark(lambda: [ctor(x) for x in lists])


class _PyCard:
    """The baseline card: a plain Python object with rank and suit attributes (plain ints)."""

    __slots__ = ("rank", "suit")

    def __init__(self, rank: int, suit: int) -> None:
        self.rank = rank
        self.suit = suit


@pytest.mark.parametrize("impl", ["parlour", "python"])
def test_card_attributes(benchmark: Any, impl: str) -> None:
    """Reading rank and suit of every card of 1,000 hands (Card returns its Rank/Suit members)."""
    benchmark.group = "card-attributes"
    hands: list[list[Any]] = [list(a) for a, _ in PAIRS]
    if impl == "python":
        hands = [[_PyCard(int(c.rank), int(c.suit)) for c in h] for h in hands]

    def total() -> int:
        return sum(c.rank * 4 + c.suit for h in hands for c in h)

    assert total() == sum(int(c.rank) * 4 + int(c.suit) for a, _ in PAIRS for c in a)
    benchmark(total)
