"""Engine objects used from several Python threads at once: calls wait for each other, never corrupt memory.

The batched environments step in C++ with the GIL released, and so do the Yahtzee
solvers and the gin bots when they think; a second thread may then call into the same
object.  Each such call holds the object for as long as the engine works on it, so the
threads take turns.  The hammering runs in a child process: memory corruption shows as
a crash (glibc's "double free", a segmentation fault) of the child, which the test
reports with its output, instead of killing the test run.
"""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

pytest.importorskip("gymnasium", reason="the vector environments need gymnasium: pip install 'parlour[rl]'")

HAMMER = r"""
import sys, threading
import numpy as np
from parlour._core.envs import FreeCellBatch, GinBatch, YahtzeeBatch
from parlour.errors import ParlourError

N = 2048  # enough games that the threads' calls overlap inside C++
make = {
    "yahtzee": lambda: YahtzeeBatch(N),
    "freecell": lambda: FreeCellBatch(N, max_steps=50),
    "gin": lambda: GinBatch(N, opponent="easy", seat=-1),
    "gin-self": lambda: GinBatch(N),
}[sys.argv[1]]
read = {"yahtzee": "game", "freecell": "state"}.get(sys.argv[1], "round")
batch = make()
batch.reset(seeds=np.arange(N, dtype=np.uint64))
failures = []

def hammer(k):
    rng = np.random.default_rng(k)
    ids = np.zeros(N, dtype=np.int64)  # id 0, legal or not: an illegal one ends that episode
    try:
        for _ in range(40):
            r = rng.random()
            if r < 0.3:
                batch.reset()
            elif r < 0.4:
                getattr(batch, read)(int(rng.integers(N)))
            else:
                batch.step(ids)
    except BaseException as e:
        failures.append(repr(e))

threads = [threading.Thread(target=hammer, args=(k,)) for k in range(4)]
for t in threads: t.start()
for t in threads: t.join()
assert not failures, failures
# The batch still works and is still reproducible: the same seeds give the same games as a fresh batch.
fresh = make()
for b in (batch, fresh):
    b.reset(seeds=np.arange(N, dtype=np.uint64))
for _ in range(5):
    ids = np.array([np.flatnonzero(m)[0] if m.any() else 0 for m in np.array(fresh.action_masks, dtype=bool)])
    for b in (batch, fresh):
        b.step(ids)
    assert np.array_equal(batch.observations, fresh.observations)
    assert np.array_equal(batch.rewards, fresh.rewards)
print("ok")
"""

OBJECTS = r"""
import threading
from parlour.yahtzee import Solver, State, ThresholdSolver
from parlour._core.gin import ExpertBot, HardBot, Round, Rules
failures = []
solver = Solver()
threshold = ThresholdSolver(max_target=120)
late = State.parse("aces twos threes fours fives sixes chance") if hasattr(State, "parse") else State.START
round_ = Round.deal(Rules(), 0, 3)
obs = round_.observation(round_.turn)
bots = [HardBot(1, samples=4, rollouts=4), ExpertBot(2, nodes=2000)]

def work(k):
    try:
        for i in range(3):
            s = State.START if (k + i) % 2 else late
            solver.value(s)
            solver.best_action(s, "11666", 2)
            threshold.probability(late, 0, 40)
            bots[k % 2].act(obs)
    except BaseException as e:
        failures.append(repr(e))

threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
for t in threads: t.start()
for t in threads: t.join()
assert not failures, failures
assert abs(solver.value(State.START) - Solver().value(State.START)) < 1e-9
print("ok")
"""


def _run(script: str, *args: str) -> None:
    p = subprocess.run([sys.executable, "-c", script, *args], capture_output=True, text=True, timeout=300)
    assert p.returncode == 0 and p.stdout.strip().endswith("ok"), (
        f"exit status {p.returncode}\n{p.stdout[-2000:]}\n{p.stderr[-3000:]}"
    )


@pytest.mark.parametrize("game", ["yahtzee", "freecell", "gin", pytest.param("gin-self", marks=pytest.mark.slow)])
def test_threads_hammering_one_batch_take_turns(game: str) -> None:
    """Four threads reset, step and read one batch at once; the batch comes out whole and reproducible."""
    _run(HAMMER, game)


def test_threads_sharing_a_solver_or_a_bot_take_turns() -> None:
    _run(OBJECTS)


def test_a_callback_calling_back_into_its_own_object_is_refused_not_a_deadlock() -> None:
    from parlour.errors import PhaseError
    from parlour.yahtzee import Solver, State

    for threads in (1, 2):  # the engine calls progress from its worker threads too
        solver = Solver()

        def progress(tier: int, seconds: float) -> None:
            solver.value(State.START)  # noqa: B023 - the solver of this round of the loop

        with pytest.raises(PhaseError, match="calls back into it"):
            solver.solve(threads=threads, progress=progress)


def test_the_vector_envs_say_how_they_take_threads() -> None:
    from pathlib import Path

    page = (Path(__file__).parents[2] / "docs" / "envs-vector.md").read_text(encoding="utf-8")
    assert "## Threads" in page and "wait" in page
    assert np is not None
