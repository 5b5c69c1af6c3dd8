"""Plain-Python references for the Yahtzee tests: scoring, joker legality and one turn
of optimal play by direct enumeration (no lattice, no lanes).  Written from the rules
text, independently of the engine."""

from __future__ import annotations

import itertools
from collections import Counter
from functools import cache
from math import factorial

CATS = [
    "aces",
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "three_of_a_kind",
    "four_of_a_kind",
    "full_house",
    "small_straight",
    "large_straight",
    "yahtzee",
    "chance",
]
YAHTZEE = 11


def natural(cat: int, faces: tuple[int, ...]) -> int:
    c = Counter(faces)
    total = sum(faces)
    if cat < 6:
        return (cat + 1) * c[cat + 1]
    if cat == 6:
        return total if max(c.values()) >= 3 else 0
    if cat == 7:
        return total if max(c.values()) >= 4 else 0
    if cat == 8:
        return 25 if sorted(c.values()) == [2, 3] else 0
    s = set(faces)
    if cat == 9:
        return 30 if any({a, a + 1, a + 2, a + 3} <= s for a in (1, 2, 3)) else 0
    if cat == 10:
        return 40 if s in ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6}) else 0
    if cat == 11:
        return 50 if len(c) == 1 else 0
    return total


def rolls() -> list[tuple[int, ...]]:
    """The 252 distinct rolls as sorted face tuples."""
    return list(itertools.combinations_with_replacement(range(1, 7), 5))


def prob(faces: tuple[int, ...]) -> float:
    ways = factorial(len(faces))
    for n in Counter(faces).values():
        ways //= factorial(n)
    return ways / 6 ** len(faces)


def legal(scored: int, faces: tuple[int, ...], joker: str) -> list[int]:
    open_ = [c for c in range(13) if not scored >> c & 1]
    extra = len(set(faces)) == 1 and scored >> YAHTZEE & 1
    if not extra or joker != "forced":
        return open_
    f = faces[0]
    if f - 1 in open_:
        return [f - 1]
    lower = [c for c in open_ if c >= 6]
    return lower if lower else [c for c in open_ if c < 6]


def value_written(cat: int, faces: tuple[int, ...], scored: int, joker: str) -> int:
    extra = len(set(faces)) == 1 and scored >> YAHTZEE & 1
    if extra and joker != "none" and cat in (8, 9, 10):
        if joker == "forced" or scored >> (faces[0] - 1) & 1:
            return {8: 25, 9: 30, 10: 40}[cat]
    return natural(cat, faces)


def apply(
    state: tuple[int, int, bool], cat: int, faces: tuple[int, ...], rules: dict
) -> tuple[int, tuple[int, int, bool]]:
    """(reward, next state) of writing faces in cat; state = (scored, upper, y50)."""
    scored, upper, y50 = state
    v = value_written(cat, faces, scored, rules["joker"])
    reward = v
    if cat < 6:
        nu = min(63, upper + v)
        if rules["upper_bonus"] and upper < 63 <= nu:
            reward += 35
        upper = nu
    if len(set(faces)) == 1 and scored >> YAHTZEE & 1 and y50 and rules["yahtzee_bonus"]:
        reward += 100
    ny = y50 or (cat == YAHTZEE and v == 50)
    return reward, (scored | 1 << cat, upper, ny)


def turn_value(state: tuple[int, int, bool], value_of, rules: dict) -> float:
    """The expected further score from the start of a turn, by direct enumeration of every
    keep and every outcome of the rerolled dice; value_of(next_state) gives the successors."""
    all_rolls = rolls()

    def v0(faces):
        return max(
            r + value_of(n) for r, n in (apply(state, c, faces, rules) for c in legal(state[0], faces, rules["joker"]))
        )

    level = {r: v0(r) for r in all_rolls}
    for _ in range(2):
        keep_val: dict[tuple[int, ...], float] = {}

        def kv(keep, keep_val=keep_val, level=level):
            if keep not in keep_val:
                n = 5 - len(keep)
                keep_val[keep] = sum(
                    prob(o) * level[tuple(sorted(keep + o))]
                    for o in itertools.combinations_with_replacement(range(1, 7), n)
                )
            return keep_val[keep]

        new = {}
        for r in all_rolls:
            subs = {tuple(sorted(s)) for n in range(6) for s in itertools.combinations(r, n)}
            new[r] = max(kv(k) for k in subs)
        level = new
    return sum(prob(r) * level[r] for r in all_rolls)


@cache
def max_upper(scored: int) -> int:
    return min(63, sum(5 * (c + 1) for c in range(6) if scored >> c & 1))
