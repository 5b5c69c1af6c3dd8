"""FreeCell: positions, moves, Microsoft deals, standard notation and a solver.

The game objects follow the Rust crate ``freecell`` (0.1.0) in Python spelling, on
the library's shared cards (``Suit.SPADE == 1``, so ``foundations[Suit.SPADE]``
holds only spades):

>>> from parlour.freecell import GameState, solve
>>> deal = GameState.from_ms_deal(1)
>>> [str(c) for c in deal.cascades[0]]
['Jd', 'Kd', '2s', '4c', '3s', '6d', '6s']
>>> after = deal.apply("6a")          # standard notation: cascade 6 to free cell a
>>> str(after.freecells[0])
'3d'
>>> solution = solve(deal)
>>> solution.replay(deal).is_solved
True

Collections (:class:`Foundation`, :class:`Foundations`, :class:`Freecells`,
:class:`Cascade`) are immutable values with the crate's ``CardCollection``
protocol: ``add_card(card)`` returns a new collection or raises
:class:`IllegalMove`; ``pop_card()`` returns every ``(remaining, card)``.
"""

from __future__ import annotations

from collections.abc import Iterable

from parlour._args import items_of
from parlour._core.freecell import (
    NUM_ACTIONS,
    Cascade,
    Foundation,
    Foundations,
    Freecells,
    Game,
    GameState,
    Move,
    Observation,
    Position,
    PositionKind,
    Verdict,
    is_safe_autoplay,
)
from parlour.cards import Card, Colour, Rank, Suit
from parlour.errors import WrongTypeError
from parlour.freecell.bots import SolverBot
from parlour.freecell.errors import IllegalMove, InvalidPosition
from parlour.freecell.solver import (
    DEFAULT_MEMORY_LIMIT,
    ProofProgress,
    Solution,
    SolveResult,
    Unknown,
    Unsolvable,
    prove,
    solve,
    solve_deals,
)

__all__ = [
    "DEFAULT_MEMORY_LIMIT",
    "Card",
    "Cascade",
    "Cascades",
    "Colour",
    "Foundation",
    "Foundations",
    "Freecells",
    "Game",
    "GameState",
    "IllegalMove",
    "InvalidPosition",
    "Move",
    "NUM_ACTIONS",
    "Observation",
    "Position",
    "PositionKind",
    "ProofProgress",
    "Rank",
    "Solution",
    "SolveResult",
    "SolverBot",
    "Suit",
    "Unknown",
    "Unsolvable",
    "Verdict",
    "is_safe_autoplay",
    "prove",
    "solve",
    "solve_deals",
]


class Cascades(tuple[Cascade, ...]):
    """The eight cascades of a position (a tuple of :class:`Cascade`, index 0..7)."""

    __slots__ = ()

    def __new__(cls, cascades: Iterable[Cascade | str | Iterable[Card | str]] = ()) -> Cascades:
        """Eight cascades (Cascade objects, text like 'Jd Kd' or card lists); missing ones are empty."""
        if isinstance(cascades, str) or not isinstance(cascades, Iterable):
            raise WrongTypeError(f"expected an iterable of up to eight cascades, got {type(cascades).__name__}")
        items = [c if isinstance(c, Cascade) else Cascade(c) for c in items_of(cascades, "cascades")]
        if len(items) > 8:
            raise InvalidPosition(f"a position has eight cascades, got {len(items)}")
        items += [Cascade()] * (8 - len(items))
        return super().__new__(cls, items)

    def pop_card(self) -> list[tuple[Cascades, Card]]:
        """Every (remaining cascades, card) for the top card of each non-empty cascade."""
        out = []
        for i, cascade in enumerate(self):
            for rest, card in cascade.pop_card():
                out.append((Cascades(self[:i] + (rest,) + self[i + 1 :]), card))
        return out

    def __repr__(self) -> str:
        """Cascades([...]) with each cascade's text."""
        return "Cascades([" + ", ".join(repr(str(c)) for c in self) + "])"
