"""Gin rummy's entry in the game registry (:mod:`parlour.games`)."""

from __future__ import annotations

from typing import Any

from parlour.games import GameInfo, Lazy
from parlour.gin import Game, Player, Round, Rules
from parlour.gin._runs import ARENA
from parlour.gin.bots import BOT_NAMES, make_bot

__all__ = ["GAME_INFO"]


def _make(*, players: int, rules: Rules, seed: int = 0, first_dealer: Player | int = Player.ONE) -> Game:
    del players  # always two
    return Game(rules, seed, first_dealer)


def _bot_factory(name: str) -> Any:
    def factory(*, seed: int = 0, rules: Any = None) -> Any:
        del rules  # the gin bots read the rules from their observation
        return make_bot(name, seed)

    return factory


GAME_INFO = GameInfo(
    name="gin",
    title="Gin rummy",
    game_class=Game,
    min_players=2,
    max_players=2,
    presets={
        "default": Rules,
        "modern": Rules.modern,
        "classic": Rules.classic,
        "palace": Rules.palace,
        "eaai": Rules.eaai,
    },
    bots={name: _bot_factory(name) for name in BOT_NAMES},
    make=_make,
    snapshots={"gin": Game, "gin.round": Round},
    advice=Lazy("parlour.gin._advice:advise"),
    review=Lazy("parlour.gin._advice:review_hand"),
    runs={"arena": ARENA},
    cli=Lazy("parlour.gin.cli:register"),
    demo=Lazy("parlour.gin.cli:demo"),
)
