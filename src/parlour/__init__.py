"""parlour: gin rummy, solitaire Yahtzee and FreeCell with a C++ engine.

The public API lives in the subpackages: :mod:`parlour.cards` (the shared card
types and the engine's random generator), :mod:`parlour.errors`, and one package per
game.
"""

from __future__ import annotations

from parlour._version import __version__
from parlour.cards import Card, CardSet, Colour, Rank, Rng, Suit
from parlour.errors import (
    IllegalActionError,
    InvalidValueError,
    NotationError,
    ParlourError,
    PhaseError,
    StateFormatError,
    WrongTypeError,
)

__all__ = [
    "__version__",
    "Card",
    "CardSet",
    "Colour",
    "Rank",
    "Rng",
    "Suit",
    "IllegalActionError",
    "InvalidValueError",
    "NotationError",
    "ParlourError",
    "PhaseError",
    "StateFormatError",
    "WrongTypeError",
]
