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


# Calls that once went on for seconds (or to their end) after Ctrl-C: their loops now ask
# for a stop between items (every 64 sets, every game, every playout).  Each runs on one
# thread, so the CPU time the child spends after the signal measures how soon it stopped
# whatever the load of the machine.
FULL_DECK = "int(sum(((1 << 13) - 1) << (16 * s + 1) for s in range(4)))"
PROMPT_CALLS = {
    "gin.deadwood_batch, 10**7 whole decks": (
        f"import numpy as np\nfrom parlour.gin import deadwood_batch\nm = np.full(10**7, {FULL_DECK}, np.uint64)\n"
        "print('ready', flush=True)\ndeadwood_batch(m)"
    ),
    "gin.best_discard_batch, 10**6 whole decks": (
        f"import numpy as np\nfrom parlour.gin import best_discard_batch\nm = np.full(10**6, {FULL_DECK}, np.uint64)\n"
        "print('ready', flush=True)\nbest_discard_batch(m)"
    ),
    "envs.GinBatch, the expert opponent, 64 hands": (
        "from parlour._core.envs import GinBatch\nb = GinBatch(64, opponent='expert', seat=0)\nb.reset()\n"
        "print('ready', flush=True)\nwhile True:\n    b.step(b.action_masks.argmax(axis=1))"
    ),
    "envs.vector.GinVectorEnv, the expert opponent, 64 hands": (
        "from parlour.envs.vector import GinVectorEnv\nenv = GinVectorEnv(64, opponent='expert')\n"
        "obs, info = env.reset(seed=1)\nprint('ready', flush=True)\nwhile True:\n"
        "    obs, *_ = env.step(obs['action_mask'].argmax(axis=1))"
    ),
}
STOP_CPU_WITHIN = 0.5  # CPU seconds from the signal to the end of the child


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the child's CPU time is read from /proc")
@pytest.mark.parametrize(
    "code",
    # the expert's 64 hands take seconds to deal (it plays the first moves): slow tier
    [pytest.param(c, marks=pytest.mark.slow) if "expert" in n else c for n, c in PROMPT_CALLS.items()],
    ids=list(PROMPT_CALLS),
)
def test_ctrl_c_stops_a_long_loop_promptly(code: str) -> None:
    script = "import sys\n" + code + "\nprint('finished', flush=True)\n"
    stopped = interrupt(python_child(script), settle=1.0, timeout=30)
    assert "finished" not in stopped.out
    assert stopped.last_error_line == "KeyboardInterrupt", stopped.err[-2000:]
    assert stopped.cpu_after is not None
    assert stopped.cpu_after < STOP_CPU_WITHIN, f"used {stopped.cpu_after:.2f} s of CPU after SIGINT"


# A step of 4,000 hands against the hard opponent takes from tens of milliseconds (the
# player's draws) to over a second (its discards, which the opponent answers), all of it
# in C++: Ctrl-C must stop it inside the step (the batch then asks for a reset), not let
# it run to its end (the batch would still be ready).  The engine polls for signals every
# 20 ms, so a signal in a step's last 20 ms lets that step end, as it should: the hands are
# many enough for that to be rare.
STEP_STOPPED = """
from parlour._core.envs import GinBatch
from parlour.errors import PhaseError
b = GinBatch(4000, opponent="hard", seat=0, threads=1)
b.reset()
print("ready", flush=True)
try:
    while True:
        b.step(b.action_masks.argmax(axis=1))
except KeyboardInterrupt:
    try:
        b.step(b.action_masks.argmax(axis=1))
        print("the step ran to its end", flush=True)
    except PhaseError:
        print("stopped inside the step", flush=True)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process is POSIX")
def test_ctrl_c_stops_a_batched_step_against_the_hard_opponent_inside_the_step() -> None:
    # A signal may land between two steps or in a step's last poll interval (the step then
    # ran to its end, as it should): up to four runs, each signalled at another point of the
    # step sequence, one must stop inside a step.
    outs = []
    for settle in (1.0, 1.45, 0.6, 2.1):
        stopped = interrupt(python_child(STEP_STOPPED), settle=settle, timeout=30)
        assert stopped.returncode == 0, stopped.err[-2000:]
        outs.append(stopped.out.strip())
        if outs[-1] == "stopped inside the step":
            break
    assert "stopped inside the step" in outs, outs


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
