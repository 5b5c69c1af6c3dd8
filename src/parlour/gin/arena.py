"""Bot-vs-bot arenas: many matches between every pair of bots, with win rates and 95 % intervals.

Why one file: the arena's result types, its intervals (Wilson's and the duplicate one)
and the three ways it plays (in this process, on an executor, into a result store) read
the same per-match totals.

:func:`arena` plays ``matches`` matches for each pair of bots, in C++ on ``jobs``
threads (the matches of a pair are those of :func:`parlour._core.gin.arena_pair`:
both seats, alternating first dealer, every match dealt from its own seed), and
returns an :class:`ArenaResult` whose :meth:`~ArenaResult.table` is what
``parlour gin arena`` prints.

With ``duplicate=True`` every deal is played twice with the seats swapped (matches
2k and 2k+1 share their deals, as boards do in duplicate bridge), so the luck of the
cards cancels between the two; the interval then comes from the spread of the deals'
results (:func:`duplicate_interval`), narrower than the Wilson interval of as many
independent matches when the pairing removes luck.

>>> from parlour.gin.arena import arena
>>> res = arena(["easy", "normal"], matches=4, seed=1)
>>> res.pairs[0].matches
4
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, overload

import numpy as np

from parlour._core.gin import ArenaPairResult, Rules, arena_pair
from parlour.errors import InvalidValueError, WrongTypeError
from parlour.gin._runs import MATCH_COLUMNS
from parlour.gin.bots import BOT_NAMES, make_bot

if TYPE_CHECKING:  # pragma: no cover
    from parlour.distributed.store import ResultStore

__all__ = ["ArenaResult", "MatchTotals", "PairStats", "arena", "duplicate_interval", "wilson_interval"]


def wilson_interval(wins: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins / n`` (95 % for the default z); (0, 1) when n is 0."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def duplicate_interval(wins: int, deals: int, wins_sq: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The 95 % interval of A's match win rate over ``deals`` duplicate deals (two matches each).

    ``wins`` is the sum over the deals of A's wins in the deal (0, 1 or 2) and
    ``wins_sq`` the sum of their squares.  The standard error comes from the spread of
    the deals' results (a deal is one observation: its two matches are not independent);
    the interval is Wilson's with the effective number of matches that this standard
    error implies (at most eight per deal, when nearly every deal splits), so it stays
    inside [0, 1].  (0, 1) with fewer than two deals.
    """
    if deals < 2:
        return (0.0, 1.0)
    p = wins / (2 * deals)
    var = max(0.0, (wins_sq / 4 - deals * p * p) / (deals - 1))  # of a deal's share won, s / 2
    n_eff = 8.0 * deals if var <= 0 else min(8.0 * deals, p * (1 - p) * deals / var)
    if n_eff <= 0:  # p is 0 or 1 with some spread: impossible, but keep the formula defined
        n_eff = 2.0 * deals
    denom = 1 + z * z / n_eff
    centre = (p + z * z / (2 * n_eff)) / denom
    half = z * math.sqrt(p * (1 - p) / n_eff + z * z / (4 * n_eff * n_eff)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class MatchTotals:
    """The totals of some arena matches, summed from per-match rows (the fields of ArenaPairResult).

    Pairs are (A, B).  ``from_rows`` sums the columns of ``arena_matches`` or of a gin
    arena result table.
    """

    matches: int
    match_wins: tuple[int, int]
    score: tuple[int, int]
    hands: int
    dead: int
    hands_won: tuple[int, int]
    points: tuple[int, int]
    knocks: tuple[int, int]
    gins: tuple[int, int]
    undercuts: tuple[int, int]
    decisions: int
    deals: int = 0
    deal_wins_sq: int = 0

    @classmethod
    def from_rows(cls, cols: Mapping[str, Any], duplicate: bool = False) -> MatchTotals:
        """Sum per-match columns (NumPy arrays, lists or Arrow columns) into totals.

        With ``duplicate``, the rows of matches 2k and 2k+1 (by the ``match`` column) are
        one deal; the deals with both matches present are counted.
        """

        def total(name: str) -> int:
            return int(np.asarray(cols[name], dtype=np.int64).sum())

        n = len(np.asarray(cols["a_won"]))
        a_won = total("a_won")
        deals = sq = 0
        if duplicate:
            match = np.asarray(cols["match"], dtype=np.int64)
            won = np.asarray(cols["a_won"], dtype=np.int64)
            per_deal: dict[int, list[int]] = {}
            for m, w in zip(match.tolist(), won.tolist(), strict=True):
                per_deal.setdefault(m // 2, []).append(w)
            both = [sum(v) for v in per_deal.values() if len(v) == 2]
            deals, sq = len(both), sum(x * x for x in both)
        return cls(
            matches=n,
            match_wins=(a_won, n - a_won),
            score=(total("score_a"), total("score_b")),
            hands=total("hands"),
            dead=total("dead"),
            hands_won=(total("hands_won_a"), total("hands_won_b")),
            points=(total("points_a"), total("points_b")),
            knocks=(total("knocks_a"), total("knocks_b")),
            gins=(total("gins_a"), total("gins_b")),
            undercuts=(total("undercuts_a"), total("undercuts_b")),
            decisions=total("decisions"),
            deals=deals,
            deal_wins_sq=sq,
        )


@dataclass(frozen=True)
class PairStats:
    """The totals of the matches between bot ``a`` and bot ``b`` (labels), from the C++ arena."""

    a: str
    b: str
    raw: ArenaPairResult | MatchTotals = field(repr=False)

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
    def duplicate(self) -> bool:
        """Whether the matches were duplicate matches (each deal played twice, the seats swapped)."""
        return int(self.raw.deals) > 0

    @property
    def deals(self) -> int:
        """Duplicate matches: the deals played (two matches each); 0 otherwise."""
        return int(self.raw.deals)

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % interval of ``a``'s match win rate: Wilson's, or for duplicate matches
        :func:`duplicate_interval` over the deals."""
        if self.duplicate:
            return duplicate_interval(self.wins[0], self.deals, int(self.raw.deal_wins_sq))
        return wilson_interval(self.wins[0], self.matches)

    @property
    def split_deals(self) -> int:
        """Duplicate matches: the deals that each bot won once (the rest were won twice by one bot)."""
        if not self.duplicate:
            return 0
        both = (int(self.raw.deal_wins_sq) - self.wins[0]) // 2  # deals A won twice
        return self.wins[0] - 2 * both

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
            "duplicate": self.duplicate,
            "deals": self.deals,
        }


@dataclass(frozen=True)
class ArenaResult:
    """Every pair's :class:`PairStats`, in the order the pairs were played."""

    pairs: tuple[PairStats, ...]
    seed: int
    rules: Rules = field(repr=False)
    duplicate: bool = False

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

    @classmethod
    def from_table(cls, table: Any, rules: Rules | None = None) -> ArenaResult:
        """The arena result of a gin arena result table (a ``pyarrow.Table`` read from a
        :class:`parlour.distributed.ResultStore`); ``rules`` must be the rules it was played
        under (the table records their repr; the default rules when None)."""
        from parlour.distributed.store import table_metadata

        meta = table_metadata(table)
        if meta.get("kind") != "gin.arena":
            raise InvalidValueError(f"not a gin arena table: {meta.get('kind')!r}")
        rules = Rules() if rules is None else rules
        if meta["parameters"]["rules"] != repr(rules):
            raise InvalidValueError(f"the table was played under {meta['parameters']['rules']}, not {rules!r}")
        duplicate = bool(meta["parameters"].get("duplicate", False))
        pair_col = np.asarray(table.column("pair"))
        pairs = []
        for k in np.unique(pair_col):
            rows = table.take(np.flatnonzero(pair_col == k))
            cols = {name: np.asarray(rows.column(name)) for name in ("match", *MATCH_COLUMNS)}
            totals = MatchTotals.from_rows(cols, duplicate)
            pairs.append(PairStats(rows.column("bot_a")[0].as_py(), rows.column("bot_b")[0].as_py(), totals))
        return cls(tuple(pairs), int(meta["parameters"]["seed"]), rules, duplicate)


def _label_and_bot(bot: Any, index: int, seed: int) -> tuple[str, Any]:
    if isinstance(bot, str):
        name = bot.strip().lower()
        if name not in BOT_NAMES:
            known = ", ".join(repr(n) for n in BOT_NAMES)
            raise InvalidValueError(f"no bot named {bot!r} (known: {known})")
        return name, make_bot(name, seed + index)
    if not hasattr(bot, "act"):
        raise WrongTypeError(
            f"a bot must be a name or have an act(observation) method, got {type(bot).__name__} {bot!r}"
        )
    label = getattr(bot, "name", None)
    return (label if isinstance(label, str) else type(bot).__name__), bot


@overload
def arena(
    bots: Sequence[Any],
    matches: int,
    seed: int = 0,
    jobs: int = 1,
    rules: Rules | None = None,
    progress: Callable[[int, int], None] | None = None,
    *,
    executor: Executor | None = None,
    out: None = None,
    chunk_size: int | None = None,
    duplicate: bool = False,
) -> ArenaResult: ...


@overload
def arena(
    bots: Sequence[Any],
    matches: int,
    seed: int = 0,
    jobs: int = 1,
    rules: Rules | None = None,
    progress: Callable[[int, int], None] | None = None,
    *,
    executor: Executor | None = None,
    out: str | os.PathLike[str],
    chunk_size: int | None = None,
    duplicate: bool = False,
) -> ResultStore: ...


def arena(
    bots: Sequence[Any],
    matches: int,
    seed: int = 0,
    jobs: int = 1,
    rules: Rules | None = None,
    progress: Callable[[int, int], None] | None = None,
    *,
    executor: Executor | None = None,
    out: str | os.PathLike[str] | None = None,
    chunk_size: int | None = None,
    duplicate: bool = False,
) -> ArenaResult | ResultStore:
    """Play ``matches`` matches between every pair of ``bots`` (names or bot objects).

    The pairs are (bots[i], bots[j]) for i < j.  The C++ bots are re-seeded per match,
    so the result depends only on the bots, ``matches``, ``seed`` and ``rules`` (not on
    ``jobs``).  ``progress(done, total)`` is called as matches finish.  Every bot sees
    the match scores in its observations.

    ``duplicate=True`` plays duplicate matches: each deal twice, the seats swapped
    (``matches`` must be even; ``matches // 2`` deals); the intervals then count the
    pairing (:func:`duplicate_interval`); with ``executor`` or ``out`` the chunks hold
    whole deals.

    Beyond one process: with ``executor`` (any :class:`concurrent.futures.Executor`;
    the bots must pickle) the matches go out in chunks of ``chunk_size``, each played on
    ``jobs`` threads of a worker, with the same totals.  With ``out`` (a directory) every
    match is written as a row to a :class:`parlour.distributed.ResultStore` (Parquet;
    ``parlour[distributed]``) chunk by chunk and the store is returned (the same call
    again resumes an interrupted run; :meth:`ArenaResult.from_table` sums its table).
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
    if not isinstance(duplicate, bool):
        raise WrongTypeError(f"duplicate must be a bool, got {type(duplicate).__name__} {duplicate!r}")
    if duplicate and matches % 2:
        raise InvalidValueError(
            f"duplicate matches come in pairs (each deal twice): matches must be even, got {matches}"
        )
    rules = Rules() if rules is None else rules
    entries = [_label_and_bot(b, i, seed) for i, b in enumerate(bots)]
    pairs_idx = [(i, j) for i in range(len(entries)) for j in range(i + 1, len(entries))]
    if executor is not None or out is not None:
        return _arena_chunked(
            entries, pairs_idx, matches, seed, jobs, rules, progress, executor, out, chunk_size, duplicate
        )
    total = matches * len(pairs_idx)
    chunk = max(jobs * 4, min(50, matches // 100 or 1))  # progress about every 1% (each match is seeded alone)
    if duplicate:
        chunk += chunk % 2  # whole deals
    done = 0
    pairs: list[PairStats] = []
    for k, (i, j) in enumerate(pairs_idx):
        (la, ba), (lb, bb) = entries[i], entries[j]
        acc: ArenaPairResult | None = None
        first = 0
        while first < matches:
            n = min(chunk, matches - first)
            part = arena_pair(ba, bb, rules, _pair_seed(seed, k), first, n, jobs, duplicate=duplicate)
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
    return ArenaResult(tuple(pairs), seed, rules, duplicate)


def _pair_seed(seed: int, k: int) -> int:
    return seed + 1_000_003 * k


def _arena_chunked(
    entries: list[tuple[str, Any]],
    pairs_idx: list[tuple[int, int]],
    matches: int,
    seed: int,
    jobs: int,
    rules: Rules,
    progress: Callable[[int, int], None] | None,
    executor: Executor | None,
    out: str | os.PathLike[str] | None,
    chunk_size: int | None,
    duplicate: bool = False,
) -> ArenaResult | ResultStore:
    labels = [e[0] for e in entries]
    bots = [e[1] for e in entries]
    seeds = [_pair_seed(seed, k) for k in range(len(pairs_idx))]
    if out is not None:
        from parlour.gin._runs import gin_arena

        return gin_arena(
            labels,
            bots,
            pairs_idx,
            seeds,
            matches,
            seed,
            rules,
            out,
            jobs=jobs,
            executor=executor,
            chunk_size=chunk_size,
            progress=progress,
            duplicate=duplicate,
        )
    from parlour.distributed.runner import run_chunks
    from parlour.gin._runs import gin_chunk

    size = chunk_size if chunk_size is not None else 200
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise InvalidValueError(f"chunk_size must be an int >= 1, got {chunk_size!r}")
    if duplicate:
        size += size % 2  # whole deals
    work = {"bots": bots, "pairs": pairs_idx, "pair_seeds": seeds, "rules": rules, "duplicate": duplicate}
    chunks = [(work, k, lo, min(size, matches - lo)) for k in range(len(pairs_idx)) for lo in range(0, matches, size)]
    parts: dict[int, dict[str, Any]] = {}
    done = [0]

    def advance(i: int) -> None:
        done[0] += chunks[i][3]
        if progress is not None:
            progress(done[0], matches * len(pairs_idx))

    run_chunks(gin_chunk, chunks, on_result=parts.__setitem__, executor=executor, jobs=jobs, on_progress=advance)
    stats = []
    for k, (i, j) in enumerate(pairs_idx):
        mine = [parts[c] for c in range(len(chunks)) if chunks[c][1] == k]
        cols = {name: [v for p in mine for v in p[name]] for name in mine[0]}
        stats.append(PairStats(labels[i], labels[j], MatchTotals.from_rows(cols, duplicate)))
    return ArenaResult(tuple(stats), seed, rules, duplicate)
