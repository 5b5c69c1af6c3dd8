"""Ratings of the gin bots: a round robin of duplicate matches, and Bradley-Terry ratings
on the Elo scale with 95 % intervals.

:func:`ladder` plays every pair of the bots (names or bot objects) in duplicate matches
(each deal twice, the seats swapped: :func:`parlour.gin.arena` with ``duplicate=True``)
and fits the Bradley-Terry model to the match wins: bot *i* beats bot *j* with
probability s_i / (s_i + s_j).  The strengths are fitted by the minorization-maximization
iteration of Hunter (2004, *Annals of Statistics* 32:384), with half a win added to
each side of every pair (so a bot that won every match still gets a finite rating), and
reported as Elo ratings, 400 log10(s), centred on 1500 for the field's mean.  The
intervals come from a bootstrap over the deals: each pair's deals are drawn again with
replacement (a deal's two matches stay together, since they share their cards) and the
model fitted again; the 2.5th and 97.5th percentiles of each rating are its interval.

This is how the EAAI Gin Rummy competition's software compares players (a round robin,
win rates), with the ratings of chess rating programs on top.

>>> from parlour.gin.ladder import ladder
>>> res = ladder(["easy", "normal", "simple"], matches=8, seed=1, bootstrap=50)
>>> [r.name for r in res.ratings][0] in ("easy", "normal", "simple")
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from parlour._core.gin import Rules, arena_matches
from parlour.errors import InvalidValueError, WrongTypeError
from parlour.gin.arena import MatchTotals, PairStats, _label_and_bot, _pair_seed

__all__ = ["LadderResult", "Rating", "bradley_terry", "ladder"]

#: Half a win for each side of every pair: the prior that keeps every rating finite.
PRIOR_WINS = 0.5


def bradley_terry(wins: np.ndarray, prior: float = PRIOR_WINS, iterations: int = 10_000) -> np.ndarray:
    """The Bradley-Terry strengths (geometric mean 1) of a win matrix (``wins[i, j]``: matches
    i won against j), by Hunter's MM iteration, with ``prior`` wins added to each side of
    every pair that met."""
    w = np.asarray(wins, dtype=float)
    if w.ndim != 2 or w.shape[0] != w.shape[1]:
        raise InvalidValueError(f"a win matrix is square, got shape {w.shape}")
    n = w.shape[0]
    games = w + w.T
    w = w + prior * (games > 0)
    games = w + w.T
    won = w.sum(axis=1)
    s = np.ones(n)
    for _ in range(iterations):
        denom = (games / (s[:, None] + s[None, :])).sum(axis=1)
        new = np.where(denom > 0, won / np.where(denom > 0, denom, 1.0), s)
        new /= math.exp(float(np.mean(np.log(new))))
        if np.max(np.abs(new - s)) < 1e-12:
            return new
        s = new
    return s


def _elo(s: np.ndarray) -> np.ndarray:
    r: np.ndarray = 400.0 * np.log10(s)
    out: np.ndarray = r + (1500.0 - float(np.mean(r)))
    return out


@dataclass(frozen=True)
class Rating:
    """One bot's rating: Elo scale (the field's mean 1500), its 95 % bootstrap interval, and its record."""

    name: str
    elo: float
    low: float
    high: float
    matches: int
    wins: int

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "name": self.name,
            "elo": self.elo,
            "ci95": [self.low, self.high],
            "matches": self.matches,
            "wins": self.wins,
        }


@dataclass(frozen=True)
class LadderResult:
    """The ratings (best first) and every pair's duplicate-match totals."""

    ratings: tuple[Rating, ...]
    pairs: tuple[PairStats, ...]
    seed: int
    rules: Rules = field(repr=False)
    bootstrap: int = 0

    def table(self) -> str:
        """The ratings as a table, then the pairs' win rates."""
        head = f"{'rank':>4}  {'bot':<10} {'Elo':>6} {'95% CI':>15} {'matches':>8} {'won':>7}"
        lines = [head, "-" * len(head)]
        for i, r in enumerate(self.ratings, 1):
            ci = f"[{r.low:.0f}, {r.high:.0f}]"
            lines.append(
                f"{i:>4}  {r.name:<10} {r.elo:>6.0f} {ci:>15} {r.matches:>8} {r.wins / max(1, r.matches):>7.1%}"
            )
        lines.append("")
        for p in self.pairs:
            lo, hi = p.interval
            lines.append(f"  {p.a} vs {p.b}: {p.win_rate:.1%} [{lo:.1%}, {hi:.1%}] of {p.matches} matches")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "ratings": [r.to_dict() for r in self.ratings],
            "pairs": [p.to_dict() for p in self.pairs],
            "seed": self.seed,
            "rules": repr(self.rules),
            "bootstrap": self.bootstrap,
        }


def ladder(
    bots: Sequence[Any],
    matches: int,
    seed: int = 0,
    jobs: int = 1,
    rules: Rules | None = None,
    progress: Callable[[int, int], None] | None = None,
    *,
    bootstrap: int = 1000,
) -> LadderResult:
    """Play a round robin of duplicate matches (``matches`` per pair, even) between ``bots``
    (names or bot objects, at least two) and rate them (see the module's documentation).

    Deterministic for the bots, ``matches``, ``seed``, ``rules`` and ``bootstrap`` (not ``jobs``)."""
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        raise WrongTypeError(f"bots must be a sequence of bots or names, got {type(bots).__name__} {bots!r}")
    if len(bots) < 2:
        raise InvalidValueError(f"a ladder needs at least two bots, got {len(bots)}")
    if isinstance(matches, bool) or not isinstance(matches, int):
        raise WrongTypeError(f"matches must be an int, got {type(matches).__name__} {matches!r}")
    if matches < 2 or matches % 2:
        raise InvalidValueError(f"duplicate matches come in pairs: matches must be even and >= 2, got {matches}")
    if isinstance(bootstrap, bool) or not isinstance(bootstrap, int) or bootstrap < 0:
        raise InvalidValueError(f"bootstrap must be an int >= 0, got {bootstrap!r}")
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise InvalidValueError(f"jobs must be an int >= 1, got {jobs!r}")
    rules = Rules() if rules is None else rules
    entries = [_label_and_bot(b, i, seed) for i, b in enumerate(bots)]
    labels = [e[0] for e in entries]
    if len(set(labels)) != len(labels):
        raise InvalidValueError(f"the bots of a ladder need distinct names, got {labels}")
    n = len(entries)
    pairs_idx = [(i, j) for i in range(n) for j in range(i + 1, n)]
    total = matches * len(pairs_idx)
    chunk = max(2 * jobs, min(100, matches // 10 or 2))
    chunk += chunk % 2
    done = 0
    deal_wins: dict[tuple[int, int], np.ndarray] = {}
    stats: list[PairStats] = []
    for k, (i, j) in enumerate(pairs_idx):
        cols: dict[str, list[Any]] = {}
        first = 0
        while first < matches:
            count = min(chunk, matches - first)
            part = arena_matches(
                entries[i][1], entries[j][1], rules, _pair_seed(seed, k), first, count, jobs, duplicate=True
            )
            for name, col in part.items():
                cols.setdefault(name, []).extend(np.asarray(col).tolist())
            first += count
            done += count
            if progress is not None:
                progress(done, total)
        arrays = {name: np.asarray(v) for name, v in cols.items()}
        stats.append(PairStats(labels[i], labels[j], MatchTotals.from_rows(arrays, duplicate=True)))
        won = np.asarray(arrays["a_won"], dtype=np.int64)
        deal_wins[(i, j)] = won.reshape(-1, 2).sum(axis=1)  # A's wins in each deal, 0..2
    wins = np.zeros((n, n))
    for (i, j), d in deal_wins.items():
        wins[i, j] = d.sum()
        wins[j, i] = 2 * len(d) - d.sum()
    elo = _elo(bradley_terry(wins))
    low, high = elo.copy(), elo.copy()
    if bootstrap > 0:
        rng = np.random.default_rng(seed)
        samples = np.empty((bootstrap, n))
        for b in range(bootstrap):
            w = np.zeros((n, n))
            for (i, j), d in deal_wins.items():
                pick = d[rng.integers(0, len(d), len(d))]
                w[i, j] = pick.sum()
                w[j, i] = 2 * len(d) - pick.sum()
            samples[b] = _elo(bradley_terry(w))
        low, high = np.percentile(samples, 2.5, axis=0), np.percentile(samples, 97.5, axis=0)
    played = (wins + wins.T).sum(axis=1)
    ratings = [
        Rating(labels[i], float(elo[i]), float(low[i]), float(high[i]), int(played[i]), int(wins[i].sum()))
        for i in range(n)
    ]
    ratings.sort(key=lambda r: -r.elo)
    return LadderResult(tuple(ratings), tuple(stats), seed, rules, bootstrap)
