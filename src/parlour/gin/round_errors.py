"""The errors of a gin :class:`~parlour.gin.Round`.

The ``RoundError`` and ``DealError`` variants of the Rust crate gin-rummy (docs.rs).

Registered with :mod:`parlour.errors` under ``"gin.<Name>"`` so the engine raises them.
``RoundError`` is the base of every refused action: ``WrongPhase`` is also a
:class:`~parlour.errors.PhaseError`, the others are
:class:`~parlour.errors.IllegalActionError`.  ``DealError`` (a bad fixed deal) is an
:class:`~parlour.errors.InvalidValueError`.  A refused action changes nothing.
"""

from __future__ import annotations

from parlour.errors import IllegalActionError, InvalidValueError, ParlourError, PhaseError, register

__all__ = [
    "BigGinDisabled",
    "CannotLayOff",
    "DealError",
    "DiscardJustTaken",
    "MeldsMismatch",
    "MustDrawFromStock",
    "NoSuchMeld",
    "NotBigGin",
    "NotInHand",
    "RepeatedCard",
    "RoundError",
    "TooMuchDeadwood",
    "WrongHandSize",
    "WrongPhase",
    "WrongStockSize",
]


@register("gin.RoundError")
class RoundError(ParlourError):
    """An action a round refuses (the round is left exactly as it was)."""


@register("gin.WrongPhase")
class WrongPhase(RoundError, PhaseError):
    """The action is not allowed in the round's current phase (or the match is over)."""


@register("gin.MustDrawFromStock")
class MustDrawFromStock(RoundError, IllegalActionError):
    """Both players passed the upcard: the non-dealer must open by drawing from the stock."""


@register("gin.NotInHand")
class NotInHand(RoundError, IllegalActionError):
    """The card is not in the hand of the player to act."""


@register("gin.DiscardJustTaken")
class DiscardJustTaken(RoundError, IllegalActionError):
    """The card taken from the discard pile this turn may not be discarded in the same turn."""


@register("gin.TooMuchDeadwood")
class TooMuchDeadwood(RoundError, IllegalActionError):
    """A knock whose arrangement keeps more deadwood than the round's knock limit."""


@register("gin.MeldsMismatch")
class MeldsMismatch(RoundError, IllegalActionError):
    """The melds given do not arrange exactly the hand (without the discard, for a knock)."""


@register("gin.NotBigGin")
class NotBigGin(RoundError, IllegalActionError):
    """Big gin needs all 11 cards melded; the hand keeps deadwood."""


@register("gin.BigGinDisabled")
class BigGinDisabled(RoundError, IllegalActionError):
    """The rules disable big gin (``Rules.big_gin_bonus is None``)."""


@register("gin.NoSuchMeld")
class NoSuchMeld(RoundError, IllegalActionError):
    """A layoff names a meld index the knocker's spread does not have."""


@register("gin.CannotLayOff")
class CannotLayOff(RoundError, IllegalActionError):
    """The card extends neither end of the run nor completes the set."""


@register("gin.DealError")
class DealError(InvalidValueError):
    """A fixed deal that is not one: wrong hand or stock sizes, or a repeated card."""


@register("gin.WrongHandSize")
class WrongHandSize(DealError):
    """A hand of a fixed deal does not hold 10 cards."""


@register("gin.WrongStockSize")
class WrongStockSize(DealError):
    """The stock of a fixed deal does not hold the remaining 31 cards."""


@register("gin.RepeatedCard")
class RepeatedCard(DealError):
    """A card appears twice in a fixed deal."""
