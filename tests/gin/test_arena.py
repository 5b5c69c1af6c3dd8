"""play_match and the arena: reproducible, independent of the thread count, with honest intervals."""

from __future__ import annotations

import math

import numpy as np
import pytest

from parlour._core.gin import arena_match_seed, arena_pair
from parlour.errors import InvalidValueError, WrongTypeError
from parlour.gin import EasyBot, HardBot, Match, NormalBot, Player, Rules, arena, match_result, play_match
from parlour.gin.arena import wilson_interval


def test_play_match_is_a_finished_match_consistent_with_match_result() -> None:
    m = play_match(NormalBot(1), EasyBot(2), Rules(), seed=3)
    assert isinstance(m, Match) and m.is_over
    assert max(m.scores) >= 100
    fs = m.final_score()
    ref = match_result(m.hands, rules=Rules())
    assert (fs.winner, fs.totals, fs.hands_played) == (ref.winner, ref.totals, ref.hands_played)
    assert fs.winner == m.winner
    again = play_match(NormalBot(1), EasyBot(2), Rules(), seed=3)
    assert again.hands == m.hands
    other = play_match(NormalBot(1), EasyBot(2), Rules(), seed=4)
    assert other.hands != m.hands
    assert play_match(EasyBot(), EasyBot(), Rules(), seed=3, first_dealer=Player.TWO).first_dealer is Player.TWO


def test_arena_pair_does_not_depend_on_jobs() -> None:
    a = arena_pair(NormalBot(1), EasyBot(2), Rules(), 5, 0, 24, 1)
    b = arena_pair(NormalBot(1), EasyBot(2), Rules(), 5, 0, 24, 2)
    c = arena_pair(NormalBot(1), EasyBot(2), Rules(), 5, 0, 12, 2)
    c += arena_pair(NormalBot(1), EasyBot(2), Rules(), 5, 12, 12, 1)
    for x in (b, c):
        assert (x.matches, x.match_wins, x.score, x.hands, x.points, x.knocks, x.gins, x.undercuts, x.dead) == (
            a.matches,
            a.match_wins,
            a.score,
            a.hands,
            a.points,
            a.knocks,
            a.gins,
            a.undercuts,
            a.dead,
        )
    assert a.matches == 24 and sum(a.match_wins) == 24
    assert sum(a.hands_won) + a.dead == a.hands
    assert sum(a.knocks) + sum(a.gins) + sum(a.undercuts) == sum(a.hands_won)


def test_arena_pair_alternates_seats_and_dealers() -> None:
    # Match m: A is Player.ONE when m is even; the first dealer is ONE when m // 2 is even.
    # Normal and Easy use no randomness, so each arena match can be replayed with play_match.
    for m, a_seat, first in [(0, 0, Player.ONE), (1, 1, Player.ONE), (2, 0, Player.TWO), (3, 1, Player.TWO)]:
        res = arena_pair(NormalBot(), EasyBot(), Rules(), 8, m, 1, 1)
        bots = (NormalBot(), EasyBot()) if a_seat == 0 else (EasyBot(), NormalBot())
        ref = play_match(*bots, Rules(), seed=arena_match_seed(8, m), first_dealer=first)
        assert res.hands == len(ref.hands)
        a_won = int(ref.winner) == a_seat
        assert res.match_wins == ((1, 0) if a_won else (0, 1))
        assert res.score == (ref.scores[a_seat], ref.scores[1 - a_seat])


def test_wilson_interval_against_the_formula() -> None:
    lo, hi = wilson_interval(50, 100)
    assert math.isclose(lo, 0.4038, abs_tol=1e-4) and math.isclose(hi, 0.5962, abs_tol=1e-4)
    lo, hi = wilson_interval(0, 10)
    assert lo == 0.0 and math.isclose(hi, 0.2775, abs_tol=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_arena_table_and_shares() -> None:
    res = arena(["normal", "easy", EasyBot(9)], matches=8, seed=1)
    assert [(p.a, p.b) for p in res.pairs] == [("normal", "easy"), ("normal", "easy"), ("easy", "easy")]
    for p in res.pairs:
        assert p.matches == 8 and sum(p.wins) == 8
        shares = sum(p.share(k) for k in ("knock", "gin", "undercut", "dead"))
        assert math.isclose(shares, 1.0)
        lo, hi = p.interval
        assert lo <= p.win_rate <= hi
        d = p.to_dict()
        assert d["wins"] == list(p.wins)
    table = res.table()
    assert table.count("\n") == 4 and "normal vs easy" in table
    seen = []
    arena(["easy", "easy"], matches=5, progress=lambda d, t: seen.append((d, t)))
    assert seen[-1] == (5, 5)


def test_arena_with_a_python_bot() -> None:
    class First:
        name = "first"

        def act(self, obs):
            return int(obs.legal_actions()[0])

    res = arena([First(), "easy"], matches=4, seed=2, jobs=2)
    assert res.pairs[0].a == "first" and res.pairs[0].matches == 4


def test_arena_errors() -> None:
    with pytest.raises(InvalidValueError):
        arena(["easy"], matches=3)
    with pytest.raises(InvalidValueError, match="'grandmaster'"):
        arena(["easy", "grandmaster"], matches=3)
    with pytest.raises(InvalidValueError):
        arena(["easy", "normal"], matches=0)
    with pytest.raises(WrongTypeError):
        arena(["easy", 3], matches=1)
    with pytest.raises(WrongTypeError):
        arena("easy,normal", matches=1)
    with pytest.raises(InvalidValueError):
        arena_pair(EasyBot(), EasyBot(), Rules(), 0, 0, 1, 0)
    with pytest.raises(WrongTypeError):
        play_match(EasyBot(), "hard")
    assert HardBot().samples == 48


def test_docs_section_runs_as_written() -> None:
    import doctest
    from pathlib import Path

    doc = Path(__file__).resolve().parents[2] / "docs" / "gin-bots.md"
    result = doctest.testfile(str(doc), module_relative=False, verbose=False)
    assert result.failed == 0 and result.attempted >= 8


def test_module_docstrings_run() -> None:
    import doctest
    import importlib

    # (parlour.gin.arena the attribute is the function; the module is in sys.modules)
    for name in (
        "parlour.gin.bots",
        "parlour.gin.arena",
        "parlour.gin.play",
        "parlour.gin.coach",
        "parlour.gin.ladder",
    ):
        mod = importlib.import_module(name)
        result = doctest.testmod(mod, verbose=False)
        assert result.failed == 0 and result.attempted > 0


# ---------------------------------------------------------------- duplicate matches


def test_duplicate_matches_deal_alike_with_the_seats_swapped() -> None:
    # Matches 2k and 2k+1 share their deal seed and first dealer; A sits ONE in the first and TWO in the second.
    for k in range(3):
        s0 = arena_match_seed(8, 2 * k, duplicate=True)
        assert s0 == arena_match_seed(8, 2 * k + 1, duplicate=True) == arena_match_seed(8, 2 * k)
        first = Player.ONE if k % 2 == 0 else Player.TWO
        res = [arena_pair(NormalBot(), EasyBot(), Rules(), 8, 2 * k + h, 1, 1, duplicate=False) for h in (0, 1)]
        dup = arena_pair(NormalBot(), EasyBot(), Rules(), 8, 2 * k, 2, 1, duplicate=True)
        a_one = play_match(NormalBot(), EasyBot(), Rules(), seed=s0, first_dealer=first)
        a_two = play_match(EasyBot(), NormalBot(), Rules(), seed=s0, first_dealer=first)
        assert dup.matches == 2 and dup.deals == 1
        assert dup.hands == len(a_one.hands) + len(a_two.hands)
        wins = (int(a_one.winner) == 0) + (int(a_two.winner) == 1)
        assert dup.match_wins == (wins, 2 - wins) and dup.deal_wins_sq == wins * wins
        assert res[0].hands == len(a_one.hands)  # the first match of a deal is the independent match 2k


def test_duplicate_arena_totals_and_interval() -> None:
    a = arena_pair(NormalBot(1), EasyBot(2), Rules(), 5, 0, 24, 1, duplicate=True)
    b = arena_pair(NormalBot(1), EasyBot(2), Rules(), 5, 0, 24, 2, duplicate=True)
    assert (a.match_wins, a.deals, a.deal_wins_sq, a.hands) == (b.match_wins, b.deals, b.deal_wins_sq, b.hands)
    assert a.deals == 12 and a.matches == 24
    with pytest.raises(InvalidValueError, match="even"):
        arena_pair(NormalBot(), EasyBot(), Rules(), 5, 0, 3, 1, duplicate=True)
    with pytest.raises(InvalidValueError, match="even"):
        arena(["normal", "easy"], matches=5, duplicate=True)
    res = arena(["normal", "easy"], matches=24, seed=5, duplicate=True)
    p = res.pairs[0]
    assert res.duplicate and p.duplicate and p.deals == 12
    lo, hi = p.interval
    assert lo <= p.win_rate <= hi
    # the rows of arena_matches give the same deal counts
    from parlour._core.gin import arena_matches
    from parlour.gin.arena import MatchTotals

    rows = arena_matches(NormalBot(1), EasyBot(2), Rules(), 5, 0, 24, 2, duplicate=True)
    t = MatchTotals.from_rows(rows, duplicate=True)
    assert (t.match_wins, t.deals, t.deal_wins_sq) == (a.match_wins, a.deals, a.deal_wins_sq)


def test_duplicate_interval_against_the_formula() -> None:
    from parlour.gin.arena import duplicate_interval

    # 100 deals: 60 split (1 win), 30 won twice, 10 lost twice: p = 0.6
    wins, sq = 60 * 1 + 30 * 2, 60 * 1 + 30 * 4
    lo, hi = duplicate_interval(wins, 100, sq)
    p = wins / 200
    x = [0.5] * 60 + [1.0] * 30 + [0.0] * 10
    var = sum((v - p) ** 2 for v in x) / 99
    n_eff = p * (1 - p) * 100 / var
    z = 1.959963984540054
    centre = (p + z * z / (2 * n_eff)) / (1 + z * z / n_eff)
    assert (lo + hi) / 2 == pytest.approx(centre)
    assert lo < p < hi
    w_lo, w_hi = wilson_interval(wins, 200)
    assert hi - lo < w_hi - w_lo  # the pairing removed luck: narrower than 200 independent matches
    assert duplicate_interval(0, 1, 0) == (0.0, 1.0)


def test_ladder_rates_the_bots() -> None:
    from parlour.gin.ladder import bradley_terry, ladder

    # Bradley-Terry: A beats B 3 of 4 and B beats C 3 of 4 -> A > B > C, consistent ratios.
    w = np.array([[0, 30, 0], [10, 0, 30], [0, 10, 0]], dtype=float)
    s = bradley_terry(w, prior=0.0)
    assert s[0] > s[1] > s[2]
    assert s[0] / s[1] == pytest.approx(3.0, rel=1e-6) and s[1] / s[2] == pytest.approx(3.0, rel=1e-6)
    res = ladder(["normal", "easy", "simple"], matches=8, seed=3, bootstrap=40)
    assert {r.name for r in res.ratings} == {"normal", "easy", "simple"}
    assert sum(r.elo for r in res.ratings) == pytest.approx(1500 * 3)
    assert all(r.low <= r.elo <= r.high for r in res.ratings)
    assert all(r.matches == 16 for r in res.ratings) and len(res.pairs) == 3
    assert "Elo" in res.table()
    with pytest.raises(InvalidValueError, match="even"):
        ladder(["easy", "normal"], matches=3)
    with pytest.raises(InvalidValueError, match="distinct"):
        ladder(["easy", "easy"], matches=2)


def test_arena_and_ladder_cli() -> None:
    import argparse
    import io

    from parlour.gin.cli_bots import register_bot_commands

    p = argparse.ArgumentParser(prog="parlour gin")
    register_bot_commands(p.add_subparsers())
    out = io.StringIO()
    args = p.parse_args(["arena", "--bots", "normal,easy", "--matches", "4", "--duplicate", "--quiet"])
    assert args.func(args, out) == 0
    assert "2 deals, each played twice" in out.getvalue()
    out = io.StringIO()
    args = p.parse_args(["ladder", "--bots", "normal,easy,simple", "--matches", "4", "--bootstrap", "20", "--quiet"])
    assert args.func(args, out) == 0
    text = out.getvalue()
    assert "Elo" in text and "normal" in text and "simple" in text


def test_duplicate_arena_in_chunks_on_an_executor() -> None:
    from concurrent.futures import ThreadPoolExecutor

    local = arena(["normal", "easy"], matches=12, seed=4, duplicate=True)
    with ThreadPoolExecutor(2) as ex:
        chunked = arena(["normal", "easy"], matches=12, seed=4, duplicate=True, executor=ex, chunk_size=3)
    a, b = local.pairs[0], chunked.pairs[0]
    assert chunked.duplicate and b.deals == a.deals == 6
    assert (b.wins, b.hands, b.interval) == (a.wins, a.hands, a.interval)
