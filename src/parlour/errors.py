"""The exceptions parlour raises.

Every exception of the library derives from :class:`ParlourError`, and each also
derives from the built-in exception a caller would expect (``ValueError`` for bad
text or values, ``TypeError`` for a wrong type, ``RuntimeError`` for a call in the
wrong phase), so ``except ValueError`` keeps working.

The C++ engine throws its own error types; one translator in the bindings maps
them onto these classes.  A game that documents finer errors (gin's
``RoundError`` variants, FreeCell's ``IllegalMove``) defines subclasses in its own
package and registers them here under a code such as ``"gin.NotInHand"`` with
:func:`register`; the engine raises that code and the translator finds the class.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TypeVar

__all__ = [
    "ParlourError",
    "NotationError",
    "IllegalActionError",
    "PhaseError",
    "StateFormatError",
    "InvalidValueError",
    "WrongTypeError",
    "ParlourWarning",
    "register",
]


class ParlourError(Exception):
    """Anything this library raises."""


class NotationError(ParlourError, ValueError):
    """Malformed card, action, move or board text; the message quotes the input."""


class IllegalActionError(ParlourError, ValueError):
    """A well-formed action that is not legal now; the message names the action and the phase."""


class PhaseError(ParlourError, RuntimeError):
    """An operation that is not allowed in the current phase of play."""


class StateFormatError(ParlourError, ValueError):
    """A corrupt or foreign snapshot, pickle, JSON document or saved table."""


class InvalidValueError(ParlourError, ValueError):
    """An argument of the right type outside its domain (a rank of 14, a mask bit that is no card)."""


class WrongTypeError(ParlourError, TypeError):
    """An argument of the wrong type (a float where cards were expected)."""


class ParlourWarning(UserWarning):
    """Something the library did on its own that the caller should know of (a damaged part
    of a result store set aside to be computed again)."""


_BY_KIND: dict[str, type[ParlourError]] = {
    "base": ParlourError,
    "parse": NotationError,
    "illegal_action": IllegalActionError,
    "phase": PhaseError,
    "format": StateFormatError,
    "invalid_value": InvalidValueError,
    "wrong_type": WrongTypeError,
}

_BY_CODE: dict[str, type[ParlourError]] = {}

E = TypeVar("E", bound=type[ParlourError])


def register(code: str) -> Callable[[E], E]:
    """Class decorator: raise this class for engine errors carrying ``code`` (``"<game>.<Name>"``)."""

    def deco(cls: E) -> E:
        if code in _BY_CODE and _BY_CODE[code] is not cls:
            raise ValueError(f"error code {code!r} is already registered to {_BY_CODE[code].__qualname__}")
        _BY_CODE[code] = cls
        return cls

    return deco


def _class_for(kind: str, code: str) -> type[ParlourError]:
    """The class for an engine error of ``kind`` with an optional finer ``code`` (used by the bindings)."""
    if code:
        if code not in _BY_CODE and "." in code:
            # The game's error classes register when its package is imported.
            try:
                importlib.import_module(f"parlour.{code.split('.', 1)[0]}")
            except ImportError:  # pragma: no cover - a game package that does not import
                pass
        cls = _BY_CODE.get(code)
        if cls is not None:
            return cls
    return _BY_KIND.get(kind, ParlourError)


def _shown(value: object) -> str:
    """``repr(value)`` for an error message, shortened and a few levels deep (``reprlib``),
    and never an error of its own (a value whose repr fails shows as its type)."""
    import reprlib

    try:
        return reprlib.repr(value)
    except Exception:  # noqa: BLE001 - a repr that fails: the type says enough
        return f"<{type(value).__name__} object>"


def _described(value: object) -> str:
    """``value`` for an error message: its type and :func:`_shown`."""
    return f"{type(value).__name__} {_shown(value)}"


def _wrong_type(what: str, expected: str, value: object) -> WrongTypeError:
    """``WrongTypeError("<what> must be <expected>, got <type> <repr>")``, the library's one wording."""
    return WrongTypeError(f"{what} must be {expected}, got {_described(value)}")
