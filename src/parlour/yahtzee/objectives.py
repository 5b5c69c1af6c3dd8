"""Yahtzee beyond the mean: score distributions, playing to reach a target, playing to
beat an opponent.

* :class:`ScoreDistribution` — the probability of each score (exact, or simulated with
  confidence intervals); ``Solver.distribution(state)`` gives the exact distribution of
  the final score under the optimal expected-score strategy (Glenn 2006 reported a day
  of computation for it; here it takes seconds).
* :func:`score_distribution` — the distribution for any bot: exact for the library's
  bots (fixed strategies, evaluated in C++ over every reachable state), otherwise by
  simulating games through the bot's ``choose(state, dice, rolls_left)`` or, for any
  bot of the game protocol, its ``act(observation)``, with confidence intervals.
* :class:`ThresholdSolver` — the strategy that maximises P(final score >= target), for
  every target 0..max_target in one table (exact).
* :class:`HeadsUpSolver` — the strategy that maximises the probability of beating an
  opponent whose final score has a known distribution (exact for that model);
  :class:`BestReplyBot` re-solves it every turn against an opponent whose card is in
  view and who plays the expected-score strategy (not proven optimal: see the docs).
* :func:`advise` — the best action under each objective and what it gives up on the
  others (``parlour yahtzee advise``).

>>> from parlour.yahtzee import HeuristicBot, Solver, State
>>> d = Solver().distribution(State.START)
>>> round(d.mean, 4), round(d.sd, 2), d.exact
(254.5877, 59.61, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol, cast

import numpy as np
import numpy.typing as npt

from parlour._core.cards import Rng
from parlour._core.yahtzee import (
    Bot,
    Dice,
    Game,
    HeadsUpSolver,
    Keep,
    Observation,
    Reroll,
    Rules,
    Score,
    ScoreDistribution,
    Solver,
    State,
    ThresholdSolver,
    evaluate,
)
from parlour.errors import IllegalActionError, InvalidValueError, PhaseError, WrongTypeError
from parlour.protocol import Bot as ProtocolBot

__all__ = [
    "BestReplyBot",
    "ChoosingBot",
    "HeadsUpSolver",
    "ObjectiveAdvice",
    "ScoreDistribution",
    "ThresholdSolver",
    "advise",
    "score_distribution",
    "win_probability",
]

AnyAction = Score | Reroll


class ChoosingBot(Protocol):
    """A Python Yahtzee strategy: the action for (state, dice, rolls left)."""

    def choose(self, state: State, dice: Dice, rolls_left: int) -> Score | Reroll:
        """The action to take (``Score`` or ``Reroll``) with 0..2 rolls left."""
        ...


def _decide(bot: ChoosingBot, state: State, dice: Dice, rolls_left: int) -> Score | Reroll:
    """The one place that asks a Python bot for an action."""
    return bot.choose(state, dice, rolls_left)


def _roll(rng: Rng, keep: Keep) -> Dice:
    faces = list(keep.faces) + [1 + rng.below(6) for _ in range(5 - len(keep))]
    return Dice.from_faces(faces)


def _play(bot: ChoosingBot, state: State, rules: Rules, rng: Rng) -> int:
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
                raise IllegalActionError(
                    f"{bot!r} chose an illegal reroll: {action} with {dice}, {rolls_left} roll(s) left"
                )
            dice = _roll(rng, action.keep)
    return total


def _play_games(bot: ProtocolBot, games: int, seed: int, rules: Rules) -> npt.NDArray[np.int64]:
    """``games`` whole one-player games driven through ``bot.act(observation)``; game i draws
    its dice from ``Rng(seed)`` advanced by i jumps (independent streams); the final scores."""
    rng = Rng(seed)
    scores = np.empty(games, dtype=np.int64)
    for i in range(games):
        game = Game(players=1, rules=rules, seed=rng)  # the game copies the generator
        rng.jump()
        while not game.is_terminal:
            game.apply(bot.act(game.observation(0)))
        scores[i] = int(game.returns()[0])
    return scores


def score_distribution(
    bot: Bot | ChoosingBot | ProtocolBot,
    state: State = State.START,
    *,
    points: int = 0,
    games: int = 2000,
    seed: int = 0,
    threads: int = 0,
    rules: Rules | None = None,
    exact: bool = False,
) -> ScoreDistribution:
    """The distribution of the final score a bot makes from the start of a turn in ``state``
    with ``points`` already scored.

    The library's bots (:class:`OptimalBot`, :class:`HeuristicBot`) are fixed strategies —
    their action depends only on state, dice and rolls left — so their distribution is
    computed exactly in C++ (``games``, ``seed``, ``rules`` and ``exact`` are not used).

    Any other object with ``choose(state, dice, rolls_left)`` is, by default, simulated for
    ``games`` games with dice from ``Rng(seed)`` under ``rules`` (default: the bot's
    ``rules`` attribute, else the official rules); the result is empirical (``exact``
    False) and carries ``mean_ci()`` and ``sf_ci()`` confidence intervals.  With
    ``exact=True`` the bot is taken to be a fixed strategy (a policy table: the same
    action for the same state, dice and rolls left, whatever happened before) and its
    distribution is computed exactly, in Python, by asking it once for every reachable
    (state, dice, rolls left): about 750 calls per reachable state, so thousands from a
    card with a few boxes open but hundreds of millions from the empty card, where
    simulation is the practical choice.  A bot that is not a fixed strategy gets the
    distribution of the fixed strategy made of its first answers, not its own.

    Any other bot of the game protocol — an object with ``act(observation)``, such as a
    learned policy — is simulated through ``games`` whole one-player :class:`Game` s under
    ``rules``, from the empty card (``state`` must be ``State.START``; ``points`` shifts the
    result), game i with dice from ``Rng(seed)`` advanced by i jumps: reproducible for a
    seed, empirical, with ``mean_ci()`` and ``sf_ci()``.  An action the game refuses raises
    the game's error.
    """
    if points < 0:
        raise InvalidValueError(f"points must be >= 0, got {points}")
    if isinstance(bot, Bot):
        exact_dist: ScoreDistribution = evaluate(bot, state, threads)
        return exact_dist.shifted(points) if points else exact_dist
    choosing = callable(getattr(bot, "choose", None))
    if not choosing and not callable(getattr(bot, "act", None)):
        raise WrongTypeError(
            "expected a Bot, an object with choose(state, dice, rolls_left) or one with act(observation), "
            f"got {type(bot).__name__}"
        )
    if rules is None:
        found = getattr(bot, "rules", None)
        rules = found if isinstance(found, Rules) else Rules()
    if not choosing:
        if exact:
            raise InvalidValueError(
                "exact evaluation asks choose(state, dice, rolls_left); a bot with only act() is simulated"
            )
        if state != State.START:
            raise InvalidValueError(
                f"a bot with only act(observation) plays whole games from the empty card, not from {state}"
            )
        if games < 1:
            raise InvalidValueError(f"games must be >= 1, got {games}")
        return ScoreDistribution.from_scores(points + _play_games(cast(ProtocolBot, bot), games, seed, rules))
    if exact:
        return _evaluate_policy(cast(ChoosingBot, bot), state, rules).shifted(points)
    if games < 1:
        raise InvalidValueError(f"games must be >= 1, got {games}")
    rng = Rng(seed)
    scores: npt.NDArray[np.int64] = np.fromiter(
        (points + _play(cast(ChoosingBot, bot), state, rules, rng) for _ in range(games)), dtype=np.int64, count=games
    )
    return ScoreDistribution.from_scores(scores)


_REROLLS: npt.NDArray[np.float64] | None = None


def _rerolls() -> npt.NDArray[np.float64]:
    """R[k, d]: the probability that keeping keep k (by Keep.index) and rolling the other
    dice gives the dice d (by Dice.index); a 462 x 252 matrix, built once."""
    global _REROLLS
    if _REROLLS is None:
        faces_by_n: list[list[tuple[int, ...]]] = [[()]]
        for _ in range(5):
            faces_by_n.append([f + (x,) for f in faces_by_n[-1] for x in range(1, 7)])
        r = np.zeros((len(Keep.all()), len(Dice.all())))
        for keep in Keep.all():
            kept = list(keep.faces)
            rolls = faces_by_n[5 - len(kept)]
            for roll in rolls:
                r[keep.index, Dice.from_faces(kept + list(roll)).index] += 1.0 / len(rolls)
        _REROLLS = r
    return _REROLLS


def _turn(bot: ChoosingBot, state: State, rules: Rules) -> dict[tuple[int, int], float]:
    """One turn of a fixed strategy from state: the probability of each (next state index,
    points scored), from every first roll through the bot's choices."""
    rerolls = _rerolls()
    dice = Dice.all()
    facing = np.zeros(len(dice))
    for d, p in Dice.outcomes():
        facing[d.index] = p
    written: dict[tuple[int, int], float] = {}  # (category, dice index) -> probability
    for rolls_left in (2, 1, 0):
        kept = np.zeros(rerolls.shape[0])
        for i in np.flatnonzero(facing):
            w = float(facing[i])
            action = _decide(bot, state, dice[i], rolls_left)
            if isinstance(action, Score):
                written[(int(action.category), int(i))] = written.get((int(action.category), int(i)), 0.0) + w
                continue
            if not isinstance(action, Reroll):
                raise IllegalActionError(f"{bot!r} returned {action!r}, not a Score or a Reroll")
            if rolls_left == 0 or not action.keep.issubset(dice[i]):
                raise IllegalActionError(
                    f"{bot!r} chose an illegal reroll: {action} with {dice[i]}, {rolls_left} roll(s) left"
                )
            kept[action.keep.index] += w
        facing = kept @ rerolls
    out: dict[tuple[int, int], float] = {}
    for (c, roll), w in written.items():
        delta = state.apply(c, dice[roll], rules)
        if delta is None:
            raise IllegalActionError(f"{bot!r} chose an illegal box: {Score(c)} with {dice[roll]} ({state})")
        key = (delta.next.index, delta.reward)
        out[key] = out.get(key, 0.0) + w
    return out


def _evaluate_policy(bot: ChoosingBot, state: State, rules: Rules) -> ScoreDistribution:
    """The exact distribution of the further score of a fixed Python strategy from state:
    a forward pass turn by turn (every turn fills one box, so the states of a pass all have
    the same boxes filled), each reachable state holding the probability of every number
    of points scored so far."""
    frontier: dict[int, tuple[State, npt.NDArray[np.float64]]] = {state.index: (state, np.ones(1))}
    while not state.is_full:
        nxt: dict[int, tuple[State, npt.NDArray[np.float64]]] = {}
        for k in sorted(frontier):
            s, here = frontier[k]
            for (j, reward), w in _turn(bot, s, rules).items():
                size = len(here) + reward
                if j not in nxt:
                    after = State.from_index(j)
                    assert after is not None
                    nxt[j] = (after, np.zeros(size))
                after, got = nxt[j]
                if len(got) < size:
                    got = np.pad(got, (0, size - len(got)))
                    nxt[j] = (after, got)
                got[reward : reward + len(here)] += w * here
        frontier = nxt
        state = next(iter(frontier.values()))[0]
    final = np.zeros(max(len(a) for _, a in frontier.values()))
    for _, here in frontier.values():
        final[: len(here)] += here
    return ScoreDistribution(final)


def win_probability(ours: ScoreDistribution, theirs: ScoreDistribution, tie: float = 0.0) -> float:
    """P(X > Y) + tie * P(X = Y) for independent final scores X ~ ours and Y ~ theirs."""
    if not isinstance(ours, ScoreDistribution) or not isinstance(theirs, ScoreDistribution):
        raise WrongTypeError(f"expected two ScoreDistribution, got {type(ours).__name__} and {type(theirs).__name__}")
    if not 0.0 <= tie <= 1.0:
        raise InvalidValueError(f"tie must be in 0..1, got {tie}")
    x, y = ours.pmf, theirs.pmf
    below = np.concatenate(([0.0], np.cumsum(y)))  # below[k] = P(Y < k)
    n = len(x)
    less = below[np.minimum(np.arange(n), len(y))]
    equal = np.zeros(n)
    m = min(n, len(y))
    equal[:m] = y[:m]
    return float(np.dot(x, less + tie * equal))


class BestReplyBot:
    """Plays a two-player game in which both cards are in view, against an opponent who
    plays the optimal expected-score strategy.

    At each turn it computes the exact distribution of the opponent's final score given
    the opponent's card now (``solver.distribution(their state, points=their points)``) and
    plays the :class:`HeadsUpSolver` strategy against it from its own state and points.
    Each decision is optimal if the opponent's card were not looked at again (open-loop
    feedback control, Bertsekas, *Dynamic Programming and Optimal Control* vol. I, §6.2),
    so it wins at least as often as the heads-up strategy solved once at the start; the
    exact best reply (which also plans for what it will see of the opponent's later
    turns) is not computed, and no strategy beats the clairvoyant bound (knowing the
    opponent's final score in advance).
    Solving is lazy (from the bot's state), so late turns are fast and the first turns of
    a game take a full heads-up solve each.
    """

    def __init__(self, solver: Solver, tie: float = 0.0) -> None:
        self.solver = solver
        self.tie = tie
        self._key: tuple[int, int] | None = None
        self._table: HeadsUpSolver | None = None

    def __repr__(self) -> str:
        return f"BestReplyBot(solver={self.solver!r}, tie={self.tie!r})"

    def table(self, opponent_state: State, opponent_points: int) -> HeadsUpSolver:
        """The heads-up table against the opponent as they stand (kept while they do not move)."""
        key = (opponent_state.index, opponent_points)
        if self._table is None or self._key != key:
            theirs = self.solver.distribution(opponent_state, points=opponent_points)
            self._table = HeadsUpSolver(theirs, self.solver.rules, self.tie)
            self._key = key
        return self._table

    def choose(
        self, state: State, points: int, opponent_state: State, opponent_points: int, dice: Dice | str, rolls_left: int
    ) -> AnyAction:
        """The action for our (state, points, dice, rolls left) against the opponent's card."""
        action: AnyAction = self.table(opponent_state, opponent_points).best_action(state, points, dice, rolls_left)
        return action

    def act(self, observation: Observation) -> AnyAction:
        """The action for the seat to act in a two-player game, from its observation (both
        scorecards are public in Yahtzee); the caller applies it (``game.apply(action)``)."""
        cards = observation.scorecards
        if len(cards) != 2:
            raise InvalidValueError(f"BestReplyBot plays two-player games, got {len(cards)} players")
        dice, me = observation.dice, observation.current_player
        if dice is None or me is None:
            raise PhaseError("the bot can act only when the dice are rolled")
        ours, them = cards[me], cards[1 - me]
        return self.choose(observation.state, ours.total, them.state, them.total, dice, observation.rolls_left)


@dataclass(frozen=True)
class ObjectiveAdvice:
    """The best action under one objective and what it is worth under every objective.

    ``mean`` is the expected final score after the action; ``reach`` the probability of
    reaching the target (None without a target); ``win`` the probability of beating the
    opponent (None without an opponent), each when play goes on optimally for that
    objective.  ``gives_up`` maps each of the other objectives present (``"mean"``,
    ``"reach"``, ``"win"``) to what this action loses on it against that objective's own
    best action (expected points, or probability; 0 when the actions agree).
    """

    objective: str
    action: AnyAction
    mean: float
    reach: float | None
    win: float | None
    gives_up: dict[str, float] = field(default_factory=dict, hash=False)


def _action_value(values: list[tuple[object, float]], action: AnyAction) -> float:
    key = action.category if isinstance(action, Score) else action.keep
    for k, v in values:
        if k == key:
            return v
    raise InvalidValueError(f"{action} is not an option here")


#: The most points past those on the card that a target may ask for (ThresholdSolver's widest table).
_REACH_LIMIT = 4000


def advise(
    state: State,
    dice: Dice | str,
    rolls_left: int,
    *,
    points: int = 0,
    solver: Solver | None = None,
    target: int | None = None,
    opponent: ScoreDistribution | int | None = None,
    tie: float = 0.0,
    threads: int = 0,
) -> list[ObjectiveAdvice]:
    """The best action under each objective — the mean (``solver``'s expected-score
    strategy), reaching ``target`` and beating ``opponent`` (a final score or a
    distribution of it) — with each action's value under every objective, so the
    difference says what an objective gives up on the others.  ``points`` are the points
    already on the card.  Tables are solved lazily from ``state``.
    """
    if points < 0:
        raise InvalidValueError(f"points must be >= 0, got {points}")
    if target is not None and target > points + _REACH_LIMIT:
        raise InvalidValueError(
            f"target must be at most {points + _REACH_LIMIT:,} ({_REACH_LIMIT:,} points past the {points} on the "
            f"card), got {target:,}"
        )
    dice = Dice(dice) if isinstance(dice, str) else dice
    solver = solver if solver is not None else Solver()
    rules = solver.rules
    if not solver.is_solved(state):
        solver.solve_from(state, threads)
    reach_table = None
    if target is not None:
        reach_table = ThresholdSolver(rules, max_target=max(0, target - points))
        reach_table.solve_from(state, threads)
    win_table = None
    if opponent is not None:
        win_table = HeadsUpSolver(opponent, rules, tie)
        win_table.solve_from(state, threads)

    def values(action: AnyAction) -> tuple[float, float | None, float | None]:
        if isinstance(action, Score) or rolls_left == 0:
            mean = _action_value(list(solver.category_values(state, dice)), action)
            reach = (
                None
                if reach_table is None or target is None
                else _action_value(list(reach_table.category_values(state, points, target, dice)), action)
            )
            win = (
                None
                if win_table is None
                else _action_value(list(win_table.category_values(state, points, dice)), action)
            )
        else:
            mean = _action_value(list(solver.keep_values(state, dice, rolls_left)), action)
            reach = (
                None
                if reach_table is None or target is None
                else _action_value(list(reach_table.keep_values(state, points, target, dice, rolls_left)), action)
            )
            win = (
                None
                if win_table is None
                else _action_value(list(win_table.keep_values(state, points, dice, rolls_left)), action)
            )
        return points + mean, reach, win

    # (objective name, its key among mean/reach/win, its best action)
    best: list[tuple[str, str, AnyAction]] = [("mean", "mean", solver.best_action(state, dice, rolls_left))]
    if reach_table is not None and target is not None:
        best.append((f"reach {target}", "reach", reach_table.best_action(state, points, target, dice, rolls_left)))
    if win_table is not None:
        best.append(("beat the opponent", "win", win_table.best_action(state, points, dice, rolls_left)))
    worth = [dict(zip(("mean", "reach", "win"), values(action))) for _, _, action in best]
    # The best value on each objective is that of its own best action.
    own = {key: w[key] for (_, key, _), w in zip(best, worth)}
    rows = []
    for (name, key, action), w in zip(best, worth):
        lost = {k: max(0.0, float(v) - float(w[k] or 0.0)) for k, v in own.items() if k != key and v is not None}
        rows.append(ObjectiveAdvice(name, action, float(w["mean"] or 0.0), w["reach"], w["win"], lost))
    return rows
