"""
Gin rummy: melds, deadwood, layoffs, scoring, rounds, matches and bots.
"""
from __future__ import annotations
import collections.abc
import enum
import numpy
import numpy.typing
import parlour._core.cards
import typing
__all__: list[str] = ['ARENA_MAX_ROWS', 'Action', 'ActionAdvice', 'ActionKind', 'Advice', 'ArenaPairResult', 'BIG_GIN_BONUS', 'BIG_GIN_ID', 'BOX_BONUS', 'Bot', 'COACH_DEFAULT_NODES', 'DISCARD_ID', 'DRAW_STOCK_ID', 'Discard', 'EXPERT_BENCH_NODES', 'EXPERT_DEFAULT_NODES', 'EasyBot', 'ExpertBot', 'ExpertCandidate', 'ExpertSearch', 'FINISH_LAYOFFS_ID', 'GAME_BONUS', 'GIN_BONUS', 'Game', 'HardBot', 'KNOCK_ID', 'KnockEstimate', 'LAY_OFF_ID', 'Layoff', 'MAX_TURNS', 'MELD_COUNT', 'Match', 'MatchResult', 'Meld', 'MeldKind', 'Melds', 'NUM_ACTIONS', 'NormalBot', 'OBSERVATION_SHAPE', 'OBSERVATION_SIZE', 'Observation', 'OklahomaAce', 'PASS_ID', 'Phase', 'Player', 'ResultKind', 'Review', 'ReviewItem', 'Round', 'RoundResult', 'Rules', 'Settlement', 'Shutout', 'ShutoutKind', 'SimpleBot', 'SimulationStats', 'TAKE_DISCARD_ID', 'TARGET', 'UNDERCUT_BONUS', 'advise', 'arena_match_seed', 'arena_matches', 'arena_pair', 'best_arrangements', 'best_discard', 'best_discard_batch', 'best_layoff', 'best_melds', 'deadwood', 'deadwood_batch', 'encode_observation', 'expert_playout', 'layoff_deadwood', 'match_result', 'match_win_chance', 'play_match', 'review', 'settle', 'simulate_rounds']
class Action:
    """
    One move of a round, immutable and hashable, with a fixed integer id (NUM_ACTIONS = 265) and a text form.
    
    Ids: PASS_ID 0, TAKE_DISCARD_ID 1, DRAW_STOCK_ID 2, discard DISCARD_ID + card index (3..54), knock KNOCK_ID + card index (55..106, the best arrangement), BIG_GIN_ID 107, lay off LAY_OFF_ID + 3*card index + meld slot 0..2 (108..263), FINISH_LAYOFFS_ID 264; card index = 13*suit + rank - 1.
    
    Text: 'pass', 'take discard', 'draw stock', 'discard Qs', 'knock Qs' or 'knock Qs with 7h8h9h QcQsQd', 'big gin', 'lay off 9s on 0', 'finish layoffs' (parsing is case-insensitive and accepts 'take', 'draw', 'finish').
    """
    @staticmethod
    def big_gin(melds: Melds | collections.abc.Iterable[Meld | str | parlour._core.cards.CardSet] | None = None) -> Action:
        """
        Declare big gin (all 11 cards melded; default: the best arrangement).
        """
    @staticmethod
    def discard(card: parlour._core.cards.Card | str) -> Action:
        """
        Discard a card, ending the turn.
        """
    @staticmethod
    def draw_stock() -> Action:
        """
        Draw the top card of the stock.
        """
    @staticmethod
    def finish_layoffs() -> Action:
        """
        End the layoffs and settle the round.
        """
    @staticmethod
    def from_id(id: int) -> Action:
        """
        The action with this id (InvalidValueError outside 0 .. 264).
        """
    @staticmethod
    def knock(card: parlour._core.cards.Card | str, melds: Melds | collections.abc.Iterable[Meld | str | parlour._core.cards.CardSet] | None = None) -> Action:
        """
        Discard a card and knock, spreading these melds (default: the best arrangement of the rest).
        """
    @staticmethod
    def lay_off(card: parlour._core.cards.Card | str, meld: int) -> Action:
        """
        Lay a card off onto meld slot 0..2 of the knocker's spread.
        """
    @staticmethod
    def parse(text: str) -> Action:
        """
        The action of this text ('discard Qs', 'knock Qs', ...); NotationError quoting bad text.
        """
    @staticmethod
    def pass_() -> Action:
        """
        Decline the upcard.
        """
    @staticmethod
    def take_discard() -> Action:
        """
        Take the top card of the discard pile.
        """
    def __copy__(self) -> Action:
        ...
    def __deepcopy__(self, memo: typing.Any) -> Action:
        ...
    def __eq__(self, other: typing.Any) -> typing.Any:
        ...
    def __getstate__(self) -> str:
        ...
    def __hash__(self) -> int:
        ...
    def __index__(self) -> int:
        """
        The integer id.
        """
    def __init__(self, action: Action | int | str) -> None:
        """
        An action from an Action, its integer id, or its text.
        """
    def __int__(self) -> int:
        """
        The integer id.
        """
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.Any) -> None:
        ...
    def __str__(self) -> str:
        ...
    @property
    def card(self) -> parlour._core.cards.Card | None:
        """
        The card discarded, knocked with or laid off; None for the other kinds.
        """
    @property
    def id(self) -> int:
        """
        The integer id (an explicit arrangement is not part of it).
        """
    @property
    def kind(self) -> ActionKind:
        """
        PASS, TAKE_DISCARD, DRAW_STOCK, DISCARD, KNOCK, BIG_GIN, LAY_OFF or FINISH_LAYOFFS.
        """
    @property
    def meld(self) -> int | None:
        """
        The meld slot of a layoff; None for the other kinds.
        """
    @property
    def melds(self) -> list[Meld] | None:
        """
        The explicit arrangement of a knock or big gin; None for the best one (or other kinds).
        """
class ActionAdvice:
    """
    One legal action as the coach weighs it: ExpertBot's search values and the checkable facts behind them.
    """
    def __getstate__(self) -> tuple[typing.Any, ...]:
        ...
    def __init__(self, *args: typing.Any, **kwargs: typing.Any) -> None:
        """
        Refuses: ActionAdvice objects are not made by ActionAdvice(...): the library's functions and methods return them (see help(ActionAdvice)).
        """
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.Any) -> None:
        ...
    def to_dict(self) -> dict[str, typing.Any]:
        """
        A JSON-ready dict (cards and actions as text).
        """
    @property
    def action(self) -> Action:
        """
        The action (a knock with the arrangement it was valued with).
        """
    @property
    def deadwood_after(self) -> int:
        """
        The deadwood of melds_after.
        """
    @property
    def exact(self) -> bool:
        """
        A knock, big gin or layoff: settled exactly in each deal.
        """
    @property
    def expected_deadwood(self) -> float | None:
        """
        A stock draw: the deadwood after the best discard, on average over the live cards; None otherwise.
        """
    @property
    def kept(self) -> bool:
        """
        Whether it was still in the running when the search stopped (else dropped as clearly worse).
        """
    @property
    def loss(self) -> float:
        """
        Its value below the best action's, on the deals both were weighed on.
        """
    @property
    def loss_se(self) -> float:
        """
        The standard error of loss.
        """
    @property
    def match_win(self) -> float | None:
        """
        In a match, the chance to win the match after the hand (a model of the hands to come); None otherwise.
        """
    @property
    def melds_after(self) -> Melds:
        """
        The best arrangement of the ten cards kept after the action (after taking the face-up card: after its best discard).
        """
    @property
    def opponent_ends_soon(self) -> float:
        """
        The share of the sampled deals in which the opponent knocks or goes gin within its next two turns.
        """
    @property
    def opponent_threw_near(self) -> parlour._core.cards.CardSet:
        """
        A discard: such cards the opponent threw or passed on.
        """
    @property
    def opponent_took_near(self) -> parlour._core.cards.CardSet:
        """
        A discard: the cards of its rank or of its suit within two ranks that the opponent took from the pile.
        """
    @property
    def opponent_uses(self) -> float | None:
        """
        A discard: the share of the opponent hands the search sampled with which the card makes a meld; None for other actions.
        """
    @property
    def outs(self) -> parlour._core.cards.CardSet:
        """
        The live cards that would lower deadwood_after if drawn.
        """
    @property
    def points(self) -> float:
        """
        The expected points of the hand for the seat.
        """
    @property
    def points_loss(self) -> float:
        """
        The same loss in expected points.
        """
    @property
    def points_loss_se(self) -> float:
        """
        The standard error of points_loss.
        """
    @property
    def rank(self) -> int:
        """
        Its place in the ranking, 1 for the best.
        """
    @property
    def reasons(self) -> list[str]:
        """
        The reasons, as plain sentences.
        """
    @property
    def value(self) -> float:
        """
        What the ranking uses: the expected points of the hand, or in a match the chance to win the match after the hand.
        """
    @property
    def win_hand(self) -> float:
        """
        The share of the sampled deals in which the seat wins the hand.
        """
    @property
    def worlds(self) -> int:
        """
        The sampled deals it was weighed on.
        """
class ActionKind(enum.Enum):
    """
    The kind of an Action: PASS, TAKE_DISCARD, DRAW_STOCK, DISCARD, KNOCK, BIG_GIN, LAY_OFF, FINISH_LAYOFFS.
    """
    BIG_GIN = 5
    DISCARD = 3
    DRAW_STOCK = 2
    FINISH_LAYOFFS = 7
    KNOCK = 4
    LAY_OFF = 6
    PASS = 0
    TAKE_DISCARD = 1
class Advice:
    """
    Every legal action of the seat to act, ranked by ExpertBot's search (best first), with what the seat knows of the opponent.
    """
    def __getstate__(self) -> tuple[typing.Any, ...]:
        ...
    def __init__(self, *args: typing.Any, **kwargs: typing.Any) -> None:
        """
        Refuses: Advice objects are not made by Advice(...): the library's functions and methods return them (see help(Advice)).
        """
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.Any) -> None:
        ...
    def find(self, action: Action | int | str) -> ActionAdvice | None:
        """
        The ActionAdvice of an action (object, id or text), or None when it is not legal here.
        """
    def to_dict(self) -> dict[str, typing.Any]:
        """
        A JSON-ready dict (cards and actions as text).
        """
    @property
    def actions(self) -> list[ActionAdvice]:
        """
        Every legal action's ActionAdvice, best first.
        """
    @property
    def best(self) -> ActionAdvice:
        """
        The best action's ActionAdvice.
        """
    @property
    def by_match(self) -> bool:
        """
        Whether the ranking is by the chance to win the match.
        """
    @property
    def effective_worlds(self) -> float:
        """
        The effective number of deals (weights).
        """
    @property
    def live(self) -> parlour._core.cards.CardSet:
        """
        The cards the seat has not seen: the stock and the opponent's hidden cards.
        """
    @property
    def match_scores(self) -> tuple[int, int] | None:
        """
        In a match, the scores (the seat's, the opponent's); None otherwise.
        """
    @property
    def match_target(self) -> typing.Any:
        """
        In a match, the score it runs to; None otherwise.
        """
    @property
    def nodes(self) -> int:
        """
        The playout actions it simulated.
        """
    @property
    def opponent_can_knock(self) -> float:
        """
        The share of the sampled opponent hands already within the knock limit.
        """
    @property
    def opponent_declined(self) -> parlour._core.cards.CardSet:
        """
        The face-up cards it passed on or covered.
        """
    @property
    def opponent_discarded(self) -> parlour._core.cards.CardSet:
        """
        Every card it threw.
        """
    @property
    def opponent_likely(self) -> list[tuple[parlour._core.cards.Card, float]]:
        """
        The live cards the opponent holds in at least 40 % of the hands the search sampled, with that share, most likely first.
        """
    @property
    def opponent_quiet_suits(self) -> list[typing.Any]:
        """
        The suits the opponent threw earlier but not in its last three discards (after five or more).
        """
    @property
    def opponent_took(self) -> parlour._core.cards.CardSet:
        """
        The cards the opponent took from the pile and holds.
        """
    @property
    def phase(self) -> Phase:
        """
        The phase of the decision.
        """
    @property
    def seat(self) -> typing.Any:
        """
        The seat advised.
        """
    @property
    def summary(self) -> list[str]:
        """
        The position, as plain sentences.
        """
    @property
    def worlds(self) -> int:
        """
        The deals the search sampled.
        """
class ArenaPairResult:
    """
    The totals of arena matches between bots A and B (index 0 = A, 1 = B).
    """
    def __iadd__(self, other: ArenaPairResult) -> ArenaPairResult:
        """
        Add another result's totals.
        """
    def __init__(self, *args: typing.Any, **kwargs: typing.Any) -> None:
        """
        Refuses: ArenaPairResult objects are not made by ArenaPairResult(...): the library's functions and methods return them (see help(ArenaPairResult)).
        """
    def __repr__(self) -> str:
        ...
    @property
    def dead(self) -> int:
        """
        Dead hands.
        """
    @property
    def deal_wins_sq(self) -> int:
        """
        Duplicate matches only: the sum over the deals of the square of A's wins in the deal (0, 1 or 2), for an interval that counts the pairing.
        """
    @property
    def deals(self) -> int:
        """
        Duplicate matches only: the deals played, each twice with the seats swapped (0 otherwise).
        """
    @property
    def decisions(self) -> int:
        """
        Actions applied in all.
        """
    @property
    def gins(self) -> tuple[int, int]:
        """
        Gins (and big gins) by (A, B).
        """
    @property
    def hands(self) -> int:
        """
        Hands played.
        """
    @property
    def hands_won(self) -> tuple[int, int]:
        """
        Hands won by (A, B).
        """
    @property
    def knocks(self) -> tuple[int, int]:
        """
        Hands won by a knock (not gin, not undercut) by (A, B).
        """
    @property
    def match_wins(self) -> tuple[int, int]:
        """
        Matches won by (A, B).
        """
    @property
    def matches(self) -> int:
        """
        Matches played.
        """
    @property
    def points(self) -> tuple[int, int]:
        """
        Hand points won by (A, B).
        """
    @property
    def score(self) -> tuple[int, int]:
        """
        Final match scores summed, (A, B).
        """
    @property
    def undercuts(self) -> tuple[int, int]:
        """
        Undercuts scored by (A, B) as the defender.
        """
class Bot:
    """
    A computer player in C++: act(observation) -> Action. EasyBot, NormalBot and HardBot are bots; any object with an act(observation) method can play too.
    """
    def __init__(self, *args: typing.Any, **kwargs: typing.Any) -> None:
        """
        Refuses: Bot objects are not made by Bot(...): the library's functions and methods return them (see help(Bot)).
        """
    def act(self, observation: typing.Any) -> Action:
        """
        The bot's action for an observation in which it is to act (round.observation(round.turn)); deterministic for the bot's seed and the observation.
        """
    @property
    def name(self) -> str:
        """
        The bot's name: 'easy', 'normal', 'hard', 'simple' or 'expert'.
        """
    @property
    def seed(self) -> int:
        """
        The seed of the bot's randomness.
        """
class Discard:
    """
    The result of best_discard: the chosen card, the deadwood left without it, and every discard that leaves that same minimum (`ties`).
    """
    def __eq__(self, other: typing.Any) -> typing.Any:
        ...
    def __getstate__(self) -> tuple[int, int, int]:
        ...
    def __hash__(self) -> int:
        ...
    def __init__(self, *args: typing.Any, **kwargs: typing.Any) -> None:
        """
        Refuses: Discard objects are not made by Discard(...): the library's functions and methods return them (see help(Discard)).
        """
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.Any) -> None:
        ...
    @property
    def card(self) -> parlour._core.cards.Card:
        """
        The discard (ties: the highest rank, then the highest suit).
        """
    @property
    def deadwood(self) -> int:
        """
        The minimum deadwood of the hand without the discard.
        """
    @property
    def ties(self) -> parlour._core.cards.CardSet:
        """
        Every discard that reaches the same minimum.
        """
class EasyBot(Bot):
    """
    The rule card's easy bot: keeps the melds it has formed and discards its unmatched card of highest value; takes the upcard or the pile top only when it completes a meld; knocks as soon as it may.
    """
    def __getstate__(self) -> tuple[int]:
        ...
    def __init__(self, seed: int | parlour._core.cards.Rng = 0) -> None:
        """
        An easy bot (it uses no randomness; the seed is kept for a uniform interface).
        """
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.Any) -> None:
        ...
class ExpertBot(Bot):
    """
    A search bot that uses the budget it is given: determinized Monte Carlo search over opponent hands sampled from a model of the opponent's takes, passes and discards, every candidate draw, discard and knock played out to the end of the hand (knocks settled exactly, layoffs optimal) on the same worlds. Deterministic for a seed and a node budget (nodes=); budget_ms= bounds the wall-clock time of a decision instead (not deterministic); threads= shares one search between threads. Sees only its observation.
    """
    def __getstate__(self) -> tuple[int, float, int, int, bool, int, int, float]:
        ...
    def __init__(self, seed: int | parlour._core.cards.Rng = 0, *, budget_ms: typing.Any = None, nodes: typing.Any = None, threads: int = 1, match_aware: bool = True, opponent: str = 'greedy', proposals: int = 32, tempo: float = 2.0) -> None:
        """
        An expert bot. With neither budget given it searches EXPERT_DEFAULT_NODES playout actions a decision (a few tens of ms of one core on average: a search stops early once one candidate is clearly best); nodes= sets that budget, budget_ms= a time limit per decision (with both, whichever comes first); threads= (1..256, 0: one per core) shares each search. match_aware=False values every hand by its points, also in a match (else by the chance to win the match it leads to); opponent='defensive' has the opponent's playout discards avoid the cards the bot visibly collects; proposals= (1..256) is the number of opponent hands proposed for each sampled world; tempo= (0.25..8; 1 is the rate measured in games between the other bots, 2 the default) multiplies the rate at which the belief takes the opponent's deadwood to fall as the hand goes on (higher: the opponent is believed nearer a knock).
        """
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.Any) -> None:
        ...
    def search(self, observation: typing.Any) -> ExpertSearch:
        """
        The search behind act(): the action chosen and every candidate's estimated points. WrongPhase unless the observation's player is to act.
        """
    @property
    def budget_ms(self) -> typing.Any:
        """
        The time limit of a decision in milliseconds, or None.
        """
    @property
    def match_aware(self) -> bool:
        """
        Whether, in a match, a hand is valued by the chance to win the match (else by its points).
        """
    @property
    def nodes(self) -> typing.Any:
        """
        The node budget of a decision (playout actions), or None.
        """
    @property
    def opponent(self) -> str:
        """
        The opponent's playout policy: 'greedy' or 'defensive'.
        """
    @property
    def proposals(self) -> int:
        """
        Opponent hands proposed for each sampled world (the belief's sampling-importance-resampling).
        """
    @property
    def tempo(self) -> float:
        """
        How fast the belief takes the opponent's deadwood to fall, as a multiple of the rate measured in games between the other bots.
        """
    @property
    def threads(self) -> int:
        """
        Threads per search.
        """
class ExpertCandidate:
    """
    One action ExpertBot weighed: its estimated points for the bot and on how many sampled worlds.
    """
    def __init__(self, *args: typing.Any, **kwargs: typing.Any) -> None:
        """
        Refuses: ExpertCandidate objects are not made by ExpertCandidate(...): the library's functions and methods return them (see help(ExpertCandidate)).
        """
    def __repr__(self) -> str:
        ...
    @property
    def action(self) -> Action:
        """
        The action.
        """
    @property
    def kept(self) -> bool:
        """
        Whether it was still in the running when the search stopped (the others were dropped as clearly worse).
        """
    @property
    def points(self) -> float:
        """
        Its estimated points for the bot at the end of the hand (weighted mean over the worlds).
        """
    @property
    def settled(self) -> bool:
        """
        Whether it is a knock, settled exactly in each world (no playout).
        """
    @property
    def value(self) -> float:
        """
        What the search ranks by (weighted mean over the worlds): the bot's points at the end of the hand, or in a match (an observation with match scores) the chance to win the match after it.
        """
    @property
    def worlds(self) -> int:
        """
        The worlds it was evaluated on (fewer once dropped).
        """
class ExpertSearch:
    """
    What one ExpertBot search found.
    """
    def __init__(self, *args: typing.Any, **kwargs: typing.Any) -> None:
        """
        Refuses: ExpertSearch objects are not made by ExpertSearch(...): the library's functions and methods return them (see help(ExpertSearch)).
        """
    def __repr__(self) -> str:
        ...
    @property
    def best(self) -> Action:
        """
        The action chosen.
        """
    @property
    def by_match(self) -> bool:
        """
        Whether the values are chances to win the match (the observation was of a match) rather than points.
        """
    @property
    def candidates(self) -> list[ExpertCandidate]:
        """
        The actions weighed, in the order they were generated (empty for a decision with one sensible action: the only legal one, gin, big gin, a layoff).
        """
    @property
    def effective_worlds(self) -> float:
        """
        The effective number of worlds, (sum of weights)^2 / sum of squared weights.
        """
    @property
    def nodes(self) -> int:
        """
        Playout actions simulated.
        """
    @property
    def worlds(self) -> int:
        """
        Opponent hands and stock orders sampled.
        """
class Game:
    """
    A whole match of gin rummy as one game (parlour.protocol.Game): the hands are dealt one after another from the game's own generator until a player reaches rules.game_target. The legal actions and apply() are those of the hand in play; when a hand ends its result is recorded and the next hand is dealt at once (the last event then holds the finished hand: result, points and both hands). returns() is (0, 0) until the match is over, then each player's final total minus the opponent's. Observations carry the match scores.
    """
    __hash__: typing.ClassVar[None]  # type: ignore[assignment]
    game_name: typing.ClassVar[str] = 'gin'
    num_actions: typing.ClassVar[int] = 265
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
    def __init__(self, rules: Rules = ..., seed: int | parlour._core.cards.Rng = 0, first_dealer: Player | int = ...) -> None:
        """
        A new match under the rules; the hands are dealt from a generator seeded with `seed`.
        """
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.Any) -> None:
        ...
    def apply(self, action: Action | int | str) -> None:
        """
        Applies an action object, an id or text. A refused action raises the library's error (IllegalActionError or a subclass, NotationError for bad text, PhaseError once the game is over) and changes nothing.
        """
    def can_apply(self, action: Action | int | str) -> bool:
        """
        Whether apply(action) would be accepted (an action object, an id or text).
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
    def legal_actions(self) -> list[Action]:
        """
        The legal actions (the game's action objects, in id order).
        """
    def observation(self, seat: typing.Any = ...) -> Observation:
        """
        What a seat may see (an observation with to_dict() and to_array()); None for a spectator (public information only).
        """
    def returns(self) -> tuple[float, float]:
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
    def why_not(self, action: Action | int | str) -> str | None:
        """
        None when apply(action) would be accepted, else the reason it would be refused.
        """
    @property
    def current_player(self) -> Player | None:
        """
        The seat to act (an int), or None once the game is over.
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
    def match(self) -> Match:
        """
        A copy of the Match: the hands so far, the scores, the winner.
        """
    @property
    def num_players(self) -> int:
        """
        The number of seats.
        """
    @property
    def round(self) -> Round:
        """
        A copy of the hand in play (the last hand once the match is over).
        """
    @property
    def rules(self) -> Rules:
        """
        The rules of the match.
        """
    @property
    def scores(self) -> tuple[int, int]:
        """
        The running totals toward the target (Player.ONE, Player.TWO).
        """
class HardBot(Bot):
    """
    The rule card's hard bot: samples the opponent's hidden cards consistently with the observation, discards by the expected deadwood after its next draw and the chance the card helps the opponent, and weighs knocking now against playing on (toward gin, away from an undercut) by rollouts.
    """
    def __getstate__(self) -> tuple[int, int, int]:
        ...
    def __init__(self, seed: int | parlour._core.cards.Rng = 0, samples: int = 48, rollouts: int = 48) -> None:
        """
        A hard bot: `samples` opponent hands per decision, `rollouts` per option when it may knock.
        """
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.Any) -> None:
        ...
    def estimate_knock(self, observation: typing.Any) -> KnockEstimate:
        """
        The expected points of knocking now and of playing on, where the observation's player may knock (WrongPhase outside its DISCARD phase, TooMuchDeadwood when no knock is legal; at zero deadwood `knock` is gin's value).
        """
    @property
    def rollouts(self) -> int:
        """
        Rollouts of playing on when it may knock.
        """
    @property
    def samples(self) -> int:
        """
        Sampled opponent hands per decision.
        """
class KnockEstimate:
    """
    HardBot's estimate of knocking now against playing on, in expected points.
    """
    def __init__(self, *args: typing.Any, **kwargs: typing.Any) -> None:
        """
        Refuses: KnockEstimate objects are not made by KnockEstimate(...): the library's functions and methods return them (see help(KnockEstimate)).
        """
    def __repr__(self) -> str:
        ...
    @property
    def knock(self) -> float:
        """
        Expected points of knocking now with knock_card.
        """
    @property
    def knock_card(self) -> parlour._core.cards.Card:
        """
        The card the knock would discard.
        """
    @property
    def play_card(self) -> parlour._core.cards.Card:
        """
        The card playing on would discard.
        """
    @property
    def play_on(self) -> float:
        """
        Expected points of discarding play_card and playing on (rollouts).
        """
class Layoff:
    """
    The result of best_layoff: the cards laid off (in all and per meld), the grown melds, and the kept cards arranged optimally with their deadwood.
    """
    __hash__: typing.ClassVar[None]  # type: ignore[assignment]
    def __eq__(self, other: typing.Any) -> typing.Any:
        ...
    def __getstate__(self) -> tuple[parlour._core.cards.CardSet, list[parlour._core.cards.CardSet], list[Meld], Melds, int]:
        ...
    def __init__(self, *args: typing.Any, **kwargs: typing.Any) -> None:
        """
        Refuses: Layoff objects are not made by Layoff(...): the library's functions and methods return them (see help(Layoff)).
        """
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.Any) -> None:
        ...
    @property
    def deadwood(self) -> int:
        """
        The deadwood left after the layoff.
        """
    @property
    def laid(self) -> parlour._core.cards.CardSet:
        """
        Every card laid off.
        """
    @property
    def laid_on(self) -> list[parlour._core.cards.CardSet]:
        """
        Per meld (same index as the input melds): the cards laid on it.
        """
    @property
    def melds(self) -> list[Meld]:
        """
        The grown melds, in the input order.
        """
    @property
    def remaining(self) -> Melds:
        """
        The cards kept, arranged optimally among themselves.
        """
class Match:
    """
    A match's score keeper: hands in order until a player's running total reaches rules.game_target. record(result) adds a hand; the winner of a hand deals the next (the same dealer after a dead hand); final_score() is match_result of the hands once over. (gin.Game plays a whole match.)
    """
    def __getstate__(self) -> tuple[int, Rules, int, typing.Any]:
        ...
    def __init__(self, rules: Rules = ..., first_dealer: Player | int = ...) -> None:
        """
        A new match under the rules, first dealt by first_dealer.
        """
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.Any) -> None:
        ...
    def final_score(self) -> MatchResult:
        """
        The MatchResult (winner, totals with every bonus, shutout) of the hands; WrongPhase while the match goes on.
        """
    def new_round(self, seed: int | parlour._core.cards.Rng) -> Round:
        """
        A new round dealt by next_dealer (a seed or an Rng); WrongPhase once over.
        """
    def observation(self, round: Round, seat: Player | int) -> Observation:
        """
        What `seat` sees of `round`, a hand of this match, with the match scores (as Game.observation gives it): what bots and the coach read to play for the match.
        """
    def record(self, result: RoundResult) -> None:
        """
        Add a hand's result; WrongPhase once the match is over.
        """
    @property
    def boxes(self) -> tuple[int, int]:
        """
        The box bonuses earned (box_bonus per hand won) by (Player.ONE, Player.TWO).
        """
    @property
    def first_dealer(self) -> Player:
        """
        Who dealt the first hand.
        """
    @property
    def hands(self) -> list[RoundResult]:
        """
        The results recorded so far, in order.
        """
    @property
    def is_over(self) -> bool:
        """
        Whether a player has reached the target.
        """
    @property
    def next_dealer(self) -> Player:
        """
        Who deals the next hand: the winner of the last, the same dealer after a dead hand.
        """
    @property
    def rules(self) -> Rules:
        """
        The rules of the match.
        """
    @property
    def scores(self) -> tuple[int, int]:
        """
        The running totals toward the target (Player.ONE, Player.TWO): hand points, plus box bonuses under immediate_boxes.
        """
    @property
    def winner(self) -> Player | None:
        """
        The winner once over, else None.
        """
class MatchResult:
    """
    What a whole match came to (Game::Gin::Scoring's match_result): the winner (who reached the target), per-player hand points, hands won, box bonuses and totals (tuples indexed by Player), whether it was a shutout, the target and the hands played.
    """
    __hash__: typing.ClassVar[None]  # type: ignore[assignment]
    def __eq__(self, other: typing.Any) -> typing.Any:
        ...
    def __getstate__(self) -> tuple[int, int, typing.Annotated[list[int], "FixedSize(2)"], typing.Annotated[list[int], "FixedSize(2)"], typing.Annotated[list[int], "FixedSize(2)"], bool, typing.Annotated[list[int], "FixedSize(2)"], int, int]:
        ...
    def __init__(self, *args: typing.Any, **kwargs: typing.Any) -> None:
        """
        Refuses: MatchResult objects are not made by MatchResult(...): the library's functions and methods return them (see help(MatchResult)).
        """
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.Any) -> None:
        ...
    @property
    def boxes(self) -> tuple[int, int]:
        """
        The box bonuses: box_bonus per hand won.
        """
    @property
    def hand_points(self) -> tuple[int, int]:
        """
        The points of the hands each player won.
        """
    @property
    def hands_played(self) -> int:
        """
        The hands up to the deciding one.
        """
    @property
    def hands_won(self) -> tuple[int, int]:
        """
        The hands each player won (dead hands count for nobody).
        """
    @property
    def is_over(self) -> bool:
        """
        Whether somebody reached the target.
        """
    @property
    def loser(self) -> Player | None:
        """
        The winner's opponent; None if nobody has won.
        """
    @property
    def shutout(self) -> bool:
        """
        Whether the loser won no hand.
        """
    @property
    def target(self) -> int:
        """
        The target score.
        """
    @property
    def totals(self) -> tuple[int, int]:
        """
        The final scores with every bonus (they may invert: the winner is who reached the target).
        """
    @property
    def winner(self) -> Player | None:
        """
        Who reached the target first; None if nobody has.
        """
class Meld:
    """
    A validated gin rummy meld: a SET of 3 or 4 cards of one rank, or a RUN of 3 or more consecutive cards of one suit with the Ace low only (Q-K-A and K-A-2 are not runs). Immutable, hashable, ordered by card mask.
    
    Meld('7h 8h 9h') and Meld.from_cards(cards) validate any cards (InvalidMeld says why not); Meld.set(rank, missing=None) and Meld.run(suit, low, high) build one directly. A deck holds 329 melds (65 sets, 264 runs): Meld.all().
    """
    @staticmethod
    def all() -> list[Meld]:
        """
        All 329 melds of a deck: the 65 sets (by rank: the 4-set, then the 3-sets missing clubs, spades, hearts, diamonds), then the 264 runs (by suit, low rank, length).
        """
    @staticmethod
    def from_cards(cards: parlour._core.cards.CardSet | parlour._core.cards.Card | str | int | collections.abc.Iterable[parlour._core.cards.Card | str]) -> Meld:
        """
        The meld made of exactly these cards; InvalidMeld naming why they are not one.
        """
    @staticmethod
    def is_meld(cards: parlour._core.cards.CardSet | parlour._core.cards.Card | str | int | collections.abc.Iterable[parlour._core.cards.Card | str]) -> bool:
        """
        Whether the cards form a meld.
        """
    @staticmethod
    def run(suit: parlour._core.cards.Suit | int, low: parlour._core.cards.Rank | int, high: parlour._core.cards.Rank | int) -> Meld:
        """
        The run of a suit from rank low to rank high inclusive (at least 3 cards, Ace low).
        """
    @staticmethod
    def set(rank: parlour._core.cards.Rank | int, missing: parlour._core.cards.Suit | int | None = None) -> Meld:
        """
        The set of a rank: all four suits, or the three other than `missing`.
        """
    def __contains__(self, card: typing.Any) -> bool:
        ...
    def __copy__(self) -> Meld:
        ...
    def __deepcopy__(self, memo: typing.Any) -> Meld:
        ...
    def __eq__(self, other: typing.Any) -> typing.Any:
        ...
    def __ge__(self, other: Meld) -> bool:
        ...
    def __getstate__(self) -> tuple[int]:
        ...
    def __gt__(self, other: Meld) -> bool:
        ...
    def __hash__(self) -> int:
        ...
    def __init__(self, cards: parlour._core.cards.CardSet | parlour._core.cards.Card | str | int | collections.abc.Iterable[parlour._core.cards.Card | str]) -> None:
        """
        The meld made of exactly these cards; InvalidMeld when they are not one (too few cards, mixed cards, not consecutive).
        """
    def __iter__(self) -> collections.abc.Iterator[parlour._core.cards.Card]:
        ...
    def __le__(self, other: Meld) -> bool:
        ...
    def __len__(self) -> int:
        ...
    def __lt__(self, other: Meld) -> bool:
        ...
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.Any) -> None:
        ...
    def __str__(self) -> str:
        ...
    def extended(self, card: parlour._core.cards.Card | str) -> Meld | None:
        """
        The meld grown by one laid-off card (a 3-set's fourth card, a run's next card at either end), or None when the card does not extend it. Chains by extending again.
        """
    def unicode(self) -> str:
        """
        The cards with suit glyphs, like '7♥8♥9♥'.
        """
    @property
    def cards(self) -> parlour._core.cards.CardSet:
        """
        The cards, as a CardSet (a Hand).
        """
    @property
    def extensions(self) -> parlour._core.cards.CardSet:
        """
        The cards that extend this meld by one layoff: the missing card of a 3-set, the card below and above a run; empty for a 4-set.
        """
    @property
    def high(self) -> parlour._core.cards.Rank:
        """
        The highest rank (the rank of a set).
        """
    @property
    def kind(self) -> MeldKind:
        """
        SET or RUN.
        """
    @property
    def len(self) -> int:
        """
        The number of cards (also len(meld)).
        """
    @property
    def low(self) -> parlour._core.cards.Rank:
        """
        The lowest rank (the rank of a set).
        """
    @property
    def rank(self) -> parlour._core.cards.Rank | None:
        """
        The rank of a set; None for a run.
        """
    @property
    def suit(self) -> parlour._core.cards.Suit | None:
        """
        The suit of a run; None for a set.
        """
    @property
    def value(self) -> int:
        """
        The sum of the cards' deadwood values.
        """
class MeldKind(enum.Enum):
    """
    The kind of a meld: SET (3 or 4 cards of one rank) or RUN (3+ consecutive cards of one suit, the Ace low only).
    """
    RUN = 1
    SET = 0
class Melds:
    """
    One arrangement of a hand (at most 11 cards): disjoint melds inside the hand, the other cards deadwood. Melds(hand, melds) validates (ArrangeError on a meld not in the hand, overlapping melds, or more than 11 cards); best_melds(hand) gives an optimal one. str() looks like '7h8h9h QcQsQd | Ad5d', unicode() like '7♥8♥9♥ Q♣Q♠Q♦ | A♦5♦'.
    """
    def __copy__(self) -> Melds:
        ...
    def __deepcopy__(self, memo: typing.Any) -> Melds:
        ...
    def __eq__(self, other: typing.Any) -> typing.Any:
        ...
    def __getstate__(self) -> tuple[int, list[typing.Any]]:
        ...
    def __hash__(self) -> int:
        ...
    @typing.overload
    def __init__(self) -> None:
        """
        The empty arrangement of the empty hand.
        """
    @typing.overload
    def __init__(self, hand: parlour._core.cards.CardSet | parlour._core.cards.Card | str | int | collections.abc.Iterable[parlour._core.cards.Card | str], melds: collections.abc.Iterable[Meld | parlour._core.cards.CardSet | str | collections.abc.Iterable[parlour._core.cards.Card | str]]) -> None:
        """
        The arrangement of `hand` into `melds` (Meld objects or cards forming melds); ArrangeError unless the melds are disjoint and inside a hand of at most 11 cards.
        """
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.Any) -> None:
        ...
    def __str__(self) -> str:
        ...
    def unicode(self) -> str:
        """
        The arrangement with suit glyphs, like '7♥8♥9♥ Q♣Q♠Q♦ | A♦5♦'.
        """
    @property
    def deadwood(self) -> int:
        """
        The value of the deadwood cards.
        """
    @property
    def deadwood_cards(self) -> parlour._core.cards.CardSet:
        """
        The cards in no meld.
        """
    @property
    def hand(self) -> parlour._core.cards.CardSet:
        """
        The whole hand.
        """
    @property
    def is_gin(self) -> bool:
        """
        Whether every card is melded.
        """
    @property
    def melded(self) -> parlour._core.cards.CardSet:
        """
        The cards in melds.
        """
    @property
    def melds(self) -> list[Meld]:
        """
        The melds, in order.
        """
class NormalBot(Bot):
    """
    The rule card's normal bot: plays from the best meld partition (takes the pile top when the deadwood it reaches beats the expected deadwood of a stock draw), avoids discards the opponent can use judged from what it took and threw, knocks as soon as it may and lays off optimally.
    """
    def __getstate__(self) -> tuple[int]:
        ...
    def __init__(self, seed: int | parlour._core.cards.Rng = 0) -> None:
        """
        A normal bot (deterministic; the seed is kept for a uniform interface).
        """
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.Any) -> None:
        ...
class Observation:
    """
    What one seat may see of a hand: own hand, the discard pile, the cards each player is known to hold (taken from the pile), both players' discards, the stock size, the phase, the knock limit, the spread and layoffs, the match scores in a match, and the legal actions when it is this seat's turn — never the opponent's hand or the stock order. A spectator's observation (seat None) holds the public information only. to_dict() is what a frontend may send to that seat; to_array() the 13 x 52 int8 planes for learning code.
    """
    __hash__: typing.ClassVar[None]  # type: ignore[assignment]
    @staticmethod
    def from_dict(data: dict[str, typing.Any]) -> Observation:
        """
        The observation of a to_dict() dict, checked for consistency; StateFormatError when malformed.
        """
    def __copy__(self) -> Observation:
        ...
    def __deepcopy__(self, memo: typing.Any) -> Observation:
        ...
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
        The ids of the legal actions, ascending (empty unless the observing player is to act).
        """
    def legal_action_mask(self) -> numpy.typing.NDArray[numpy.bool]:
        """
        A NumPy bool array of NUM_ACTIONS entries, True at the legal action ids.
        """
    def legal_actions(self) -> list[Action]:
        """
        The legal actions (empty unless the observing player is to act).
        """
    def to_array(self) -> numpy.typing.NDArray[numpy.int8]:
        """
        The int8 planes (13, 52) of parlour.envs.gin: card planes, counts as thermometers, phase and flags.
        """
    def to_dict(self) -> dict[str, typing.Any]:
        """
        A JSON-ready dict: cards as text, seats as ints, legal actions as {'id', 'text'}.
        """
    def to_json(self) -> str:
        """
        to_dict() as compact JSON text, made without building Python objects: json.loads(to_json()) == to_dict().
        """
    @property
    def dealer(self) -> Player:
        """
        The dealer of the hand.
        """
    @property
    def discard_pile(self) -> list[parlour._core.cards.Card]:
        """
        The discard pile, top card last.
        """
    @property
    def hand(self) -> parlour._core.cards.CardSet:
        """
        The observing player's hand (empty for a spectator).
        """
    @property
    def initial_upcard(self) -> parlour._core.cards.Card:
        """
        The opening upcard.
        """
    @property
    def is_my_turn(self) -> bool:
        """
        Whether the observing player is to act.
        """
    @property
    def knock_limit(self) -> int:
        """
        The knock limit of this hand.
        """
    @property
    def knocker(self) -> typing.Any:
        """
        The knocker, or None.
        """
    @property
    def laid_off(self) -> parlour._core.cards.CardSet:
        """
        The cards laid off onto the spread.
        """
    @property
    def match_scores(self) -> tuple[int, int] | None:
        """
        In a match (gin.Game): the running scores (Player.ONE, Player.TWO); None for a lone hand.
        """
    @property
    def match_target(self) -> int | None:
        """
        In a match: the score to reach; None for a lone hand.
        """
    @property
    def opponent_discards(self) -> parlour._core.cards.CardSet:
        """
        Every card the opponent has discarded.
        """
    @property
    def opponent_hand_size(self) -> int:
        """
        How many cards the opponent holds.
        """
    @property
    def opponent_known(self) -> parlour._core.cards.CardSet:
        """
        The cards the opponent took from the discard pile and still holds.
        """
    @property
    def own_discards(self) -> parlour._core.cards.CardSet:
        """
        Every card the observing player has discarded.
        """
    @property
    def own_known(self) -> parlour._core.cards.CardSet:
        """
        The cards the observing player took from the pile and still holds (the opponent knows them).
        """
    @property
    def passes(self) -> int:
        """
        How many players passed the upcard (0..2).
        """
    @property
    def phase(self) -> Phase:
        """
        The phase.
        """
    @property
    def player(self) -> Player:
        """
        The observing player (Player.ONE for a spectator, whose view is public).
        """
    @property
    def result(self) -> RoundResult | None:
        """
        The result once the hand is finished, else None.
        """
    @property
    def rules(self) -> Rules:
        """
        The rules of the hand.
        """
    @property
    def seat(self) -> typing.Any:
        """
        The observing seat (a Player), or None for a spectator.
        """
    @property
    def spread(self) -> list[Meld]:
        """
        The knocker's melds, grown by the layoffs.
        """
    @property
    def stock_size(self) -> int:
        """
        The number of cards in the stock.
        """
    @property
    def taken(self) -> parlour._core.cards.Card | None:
        """
        The card taken from the discard pile this turn (it may not be discarded), or None.
        """
    @property
    def turn(self) -> typing.Any:
        """
        The player to act, or None once finished.
        """
class OklahomaAce(enum.Enum):
    """
    Oklahoma gin: the opening upcard caps the knock limit at its value; an Ace upcard means a limit of 1 (ONE) or gin only (GIN_ONLY).
    """
    GIN_ONLY = 1
    ONE = 0
class Phase(enum.Enum):
    """
    The phase of a round: UPCARD (the opening offer of the upcard), DRAW, DISCARD (discard, knock or big gin), LAYOFF (the defender lays off after a knock), FINISHED.
    """
    DISCARD = 2
    DRAW = 1
    FINISHED = 4
    LAYOFF = 3
    UPCARD = 0
class Player(enum.IntEnum):
    """
    The two seats of a game of gin rummy: ONE = 0 and TWO = 1 (they index per-player tuples); `player.opponent` is the other seat.
    """
    ONE = 0
    TWO = 1
class ResultKind(enum.Enum):
    """
    How a hand ended: DEAD (stock down to two cards), KNOCK, UNDERCUT, GIN, BIG_GIN.
    """
    BIG_GIN = 4
    DEAD = 0
    GIN = 3
    KNOCK = 1
    UNDERCUT = 2
class Review:
    """
    The decisions of one seat clearly below the best, with the loss and the reasons.
    """
    def __getstate__(self) -> tuple[int, int, int, list[typing.Any], float, int]:
        ...
    def __init__(self, *args: typing.Any, **kwargs: typing.Any) -> None:
        """
        Refuses: Review objects are not made by Review(...): the library's functions and methods return them (see help(Review)).
        """
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.Any) -> None:
        ...
    def to_dict(self) -> dict[str, typing.Any]:
        """
        A JSON-ready dict.
        """
    @property
    def decisions(self) -> int:
        """
        The decisions in the history.
        """
    @property
    def mistakes(self) -> list[ReviewItem]:
        """
        The ReviewItem of each decision clearly below the best, in order.
        """
    @property
    def nodes(self) -> int:
        """
        The playout actions simulated in all.
        """
    @property
    def points_lost(self) -> float:
        """
        The expected points lost, summed over the mistakes.
        """
    @property
    def searched(self) -> int:
        """
        Those with more than one legal action (each searched).
        """
    @property
    def seat(self) -> typing.Any:
        """
        The seat reviewed.
        """
class ReviewItem:
    """
    A decision clearly below the best: what was played, what was better, why.
    """
    def __getstate__(self) -> tuple[typing.Any, ...]:
        ...
    def __init__(self, *args: typing.Any, **kwargs: typing.Any) -> None:
        """
        Refuses: ReviewItem objects are not made by ReviewItem(...): the library's functions and methods return them (see help(ReviewItem)).
        """
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.Any) -> None:
        ...
    def to_dict(self) -> dict[str, typing.Any]:
        """
        A JSON-ready dict.
        """
    @property
    def better(self) -> ActionAdvice:
        """
        The ActionAdvice of the best action.
        """
    @property
    def by_match(self) -> bool:
        """
        Whether the value is the chance to win the match.
        """
    @property
    def hand(self) -> parlour._core.cards.CardSet:
        """
        The seat's hand when it decided.
        """
    @property
    def index(self) -> int:
        """
        The decision's index in the history.
        """
    @property
    def loss(self) -> float:
        """
        The value lost (points, or in a match the chance to win it).
        """
    @property
    def phase(self) -> Phase:
        """
        The phase of the decision.
        """
    @property
    def played(self) -> ActionAdvice:
        """
        The ActionAdvice of the action played.
        """
    @property
    def points_loss(self) -> float:
        """
        The expected points lost.
        """
    @property
    def reasons(self) -> list[str]:
        """
        Why the better action is better, as plain sentences.
        """
    @property
    def stock_size(self) -> int:
        """
        The cards left in the stock.
        """
class Round:
    """
    One deal of two-handed gin rummy (the rule card's flow): the upcard offer non-dealer -> dealer -> forced stock draw; draw then discard, knock or big gin; the card just taken from the pile cannot be discarded that turn; a discard leaving two stock cards ends a dead hand; layoffs after a knock, then finish_layoffs() settles.
    
    It follows the game protocol (parlour.protocol.Game): current_player, legal_actions(), apply(), is_terminal, returns() (zero-sum points), observation(seat), last_event, to_dict() / Round.from_dict(), pickle. Every action validates first: a refused action raises a RoundError subclass and changes nothing; can_<op>() and why_not() answer without raising.
    """
    __hash__: typing.ClassVar[None]  # type: ignore[assignment]
    game_name: typing.ClassVar[str] = 'gin'
    num_actions: typing.ClassVar[int] = 265
    @staticmethod
    def deal(rules: Rules = ..., dealer: Player | int = ..., seed: int | parlour._core.cards.Rng = 0) -> Round:
        """
        Shuffle with the engine's generator (a seed or an Rng) and deal: the non-dealer gets deck[0], deck[2], ..., the dealer deck[1], deck[3], ..., deck[20] is the upcard, deck[21..51] the stock.
        """
    @staticmethod
    def from_deal(rules: Rules, dealer: Player | int, hands: tuple[parlour._core.cards.CardSet | parlour._core.cards.Card | str | int | collections.abc.Iterable[parlour._core.cards.Card | str], parlour._core.cards.CardSet | parlour._core.cards.Card | str | int | collections.abc.Iterable[parlour._core.cards.Card | str]], upcard: parlour._core.cards.Card | str, stock: collections.abc.Iterable[parlour._core.cards.Card | str]) -> Round:
        """
        A round from a fixed deal: hands[i] is Player i's 10 cards, the upcard starts the pile, the stock is in draw order (the last element is drawn first). WrongHandSize, WrongStockSize, RepeatedCard (DealError).
        """
    @staticmethod
    def from_dict(data: dict[str, typing.Any]) -> Round:
        """
        The game of a to_dict() snapshot; StateFormatError for a corrupt or foreign one.
        """
    def __copy__(self) -> Round:
        ...
    def __deepcopy__(self, memo: typing.Any) -> Round:
        ...
    def __eq__(self, other: typing.Any) -> typing.Any:
        ...
    def __getstate__(self) -> dict[str, typing.Any]:
        ...
    def __init__(self, *args: typing.Any, **kwargs: typing.Any) -> None:
        """
        Not a constructor: a Round is made by Round.deal, Round.from_deal or Round.from_dict (WrongTypeError).
        """
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.Any) -> None:
        ...
    def __str__(self) -> str:
        ...
    def apply(self, action: Action | int | str) -> None:
        """
        Applies an action object, an id or text. A refused action raises the library's error (IllegalActionError or a subclass, NotationError for bad text, PhaseError once the game is over) and changes nothing.
        """
    def can_apply(self, action: Action | int | str) -> bool:
        """
        Whether apply(action) would be accepted (an action object, an id or text).
        """
    def can_declare_big_gin(self, melds: Melds | collections.abc.Iterable[Meld | str | parlour._core.cards.CardSet] | None = None) -> bool:
        """
        Whether declare_big_gin(melds) is legal.
        """
    def can_discard(self, card: parlour._core.cards.Card | str) -> bool:
        """
        Whether discard(card) is legal.
        """
    def can_draw_stock(self) -> bool:
        """
        Whether draw_stock() is legal.
        """
    def can_finish_layoffs(self) -> bool:
        """
        Whether finish_layoffs() is legal.
        """
    def can_knock(self, card: parlour._core.cards.Card | str, melds: Melds | collections.abc.Iterable[Meld | str | parlour._core.cards.CardSet] | None = None) -> bool:
        """
        Whether knock(card, melds) is legal.
        """
    def can_lay_off(self, card: parlour._core.cards.Card | str, index: int) -> bool:
        """
        Whether lay_off(card, index) is legal.
        """
    def can_pass(self) -> bool:
        """
        Whether pass_() is legal.
        """
    def can_take_discard(self) -> bool:
        """
        Whether take_discard() is legal.
        """
    def clone(self) -> Round:
        """
        An independent copy.
        """
    def declare_big_gin(self, melds: Melds | collections.abc.Iterable[Meld | str | parlour._core.cards.CardSet] | None = None) -> None:
        """
        Declare big gin: all 11 cards melded, no discard; finishes at once. WrongPhase, BigGinDisabled, MeldsMismatch, NotBigGin.
        """
    def discard(self, card: parlour._core.cards.Card | str) -> None:
        """
        Discard a card, ending the turn (a dead hand when two stock cards remain); WrongPhase, NotInHand, DiscardJustTaken.
        """
    def discards_of(self, player: Player | int) -> parlour._core.cards.CardSet:
        """
        Every card a player has discarded (public).
        """
    def draw_stock(self) -> parlour._core.cards.Card:
        """
        Draw the top of the stock and return it; WrongPhase outside DRAW.
        """
    def finish_layoffs(self) -> RoundResult:
        """
        End the layoffs and settle (the defender's remaining cards melded optimally); returns the RoundResult.
        """
    def hand(self, player: Player | int) -> parlour._core.cards.CardSet:
        """
        The hand of a player (both are visible: this is the referee's view).
        """
    def knock(self, card: parlour._core.cards.Card | str, melds: Melds | collections.abc.Iterable[Meld | str | parlour._core.cards.CardSet] | None = None) -> None:
        """
        Discard a card and knock, spreading `melds` (a Melds of the hand without the card, or melds; default best_melds(hand - card)); zero deadwood is gin and finishes at once. WrongPhase, NotInHand, DiscardJustTaken, MeldsMismatch, TooMuchDeadwood.
        """
    def known_cards(self, player: Player | int) -> parlour._core.cards.CardSet:
        """
        The cards a player took from the discard pile and still holds (public).
        """
    def lay_off(self, card: parlour._core.cards.Card | str, index: int) -> None:
        """
        Lay a card off onto the spread meld at `index` (indices are stable; chains allowed). WrongPhase, NotInHand, NoSuchMeld, CannotLayOff.
        """
    def legal_action_ids(self) -> list[int]:
        """
        The ids of the legal actions, ascending (empty once the game is over).
        """
    def legal_action_mask(self) -> numpy.typing.NDArray[numpy.bool]:
        """
        A NumPy bool array of num_actions entries, True at the legal action ids.
        """
    def legal_actions(self) -> list[Action]:
        """
        The legal actions (the game's action objects, in id order).
        """
    def observation(self, seat: typing.Any = ...) -> Observation:
        """
        What a seat may see (an observation with to_dict() and to_array()); None for a spectator (public information only).
        """
    def pass_(self) -> None:
        """
        Decline the upcard; WrongPhase outside the UPCARD phase.
        """
    def returns(self) -> tuple[float, float]:
        """
        One float per seat, in points (see the game's documentation).
        """
    def take_discard(self) -> parlour._core.cards.Card:
        """
        Take the top of the discard pile (the upcard, or a normal draw) and return it; WrongPhase, MustDrawFromStock after both players passed.
        """
    def to_dict(self, player: typing.Any = None) -> dict[str, typing.Any]:
        """
        The snapshot: {'game', 'version', 'rules', 'state'}, JSON-ready; from_dict() restores the game exactly. (The `player` argument is deprecated: use observation(seat).to_dict().)
        """
    def to_json(self) -> str:
        """
        The snapshot as compact JSON text, made without building Python objects: json.loads(to_json()) == to_dict().
        """
    def why_not(self, action: Action | int | str) -> str | None:
        """
        None when apply(action) would be accepted, else the reason it would be refused.
        """
    @property
    def current_player(self) -> Player | None:
        """
        The seat to act (an int), or None once the game is over.
        """
    @property
    def dealer(self) -> Player:
        """
        The dealer.
        """
    @property
    def discard_pile(self) -> list[parlour._core.cards.Card]:
        """
        The discard pile, top card last.
        """
    @property
    def initial_upcard(self) -> parlour._core.cards.Card:
        """
        The opening upcard.
        """
    @property
    def is_terminal(self) -> bool:
        """
        Whether the game is over.
        """
    @property
    def knock_limit(self) -> int:
        """
        The knock limit of this round: the rules', capped by the upcard under Oklahoma.
        """
    @property
    def knocker(self) -> Player | None:
        """
        Who knocked or declared big gin, or None.
        """
    @property
    def knocker_deadwood(self) -> int:
        """
        The knocker's deadwood (0 before a knock).
        """
    @property
    def laid_off(self) -> parlour._core.cards.CardSet:
        """
        The cards the defender has laid off.
        """
    @property
    def last_event(self) -> parlour._core.Event | None:
        """
        What the last accepted action did (an Event), or None.
        """
    @property
    def non_dealer(self) -> Player:
        """
        The non-dealer, who has the first upcard offer.
        """
    @property
    def num_players(self) -> int:
        """
        The number of seats.
        """
    @property
    def passes(self) -> int:
        """
        How many players passed the upcard (0..2).
        """
    @property
    def phase(self) -> Phase:
        """
        The current phase.
        """
    @property
    def result(self) -> RoundResult | None:
        """
        The result once finished, else None.
        """
    @property
    def rules(self) -> Rules:
        """
        The rules of the round.
        """
    @property
    def spread(self) -> list[Meld]:
        """
        The knocker's melds, grown by the layoffs (empty before a knock).
        """
    @property
    def stock(self) -> list[parlour._core.cards.Card]:
        """
        The stock in draw order, top card last (visible: the referee's view).
        """
    @property
    def stock_size(self) -> int:
        """
        The number of cards in the stock.
        """
    @property
    def taken(self) -> parlour._core.cards.Card | None:
        """
        The card taken from the discard pile this turn, or None.
        """
    @property
    def turn(self) -> Player | None:
        """
        The player to act (the defender during layoffs), None once finished.
        """
    @property
    def turns(self) -> int:
        """
        Turns completed so far (each ends with a discard or a knock). A round whose turn MAX_TURNS (200) ends without a knock is a dead hand, as when the stock runs down.
        """
class RoundResult:
    """
    The outcome of one hand, independent of bonus values: kind, knocker, winner, both deadwoods and the cards laid off; points(rules) prices it. Build one with RoundResult.knock(...) (which decides KNOCK or UNDERCUT by the rules), .gin, .big_gin, .dead, or the validated raw constructor.
    """
    @staticmethod
    def big_gin(knocker: Player, defender_deadwood: int) -> RoundResult:
        """
        A big gin: the knocker melded all 11 cards.
        """
    @staticmethod
    def dead() -> RoundResult:
        """
        A dead hand: nobody scores.
        """
    @staticmethod
    def gin(knocker: Player, defender_deadwood: int) -> RoundResult:
        """
        A gin: the knocker melded all 10 cards.
        """
    @staticmethod
    def knock(knocker: Player, knocker_deadwood: int, defender_deadwood: int, laid_off: parlour._core.cards.CardSet | parlour._core.cards.Card | str | int | collections.abc.Iterable[parlour._core.cards.Card | str] = ..., rules: Rules = ...) -> RoundResult:
        """
        A knock: KNOCK, or UNDERCUT when the defender holds less (or equal under rules.undercut_on_tie).
        """
    def __copy__(self) -> RoundResult:
        ...
    def __deepcopy__(self, memo: typing.Any) -> RoundResult:
        ...
    def __eq__(self, other: typing.Any) -> typing.Any:
        ...
    def __getstate__(self) -> tuple[int, int, int, int, int]:
        ...
    def __hash__(self) -> int:
        ...
    def __init__(self, kind: ResultKind, knocker: Player | None = None, knocker_deadwood: int = 0, defender_deadwood: int = 0, laid_off: parlour._core.cards.CardSet | parlour._core.cards.Card | str | int | collections.abc.Iterable[parlour._core.cards.Card | str] = ...) -> None:
        """
        The raw constructor; InvalidValueError when the fields do not fit the kind.
        """
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.Any) -> None:
        ...
    def points(self, rules: Rules = ...) -> int:
        """
        The winner's points under the rules: KNOCK the deadwood difference, UNDERCUT the difference + undercut bonus, GIN gin bonus + the defender's deadwood, BIG_GIN big gin bonus + it, DEAD 0.
        """
    @property
    def defender(self) -> Player | None:
        """
        The knocker's opponent; None for a dead hand.
        """
    @property
    def defender_deadwood(self) -> int:
        """
        The defender's deadwood after its layoffs (none against gin).
        """
    @property
    def kind(self) -> ResultKind:
        """
        DEAD, KNOCK, UNDERCUT, GIN or BIG_GIN.
        """
    @property
    def knocker(self) -> Player | None:
        """
        Who knocked (or went gin); None for a dead hand.
        """
    @property
    def knocker_deadwood(self) -> int:
        """
        The knocker's deadwood.
        """
    @property
    def laid_off(self) -> parlour._core.cards.CardSet:
        """
        The cards the defender laid off.
        """
    @property
    def loser(self) -> Player | None:
        """
        The winner's opponent; None for a dead hand.
        """
    @property
    def winner(self) -> Player | None:
        """
        Who scores: the knocker, or the defender on an undercut.
        """
class Rules:
    """
    The rules of a game of gin rummy; immutable, every field validated (InvalidValueError).
    
    Rules() is the rule card's variant (knock limit 10, gin 25, big gin off, undercut 25, a tie is an undercut, no box/game/shutout bonuses, to 100); Rules.modern(), Rules.classic() and Rules.palace() are the other presets; any field can be set by keyword: Rules(knock_limit=0) is straight gin, Rules.modern().replace(big_gin_bonus=None).
    """
    @staticmethod
    def card() -> Rules:
        """
        The rule card's variant, the same as Rules().
        """
    @staticmethod
    def classic() -> Rules:
        """
        The older published scoring (Pagat, Bicycle): gin 20, no big gin, undercut 10, box 20, game 100, shutout flat 100.
        """
    @staticmethod
    def eaai() -> Rules:
        """
        The EAAI Gin Rummy competition's rules (Neller et al., AAAI 2021): the rule card's scoring (knock 10, gin 25, undercut 25 with ties to the defender, no big gin, no bonuses, dead hand at two stock cards) with alternate_dealer=True: the first player alternates from hand to hand.
        """
    @staticmethod
    def modern() -> Rules:
        """
        The modern scoring (the gin-rummy crate's default, Wikipedia): gin 25, big gin 31, undercut 25, box 25, game 100, shutout doubles the total.
        """
    @staticmethod
    def palace() -> Rules:
        """
        Palace rules: gin 25, no big gin, undercut 20, box 10 counted immediately, no game bonus.
        """
    def __copy__(self) -> Rules:
        ...
    def __deepcopy__(self, memo: typing.Any) -> Rules:
        ...
    def __eq__(self, other: typing.Any) -> typing.Any:
        ...
    def __getstate__(self) -> tuple[int, dict[typing.Any, typing.Any]]:
        ...
    def __hash__(self) -> int:
        ...
    def __init__(self, *, knock_limit: int = 10, oklahoma: OklahomaAce | None = None, gin_bonus: int = 25, big_gin_bonus: int | None = None, undercut_bonus: int = 25, undercut_on_tie: bool = True, box_bonus: int = 0, immediate_boxes: bool = False, game_bonus: int = 0, game_target: int = 100, shutout: Shutout | None = None, alternate_dealer: bool = False, **kwargs: typing.Any) -> None:
        """
        The rule card's variant, with any field changed by keyword (each validated: InvalidValueError out of its domain, WrongTypeError for a wrong type).
        """
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.Any) -> None:
        ...
    def knock_limit_for(self, upcard: parlour._core.cards.Card | str) -> int:
        """
        The knock limit of a round opened by this upcard: knock_limit, or under Oklahoma min(knock_limit, the upcard's value), an Ace meaning 1 or 0 (gin only).
        """
    def replace(self, **kwargs: typing.Any) -> Rules:
        """
        A copy with the given fields changed (validated).
        """
    def to_dict(self) -> dict[typing.Any, typing.Any]:
        """
        The fields as a JSON-ready dict (enums as their names).
        """
    @property
    def alternate_dealer(self) -> bool:
        """
        Who deals the next hand of a match: the other player when True (the first turn alternates, as in the EAAI competition), the winner of the hand when False (the rule card); a dead hand is redealt by the same dealer either way.
        """
    @property
    def big_gin_bonus(self) -> int | None:
        """
        The big gin bonus, or None when big gin is disabled.
        """
    @property
    def big_gin_enabled(self) -> bool:
        """
        Whether big gin (11 cards melded) is allowed.
        """
    @property
    def box_bonus(self) -> int:
        """
        Paid per hand won at the end of a match.
        """
    @property
    def game_bonus(self) -> int:
        """
        Paid to the winner of a match.
        """
    @property
    def game_target(self) -> int:
        """
        The score a match runs to.
        """
    @property
    def gin_bonus(self) -> int:
        """
        The gin bonus, paid on top of the defender's deadwood.
        """
    @property
    def immediate_boxes(self) -> bool:
        """
        Whether box bonuses count at once, towards the target.
        """
    @property
    def knock_limit(self) -> int:
        """
        The most deadwood a knock may keep, 0..10 (0: straight gin).
        """
    @property
    def oklahoma(self) -> OklahomaAce | None:
        """
        None, or the Oklahoma ace rule: the upcard caps the knock limit.
        """
    @property
    def shutout(self) -> Shutout | None:
        """
        None, or the shutout convention.
        """
    @property
    def undercut_bonus(self) -> int:
        """
        The undercut bonus, paid on top of the difference.
        """
    @property
    def undercut_on_tie(self) -> bool:
        """
        Whether equal deadwood is an undercut (else the knocker wins 0).
        """
class Settlement:
    """
    The result of settle(): the RoundResult, its points under the rules, the knocker's melds after the layoffs and the defender's kept cards arranged.
    """
    __hash__: typing.ClassVar[None]  # type: ignore[assignment]
    def __eq__(self, other: typing.Any) -> typing.Any:
        ...
    def __getstate__(self) -> tuple[RoundResult, int, list[Meld], Melds]:
        ...
    def __init__(self, *args: typing.Any, **kwargs: typing.Any) -> None:
        """
        Refuses: Settlement objects are not made by Settlement(...): the library's functions and methods return them (see help(Settlement)).
        """
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.Any) -> None:
        ...
    @property
    def defender_deadwood(self) -> int:
        """
        The defender's deadwood after layoffs.
        """
    @property
    def defender_melds(self) -> Melds:
        """
        The defender's kept cards, arranged.
        """
    @property
    def kind(self) -> ResultKind:
        """
        KNOCK, UNDERCUT, GIN or BIG_GIN.
        """
    @property
    def knocker(self) -> Player | None:
        """
        Who knocked.
        """
    @property
    def knocker_deadwood(self) -> int:
        """
        The knocker's deadwood.
        """
    @property
    def laid_off(self) -> parlour._core.cards.CardSet:
        """
        The cards laid off.
        """
    @property
    def loser(self) -> Player | None:
        """
        The other player.
        """
    @property
    def points(self) -> int:
        """
        The winner's points under the rules given to settle().
        """
    @property
    def result(self) -> RoundResult:
        """
        The RoundResult.
        """
    @property
    def spread(self) -> list[Meld]:
        """
        The knocker's melds, grown by the layoffs.
        """
    @property
    def winner(self) -> Player | None:
        """
        Who scores.
        """
class Shutout:
    """
    The shutout convention of a match (the loser won no hand): Shutout.double_total() doubles the winner's final total; Shutout.double_hand_points() doubles the winner's hand points before the box bonuses are added (Game::Gin, ginrummy.com); Shutout.flat(n) adds n.
    """
    @staticmethod
    def double_hand_points() -> Shutout:
        """
        The winner's hand points are doubled before the box bonuses are added.
        """
    @staticmethod
    def double_total() -> Shutout:
        """
        The winner's final total is doubled.
        """
    @staticmethod
    def flat(amount: int) -> Shutout:
        """
        The winner gets `amount` more (InvalidValueError if < 0).
        """
    def __eq__(self, other: typing.Any) -> typing.Any:
        ...
    def __getstate__(self) -> tuple[int, int]:
        ...
    def __hash__(self) -> int:
        ...
    def __init__(self, *args: typing.Any, **kwargs: typing.Any) -> None:
        """
        Refuses: Shutout objects are not made by Shutout(...): the library's functions and methods return them (see help(Shutout)).
        """
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.Any) -> None:
        ...
    @property
    def amount(self) -> int:
        """
        The flat amount (0 for the doubling kinds).
        """
    @property
    def kind(self) -> ShutoutKind:
        """
        DOUBLE_TOTAL, DOUBLE_HAND_POINTS or FLAT.
        """
class ShutoutKind(enum.Enum):
    """
    How a shutout (the loser won no hand) is paid: DOUBLE_TOTAL, DOUBLE_HAND_POINTS (before the boxes are added) or FLAT (a fixed amount).
    """
    DOUBLE_HAND_POINTS = 1
    DOUBLE_TOTAL = 0
    FLAT = 2
class SimpleBot(Bot):
    """
    The starter player of the EAAI Gin Rummy competition (SimpleGinRummyPlayer, Todd W. Neller), ported as a reference opponent: draws the face-up card only when it would be part of a meld of its hand, discards at random among the cards leaving the least deadwood (never the card just taken, never repeating a draw/discard pair of this hand), knocks as soon as it may with a random best arrangement, lays off greedily, ignores the opponent.
    """
    def __getstate__(self) -> tuple[int]:
        ...
    def __init__(self, seed: int | parlour._core.cards.Rng = 0) -> None:
        """
        A simple bot; its random choices (among equal discards and arrangements) follow the seed.
        """
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.Any) -> None:
        ...
    def draw_discard_pairs(self, seat: typing.Any) -> list[parlour._core.cards.CardSet]:
        """
        The draw/discard pairs the bot has made this hand in `seat` (each a CardSet of one or two cards); it never repeats one.
        """
class SimulationStats:
    """
    The outcome counts of simulate_rounds: rounds, dead hands, knocks, undercuts, gins, big gins, wins and points per player (Player.ONE, Player.TWO), actions applied.
    """
    def __init__(self, *args: typing.Any, **kwargs: typing.Any) -> None:
        """
        Refuses: SimulationStats objects are not made by SimulationStats(...): the library's functions and methods return them (see help(SimulationStats)).
        """
    def __repr__(self) -> str:
        ...
    def to_dict(self) -> dict[str, typing.Any]:
        """
        The counts as a dict.
        """
    @property
    def actions(self) -> int:
        """
        Actions applied in all rounds.
        """
    @property
    def big_gins(self) -> int:
        """
        Big gins.
        """
    @property
    def dead(self) -> int:
        """
        Dead hands.
        """
    @property
    def gins(self) -> int:
        """
        Gins.
        """
    @property
    def knocks(self) -> int:
        """
        Knocks won by the knocker.
        """
    @property
    def points(self) -> tuple[int, int]:
        """
        Points won by (Player.ONE, Player.TWO).
        """
    @property
    def rounds(self) -> int:
        """
        Rounds played.
        """
    @property
    def undercuts(self) -> int:
        """
        Undercuts.
        """
    @property
    def wins(self) -> tuple[int, int]:
        """
        Rounds won by (Player.ONE, Player.TWO).
        """
def advise(observation: typing.Any, *, nodes: typing.Any = None, budget_ms: typing.Any = None, threads: int = 1, seed: int | parlour._core.cards.Rng = 0) -> Advice:
    """
    Every legal action of the observation's player (who must be to act: WrongPhase otherwise), ranked by ExpertBot's search over every legal action: expected points of the hand, and in a match the chance to win it; with reasons a player can check. nodes= (default COACH_DEFAULT_NODES) makes it deterministic; budget_ms= bounds the time instead (whichever comes first). Reads the observation only. The GIL is released; Ctrl-C stops it.
    """
def arena_match_seed(seed: int | parlour._core.cards.Rng, match: int, *, duplicate: bool = False) -> int:
    """
    The deal seed of match `match` of an arena_pair seeded with `seed` (with duplicate matches, that of the first match of its deal).
    """
def arena_matches(bot_a: typing.Any, bot_b: typing.Any, rules: Rules = ..., seed: int | parlour._core.cards.Rng = 0, first: int = 0, count: int = 1, jobs: int = 1, *, duplicate: bool = False) -> dict[typing.Any, typing.Any]:
    """
    The matches of arena_pair one by one, as int64 NumPy columns (one row per match): match, a_won (1 when bot A won it), score_a, score_b (final match scores), hands, dead, hands_won_a/_b, points_a/_b, knocks_a/_b, gins_a/_b, undercuts_a/_b, decisions. Summing the rows gives arena_pair's totals (with duplicate=True, the deals are the pairs of rows 2k, 2k+1). At most ARENA_MAX_ROWS (2**22) matches a call: the rows are kept in memory.
    """
def arena_pair(bot_a: typing.Any, bot_b: typing.Any, rules: Rules = ..., seed: int | parlour._core.cards.Rng = 0, first: int = 0, count: int = 1, jobs: int = 1, *, duplicate: bool = False) -> ArenaPairResult:
    """
    Matches first .. first+count-1 between two bots, in C++ on `jobs` threads (the GIL released). Match m: bot_a plays Player.ONE when m is even, the first dealer is Player.ONE when m // 2 is even; C++ bots are re-seeded per match from their seed and m. The totals do not depend on jobs. duplicate=True deals matches 2k and 2k+1 alike (one deal played twice with the seats swapped; first and count even) and counts the deals.
    """
def best_arrangements(hand: parlour._core.cards.CardSet | parlour._core.cards.Card | str | int | collections.abc.Iterable[parlour._core.cards.Card | str]) -> list[Melds]:
    """
    Every minimum-deadwood arrangement of a hand (at most 11 cards) into disjoint melds, each once (a six-card run is one arrangement whole and another as two runs): the list SimpleBot draws its melds from, as the EAAI GinRummyUtil.cardsToBestMeldSets lists them. ArrangeError above 11 cards.
    """
def best_discard(hand: parlour._core.cards.CardSet | parlour._core.cards.Card | str | int | collections.abc.Iterable[parlour._core.cards.Card | str]) -> Discard:
    """
    The discard that leaves the least deadwood, computed exactly over every card of the hand (normally 11 cards; InvalidValueError when empty). Ties go to the highest rank (so the highest value), then the highest suit (diamonds, hearts, spades, clubs); `ties` lists them all.
    """
def best_discard_batch(masks: typing.Annotated[numpy.typing.ArrayLike, numpy.uint64] | collections.abc.Iterable[int]) -> tuple[numpy.typing.NDArray[numpy.uint8], numpy.typing.NDArray[numpy.uint8]]:
    """
    best_discard() of each hand in a 1-D array of uint64 card masks: (deadwood, card), two uint8 arrays: the minimum deadwood after the discard and the discard's dense card index (13*suit + rank - 1; same tie-break as best_discard; 255 for an empty hand). Releases the GIL.
    """
def best_layoff(cards: parlour._core.cards.CardSet | parlour._core.cards.Card | str | int | collections.abc.Iterable[parlour._core.cards.Card | str], melds: Melds | collections.abc.Iterable[Meld | parlour._core.cards.CardSet | str]) -> Layoff:
    """
    The layoff of `cards` (the defender's hand, at most 11 cards) onto the knocker's `melds` that leaves the least deadwood, the kept cards melded optimally among themselves: the joint optimum, so a card may leave one of the defender's own melds to be laid off. Searched, not greedy: a 3-set takes its fourth card, a run extends at either end and chains. Ties: more cards laid, then the first found. ArrangeError on overlapping input.
    """
def best_melds(hand: parlour._core.cards.CardSet | parlour._core.cards.Card | str | int | collections.abc.Iterable[parlour._core.cards.Card | str]) -> Melds:
    """
    An arrangement of the hand (at most 11 cards; ArrangeError above) with the minimum deadwood. Ties go to fewer sets, then fewer cards in sets, then the lowest mask of set cards; runs are the maximal blocks of consecutive cards left in each suit; melds are listed by lowest rank, sets before runs, then suit.
    """
def deadwood(hand: parlour._core.cards.CardSet | parlour._core.cards.Card | str | int | collections.abc.Iterable[parlour._core.cards.Card | str]) -> int:
    """
    The minimum deadwood of any set of cards: the value (A 1, 2..9 pips, T J Q K 10) of the cards left out of the best arrangement into disjoint melds. Exact (branch over the set choices, per-suit run tables; a dynamic program over ranks for very large sets).
    """
def deadwood_batch(masks: typing.Annotated[numpy.typing.ArrayLike, numpy.uint64] | collections.abc.Iterable[int]) -> numpy.typing.NDArray[numpy.uint8]:
    """
    deadwood() of each hand in a 1-D array of uint64 card masks, as a uint8 array (a count above 255, possible only for sets of 30+ cards, saturates at 255). InvalidValueError names the first mask with a bit that is not a card. Releases the GIL.
    """
def encode_observation(observation: Observation) -> numpy.typing.NDArray[numpy.int8]:
    """
    The observation as an int8 array of shape OBSERVATION_SHAPE (13, 52), OBSERVATION_SIZE (676) values: 0/1 planes, column = dense card index. Rows: 0 hand, 1 pile top, 2 rest of the pile, 3 cards the opponent is known to hold, 4 the opponent's discards, 5 own discards, 6 the knocker's spread, 7 laid-off cards, 8 the card taken this turn; thermometers (first n columns 1) of 9 the stock size, 10 the knock limit, 11 the opponent's hand size; 12 status: columns 0..4 the phase one-hot, 5 my turn, 6 I dealt, 7 I knocked, 8 the opponent knocked, 9 upcard passed once, 10 twice.
    """
def expert_playout(round: Round, fast: bool = True) -> tuple[tuple[int, int], int]:
    """
    Plays a copy of the round to its end with ExpertBot's playout policy on both sides: ((returns of ONE, TWO), actions until the hand was decided). fast=True runs the search's compact simulation, fast=False the Round itself with the policy as a bot (the reference: both give the same result). WrongPhase in the LAYOFF phase (fast).
    """
def layoff_deadwood(cards: parlour._core.cards.CardSet | parlour._core.cards.Card | str | int | collections.abc.Iterable[parlour._core.cards.Card | str], melds: collections.abc.Iterable[Meld]) -> int:
    """
    The defender's deadwood after the best layoff of `cards` onto `melds` (best_layoff(cards, melds).deadwood, computed without allocating: ExpertBot's settlement).
    """
def match_result(hands: collections.abc.Iterable[RoundResult], target: int | None = None, rules: Rules = ...) -> MatchResult:
    """
    What a match came to, from its hands in order: the first to reach the target (rules.game_target when None; box bonuses count towards it under rules.immediate_boxes) wins; then each hand won pays rules.box_bonus, the winner gets rules.game_bonus, and a shutout (the loser won no hand) applies rules.shutout. A dead hand pays no box and breaks no shutout. InvalidValueError for a hand after the deciding one.
    """
def match_win_chance(rules: Rules, mine: int, theirs: int) -> float:
    """
    The chance that a player with `mine` points wins a match against `theirs` under the rules, in the model of equal players the coach and ExpertBot use (each hand won by either with probability 1/2, its points as hands between strong bots end).
    """
def play_match(bot_one: typing.Any, bot_two: typing.Any, rules: Rules = ..., seed: int | parlour._core.cards.Rng = 0, first_dealer: Player | int = ...) -> Match:
    """
    Play a whole match in C++ (the GIL released; a Python bot's act() takes it back for each call): bot_one plays Player.ONE, bot_two Player.TWO. Returns the finished Match (hands, scores, winner, final_score()). Reproducible for a seed.
    """
def review(history: typing.Any, *, nodes: typing.Any = None, budget_ms: typing.Any = None, threads: int = 1, seed: int | parlour._core.cards.Rng = 0) -> Review:
    """
    Review one seat's decisions, a sequence of (observation, action) pairs: the advice of each, and the decisions clearly below the best (by at least 1 point, or 1 % of the chance to win the match, and by more than two standard errors) with the loss, the better action and why. InvalidValueError when the decisions are not one seat's or an action was not legal.
    """
def settle(knocker_melds: Melds, defender_cards: parlour._core.cards.CardSet | parlour._core.cards.Card | str | int | collections.abc.Iterable[parlour._core.cards.Card | str], rules: Rules = ..., knocker: Player = ...) -> Settlement:
    """
    Settle a hand: gin when the knocker's arrangement has no deadwood (big gin with 11 cards; InvalidValueError when the rules disable it), else a knock where the defender lays off optimally (the joint optimum over layoffs and its own melds; none against gin). A tie is an undercut when rules.undercut_on_tie. InvalidValueError over the knock limit; ArrangeError when the hands overlap.
    """
def simulate_rounds(n: int, seed: int | parlour._core.cards.Rng = 0, policy: str | tuple[str, str] = 'random', rules: Rules = ...) -> SimulationStats:
    """
    Play n whole rounds in C++ (the GIL released, Ctrl-C stops it) and count the outcomes. Round i is dealt by Player.ONE when i is even, Player.TWO when odd; `policy` names the policy of both seats ('random': uniform among the legal actions, or a bot's name) or a pair (Player.ONE's, Player.TWO's). Every decision sees only that player's observation. Reproducible for a seed.
    """
ARENA_MAX_ROWS: int = 4194304
BIG_GIN_BONUS: int = 31
BIG_GIN_ID: int = 107
BOX_BONUS: int = 25
COACH_DEFAULT_NODES: int = 400000
DISCARD_ID: int = 3
DRAW_STOCK_ID: int = 2
EXPERT_BENCH_NODES: int = 100000
EXPERT_DEFAULT_NODES: int = 400000
FINISH_LAYOFFS_ID: int = 264
GAME_BONUS: int = 100
GIN_BONUS: int = 25
KNOCK_ID: int = 55
LAY_OFF_ID: int = 108
MAX_TURNS: int = 200
MELD_COUNT: int = 329
NUM_ACTIONS: int = 265
OBSERVATION_SHAPE: tuple[typing.Any, ...] = (13, 52)
OBSERVATION_SIZE: int = 676
PASS_ID: int = 0
TAKE_DISCARD_ID: int = 1
TARGET: int = 100
UNDERCUT_BONUS: int = 25
