"""Helpers for the bot tests: constructed positions as Round snapshots, and hidden-card reshuffles."""

from __future__ import annotations

import random
from typing import Any

from parlour.cards import Card, CardSet
from parlour.gin import Player, Round, Rules

ONE, TWO = Player.ONE, Player.TWO
NAMES = {ONE: 0, TWO: 1}


def cards(text: str) -> list[str]:
    return [str(c) for c in CardSet(text)]


def position(
    *,
    turn: Player,
    phase: str,
    mine: str,
    theirs: str,
    pile: str,
    my_discards: str = "",
    their_discards: str = "",
    their_known: str = "",
    dealer: Player = ONE,
    rules: Rules | None = None,
    stock_seed: int = 0,
) -> Round:
    """A round in `phase` with `turn` to act holding `mine`, the opponent `theirs`, the pile bottom first.

    The stock is every other card in a seeded order; the first pile card is the initial upcard.
    """
    opp = TWO if turn is ONE else ONE
    hands: dict[Player, list[str]] = {turn: cards(mine), opp: cards(theirs)}
    pile_cards = pile.split()
    used = set(hands[ONE]) | set(hands[TWO]) | {str(Card(c)) for c in pile_cards}
    rest = [str(c) for c in CardSet.full_deck() if str(c) not in used]
    random.Random(stock_seed).shuffle(rest)
    discarded = {turn: cards(my_discards), opp: cards(their_discards)}
    doc: dict[str, Any] = Round.deal(rules or Rules(), ONE, 0).to_dict()
    data = doc["state"]
    data.update(
        dealer=NAMES[dealer],
        phase=phase,
        turn=NAMES[turn],
        hands=[hands[ONE], hands[TWO]],
        discard_pile=[str(Card(c)) for c in pile_cards],
        stock=rest,
        initial_upcard=str(Card(pile_cards[0])),
        passes=0,
        taken=None,
        known=[[], []],
        discarded=[discarded[ONE], discarded[TWO]],
    )
    data["known"][1 if opp is TWO else 0] = cards(their_known)
    return Round.from_dict(doc)


def reshuffled(r: Round, player: Player, rng: random.Random) -> Round:
    """The round with `player`'s hidden information (the opponent's unknown cards, the stock order) reshuffled."""
    doc = r.to_dict()
    data = doc["state"]
    opp = 1 if player is ONE else 0
    known = set(data["known"][opp])
    # After a knock the knocker's spread is on the table: only its other cards are hidden.
    for meld in data["spread"]:
        known |= {str(Card(c)) for c in (meld if isinstance(meld, list) else str(meld).split())}
    known &= set(data["hands"][opp])
    if data["phase"] == "LAYOFF":  # the knocker's hand is face up; only the stock order is hidden
        known = set(data["hands"][opp])
    hidden = [c for c in data["hands"][opp] if c not in known]
    pool = hidden + list(data["stock"])
    rng.shuffle(pool)
    data["hands"][opp] = sorted(known) + pool[: len(hidden)]
    data["stock"] = pool[len(hidden) :]
    return Round.from_dict(doc)


def knocked_for_layoffs() -> Round:
    """ONE has knocked with 5s6s7s 9c9h9d JdQdKd | 2c; TWO, holding 8s 9s Ts Td 4h 5h Ac 3d 6c Qh,
    now lays off: 8s 9s Ts chained on the spades run and Td on the diamonds leave the least deadwood."""
    from parlour.gin import Action

    r = position(
        turn=ONE,
        phase="DISCARD",
        mine="5s 6s 7s 9c 9h 9d Jd Qd Kd 2c Kh",
        theirs="8s 9s Ts Td 4h 5h Ac 3d 6c Qh",
        pile="2h 3c",
        my_discards="3c",
    )
    r.apply(Action.knock("Kh"))
    return r


def knock_would_be_undercut() -> Round:
    """ONE may knock with 8 (4s5s6s TdJdQd 9c9h9d | 8d, discarding Kc), but TWO has visibly collected
    Ac2c3c Ah2h3h 4c4h4d: its deadwood is its one hidden card, so the knock would be undercut."""
    return position(
        turn=ONE,
        phase="DISCARD",
        mine="4s 5s 6s Td Jd Qd 9c 9h 9d 8d Kc",
        theirs="Ac 2c 3c Ah 2h 3h 4h 4c 4d 8s",
        pile="7s 8h 7c 5h 6c Ks",
        my_discards="Ac 2c 3c Ah 2h 3h 4h 4c 4d 8h 5h Ks",
        their_discards="7c 6c",
        their_known="Ac 2c 3c Ah 2h 3h 4h 4c 4d",
    )
