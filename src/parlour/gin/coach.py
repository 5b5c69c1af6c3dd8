"""The gin coach: advice for the seat to act, and a review of one seat's decisions.

:func:`advise` ranks every legal action of the seat to act by ExpertBot's own search
(the expected points of the hand, and in a match the chance to win the match), each
with reasons a player can check: the deadwood and melds after the action, the live
cards that would lower it, what the opponent visibly collects, and the search's
estimates (how often the seat wins the hand, how often the opponent knocks within two
turns, how often a discard makes a meld with the opponent's likely hands).

:func:`review` replays one seat's decisions — ``(observation, action)`` pairs, as
:func:`seat_history` collects them from a hand or a match — and lists those whose
value was clearly below the best, with the loss, the better action and why.

Both read the seat's observations only, and are deterministic for a node budget.

>>> from parlour.gin import Round, Rules, Player, advise
>>> r = Round.deal(Rules(), Player.ONE, 7)
>>> advice = advise(r.observation(r.turn), nodes=20_000)
>>> advice.best.rank, len(advice.actions) == len(r.legal_actions())
(1, True)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

from parlour._core.gin import (
    COACH_DEFAULT_NODES,
    Action,
    ActionAdvice,
    Advice,
    Observation,
    Player,
    Review,
    ReviewItem,
    advise,
    match_win_chance,
    review,
)
from parlour.errors import InvalidValueError, WrongTypeError

__all__ = [
    "COACH_DEFAULT_NODES",
    "ActionAdvice",
    "Advice",
    "Review",
    "ReviewItem",
    "advise",
    "format_advice",
    "format_review",
    "match_win_chance",
    "review",
    "seat_history",
]


class _Playable(Protocol):
    """A gin Round or Game: what seat_history replays."""

    @property
    def current_player(self) -> Player | None: ...

    @property
    def is_terminal(self) -> bool: ...

    def observation(self, seat: Any = ...) -> Observation: ...

    def apply(self, action: Action | int | str) -> None: ...

    def clone(self) -> Any: ...


def seat_history(
    start: _Playable, actions: Iterable[Action | int | str], seat: Player | int
) -> list[tuple[Observation, Action]]:
    """The decisions of ``seat`` when ``actions`` are played from ``start`` (a Round or a Game,
    left as it is): ``(observation, action)`` pairs, what :func:`review` takes.

    An illegal action raises the game's own error, naming it."""
    if not hasattr(start, "observation") or not hasattr(start, "clone"):
        raise WrongTypeError(f"seat_history replays a gin Round or Game, got {type(start).__name__}")
    who = Player(int(seat)) if isinstance(seat, int) else seat
    if not isinstance(who, Player):
        raise WrongTypeError(f"seat must be a Player or 0/1, got {type(seat).__name__} {seat!r}")
    game = start.clone()
    out: list[tuple[Observation, Action]] = []
    for a in actions:
        if game.is_terminal:
            raise InvalidValueError(f"the game is over before the action {a!r}")
        player = game.current_player
        if player == who:
            out.append((game.observation(who), Action(a)))
        game.apply(a)
    return out


def _pct(x: float) -> str:
    return f"{100 * x:.0f} %"


def format_advice(advice: Advice, top: int | None = 3) -> str:
    """The advice as text for a terminal: the best actions with their values and reasons,
    then what is known of the opponent (``top=None``: every action)."""
    lines = []
    shown = advice.actions if top is None else advice.actions[:top]
    for a in shown:
        value = f"{a.points:+.1f} points"
        if a.match_win is not None:
            value += f", match {_pct(a.match_win)}"
        if a.rank > 1:
            value += f" ({a.points_loss:.1f} below the best)"
        lines.append(f"  {a.rank}. {a.action}: {value}")
        lines.extend(f"       {r}" for r in a.reasons)
    rest = len(advice.actions) - len(shown)
    if rest > 0:
        lines.append(f"  ... and {rest} more")
    lines.extend(f"  {s}" for s in advice.summary)
    return "\n".join(lines)


def format_review(result: Review, names: dict[int, str] | None = None) -> str:
    """A review as text: each decision clearly below the best, with the loss and why."""
    who = (names or {}).get(int(result.seat), f"Player.{result.seat.name}")
    if not result.mistakes:
        return f"Review of {who}: {result.searched} decisions weighed, none clearly below the best."
    lines = [
        f"Review of {who}: {len(result.mistakes)} of {result.searched} decisions clearly below the best, "
        f"{result.points_lost:.1f} expected points lost in all."
    ]
    for m in result.mistakes:
        lost = f"{m.points_loss:.1f} points" if not m.by_match else f"{100 * m.loss:.1f} % of the match"
        lines.append(
            f"  decision {m.index + 1} ({m.phase.name}, stock {m.stock_size}): played '{m.played.action}', "
            f"better '{m.better.action}' ({lost} lost)"
        )
        lines.extend(f"      {r}" for r in m.reasons)
    return "\n".join(lines)
