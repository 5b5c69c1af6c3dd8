"""Cards shared by every game: :class:`Card`, :class:`Rank`, :class:`Suit`, :class:`Colour`
and :class:`CardSet`, plus the engine's random generator :class:`Rng`.

Suits are numbered CLUB=0, SPADE=1, HEART=2, DIAMOND=3 everywhere in the library; the
Ace is low (rank 1).  A card's dense index is ``13*suit + rank - 1``; a
:class:`CardSet` is a 64-bit mask with bit ``16*suit + rank``.

>>> from parlour.cards import Card, CardSet
>>> hand = CardSet("As 2s 3s") | Card("Kd")
>>> len(hand), Card("As") in hand, str(hand - Card("2s"))
(4, True, 'As 3s Kd')
>>> Card("Jack of Diamonds").unicode()
'J♦'
"""

from __future__ import annotations

from parlour._core.cards import (
    Card,
    CardSet,
    Colour,
    Rank,
    Rng,
    Suit,
    cards_to_masks,
    colour_of,
    dense_to_masks,
    masks_to_cards,
    masks_to_dense,
    shuffled_deck,
)

__all__ = [
    "Card",
    "CardSet",
    "Colour",
    "Rank",
    "Rng",
    "Suit",
    "FULL_DECK",
    "deck",
    "cards_to_masks",
    "colour_of",
    "dense_to_masks",
    "masks_to_cards",
    "masks_to_dense",
    "shuffled_deck",
]

#: All 52 cards.
FULL_DECK: CardSet = CardSet.full_deck()


def deck() -> list[Card]:
    """The 52 cards in dense-index order (clubs Ace..King, spades, hearts, diamonds)."""
    return [Card.from_index(i) for i in range(52)]
