"""Bot-vs-bot arenas: many matches between every pair of bots, with win rates and 95 % intervals.

:func:`arena` plays ``matches`` matches for each pair of bots, in C++ on ``jobs``
threads (the matches of a pair are those of :func:`parlour._core.gin.arena_pair`:
both seats, alternating first dealer, every match dealt from its own seed), and
returns an :class:`ArenaResult` whose :meth:`~ArenaResult.table` is what
``parlour gin arena`` prints.

>>> from parlour.gin.arena import arena
>>> res = arena(["easy", "normal"], matches=4, seed=1)
>>> res.pairs[0].matches
4
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from parlour._core.gin import ArenaPairResult, Rules, arena_pair
from parlour.errors import InvalidValueError, WrongTypeError
from parlour.gin.bots import BOT_NAMES, make_bot

__all__ = ["ArenaResult", "PairStats", "arena", "wilson_interval"]


def wilson_interval(wins: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins / n`` (95 % for the default z); (0, 1) when n is 0."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class PairStats:
    """The totals of the matches between bot ``a`` and bot ``b`` (labels), from the C++ arena."""

    a: str
    b: str
    raw: ArenaPairResult = field(repr=False)

    @property
    def matches(self) -> int:
        """Matches played."""
        return int(self.raw.matches)

    @property
    def wins(self) -> tuple[int, int]:
        """Matches won by (a, b)."""
        w = self.raw.match_wins
        return (int(w[0]), int(w[1]))

    @property
    def win_rate(self) -> float:
        """The share of the matches won by ``a``."""
        return self.wins[0] / self.matches if self.matches else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % Wilson interval of ``a``'s match win rate."""
        return wilson_interval(self.wins[0], self.matches)

    @property
    def hands(self) -> int:
        """Hands played."""
        return int(self.raw.hands)

    @property
    def points_per_hand(self) -> tuple[float, float]:
        """Average hand points won per hand played, by (a, b)."""
        h = max(1, self.hands)
        p = self.raw.points
        return (p[0] / h, p[1] / h)

    def share(self, what: str) -> float:
        """The share of the hands that ended as ``what``: "knock", "gin", "undercut" or "dead"."""
        h = max(1, self.hands)
        counts = {
            "knock": sum(self.raw.knocks),
            "gin": sum(self.raw.gins),
            "undercut": sum(self.raw.undercuts),
            "dead": self.raw.dead,
        }
        if what not in counts:
            raise InvalidValueError(f"no hand outcome {what!r} (knock, gin, undercut, dead)")
        return counts[what] / h

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready summary."""
        lo, hi = self.interval
        return {
            "a": self.a,
            "b": self.b,
            "matches": self.matches,
            "wins": list(self.wins),
            "win_rate": self.win_rate,
            "ci95": [lo, hi],
            "hands": self.hands,
            "points_per_hand": list(self.points_per_hand),
            "knock": self.share("knock"),
            "gin": self.share("gin"),
            "undercut": self.share("undercut"),
            "dead": self.share("dead"),
        }


@dataclass(frozen=True)
class ArenaResult:
    """Every pair's :class:`PairStats`, in the order the pairs were played."""

    pairs: tuple[PairStats, ...]
    seed: int
    rules: Rules = field(repr=False)

    def table(self) -> str:
        """The arena table: one line per pair (win rate of A with its 95 % interval, points per hand, outcome shares)."""
        head = (
            f"{'A vs B':<18} {'matches':>7} {'A wins':>7} {'95% CI':>15} {'pts/hand A':>10} {'pts/hand B':>10} "
            f"{'knock':>6} {'gin':>6} {'under':>6} {'dead':>6}"
        )
        lines = [head, "-" * len(head)]
        for p in self.pairs:
            lo, hi = p.interval
            pa, pb = p.points_per_hand
            lines.append(
                f"{p.a + ' vs ' + p.b:<18} {p.matches:>7} {p.win_rate:>7.1%} {'[' + f'{lo:.1%}, {hi:.1%}' + ']':>15} "
                f"{pa:>10.2f} {pb:>10.2f} {p.share('knock'):>6.1%} {p.share('gin'):>6.1%} "
                f"{p.share('undercut'):>6.1%} {p.share('dead'):>6.1%}"
            )
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()


def _label_and_bot(bot: Any, index: int, seed: int) -> tuple[str, Any]:
    if isinstance(bot, str):
        name = bot.strip().lower()
        if name not in BOT_NAMES:
            known = ", ".join(repr(n) for n in BOT_NAMES)
            raise InvalidValueError(f"no bot named {bot!r} (known: {known})")
        return name, make_bot(name, seed + index)
    if not hasattr(bot, "act"):
        raise WrongTypeError(f"a bot must be a name or have an act(observation) method, got {type(bot).__name__} {bot!r}")
    label = getattr(bot, "name", None)
    return (label if isinstance(label, str) else type(bot).__name__), bot


def arena(
    bots: Sequence[Any],
    matches: int,
    seed: int = 0,
    jobs: int = 1,
    rules: Rules | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> ArenaResult:
    """Play ``matches`` matches between every pair of ``bots`` (names or bot objects).

    The pairs are (bots[i], bots[j]) for i < j.  The C++ bots are re-seeded per match,
    so the result depends only on the bots, ``matches``, ``seed`` and ``rules`` (not on
    ``jobs``).  ``progress(done, total)`` is called as matches finish.
    """
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        raise WrongTypeError(f"bots must be a sequence of bots or names, got {type(bots).__name__} {bots!r}")
    if len(bots) < 2:
        raise InvalidValueError(f"an arena needs at least two bots, got {len(bots)}")
    if isinstance(matches, bool) or not isinstance(matches, int):
        raise WrongTypeError(f"matches must be an int, got {type(matches).__name__} {matches!r}")
    if matches < 1:
        raise InvalidValueError(f"matches must be >= 1, got {matches}")
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise InvalidValueError(f"jobs must be an int >= 1, got {jobs!r}")
    rules = Rules() if rules is None else rules
    entries = [_label_and_bot(b, i, seed) for i, b in enumerate(bots)]
    pairs_idx = [(i, j) for i in range(len(entries)) for j in range(i + 1, len(entries))]
    total = matches * len(pairs_idx)
    chunk = max(jobs * 4, min(200, matches // 20 or 1))
    done = 0
    pairs: list[PairStats] = []
    for k, (i, j) in enumerate(pairs_idx):
        (la, ba), (lb, bb) = entries[i], entries[j]
        acc: ArenaPairResult | None = None
        first = 0
        while first < matches:
            n = min(chunk, matches - first)
            part = arena_pair(ba, bb, rules, seed + 1_000_003 * k, first, n, jobs)
            if acc is None:
                acc = part
            else:
                acc += part
            first += n
            done += n
            if progress is not None:
                progress(done, total)
        assert acc is not None
        pairs.append(PairStats(la, lb, acc))
    return ArenaResult(tuple(pairs), seed, rules)
