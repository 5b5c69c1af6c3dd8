"""Information hygiene as a property: a bot's decisions depend only on its observation.

At every decision of seeded games, the hidden cards (the opponent's cards not known
to be in its hand, and the stock order) are reshuffled consistently with what the
player to act has seen; the observation must not change, and each bot must choose
the same action in the real and the reshuffled round — a fresh bot as well as one
that has played the whole game so far (ExpertBot on a node budget).  (SimpleBot remembers its draw/discard pairs
of the hand: its fresh copy is first shown the observations the player acted on.)
"""

from __future__ import annotations

import functools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.gin import EasyBot, ExpertBot, HardBot, NormalBot, Player, Round, Rules, SimpleBot

from .botpos import ONE, TWO, reshuffled  # the shared position helpers

BOTS = {
    "easy": EasyBot,
    "normal": NormalBot,
    "hard": HardBot,
    "simple": SimpleBot,
    "expert": functools.partial(ExpertBot, nodes=1500),
}  # (a small node budget: deterministic)
STATEFUL = {"simple"}


def check_game(name: str, seed: int, rules: Rules, reshuffles: int) -> int:
    cls = BOTS[name]
    rng = random.Random(seed)
    r = Round.deal(rules, ONE if seed % 2 else TWO, seed)
    players = {ONE: cls(seed), TWO: cls(seed + 1)}
    seen: dict[Player, list] = {ONE: [], TWO: []}
    decisions = 0
    while not r.is_terminal:
        p = r.turn
        obs = r.observation(p)
        action = players[p].act(obs)
        for _ in range(reshuffles):
            other = reshuffled(r, p, rng)
            other_obs = other.observation(p)
            assert other_obs == obs
            fresh = cls(seed + (p is TWO))
            if name in STATEFUL:
                for past in seen[p]:
                    fresh.act(past)
            assert fresh.act(other_obs) == action
            if name not in STATEFUL:  # (a stateful bot has already acted on this observation)
                assert players[p].act(other_obs) == action
        seen[p].append(obs)
        r.apply(action)
        decisions += 1
    return decisions


@pytest.mark.parametrize("name", list(BOTS))
def test_decisions_do_not_change_when_hidden_cards_are_reshuffled(name: str) -> None:
    total = 0
    for seed in range(6 if name in ("hard", "expert") else 12):
        total += check_game(name, seed, Rules() if seed % 3 else Rules.modern(), reshuffles=2)
    assert total > 100


@settings(max_examples=25)
@given(seed=st.integers(0, 2**32), name=st.sampled_from(list(BOTS)))
def test_hygiene_on_random_games(seed: int, name: str) -> None:
    check_game(name, seed, Rules(), reshuffles=1)


def test_the_reshuffle_really_moves_hidden_cards() -> None:
    # The property above is not vacuous: the reshuffled rounds differ from the real one.
    r = Round.deal(Rules(), ONE, 7)
    rng = random.Random(1)
    others = [reshuffled(r, r.turn, rng) for _ in range(5)]
    assert any(o.hand(r.turn.opponent) != r.hand(r.turn.opponent) for o in others)
    assert any(list(o.stock) != list(r.stock) for o in others)
    assert all(o.hand(r.turn) == r.hand(r.turn) for o in others)
