"""The frontend protocol for FreeCell: :class:`Game`, a mutable game with undo.

A GUI, a web server or an RL loop drives it like every parlour game:
``legal_actions()`` (integer ids, see :data:`NUM_ACTIONS`), ``legal_action_mask()``,
``apply(action)`` (an id, standard notation such as ``"3a"``, or a :class:`Move`),
``undo()``, ``is_terminal()``, ``returns()``, ``clone()``, ``observation()``,
``to_dict()`` / ``from_dict()`` and pickling.  The positions themselves are the
immutable :class:`GameState` values.
"""

from __future__ import annotations

import numbers
from typing import TYPE_CHECKING, Any

from parlour._core.freecell import NUM_ACTIONS, GameState, Move
from parlour.errors import PhaseError, StateFormatError, WrongTypeError
from parlour.freecell.errors import IllegalMove

if TYPE_CHECKING:  # NumPy is imported when a mask is first asked for, not with the module
    import numpy as np
    import numpy.typing as npt

__all__ = ["Game", "NUM_ACTIONS"]

_FORMAT = "parlour.freecell.Game"
_VERSION = 1


class Game:
    """A game of FreeCell from a start position: the moves made so far, with undo.

    Action ids: single-card moves ``src*13 + dst`` (src 0..7 cascades, 8..11 cells;
    dst 0..7 cascades, 8..11 cells, 12 foundations), sequence moves between cascades
    ``156 + (src*8 + dst)*12 + count - 2``; ``NUM_ACTIONS`` ids in all.
    A refused action raises :class:`IllegalMove` and changes nothing.
    """

    def __init__(self, start: GameState | None = None, *, deal: int | None = None) -> None:
        """A game from ``start``, or from Microsoft deal ``deal`` (deal 1 when neither is given)."""
        if start is not None and deal is not None:
            raise WrongTypeError("give a start position or a deal number, not both")
        if start is None:
            start = GameState.from_ms_deal(1 if deal is None else deal)
        elif not isinstance(start, GameState):
            raise WrongTypeError(f"expected a GameState, got {type(start).__name__}")
        start.validate()
        self._start = start
        self._deal = deal
        self._states = [start]
        self._moves: list[Move] = []

    # -- state
    @property
    def start(self) -> GameState:
        """The position the game started from."""
        return self._start

    @property
    def deal(self) -> int | None:
        """The Microsoft deal number, when the game was built from one."""
        return self._deal

    @property
    def state(self) -> GameState:
        """The current position."""
        return self._states[-1]

    @property
    def history(self) -> tuple[Move, ...]:
        """The moves made so far (resolved)."""
        return tuple(self._moves)

    @property
    def current_player(self) -> int:
        """Always 0: FreeCell has one player."""
        return 0

    # -- actions
    def legal_moves(self) -> list[Move]:
        """Every legal move now, sequence moves included."""
        return list(self.state.legal_move_list(supermoves=True))

    def legal_actions(self) -> list[int]:
        """The action ids of the legal moves, ascending."""
        return sorted({m.action_id for m in self.legal_moves()})

    def legal_action_mask(self) -> npt.NDArray[np.bool_]:
        """A boolean array of length NUM_ACTIONS, true at the legal action ids."""
        import numpy as np

        mask = np.zeros(NUM_ACTIONS, dtype=np.bool_)
        mask[self.legal_actions()] = True
        return mask

    def _move(self, action: int | str | Move) -> Move:
        if isinstance(action, Move):
            return action
        if isinstance(action, str):
            return Move.parse(action)
        if isinstance(action, numbers.Integral) and not isinstance(action, bool):  # int, NumPy integers
            return Move.from_action_id(int(action))
        raise WrongTypeError(f"an action is an int id, move text or Move, got {type(action).__name__} {action!r}")

    def can_apply(self, action: int | str | Move) -> bool:
        """Whether ``apply(action)`` would succeed."""
        try:
            return self.state.allows_move(self._move(action))
        except ValueError:
            return False

    def apply(self, action: int | str | Move) -> Move:
        """Make a move (id, notation or Move); returns the resolved move.  IllegalMove changes nothing."""
        move = self._move(action)
        resolved = self.state.resolve(move)
        if resolved is None:
            raise IllegalMove(f"illegal move {str(move)!r}: {self.state.why_illegal(move)}")
        self._states.append(self.state.apply(resolved))
        self._moves.append(resolved)
        return resolved

    def can_undo(self) -> bool:
        """Whether there is a move to take back."""
        return bool(self._moves)

    def undo(self) -> Move:
        """Take back the last move and return it; PhaseError at the start."""
        if not self._moves:
            raise PhaseError("no move to undo: the game is at its start")
        self._states.pop()
        return self._moves.pop()

    def hint(self, *, max_states: int | None = 200_000) -> Move | None:
        """The first move of a solution from here, or None when the solver finds none within its limit."""
        from parlour.freecell.solver import Solution, solve

        result = solve(self.state, max_states=max_states)
        if isinstance(result, Solution) and result.moves:
            return result.moves[0]
        return None

    # -- outcome
    def is_terminal(self) -> bool:
        """True when the game is won or no move is legal."""
        return self.state.is_solved or not self.state.legal_move_list()

    def returns(self) -> list[float]:
        """[1.0] once won, else [0.0]."""
        return [1.0 if self.state.is_solved else 0.0]

    def clone(self) -> Game:
        """An independent copy."""
        other = Game.__new__(Game)
        other._start = self._start
        other._deal = self._deal
        other._states = list(self._states)
        other._moves = list(self._moves)
        return other

    def observation(self, player: int = 0) -> dict[str, Any]:
        """Everything the player sees (all cards are face up): the position in both text forms."""
        if player != 0:
            raise WrongTypeError(f"FreeCell has one player (0), got {player!r}")
        return {"position": self.state.to_text(), "board": self.state.to_board(), "moves": len(self._moves)}

    # -- serialization
    def to_dict(self, player: int | None = None) -> dict[str, Any]:
        """A JSON-ready, versioned snapshot: the start position, the deal and the moves in notation."""
        del player  # nothing is hidden in FreeCell
        notation = []
        for state, move in zip(self._states, self._moves):
            notation.append(state.notation(move))
        return {
            "format": _FORMAT,
            "version": _VERSION,
            "deal": self._deal,
            "start": self._start.to_text(),
            "moves": notation,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        """Rebuild a game from :meth:`to_dict` output; StateFormatError for a corrupt or foreign document."""
        if not isinstance(data, dict) or data.get("format") != _FORMAT:
            raise StateFormatError(f"not a FreeCell game document: {data!r:.80}")
        if data.get("version") != _VERSION:
            raise StateFormatError(f"unsupported FreeCell game version {data.get('version')!r}")
        try:
            start = GameState.parse(data["start"])
            game = cls(start)
            game._deal = data.get("deal")
            for text in data["moves"]:
                game.apply(text)
        except (KeyError, TypeError, ValueError) as e:
            raise StateFormatError(f"corrupt FreeCell game document: {e}") from e
        return game

    def __getstate__(self) -> dict[str, Any]:
        """Pickle as the to_dict() document."""
        return self.to_dict()

    def __setstate__(self, data: dict[str, Any]) -> None:
        """Unpickle from a to_dict() document."""
        other = Game.from_dict(data)
        self.__dict__.update(other.__dict__)

    def __eq__(self, other: object) -> bool:
        """Same start and same moves."""
        if not isinstance(other, Game):
            return NotImplemented
        return self._start == other._start and self._moves == other._moves

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        """Game(deal=N) with the moves so far."""
        origin = f"deal={self._deal}" if self._deal is not None else "start=..."
        return f"<freecell.Game {origin} moves={len(self._moves)} solved={self.state.is_solved}>"

    def __str__(self) -> str:
        """The table as a person reads it."""
        return str(self.state)
