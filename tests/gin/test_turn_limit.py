"""Rounds end even when nobody knocks: the limit of MAX_TURNS turns per round.

Players who always take the discard never run the stock down; without the limit their
round, their match and an arena of such bots would never end.
"""

from __future__ import annotations

import copy
import subprocess
import sys
from typing import Any

import pytest

from parlour._core.gin import Action, EasyBot, arena_pair, play_match
from parlour.errors import InvalidValueError, StateFormatError
from parlour.gin import MAX_TURNS, Player, ResultKind, Round, Rules


class Taker:
    """Takes the discard whenever it may, else discards; never knocks."""

    def act(self, obs: Any) -> Action:
        actions = obs.legal_actions()
        for a in actions:
            if a.kind.name == "TAKE_DISCARD":
                return a
        for a in actions:
            if a.kind.name == "DISCARD":
                return a
        return actions[0]


def _play(r: Round, turns: int | None = None) -> None:
    bot = Taker()
    while not r.is_terminal and (turns is None or r.turns < turns):
        r.apply(bot.act(r.observation(r.turn)))


def test_max_turns_is_far_above_play_that_tries_to_finish() -> None:
    assert MAX_TURNS == 200


def test_a_round_of_takers_ends_as_a_dead_hand_at_the_limit() -> None:
    r = Round.deal(Rules(), Player.ONE, 3)
    _play(r)
    assert r.is_terminal and r.turns == MAX_TURNS
    assert r.result is not None and r.result.kind is ResultKind.DEAD
    assert r.stock_size > 2  # the stock never ran down: the limit ended it
    assert list(r.returns()) == [0, 0]


def test_the_turn_count_travels_with_snapshots() -> None:
    r = Round.deal(Rules(), Player.ONE, 3)
    assert r.turns == 0 and "turns" not in r.to_dict()["state"]  # snapshots of older versions have none
    _play(r, turns=150)
    doc = r.to_dict()
    assert doc["state"]["turns"] == 150
    back = Round.from_dict(doc)
    assert back == r and back.turns == 150
    _play(back)
    assert back.turns == MAX_TURNS and back.is_terminal
    finished = back.to_dict()
    assert Round.from_dict(finished) == back
    # The count is part of the state: a round is not equal to its copy with another count.
    older = copy.deepcopy(doc)
    del older["state"]["turns"]
    assert Round.from_dict(older).turns == 0 and Round.from_dict(older) != r
    for bad_turns in (0, -1, MAX_TURNS + 1, "7", 1.5):
        bad = copy.deepcopy(doc)
        bad["state"]["turns"] = bad_turns
        with pytest.raises(StateFormatError):
            Round.from_dict(bad)
    goes_on = copy.deepcopy(doc)
    goes_on["state"]["turns"] = MAX_TURNS  # the limit is reached, but the round is still in play
    with pytest.raises(StateFormatError, match="limit"):
        Round.from_dict(goes_on)
    early_dead = copy.deepcopy(finished)
    early_dead["state"]["turns"] = MAX_TURNS - 1  # a dead hand with stock left, before the limit
    with pytest.raises(StateFormatError, match="dead hand"):
        Round.from_dict(early_dead)


def test_a_match_of_takers_gives_up_with_the_library_error() -> None:
    with pytest.raises(InvalidValueError, match="never end a hand"):
        play_match(Taker(), Taker(), Rules(), 1)


def test_an_arena_of_takers_ends() -> None:
    """In a subprocess, so that a regression hangs nothing but the child."""
    code = (
        "from parlour._core.gin import arena_pair, Action\n"
        "from parlour.errors import InvalidValueError\n"
        "class Taker:\n"
        "    def act(self, obs):\n"
        "        acts = obs.legal_actions()\n"
        "        return next((a for a in acts if a.kind.name == 'TAKE_DISCARD'), None) or "
        "next((a for a in acts if a.kind.name == 'DISCARD'), acts[0])\n"
        "for jobs in (1, 2):\n"
        "    try:\n"
        "        arena_pair(Taker(), Taker(), count=4, jobs=jobs)\n"
        "    except InvalidValueError as e:\n"
        "        print('refused:', e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.count("refused:") == 2 and "never end a hand" in out.stdout


def test_bots_that_play_to_win_never_meet_the_limit() -> None:
    result = arena_pair(EasyBot(1), EasyBot(2), count=40)
    assert result.matches == 40
