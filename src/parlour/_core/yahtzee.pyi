"""
Solitaire Yahtzee: scorecard rules, the game and the optimal solver.
"""
from __future__ import annotations
import parlour._core.cards
import collections.abc
import enum
import numpy
import numpy.typing
import typing
__all__: list[str] = ['Bot', 'Categories', 'Category', 'Dice', 'Game', 'HeadsUpSolver', 'HeuristicBot', 'INDEX_SIZE', 'Joker', 'Keep', 'NUM_ACTIONS', 'NUM_VALID_STATES', 'OBSERVATION_SIZE', 'Observation', 'OptimalBot', 'Phase', 'Reroll', 'Rules', 'Score', 'ScoreDelta', 'ScoreDistribution', 'Scorecard', 'Solver', 'State', 'ThresholdSolver', 'action_from_id', 'category_name', 'category_score', 'category_upper_face', 'encode_observation', 'evaluate', 'parse_action', 'parse_category', 'simulate']
class Bot:
    """
    A Yahtzee strategy: choose(state, dice, rolls_left) -> action.
    """
    def __init__(self, *args: typing.Any, **kwargs: typing.Any) -> None:
        """
        Refuses: Bot objects are not made by Bot(...): the library's functions and methods return them (see help(Bot)).
        """
    def __repr__(self) -> str:
        ...
    def act(self, observation: typing.Any) -> typing.Any:
        """
        The action for the seat of the observation (game.observation(game.current_player)); the game is not changed. (act(game), which applied the action, is deprecated.)
        """
    def choose(self, state: State, dice: Dice | str | collections.abc.Iterable[int], rolls_left: typing.SupportsInt | typing.SupportsIndex) -> Score | Reroll:
        """
        The bot's action with 0..2 rolls left.
        """
    @property
    def name(self) -> str:
        """
        The bot's name.
        """
    @property
    def rules(self) -> Rules:
        """
        The rules the bot plays by.
        """
class Categories:
    """
    A set of categories (13 bits, bit i = Category i): |, &, ^, - and ~ (the complement within the 13 boxes), in, len, iteration in card order, hashing.
    
    Categories([Category.ACES, 'chance']), Categories(0b1000000000001) and Categories.from_bits(bits) build one.
    """
    ALL: typing.ClassVar[Categories]  # value = Categories([Category.ACES, Category.TWOS, Category.THREES, Category.FOURS, Category.FIVES, Category.SIXES, Category.THREE_OF_A_KIND, Category.FOUR_OF_A_KIND, Category.FULL_HOUSE, Category.SMALL_STRAIGHT, Category.LARGE_STRAIGHT, Category.YAHTZEE, Category.CHANCE])
    EMPTY: typing.ClassVar[Categories]  # value = Categories()
    LOWER: typing.ClassVar[Categories]  # value = Categories([Category.THREE_OF_A_KIND, Category.FOUR_OF_A_KIND, Category.FULL_HOUSE, Category.SMALL_STRAIGHT, Category.LARGE_STRAIGHT, Category.YAHTZEE, Category.CHANCE])
    UPPER: typing.ClassVar[Categories]  # value = Categories([Category.ACES, Category.TWOS, Category.THREES, Category.FOURS, Category.FIVES, Category.SIXES])
    @staticmethod
    def from_bits(bits: typing.SupportsInt | typing.SupportsIndex) -> Categories:
        """
        The set with these bits (0..8191); InvalidValueError otherwise.
        """
    def __and__(self, other: Categories) -> Categories:
        ...
    def __bool__(self) -> bool:
        ...
    def __contains__(self, category: Category | str | int) -> bool:
        ...
    def __copy__(self) -> Categories:
        ...
    def __deepcopy__(self, memo: typing.Any) -> Categories:
        ...
    def __eq__(self, other: typing.Any) -> typing.Any:
        ...
    def __ge__(self, other: Categories) -> bool:
        ...
    def __getstate__(self) -> tuple[int]:
        ...
    def __hash__(self) -> int:
        ...
    def __index__(self) -> int:
        ...
    @typing.overload
    def __init__(self) -> None:
        """
        The empty set.
        """
    @typing.overload
    def __init__(self, categories: Categories | Category | collections.abc.Iterable[Category | str | int] | str | int) -> None:
        """
        From an iterable of Category (or names), comma-separated names, or the 13-bit int.
        """
    def __int__(self) -> int:
        ...
    def __invert__(self) -> Categories:
        ...
    def __iter__(self) -> collections.abc.Iterator[Category]:
        ...
    def __le__(self, other: Categories) -> bool:
        ...
    def __len__(self) -> int:
        ...
    def __ne__(self, other: typing.Any) -> typing.Any:
        ...
    def __or__(self, other: Categories) -> Categories:
        ...
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.Any) -> None:
        ...
    def __str__(self) -> str:
        ...
    def __sub__(self, other: Categories) -> Categories:
        ...
    def __xor__(self, other: Categories) -> Categories:
        ...
    @property
    def bits(self) -> int:
        """
        The 13-bit mask.
        """
class Category(enum.IntEnum):
    """
    A box of the card, in card order: ACES=0 .. SIXES=5 (upper section), THREE_OF_A_KIND=6, FOUR_OF_A_KIND=7, FULL_HOUSE=8 (25), SMALL_STRAIGHT=9 (30), LARGE_STRAIGHT=10 (40), YAHTZEE=11 (50), CHANCE=12. Card order is also the tie-break order.
    """
    ACES = 0
    CHANCE = 12
    FIVES = 4
    FOURS = 3
    FOUR_OF_A_KIND = 7
    FULL_HOUSE = 8
    LARGE_STRAIGHT = 10
    SIXES = 5
    SMALL_STRAIGHT = 9
    THREES = 2
    THREE_OF_A_KIND = 6
    TWOS = 1
    YAHTZEE = 11
class Dice:
    """
    Five dice as a multiset of faces (order never matters): Dice('35556'), Dice.from_faces([3, 5, 5, 5, 6]), Dice.from_counts([0, 0, 1, 0, 3, 1]). There are 252 distinct rolls; Dice.index numbers them 0..251 ('11111' .. '66666').
    """
    @staticmethod
    def all() -> list[Dice]:
        """
        All 252 distinct rolls in index order.
        """
    @staticmethod
    def from_counts(counts: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex]) -> Dice:
        """
        Dice from the counts of faces 1..6 (five dice in all).
        """
    @staticmethod
    def from_faces(faces: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex]) -> Dice:
        """
        Dice from five faces (1..6).
        """
    @staticmethod
    def from_index(index: typing.SupportsInt | typing.SupportsIndex) -> Dice:
        """
        The roll with this index (0..251).
        """
    @staticmethod
    def outcomes() -> list[tuple[Dice, float]]:
        """
        All 252 rolls of five fair dice with their probabilities (orderings / 7776).
        """
    @staticmethod
    def parse(text: str) -> Dice:
        """
        Parse five faces 1-6 in any order; NotationError otherwise.
        """
    def __copy__(self) -> Dice:
        ...
    def __deepcopy__(self, memo: typing.Any) -> Dice:
        ...
    def __eq__(self, other: typing.Any) -> typing.Any:
        ...
    def __getstate__(self) -> tuple[str]:
        ...
    def __hash__(self) -> int:
        ...
    def __init__(self, dice: typing.Any) -> None:
        """
        Parse five faces 1-6 in any order ('35556', '3 5 5 5 6') or take five faces; NotationError / InvalidValueError otherwise.
        """
    def __len__(self) -> int:
        """
        The number of dice.
        """
    def __lt__(self, other: Dice) -> bool:
        ...
    def __ne__(self, other: typing.Any) -> typing.Any:
        ...
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.Any) -> None:
        ...
    def __str__(self) -> str:
        ...
    def count(self, face: typing.SupportsInt | typing.SupportsIndex) -> int:
        """
        How many dice show this face (1..6).
        """
    def keep(self) -> Keep:
        """
        The five dice as a Keep (keeping them all).
        """
    def keeps(self) -> list[Keep]:
        """
        The distinct sub-multisets (what can be kept), in the tie-break order: all five dice first, then four, ..., none, each size in ascending Keep.index.
        """
    def score(self, category: Category | str | int) -> int:
        """
        The natural score of these dice in a category (no joker).
        """
    @property
    def counts(self) -> tuple[typing.Any, ...]:
        """
        The counts of faces 1..6, a 6-tuple.
        """
    @property
    def faces(self) -> list[int]:
        """
        The faces in ascending order.
        """
    @property
    def index(self) -> int:
        """
        The roll's index, 0..251.
        """
    @property
    def probability(self) -> float:
        """
        The probability of this roll of five fair dice.
        """
    @property
    def sum(self) -> int:
        """
        The total of the faces.
        """
    @property
    def yahtzee_face(self) -> int:
        """
        The face of five of a kind, or 0.
        """
class Game:
    """
    Solitaire Yahtzee for one or more players, 13 turns each in seat order. A turn: the dice are rolled, then the player scores them in a box or keeps 0-4 dice and rerolls the rest (three rolls in all; rolls_left is 3 before the first roll, 2 after it).
    
    Dice come from the game's own generator (xoshiro256**, each new die 1 + below(6)) or are injected with roll(dice). With auto_roll (default) the game rolls whenever dice are needed, so a frontend only applies actions.
    
    It follows the game protocol (parlour.protocol.Game): 223 action ids (Score c -> c, Reroll k -> 13 + k.index), apply(), is_terminal, returns() (each player's total), observation(seat), last_event (what a Score added), to_dict() / Game.from_dict(), pickle. A refused action raises and leaves the game as it was.
    """
    __hash__: typing.ClassVar[None]  # type: ignore[assignment]
    game_name: typing.ClassVar[str] = 'yahtzee'
    num_actions: typing.ClassVar[int] = 223
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
    def __init__(self, players: int = 1, rules: Rules | None = None, seed: int | parlour._core.cards.Rng = 0, auto_roll: bool = True) -> None:
        """
        A new game for 1..8 players; seed is an int or an Rng (copied). With auto_roll the first roll is made.
        """
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.Any) -> None:
        ...
    def __str__(self) -> str:
        ...
    def act(self, action: Score | Reroll | int | str) -> ScoreDelta:
        """
        Deprecated: apply(action), returning the ScoreDelta.
        """
    def apply(self, action: Score | Reroll | int | str) -> None:
        """
        Applies an action object, an id or text. A refused action raises the library's error (IllegalActionError or a subclass, NotationError for bad text, PhaseError once the game is over) and changes nothing.
        """
    def can_act(self, action: Score | Reroll | int | str) -> bool:
        """
        Deprecated: can_apply(action).
        """
    def can_apply(self, action: Score | Reroll | int | str) -> bool:
        """
        Whether apply(action) would be accepted (an action object, an id or text).
        """
    def can_roll(self, dice: Dice | str | collections.abc.Iterable[int]) -> bool:
        """
        Whether roll(dice) would be accepted.
        """
    def clone(self) -> Game:
        """
        An independent copy.
        """
    def legal_action_ids(self) -> list[int]:
        """
        The ids of the legal actions, ascending (empty once the game is over).
        """
    def legal_action_mask(self) -> numpy.typing.NDArray[numpy.bool]:
        """
        A NumPy bool array of num_actions entries, True at the legal action ids.
        """
    def legal_actions(self) -> list[Score | Reroll]:
        """
        The legal actions (the game's action objects, in id order).
        """
    def observation(self, seat: typing.Any = ...) -> Observation:
        """
        What a seat may see (an observation with to_dict() and to_array()); None for a spectator (public information only).
        """
    def returns(self) -> tuple[float, ...]:
        """
        One float per seat, in points (see the game's documentation).
        """
    def roll(self, dice: Dice | str | collections.abc.Iterable[int] | parlour._core.cards.Rng | None = None) -> None:
        """
        Rolls the dice that are not kept: with the game's generator (no argument), with another Rng (advanced by the roll), or takes injected dice (all five, including the kept ones). PhaseError outside phase ROLL; IllegalActionError when injected dice lack the kept ones.
        """
    def scorecard(self, player: int) -> Scorecard:
        """
        A copy of a player's card.
        """
    def to_dict(self, player: typing.Any = None) -> dict[str, typing.Any]:
        """
        The snapshot: {'game', 'version', 'rules', 'state'}, JSON-ready; from_dict() restores the game exactly. (The `player` argument is deprecated: use observation(seat).to_dict().)
        """
    def to_json(self) -> str:
        """
        The snapshot as compact JSON text, made without building Python objects: json.loads(to_json()) == to_dict().
        """
    def view(self) -> tuple[State, Dice | None, int]:
        """
        Deprecated: (state, dice, rolls_left) of the player to act; use observation(seat).
        """
    def why_not(self, action: Score | Reroll | int | str) -> str | None:
        """
        None when apply(action) would be accepted, else the reason it would be refused.
        """
    @property
    def auto_roll(self) -> bool:
        """
        Whether the game rolls the dice by itself.
        """
    @property
    def current_player(self) -> int | None:
        """
        The seat to act (an int), or None once the game is over.
        """
    @property
    def dice(self) -> Dice | None:
        """
        The dice in phase DECIDE, else None.
        """
    @property
    def is_terminal(self) -> bool:
        """
        Whether the game is over.
        """
    @property
    def kept(self) -> Keep:
        """
        The dice kept for the pending roll (phase ROLL).
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
    def phase(self) -> Phase:
        """
        ROLL, DECIDE or OVER.
        """
    @property
    def rolls_left(self) -> int:
        """
        Rolls still available this turn: 3 before the first roll, 2 after it, 0 after the third.
        """
    @property
    def rules(self) -> Rules:
        """
        The rules.
        """
    @property
    def scorecards(self) -> list[Scorecard]:
        """
        Copies of the players' cards.
        """
    @property
    def state(self) -> State:
        """
        The State of the player to act.
        """
    @property
    def turn(self) -> int:
        """
        The current player's turn, 0..12 (their filled boxes).
        """
class HeadsUpSolver:
    """
    The strategy that maximises the probability of beating an opponent whose final score has a known distribution that does not depend on our play (a sure score once they have finished, or the distribution of a strategy they play unseen, such as Solver.distribution()): win_probability(state, points) is the largest P(our final score > theirs) + tie * P(equal) with `points` already scored. Exact for that model; solved lazily from the queried state, or wholly by solve().
    """
    def __init__(self, opponent: ScoreDistribution | int | collections.abc.Iterable[float], rules: Rules | None = None, tie: typing.SupportsFloat | typing.SupportsIndex = 0.0) -> None:
        """
        A table against this opponent: a ScoreDistribution, probabilities by score, or a final score; tie is what a tie is worth (0: only a win counts, 0.5: half a win).
        """
    def __repr__(self) -> str:
        ...
    def best_action(self, state: State, points: typing.SupportsInt | typing.SupportsIndex, dice: Dice | str | collections.abc.Iterable[int], rolls_left: typing.SupportsInt | typing.SupportsIndex) -> Score | Reroll:
        """
        The action that maximises the win probability (ties as Solver.best_action).
        """
    def category_values(self, state: State, points: typing.SupportsInt | typing.SupportsIndex, dice: Dice | str | collections.abc.Iterable[int]) -> list[tuple[Category, float]]:
        """
        (category, win probability after writing the dice there) for each legal box, card order.
        """
    def is_solved(self, state: typing.Any | None = None) -> bool:
        """
        Whether the whole table (or this state's row) is solved.
        """
    def keep_values(self, state: State, points: typing.SupportsInt | typing.SupportsIndex, dice: Dice | str | collections.abc.Iterable[int], rolls_left: typing.SupportsInt | typing.SupportsIndex) -> list[tuple[Keep, float]]:
        """
        (keep, win probability) for each keep of the dice with 1 or 2 rolls left, Dice.keeps() order.
        """
    def solve(self, threads: typing.SupportsInt | typing.SupportsIndex = 0, progress: typing.Any = None) -> None:
        """
        Fills the whole table (threads 0: all cores), releasing the GIL; progress(tier, seconds) after each tier of filled boxes (13 .. 0).
        """
    def solve_from(self, state: State, threads: typing.SupportsInt | typing.SupportsIndex = 0) -> None:
        """
        Solves only the category sets that contain the boxes of state.
        """
    def win_probabilities(self, state: State) -> numpy.typing.NDArray[numpy.float64]:
        """
        A new float64 array indexed by the points already scored (0 .. opponent.max + 1): the win probability from the start of a turn in state (NaN for more points than such a card can hold).
        """
    def win_probability(self, state: State, points: typing.SupportsInt | typing.SupportsIndex) -> float:
        """
        The largest P(win) + tie * P(tie) from the start of a turn in state with points already scored. InvalidValueError for more points than a card in that state can have scored.
        """
    @property
    def opponent(self) -> ScoreDistribution:
        """
        The opponent's final-score distribution.
        """
    @property
    def rows(self) -> int:
        """
        The number of rows laid out (states that cannot differ share one).
        """
    @property
    def rules(self) -> Rules:
        """
        The rules.
        """
    @property
    def table_bytes(self) -> int:
        """
        The memory of the solved rows (values, padding, row index).
        """
    @property
    def tie(self) -> float:
        """
        What a tie is worth (0..1).
        """
class HeuristicBot(Bot):
    """
    A simple rule of thumb for contrast: scores a made Yahtzee, large straight or full house at once, keeps a run of four towards the straights, else keeps the most frequent face; with no roll left takes the best immediate value (Chance discounted) or dumps a zero in the cheapest box.
    """
    def __init__(self, rules: Rules | None = None) -> None:
        """
        A heuristic bot for these rules.
        """
class Joker(enum.Enum):
    """
    The extra-Yahtzee convention: FORCED (official: matching upper box first, then a lower box at joker value, then an upper box for zero), FREE (Verhoeff: any open box; full house and straights pay joker values only when the matching upper box is filled), NONE (no joker).
    """
    FORCED = 0
    FREE = 1
    NONE = 2
class Keep:
    """
    0 to 5 dice kept before a reroll, as a multiset of faces. Keep('66'), Keep(''), Keep.from_faces([6, 6]), Keep.from_counts([0, 0, 0, 0, 0, 2]). Keep.index numbers the 462 keeps by size, then in lexicographic order of the sorted faces.
    """
    @staticmethod
    def all() -> list[Keep]:
        """
        All 462 keeps in index order.
        """
    @staticmethod
    def from_counts(counts: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex]) -> Keep:
        """
        A keep from the counts of faces 1..6 (at most five dice).
        """
    @staticmethod
    def from_faces(faces: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex]) -> Keep:
        """
        A keep from 0..5 faces (1..6).
        """
    @staticmethod
    def from_index(index: typing.SupportsInt | typing.SupportsIndex) -> Keep:
        """
        The keep with this index (0..461).
        """
    def __copy__(self) -> Keep:
        ...
    def __deepcopy__(self, memo: typing.Any) -> Keep:
        ...
    def __eq__(self, other: typing.Any) -> typing.Any:
        ...
    def __getstate__(self) -> tuple[str]:
        ...
    def __hash__(self) -> int:
        ...
    def __init__(self, text: str = '') -> None:
        """
        Parse up to five faces 1-6 in any order ('66', '6 6', '' or '-' for none); NotationError otherwise.
        """
    def __len__(self) -> int:
        """
        The number of dice.
        """
    def __lt__(self, other: Keep) -> bool:
        ...
    def __ne__(self, other: typing.Any) -> typing.Any:
        ...
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.Any) -> None:
        ...
    def __str__(self) -> str:
        ...
    def count(self, face: typing.SupportsInt | typing.SupportsIndex) -> int:
        """
        How many dice show this face (1..6).
        """
    def issubset(self, other: Keep | Dice | str | collections.abc.Iterable[int]) -> bool:
        """
        Whether every die of this keep is in other.
        """
    @property
    def counts(self) -> tuple[typing.Any, ...]:
        """
        The counts of faces 1..6, a 6-tuple.
        """
    @property
    def faces(self) -> list[int]:
        """
        The faces in ascending order.
        """
    @property
    def index(self) -> int:
        """
        The keep's index, 0..461 (by size, then faces).
        """
    @property
    def sum(self) -> int:
        """
        The total of the faces.
        """
class Observation:
    """
    What one seat may see of a Game: every scorecard, the dice, the kept dice, the rolls left and the legal actions when it is this seat's turn — never the generator. A spectator's observation has seat None. to_dict() is JSON-ready (with what each open box would score now); to_array() is the int8 vector of parlour.envs.yahtzee.
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
        The ids of the seat's legal actions, ascending (empty unless it is to act).
        """
    def legal_action_mask(self) -> numpy.typing.NDArray[numpy.bool]:
        """
        A NumPy bool array of NUM_ACTIONS entries, True at the legal action ids.
        """
    def legal_actions(self) -> list[Score | Reroll]:
        """
        The seat's legal actions (empty unless it is to act).
        """
    def to_array(self) -> numpy.typing.NDArray[numpy.int8]:
        """
        The int8 vector (21,) of parlour.envs.yahtzee: dice, rolls left, filled boxes, upper subtotal, Yahtzee-50 flag (the observing seat's card).
        """
    def to_dict(self) -> dict[str, typing.Any]:
        """
        A JSON-ready dict: every scorecard with its totals, the dice, what each open box would score now, the legal actions as {'id', 'text'}.
        """
    def to_json(self) -> str:
        """
        to_dict() as compact JSON text, made without building Python objects: json.loads(to_json()) == to_dict().
        """
    @property
    def current_player(self) -> int | None:
        """
        The seat to act, or None once the game is over.
        """
    @property
    def dice(self) -> Dice | None:
        """
        The dice on the table (phase DECIDE), else None.
        """
    @property
    def is_my_turn(self) -> bool:
        """
        Whether the observing seat is to act.
        """
    @property
    def kept(self) -> Keep:
        """
        The dice kept for the pending roll (phase ROLL).
        """
    @property
    def phase(self) -> Phase:
        """
        ROLL, DECIDE or OVER.
        """
    @property
    def rolls_left(self) -> int:
        """
        Rolls still available this turn.
        """
    @property
    def rules(self) -> Rules:
        """
        The rules.
        """
    @property
    def scorecards(self) -> list[Scorecard]:
        """
        Copies of every player's scorecard, by seat.
        """
    @property
    def seat(self) -> int | None:
        """
        The observing seat, or None for a spectator.
        """
    @property
    def state(self) -> State:
        """
        The State of the observing seat (a spectator: of the player to act).
        """
class OptimalBot(Bot):
    """
    Plays the Solver's best_action (solving lazily or, in simulate, fully beforehand).
    """
    def __init__(self, solver: Solver) -> None:
        """
        A bot following this solver.
        """
    @property
    def solver(self) -> Solver:
        """
        The solver.
        """
class Phase(enum.Enum):
    """
    The phase of a Game: ROLL (the dice must be rolled), DECIDE (score or reroll), OVER.
    """
    DECIDE = 1
    OVER = 2
    ROLL = 0
class Reroll:
    """
    The action of keeping 0..4 dice and rerolling the rest. Its id is 13 + keep.index (13..222); str() is 'keep 66' ('keep -' rerolls all five).
    """
    def __eq__(self, other: typing.Any) -> typing.Any:
        ...
    def __getstate__(self) -> tuple[str]:
        ...
    def __hash__(self) -> int:
        ...
    def __init__(self, keep: Keep | Dice | str | collections.abc.Iterable[int]) -> None:
        """
        Keep these dice (a Keep, text like '66' or faces) and reroll the others.
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
    def id(self) -> int:
        """
        The action id, 13..222.
        """
    @property
    def keep(self) -> Keep:
        """
        The dice kept.
        """
class Rules:
    """
    The rule variant: the joker convention (Joker.FORCED by default, FREE, NONE) and the switches for the Yahtzee bonus (100 per extra Yahtzee while the box holds 50) and the upper bonus (35 at an upper subtotal of 63). Immutable and hashable; str() gives the text form ('forced', 'none+no-yahtzee-bonus', ...).
    """
    @staticmethod
    def parse(text: str) -> Rules:
        """
        Rules from their text: 'forced', 'free' or 'none' (or 'default'), optionally followed by '+no-yahtzee-bonus' and/or '+no-upper-bonus'; NotationError otherwise.
        """
    def __eq__(self, other: typing.Any) -> typing.Any:
        ...
    def __getstate__(self) -> tuple[str]:
        ...
    def __hash__(self) -> int:
        ...
    def __init__(self, joker: typing.Any = None, yahtzee_bonus: bool = True, upper_bonus: bool = True) -> None:
        """
        Rules with this joker convention (a Joker or 'forced' / 'free' / 'none'; default forced) and bonuses.
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
    def code(self) -> int:
        """
        A one-byte code of the rules (used in table files).
        """
    @property
    def joker(self) -> Joker:
        """
        The joker convention.
        """
    @property
    def upper_bonus(self) -> bool:
        """
        Whether an upper subtotal of 63 earns 35.
        """
    @property
    def yahtzee_bonus(self) -> bool:
        """
        Whether extra Yahtzees earn 100.
        """
class Score:
    """
    The action of writing the dice in a box (ends the turn). Its id is the category (0..12); str() is 'score full_house'.
    """
    def __eq__(self, other: typing.Any) -> typing.Any:
        ...
    def __getstate__(self) -> tuple[int]:
        ...
    def __hash__(self) -> int:
        ...
    def __init__(self, category: Category | str | int) -> None:
        """
        Score in this box (a Category, its name or 0..12).
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
    def category(self) -> Category:
        """
        The box.
        """
    @property
    def id(self) -> int:
        """
        The action id, 0..12.
        """
class ScoreDelta:
    """
    The result of writing dice in a box: the value written, the upper bonus earned by this write (35 when it brought the upper subtotal to 63), the Yahtzee bonus (100 for an extra Yahtzee while the box holds 50), the next State and the reward (their sum).
    """
    def __eq__(self, other: typing.Any) -> typing.Any:
        ...
    def __getstate__(self) -> tuple[int, int, int, int]:
        ...
    def __hash__(self) -> int:
        ...
    def __init__(self, *args: typing.Any, **kwargs: typing.Any) -> None:
        """
        Refuses: ScoreDelta objects are not made by ScoreDelta(...): the library's functions and methods return them (see help(ScoreDelta)).
        """
    def __ne__(self, other: typing.Any) -> typing.Any:
        ...
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.Any) -> None:
        ...
    @property
    def next(self) -> State:
        """
        The state after the write.
        """
    @property
    def reward(self) -> int:
        """
        value + upper_bonus + yahtzee_bonus.
        """
    @property
    def upper_bonus(self) -> int:
        """
        35 when this write reached 63 in the upper section, else 0.
        """
    @property
    def value(self) -> int:
        """
        The value written in the box.
        """
    @property
    def yahtzee_bonus(self) -> int:
        """
        100 for an extra Yahtzee while the box holds 50, else 0.
        """
class ScoreDistribution:
    """
    The probability of each final (or further) score, index = score: exact (from evaluate or Solver.distribution) or empirical (simulated games, with their count for confidence intervals). Immutable; pickles.
    """
    @staticmethod
    def from_scores(scores: typing.Any) -> ScoreDistribution:
        """
        The empirical distribution of simulated final scores (exact False, games = their count).
        """
    @staticmethod
    def point(score: typing.SupportsInt | typing.SupportsIndex) -> ScoreDistribution:
        """
        A sure score (an opponent who has finished).
        """
    def __eq__(self, other: typing.Any) -> typing.Any:
        ...
    def __getstate__(self) -> tuple[int, bytes, bool, int]:
        ...
    def __hash__(self) -> int:
        ...
    def __init__(self, pmf: typing.Any, exact: bool = True, games: typing.SupportsInt | typing.SupportsIndex = 0) -> None:
        """
        A distribution from its probabilities by score (index = score). InvalidValueError for a negative or non-finite entry or a total that is not 1 (to 1e-9); trailing zeros are dropped.
        """
    def __ne__(self, other: typing.Any) -> typing.Any:
        ...
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.Any) -> None:
        ...
    def __str__(self) -> str:
        ...
    def cdf(self, score: typing.SupportsInt | typing.SupportsIndex) -> float:
        """
        P(score <= x).
        """
    def mean_ci(self, level: typing.SupportsFloat | typing.SupportsIndex = 0.95) -> tuple[float, float]:
        """
        A confidence interval for the mean (normal approximation over the games); (mean, mean) when exact.
        """
    def percentile(self, p: typing.SupportsFloat | typing.SupportsIndex) -> int:
        """
        quantile(p / 100).
        """
    def prob(self, score: typing.SupportsInt | typing.SupportsIndex) -> float:
        """
        P(score = x).
        """
    def quantile(self, q: typing.SupportsFloat | typing.SupportsIndex) -> int:
        """
        The least score x with P(score <= x) >= q (q in 0..1; quantile(0) is min).
        """
    def sf(self, score: typing.SupportsInt | typing.SupportsIndex) -> float:
        """
        P(score >= x): the probability of reaching x.
        """
    def sf_ci(self, score: typing.SupportsInt | typing.SupportsIndex, level: typing.SupportsFloat | typing.SupportsIndex = 0.95) -> tuple[float, float]:
        """
        A confidence interval (Wilson) for P(score >= x); (p, p) when exact.
        """
    def shifted(self, points: typing.SupportsInt | typing.SupportsIndex) -> ScoreDistribution:
        """
        The distribution of score + points (points already scored).
        """
    @property
    def exact(self) -> bool:
        """
        Whether the probabilities are exact (else simulated).
        """
    @property
    def games(self) -> int:
        """
        The number of simulated games (0 when exact).
        """
    @property
    def max(self) -> int:
        """
        The greatest score with a positive probability.
        """
    @property
    def mean(self) -> float:
        """
        The expected score.
        """
    @property
    def min(self) -> int:
        """
        The least score with a positive probability.
        """
    @property
    def pmf(self) -> numpy.typing.NDArray[numpy.float64]:
        """
        A new float64 array: the probability of each score 0..max.
        """
    @property
    def sd(self) -> float:
        """
        The standard deviation of the score.
        """
    @property
    def variance(self) -> float:
        """
        The variance of the score.
        """
class Scorecard:
    """
    One player's card box by box, for display and play: get(category), the upper subtotal (uncapped), the bonuses and the total. score(category, dice) writes a box by the rules; an illegal write raises IllegalActionError and changes nothing.
    """
    __hash__: typing.ClassVar[None]  # type: ignore[assignment]
    @staticmethod
    def from_dict(data: dict[str, typing.Any]) -> Scorecard:
        """
        The inverse of to_dict; StateFormatError for anything inconsistent.
        """
    def __copy__(self) -> Scorecard:
        ...
    def __deepcopy__(self, memo: typing.Any) -> Scorecard:
        ...
    def __eq__(self, other: typing.Any) -> typing.Any:
        ...
    def __getstate__(self) -> dict[str, typing.Any]:
        ...
    def __init__(self, rules: Rules | None = None) -> None:
        """
        An empty card under these rules (default: forced joker, both bonuses).
        """
    def __ne__(self, other: typing.Any) -> typing.Any:
        ...
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.Any) -> None:
        ...
    def __str__(self) -> str:
        ...
    def can_score(self, category: Category | str | int, dice: Dice | str | collections.abc.Iterable[int]) -> bool:
        """
        Whether score(category, dice) would be legal.
        """
    def copy(self) -> Scorecard:
        """
        A copy.
        """
    def get(self, category: Category | str | int) -> int | None:
        """
        The value in a box, or None while it is open.
        """
    def legal_categories(self, dice: Dice | str | collections.abc.Iterable[int]) -> Categories:
        """
        The boxes the dice may be written in now.
        """
    def score(self, category: Category | str | int, dice: Dice | str | collections.abc.Iterable[int]) -> ScoreDelta:
        """
        Writes the dice in the box and returns the ScoreDelta; IllegalActionError (naming the legal boxes) when the box is filled or the joker rule forces another, leaving the card unchanged.
        """
    def to_dict(self) -> dict[str, typing.Any]:
        """
        A JSON-ready dict: rules, the 13 boxes by name (None when open) and the Yahtzee bonuses.
        """
    @property
    def boxes(self) -> list[typing.Any]:
        """
        The 13 boxes in card order (None when open).
        """
    @property
    def filled(self) -> Categories:
        """
        The filled categories.
        """
    @property
    def is_full(self) -> bool:
        """
        Whether every box is filled.
        """
    @property
    def lower_subtotal(self) -> int:
        """
        The lower-section total (bonuses excluded).
        """
    @property
    def rules(self) -> Rules:
        """
        The rules of the card.
        """
    @property
    def state(self) -> State:
        """
        The State (what matters for play).
        """
    @property
    def total(self) -> int:
        """
        The score: boxes plus bonuses.
        """
    @property
    def upper_bonus(self) -> int:
        """
        35 once the upper subtotal reaches 63 (if the rules have it).
        """
    @property
    def upper_subtotal(self) -> int:
        """
        The upper subtotal (uncapped).
        """
    @property
    def yahtzee_bonuses(self) -> int:
        """
        The number of 100-point Yahtzee bonuses.
        """
class Solver:
    """
    The exact optimal strategy: the expected further score of optimal play from the start of a turn in every state (f64). solve() fills the table over the 20-bit state index (tiers of filled boxes in parallel; bit-identical for any thread count); queries on an unsolved state first solve the states reachable from it.
    
    Tie-breaks: best_category takes the first legal box in card order; keeps are compared in Dice.keeps() order (all five first, then four, ..., each size by Keep.index) and the first maximum wins; when that is keeping all five, best_action decides as with one roll fewer, down to Score(best box) with no roll left.
    """
    @staticmethod
    def load(path: typing.Any) -> Solver:
        """
        Reads a table written by save(); StateFormatError for a corrupt, truncated or foreign file.
        """
    def __getstate__(self) -> tuple[int, str, bytes, bytes, int]:
        ...
    def __init__(self, rules: Rules | None = None) -> None:
        """
        An empty table for these rules (default: forced joker, both bonuses).
        """
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.Any) -> None:
        ...
    def best_action(self, state: State, dice: Dice | str | collections.abc.Iterable[int], rolls_left: typing.SupportsInt | typing.SupportsIndex) -> Score | Reroll:
        """
        The optimal action with 0..2 rolls left: Score(category) or Reroll(keep) (see the tie-breaks).
        """
    def best_category(self, state: State, dice: Dice | str | collections.abc.Iterable[int]) -> Category:
        """
        The best box for the dice (first in card order on ties).
        """
    def category_values(self, state: State, dice: Dice | str | collections.abc.Iterable[int]) -> list[tuple[Category, float]]:
        """
        (category, expected further score) for each legal box in card order: the reward of the write plus the value of the next state.
        """
    def distribution(self, state: State = ..., points: typing.SupportsInt | typing.SupportsIndex = 0, threads: typing.SupportsInt | typing.SupportsIndex = 0) -> ScoreDistribution:
        """
        The exact distribution of the final score when the optimal expected-score strategy (best_action, with its tie-breaks) is played from the start of a turn in state with `points` already scored: its mean is points + value(state). Solves the states reachable from state first if needed; GIL released.
        """
    def is_solved(self, state: State | None = None) -> bool:
        """
        Whether the whole table (or this state's value) is solved.
        """
    def keep_values(self, state: State, dice: Dice | str | collections.abc.Iterable[int], rolls_left: typing.SupportsInt | typing.SupportsIndex) -> list[tuple[Keep, float]]:
        """
        (keep, expected further score) for each keep of the dice with 1 or 2 rolls left, in Dice.keeps() order (keeping all five = not rerolling now).
        """
    def save(self, path: typing.Any) -> None:
        """
        Writes the solved table: a header (magic, version, rules, count, checksum) then the values. PhaseError unless fully solved.
        """
    def solve(self, threads: typing.SupportsInt | typing.SupportsIndex = 0, progress: typing.Any = None) -> None:
        """
        Fills the whole table (threads <= 0: all cores), releasing the GIL. progress(tier, seconds) is called after each tier (filled-box count 13 .. 0).
        """
    def solve_from(self, state: State, threads: typing.SupportsInt | typing.SupportsIndex = 0) -> None:
        """
        Solves only the states reachable from state (supersets of its boxes, upper subtotals >= its own).
        """
    def value(self, state: State) -> float:
        """
        The expected further score from the start of a turn in state (solving lazily).
        """
    @property
    def checksum(self) -> int:
        """
        FNV-1a over the table's 64-bit words.
        """
    @property
    def rules(self) -> Rules:
        """
        The rules.
        """
    @property
    def solved_count(self) -> int:
        """
        The number of states with a value.
        """
    @property
    def table_bytes(self) -> int:
        """
        The size of the value table in bytes.
        """
    @property
    def values(self) -> numpy.typing.NDArray[numpy.float64]:
        """
        A new float64 array of 2**20 values by State.index (NaN for invalid or unsolved indices).
        """
class State:
    """
    Everything about a card that affects future play: the filled categories, the upper subtotal capped at 63 and whether the Yahtzee box holds 50. Immutable and hashable.
    
    index is a perfect 20-bit hash: category bits 0-12 in card order, the capped upper subtotal in bits 13-18, the Yahtzee-50 flag in bit 19.
    """
    START: typing.ClassVar[State]  # value = State(Categories(), upper=0, yahtzee_50=False)
    @staticmethod
    def from_index(index: typing.SupportsInt | typing.SupportsIndex) -> State | None:
        """
        The state with this index, or None when the index breaks the invariants (an upper subtotal beyond what the scored upper boxes can total or beyond 63, a Yahtzee-50 flag without the Yahtzee box) or is outside 0 .. 2**20 - 1.
        """
    @staticmethod
    def parse(text: str) -> State:
        """
        A state from text: an index ('4097'), 'start', or the filled boxes by name separated by commas with optional 'upper=N' and 'y50' words: 'aces,chance,yahtzee upper=3 y50'. NotationError otherwise.
        """
    def __copy__(self) -> State:
        ...
    def __deepcopy__(self, memo: typing.Any) -> State:
        ...
    def __eq__(self, other: typing.Any) -> typing.Any:
        ...
    def __getstate__(self) -> tuple[int]:
        ...
    def __hash__(self) -> int:
        ...
    def __init__(self, scored: Categories | Category | collections.abc.Iterable[Category | str | int] | str | int = ..., upper: int = 0, yahtzee_50: bool = False) -> None:
        """
        A state: the filled boxes, the upper subtotal (0 up to what the filled upper boxes can total; above 63 it is kept as 63, all the bonus needs) and whether the Yahtzee box holds 50 (only once it is filled). InvalidValueError for a state no card can reach.
        """
    def __ne__(self, other: typing.Any) -> typing.Any:
        ...
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.Any) -> None:
        ...
    def __str__(self) -> str:
        ...
    def apply(self, category: Category | str | int, dice: Dice | str | collections.abc.Iterable[int], rules: Rules | None = None) -> ScoreDelta | None:
        """
        Writes the dice in the box: the ScoreDelta (value, bonuses, next state), or None when the box is not legal. An extra Yahtzee scores joker values in the lower section and earns 100 whenever the Yahtzee box holds 50, even on a forced zero.
        """
    def legal_categories(self, dice: Dice | str | collections.abc.Iterable[int], rules: Rules | None = None) -> Categories:
        """
        The boxes the dice may be written in (default rules: the forced joker restricts an extra Yahtzee to the matching upper box if open, else the open lower boxes, else the open upper boxes). Empty only on a full card.
        """
    @property
    def index(self) -> int:
        """
        The perfect 20-bit hash (see the class docstring).
        """
    @property
    def is_full(self) -> bool:
        """
        Whether every category is filled (the game is over).
        """
    @property
    def scored(self) -> Categories:
        """
        The filled categories.
        """
    @property
    def upper(self) -> int:
        """
        The upper-section subtotal, capped at 63.
        """
    @property
    def yahtzee_50(self) -> bool:
        """
        Whether the Yahtzee box holds 50 (enabling the 100 bonus for further Yahtzees).
        """
class ThresholdSolver:
    """
    The strategy that maximises the probability of reaching a target score, for every target 0..max_target in one table: probability(state, points, target) is the largest P(final score >= target) with `points` already scored, from the start of a turn in state. Each target has its own strategy (best_action takes it). Solved lazily from the queried state, or wholly by solve() (all targets from every state).
    """
    def __init__(self, rules: Rules | None = None, max_target: typing.SupportsInt | typing.SupportsIndex = 400) -> None:
        """
        An empty table for these rules and targets - points up to max_target (0..4000).
        """
    def __repr__(self) -> str:
        ...
    def best_action(self, state: State, points: typing.SupportsInt | typing.SupportsIndex, target: typing.SupportsInt | typing.SupportsIndex, dice: Dice | str | collections.abc.Iterable[int], rolls_left: typing.SupportsInt | typing.SupportsIndex) -> Score | Reroll:
        """
        The action that maximises the probability of reaching target (ties as Solver.best_action).
        """
    def category_values(self, state: State, points: typing.SupportsInt | typing.SupportsIndex, target: typing.SupportsInt | typing.SupportsIndex, dice: Dice | str | collections.abc.Iterable[int]) -> list[tuple[Category, float]]:
        """
        (category, probability of reaching target after writing the dice there) for each legal box, card order.
        """
    def is_solved(self, state: typing.Any | None = None) -> bool:
        """
        Whether the whole table (or this state's row) is solved.
        """
    def keep_values(self, state: State, points: typing.SupportsInt | typing.SupportsIndex, target: typing.SupportsInt | typing.SupportsIndex, dice: Dice | str | collections.abc.Iterable[int], rolls_left: typing.SupportsInt | typing.SupportsIndex) -> list[tuple[Keep, float]]:
        """
        (keep, probability of reaching target) for each keep of the dice with 1 or 2 rolls left, Dice.keeps() order.
        """
    def probabilities(self, state: State) -> numpy.typing.NDArray[numpy.float64]:
        """
        A new float64 array: for t = 0..max_target, the largest P(further score >= t) from the start of a turn in state (each t under its own best strategy).
        """
    def probability(self, state: State, points: typing.SupportsInt | typing.SupportsIndex, target: typing.SupportsInt | typing.SupportsIndex) -> float:
        """
        The largest probability that the final score reaches target, with points already scored (1 once reached).
        """
    def solve(self, threads: typing.SupportsInt | typing.SupportsIndex = 0, progress: typing.Any = None) -> None:
        """
        Fills the whole table (threads 0: all cores), releasing the GIL; progress(tier, seconds) after each tier of filled boxes (13 .. 0).
        """
    def solve_from(self, state: State, threads: typing.SupportsInt | typing.SupportsIndex = 0) -> None:
        """
        Solves only the category sets that contain the boxes of state.
        """
    @property
    def max_target(self) -> int:
        """
        The most points still needed the table covers.
        """
    @property
    def rows(self) -> int:
        """
        The number of rows laid out (states that cannot differ share one).
        """
    @property
    def rules(self) -> Rules:
        """
        The rules.
        """
    @property
    def table_bytes(self) -> int:
        """
        The memory of the solved rows (values, padding, row index).
        """
def action_from_id(id: typing.SupportsInt | typing.SupportsIndex) -> Score | Reroll:
    """
    The action with this id: Score(category) for 0..12, Reroll(Keep.from_index(id - 13)) for 13..222.
    """
def category_name(category: Category | str | int) -> str:
    """
    The snake-case name of a category ('full_house').
    """
def category_score(category: Category | str | int, dice: Dice | str | collections.abc.Iterable[int]) -> int:
    """
    The natural score of the dice in a category (no joker): Category.score(dice) calls this.
    """
def category_upper_face(category: Category | str | int) -> int:
    """
    The face an upper category counts (1..6), 0 for a lower one: Category.upper_face calls this.
    """
def encode_observation(state: State, dice: Dice | str | collections.abc.Iterable[int], rolls_left: int) -> numpy.typing.NDArray[numpy.int8]:
    """
    The decision as an int8 array of OBSERVATION_SIZE (21) values: 0..4 the dice ascending, 5 rolls_left, 6..18 1 for each filled box (card order), 19 the upper subtotal capped at 63, 20 whether the Yahtzee box holds 50.
    """
def evaluate(bot: Bot, state: State = ..., threads: typing.SupportsInt | typing.SupportsIndex = 0) -> ScoreDistribution:
    """
    The exact distribution of the further score the bot makes from the start of a turn in state (a fixed strategy: its action depends only on state, dice and rolls left). A forward pass over the states reachable from state, in C++ with the GIL released (threads 0: all cores); bit-identical for any thread count.
    """
def parse_action(text: str) -> Score | Reroll:
    """
    An action from its text: 'score <category>' or 'keep <faces>' / 'reroll <faces>' ('keep -' rerolls all); NotationError otherwise.
    """
def parse_category(text: str) -> Category:
    """
    A category from its name ('full_house', 'Full House', 'sixes') or an alias ('fh', '3k', 'ss', '6'); NotationError otherwise.
    """
def simulate(n: typing.SupportsInt | typing.SupportsIndex, bot: Bot, seed: int | parlour._core.cards.Rng = 0, threads: typing.SupportsInt | typing.SupportsIndex = 0, first: typing.SupportsInt | typing.SupportsIndex = 0) -> numpy.typing.NDArray[numpy.int32]:
    """
    Plays n solitaire games with the bot (in C++, GIL released, threads <= 0: all cores) and returns the final scores as an int32 NumPy array. The base is the first draw of Rng(seed) (or of the Rng given); game i draws its dice from Rng(splitmix64(base + i)), so the result depends only on (n, bot, seed). The games are first .. first+n-1: consecutive ranges give, end to end, the scores of one call over the whole range.
    """
INDEX_SIZE: int = 1048576
NUM_ACTIONS: int = 223
NUM_VALID_STATES: int = 591360
OBSERVATION_SIZE: int = 21
