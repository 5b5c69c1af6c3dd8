"""Solitaire Yahtzee: the scorecard rules, the exact optimal solver, bots and simulation.

The engine is C++ (``parlour._core.yahtzee``); this package gives it its Python
shape.  The types follow the Rust crate yahtzee-engine 0.1.0 in Python spelling:

* :class:`Category` (an ``IntEnum`` in card order, ``category.score(dice)``,
  ``category.upper_face``), :class:`Categories` (a 13-bit set);
* :class:`Dice` (five dice as a multiset, ``Dice("35556")``) and :class:`Keep`;
* :class:`State` (filled boxes, capped upper subtotal, Yahtzee-50 flag; the 20-bit
  ``index``), :class:`ScoreDelta`, :class:`Scorecard`;
* :class:`Rules` with :class:`Joker` (``FORCED`` default, ``FREE``, ``NONE``)
  and the Yahtzee-bonus and upper-bonus switches;
* :class:`Game` (one or more players, the frontend protocol) with the actions
  :class:`Score` and :class:`Reroll`;
* :class:`Solver` (exact optimal values, advice, save/load), :class:`OptimalBot`,
  :class:`HeuristicBot` and :func:`simulate`;
* beyond the mean (:mod:`parlour.yahtzee.objectives`): :class:`ScoreDistribution`,
  ``Solver.distribution`` and :func:`score_distribution` (exact for the library's bots),
  :class:`ThresholdSolver` (reach a target), :class:`HeadsUpSolver` and
  :class:`BestReplyBot` (beat an opponent), :func:`advise` (every objective at once).

>>> from parlour.yahtzee import Category, Dice, State
>>> Category.FULL_HOUSE.score(Dice("22333")), Category.SIXES.score(Dice("66612"))
(25, 18)
>>> State.START.apply(Category.YAHTZEE, Dice("44444")).next.yahtzee_50
True
"""

from __future__ import annotations

import abc

from parlour._core.yahtzee import (
    INDEX_SIZE,
    NUM_ACTIONS,
    NUM_VALID_STATES,
    Bot,
    Categories,
    Category,
    Dice,
    Game,
    HeuristicBot,
    Joker,
    Keep,
    Observation,
    OptimalBot,
    Phase,
    Reroll,
    Rules,
    Score,
    Scorecard,
    ScoreDelta,
    Solver,
    State,
    action_from_id,
    category_name,
    category_score,
    category_upper_face,
    parse_action,
    parse_category,
)
from parlour.yahtzee.batch import simulate
from parlour.yahtzee.objectives import (
    BestReplyBot,
    HeadsUpSolver,
    ObjectiveAdvice,
    ScoreDistribution,
    ThresholdSolver,
    advise,
    score_distribution,
    win_probability,
)

__all__ = [
    "INDEX_SIZE",
    "NUM_ACTIONS",
    "NUM_VALID_STATES",
    "Action",
    "AnyAction",
    "BestReplyBot",
    "Bot",
    "Categories",
    "Category",
    "Dice",
    "Game",
    "HeadsUpSolver",
    "HeuristicBot",
    "Joker",
    "Keep",
    "Observation",
    "ObjectiveAdvice",
    "OptimalBot",
    "Phase",
    "Reroll",
    "Score",
    "ScoreDelta",
    "ScoreDistribution",
    "Scorecard",
    "Solver",
    "State",
    "Rules",
    "ThresholdSolver",
    "action_from_id",
    "advise",
    "category_name",
    "parse_action",
    "parse_category",
    "score_distribution",
    "simulate",
    "win_probability",
]

#: A Yahtzee action: write the dice in a box, or keep some and reroll the rest.
AnyAction = Score | Reroll


class Action(abc.ABC):  # noqa: B024 - an ABC for isinstance(): Score and Reroll are registered
    """The two actions of a turn, :class:`Score` and :class:`Reroll` (both are instances of this ABC).

    Integer ids (fixed, for RL frontends): ``Score(c)`` is ``c`` (0..12) and
    ``Reroll(k)`` is ``13 + k.index`` (13..222); ``NUM`` = 223.  Text:
    ``"score full_house"``, ``"keep 66"`` (``"keep -"`` rerolls all five).
    """

    NUM: int = NUM_ACTIONS

    @staticmethod
    def parse(text: str) -> AnyAction:
        """The action of a text (``"score chance"``, ``"keep 66"``); NotationError otherwise."""
        action: AnyAction = parse_action(text)
        return action

    @staticmethod
    def from_id(action_id: int) -> AnyAction:
        """The action with this id (0..222); InvalidValueError otherwise."""
        action: AnyAction = action_from_id(action_id)
        return action


Action.register(Score)
Action.register(Reroll)


def _category_score(self: Category, dice: Dice | str) -> int:
    """The natural score of the dice in this category (no joker)."""
    return category_score(self, dice)


def _category_upper_face(self: Category) -> int:
    """The face an upper category counts (1..6); 0 for a lower category."""
    return category_upper_face(self)


def _category_label(self: Category) -> str:
    """The snake-case name used in text and JSON (``"full_house"``)."""
    return category_name(self)


# setattr: the enum is made in C++, so a type checker does not know these members (the stubs declare them).
setattr(Category, "score", _category_score)  # noqa: B010
setattr(Category, "upper_face", property(_category_upper_face))  # noqa: B010
setattr(Category, "label", property(_category_label))  # noqa: B010


def __getattr__(name: str) -> object:
    """The first releases' names, kept one release with a DeprecationWarning."""
    if name == "YahtzeeRules":
        import warnings

        warnings.warn(
            "parlour.yahtzee.YahtzeeRules is deprecated: use parlour.yahtzee.Rules", DeprecationWarning, stacklevel=2
        )
        return Rules
    raise AttributeError(f"module 'parlour.yahtzee' has no attribute {name!r}")
