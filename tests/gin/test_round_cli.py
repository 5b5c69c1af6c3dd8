"""``parlour gin deal`` and ``parlour gin replay``, and the gin part of ``parlour demo``."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from parlour.cli import main
from parlour.gin import Player, Round, Rules

from ..conftest import run_cli as run


def test_deal_shows_the_round() -> None:
    text = run("gin", "deal", "--seed", "5")
    r = Round.deal(Rules(), Player.ONE, 5)
    assert str(r) in text and "legal: pass, take discard" in text
    assert " ".join(str(c) for c in reversed(r.stock)) in text
    snap = json.loads(run("gin", "deal", "--seed", "5", "--dealer", "TWO", "--rules", "modern", "--json"))
    assert Round.from_dict(snap) == Round.deal(Rules.modern(), Player.TWO, 5)


def test_replay_a_list_and_an_object(tmp_path: Path) -> None:
    f = tmp_path / "a.json"
    f.write_text(json.dumps(["pass", "pass", "draw stock", "discard " + str(max(Round.deal().hand(Player.TWO)))]))
    text = run("gin", "replay", str(f))
    assert "1. Player.TWO: pass" in text and "4. Player.TWO: discard" in text and "(DRAW)" in text
    g = tmp_path / "b.json"
    start = Round.deal(Rules.modern(), Player.TWO, 3)
    g.write_text(json.dumps({"seed": 3, "dealer": "TWO", "rules": "modern", "actions": [0, 0, 2]}))
    assert "3. Player.ONE: draw stock" in run("gin", "replay", str(g))
    h = tmp_path / "c.json"
    r = start.clone()
    r.pass_()
    h.write_text(json.dumps({"round": r.to_dict(), "actions": ["take discard"]}))
    assert "1. Player.TWO: take discard" in run("gin", "replay", str(h))


def test_replay_to_the_end_prints_the_result(tmp_path: Path) -> None:
    r = Round.deal(Rules(), Player.ONE, 9)
    actions = []
    while not r.is_terminal:
        a = r.legal_actions()[-1]
        actions.append(str(a))
        r.apply(a)
    f = tmp_path / "full.json"
    f.write_text(json.dumps({"seed": 9, "actions": actions}))
    text = run("gin", "replay", str(f))
    assert f"result: {r.result!r}" in text and f"returns {r.returns()}" in text


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        ('["pass", "draw stock"]', "DRAW phase"),
        ("[1, 2", "not JSON"),
        ('{"x": 1}', "actions"),
        ('["dance"]', "dance"),
        ('{"seed": 1, "rules": "fancy", "actions": []}', "preset"),
    ],
)
def test_replay_errors_are_clean(tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, needle: str) -> None:
    f = tmp_path / "bad.json"
    f.write_text(content)
    assert main(["gin", "replay", str(f)], io.StringIO()) == 1
    assert needle in capsys.readouterr().err


def test_demo_plays_a_bot_match() -> None:
    text = run("demo")
    assert "HardBot" in text and "hand 1:" in text and "wins the match" in text


def test_replay_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["gin", "replay", str(tmp_path / "nope.json")], io.StringIO()) == 1
    assert "cannot read" in capsys.readouterr().err
