"""The one game protocol: how a frontend, a server or a learning loop drives any parlour game.

Gin rummy (:class:`parlour.gin.Game`, a whole match, and :class:`parlour.gin.Round`,
one hand), solitaire Yahtzee (:class:`parlour.yahtzee.Game`) and FreeCell
(:class:`parlour.freecell.Game`) all satisfy :class:`Game`, with one meaning and one
type for every member, so a frontend is written once:

>>> from parlour import games
>>> game = games.get("yahtzee").new_game(players=2, seed=7)
>>> while not game.is_terminal:
...     game.apply(game.legal_action_ids()[0])
>>> game.returns()
(46.0, 55.0)

Seats are ints (0-based); actions are the game's own objects, each with an ``id``
(see ``num_actions``) and a text that ``parse`` reads back, and ``apply`` takes the
object, the id or the text.  A refused action raises the library's error
(:class:`~parlour.errors.IllegalActionError` or a subclass) and changes nothing.
``observation(seat)`` holds only what that seat may see (``None``: a spectator);
``to_dict()`` is a JSON-ready snapshot in the shared envelope
``{"game", "version", "rules", "state"}`` that :func:`load` reads back.

A bot is anything with ``act(observation) -> action``; it never changes a game.
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from parlour.errors import _wrong_type

__all__ = ["Action", "Bot", "Event", "Game", "Observation", "TerminalFlag", "load"]


@runtime_checkable
class Action(Protocol):
    """A game's action: an integer ``id`` and a text form (``str(action)``) that the game's parser reads back."""

    @property
    def id(self) -> int:
        """The action's fixed integer id, in ``0 .. num_actions - 1``."""
        ...


@runtime_checkable
class Observation(Protocol):
    """What one seat may see of a game (``seat`` None: a spectator, who sees the public information only)."""

    @property
    def seat(self) -> int | None:
        """The observing seat, or None for a spectator."""
        ...

    def legal_action_ids(self) -> list[int]:
        """The ids of the seat's legal actions (empty unless it is to act)."""
        ...

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of what the seat sees (the legal actions as ``{"id", "text"}`` when it is to act)."""
        ...

    def to_array(self) -> npt.NDArray[np.int8]:
        """A fixed-shape int8 encoding for learning code (the same as the game's environment)."""
        ...


@runtime_checkable
class Event(Protocol):
    """What the last accepted action did: who acted, the action, and a JSON description per seat."""

    @property
    def seat(self) -> int:
        """The seat that acted."""
        ...

    @property
    def text(self) -> str:
        """The action's text."""
        ...

    def to_dict(self, seat: int | None = None) -> dict[str, Any]:
        """The event as ``seat`` may see it (None: the public view)."""
        ...


@runtime_checkable
class Game(Protocol):
    """A game that a frontend drives: every parlour game satisfies it.

    ``current_player`` is None once ``is_terminal``; ``returns()`` has one float per
    seat, in points (gin: zero-sum points; Yahtzee: each player's total; FreeCell: 1.0
    once won, else 0.0).
    """

    game_name: ClassVar[str]
    num_actions: ClassVar[int]

    @property
    def num_players(self) -> int:
        """The number of seats."""
        ...

    @property
    def current_player(self) -> int | None:
        """The seat to act, or None once the game is over."""
        ...

    @property
    def is_terminal(self) -> bool:
        """Whether the game is over."""
        ...

    @property
    def last_event(self) -> Any:
        """What the last accepted action did (an :class:`Event`), or None."""
        ...

    def legal_actions(self) -> Sequence[Any]:
        """The legal actions, as the game's action objects in id order."""
        ...

    def legal_action_ids(self) -> list[int]:
        """The ids of the legal actions, ascending."""
        ...

    def legal_action_mask(self) -> npt.NDArray[np.bool_]:
        """A bool array of ``num_actions`` entries, True at the legal ids."""
        ...

    def can_apply(self, action: Any) -> bool:
        """Whether ``apply(action)`` would be accepted."""
        ...

    def why_not(self, action: Any) -> str | None:
        """None when ``apply(action)`` would be accepted, else the reason it would be refused."""
        ...

    def apply(self, action: Any) -> None:
        """Apply an action object, an id or text; a refused action raises and changes nothing."""
        ...

    def returns(self) -> tuple[float, ...]:
        """One float per seat, in points."""
        ...

    def observation(self, seat: int | None) -> Any:
        """What ``seat`` may see (an :class:`Observation`); None for a spectator."""
        ...

    def clone(self) -> Any:
        """An independent copy."""
        ...

    def to_dict(self) -> dict[str, Any]:
        """The snapshot ``{"game", "version", "rules", "state"}``, JSON-ready."""
        ...


@runtime_checkable
class Bot(Protocol):
    """A player: chooses an action from an observation in which it is to act, never changing a game."""

    def act(self, observation: Any) -> Any:
        """The action to play (an action object, an id or text)."""
        ...


class TerminalFlag:
    """The value of ``game.is_terminal``: true or false, like a bool.

    It also answers the first releases' spelling ``game.is_terminal()`` (a method
    then), with a :class:`DeprecationWarning`; that spelling goes in a later release.
    Compare it with ``==`` or use it in a condition (it is not the ``True`` object).
    """

    __slots__ = ("_value",)

    def __init__(self, value: bool) -> None:
        """The flag for ``value`` (the games share two instances)."""
        try:
            self._value = bool(value)
        except Exception as e:  # an object whose truth is not defined (a NumPy array)
            raise _wrong_type("a terminal flag", "True or False", value) from e

    def __bool__(self) -> bool:
        """The flag's truth."""
        return self._value

    def __call__(self) -> bool:
        """The deprecated call spelling ``is_terminal()``."""
        warnings.warn(
            "is_terminal is a property now: write game.is_terminal, not game.is_terminal()",
            DeprecationWarning,
            stacklevel=2,
        )
        return self._value

    def __eq__(self, other: object) -> bool:
        """Equal to the bool (or flag) of the same truth."""
        if isinstance(other, (bool, TerminalFlag)):
            return self._value == bool(other)
        return NotImplemented

    def __hash__(self) -> int:
        """The hash of the bool."""
        return hash(self._value)

    def __repr__(self) -> str:
        """``True`` or ``False``."""
        return repr(self._value)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles as the plain bool."""
        return (bool, (self._value,))


_TERMINAL = TerminalFlag(True)
_NOT_TERMINAL = TerminalFlag(False)


def load(snapshot: Mapping[str, Any]) -> Any:
    """The game of any snapshot written by ``to_dict()`` (the envelope's ``"game"`` names its class).

    StateFormatError for a document that is not a snapshot of a known game.
    """
    from parlour import games

    return games.load(snapshot)
