"""
Cards, card sets and the engine's random generator.
"""
from __future__ import annotations
import collections.abc
import enum
import numpy
import numpy.typing
import typing
__all__: list[str] = ['Card', 'CardSet', 'Colour', 'Rank', 'Rng', 'Suit', 'cards_to_masks', 'colour_of', 'dense_to_masks', 'masks_to_cards', 'masks_to_dense', 'shuffled_deck']
class Card:
    """
    One playing card: a rank (Ace low) and a suit; immutable, hashable, ordered by bit (suit-major: clubs, spades, hearts, diamonds; then rank).
    
    Card('As'), Card('10h'), Card('Jack of Diamonds') and Card(Rank.ACE, Suit.SPADE) all build a card. Text 'As', 'Td', '7c' is canonical (str); unicode() gives 'A♠'. The dense index is 13*suit + rank - 1 (0..51); the CardSet bit is 16*suit + rank.
    """
    @staticmethod
    def from_bit(bit: typing.SupportsInt | typing.SupportsIndex) -> Card:
        """
        The card with CardSet bit 16*suit + rank; InvalidValueError for a bit that is not a card.
        """
    @staticmethod
    def from_index(index: typing.SupportsInt | typing.SupportsIndex) -> Card:
        """
        The card with dense index 13*suit + rank - 1 (0..51); InvalidValueError outside.
        """
    @staticmethod
    def parse(text: str) -> Card:
        """
        Parse a card: 'As', 'td', '10h', 'T♦' or 'Jack of Diamonds' (case-insensitive); NotationError otherwise.
        """
    def __and__(self, other: Card | CardSet) -> CardSet:
        ...
    def __copy__(self) -> Card:
        ...
    def __deepcopy__(self, memo: typing.Any) -> Card:
        ...
    def __eq__(self, other: typing.Any) -> typing.Any:
        ...
    def __ge__(self, other: Card) -> bool:
        ...
    def __getstate__(self) -> tuple[str]:
        ...
    def __gt__(self, other: Card) -> bool:
        ...
    def __hash__(self) -> int:
        ...
    @typing.overload
    def __init__(self, rank: typing.SupportsInt | typing.SupportsIndex, suit: typing.SupportsInt | typing.SupportsIndex) -> None:
        """
        A card from a rank (Rank or 1..13) and a suit (Suit or 0..3); InvalidValueError outside those.
        """
    @typing.overload
    def __init__(self, text: str) -> None:
        """
        Parse a card: 'As', 'td', '10h', 'T♦' or 'Jack of Diamonds' (case-insensitive); NotationError otherwise.
        """
    def __le__(self, other: Card) -> bool:
        ...
    def __lt__(self, other: Card) -> bool:
        ...
    def __ne__(self, other: typing.Any) -> typing.Any:
        ...
    def __or__(self, other: Card | CardSet) -> CardSet:
        ...
    def __rand__(self, other: Card | CardSet) -> CardSet:
        ...
    def __repr__(self) -> str:
        ...
    def __ror__(self, other: Card | CardSet) -> CardSet:
        ...
    def __rsub__(self, other: Card | CardSet) -> CardSet:
        ...
    def __rxor__(self, other: Card | CardSet) -> CardSet:
        ...
    def __setstate__(self, state: typing.Any) -> None:
        ...
    def __str__(self) -> str:
        ...
    def __sub__(self, other: Card | CardSet) -> CardSet:
        ...
    def __xor__(self, other: Card | CardSet) -> CardSet:
        ...
    def long_name(self) -> str:
        """
        The card in words, like 'Ace of Spades'.
        """
    def unicode(self) -> str:
        """
        The card with a suit glyph, like 'A♠'.
        """
    @property
    def bit(self) -> int:
        """
        The CardSet bit 16*suit + rank.
        """
    @property
    def colour(self) -> Colour:
        """
        The colour of the suit.
        """
    @property
    def deadwood(self) -> int:
        """
        The gin rummy deadwood value: Ace 1, 2..9 their pips, T J Q K 10.
        """
    @property
    def index(self) -> int:
        """
        The dense index 13*suit + rank - 1, in 0..51.
        """
    @property
    def mask(self) -> int:
        """
        1 << bit: the card as a one-card mask.
        """
    @property
    def rank(self) -> Rank:
        """
        The rank (Ace low).
        """
    @property
    def suit(self) -> Suit:
        """
        The suit.
        """
class CardSet:
    """
    An immutable set of cards stored as a 64-bit mask, bit 16*suit + rank.
    
    It behaves as a frozenset of Card: | & ^ - (with a Card or CardSet on either side), in, len, iteration in bit order (clubs A..K, spades, hearts, diamonds), <= / < as subset, issubset / issuperset / isdisjoint, hashing; int(s) and operator.index(s) give the mask. CardSet('As 2s 3s'), CardSet([card, ...]) and CardSet(0x...) build one; a repeated card in text raises NotationError, a mask bit that is not a card InvalidValueError, anything else WrongTypeError.
    """
    def __init__(self, cards: CardSet | Card | str | int | collections.abc.Iterable[Card | str] = ...) -> None:
        """
        Create and return a new object.  See help(type) for accurate signature.
        """
    @staticmethod
    def from_mask(mask: int) -> CardSet:
        """
        The set with this 64-bit mask; InvalidValueError for a bit that is not a card.
        """
    @staticmethod
    def full_deck() -> CardSet:
        """
        All 52 cards.
        """
    @staticmethod
    def of_suit(suit: Suit) -> CardSet:
        """
        The 13 cards of one suit.
        """
    @staticmethod
    def parse(text: str) -> CardSet:
        """
        Cards separated by spaces or commas, or run together ('As2s3s'); NotationError on a malformed or repeated card.
        """
    def __and__(self, other: Card | CardSet) -> CardSet:
        """
        Return self&value.
        """
    def __bool__(self) -> bool:
        """
        True if self else False
        """
    def __contains__(self, card: object) -> bool:
        """
        Return key in self.
        """
    def __copy__(self) -> CardSet:
        """
        The set itself (it is immutable).
        """
    def __deepcopy__(self, memo: typing.Any) -> CardSet:
        """
        The set itself (it is immutable).
        """
    def __eq__(self, other: object) -> bool:
        """
        Return self==value.
        """
    def __ge__(self, other: CardSet) -> bool:
        """
        Return self>=value.
        """
    def __getstate__(self) -> tuple[int]:
        """
        The pickled state: (mask,).
        """
    def __gt__(self, other: CardSet) -> bool:
        """
        Return self>value.
        """
    def __hash__(self) -> int:
        """
        Return hash(self).
        """
    def __index__(self) -> int:
        """
        Return self converted to an integer, if self is suitable for use as an index into a list.
        """
    def __int__(self) -> int:
        """
        int(self)
        """
    def __iter__(self) -> collections.abc.Iterator[Card]:
        """
        Implement iter(self).
        """
    def __le__(self, other: CardSet) -> bool:
        """
        Return self<=value.
        """
    def __len__(self) -> int:
        """
        Return len(self).
        """
    def __lt__(self, other: CardSet) -> bool:
        """
        Return self<value.
        """
    def __ne__(self, other: object) -> bool:
        """
        Return self!=value.
        """
    def __or__(self, other: Card | CardSet) -> CardSet:
        """
        Return self|value.
        """
    def __rand__(self, other: Card | CardSet) -> CardSet:
        """
        Return value&self.
        """
    def __repr__(self) -> str:
        """
        Return repr(self).
        """
    def __ror__(self, other: Card | CardSet) -> CardSet:
        """
        Return value|self.
        """
    def __rsub__(self, other: Card | CardSet) -> CardSet:
        """
        Return value-self.
        """
    def __rxor__(self, other: Card | CardSet) -> CardSet:
        """
        Return value^self.
        """
    def __setstate__(self, state: tuple[int]) -> None:
        """
        Restore a pickled state; StateFormatError when it is corrupt.
        """
    def __str__(self) -> str:
        """
        Return str(self).
        """
    def __sub__(self, other: Card | CardSet) -> CardSet:
        """
        Return self-value.
        """
    def __xor__(self, other: Card | CardSet) -> CardSet:
        """
        Return self^value.
        """
    def cards(self) -> list[Card]:
        """
        The cards as a list, in bit order.
        """
    def copy(self) -> CardSet:
        """
        The set itself (it is immutable).
        """
    def difference(self, *others: CardSet | Card | str | int | collections.abc.Iterable[Card | str]) -> CardSet:
        """
        The cards in this set and in none of the others.
        """
    def intersection(self, *others: CardSet | Card | str | int | collections.abc.Iterable[Card | str]) -> CardSet:
        """
        The cards in this set and in all of the others.
        """
    def isdisjoint(self, other: CardSet | Card | str | int | collections.abc.Iterable[Card | str]) -> bool:
        """
        Whether the two sets share no card.
        """
    def issubset(self, other: CardSet | Card | str | int | collections.abc.Iterable[Card | str]) -> bool:
        """
        Whether every card of this set is in other.
        """
    def issuperset(self, other: CardSet | Card | str | int | collections.abc.Iterable[Card | str]) -> bool:
        """
        Whether every card of other is in this set.
        """
    def symmetric_difference(self, other: CardSet | Card | str | int | collections.abc.Iterable[Card | str]) -> CardSet:
        """
        The cards in exactly one of the two sets.
        """
    def unicode(self) -> str:
        """
        The cards with suit glyphs, like 'A♠ 2♠ 3♠'.
        """
    def union(self, *others: CardSet | Card | str | int | collections.abc.Iterable[Card | str]) -> CardSet:
        """
        The cards in this set or any of the others (each anything CardSet() accepts).
        """
class Colour(enum.IntEnum):
    """
    The colour of a suit: clubs and spades BLACK, hearts and diamonds RED.
    """
    BLACK = 0
    RED = 1
class Rank(enum.IntEnum):
    """
    A card rank, 1..13 with the Ace low (ACE=1, JACK=11, QUEEN=12, KING=13).
    """
    ACE = 1
    EIGHT = 8
    FIVE = 5
    FOUR = 4
    JACK = 11
    KING = 13
    NINE = 9
    QUEEN = 12
    SEVEN = 7
    SIX = 6
    TEN = 10
    THREE = 3
    TWO = 2
class Rng:
    """
    The engine's random generator: xoshiro256** seeded by SplitMix64, with the library's own bounded integers (Lemire's method) and Fisher-Yates shuffle, so a seed gives the same sequence on every platform. Every seeded function of the library accepts an int seed or an Rng (which it then advances).
    """
    __hash__: typing.ClassVar[None]  # type: ignore[assignment]
    @staticmethod
    def from_state(state: collections.abc.Iterable[int]) -> Rng:
        """
        A generator in a saved state (four 64-bit words, not all zero).
        """
    def __copy__(self) -> Rng:
        ...
    def __deepcopy__(self, memo: typing.Any) -> Rng:
        ...
    def __eq__(self, other: typing.Any) -> typing.Any:
        ...
    def __getstate__(self) -> tuple[typing.Annotated[list[int], "FixedSize(4)"]]:
        ...
    def __init__(self, seed: int = 0) -> None:
        """
        A generator seeded with an int in 0 .. 2**64 - 1.
        """
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.Any) -> None:
        ...
    def below(self, n: typing.SupportsInt | typing.SupportsIndex) -> int:
        """
        A uniform integer in [0, n).
        """
    def jump(self) -> None:
        """
        Advance by 2**128 outputs: a stream independent of the current one.
        """
    def next_u64(self) -> int:
        """
        The next raw 64-bit output.
        """
    def random(self) -> float:
        """
        A uniform float in [0, 1) with 53 random bits.
        """
    def shuffle(self, items: list[typing.Any]) -> None:
        """
        Shuffle a list in place (Fisher-Yates from the back).
        """
    def shuffled_deck(self) -> list[Card]:
        """
        The 52 cards in index order, shuffled; the deck deals from the front.
        """
    @property
    def state(self) -> typing.Annotated[list[int], "FixedSize(4)"]:
        """
        The four 64-bit state words; assign a saved tuple to restore it.
        """
    @state.setter
    def state(self, arg1: collections.abc.Iterable[int]) -> None:
        ...
class Suit(enum.IntEnum):
    """
    A suit, numbered as the FreeCell crate numbers them: CLUB=0, SPADE=1, HEART=2, DIAMOND=3 (foundations are indexed by suit).
    """
    CLUB = 0
    DIAMOND = 3
    HEART = 2
    SPADE = 1
def cards_to_masks(hands: collections.abc.Iterable[CardSet | Card | str | int | collections.abc.Iterable[Card | str]]) -> numpy.typing.NDArray[numpy.uint64]:
    """
    A 1-D uint64 array of masks from an iterable of card collections (each anything CardSet() accepts).
    """
def colour_of(suit: Suit) -> Colour:
    """
    The colour of a suit (BLACK for clubs and spades).
    """
def dense_to_masks(dense: typing.Annotated[numpy.typing.ArrayLike, numpy.bool]) -> numpy.typing.NDArray[numpy.uint64]:
    """
    n uint64 masks from an (n, 52) bool array (column = dense card index).
    """
def masks_to_cards(masks: typing.Annotated[numpy.typing.ArrayLike, numpy.uint64]) -> list[list[Card]]:
    """
    A list of card lists (bit order) from a 1-D array of uint64 masks; InvalidValueError names the first mask with a bit that is not a card.
    """
def masks_to_dense(masks: typing.Annotated[numpy.typing.ArrayLike, numpy.uint64]) -> numpy.typing.NDArray[numpy.bool]:
    """
    An (n, 52) bool array, column = dense card index, from n uint64 masks.
    """
def shuffled_deck(seed: int | Rng) -> list[Card]:
    """
    The 52 cards shuffled by the engine's generator from a seed (or an Rng).
    """
