"""The errors of :mod:`parlour.gin` (registered with :mod:`parlour.errors` so the engine raises them)."""

from __future__ import annotations

from parlour.errors import InvalidValueError, register

__all__ = ["InvalidMeld", "ArrangeError"]


@register("gin.InvalidMeld")
class InvalidMeld(InvalidValueError):
    """Cards that do not form a meld; the message says why (too few cards, mixed cards, not consecutive)."""


@register("gin.ArrangeError")
class ArrangeError(InvalidValueError):
    """An arrangement that is not one of its hand: a meld not in the hand, overlapping melds, more than 11 cards."""
