"""Solitaire Yahtzee's entry in the game registry (:mod:`parlour.games`)."""

from __future__ import annotations

from typing import Any

from parlour.games import GameInfo, Lazy
from parlour.yahtzee import Game, HeuristicBot, Joker, OptimalBot, Rules, Solver
from parlour.yahtzee._runs import SIMULATE

__all__ = ["GAME_INFO"]

# One solver per rules variant, shared by the optimal bots (a table of 8 MB, solved
# lazily as the bots ask).
_SOLVERS: dict[str, Solver] = {}


def _solver(rules: Rules) -> Solver:
    key = str(rules.code)
    if key not in _SOLVERS:
        _SOLVERS[key] = Solver(rules)
    return _SOLVERS[key]


def _make(*, players: int, rules: Rules, seed: int = 0, auto_roll: bool = True) -> Game:
    return Game(players, rules, seed, auto_roll)


def _optimal(*, seed: int = 0, rules: Any = None) -> OptimalBot:
    del seed  # the optimal strategy is deterministic
    return OptimalBot(_solver(Rules() if rules is None else rules))


def _heuristic(*, seed: int = 0, rules: Any = None) -> HeuristicBot:
    del seed
    return HeuristicBot(rules)


GAME_INFO = GameInfo(
    name="yahtzee",
    title="Yahtzee",
    game_class=Game,
    min_players=1,
    max_players=8,
    presets={
        "default": Rules,
        "free-joker": lambda: Rules(Joker.FREE),
        "no-joker": lambda: Rules(Joker.NONE),
        "no-bonuses": lambda: Rules(Joker.FORCED, yahtzee_bonus=False, upper_bonus=False),
    },
    bots={"heuristic": _heuristic, "optimal": _optimal},
    make=_make,
    snapshots={"yahtzee": Game},
    advice=Lazy("parlour.yahtzee._advice:advise"),
    runs={"simulate": SIMULATE},
    cli=Lazy("parlour.yahtzee.cli:register"),
    demo=Lazy("parlour.yahtzee.cli:demo"),
)
