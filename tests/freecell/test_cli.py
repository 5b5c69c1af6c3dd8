"""The parlour freecell commands and the demo."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from parlour.cli import main


def run(argv: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    status = main(argv, out)
    return status, out.getvalue()


def test_show() -> None:
    status, text = run(["freecell", "show", "1"])
    assert status == 0 and "J♦" in text and "cascade: Jd Kd 2s 4c 3s 6d 6s" in text and ": JD KD 2S 4C 3S 6D 6S" in text
    # Each format under a label that says what it is.
    assert text.index("As text (GameState.parse") < text.index("cascade: Jd") < text.index("As a solver board")


def test_solve_and_moves() -> None:
    status, text = run(["freecell", "solve", "1", "--moves"])
    assert status == 0 and "solved in" in text and "   1. " in text
    status, text = run(["freecell", "solve", "11982"])
    assert status == 0 and "proved unsolvable" in text
    status, text = run(["freecell", "solve", "11982", "--max-states", "100"])
    assert status == 1 and "unknown" in text


def test_batch(capsys: pytest.CaptureFixture[str]) -> None:
    status, text = run(["freecell", "batch", "1", "20", "--jobs", "2"])
    assert status == 0 and "solved 20" in text and "mean solution length" in text
    assert "20/20" in capsys.readouterr().err


def test_prove(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    d = str(tmp_path / "w")
    status, text = run(["freecell", "prove", "146692", "--work-dir", d, "--time-limit", "1e-9"])
    assert status == 1 and "stopped by time_limit" in text and "continues from" in text
    status, text = run(["freecell", "prove", "146692", "--work-dir", d, "--memory-limit", "64M", "--threads", "2"])
    assert status == 0 and "proved unsolvable (8,637 positions" in text
    assert "over every run; this run held at most" in text and "on disk" in text
    assert "layer" in capsys.readouterr().err  # progress lines
    status, text = run(["freecell", "prove", "1", "--work-dir", str(tmp_path / "x"), "--quiet"])
    assert status == 0 and "solved in" in text
    assert capsys.readouterr().err == ""
    with pytest.raises(SystemExit):
        run(["freecell", "prove", "1", "--work-dir", d, "--memory-limit", "12Q"])
    assert "a size like 512M or 16G" in capsys.readouterr().err


def test_bad_deal_is_an_error_not_a_crash(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        run(["freecell", "show", "0"])
    assert info.value.code == 2 and "a Microsoft deal number is 1 .. 2**33 - 1, got 0" in capsys.readouterr().err


def test_play_session(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("6a\n1h\nzz\nu\nu\nh\n?\nq\n"))
    status, text = run(["freecell", "play", "1"])
    assert status == 0
    assert "moved 3d" in text and "not possible" in text and "undid 6a" in text and "nothing to undo" in text
    assert "hint:" in text


def test_demo() -> None:
    status, text = run(["demo"])
    assert status == 0 and "FreeCell: Microsoft deal #1" in text and "replayed: won = True" in text
