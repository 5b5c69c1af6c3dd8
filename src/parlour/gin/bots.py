"""The computer players of gin rummy: :class:`EasyBot`, :class:`NormalBot`, :class:`HardBot`.

A bot is anything with an ``act(observation) -> Action`` method; it is handed only
``round.observation(player)`` (its own hand, the discard pile, the cards the opponent
is known to hold, both players' discards, the stock size, the legal actions), never
the opponent's hand or the stock order.  The three C++ bots follow the rule card:

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

Each is seedable and deterministic: a decision is a function of the seed and the
observation.

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

from typing import Protocol, runtime_checkable

from parlour._core.gin import (
    Action,
    Bot,
    EasyBot,
    HardBot,
    KnockEstimate,
    NormalBot,
    Observation,
    play_match,
)
from parlour.errors import InvalidValueError

__all__ = [
    "BOT_NAMES",
    "ActsOnObservation",
    "Bot",
    "EasyBot",
    "HardBot",
    "KnockEstimate",
    "NormalBot",
    "make_bot",
    "play_match",
]

#: The names of the C++ bots, weakest first.
BOT_NAMES: tuple[str, ...] = ("easy", "normal", "hard")


@runtime_checkable
class ActsOnObservation(Protocol):
    """The bot protocol: any object with ``act(observation) -> Action`` (or an action id or text)."""

    def act(self, observation: Observation) -> Action | int | str:
        """The action to play in a position where the observation's player is to act."""
        ...


def make_bot(name: str, seed: int = 0) -> Bot:
    """The C++ bot named ``name`` ("easy", "normal", "hard"; case-insensitive) with ``seed``."""
    key = name.strip().lower() if isinstance(name, str) else name
    classes = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}
    if key not in classes:
        raise InvalidValueError(f"no bot named {name!r} (known: 'easy', 'normal', 'hard')")
    return classes[key](seed)
