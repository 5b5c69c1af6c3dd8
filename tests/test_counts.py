"""Every public count has a cap: a huge count is refused at once, never allocated or run.

Each call below gets a count far beyond its documented cap (docs/limits.md) and must
raise InvalidValueError before doing any work.  They run in a child process whose
address space is limited to 3 GiB, so a call that still allocated its results up front
would fail there with a MemoryError (or be killed) instead of filling the machine.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

CALLS = {
    # gin: arenas and simulations
    "arena_matches count": "gin_core.arena_matches(gin_core.EasyBot(1), gin_core.EasyBot(2), count=2**26)",
    "arena_matches first": "gin_core.arena_matches(gin_core.EasyBot(1), gin_core.EasyBot(2), first=10**100)",
    "arena_pair count": "gin_core.arena_pair(gin_core.EasyBot(1), gin_core.EasyBot(2), count=10**100)",
    "arena_pair jobs": "gin_core.arena_pair(gin_core.EasyBot(1), gin_core.EasyBot(2), jobs=10**6)",
    "arena matches": "gin.arena(['easy', 'normal'], matches=10**100)",
    "arena matches, chunked": "gin.arena(['easy', 'normal'], matches=2**47, executor=pool)",
    "arena matches, stored": "gin.arena(['easy', 'normal'], matches=2**47, out=tmp + '/a')",
    "arena chunk_size": "gin.arena(['easy', 'normal'], matches=2**30, chunk_size=1, executor=pool)",
    "simulate_rounds n": "gin.simulate_rounds(10**100)",
    "HardBot samples": "gin_core.HardBot(1, samples=10**9)",
    "HardBot rollouts": "gin_core.HardBot(1, rollouts=10**9)",
    "ExpertBot nodes": "gin_core.ExpertBot(1, nodes=10**100)",
    "ExpertBot threads": "gin_core.ExpertBot(1, threads=10**6)",
    # yahtzee
    "simulate n": "yahtzee.simulate(2**40, yahtzee.HeuristicBot())",
    "simulate n, progress": "yahtzee.simulate(2**40, yahtzee.HeuristicBot(), progress=lambda *a: None)",
    "simulate n, chunked": "yahtzee.simulate(2**40, yahtzee.HeuristicBot(), executor=pool)",
    "simulate n, stored": "yahtzee.simulate(10**100, yahtzee.HeuristicBot(), out=tmp + '/y')",
    "simulate threads": "yahtzee.simulate(10, yahtzee.HeuristicBot(), threads=-2**31)",
    "Dice.from_faces": "yahtzee.Dice.from_faces(range(10**12))",
    "Keep.from_faces": "yahtzee.Keep.from_faces(range(10**12))",
    "Dice.from_counts": "yahtzee.Dice.from_counts(range(10**12))",
    "ThresholdSolver max_target": "yahtzee.ThresholdSolver(max_target=10**6)",
    "Solver.solve threads": "yahtzee.Solver().solve(threads=-1)",
    # freecell
    "solve_deals deals": "freecell.solve_deals(range(1, 2**33))",
    "solve_deals an endless iterator": "freecell.solve_deals(itertools.count(1))",
    "solve_deals deals, stored": "freecell.solve_deals(range(1, 2**33, 2), out=tmp + '/f')",
    "solve max_states": "freecell.solve(freecell.GameState.from_ms_deal(1), max_states=10**100)",
    "Move.parse count": "freecell.Move.parse('12', count=10**6)",
    # the batched environments
    "YahtzeeBatch num_envs": "envs.YahtzeeBatch(2**40)",
    "GinBatch num_envs": "envs.GinBatch(2**40)",
    "FreeCellBatch num_envs": "envs.FreeCellBatch(2**40)",
    "FreeCellBatch max_steps": "envs.FreeCellBatch(4, max_steps=10**100)",
    "FreeCellBatch max_deal": "envs.FreeCellBatch(4, max_deal=2**40)",
    "GinBatch threads": "envs.GinBatch(4, threads=10**6)",
    "GinVectorEnv num_envs": "vector.GinVectorEnv(2**40)",
    # result stores
    "ResultStore chunks": "ResultStore.create_or_resume(tmp + '/r', kind='t', parameters={}, chunk_rows=[1] * (2**20 + 1))",
}

SCRIPT = r"""
import concurrent.futures, itertools, json, os, resource, signal, sys, tempfile
resource.setrlimit(resource.RLIMIT_AS, (3 * 2**30, 3 * 2**30))
from parlour import freecell, gin, yahtzee
from parlour._core import envs
from parlour._core import gin as gin_core
from parlour.envs import vector
try:
    from parlour.distributed import ResultStore
except ImportError:
    ResultStore = None
from parlour.errors import InvalidValueError
pool = concurrent.futures.ThreadPoolExecutor(2)
tmp = tempfile.mkdtemp()
out = {}
class RanOn(Exception):
    pass
def ran_on(signum, frame):
    raise RanOn
signal.signal(signal.SIGALRM, ran_on)
for name, call in json.loads(sys.argv[1]).items():
    signal.setitimer(signal.ITIMER_REAL, 10.0)  # a call that takes the count runs until stopped here
    try:
        eval(call)
        out[name] = "accepted"
    except RanOn:
        out[name] = "accepted: still running after 10 s"
    except InvalidValueError as e:
        out[name] = "refused " + str(e)
    except BaseException as e:
        out[name] = f"{type(e).__name__}: {str(e)[:300]}"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
print(json.dumps(out), flush=True)
os._exit(0)  # without waiting for a pool task that took a count and still runs
"""


@pytest.fixture(scope="module")
def outcomes() -> dict[str, str]:
    pytest.importorskip("pyarrow", reason="the result stores need pyarrow: pip install 'parlour[distributed]'")
    pytest.importorskip("gymnasium", reason="the vector environments need gymnasium: pip install 'parlour[rl]'")
    p = subprocess.run([sys.executable, "-c", SCRIPT, json.dumps(CALLS)], capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stderr[-3000:]
    result: dict[str, str] = json.loads(p.stdout.strip().splitlines()[-1])
    return result


@pytest.mark.skipif(sys.platform != "linux", reason="the child's address space is limited with RLIMIT_AS")
@pytest.mark.parametrize("name", list(CALLS))
def test_a_huge_count_is_refused_before_any_work(outcomes: dict[str, str], name: str) -> None:
    outcome = outcomes[name]
    assert outcome.startswith("refused "), f"{CALLS[name]}: {outcome}"
