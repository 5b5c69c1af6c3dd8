"""Yahtzee beyond the mean: score distributions of a strategy.

* :class:`ScoreDistribution` — the probability of each score (exact, or simulated with
  confidence intervals); ``Solver.distribution(state)`` gives the exact distribution of
  the final score under the optimal expected-score strategy (Glenn 2006 reported a day
  of computation for it; here it takes seconds).
* :func:`score_distribution` — the distribution for any bot: exact for the library's
  bots (fixed strategies, evaluated in C++ over every reachable state), otherwise by
  simulating games through the bot's ``choose(state, dice, rolls_left)``.

>>> from parlour.yahtzee import HeuristicBot, Solver, State
>>> d = Solver().distribution(State.START)
>>> round(d.mean, 4), round(d.sd, 2), d.exact
(254.5877, 59.61, True)
"""

from __future__ import annotations

from typing import Protocol, Union

import numpy as np
import numpy.typing as npt

from parlour._core.cards import Rng
from parlour._core.yahtzee import (
    Bot,
    Dice,
    Keep,
    Reroll,
    Score,
    ScoreDistribution,
    State,
    YahtzeeRules,
    evaluate,
)
from parlour.errors import IllegalActionError, InvalidValueError

__all__ = ["ChoosingBot", "ScoreDistribution", "score_distribution"]


class ChoosingBot(Protocol):
    """A Python Yahtzee strategy: the action for (state, dice, rolls left)."""

    def choose(self, state: State, dice: Dice, rolls_left: int) -> Union[Score, Reroll]:
        """The action to take (``Score`` or ``Reroll``) with 0..2 rolls left."""
        ...


def _decide(bot: ChoosingBot, state: State, dice: Dice, rolls_left: int) -> Union[Score, Reroll]:
    """The one place that asks a Python bot for an action."""
    return bot.choose(state, dice, rolls_left)


def _roll(rng: Rng, keep: Keep) -> Dice:
    faces = list(keep.faces) + [1 + rng.below(6) for _ in range(5 - len(keep))]
    return Dice.from_faces(faces)


def _play(bot: ChoosingBot, state: State, rules: YahtzeeRules, rng: Rng) -> int:
    """One game from the start of a turn in state; the points scored."""
    total = 0
    while not state.is_full:
        dice = _roll(rng, Keep())
        for rolls_left in (2, 1, 0):
            action = _decide(bot, state, dice, rolls_left)
            if isinstance(action, Score):
                delta = state.apply(action.category, dice, rules)
                if delta is None:
                    raise IllegalActionError(f"{bot!r} chose an illegal box: {action} with {dice} ({state})")
                total += delta.reward
                state = delta.next
                break
            if not isinstance(action, Reroll):
                raise IllegalActionError(f"{bot!r} returned {action!r}, not a Score or a Reroll")
            kept = action.keep.counts
            if rolls_left == 0 or any(k > d for k, d in zip(kept, dice.counts)):
                raise IllegalActionError(f"{bot!r} chose an illegal reroll: {action} with {dice}, {rolls_left} roll(s) left")
            dice = _roll(rng, action.keep)
    return total


def score_distribution(
    bot: Union[Bot, ChoosingBot],
    state: State = State.START,
    *,
    points: int = 0,
    games: int = 2000,
    seed: int = 0,
    threads: int = 0,
    rules: YahtzeeRules | None = None,
) -> ScoreDistribution:
    """The distribution of the final score a bot makes from the start of a turn in ``state``
    with ``points`` already scored.

    The library's bots (:class:`OptimalBot`, :class:`HeuristicBot`) are fixed strategies —
    their action depends only on state, dice and rolls left — so their distribution is
    computed exactly in C++ (``games``, ``seed`` and ``rules`` are not used).  Any other
    object with ``choose(state, dice, rolls_left)`` is simulated for ``games`` games with
    dice from ``Rng(seed)`` under ``rules`` (default: the bot's ``rules`` attribute, else the
    official rules); the result is empirical (``exact`` False) and carries ``mean_ci()``
    and ``sf_ci()`` confidence intervals.
    """
    if points < 0:
        raise InvalidValueError(f"points must be >= 0, got {points}")
    if isinstance(bot, Bot):
        exact: ScoreDistribution = evaluate(bot, state, threads)
        return exact.shifted(points) if points else exact
    if games < 1:
        raise InvalidValueError(f"games must be >= 1, got {games}")
    if rules is None:
        found = getattr(bot, "rules", None)
        rules = found if isinstance(found, YahtzeeRules) else YahtzeeRules()
    rng = Rng(seed)
    scores: npt.NDArray[np.int64] = np.fromiter(
        (points + _play(bot, state, rules, rng) for _ in range(games)), dtype=np.int64, count=games
    )
    return ScoreDistribution.from_scores(scores)
