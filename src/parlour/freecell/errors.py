"""The errors of :mod:`parlour.freecell`.

``IllegalMove`` is what the Rust ``freecell`` crate's ``add_card`` / move checks return as an error:
a well-formed move the rules forbid now.  ``InvalidPosition`` reports a position
that is not a FreeCell position (a card twice, cards missing, 53 cards).
"""

from __future__ import annotations

from parlour.errors import IllegalActionError, InvalidValueError, register

__all__ = ["IllegalMove", "InvalidPosition"]


@register("freecell.IllegalMove")
class IllegalMove(IllegalActionError):
    """A move (or ``add_card``) the rules of FreeCell forbid; the message names the move and the reason."""


@register("freecell.InvalidPosition")
class InvalidPosition(InvalidValueError):
    """Not a FreeCell position: a card twice, a card missing, or more than 52 cards."""
