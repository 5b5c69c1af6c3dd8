"""play_match and the arena: reproducible, independent of the thread count, with honest intervals."""

from __future__ import annotations

import math

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
    for name in ("parlour.gin.bots", "parlour.gin.arena", "parlour.gin.play"):
        mod = importlib.import_module(name)
        result = doctest.testmod(mod, verbose=False)
        assert result.failed == 0 and result.attempted > 0
