"""Gin rummy: melds, deadwood, layoffs, scoring and rules (C++ engine).

The rules are those of the rule card (two players, knock limit 10, Ace low only,
deadwood A 1, 2..9 pips, T J Q K 10); :class:`Rules` holds every house rule and
the presets ``Rules()``, ``Rules.modern()``, ``Rules.classic()``, ``Rules.palace()``.

>>> from parlour.gin import best_melds, deadwood, best_discard, Card
>>> deadwood("Tc Qc 4d 9d 4h 9h Jh 4s 5s 6s")
56
>>> str(best_melds("7h 8h 9h Qc Qd Qs Ad 5d"))
'7h8h9h QcQsQd | Ad5d'
>>> best_discard("2c 4c 5c 6c 3d 4d 5d 6d 5h 6h 2s").deadwood
9
>>> Card("Kd").deadwood
10
"""

from __future__ import annotations

from parlour._core.gin import (
    BIG_GIN_BONUS,
    BOX_BONUS,
    GAME_BONUS,
    GIN_BONUS,
    MAX_TURNS,
    MELD_COUNT,
    TARGET,
    UNDERCUT_BONUS,
    Discard,
    Layoff,
    MatchResult,
    Meld,
    MeldKind,
    Melds,
    OklahomaAce,
    Player,
    ResultKind,
    RoundResult,
    Rules,
    Settlement,
    Shutout,
    ShutoutKind,
    best_discard,
    best_discard_batch,
    best_layoff,
    best_melds,
    deadwood,
    deadwood_batch,
    match_result,
    settle,
)
from parlour.cards import Card, CardSet, Rank, Suit
from parlour.gin.errors import ArrangeError, InvalidMeld

#: A gin hand is a CardSet (any number of cards; a 64-bit mask).
Hand = CardSet

#: All 329 melds of a deck (65 sets, then 264 runs).
ALL_MELDS: tuple[Meld, ...] = tuple(Meld.all())

__all__ = [
    "ALL_MELDS",
    "BIG_GIN_BONUS",
    "BOX_BONUS",
    "GAME_BONUS",
    "GIN_BONUS",
    "MAX_TURNS",
    "MELD_COUNT",
    "TARGET",
    "UNDERCUT_BONUS",
    "ArrangeError",
    "Card",
    "CardSet",
    "Discard",
    "Hand",
    "InvalidMeld",
    "Layoff",
    "MatchResult",
    "Meld",
    "MeldKind",
    "Melds",
    "OklahomaAce",
    "Player",
    "Rank",
    "ResultKind",
    "RoundResult",
    "Rules",
    "Settlement",
    "Shutout",
    "ShutoutKind",
    "Suit",
    "best_discard",
    "best_discard_batch",
    "best_layoff",
    "best_melds",
    "deadwood",
    "deadwood_batch",
    "match_result",
    "settle",
]

# ---- The round, the match, actions, observations ----
from parlour._core.gin import (  # noqa: E402
    BIG_GIN_ID,
    DISCARD_ID,
    DRAW_STOCK_ID,
    FINISH_LAYOFFS_ID,
    KNOCK_ID,
    LAY_OFF_ID,
    NUM_ACTIONS,
    PASS_ID,
    TAKE_DISCARD_ID,
    Action,
    ActionKind,
    Game,
    Match,
    Observation,
    Phase,
    Round,
    SimulationStats,
    simulate_rounds,
)
from parlour.gin.round_errors import (  # noqa: E402
    BigGinDisabled,
    CannotLayOff,
    DealError,
    DiscardJustTaken,
    MeldsMismatch,
    MustDrawFromStock,
    NoSuchMeld,
    NotBigGin,
    NotInHand,
    RepeatedCard,
    RoundError,
    TooMuchDeadwood,
    WrongHandSize,
    WrongPhase,
    WrongStockSize,
)

__all__ += [
    "BIG_GIN_ID",
    "DISCARD_ID",
    "DRAW_STOCK_ID",
    "FINISH_LAYOFFS_ID",
    "KNOCK_ID",
    "LAY_OFF_ID",
    "NUM_ACTIONS",
    "PASS_ID",
    "TAKE_DISCARD_ID",
    "Action",
    "ActionKind",
    "Game",
    "BigGinDisabled",
    "CannotLayOff",
    "DealError",
    "DiscardJustTaken",
    "Match",
    "MeldsMismatch",
    "MustDrawFromStock",
    "NoSuchMeld",
    "NotBigGin",
    "NotInHand",
    "Observation",
    "Phase",
    "RepeatedCard",
    "Round",
    "RoundError",
    "SimulationStats",
    "TooMuchDeadwood",
    "WrongHandSize",
    "WrongPhase",
    "WrongStockSize",
    "simulate_rounds",
]
from parlour.gin import snapshot  # noqa: E402

__all__ += ["snapshot"]

# ---- The bots, matches between them, the arena ----
from parlour.gin.arena import ArenaResult, arena  # noqa: E402
from parlour.gin.bots import (  # noqa: E402
    Bot,
    EasyBot,
    ExpertBot,
    HardBot,
    KnockEstimate,
    NormalBot,
    SimpleBot,
    make_bot,
    play_match,
)

# ---- The coach: advice and reviews from ExpertBot's search ----
from parlour.gin.coach import (  # noqa: E402
    COACH_DEFAULT_NODES,
    ActionAdvice,
    Advice,
    Review,
    ReviewItem,
    advise,
    match_win_chance,
    review,
    seat_history,
)

__all__ += [
    "COACH_DEFAULT_NODES",
    "ActionAdvice",
    "Advice",
    "Review",
    "ReviewItem",
    "advise",
    "match_win_chance",
    "review",
    "seat_history",
]

__all__ += [
    "ArenaResult",
    "Bot",
    "EasyBot",
    "ExpertBot",
    "HardBot",
    "KnockEstimate",
    "NormalBot",
    "SimpleBot",
    "arena",
    "make_bot",
    "play_match",
]


def __getattr__(name: str) -> object:
    """The first releases' names, kept one release with a DeprecationWarning."""
    if name == "ACTION_COUNT":
        import warnings

        warnings.warn("parlour.gin.ACTION_COUNT is deprecated: use NUM_ACTIONS", DeprecationWarning, stacklevel=2)
        return NUM_ACTIONS
    raise AttributeError(f"module 'parlour.gin' has no attribute {name!r}")
