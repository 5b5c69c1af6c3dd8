"""A FreeCell player for the game protocol: :class:`SolverBot`, which plays the solver's moves.

>>> from parlour.freecell import Game, SolverBot
>>> game, bot = Game(deal=1), SolverBot()
>>> while not game.is_terminal:
...     game.apply(bot.act(game.observation(0)))
>>> game.state.is_solved, game.returns()
(True, (1.0,))
"""

from __future__ import annotations

from parlour._core.freecell import Move, Observation
from parlour.errors import InvalidValueError, PhaseError, WrongTypeError
from parlour.freecell.solver import Solution, solve

__all__ = ["SolverBot"]


class SolverBot:
    """Plays the first move of the solver's solution from the observed position (a hint bot).

    When the solver finds no solution within ``max_states`` positions (or proves there
    is none), it plays the first legal move, so it always answers while a move is legal.
    """

    __slots__ = ("_max_states", "_mode")

    def __init__(self, max_states: int | None = 200_000, mode: str = "fast") -> None:
        """A bot that searches at most ``max_states`` positions per decision (None: no limit), in ``mode``."""
        if max_states is not None and (isinstance(max_states, bool) or not isinstance(max_states, int)):
            raise WrongTypeError(f"max_states must be an int or None, got {type(max_states).__name__}")
        if max_states is not None and max_states < 1:
            raise InvalidValueError(f"max_states must be at least 1, got {max_states}")
        if mode not in ("fast", "short"):
            raise InvalidValueError(f"mode must be 'fast' or 'short', got {mode!r}")
        self._max_states = max_states
        self._mode = mode

    def act(self, observation: Observation) -> Move:
        """The move to play from the observation's position; PhaseError when no move is legal."""
        if not isinstance(observation, Observation):
            raise WrongTypeError(f"a bot acts on an Observation (game.observation(0)), got {type(observation).__name__}")
        legal = observation.legal_actions()
        if not legal:
            raise PhaseError("no legal move: the game is over (or this is a spectator's observation)")
        result = solve(observation.state, mode=self._mode, max_states=self._max_states)
        if isinstance(result, Solution) and result.moves:
            return result.moves[0]
        return legal[0]

    def __repr__(self) -> str:
        """SolverBot(max_states=..., mode=...)."""
        return f"SolverBot(max_states={self._max_states!r}, mode={self._mode!r})"
