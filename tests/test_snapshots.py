"""Snapshots written by every released version still load (tests/data/<game>/).

``snapshot_v<N>.json`` and ``.pickle`` are written once per snapshot version by
tools/snapshot_fixtures.py and never rewritten; the ``*_first_release.json`` files are
documents of the first releases' own formats.  A change that breaks any of them fails here.
"""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest

from parlour import games
from parlour.freecell import Game as FreeCellGame
from parlour.gin import Phase, Player, Round
from parlour.yahtzee import Game as YahtzeeGame
from parlour.yahtzee import Rules

DATA = Path(__file__).resolve().parent / "data"
FIXTURES = sorted(DATA.glob("*/snapshot_v*.json"))


def test_there_is_a_fixture_of_the_current_version_for_every_game() -> None:
    for name in games.names():
        version = games.get(name).new_game(seed=1).to_dict()["version"]
        assert (DATA / name / f"snapshot_v{version}.json").exists()
        assert (DATA / name / f"snapshot_v{version}.pickle").exists()


@pytest.mark.parametrize("path", FIXTURES, ids=[f"{p.parent.name}/{p.name}" for p in FIXTURES])
def test_every_fixture_loads_and_plays_on(path: Path) -> None:
    doc = json.loads(path.read_text())
    game = games.load(doc)
    assert game.game_name == path.parent.name.split(".")[0]
    if doc["version"] == game.to_dict()["version"]:
        assert game.to_dict() == doc  # the current version writes exactly what it reads
    from_pickle = pickle.loads(path.with_suffix(".pickle").read_bytes())
    assert from_pickle == game
    assert not game.is_terminal  # fixtures are positions in the middle of play
    game.apply(game.legal_action_ids()[0])


def test_a_gin_round_of_the_first_releases_loads() -> None:
    doc = json.loads((DATA / "gin" / "round_first_release.json").read_text())
    r = Round.from_dict(doc)
    assert r.phase is Phase.DISCARD and r.turn is Player.TWO and r.dealer is Player.TWO
    assert [str(c) for c in r.hand(Player.TWO)] == doc["hands"][1]
    assert [str(c) for c in r.stock] == doc["stock"]
    assert games.load(r.to_dict()) == r and r.to_dict()["game"] == "gin.round"


def test_a_yahtzee_game_of_the_first_releases_loads() -> None:
    doc = json.loads((DATA / "yahtzee" / "game_first_release.json").read_text())
    g = YahtzeeGame.from_dict(doc)
    assert g.current_player == 1 and str(g.dice) == doc["dice"] and g.rolls_left == doc["rolls_left"]
    assert [c.total for c in g.scorecards] == [46, 20] and g.rules == Rules()
    assert YahtzeeGame.from_dict(g.to_dict()) == g


def test_a_freecell_game_of_the_first_releases_loads() -> None:
    doc = json.loads((DATA / "freecell" / "game_first_release.json").read_text())
    g = FreeCellGame.from_dict(doc)
    assert g.deal == 617 and len(g.history) == len(doc["moves"]) == 2
    assert FreeCellGame.from_dict(g.to_dict()) == g
