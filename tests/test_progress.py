"""The progress bar every long command draws: on stderr, plain or through rich, never on stdout."""

from __future__ import annotations

import io
import re
import subprocess
import threading
import time

import pytest

from parlour._progress import ProgressBar
from parlour.cli import main

from .distributed.conftest import child_env, parlour_cli


def test_plain_bar_draws_done_total_and_ends_its_line() -> None:
    stream = io.StringIO()
    with ProgressBar("deals", stream, rich=False) as bar:
        bar(0, 40)
        bar(40, 40)  # the last call always draws
    text = stream.getvalue()
    assert text.startswith("\r[") and "40/40 deals" in text and text.endswith("\n")
    assert "#" * 30 in text


def test_plain_bar_draws_nothing_when_never_called() -> None:
    stream = io.StringIO()
    ProgressBar("deals", stream, rich=False).close()
    assert stream.getvalue() == ""


def test_rich_bar_when_asked() -> None:
    pytest.importorskip("rich", reason="rich is optional")
    stream = io.StringIO()
    with ProgressBar("games", stream, rich=True) as bar:
        assert "rich=True" in repr(bar)
        bar(5, 5)
    assert "games" in stream.getvalue() and "5/5" in stream.getvalue()


def test_a_stream_that_is_not_a_terminal_gets_the_plain_bar() -> None:
    assert "rich=False" in repr(ProgressBar("deals", io.StringIO()))


@pytest.mark.parametrize(
    "argv",
    [
        ["freecell", "batch", "1", "3"],
        ["gin", "arena", "--bots", "easy,easy", "--matches", "2", "--seed", "1"],
        ["yahtzee", "simulate", "--games", "4", "--seed", "1", "--bot", "heuristic"],
    ],
)
def test_long_commands_draw_progress_on_stderr_only(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    out = io.StringIO()
    assert main(argv, out) == 0
    err = capsys.readouterr().err
    assert "\r[" in err, "no progress bar on stderr"
    assert "\r" not in out.getvalue() and "[###" not in out.getvalue(), "progress on stdout"
    out2 = io.StringIO()
    assert main([*argv, "--no-progress"], out2) == 0
    assert "\r[" not in capsys.readouterr().err
    assert main([*argv, "--quiet"], io.StringIO()) == 0  # the same option's other name
    assert "\r[" not in capsys.readouterr().err


def test_simulate_with_progress_gives_the_same_scores_in_blocks() -> None:
    import numpy as np

    from parlour.yahtzee import HeuristicBot, batch, simulate

    calls: list[tuple[int, int]] = []
    n = 2 * batch._PROGRESS_BLOCK + 123  # three blocks, the last one short
    blocks = simulate(n, HeuristicBot(), seed=5, threads=2, first=7, progress=lambda d, t: calls.append((d, t)))
    whole = simulate(n, HeuristicBot(), seed=5, threads=2, first=7)
    assert np.array_equal(blocks, whole)
    assert calls == [(batch._PROGRESS_BLOCK, n), (2 * batch._PROGRESS_BLOCK, n), (n, n)]


# ---------------------------------------------------------------- rate, time left, fields
class Clock:
    """A stand-in for time.perf_counter that the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    c = Clock()
    monkeypatch.setattr("parlour._progress.time.perf_counter", c)
    return c


def lines(stream: io.StringIO) -> list[str]:
    return [t.rstrip() for t in stream.getvalue().replace("\n", "\r").split("\r") if t.strip()]


def test_the_first_update_has_a_rate_and_a_time_left(clock: Clock) -> None:
    stream = io.StringIO()
    bar = ProgressBar("matches", stream, rich=False, tick=0)
    bar(0, 2000)
    clock.now += 30
    bar(100, 2000)  # the first figures, 30 s in: 100 matches, not "0 matches/s"
    assert lines(stream) == [
        "[..............................] 0/2,000 matches  0.0 s  - matches/s",
        "[#.............................] 100/2,000 matches  30 s  3.3 matches/s  9 min 30 s left",
    ]


def test_a_run_done_in_one_step_ends_on_its_rate(clock: Clock) -> None:
    stream = io.StringIO()
    with ProgressBar("games", stream, rich=False, tick=0) as bar:
        clock.now += 4
        bar(10000, 10000)  # one chunk: the only call is the last
    assert lines(stream) == ["[##############################] 10,000/10,000 games  4.0 s  2,500 games/s"]


def test_a_resumed_run_counts_its_own_rate(clock: Clock) -> None:
    stream = io.StringIO()
    bar = ProgressBar("deals", stream, rich=False, tick=0, resumed=True)
    clock.now += 5  # (opening the store)
    bar(6000, 10000)  # stored by an earlier run
    clock.now += 2
    bar(7000, 10000)
    assert lines(stream)[0].endswith("6,000/10,000 deals  5.0 s  - deals/s")
    assert lines(stream)[1].endswith("7,000/10,000 deals  7.0 s  500 deals/s  6.0 s left")


def test_updates_are_drawn_at_most_five_times_a_second_and_the_last_figures_at_the_end(clock: Clock) -> None:
    stream = io.StringIO()
    bar = ProgressBar("deals", stream, rich=False, tick=0)
    for done in range(1, 50):
        clock.now += 0.01
        bar(done, 100)
    assert [t.split("] ")[1].split()[0] for t in lines(stream)] == ["1/100", "22/100", "43/100"]  # 0.2 s apart
    bar.close()  # the last figures (49) were not drawn yet: close draws them
    assert len(lines(stream)) == 4 and "49/100 deals" in lines(stream)[-1] and stream.getvalue().endswith("\n")


def test_further_fields_are_shown_whatever_they_are(clock: Clock) -> None:
    stream = io.StringIO()
    bar = ProgressBar("positions", stream, rich=False, tick=0)
    clock.now += 10
    bar(1_234_567, None, layer=12, splits=40, memory=3 * 2**30, disk=512 * 2**20, files_waiting=7, sorted=True)
    assert lines(stream) == [
        "1,234,567 positions  10 s  123,457 positions/s  layer 12  splits 40  memory 3.00 GiB  disk 512.0 MiB  "
        "files waiting 7  sorted"
    ]
    assert (bar.done, bar.total, bar.fields["layer"]) == (1_234_567, None, 12)


def test_the_clock_moves_while_the_work_is_quiet() -> None:
    stream = io.StringIO()
    bar = ProgressBar("positions", stream, rich=False, tick=0.05)
    bar(10, None, layer=1)
    for _ in range(200):  # the ticker redraws the line with the time gone by
        time.sleep(0.02)
        if len(lines(stream)) >= 3:
            break
    bar.close()
    drawn = lines(stream)
    assert len(drawn) >= 3 and all("10 positions" in t and "layer 1" in t for t in drawn)
    assert len({t.split("  ")[1] for t in drawn}) >= 2  # the elapsed time changed
    after = stream.getvalue()
    time.sleep(0.2)
    assert stream.getvalue() == after  # nothing after close


@pytest.mark.parametrize("started", [False, True], ids=["never-started", "started-late"])
def test_ctrl_c_inside_the_tickers_start_leaves_only_the_interrupt(
    started: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Ctrl-C can arrive while the first draw starts the ticker thread (Thread.start waits
    # for the thread to run): the with-block must let the KeyboardInterrupt through, not
    # fail to join a thread that never ran.
    start = threading.Thread.start

    def interrupted_start(self: threading.Thread) -> None:
        if started:
            start(self)
        raise KeyboardInterrupt

    monkeypatch.setattr(threading.Thread, "start", interrupted_start)
    stream = io.StringIO()
    with pytest.raises(KeyboardInterrupt) as caught:
        with ProgressBar("positions", stream, rich=False, tick=0.05) as bar:
            bar(10, None, layer=1)
    assert caught.type is KeyboardInterrupt and caught.value.__context__ is None
    assert stream.getvalue().endswith("\n") and "10 positions" in stream.getvalue()


def test_a_quiet_bar_draws_nothing_but_keeps_the_figures() -> None:
    stream = io.StringIO()
    with ProgressBar("games", stream, rich=False, quiet=True) as bar:
        bar(5, 9, phase="x")
    assert stream.getvalue() == "" and (bar.done, bar.total, bar.fields) == (5, 9, {"phase": "x"})


def test_rich_draws_the_same_figures() -> None:
    pytest.importorskip("rich", reason="rich is optional")
    stream = io.StringIO()
    with ProgressBar("positions", stream, rich=True) as bar:
        bar(42, None, layer=3, memory=2**20)
    text = stream.getvalue()
    assert "positions" in text and "42 positions" in text and "layer 3" in text and "memory 1.00 MiB" in text


def test_arena_reports_progress_about_every_percent() -> None:
    from parlour.gin import arena

    calls: list[int] = []
    arena(["easy", "easy"], 2000, progress=lambda done, total: calls.append(done))
    assert calls[0] <= 20 and len(calls) >= 100 and calls[-1] == 2000


def test_simulate_shows_the_solve_and_then_the_games(capsys: pytest.CaptureFixture[str]) -> None:
    out = io.StringIO()
    assert main(["yahtzee", "simulate", "--games", "30", "--seed", "1", "--threads", "2"], out) == 0
    err = capsys.readouterr().err
    assert "14/14 tiers" in err and "30/30 games" in err
    assert err.index("14/14 tiers") < err.index("30/30 games")
    assert out.getvalue().startswith("30 games, OptimalBot")


def test_prove_shows_layers_positions_memory_and_disk(tmp_path: pytest.TempPathFactory) -> None:
    proc = subprocess.run(
        parlour_cli("freecell", "prove", "11982", "--work-dir", str(tmp_path)),
        capture_output=True,
        text=True,
        env=child_env(),
        timeout=300,
    )
    assert proc.returncode == 0 and proc.stdout.startswith("deal #11982: proved unsolvable (")
    positions = proc.stdout.split("(")[1].split()[0]
    last = proc.stderr.replace("\r", "\n").strip().splitlines()[-1]
    assert re.fullmatch(
        positions + r" positions  [\d.]+ s  [\d,.]+ positions/s  layer \d+  splits \d+  disk [\d.,]+ (\w?iB|B)  "
        r"memory [\d.,]+ (\w?iB|B)",
        last.strip(),
    ), last


def test_prove_shows_a_field_it_never_heard_of(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import dataclasses

    import parlour.freecell
    from parlour.freecell import ProofProgress, Unsolvable

    @dataclasses.dataclass(frozen=True)
    class Newer(ProofProgress):
        files_open: int = 0

    def fake_prove(deal: int, work_dir: str, **kw: object) -> Unsolvable:
        kw["progress"](Newer(4, 9, 1000, 0, 2**20, 1.0, files_open=17))  # type: ignore[operator]
        return Unsolvable(1000, 1.0)

    monkeypatch.setattr(parlour.freecell, "prove", fake_prove)
    assert main(["freecell", "prove", "5", "--work-dir", "unused"], io.StringIO()) == 0
    assert "files open 17" in capsys.readouterr().err
