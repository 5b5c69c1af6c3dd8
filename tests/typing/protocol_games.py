"""Type-checked, not run by pytest: mypy --strict must accept every game as parlour.protocol.Game.

tests/test_typing.py runs mypy on this file; a game whose stubs drift from the protocol
(a member missing, a different type) makes it fail.
"""

from __future__ import annotations

from parlour import freecell, gin, yahtzee
from parlour.protocol import Bot, Game, Observation


def play(game: Game, bot: Bot) -> tuple[float, ...]:
    """Play a game to its end with one bot in every seat, through the protocol only."""
    while not game.is_terminal:
        seat = game.current_player
        assert seat is not None
        observation: Observation = game.observation(seat)
        game.apply(bot.act(observation))
    return game.returns()


def every_game() -> list[Game]:
    """One game of each kind, typed as the protocol."""
    return [gin.Game(gin.Rules()), gin.Round.deal(), yahtzee.Game(players=2), freecell.Game(deal=1)]


def every_bot() -> list[Bot]:
    """One bot of each game, typed as the protocol."""
    return [gin.NormalBot(1), yahtzee.HeuristicBot(), freecell.SolverBot()]
