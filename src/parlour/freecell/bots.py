"""A FreeCell player for the game protocol: :class:`SolverBot`, which plays the solver's moves.

>>> from parlour.freecell import Game, SolverBot
>>> game, bot = Game(deal=1), SolverBot()
>>> while not game.is_terminal:
...     game.apply(bot.act(game.observation(0)))
>>> game.state.is_solved, game.returns()
(True, (1.0,))
"""

from __future__ import annotations

from typing import Literal

from parlour._args import check_choice
from parlour._core.freecell import GameState, Move, Observation
from parlour.errors import InvalidValueError, PhaseError, WrongTypeError
from parlour.freecell.solver import Solution, solve

__all__ = ["SolverBot"]


class SolverBot:
    """Plays the solver's solution from the observed position (a hint bot).

    It keeps the solution it found and plays it on while the observed positions follow
    it (so it never wanders between two solutions), and solves again from any other
    position.  When the solver finds no solution within ``max_states`` positions (or
    proves there is none), it plays the first legal move, so it always answers while a
    move is legal.
    """

    __slots__ = ("_max_states", "_mode", "_plan")

    def __init__(self, max_states: int | None = 200_000, mode: Literal["fast", "short"] = "fast") -> None:
        """A bot that searches at most ``max_states`` positions per decision (None: no limit), in ``mode``."""
        if max_states is not None and (isinstance(max_states, bool) or not isinstance(max_states, int)):
            raise WrongTypeError(f"max_states must be an int or None, got {type(max_states).__name__}")
        if max_states is not None and max_states < 1:
            raise InvalidValueError(f"max_states must be at least 1, got {max_states}")
        check_choice(mode, "mode", ("fast", "short"))
        self._max_states = max_states
        self._mode: Literal["fast", "short"] = mode
        self._plan: dict[GameState, Move] = {}  # the position before each move of the current solution

    def act(self, observation: Observation) -> Move:
        """The move to play from the observation's position; PhaseError when no move is legal."""
        if not isinstance(observation, Observation):
            raise WrongTypeError(
                f"a bot acts on an Observation (game.observation(0)), got {type(observation).__name__}"
            )
        legal = observation.legal_actions()
        if not legal:
            raise PhaseError("no legal move: the game is over (or this is a spectator's observation)")
        state = observation.state
        if state not in self._plan:
            result = solve(state, mode=self._mode, max_states=self._max_states)
            if not (isinstance(result, Solution) and result.moves):
                return legal[0]
            self._plan = dict(zip(result.positions(state), result.moves))
        return self._plan[state]

    def __repr__(self) -> str:
        """SolverBot(max_states=..., mode=...)."""
        return f"SolverBot(max_states={self._max_states!r}, mode={self._mode!r})"
