"""The progress bar every long command draws: on stderr, plain or through rich, never on stdout."""

from __future__ import annotations

import io

import pytest

from parlour._progress import ProgressBar
from parlour.cli import main


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
