"""FreeCell's entry in the game registry (:mod:`parlour.games`)."""

from __future__ import annotations

from typing import Any

from parlour.cards import Rng
from parlour.freecell import Game, SolverBot
from parlour.freecell._runs import SURVEY
from parlour.games import GameInfo, Lazy

__all__ = ["GAME_INFO"]

#: Without a deal number, new games draw one from 1 .. DEALS (the classic Microsoft range is 1 .. 32000).
DEALS = 1_000_000


def _make(*, players: int, rules: Any, seed: int = 0, deal: int | None = None) -> Game:
    del players, rules  # one player; no rules options
    if deal is None:
        deal = 1 + Rng(seed).below(DEALS)
    return Game(deal=deal)


def _solver_bot(*, seed: int = 0, rules: Any = None) -> SolverBot:
    del seed, rules  # the solver is deterministic
    return SolverBot()


GAME_INFO = GameInfo(
    name="freecell",
    title="FreeCell",
    game_class=Game,
    min_players=1,
    max_players=1,
    presets={"default": lambda: None},
    bots={"solver": _solver_bot},
    make=_make,
    snapshots={"freecell": Game},
    advice=Lazy("parlour.freecell._advice:advise"),
    runs={"survey": SURVEY},
    cli=Lazy("parlour.freecell.cli:register"),
    demo=Lazy("parlour.freecell.cli:demo"),
)
