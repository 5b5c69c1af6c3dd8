"""Helpers shared by the gin tests: fixed deals, action lists, card conservation."""

from __future__ import annotations

from parlour.cards import Card, CardSet
from parlour.gin import Player, Round, Rules

ONE, TWO = Player.ONE, Player.TWO
DECK = [Card.from_index(i) for i in range(52)]


def deal(one: str, two: str, upcard: str, stock_top: str = "", rules: Rules | None = None) -> Round:
    """A fixed deal: Player.TWO deals, so Player.ONE has the first upcard offer.

    ``stock_top`` is drawn first, left to right; the rest of the deck lies below it in
    index order.
    """
    h1, h2, up = CardSet(one), CardSet(two), Card(upcard)
    top = [Card(c) for c in stock_top.split()]
    rest = [c for c in DECK if c not in h1 and c not in h2 and c != up and c not in top]
    return Round.from_deal(rules or Rules(), TWO, (h1, h2), up, list(reversed(top + rest)))


def play(r: Round, actions: list[str]) -> None:
    """Apply the actions in order, each one checked legal first."""
    for a in actions:
        assert r.can_apply(a), (a, str(r))
        r.apply(a)


def conserved(r: Round) -> bool:
    """The 52 cards are all there, each once: hands, pile, stock and the cards laid off."""
    cards = list(r.hand(ONE)) + list(r.hand(TWO)) + r.discard_pile + r.stock + list(r.laid_off)
    return len(cards) == 52 and len(set(cards)) == 52
