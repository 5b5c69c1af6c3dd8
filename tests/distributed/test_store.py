"""Result stores: the rows agree with the in-memory functions, chunks are written once,
and a run interrupted in any way and started again ends with the same table."""

from __future__ import annotations

import concurrent.futures as cf
import json
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

# Without the distributed extra these tests skip, saying what to install.
for _name in ("pyarrow",):
    pytest.importorskip(_name, reason=f"the distributed tests need {_name}: pip install 'parlour[distributed]'")

import numpy as np  # noqa: E402
import pyarrow as pa  # noqa: E402
import pyarrow.parquet as pq  # noqa: E402

from parlour import __version__  # noqa: E402
from parlour._core.freecell import replays_to_win  # noqa: E402
from parlour.distributed import ResultStore  # noqa: E402
from parlour.distributed.store import table_metadata  # noqa: E402
from parlour.errors import InvalidValueError, ParlourWarning, StateFormatError  # noqa: E402
from parlour.freecell import GameState, Solution, Unsolvable, solve_deals  # noqa: E402
from parlour.gin import arena  # noqa: E402
from parlour.gin.arena import ArenaResult  # noqa: E402
from parlour.yahtzee import HeuristicBot, OptimalBot, Solver, simulate  # noqa: E402

from ..sigint import interrupt  # noqa: E402
from .conftest import child_env, parlour_cli, wait_for_parts, without_seconds  # noqa: E402


# ---------------------------------------------------------------- FreeCell rows
def test_survey_rows_match_solve_deals(tmp_path: Path) -> None:
    deals = range(11900, 12100)  # holds 11982, the one impossible deal below 32000
    store = solve_deals(deals, out=tmp_path / "s", chunk_size=37, solutions=True, jobs=2)
    table = store.table()
    reference = solve_deals(deals)
    assert table.column("deal").to_pylist() == list(deals)
    verdicts = table.column("verdict").to_pylist()
    for row, ref, verdict in zip(table.to_pylist(), reference, verdicts):
        assert row["states"] == ref.states
        if isinstance(ref, Solution):
            assert verdict == "solved" and row["moves"] == len(ref) and row["solution"] == str(ref)
            assert row["replayed"] is True
        else:
            assert isinstance(ref, Unsolvable)
            assert verdict == "unsolvable" and row["moves"] == 0 and row["solution"] == "" and not row["replayed"]
    assert verdicts.count("unsolvable") == 1 and verdicts[11982 - 11900] == "unsolvable"


def test_survey_metadata_has_the_parameters_and_version(tmp_path: Path) -> None:
    store = solve_deals(range(1, 101), out=tmp_path / "s", chunk_size=30, max_states=100_000, mode="short")
    meta = table_metadata(store.table())
    assert meta["kind"] == "freecell.survey" and meta["parlour_version"] == __version__
    assert meta["parameters"] == {
        "deals": {"first": 1, "last": 100, "count": 100},
        "mode": "short",
        "max_states": 100_000,
        "time_limit": None,
        "solutions": False,
        "chunk_size": 30,
    }
    # Any Parquet reader sees the same table and metadata in the directory.
    direct = pq.read_table(tmp_path / "s")
    assert direct.num_rows == 100 and direct.column("deal").to_pylist() == list(range(1, 101))
    assert table_metadata(direct) == meta
    assert store.chunk_rows == [30, 30, 30, 10] and store.complete


def test_survey_of_scattered_deals_records_their_hash(tmp_path: Path) -> None:
    deals = [5, 3, 11982, 9]
    store = solve_deals(deals, out=tmp_path / "s", chunk_size=2)
    assert store.table().column("deal").to_pylist() == deals
    assert store.parameters["deals"]["count"] == 4 and len(store.parameters["deals"]["sha256"]) == 64
    with pytest.raises(InvalidValueError, match="different run"):
        solve_deals([5, 3, 11982, 10], out=tmp_path / "s", chunk_size=2)


def test_replay_check_agrees_with_the_python_replay() -> None:
    """The C++ check behind the ``replayed`` column against Solution.replay, on good and broken solutions."""
    rng = np.random.default_rng(7)
    for deal, result in zip(range(1, 41), solve_deals(range(1, 41))):
        assert isinstance(result, Solution)
        start = GameState.from_ms_deal(deal)
        moves = list(result.notation)
        assert replays_to_win(start, " ".join(moves)) and result.replay(start).is_solved
        broken = [
            moves[:-1],  # one move short: not won
            moves[: len(moves) // 2] + moves[len(moves) // 2 + 1 :],  # a move left out
            [moves[1], moves[0]] + moves[2:],  # two moves swapped
        ]
        for bad in broken:
            try:
                python_says = result.replay.__func__(Solution(bad), start).is_solved  # type: ignore[attr-defined]
            except Exception:  # noqa: BLE001 - any failure of the Python replay counts as "not solved"
                python_says = False
            assert replays_to_win(start, " ".join(bad)) == python_says
        assert not replays_to_win(start, "zz " + " ".join(moves))  # not notation
    assert int(rng.integers(1)) == 0


# ---------------------------------------------------------------- stores
def test_a_chunk_is_stored_once(tmp_path: Path) -> None:
    store = ResultStore.create_or_resume(tmp_path / "s", kind="test", parameters={"a": 1}, chunk_rows=[2, 1])
    first = pa.table({"x": [1, 2]})
    assert store.write(0, first) is True
    assert store.write(0, pa.table({"x": [7, 8]})) is False  # a retried task's copy is ignored
    assert not store.complete and store.rows_done() == 2
    with pytest.raises(StateFormatError, match="incomplete"):
        store.table()
    assert store.table(partial=True).column("x").to_pylist() == [1, 2]
    with pytest.raises(InvalidValueError, match="rows"):
        store.write(1, pa.table({"x": [1, 2]}))
    store.write(1, pa.table({"x": [3]}))
    assert store.table().column("x").to_pylist() == [1, 2, 3]
    assert repr(store) == f"ResultStore({str(tmp_path / 's')!r})"


# ---------------------------------------------------------------- checked parts
def _store(path: Path, a: int = 1) -> ResultStore:
    store = ResultStore.create_or_resume(path, kind="test", parameters={"a": a}, chunk_rows=[2, 2, 1])
    for i, rows in enumerate([[1, 2], [3, 4], [5]]):
        store.write(i, pa.table({"x": rows, "y": [float(v) / 2 for v in rows], "s": [str(v) for v in rows]}))
    return store


def test_a_part_of_another_chunk_or_run_is_reported_not_read(tmp_path: Path) -> None:
    store = _store(tmp_path / "s")
    assert store.verify() == {} and store.table().column("x").to_pylist() == [1, 2, 3, 4, 5]
    # chunk 0's part copied over chunk 1's
    (tmp_path / "s" / "part-000001.parquet").write_bytes((tmp_path / "s" / "part-000000.parquet").read_bytes())
    with pytest.raises(StateFormatError, match=r"part-000001\.parquet .* is damaged: it holds chunk 0"):
        store.table()
    # a part of another run (other parameters) in place of chunk 2
    other = _store(tmp_path / "o", a=2)
    (tmp_path / "s" / "part-000002.parquet").write_bytes((other.path / "part-000002.parquet").read_bytes())
    assert set(store.verify()) == {1, 2} and "another run" in store.verify()[2]
    # resuming sets both aside, says so, and computes them again
    with pytest.warns(ParlourWarning) as said:
        again = ResultStore.create_or_resume(tmp_path / "s", kind="test", parameters={"a": 1}, chunk_rows=[2, 2, 1])
    assert ["chunk 1 is damaged (it holds chunk 0)" in str(w.message) for w in said] == [True, False]
    assert "chunk 2 is damaged (it belongs to another run" in str(said[1].message)
    assert again.done() == {0} and (tmp_path / "s" / ".damaged-part-000001.parquet").exists()
    assert pq.read_table(tmp_path / "s").num_rows == 2  # the set-aside files are hidden from Parquet readers


def test_a_truncated_or_altered_part_is_reported_and_recomputed(tmp_path: Path) -> None:
    store = _store(tmp_path / "s")
    f = tmp_path / "s" / "part-000000.parquet"
    f.write_bytes(f.read_bytes()[:-20])  # cut short: no Parquet footer
    with pytest.raises(StateFormatError, match="not a readable Parquet file"):
        store.part(0)
    # rows altered but the metadata kept: the checksum tells
    g = tmp_path / "s" / "part-000001.parquet"
    t = pq.read_table(g)
    pq.write_table(
        pa.table({"x": [3, 40], "y": [1.5, 2.0], "s": ["3", "4"]}).replace_schema_metadata(t.schema.metadata), g
    )
    with pytest.raises(StateFormatError, match="rows do not match its checksum"):
        store.part(1)
    with pytest.warns(ParlourWarning):
        again = ResultStore.create_or_resume(tmp_path / "s", kind="test", parameters={"a": 1}, chunk_rows=[2, 2, 1])
    assert again.done() == {2}
    # a survey resumed over a damaged part ends with the table an uninterrupted run writes
    whole = solve_deals(range(1, 61), out=tmp_path / "whole", chunk_size=20).table()
    solve_deals(range(1, 61), out=tmp_path / "cut", chunk_size=20)
    h = tmp_path / "cut" / "part-000001.parquet"
    h.write_bytes(h.read_bytes()[: len(h.read_bytes()) // 2])
    with pytest.warns(ParlourWarning, match="chunk 1 is damaged"):
        resumed = solve_deals(range(1, 61), out=tmp_path / "cut", chunk_size=20).table()
    assert without_seconds(resumed).equals(without_seconds(whole), check_metadata=True)


def test_parts_of_the_first_layout_are_checked_by_what_they_carry(tmp_path: Path) -> None:
    # A store of the first layout: its parts carry the run's kind, parameters and version only.
    store = ResultStore.create_or_resume(tmp_path, kind="test", parameters={"a": 1}, chunk_rows=[2, 2, 1])
    manifest = json.loads((tmp_path / "_run.json").read_text())
    manifest["format"] = "parlour-results/1"
    del manifest["run"]
    (tmp_path / "_run.json").write_text(json.dumps(manifest))
    kept = {k: v for k, v in store.metadata().items() if k != "run"}
    first = {b"parlour": json.dumps(kept).encode()}
    for index, xs in ((0, [1, 2]), (1, [3, 4])):
        pq.write_table(pa.table({"x": xs}).replace_schema_metadata(first), tmp_path / f"part-00000{index}.parquet")
    old = ResultStore(tmp_path)
    assert old.part(1).column("x").to_pylist() == [3, 4] and old.verify() == {}
    # what such a part does carry is still checked: its run's parameters and its rows
    other = {b"parlour": json.dumps(kept | {"parameters": {"a": 2}}).encode()}
    pq.write_table(pa.table({"x": [5, 6]}).replace_schema_metadata(other), tmp_path / "part-000000.parquet")
    pq.write_table(pa.table({"x": [5]}).replace_schema_metadata(first), tmp_path / "part-000001.parquet")
    assert set(ResultStore(tmp_path).verify()) == {0, 1}
    with pytest.raises(StateFormatError, match="another run"):
        ResultStore(tmp_path).part(0)
    # a resumed run sets them aside and writes its parts in full, checked in full
    with pytest.warns(ParlourWarning):
        again = ResultStore.create_or_resume(tmp_path, kind="test", parameters={"a": 1}, chunk_rows=[2, 2, 1])
    again.write(2, pa.table({"x": [9]}))
    shutil.copy(tmp_path / "part-000002.parquet", tmp_path / "part-000000.parquet")
    assert set(ResultStore(tmp_path).verify()) == {0}


def test_the_checksum_ignores_the_layout_and_sees_every_value() -> None:
    from parlour.distributed.store import checksum

    t = pa.table({"x": pa.array([1, None, 3], pa.int64()), "b": [True, False, None], "s": ["a", None, "c"]})
    assert checksum(t) == checksum(pa.concat_tables([t.slice(0, 1), t.slice(1)]))
    assert checksum(t) != checksum(t.set_column(0, "x", pa.array([1, None, 4], pa.int64())))
    assert checksum(t) != checksum(t.set_column(1, "b", pa.array([True, True, None])))
    assert checksum(t) != checksum(t.rename_columns(["z", "b", "s"]))


def test_resuming_with_other_parameters_is_refused(tmp_path: Path) -> None:
    solve_deals(range(1, 21), out=tmp_path / "s", chunk_size=10)
    # The refusal names each parameter that differs, with both values, and nothing else.
    with pytest.raises(InvalidValueError) as info:
        solve_deals(range(1, 21), out=tmp_path / "s", chunk_size=10, mode="short")
    assert "(mode: stored 'fast', this run 'short')" in str(info.value) and "max_states" not in str(info.value)
    with pytest.raises(InvalidValueError, match=r"chunk_size: stored 10, this run 5\)"):
        solve_deals(range(1, 21), out=tmp_path / "s", chunk_size=5)
    with pytest.raises(InvalidValueError) as info:
        solve_deals(range(1, 31), out=tmp_path / "s", chunk_size=10, mode="short")
    assert "deals: stored {'count': 20, 'first': 1, 'last': 20}, this run {'count': 30, " in str(info.value)
    assert "mode: stored 'fast', this run 'short'" in str(info.value)
    with pytest.raises(StateFormatError, match="not a parlour result store"):
        ResultStore(tmp_path)
    manifest = json.loads((tmp_path / "s" / "_run.json").read_text())
    # An even chunk plan is recorded as its chunk size, however many chunks it has.
    assert manifest["parlour_version"] == __version__ and manifest["chunk_size"] == 10 and manifest["chunks"] == 2
    assert "chunk_rows" not in manifest and ResultStore(tmp_path / "s").chunk_rows == [10, 10]


def test_a_partial_run_resumes_to_the_same_table(tmp_path: Path) -> None:
    whole = solve_deals(range(1, 301), out=tmp_path / "whole", chunk_size=40).table()
    # Store some chunks, then lose a part (as a kill before its rename would): the rerun
    # computes just the missing ones.
    part = solve_deals(range(1, 301), out=tmp_path / "part", chunk_size=40)
    (tmp_path / "part" / "part-000003.parquet").unlink()
    (tmp_path / "part" / ".part-000005.parquet.123.tmp").write_bytes(b"half a file")
    kept = (tmp_path / "part" / "part-000000.parquet").stat().st_mtime_ns
    seen = []
    again = solve_deals(range(1, 301), out=tmp_path / "part", chunk_size=40, progress=lambda d, t, i: seen.append(d))
    assert seen == [260, 300]  # resumed with 7 of 8 chunks (260 deals) stored, one computed
    assert (tmp_path / "part" / "part-000000.parquet").stat().st_mtime_ns == kept
    assert not list((tmp_path / "part").glob(".part-*"))
    assert without_seconds(again.table()).equals(without_seconds(whole), check_metadata=True)
    assert part.path == again.path


def test_gin_and_yahtzee_stores_equal_the_in_memory_results(tmp_path: Path) -> None:
    bots = ["easy", "normal", "hard"]
    direct = arena(bots, 12, seed=5, jobs=2)
    store = arena(bots, 12, seed=5, out=tmp_path / "gin", chunk_size=5)
    table = store.table()
    assert table.num_rows == 36 and table.column("match").to_pylist() == list(range(12)) * 3
    assert ArenaResult.from_table(table).table() == direct.table()
    assert [p.raw.match_wins for p in ArenaResult.from_table(table).pairs] == [p.raw.match_wins for p in direct.pairs]

    bot = OptimalBot(Solver())
    scores = simulate(5000, bot, seed=9)
    ystore = simulate(5000, bot, seed=9, out=tmp_path / "y", chunk_size=1200)
    yt = ystore.table()
    assert yt.column("game").to_pylist() == list(range(5000))
    assert np.array_equal(np.asarray(yt.column("score")), scores)
    assert table_metadata(yt)["parameters"] == {
        "games": 5000,
        "first": 0,
        "bot": "optimal",
        "rules": "forced",
        "seed": 9,
        "chunk_size": 1200,
    }


# ---------------------------------------------------------------- executors without a store
def test_process_pool_gives_the_same_results() -> None:
    with cf.ProcessPoolExecutor(2) as ex:
        results = solve_deals(range(11970, 11990), executor=ex, chunk_size=6)
        heur = simulate(3000, HeuristicBot(), seed=4, executor=ex, chunk_size=700)
        res = arena(["easy", "normal"], 10, seed=2, executor=ex, chunk_size=3)
    reference = solve_deals(range(11970, 11990))
    assert [(type(a), a.states, len(a) if a else 0) for a in results] == [
        (type(b), b.states, len(b) if b else 0) for b in reference
    ]
    assert np.array_equal(heur, simulate(3000, HeuristicBot(), seed=4))
    assert res.table() == arena(["easy", "normal"], 10, seed=2).table()


def test_simulate_chunks_reproduce_one_call() -> None:
    bot = HeuristicBot()
    one = simulate(1000, bot, seed=3)
    parts = [simulate(n, bot, seed=3, first=lo) for lo, n in [(0, 1), (1, 400), (401, 599)]]
    assert np.array_equal(np.concatenate(parts), one)
    assert np.array_equal(simulate(10, bot, seed=3, first=990), one[990:])


def test_bad_arguments_raise_the_library_errors(tmp_path: Path) -> None:
    from parlour.errors import WrongTypeError

    with pytest.raises(InvalidValueError):
        solve_deals(range(0, 5), out=tmp_path / "a")
    with pytest.raises(WrongTypeError):
        solve_deals(["1"], out=tmp_path / "b")  # type: ignore[list-item]
    with pytest.raises(InvalidValueError):
        solve_deals(range(1, 5), out=tmp_path / "c", chunk_size=0)
    with pytest.raises(WrongTypeError):
        simulate(10, HeuristicBot(), seed="x", out=tmp_path / "d")  # type: ignore[arg-type]
    (tmp_path / "file").write_text("x")
    with pytest.raises(InvalidValueError, match="not a directory"):
        solve_deals(range(1, 5), out=tmp_path / "file")


# ---------------------------------------------------------------- interrupt and resume (the CLI)
RUNS = {
    "freecell survey": (["freecell", "survey", "1", "6000", "--jobs", "2", "--chunk-size", "250"], 24),
    "yahtzee simulate": (
        [
            "yahtzee",
            "simulate",
            "--games",
            "200000",
            "--bot",
            "heuristic",
            "--threads",
            "2",
            "--chunk-size",
            "5000",
            "--seed",
            "3",
        ],
        40,
    ),
    "gin arena": (
        ["gin", "arena", "--bots", "easy,normal", "--matches", "240", "--jobs", "2", "--chunk-size", "10"],
        24,
    ),
}


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process is POSIX")
@pytest.mark.parametrize("how", [signal.SIGINT, signal.SIGKILL], ids=["ctrl-c", "kill"])
# The gin arena's run is the quick one; the survey and the simulation (whole sweeps of
# their own) run in the slow tier.
@pytest.mark.parametrize("name", [n if n == "gin arena" else pytest.param(n, marks=pytest.mark.slow) for n in RUNS])
def test_interrupted_run_resumes_to_the_uninterrupted_table(tmp_path: Path, name: str, how: signal.Signals) -> None:
    args, chunks = RUNS[name]
    out = tmp_path / "run"
    proc = subprocess.Popen(
        parlour_cli(*args, "--out", str(out)),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=child_env(),
    )
    stop = interrupt(proc, wait=lambda: wait_for_parts(out, 2, proc), sig=how)
    waited, err = stop.waited, stop.err
    if how == signal.SIGINT:
        assert stop.returncode == 130, err[-2000:]
        assert "run the same command again to continue" in err
        assert waited < 5.0, f"took {waited:.2f} s to stop after Ctrl-C"
    else:
        assert stop.returncode == -signal.SIGKILL
    stopped = ResultStore(out)
    assert 2 <= len(stopped.done()) < chunks, "the run was not stopped midway"
    done = subprocess.run(
        parlour_cli(*args, "--out", str(out), "--no-progress" if name != "freecell survey" else "--quiet"),
        capture_output=True,
        text=True,
        env=child_env(),
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    whole = subprocess.run(
        parlour_cli(*args, "--out", str(tmp_path / "whole")),
        capture_output=True,
        text=True,
        env=child_env(),
        timeout=600,
    )
    assert whole.returncode == 0, whole.stderr[-2000:]
    resumed, uninterrupted = ResultStore(out).table(), ResultStore(tmp_path / "whole").table()
    if name == "freecell survey":  # every column but the measured time, metadata included
        assert without_seconds(resumed).equals(without_seconds(uninterrupted), check_metadata=True)
        assert resumed.column("deal").to_pylist() == list(range(1, 6001))
    else:
        assert resumed.equals(uninterrupted, check_metadata=True)
    # The summaries agree too (the last lines differ only in the measured times).
    assert done.stdout.splitlines()[1] == whole.stdout.splitlines()[1]
