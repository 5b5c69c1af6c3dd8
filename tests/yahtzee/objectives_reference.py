"""Brute-force references for the objectives beyond the mean, in plain Python, for small
restricted games (a card with only a few open boxes).  Written from the rules text with
the scoring of reference.py, independently of the engine: every turn is enumerated roll
by roll and keep by keep (no lattice, no lanes, no tables).

* :func:`distribution` — the exact distribution of the further score of a strategy given
  as ``policy(state, faces, rolls_left)``;
* :func:`optimal_mean` — the optimal expected further score (for checking that a
  strategy is the expected-score optimum);
* :func:`threshold` — the largest probability of scoring at least t more, for each t
  (each t optimised separately; NumPy arrays over t);
* :func:`utility` — the largest expected value of ``f(points + further score)``, for
  every number of points scored so far.

States are tuples ``(scored_bits, upper, yahtzee_50)``.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Callable, Iterable
from functools import cache

import numpy as np

from . import reference as ref

RefState = tuple[int, int, bool]
# A decision: ("score", category) or ("keep", sorted faces kept)
Decision = tuple[str, object]
Policy = Callable[[RefState, tuple[int, ...], int], Decision]
FULL = (1 << 13) - 1


@cache
def outcomes(n: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """The distinct results of rolling n dice with their probabilities."""
    return tuple((o, ref.prob(o)) for o in itertools.combinations_with_replacement(range(1, 7), n))


def sub_keeps(faces: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every distinct sub-multiset of the dice (all five included)."""
    return sorted({tuple(sorted(c)) for n in range(6) for c in itertools.combinations(faces, n)})


def complete(keep: tuple[int, ...]) -> Iterable[tuple[tuple[int, ...], float]]:
    """The rolls that complete a keep, with their probabilities."""
    for o, p in outcomes(5 - len(keep)):
        yield tuple(sorted(keep + o)), p


def turn(state: RefState, policy: Policy, rules: dict) -> dict[tuple[int, RefState], float]:
    """{(points scored, next state): probability} of one turn under a policy."""
    mass: dict[tuple[int, ...], float] = {r: ref.prob(r) for r in ref.rolls()}
    out: dict[tuple[int, RefState], float] = defaultdict(float)
    for rolls_left in (2, 1, 0):
        kept: dict[tuple[int, ...], float] = defaultdict(float)
        for faces, w in mass.items():
            kind, x = policy(state, faces, rolls_left)
            if kind == "score":
                assert isinstance(x, int) and x in ref.legal(state[0], faces, rules["joker"]), (state, faces, x)
                out[ref.apply(state, x, faces, rules)] += w
            else:
                assert isinstance(x, tuple) and rolls_left > 0 and len(x) < 5
                kept[x] += w
        mass = defaultdict(float)
        for keep, w in kept.items():
            for faces, p in complete(keep):
                mass[faces] += w * p
    return out


def distribution(state: RefState, policy: Policy, rules: dict) -> dict[int, float]:
    """{further score: probability} from the start of a turn in state."""
    memo: dict[RefState, dict[int, float]] = {}

    def dist(s: RefState) -> dict[int, float]:
        if s[0] == FULL:
            return {0: 1.0}
        if s not in memo:
            acc: dict[int, float] = defaultdict(float)
            for (reward, nxt), p in turn(s, policy, rules).items():
                for x, q in dist(nxt).items():
                    acc[reward + x] += p * q
            memo[s] = dict(acc)
        return memo[s]

    return dist(state)


def optimal_mean(state: RefState, rules: dict) -> float:
    """The optimal expected further score, by reference.turn_value over every state."""
    memo: dict[RefState, float] = {}

    def value(s: RefState) -> float:
        if s[0] == FULL:
            return 0.0
        if s not in memo:
            memo[s] = ref.turn_value(s, value, rules)
        return memo[s]

    return value(state)


def _best_turn(state: RefState, after: Callable[[int, RefState], np.ndarray], rules: dict) -> np.ndarray:
    """The largest expectation, lane by lane, of after(points written, next state) (an array
    over the lanes, each lane optimised separately) over the turn's decisions: the best box
    for each final roll, the best keep for each roll with one and with two rolls left."""
    level = {}
    for r in ref.rolls():
        level[r] = np.max(
            [after(*ref.apply(state, c, r, rules)) for c in ref.legal(state[0], r, rules["joker"])], axis=0
        )
    for _ in range(2):
        keep_value: dict[tuple[int, ...], np.ndarray] = {}
        new = {}
        for r in ref.rolls():
            best = None
            for k in sub_keeps(r):
                if k not in keep_value:
                    keep_value[k] = level[r] if len(k) == 5 else sum(p * level[f] for f, p in complete(k))
                best = keep_value[k] if best is None else np.maximum(best, keep_value[k])
            new[r] = best
        level = new
    return sum(ref.prob(r) * level[r] for r in ref.rolls())


def threshold(state: RefState, targets: int, rules: dict) -> np.ndarray:
    """[max P(further score >= t) for t in 0..targets], each t optimised separately."""
    memo: dict[RefState, np.ndarray] = {}

    def v(s: RefState) -> np.ndarray:
        if s[0] == FULL:
            out = np.zeros(targets + 1)
            out[0] = 1.0
            return out
        if s not in memo:

            def after(pts: int, nxt: RefState) -> np.ndarray:
                # lane t needs t - pts more from nxt; nothing more once t <= pts
                shifted = np.ones(targets + 1)
                if pts <= targets:
                    shifted[pts:] = v(nxt)[: targets + 1 - pts]
                return shifted

            memo[s] = _best_turn(s, after, rules)
        return memo[s]

    return v(state)


def utility(state: RefState, f: Callable[[int], float], top: int, rules: dict) -> np.ndarray:
    """[max E[f(p + further score)] for p in 0..top] from the start of a turn in state, for
    an f that is constant from `top` on (lanes: the points so far)."""
    memo: dict[RefState, np.ndarray] = {}
    fx = np.array([f(p) for p in range(top + 1)])

    def w(s: RefState) -> np.ndarray:
        if s[0] == FULL:
            return fx
        if s not in memo:

            def after(pts: int, nxt: RefState) -> np.ndarray:
                shifted = np.full(top + 1, fx[top])
                if pts <= top:
                    shifted[: top + 1 - pts] = w(nxt)[pts:]
                return shifted

            memo[s] = _best_turn(s, after, rules)
        return memo[s]

    return w(state)
