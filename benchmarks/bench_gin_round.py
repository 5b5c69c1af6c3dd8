"""Whole rounds of random play per second: parlour beside a pure-Python round and OpenSpiel.

Every engine plays the same game — uniform random among the legal actions until the
round ends — and ``extra_info["rounds_per_s"]`` is the figure to compare:

- ``parlour Python protocol``: a Python loop over ``legal_action_ids()`` / ``apply(id)``;
- ``parlour Python actions``: the same with ``legal_actions()`` / ``apply(Action)``;
- ``parlour simulate_rounds``: the whole loop in C++ (GIL released), one core;
- ``pure-Python reference``: the rule card's round written here in plain Python
  (exact deadwood by enumerating disjoint melds), a baseline, not an engine;
- ``OpenSpiel gin_rummy``: pyspiel's game driven from Python (skipped when missing).

    PYTHONPATH=src python -m pytest benchmarks/bench_gin_round.py       # timed
    PYTHONPATH=src python benchmarks/bench_gin_round.py                  # the table of docs/gin_round.md
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from typing import Any

import pytest

from parlour.cards import Rng
from parlour.gin import Player, Round, Rules, simulate_rounds

SEED = 20261129
N_PY = 2_000  # rounds through the Python protocol
N_SIM = 100_000  # rounds in simulate_rounds
N_REF = 40  # rounds of the pure-Python reference
N_OS = 40  # rounds of OpenSpiel


# ---- parlour ----------------------------------------------------------------------------


def parlour_ids(n: int, seed: int = SEED) -> int:
    rng = Rng(seed)
    rules = Rules()
    actions = 0
    for i in range(n):
        r = Round.deal(rules, Player.ONE if i % 2 == 0 else Player.TWO, rng)
        while not r.is_terminal:
            ids = r.legal_action_ids()
            r.apply(ids[rng.below(len(ids))])
            actions += 1
    return actions


def parlour_actions(n: int, seed: int = SEED) -> int:
    rng = random.Random(seed)
    rules = Rules()
    actions = 0
    for i in range(n):
        r = Round.deal(rules, Player.ONE if i % 2 == 0 else Player.TWO, i + seed)
        while not r.is_terminal:
            r.apply(rng.choice(r.legal_actions()))
            actions += 1
    return actions


def parlour_simulate(n: int, seed: int = SEED) -> int:
    return int(simulate_rounds(n, seed).actions)


# ---- the pure-Python reference round ------------------------------------------------------
# Cards are 0..51 (index = 13*suit + rank - 1); melds are bit masks over those indices.


def _melds() -> list[int]:
    out = []
    for rank in range(13):
        suits = [1 << (13 * s + rank) for s in range(4)]
        out.append(sum(suits))
        out += [sum(suits) - x for x in suits]
    for suit in range(4):
        for low in range(13):
            for high in range(low + 2, 13):
                out.append(sum(1 << (13 * suit + r) for r in range(low, high + 1)))
    return out


MELDS = _melds()
VALUE = [min(i % 13 + 1, 10) for i in range(52)]


def value(mask: int) -> int:
    return sum(VALUE[i] for i in range(52) if mask >> i & 1)


def arrangement(hand: int) -> tuple[int, list[int]]:
    """(deadwood, melds) of an optimal arrangement, by enumerating disjoint melds."""
    inside = [m for m in MELDS if m & hand == m]
    best: tuple[int, list[int]] = (value(hand), [])

    def rec(i: int, used: int, chosen: list[int]) -> None:
        nonlocal best
        if i == len(inside):
            dw = value(hand & ~used)
            if dw < best[0]:
                best = (dw, list(chosen))
            return
        rec(i + 1, used, chosen)
        if inside[i] & used == 0:
            chosen.append(inside[i])
            rec(i + 1, used | inside[i], chosen)
            chosen.pop()

    rec(0, 0, [])
    return best


def extends(meld: int, card: int) -> bool:
    grown = meld | 1 << card
    return (grown != meld and grown in MELD_SET) or _is_run(grown)


MELD_SET = set(MELDS)


def _is_run(mask: int) -> bool:
    idx = [i for i in range(52) if mask >> i & 1]
    return len({i // 13 for i in idx}) == 1 and idx == list(range(idx[0], idx[0] + len(idx))) and len(idx) >= 3


def reference_round(rng: random.Random, dealer: int, limit: int = 10) -> str:
    """Play one round uniformly at random; returns the kind of result."""
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [0, 0]
    nd = 1 - dealer
    for i in range(10):
        hands[nd] |= 1 << deck[2 * i]
        hands[dealer] |= 1 << deck[2 * i + 1]
    pile, stock = [deck[20]], deck[21:]
    turn, passes = nd, 0
    while passes < 2:  # the upcard offer
        if rng.random() < 0.5:
            break
        passes += 1
        turn = dealer if passes == 1 else nd
    first = True
    while True:
        # draw (the upcard offer taken, or a normal draw)
        if first and passes < 2:
            taken: int | None = pile.pop()
        elif not first and rng.random() < 0.5:
            taken = pile.pop()
        else:
            taken = None
            hands[turn] |= 1 << stock.pop()
        if taken is not None:
            hands[turn] |= 1 << taken
        first = False
        h = hands[turn]
        cards = [c for c in range(52) if h >> c & 1 and c != taken]
        options = [("discard", c) for c in cards]
        options += [("knock", c) for c in cards if arrangement(h & ~(1 << c))[0] <= limit]
        kind, card = rng.choice(options)
        hands[turn] &= ~(1 << card)
        pile.append(card)
        if kind == "knock":
            kdw, spread = arrangement(hands[turn])
            if kdw == 0:
                return "gin"
            d = 1 - turn
            while True:  # random layoffs, then finish
                moves = [(c, i) for i, m in enumerate(spread) for c in range(52) if hands[d] >> c & 1 and extends(m, c)]
                pick = rng.randrange(len(moves) + 1)
                if pick == len(moves):
                    break
                c, i = moves[pick]
                spread[i] |= 1 << c
                hands[d] &= ~(1 << c)
            ddw = arrangement(hands[d])[0]
            return "undercut" if ddw <= kdw else "knock"
        if len(stock) <= 2:
            return "dead"
        turn = 1 - turn


def reference(n: int, seed: int = SEED) -> int:
    rng = random.Random(seed)
    kinds = [reference_round(rng, i % 2) for i in range(n)]
    return len(kinds)


# ---- OpenSpiel ----------------------------------------------------------------------------


def openspiel(n: int, seed: int = SEED) -> int:
    import numpy as np
    import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]

    game = pyspiel.load_game("gin_rummy")
    rng = np.random.default_rng(seed)
    actions = 0
    for _ in range(n):
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                outcomes = s.chance_outcomes()
                a = outcomes[rng.integers(len(outcomes))][0]
            else:
                legal = s.legal_actions()
                a = legal[rng.integers(len(legal))]
                actions += 1
            s.apply_action(a)
    return actions


# ---- benchmarks ----------------------------------------------------------------------------

ENGINES: dict[str, tuple[Callable[[int], int], int]] = {
    "parlour Python protocol (ids)": (parlour_ids, N_PY),
    "parlour Python protocol (Action objects)": (parlour_actions, N_PY),
    "parlour simulate_rounds (C++)": (parlour_simulate, N_SIM),
    "pure-Python reference": (reference, N_REF),
    "OpenSpiel gin_rummy (Python)": (openspiel, N_OS),
}


def _run(benchmark: Any, name: str) -> None:
    fn, n = ENGINES[name]
    benchmark.group = "gin-round-random-play"
    benchmark.extra_info["rounds"] = n
    out = benchmark(lambda: fn(n))
    assert out > 0
    stats = getattr(benchmark, "stats", None)
    if stats is not None and getattr(stats, "stats", None) is not None:
        benchmark.extra_info["rounds_per_s"] = n / stats.stats.mean


def test_parlour_python_ids(benchmark: Any) -> None:
    _run(benchmark, "parlour Python protocol (ids)")


def test_parlour_python_actions(benchmark: Any) -> None:
    _run(benchmark, "parlour Python protocol (Action objects)")


def test_parlour_simulate_rounds(benchmark: Any) -> None:
    _run(benchmark, "parlour simulate_rounds (C++)")


def test_pure_python_reference(benchmark: Any) -> None:
    _run(benchmark, "pure-Python reference")


def test_openspiel(benchmark: Any) -> None:
    pytest.importorskip("pyspiel")
    _run(benchmark, "OpenSpiel gin_rummy (Python)")


def test_reference_plays_the_same_game() -> None:
    """The reference's outcome mix is that of simulate_rounds (same rules, same random play)."""
    rng = random.Random(1)
    kinds = [reference_round(rng, i % 2) for i in range(60)]
    assert set(kinds) <= {"dead", "knock", "undercut", "gin"} and "dead" in kinds


# ---- the table of docs/gin_round.md --------------------------------------------------------------


def table(out: Any = sys.stdout, repeat: int = 3) -> None:
    """Print rounds per second (best of `repeat`) in Markdown."""
    print("| engine | rounds/s | vs OpenSpiel |", file=out)
    print("|---|---:|---:|", file=out)
    rates: dict[str, float] = {}
    for name, (fn, n) in ENGINES.items():
        if name.startswith("OpenSpiel"):
            try:
                import pyspiel  # noqa: F401
            except ImportError:
                continue
        best = float("inf")
        for _ in range(repeat):
            t = time.perf_counter()
            fn(n)
            best = min(best, time.perf_counter() - t)
        rates[name] = n / best
    base = rates.get("OpenSpiel gin_rummy (Python)")
    for name, rate in rates.items():
        ratio = f"{rate / base:.1f}x" if base else "-"
        print(f"| {name} | {rate:,.0f} | {ratio} |", file=out)


if __name__ == "__main__":
    table()
