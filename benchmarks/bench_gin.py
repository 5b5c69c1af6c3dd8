"""Minimum deadwood per hand: parlour beside a brute-force reference and peer engines.

Three seeded hand sets — random 10-card hands, random 11-card hands (best discard)
and meld-dense 10-card hands — each timed through the batch API
(``deadwood_batch`` / ``best_discard_batch``), through single calls, through the
brute-force reference of the tests (every subset of disjoint melds, pure Python),
and through OpenSpiel's ``GinRummyUtils.min_deadwood`` and RLCard's meld clusters
when they are installed.  ``extra_info["us_per_hand"]`` is the figure to compare.

    PYTHONPATH=src python -m pytest benchmarks/bench_gin.py            # timed
    PYTHONPATH=src python benchmarks/bench_gin.py                       # the table of docs/gin.md
"""

from __future__ import annotations

import itertools
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from parlour.cards import CardSet
from parlour.gin import best_discard, best_discard_batch, deadwood, deadwood_batch

SEED = 20261129
# Every benchmark of a group handles the same N hands, so the group's ratio column
# compares engines per hand; the table of docs/gin.md (`python benchmarks/bench_gin.py`)
# times the batch API on larger arrays for a precise per-hand figure.
N = 1_000
N_BATCH = 100_000  # hands per batch call in the table of docs/gin.md (random hand sets)
N_DENSE = 20_000  # the same for the meld-dense set (built in Python)
N_SINGLE = 5_000  # hands for the single-call loops and the fast peers in the table
N_SLOW = 300  # hands for the brute force and RLCard in the table

# ---- hands -----------------------------------------------------------------------------

ALL_BITS = [16 * s + r for s in range(4) for r in range(1, 14)]


def _ref_melds() -> list[int]:
    out = []
    for rank in range(1, 14):
        for size in (3, 4):
            for suits in itertools.combinations(range(4), size):
                out.append(sum(1 << (16 * s + rank) for s in suits))
    for suit in range(4):
        for low in range(1, 12):
            for high in range(low + 2, 14):
                out.append(sum(1 << (16 * suit + r) for r in range(low, high + 1)))
    return out


REF_MELDS = _ref_melds()


def random_masks(n: int, cards: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    idx = np.argsort(rng.random((n, 52)), axis=1)[:, :cards]
    bits = 16 * (idx // 13) + idx % 13 + 1
    return np.bitwise_or.reduce(np.left_shift(np.uint64(1), bits.astype(np.uint64)), axis=1)


def dense_masks(n: int, cards: int, seed: int) -> np.ndarray:
    """Hands made of two to four overlapping melds, cut or filled to `cards` cards."""
    rng = random.Random(seed)
    out = np.empty(n, dtype=np.uint64)
    for i in range(n):
        hand = 0
        for _ in range(rng.randint(2, 4)):
            m = rng.choice(REF_MELDS)
            if bin(hand | m).count("1") > cards + 2:
                break
            hand |= m
        held = [b for b in ALL_BITS if hand >> b & 1]
        rng.shuffle(held)
        held = held[:cards]
        held += rng.sample([b for b in ALL_BITS if b not in held], cards - len(held))
        out[i] = sum(1 << b for b in held)
    return out


HAND_SETS: dict[str, Callable[[int], np.ndarray]] = {
    "random10": lambda n: random_masks(n, 10, SEED),
    "random11": lambda n: random_masks(n, 11, SEED + 1),
    "dense10": lambda n: dense_masks(n, 10, SEED + 2),
}

_CACHE: dict[tuple[str, int], np.ndarray] = {}


def hands(kind: str, n: int) -> np.ndarray:
    if kind == "dense10":
        n = min(n, N_DENSE)
    key = (kind, n)
    if key not in _CACHE:
        _CACHE[key] = HAND_SETS[kind](n)
    return _CACHE[key]


# ---- the brute-force reference (as in tests/gin/test_deadwood.py) ------------------------

VALUE = {16 * s + r: min(r, 10) for s in range(4) for r in range(1, 14)}


def _value(mask: int) -> int:
    return sum(VALUE[b] for b in ALL_BITS if mask >> b & 1)


def ref_deadwood(hand: int) -> int:
    inside = [m for m in REF_MELDS if m & hand == m]
    best = 0

    def rec(i: int, used: int) -> None:
        nonlocal best
        if i == len(inside):
            best = max(best, _value(used))
            return
        rec(i + 1, used)
        if inside[i] & used == 0:
            rec(i + 1, used | inside[i])

    rec(0, 0)
    return _value(hand) - best


def ref_best_discard(hand: int) -> int:
    return min(ref_deadwood(hand & ~(1 << b)) for b in ALL_BITS if hand >> b & 1)


# ---- peers -----------------------------------------------------------------------------


def openspiel_hands(masks: np.ndarray) -> list[list[int]]:
    """OpenSpiel card ids (suit order s c d h, rank-major within a suit)."""
    order = {1: 0, 0: 1, 3: 2, 2: 3}  # our suit -> OpenSpiel's suit
    return [[order[b // 16] * 13 + b % 16 - 1 for b in ALL_BITS if int(m) >> b & 1] for m in masks]


def rlcard_hands(masks: np.ndarray) -> list[list[Any]]:
    from rlcard.games.gin_rummy.utils.utils import card_from_text

    return [[card_from_text(str(c).upper()) for c in CardSet(int(m))] for m in masks]


def rlcard_deadwood(hand: list[Any]) -> int:
    from rlcard.games.gin_rummy.utils import melding, utils

    clusters = melding.get_best_meld_clusters(hand)
    return utils.get_deadwood_count(hand, clusters[0] if clusters else [])


# ---- benchmarks ------------------------------------------------------------------------


def _run(benchmark: Any, fn: Callable[[], Any], n: int) -> Any:
    result = benchmark(fn)
    benchmark.extra_info["hands"] = n
    stats = getattr(benchmark, "stats", None)
    if stats is not None and getattr(stats, "stats", None) is not None:
        benchmark.extra_info["us_per_hand"] = stats.stats.mean / n * 1e6
    return result


KINDS = ["random10", "random11", "dense10"]


def _ours_batch(kind: str) -> Callable[[np.ndarray], np.ndarray]:
    if kind == "random11":
        return lambda m: best_discard_batch(m)[0]
    return deadwood_batch


def _ours_single(kind: str) -> Callable[[int], int]:
    if kind == "random11":
        return lambda m: best_discard(m).deadwood
    return deadwood


@pytest.mark.parametrize("kind", KINDS)
def test_parlour_batch(benchmark: Any, kind: str) -> None:
    benchmark.group = f"deadwood-{kind}"
    masks = hands(kind, N_BATCH)[:N]
    fn = _ours_batch(kind)
    out = _run(benchmark, lambda: fn(masks), N)
    slow = [ref_best_discard(int(m)) if kind == "random11" else ref_deadwood(int(m)) for m in masks[:50]]
    assert out[:50].tolist() == slow


@pytest.mark.parametrize("kind", KINDS)
def test_parlour_single(benchmark: Any, kind: str) -> None:
    benchmark.group = f"deadwood-{kind}"
    ints = [int(m) for m in hands(kind, N_BATCH)[:N]]
    fn = _ours_single(kind)
    out = _run(benchmark, lambda: [fn(m) for m in ints], N)
    assert out == _ours_batch(kind)(hands(kind, N_BATCH)[:N]).tolist()


@pytest.mark.parametrize("kind", KINDS)
def test_brute_force_reference(benchmark: Any, kind: str) -> None:
    benchmark.group = f"deadwood-{kind}"
    ints = [int(m) for m in hands(kind, N_BATCH)[:N]]
    ref = ref_best_discard if kind == "random11" else ref_deadwood
    out = benchmark.pedantic(lambda: [ref(m) for m in ints], rounds=1, iterations=1)
    benchmark.extra_info["hands"] = N
    assert out == _ours_batch(kind)(hands(kind, N_BATCH)[:N]).tolist()


@pytest.mark.parametrize("kind", KINDS)
def test_openspiel(benchmark: Any, kind: str) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    benchmark.group = f"deadwood-{kind}"
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    os_hands = openspiel_hands(hands(kind, N_BATCH)[:N])
    out = _run(benchmark, lambda: [utils.min_deadwood(h) for h in os_hands], N)
    assert out == _ours_batch(kind)(hands(kind, N_BATCH)[:N]).tolist()


@pytest.mark.parametrize("kind", ["random10", "dense10"])
def test_rlcard(benchmark: Any, kind: str) -> None:
    pytest.importorskip("rlcard")
    benchmark.group = f"deadwood-{kind}"
    rl_hands = rlcard_hands(hands(kind, N_BATCH)[:N])
    out = benchmark.pedantic(lambda: [rlcard_deadwood(h) for h in rl_hands], rounds=1, iterations=1)
    benchmark.extra_info["hands"] = N
    assert out == _ours_batch(kind)(hands(kind, N_BATCH)[:N]).tolist()


# ---- the table of docs/gin.md -------------------------------------------------------------


def _best_of(fn: Callable[[], Any], repeat: int = 5) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def table(out: Any = sys.stdout) -> None:
    """Print the µs-per-hand table (best of 5) in Markdown."""
    rows: list[tuple[str, dict[str, float | None]]] = []
    try:
        import pyspiel

        utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    except ImportError:
        utils = None
    try:
        import rlcard  # noqa: F401

        have_rlcard = True
    except ImportError:
        have_rlcard = False
    engines = ["parlour batch", "parlour single", "brute force (Python)", "OpenSpiel min_deadwood", "RLCard"]
    results: dict[str, dict[str, float | None]] = {e: {} for e in engines}
    for kind in KINDS:
        masks = hands(kind, N_BATCH)
        fn = _ours_batch(kind)
        results["parlour batch"][kind] = _best_of(lambda fn=fn, masks=masks: fn(masks)) / len(masks) * 1e6
        ints = [int(m) for m in masks[:N_SINGLE]]
        single = _ours_single(kind)
        results["parlour single"][kind] = (
            _best_of(lambda single=single, ints=ints: [single(m) for m in ints]) / N_SINGLE * 1e6
        )
        slow = [int(m) for m in masks[:N_SLOW]]
        ref = ref_best_discard if kind == "random11" else ref_deadwood
        results["brute force (Python)"][kind] = (
            _best_of(lambda ref=ref, slow=slow: [ref(m) for m in slow], 1) / N_SLOW * 1e6
        )
        if utils is not None:
            os_hands = openspiel_hands(masks[:N_SINGLE])
            results["OpenSpiel min_deadwood"][kind] = (
                _best_of(lambda os_hands=os_hands: [utils.min_deadwood(h) for h in os_hands], 3) / N_SINGLE * 1e6
            )
        if have_rlcard and kind != "random11":
            rl = rlcard_hands(masks[:N_SLOW])
            results["RLCard"][kind] = _best_of(lambda rl=rl: [rlcard_deadwood(h) for h in rl], 1) / N_SLOW * 1e6
    rows = [(e, results[e]) for e in engines]
    print("| µs per hand | random 10 cards | random 11 cards (best discard) | meld-dense 10 cards |", file=out)
    print("|---|---:|---:|---:|", file=out)
    for name, r in rows:
        cells = [f"{r[k]:.3g}" if r.get(k) is not None else "—" for k in KINDS]
        print(f"| {name} | " + " | ".join(cells) + " |", file=out)


if __name__ == "__main__":
    table()
