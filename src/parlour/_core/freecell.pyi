"""
FreeCell: positions, moves, Microsoft deals, the game and the solver.
"""
from __future__ import annotations
import collections.abc
import enum
import numpy
import numpy.typing
import parlour._core.cards
import typing
__all__: list[str] = ['Cascade', 'DEFAULT_MEMORY_LIMIT', 'Foundation', 'Foundations', 'Freecells', 'Game', 'GameState', 'MAX_CASCADE', 'Move', 'NUM_ACTIONS', 'OBSERVATION_SIZE', 'Observation', 'Position', 'PositionKind', 'SearchResult', 'Verdict', 'encode_observation', 'is_safe_autoplay', 'prove', 'replays_to_win', 'search', 'search_deals', 'survey_deals']
class Cascade:
    """
    A cascade, bottom card first, a CardCollection: add_card takes any card on an empty cascade (Aces included), else one rank below the top card in the other colour, else raises IllegalMove; pop_card() gives the (rest, top card), or nothing when empty.
    """
    def __copy__(self) -> Cascade:
        ...
    def __deepcopy__(self, memo: typing.Any) -> Cascade:
        ...
    def __eq__(self, other: typing.Any) -> typing.Any:
        ...
    def __getitem__(self, index: typing.SupportsInt | typing.SupportsIndex) -> parlour._core.cards.Card:
        """
        The card at `index` (0 is the bottom, -1 the top).
        """
    def __getstate__(self) -> tuple[str]:
        ...
    def __hash__(self) -> int:
        ...
    def __init__(self, cards: typing.Any = None) -> None:
        """
        A cascade of cards (Cards, text, or 'Jd Kd 2s'), bottom first.
        """
    def __iter__(self) -> collections.abc.Iterator[typing.Any]:
        """
        The cards, bottom first.
        """
    def __len__(self) -> int:
        """
        The number of cards.
        """
    def __ne__(self, other: typing.Any) -> typing.Any:
        ...
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.Any) -> None:
        ...
    def __str__(self) -> str:
        ...
    def accepts(self, card: parlour._core.cards.Card | str) -> bool:
        """
        Whether add_card(card) would succeed.
        """
    def add_card(self, card: parlour._core.cards.Card | str) -> Cascade:
        """
        A new cascade with the card on top; IllegalMove unless the rules allow it.
        """
    def pop_card(self) -> list[tuple[Cascade, parlour._core.cards.Card]]:
        """
        [(the rest, the top card)], or [] when empty.
        """
    def run_length(self) -> int:
        """
        The length of the alternating-colour descending sequence at the top (0 when empty).
        """
    @property
    def cards(self) -> list[parlour._core.cards.Card]:
        """
        The cards, bottom first.
        """
    @property
    def top(self) -> parlour._core.cards.Card | None:
        """
        The top (free) card, or None when empty.
        """
class Foundation:
    """
    One suit's foundation pile, Ace up to King (a CardCollection): add_card takes the Ace on an empty pile or the next rank of the suit, else raises IllegalMove; pop_card() is always empty (cards never leave).
    """
    def __copy__(self) -> Foundation:
        ...
    def __deepcopy__(self, memo: typing.Any) -> Foundation:
        ...
    def __eq__(self, other: typing.Any) -> typing.Any:
        ...
    def __getstate__(self) -> tuple[int, int]:
        ...
    def __hash__(self) -> int:
        ...
    def __init__(self, suit: parlour._core.cards.Suit, height: typing.SupportsInt | typing.SupportsIndex = 0) -> None:
        """
        The pile of `suit` holding Ace..`height` (0..13).
        """
    def __len__(self) -> int:
        """
        The number of cards.
        """
    def __ne__(self, other: typing.Any) -> typing.Any:
        ...
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.Any) -> None:
        ...
    def __str__(self) -> str:
        ...
    def accepts(self, card: parlour._core.cards.Card | str) -> bool:
        """
        Whether add_card(card) would succeed.
        """
    def add_card(self, card: parlour._core.cards.Card | str) -> Foundation:
        """
        A new pile with the card on top; IllegalMove unless it is the next card of the suit.
        """
    def cards(self) -> list[parlour._core.cards.Card]:
        """
        The cards, Ace first.
        """
    def pop_card(self) -> list[tuple[Foundation, parlour._core.cards.Card]]:
        """
        Always empty: cards never leave a foundation.
        """
    @property
    def height(self) -> int:
        """
        How many cards the pile holds (0..13).
        """
    @property
    def is_complete(self) -> bool:
        """
        Whether the pile holds Ace to King.
        """
    @property
    def suit(self) -> parlour._core.cards.Suit:
        """
        The suit of the pile.
        """
    @property
    def top(self) -> parlour._core.cards.Card | None:
        """
        The top card, or None when empty.
        """
class Foundations:
    """
    The four foundations indexed by suit (foundations[Suit.SPADE] holds only spades), a CardCollection: add_card puts a card on its suit's pile when it is the next rank, else raises IllegalMove; pop_card() is always empty.
    """
    def __contains__(self, card: parlour._core.cards.Card | str) -> bool:
        """
        Whether the card is on its foundation.
        """
    def __copy__(self) -> Foundations:
        ...
    def __deepcopy__(self, memo: typing.Any) -> Foundations:
        ...
    def __eq__(self, other: typing.Any) -> typing.Any:
        ...
    def __getitem__(self, suit: typing.SupportsInt | typing.SupportsIndex) -> Foundation:
        """
        The pile of one suit (foundations[Suit.SPADE]).
        """
    def __getstate__(self) -> tuple[int, int, int, int]:
        ...
    def __hash__(self) -> int:
        ...
    def __init__(self, heights: typing.Any = None) -> None:
        """
        Empty foundations, or piles of the given heights (clubs, spades, hearts, diamonds).
        """
    def __len__(self) -> int:
        """
        The number of cards on the foundations.
        """
    def __ne__(self, other: typing.Any) -> typing.Any:
        ...
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.Any) -> None:
        ...
    def __str__(self) -> str:
        ...
    def accepts(self, card: parlour._core.cards.Card | str) -> bool:
        """
        Whether add_card(card) would succeed.
        """
    def add_card(self, card: parlour._core.cards.Card | str) -> Foundations:
        """
        New foundations with the card on its suit's pile; IllegalMove unless it is the next rank.
        """
    def foundation(self, suit: parlour._core.cards.Suit) -> Foundation:
        """
        The pile of one suit.
        """
    def pop_card(self) -> list[tuple[Foundations, parlour._core.cards.Card]]:
        """
        Always empty: cards never leave the foundations.
        """
    @property
    def heights(self) -> tuple[int, int, int, int]:
        """
        The heights of the four piles, by suit.
        """
    @property
    def is_complete(self) -> bool:
        """
        Whether all four piles reach the King.
        """
class Freecells:
    """
    Four free cells, each empty (None) or holding one card, a CardCollection: add_card puts the card in the first empty cell, IllegalMove when all four are full; pop_card() gives one (remaining, card) per card.
    """
    def __copy__(self) -> Freecells:
        ...
    def __deepcopy__(self, memo: typing.Any) -> Freecells:
        ...
    def __eq__(self, other: typing.Any) -> typing.Any:
        ...
    def __getitem__(self, index: typing.SupportsInt | typing.SupportsIndex) -> parlour._core.cards.Card | None:
        """
        The card in cell `index` (0..3), or None.
        """
    def __getstate__(self) -> tuple[str]:
        ...
    def __hash__(self) -> int:
        ...
    def __init__(self, cells: typing.Any = None) -> None:
        """
        Empty cells, or up to four cards / None (InvalidPosition for a card twice).
        """
    def __iter__(self) -> collections.abc.Iterator[typing.Any]:
        """
        The four cells, None when empty.
        """
    def __len__(self) -> int:
        """
        Always 4 (the number of cells).
        """
    def __ne__(self, other: typing.Any) -> typing.Any:
        ...
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.Any) -> None:
        ...
    def __str__(self) -> str:
        ...
    def add_card(self, card: parlour._core.cards.Card | str) -> Freecells:
        """
        New cells with the card in the first empty one; IllegalMove when all four are full.
        """
    def cards(self) -> list[parlour._core.cards.Card]:
        """
        The cards held, in cell order.
        """
    def pop_card(self) -> list[tuple[Freecells, parlour._core.cards.Card]]:
        """
        Every (remaining cells, card): one per card held.
        """
    @property
    def count(self) -> int:
        """
        How many cells hold a card.
        """
    @property
    def empty_count(self) -> int:
        """
        How many cells are empty.
        """
class Game:
    """
    A game of FreeCell from a start position: the moves made so far, with undo. It follows the game protocol (parlour.protocol.Game): the legal actions are the legal moves, sequence moves included, by action id (NUM_ACTIONS of them: singles src*13+dst, sequences 156+(src*8+dst)*12+count-2); apply() takes a Move, an id or standard notation ('3a'); returns() is (1.0,) once won, else (0.0,); to_dict() / Game.from_dict(), pickle. A refused move raises IllegalMove and changes nothing.
    """
    __hash__: typing.ClassVar[None]  # type: ignore[assignment]
    game_name: typing.ClassVar[str] = 'freecell'
    num_actions: typing.ClassVar[int] = 924
    @staticmethod
    def from_dict(data: dict[str, typing.Any]) -> Game:
        """
        The game of a to_dict() snapshot; StateFormatError for a corrupt or foreign one.
        """
    def __copy__(self) -> Game:
        ...
    def __deepcopy__(self, memo: typing.Any) -> Game:
        ...
    def __eq__(self, other: typing.Any) -> typing.Any:
        ...
    def __getstate__(self) -> dict[str, typing.Any]:
        ...
    def __init__(self, start: GameState | None = None, *, deal: int | None = None) -> None:
        """
        A game from `start`, or from Microsoft deal `deal` (1 .. 2**33 - 1; deal 1 when neither is given). Given both, start must be that deal's position.
        """
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.Any) -> None:
        ...
    def __str__(self) -> str:
        ...
    def apply(self, action: Move | int | str) -> None:
        """
        Applies an action object, an id or text. A refused action raises the library's error (IllegalActionError or a subclass, NotationError for bad text, PhaseError once the game is over) and changes nothing.
        """
    def can_apply(self, action: Move | int | str) -> bool:
        """
        Whether apply(action) would be accepted (an action object, an id or text).
        """
    def can_undo(self) -> bool:
        """
        Whether there is a move to take back.
        """
    def clone(self) -> Game:
        """
        An independent copy.
        """
    def hint(self, max_states: int | None = 200000) -> Move | None:
        """
        The first move of a solution from here, or None when the solver finds none within max_states positions (None: no limit).
        """
    def legal_action_ids(self) -> list[int]:
        """
        The ids of the legal actions, ascending (empty once the game is over).
        """
    def legal_action_mask(self) -> numpy.typing.NDArray[numpy.bool]:
        """
        A NumPy bool array of num_actions entries, True at the legal action ids.
        """
    def legal_actions(self) -> list[Move]:
        """
        The legal actions (the game's action objects, in id order).
        """
    def legal_moves(self) -> list[Move]:
        """
        Every legal move now, sequence moves included.
        """
    def observation(self, seat: typing.Any = ...) -> Observation:
        """
        What a seat may see (an observation with to_dict() and to_array()); None for a spectator (public information only).
        """
    def returns(self) -> tuple[float]:
        """
        One float per seat, in points (see the game's documentation).
        """
    def to_dict(self, player: typing.Any = None) -> dict[str, typing.Any]:
        """
        The snapshot: {'game', 'version', 'rules', 'state'}, JSON-ready; from_dict() restores the game exactly. (The `player` argument is deprecated: use observation(seat).to_dict().)
        """
    def to_json(self) -> str:
        """
        The snapshot as compact JSON text, made without building Python objects: json.loads(to_json()) == to_dict().
        """
    def undo(self) -> Move:
        """
        Take back the last move and return it; PhaseError at the start.
        """
    def why_not(self, action: Move | int | str) -> str | None:
        """
        None when apply(action) would be accepted, else the reason it would be refused.
        """
    @property
    def current_player(self) -> int | None:
        """
        The seat to act (an int), or None once the game is over.
        """
    @property
    def deal(self) -> int | None:
        """
        The Microsoft deal number, when the game comes from one.
        """
    @property
    def history(self) -> tuple[Move, ...]:
        """
        The moves made so far (resolved).
        """
    @property
    def is_terminal(self) -> bool:
        """
        Whether the game is over.
        """
    @property
    def last_event(self) -> parlour._core.Event | None:
        """
        What the last accepted action did (an Event), or None.
        """
    @property
    def num_players(self) -> int:
        """
        The number of seats.
        """
    @property
    def start(self) -> GameState:
        """
        The position the game started from.
        """
    @property
    def state(self) -> GameState:
        """
        The current position.
        """
class GameState:
    """
    A FreeCell position: eight cascades, the foundations and four free cells; an immutable value.  apply(move) returns the next position; legal_moves() lists (next position, move) for every legal single-card move (supermoves=True adds sequence moves).
    """
    @staticmethod
    def from_ms_deal(number: int) -> GameState:
        """
        Microsoft deal `number` (1 .. 2**33-1: Windows' 1..32000 and 1..1,000,000, extended above 2**31 as FreeCell Pro and PySol do); InvalidValueError otherwise.
        """
    @staticmethod
    def parse(text: str, validate: bool = True) -> GameState:
        """
        Read the freecell crate's text format ('foundations:', eight 'cascade:' lines, 'freecells:'); NotationError for malformed text, InvalidPosition for a card twice or (validate) missing.
        """
    @staticmethod
    def parse_board(text: str, validate: bool = True) -> GameState:
        """
        Read the common solver board format (fc-solve / PySol: 'Foundations: H-5 C-A S-0 D-K', 'Freecells: 3H - QC -', one line per cascade, bottom first, optional ':').
        """
    def __copy__(self) -> GameState:
        ...
    def __deepcopy__(self, memo: typing.Any) -> GameState:
        ...
    def __eq__(self, other: typing.Any) -> typing.Any:
        ...
    def __getstate__(self) -> tuple[str]:
        ...
    def __hash__(self) -> int:
        ...
    def __init__(self, cascades: typing.Any, foundations: typing.Any = None, freecells: typing.Any = None, validate: bool = True) -> None:
        """
        A position from eight cascades (Cascade, text or card lists), Foundations and Freecells.  InvalidPosition for a card twice, and (when validate) unless all 52 cards are present.
        """
    def __ne__(self, other: typing.Any) -> typing.Any:
        ...
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.Any) -> None:
        ...
    def __str__(self) -> str:
        ...
    def allows_move(self, move: typing.Any) -> bool:
        """
        Whether the move (a Move or notation) is legal here; moves that change nothing are not.
        """
    def apply(self, move: typing.Any) -> GameState:
        """
        The position after the move (a Move or notation); IllegalMove naming the move and the reason otherwise.
        """
    def legal_move_list(self, supermoves: bool = False) -> list[Move]:
        """
        The moves of legal_moves() without the positions.
        """
    def legal_moves(self, supermoves: bool = False) -> list[tuple[GameState, Move]]:
        """
        Every legal (next position, move): single-card moves (to the first empty free cell only), plus sequence moves within the supermove limit when supermoves is true.
        """
    def locate(self, card: parlour._core.cards.Card | str) -> Position | None:
        """
        Where the card is (a Position), or None.
        """
    def notation(self, move: typing.Any) -> str:
        """
        Standard notation of a legal move here ('12' onto a card, '12v5' onto an empty cascade).
        """
    def pretty(self, unicode: bool = True) -> str:
        """
        A picture of the table for people.
        """
    def resolve(self, move: typing.Any) -> Move | None:
        """
        The legal form of a move here (card and count filled in), or None when illegal.
        """
    def supermove_limit(self, to_empty: bool = False) -> int:
        """
        The longest sequence that may move now: (empty cells + 1) * 2**(empty cascades, not the target).
        """
    def to_arrays(self, max_height: typing.SupportsInt | typing.SupportsIndex = 19) -> tuple[numpy.typing.NDArray[numpy.int8], numpy.typing.NDArray[numpy.int8], numpy.typing.NDArray[numpy.int8]]:
        """
        The position as int8 arrays for learning code: cascades (8, max_height) holding card index + 1 bottom first and 0 below nothing, free cells (4,) the same, foundation heights (4,) by suit; InvalidValueError when a cascade is taller than max_height (19 is the most a game from a deal reaches).
        """
    def to_board(self) -> str:
        """
        The common solver board format (GameState.parse_board reads it back).
        """
    def to_text(self) -> str:
        """
        The freecell crate's text format (GameState.parse reads it back).
        """
    def validate(self) -> None:
        """
        Raise InvalidPosition unless each of the 52 cards is here exactly once (foundations are in order by construction).
        """
    def why_illegal(self, move: typing.Any) -> str | None:
        """
        The reason a move is illegal here, or None when it is legal.
        """
    @property
    def canonical_key(self) -> bytes:
        """
        52 bytes, equal for positions that differ only in the order of cascades or free cells.
        """
    @property
    def cascades(self) -> tuple[typing.Any, ...]:
        """
        The eight cascades (a tuple of Cascade).
        """
    @property
    def empty_cascades(self) -> int:
        """
        How many cascades are empty.
        """
    @property
    def foundations(self) -> Foundations:
        """
        The foundations.
        """
    @property
    def freecells(self) -> Freecells:
        """
        The free cells.
        """
    @property
    def is_solved(self) -> bool:
        """
        Whether all 52 cards are on the foundations.
        """
class Move:
    """
    One move: `count` cards (a sequence when count > 1) whose deepest card is `card`, from one Position to another.  str() is standard notation ('3a', '8h', 'a5', '12v5'); Move.parse reads it.  A parsed move may have card None and count 0 ('as many as fit'); GameState.resolve fills them in.
    """
    @staticmethod
    def from_action_id(action_id: int) -> Move:
        """
        Deprecated: Move.from_id.
        """
    @staticmethod
    def from_id(id: int) -> Move:
        """
        The move with this action id (0..NUM_ACTIONS-1); InvalidValueError otherwise.
        """
    @staticmethod
    def parse(text: str, card: typing.Any = None, count: int | None = None) -> Move:
        """
        Parse standard notation ('3a', '8h', 'a5', '12', '12v5'); NotationError otherwise.  `card` and `count` (when given: 0 .. 13 cards, 0 for as many as fit) override the parsed values.
        """
    def __copy__(self) -> Move:
        ...
    def __deepcopy__(self, memo: typing.Any) -> Move:
        ...
    def __eq__(self, other: typing.Any) -> typing.Any:
        ...
    def __getstate__(self) -> tuple[str, typing.Any, int]:
        ...
    def __hash__(self) -> int:
        ...
    def __init__(self, card: typing.Any, from_: Position, to: Position, count: typing.SupportsInt | typing.SupportsIndex = 1) -> None:
        """
        A move of `card` (and the cards above it when count > 1) from `from_` to `to`; card may be None.
        """
    def __ne__(self, other: typing.Any) -> typing.Any:
        ...
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.Any) -> None:
        ...
    def __str__(self) -> str:
        ...
    @property
    def action_id(self) -> int:
        """
        Deprecated: Move.id.
        """
    @property
    def card(self) -> parlour._core.cards.Card | None:
        """
        The (deepest) moved card, or None.
        """
    @property
    def count(self) -> int:
        """
        How many cards (0: as many as fit, resolved by GameState).
        """
    @property
    def from_(self) -> Position:
        """
        Where the cards come from.
        """
    @property
    def id(self) -> int:
        """
        The action id: singles src*13+dst (0..155), sequences 156+(src*8+dst)*12+count-2.
        """
    @property
    def notation(self) -> str:
        """
        Standard notation; a sequence always carries 'v<count>' here (GameState.notation gives the short form).
        """
    @property
    def to(self) -> Position:
        """
        Where they go.
        """
class Observation:
    """
    What the player sees of a Game (every card is face up): the position, the moves made, the deal, and the legal actions (seat 0; a spectator, seat None, has none). to_dict() is JSON-ready; to_array() the int8 vector of parlour.envs.freecell.
    """
    __hash__: typing.ClassVar[None]  # type: ignore[assignment]
    @staticmethod
    def from_dict(data: dict[str, typing.Any]) -> Observation:
        """
        The observation of a to_dict() dict; StateFormatError when malformed.
        """
    def __eq__(self, other: typing.Any) -> typing.Any:
        ...
    def __getstate__(self) -> dict[str, typing.Any]:
        ...
    def __init__(self, *args: typing.Any, **kwargs: typing.Any) -> None:
        """
        Refuses: Observation objects are not made by Observation(...): the library's functions and methods return them (see help(Observation)).
        """
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.Any) -> None:
        ...
    def legal_action_ids(self) -> list[int]:
        """
        The ids of the legal moves, ascending (empty for a spectator or once over).
        """
    def legal_action_mask(self) -> numpy.typing.NDArray[numpy.bool]:
        """
        A NumPy bool array of NUM_ACTIONS entries, True at the legal action ids.
        """
    def legal_actions(self) -> list[Move]:
        """
        The legal moves, resolved (card and count filled in), in id order.
        """
    def to_array(self) -> numpy.typing.NDArray[numpy.int8]:
        """
        The int8 vector (160,) of parlour.envs.freecell: cascades 8 x 19, cells, foundations.
        """
    def to_dict(self) -> dict[str, typing.Any]:
        """
        A JSON-ready dict: cascades (bottom card first), free cells, foundation heights by suit letter, the position's text, the legal actions as {'id', 'text'}.
        """
    def to_json(self) -> str:
        """
        to_dict() as compact JSON text, made without building Python objects: json.loads(to_json()) == to_dict().
        """
    @property
    def deal(self) -> int | None:
        """
        The Microsoft deal number, or None.
        """
    @property
    def is_terminal(self) -> bool:
        """
        Whether the game is over (won, or no move left).
        """
    @property
    def moves(self) -> int:
        """
        The number of moves made.
        """
    @property
    def seat(self) -> int | None:
        """
        The observing seat (0), or None for a spectator.
        """
    @property
    def state(self) -> GameState:
        """
        The position.
        """
class Position:
    """
    Where a card is or goes: a cascade (0-based, shown 1-based), a free cell (0-based, shown a-d) or the foundations (shown h).
    """
    @staticmethod
    def cascade(index: typing.SupportsInt | typing.SupportsIndex) -> Position:
        """
        Cascade `index` (0..7).
        """
    @staticmethod
    def foundation() -> Position:
        """
        The foundations.
        """
    @staticmethod
    def freecell(index: typing.SupportsInt | typing.SupportsIndex) -> Position:
        """
        Free cell `index` (0..3).
        """
    def __copy__(self) -> Position:
        ...
    def __deepcopy__(self, memo: typing.Any) -> Position:
        ...
    def __eq__(self, other: typing.Any) -> typing.Any:
        ...
    def __getstate__(self) -> tuple[int, int]:
        ...
    def __hash__(self) -> int:
        ...
    def __init__(self, *args: typing.Any, **kwargs: typing.Any) -> None:
        """
        Refuses: Position objects are not made by Position(...): the library's functions and methods return them (see help(Position)).
        """
    def __ne__(self, other: typing.Any) -> typing.Any:
        ...
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.Any) -> None:
        ...
    def __str__(self) -> str:
        ...
    @property
    def index(self) -> int:
        """
        The cascade or cell index (0 for the foundations).
        """
    @property
    def kind(self) -> PositionKind:
        """
        CASCADE, FREECELL or FOUNDATION.
        """
    @property
    def notation(self) -> str:
        """
        '1'..'8', 'a'..'d' or 'h'.
        """
class PositionKind(enum.IntEnum):
    """
    What a Position names: a CASCADE, a FREECELL or the FOUNDATION(s).
    """
    CASCADE = 0
    FOUNDATION = 2
    FREECELL = 1
class SearchResult:
    """
    The raw outcome of the solver (parlour.freecell.solve wraps it in Solution, Unsolvable or Unknown).
    """
    def __init__(self, *args: typing.Any, **kwargs: typing.Any) -> None:
        """
        Refuses: SearchResult objects are not made by SearchResult(...): the library's functions and methods return them (see help(SearchResult)).
        """
    def __repr__(self) -> str:
        ...
    @property
    def disk(self) -> int:
        """
        prove: the most bytes its files held at once (0 for other searches).
        """
    @property
    def expanded(self) -> int:
        """
        Positions expanded.
        """
    @property
    def length(self) -> int:
        """
        The number of moves (0 unless solved).
        """
    @property
    def memory(self) -> int:
        """
        The most bytes the search held for positions at once.
        """
    @property
    def moves(self) -> list[Move]:
        """
        The moves (when solved).
        """
    @property
    def notation(self) -> list[str]:
        """
        The moves in standard notation (a list of strings).
        """
    @property
    def reason(self) -> str:
        """
        Why UNKNOWN: 'max_states', 'time_limit', 'memory_limit' or (prove) 'disk_limit' ('' otherwise).
        """
    @property
    def seconds(self) -> float:
        """
        Wall time of the search.
        """
    @property
    def states(self) -> int:
        """
        Positions stored.
        """
    @property
    def verdict(self) -> Verdict:
        """
        SOLVED, UNSOLVABLE or UNKNOWN.
        """
class Verdict(enum.IntEnum):
    """
    The outcome of a search: SOLVED, UNSOLVABLE (proved by exhausting the space) or UNKNOWN (a limit stopped it).
    """
    SOLVED = 0
    UNKNOWN = 2
    UNSOLVABLE = 1
def encode_observation(state: GameState) -> numpy.typing.NDArray[numpy.int8]:
    """
    The position as an int8 array of OBSERVATION_SIZE (160) values, a card as its dense index + 1 and 0 for none: 0..151 the eight cascades, MAX_CASCADE (19) values each, bottom card first; 152..155 the free cells; 156..159 the foundation heights by suit. InvalidValueError for a cascade taller than MAX_CASCADE.
    """
def is_safe_autoplay(foundations: Foundations, card: parlour._core.cards.Card | str) -> bool:
    """
    Whether the solver plays this card home automatically: it is playable and of rank <= 2, or both foundations of the other colour hold its rank minus one.
    """
def prove(state: GameState, work_dir: str, time_limit: typing.Any = None, memory_limit: typing.Any = 2147483648, threads: typing.SupportsInt | typing.SupportsIndex = 1, progress: typing.Any = None, quick_states: typing.SupportsInt | typing.SupportsIndex = 500000, disk_limit: typing.Any = None) -> SearchResult:
    """
    The complete scan in bounded memory with positions waiting on disk (GIL released, resumable); see parlour.freecell.prove.
    """
def replays_to_win(start: GameState, notation: str) -> bool:
    """
    Whether the moves of `notation` (standard notation separated by spaces) are each legal in turn from `start` and leave every card on the foundations: the check survey_deals makes of every solution.
    """
def search(state: GameState, mode: str = 'fast', max_states: typing.Any = None, time_limit: typing.Any = None, memory_limit: typing.Any = 2147483648) -> SearchResult:
    """
    Run the solver (GIL released, deterministic); see parlour.freecell.solve.
    """
def search_deals(numbers: collections.abc.Iterable[int], mode: str = 'fast', jobs: typing.SupportsInt | typing.SupportsIndex = 1, max_states: typing.Any = None, time_limit: typing.Any = None, progress: typing.Any = None) -> list[SearchResult]:
    """
    Solve Microsoft deals in `jobs` threads (GIL released); progress(done, total, index) after each deal.
    """
def survey_deals(numbers: typing.Annotated[numpy.typing.ArrayLike, numpy.uint64], mode: str = 'fast', jobs: typing.SupportsInt | typing.SupportsIndex = 1, max_states: typing.Any = None, time_limit: typing.Any = None, solutions: bool = False) -> dict[typing.Any, typing.Any]:
    """
    Solve Microsoft deals as search_deals does, replay every solution with full checks, and return columns: deal, verdict (Verdict values), reason (0, 1 max_states, 2 time_limit, 3 memory_limit), moves, states, seconds, replayed (1 when the solution replayed to a won position) as NumPy arrays, and solution (a list of str) when solutions is true. GIL released; Ctrl-C stops it.
    """
DEFAULT_MEMORY_LIMIT: int = 2147483648
MAX_CASCADE: int = 19
NUM_ACTIONS: int = 924
OBSERVATION_SIZE: int = 160
