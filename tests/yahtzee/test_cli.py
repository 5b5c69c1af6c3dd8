"""The ``parlour yahtzee`` commands and the demo."""

from __future__ import annotations

import io

import pytest

from parlour.errors import NotationError
from parlour.yahtzee import Categories, Category, Rules, State
from parlour.yahtzee.cli import demo, parse_state, play_game

from ..conftest import run_cli as run


def test_solve_advise_with_a_saved_table(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    table = tmp_path / "t.bin"
    text = run("yahtzee", "solve", "--out", str(table))
    assert "254.5877287345" in text and table.exists()
    assert "14/14 tiers" in capsys.readouterr().err  # the progress bar, on stderr
    text = run("yahtzee", "advise", "--dice", "11666", "--rolls-left", "2", "--table", str(table))
    assert "best: keep 666" in text and "score full_house" in text and "keep all" in text


def test_advise_lazily_from_a_late_state() -> None:
    text = run(
        "yahtzee",
        "advise",
        "--state",
        "aces,twos,threes,fours,fives,sixes,chance upper=63",
        "--dice",
        "12345",
        "--rolls-left",
        "0",
        "--rules",
        "none",
    )
    assert "best: score large_straight" in text


def test_simulate_reports_mean_and_histogram() -> None:
    text = run("yahtzee", "simulate", "--games", "300", "--bot", "heuristic", "--seed", "2")
    assert "300 games, HeuristicBot" in text and "mean" in text and "#" in text


def test_parse_state() -> None:
    assert parse_state("start") == State.START
    assert parse_state("4097") == State.from_index(4097)
    assert parse_state("aces,chance upper=3") == State(Categories([Category.ACES, Category.CHANCE]), 3, False)
    with pytest.raises(NotationError):
        parse_state("aces,chance upper=3 y50")  # no 50 without the Yahtzee box
    s = parse_state("yahtzee,sixes upper=30 y50")
    assert s == State(Categories([Category.YAHTZEE, Category.SIXES]), 30, True)
    with pytest.raises(NotationError):
        parse_state("aces upper=9")  # aces can total 5 at most
    with pytest.raises(NotationError):
        parse_state("bogus")


def test_play_a_scripted_game() -> None:
    script = "hint\nkeep 66\nscore bogus\n" + "".join(f"score {c.label}\n" for c in Category) * 3
    out = io.StringIO()
    total = play_game(out, io.StringIO(script), seed=5, hints=True, rules=Rules())
    text = out.getvalue()
    assert "best:" in text and "not a category" in text and "Total" in text
    assert total >= 0 and "turn 13/13" in text


def test_demo() -> None:
    out = io.StringIO()
    demo(out)
    assert "254.5877287345" in out.getvalue() and "solved in" in out.getvalue()
