"""The computer players of gin rummy: :class:`EasyBot`, :class:`NormalBot`, :class:`HardBot`,
and :class:`SimpleBot`, the EAAI competition's reference opponent.

A bot is anything with an ``act(observation) -> Action`` method; it is handed only
``round.observation(player)`` (its own hand, the discard pile, the cards the opponent
is known to hold, both players' discards, the stock size, the legal actions), never
the opponent's hand or the stock order.  The three levels follow the rule card:

* ``EasyBot``: keeps the melds it has formed and discards its unmatched card of
  highest value; takes the upcard / pile top only when it completes a meld; knocks as
  soon as it may.
* ``NormalBot``: plays from the best meld partition (takes the pile top when the
  deadwood it reaches beats the expected deadwood of a stock draw), avoids discards
  the opponent can use judged from what it took and threw, knocks as soon as it may,
  lays off optimally.
* ``HardBot``: samples the opponent's hidden cards consistently with the observation
  and weighs knocking now against playing on (toward gin, away from an undercut) by
  rollouts.

``ExpertBot`` searches: it samples opponent hands weighted by how well they explain
the opponent's takes, passes and discards, plays every candidate draw, discard and
knock out to the end of the hand in each sampled world, and keeps the best, within a
node budget (``nodes=``, deterministic) or a time budget (``budget_ms=``), on
``threads=`` threads.

``SimpleBot`` is a port of SimpleGinRummyPlayer, the starter player of the EAAI Gin
Rummy competition (Todd W. Neller, EAAI 2021), against which published gin rummy
players report their results: it draws the face-up card only when that card would be
part of a meld, discards at random among the cards leaving the least deadwood, knocks
as soon as it may and ignores the opponent.

Each is seedable and deterministic: a decision is a function of the seed and the
observation (SimpleBot also remembers the draw/discard pairs it made this hand).

>>> from parlour.gin import Round, Rules, Player, EasyBot
>>> r = Round.deal(Rules(), Player.ONE, 5)
>>> obs = r.observation(r.turn)
>>> EasyBot().act(obs) in obs.legal_actions()
True
>>> from parlour.gin.bots import play_match
>>> play_match(EasyBot(), EasyBot(), seed=1).is_over
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

from parlour._core.gin import (
    EXPERT_BENCH_NODES,
    EXPERT_DEFAULT_NODES,
    Action,
    Bot,
    EasyBot,
    ExpertBot,
    ExpertCandidate,
    ExpertSearch,
    HardBot,
    KnockEstimate,
    NormalBot,
    Observation,
    SimpleBot,
    best_arrangements,
    expert_playout,
    layoff_deadwood,
    play_match,
)
from parlour.errors import InvalidValueError, _shown, _wrong_type

__all__ = [
    "BOTS",
    "BOT_NAMES",
    "EXPERT_BENCH_NODES",
    "EXPERT_DEFAULT_NODES",
    "ActsOnObservation",
    "Bot",
    "EasyBot",
    "ExpertBot",
    "ExpertCandidate",
    "ExpertSearch",
    "HardBot",
    "KnockEstimate",
    "NormalBot",
    "SimpleBot",
    "best_arrangements",
    "expert_playout",
    "layoff_deadwood",
    "make_bot",
    "play_match",
]

#: The C++ bots by name: the rule card's three levels, the search bot, and the EAAI reference player.
BOTS: dict[str, Callable[[int], Bot]] = {
    "easy": EasyBot,
    "normal": NormalBot,
    "hard": HardBot,
    "expert": ExpertBot,
    "simple": SimpleBot,
}

#: The names of the C++ bots (the keys of :data:`BOTS`).
BOT_NAMES: tuple[str, ...] = tuple(BOTS)


@runtime_checkable
class ActsOnObservation(Protocol):
    """The bot protocol: any object with ``act(observation) -> Action`` (or an action id or text)."""

    def act(self, observation: Observation) -> Action | int | str:
        """The action to play in a position where the observation's player is to act."""
        ...


def make_bot(name: str, seed: int = 0) -> Bot:
    """The C++ bot named ``name`` (a key of :data:`BOTS`, case-insensitive) with ``seed``."""
    if not isinstance(name, str):
        raise _wrong_type("a bot's name", "a str", name)
    key = name.strip().lower()
    if key not in BOTS:
        known = ", ".join(repr(n) for n in BOTS)
        raise InvalidValueError(f"no bot named {_shown(name)} (known: {known})")
    return BOTS[key](seed)
