"""Ctrl-C stops every long call, and thread counts are checked instead of aborting.

Each long call runs in a subprocess; the test sends it SIGINT while the call is inside
the engine and expects the process to end with KeyboardInterrupt soon after (the engine
polls for signals every 20 ms, see cpp/include/parlour/core/interrupt.hpp).  Left alone,
each call runs for minutes or hours; the bound of STOP_WITHIN seconds is far below that
yet loose enough for a machine whose cores are shared by many processes (a stop takes
well under a second on an idle machine, but 3-7 s were seen at a load of 15 on 2 cores).
"""

from __future__ import annotations

import sys

import pytest

from .sigint import interrupt, python_child, ready_script

STOP_WITHIN = 15.0

LONG_CALLS = {
    "gin.simulate_rounds": "from parlour.gin import simulate_rounds\nsimulate_rounds(10**9, 1)",
    "gin.arena_pair, two threads": (
        "from parlour._core.gin import arena_pair, EasyBot\narena_pair(EasyBot(1), EasyBot(2), count=10**8, jobs=2)"
    ),
    "gin.arena, a Python bot": (
        "from parlour.gin import arena, EasyBot\n"
        "class Slow:\n"
        "    def __init__(self): self.b = EasyBot(3)\n"
        "    def act(self, obs): return self.b.act(obs)\n"
        "arena([Slow(), 'easy'], matches=10**6, seed=1, jobs=2)"
    ),
    "yahtzee.simulate": "from parlour.yahtzee import simulate, HeuristicBot\nsimulate(10**8, HeuristicBot(), threads=2)",
    "yahtzee.Solver.solve": "from parlour.yahtzee import Solver\nwhile True:\n    Solver().solve(threads=2)",
    "yahtzee.Solver.distribution": "from parlour.yahtzee import Solver\nwhile True:\n    Solver().distribution(threads=2)",
    "yahtzee.ThresholdSolver.solve": "from parlour.yahtzee import ThresholdSolver\nThresholdSolver().solve(threads=2)",
    "yahtzee.HeadsUpSolver.solve": "from parlour.yahtzee import HeadsUpSolver\nHeadsUpSolver(250).solve(threads=2)",
    "yahtzee.score_distribution, heuristic": (
        "from parlour.yahtzee import HeuristicBot, score_distribution\nwhile True:\n    score_distribution(HeuristicBot(), threads=2)"
    ),
    "freecell.solve_deals": "from parlour.freecell import solve_deals\nsolve_deals(range(1, 10**6), jobs=2)",
    "freecell.solve_deals, progress": (
        "from parlour.freecell import solve_deals\nsolve_deals(range(1, 10**6), jobs=1, progress=lambda *a: None)"
    ),
    "freecell.solve, a hard deal": (
        "from parlour.freecell import solve, GameState\n"
        "solve(GameState.from_ms_deal(219837216), max_states=None, time_limit=None)"
    ),
    "freecell.prove, a hard deal, two threads": (
        "import tempfile\nfrom parlour.freecell import prove\n"
        "with tempfile.TemporaryDirectory() as d:\n    prove(219837216, d, threads=2)"
    ),
}


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process is POSIX")
@pytest.mark.parametrize("code", LONG_CALLS.values(), ids=list(LONG_CALLS))
def test_ctrl_c_stops_a_long_call(code: str) -> None:
    stopped = interrupt(python_child(ready_script(code)), settle=0.5, timeout=20)  # well inside the call
    assert "finished" not in stopped.out
    assert stopped.last_error_line == "KeyboardInterrupt", stopped.err[-2000:]
    assert stopped.waited < STOP_WITHIN, f"took {stopped.waited:.2f} s to stop after SIGINT"


@pytest.mark.parametrize(
    "call",
    [
        "solve_deals(range(1, 40001), jobs=40000)",
        "Solver().solve(threads=40000)",
        "simulate(10, HeuristicBot(), threads=40000)",
        "arena_pair(EasyBot(1), EasyBot(2), count=10, jobs=40000)",
    ],
)
def test_a_huge_thread_count_is_refused_not_fatal(call: str) -> None:
    from parlour._core.gin import EasyBot, arena_pair
    from parlour.errors import InvalidValueError
    from parlour.freecell import solve_deals
    from parlour.yahtzee import HeuristicBot, Solver, simulate

    names = {"EasyBot": EasyBot, "arena_pair": arena_pair, "solve_deals": solve_deals, "HeuristicBot": HeuristicBot}
    names |= {"Solver": Solver, "simulate": simulate}
    with pytest.raises(InvalidValueError, match="256"):
        eval(call, names)


def test_a_raising_progress_callback_stops_the_batch_at_once() -> None:
    from parlour.freecell import solve_deals

    seen: list[int] = []

    def progress(done: int, total: int, index: int) -> None:
        seen.append(done)
        if done == 3:
            raise LookupError("enough")

    with pytest.raises(LookupError, match="enough"):
        solve_deals(range(1, 5001), jobs=2, progress=progress)
    assert 3 <= len(seen) < 50
