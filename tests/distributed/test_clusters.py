"""Ray and Dask: real local clusters started here (not mocked), runs equal to the local
ones, and a worker killed mid-run: the run completes with every item exactly once."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

# Without the distributed extra these tests skip, saying what to install.
for _name in ("pyarrow", "psutil", "ray", "dask", "distributed"):
    pytest.importorskip(_name, reason=f"the distributed tests need {_name}: pip install 'parlour[test]'")

import numpy as np  # noqa: E402
import psutil  # noqa: E402

from parlour.distributed import ResultStore  # noqa: E402
from parlour.freecell import solve_deals  # noqa: E402
from parlour.gin import arena  # noqa: E402
from parlour.yahtzee import HeuristicBot, simulate  # noqa: E402

from ..sigint import interrupt  # noqa: E402
from .conftest import child_env, parlour_cli, wait_for_parts, without_seconds  # noqa: E402

# Starting real Ray and Dask clusters takes most of a minute: these tests are in the
# slow tier (pytest -m slow; CI runs it).
pytestmark = pytest.mark.slow

DEALS = range(1, 4001)
CHUNK = 100


@pytest.fixture(scope="module")
def local_survey(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The survey of DEALS in this process: what every cluster run must reproduce."""
    return solve_deals(DEALS, out=tmp_path_factory.mktemp("local") / "s", chunk_size=CHUNK, jobs=2).table()


@pytest.fixture(scope="module")
def ray_executor() -> Iterator[Any]:
    """A Ray cluster of two worker CPUs on this machine, started for these tests."""
    import ray

    from parlour.distributed import RayExecutor

    ray.init(
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        runtime_env={"env_vars": {"PYTHONPATH": child_env()["PYTHONPATH"]}},
    )
    ex = RayExecutor()
    try:
        yield ex
    finally:
        ex.shutdown()
        ray.shutdown()


@pytest.fixture(scope="module")
def dask_cluster() -> Iterator[tuple[Any, Any]]:
    """A Dask cluster of two single-threaded worker processes (behind nannies), started for these tests."""
    import distributed

    from parlour.distributed.dask import DaskExecutor

    os.environ["PYTHONPATH"] = child_env()["PYTHONPATH"]  # the worker processes import this parlour
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0")
    client = distributed.Client(cluster)
    try:
        yield cluster, DaskExecutor(client)
    finally:
        client.close()
        cluster.close()


def _kill_when_busy(find: Callable[[], list[int]]) -> Callable[[int, int, int], None]:
    """A progress callback that, after the first chunk, SIGKILLs one worker process busy with a chunk."""
    killed: list[int] = []

    def progress(done: int, total: int, index: int) -> None:
        if killed or done == 0 or done >= total // 2:
            return
        end = time.monotonic() + 10
        while time.monotonic() < end:
            busy = find()
            if busy:
                os.kill(busy[0], signal.SIGKILL)
                killed.append(busy[0])
                return
            time.sleep(0.01)

    progress.killed = killed  # type: ignore[attr-defined]
    return progress


def _check_complete(table: Any, local: Any) -> None:
    deals = table.column("deal").to_pylist()
    assert deals == list(DEALS) and len(set(deals)) == len(DEALS)  # every deal exactly once, in order
    assert without_seconds(table).equals(without_seconds(local), check_metadata=True)


# ---------------------------------------------------------------- Ray
def _ray_busy_workers() -> list[int]:
    """Worker processes running a chunk now (Ray titles a worker after the task it runs)."""
    out = []
    for p in psutil.process_iter(["cmdline"]):
        cmd = p.info["cmdline"] or []
        if cmd and cmd[0].startswith("ray::freecell_chunk"):
            out.append(p.pid)
    return out


def test_ray_survey_equals_the_local_one(ray_executor: Any, local_survey: Any, tmp_path: Path) -> None:
    store = solve_deals(DEALS, executor=ray_executor, out=tmp_path / "s", chunk_size=CHUNK)
    _check_complete(store.table(), local_survey)


def test_ray_survives_a_killed_worker(ray_executor: Any, local_survey: Any, tmp_path: Path) -> None:
    progress = _kill_when_busy(_ray_busy_workers)
    store = solve_deals(DEALS, executor=ray_executor, out=tmp_path / "s", chunk_size=CHUNK, progress=progress)
    killed = progress.killed  # type: ignore[attr-defined]
    assert len(killed) == 1
    assert not psutil.pid_exists(killed[0]) or psutil.Process(killed[0]).status() == psutil.STATUS_ZOMBIE
    _check_complete(store.table(), local_survey)


def test_ray_runs_gin_and_yahtzee(ray_executor: Any) -> None:
    assert ray_executor.submit(int, "7").result() == 7  # a callable that is not a plain function
    assert np.array_equal(
        simulate(4000, HeuristicBot(), seed=6, executor=ray_executor, chunk_size=900),
        simulate(4000, HeuristicBot(), seed=6),
    )
    assert (
        arena(["easy", "normal"], 12, seed=1, executor=ray_executor, chunk_size=5).table()
        == arena(["easy", "normal"], 12, seed=1).table()
    )


# ---------------------------------------------------------------- Dask
def test_dask_survey_equals_the_local_one(dask_cluster: Any, local_survey: Any, tmp_path: Path) -> None:
    _, executor = dask_cluster
    store = solve_deals(DEALS, executor=executor, out=tmp_path / "s", chunk_size=CHUNK)
    _check_complete(store.table(), local_survey)


def test_dask_survives_a_killed_worker(dask_cluster: Any, local_survey: Any, tmp_path: Path) -> None:
    _, executor = dask_cluster
    client = executor._client

    def busy() -> list[int]:
        pids = client.run(os.getpid)
        return [pids[w] for w, keys in client.processing().items() if keys and w in pids]

    progress = _kill_when_busy(busy)
    store = solve_deals(DEALS, executor=executor, out=tmp_path / "s", chunk_size=CHUNK, progress=progress)
    assert len(progress.killed) == 1  # type: ignore[attr-defined]
    _check_complete(store.table(), local_survey)
    client.wait_for_workers(2, timeout=60)  # the nanny brought the worker back


def test_dask_runs_gin_and_yahtzee(dask_cluster: Any) -> None:
    _, executor = dask_cluster
    assert np.array_equal(
        simulate(4000, HeuristicBot(), seed=6, executor=executor, chunk_size=900),
        simulate(4000, HeuristicBot(), seed=6),
    )
    assert (
        arena(["easy", "normal"], 12, seed=1, executor=executor, chunk_size=5).table()
        == arena(["easy", "normal"], 12, seed=1).table()
    )


def test_cli_survey_on_the_dask_scheduler(dask_cluster: Any, local_survey: Any, tmp_path: Path) -> None:
    """``--dask ADDRESS`` against the running scheduler, interrupted by Ctrl-C and resumed."""
    cluster, _ = dask_cluster
    out = tmp_path / "s"
    args = [
        "freecell",
        "survey",
        "1",
        "4000",
        "--dask",
        cluster.scheduler_address,
        "--chunk-size",
        str(CHUNK),
        "--out",
        str(out),
    ]
    proc = subprocess.Popen(
        parlour_cli(*args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=child_env()
    )
    stopped = interrupt(proc, wait=lambda: wait_for_parts(out, 3, proc), timeout=60)
    assert stopped.returncode == 130 and "run the same command again" in stopped.err, stopped.err[-2000:]
    assert stopped.waited < 10.0
    assert not ResultStore(out).complete
    again = subprocess.run(parlour_cli(*args, "--quiet"), capture_output=True, text=True, env=child_env(), timeout=600)
    assert again.returncode == 0, again.stderr[-2000:]
    assert "solved 4,000 (replay-checked 4,000), impossible 0, unknown 0" in again.stdout
    resumed = again.stdout.split("this run computed ")[1].split(" deals")[0]
    assert 0 < int(resumed.replace(",", "")) < 4000  # only the chunks that were missing
    _check_complete(ResultStore(out).table(), local_survey)
