"""Objectives beyond the mean: exact score distributions (checked against a brute-force
reference on small restricted games, against simulation and against the solver's
values), the ScoreDistribution type, playing to reach a target (ThresholdSolver) and to
beat an opponent (HeadsUpSolver, BestReplyBot), and advice under every objective."""

from __future__ import annotations

import io
import pickle
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from parlour.errors import (
    IllegalActionError,
    InvalidValueError,
    NotationError,
    PhaseError,
    StateFormatError,
    WrongTypeError,
)
from parlour.yahtzee import (
    BestReplyBot,
    Categories,
    Category,
    Dice,
    Game,
    HeadsUpSolver,
    HeuristicBot,
    Keep,
    ObjectiveAdvice,
    OptimalBot,
    Reroll,
    Rules,
    Score,
    ScoreDistribution,
    Solver,
    State,
    ThresholdSolver,
    advise,
    score_distribution,
    simulate,
    win_probability,
)
from parlour.yahtzee.objectives import ChoosingBot

from . import objectives_reference as oref
from .conftest import VARIANTS, solved

C = Category

# The default rules (the forced joker with both bonuses) run in the default test run; the
# other variants, down to no joker and no bonus, run in the slow tier.
CORE_VARIANTS = ("forced",)


def variants(names: list[str] | None = None) -> list[object]:
    """The rule variants to test: the core ones plain, the others marked slow."""
    return [v if v in CORE_VARIANTS else pytest.param(v, marks=pytest.mark.slow) for v in (names or list(VARIANTS))]


# Small restricted games: the boxes left open, the upper subtotal and the Yahtzee-50 flag.
# They cover the upper bonus still in reach, the Yahtzee box open or filled with 50 (the
# joker rules and the 100 bonus), and a lower-only ending.
RESTRICTED = {
    "sixes, yahtzee, chance (bonus in reach)": ([C.SIXES, C.YAHTZEE, C.CHANCE], 40, False),
    "fours, full house, small straight (Yahtzee 50 scored)": ([C.FOURS, C.FULL_HOUSE, C.SMALL_STRAIGHT], 50, True),
    "3K, large straight, yahtzee": ([C.THREE_OF_A_KIND, C.LARGE_STRAIGHT, C.YAHTZEE], 63, False),
    "aces, twos, 4K (Yahtzee 0 scored)": ([C.ACES, C.TWOS, C.FOUR_OF_A_KIND], 58, False),
}


# The two cheapest games (the Yahtzee box filled with 50, a lower-only ending) run in the
# default test run; the two with an upper bonus still in reach, in the slow tier.
CORE_GAMES = ("fours, full house, small straight (Yahtzee 50 scored)", "3K, large straight, yahtzee")


def restricted_games(names: list[str] | None = None) -> list[object]:
    """The restricted games to test: the core ones plain, the others marked slow."""
    return [g if g in CORE_GAMES else pytest.param(g, marks=pytest.mark.slow) for g in (names or list(RESTRICTED))]


def restricted_state(name: str) -> State:
    open_, upper, y50 = RESTRICTED[name]
    return State(~Categories(open_), upper, y50)


def ref_state(s: State) -> oref.RefState:
    return (s.scored.bits, s.upper, s.yahtzee_50)


def ref_rules(rules: Rules) -> dict:
    return {"joker": str(rules).split("+")[0], "yahtzee_bonus": rules.yahtzee_bonus, "upper_bonus": rules.upper_bonus}


def engine_policy(bot: OptimalBot | HeuristicBot) -> oref.Policy:
    """The bot's decisions in the reference's terms (the strategy under test)."""

    def policy(s: oref.RefState, faces: tuple[int, ...], rolls_left: int) -> oref.Decision:
        a = bot.choose(State(Categories.from_bits(s[0]), s[1], s[2]), Dice.from_faces(list(faces)), rolls_left)
        if isinstance(a, Score):
            return ("score", int(a.category))
        return ("keep", tuple(a.keep.faces))

    return policy


def as_pmf(d: dict[int, float]) -> np.ndarray:
    out = np.zeros(max(d) + 1)
    for x, p in d.items():
        out[x] += p
    while len(out) > 1 and out[-1] == 0:
        out = out[:-1]
    return out


# ---------------------------------------------------------------- against the brute force


@pytest.mark.parametrize("variant", variants())
@pytest.mark.parametrize("game", restricted_games(list(RESTRICTED)))
def test_optimal_distribution_equals_brute_force(variant: str, game: str) -> None:
    rules = VARIANTS[variant]
    solver = solved(variant)
    s = restricted_state(game)
    want = as_pmf(oref.distribution(ref_state(s), engine_policy(OptimalBot(solver)), ref_rules(rules)))
    got = solver.distribution(s)
    assert got.exact and len(got.pmf) == len(want)
    np.testing.assert_allclose(got.pmf, want, rtol=0, atol=1e-13)
    # the strategy is the expected-score optimum: its mean is the brute-force optimal value
    assert got.mean == pytest.approx(oref.optimal_mean(ref_state(s), ref_rules(rules)), abs=1e-9)
    assert got.mean == pytest.approx(solver.value(s), abs=1e-9)


@pytest.mark.parametrize("variant", variants(["forced", "none+no-yahtzee-bonus+no-upper-bonus"]))
@pytest.mark.parametrize("game", restricted_games(list(RESTRICTED)[:2]))
def test_heuristic_distribution_equals_brute_force(variant: str, game: str) -> None:
    rules = VARIANTS[variant]
    bot = HeuristicBot(rules)
    s = restricted_state(game)
    want = as_pmf(oref.distribution(ref_state(s), engine_policy(bot), ref_rules(rules)))
    got = score_distribution(bot, s)
    np.testing.assert_allclose(got.pmf, want, rtol=0, atol=1e-13)


class MostFaces:
    """A fixed strategy written in Python: keep the most frequent face (the highest on a
    tie) while rolls are left, then write the legal box with the best immediate score (the
    first in card order on a tie)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules

    def choose(self, state: State, dice: Dice, rolls_left: int) -> Score | Reroll:
        counts = dice.counts
        face = max(range(6), key=lambda f: (counts[f], f))
        if rolls_left > 0 and counts[face] < 5:
            return Reroll(Keep.from_faces([face + 1] * counts[face]))
        legal = list(state.legal_categories(dice, self.rules))
        best = max(legal, key=lambda c: (state.apply(c, dice, self.rules).reward, -int(c)))  # type: ignore[union-attr]
        return Score(best)


@pytest.mark.parametrize("variant", variants(["forced", "free", "none+no-yahtzee-bonus+no-upper-bonus"]))
@pytest.mark.parametrize("game", restricted_games(list(RESTRICTED)[:3]))
def test_python_fixed_strategy_exact_equals_brute_force(variant: str, game: str) -> None:
    rules = VARIANTS[variant]
    bot = MostFaces(rules)
    s = restricted_state(game)
    want = as_pmf(oref.distribution(ref_state(s), engine_policy(bot), ref_rules(rules)))  # type: ignore[arg-type]
    got = score_distribution(bot, s, exact=True, points=5)
    assert got.exact and got.min >= 5
    np.testing.assert_allclose(got.pmf[5:], want, rtol=0, atol=1e-13)
    assert got.pmf.sum() == pytest.approx(1.0, abs=1e-12)


def test_python_fixed_strategy_exact_equals_the_engine(solver: Solver) -> None:
    """A library bot seen only through choose() evaluates, in Python, to the C++ result."""

    class Wrapped:
        def __init__(self, inner: OptimalBot | HeuristicBot) -> None:
            self.inner = inner

        def choose(self, state: State, dice: Dice, rolls_left: int) -> Score | Reroll:
            return self.inner.choose(state, dice, rolls_left)

    s = State(~Categories([C.TWOS, C.FULL_HOUSE, C.LARGE_STRAIGHT, C.CHANCE]), 30, True)
    for inner in (OptimalBot(solver), HeuristicBot()):
        got = score_distribution(Wrapped(inner), s, exact=True)
        want = score_distribution(inner, s)
        assert got.exact and len(got.pmf) == len(want.pmf)
        np.testing.assert_allclose(got.pmf, want.pmf, rtol=0, atol=1e-13)
    full = State(Categories.ALL, 63, False)
    assert score_distribution(Wrapped(HeuristicBot()), full, exact=True, points=250) == ScoreDistribution.point(250)


def test_python_exact_evaluation_catches_illegal_choices() -> None:
    class Hoarder:
        def choose(self, state: State, dice: Dice, rolls_left: int) -> Score | Reroll:
            return Reroll(Keep("66"))

    s = restricted_state("sixes, yahtzee, chance (bonus in reach)")
    with pytest.raises(IllegalActionError, match="illegal reroll"):
        score_distribution(Hoarder(), s, exact=True)

    class Chancer:
        def choose(self, state: State, dice: Dice, rolls_left: int) -> Score | Reroll:
            return Score(Category.CHANCE)

    with pytest.raises(IllegalActionError, match="illegal box"):
        score_distribution(Chancer(), s, exact=True)

    class Lost:
        def choose(self, state: State, dice: Dice, rolls_left: int) -> object:
            return "chance"

    with pytest.raises(IllegalActionError, match="not a Score or a Reroll"):
        score_distribution(Lost(), s, exact=True)  # type: ignore[arg-type]
    for exact in (False, True):
        with pytest.raises(WrongTypeError, match="choose"):
            score_distribution(42, s, exact=exact)  # type: ignore[arg-type]


# ---------------------------------------------------------------- the whole game


@pytest.fixture(scope="module")
def start(solver: Solver) -> ScoreDistribution:
    """The optimal strategy's distribution from the empty card, default rules."""
    return solver.distribution()


# A mid-game card (six boxes open) where the other variants are checked more cheaply.
MID = State(Categories([C.ACES, C.THREES, C.FIVES, C.FOUR_OF_A_KIND, C.SMALL_STRAIGHT, C.YAHTZEE, C.CHANCE]), 14, True)


FROM_START = {"forced", "free", "none+no-yahtzee-bonus+no-upper-bonus"}


@pytest.mark.parametrize("variant", variants())
def test_distribution_matches_the_solver_value(variant: str, start: ScoreDistribution) -> None:
    solver = solved(variant)
    s = State.START if variant in FROM_START else MID
    d = start if variant == "forced" else solver.distribution(s)
    assert d.exact and d.pmf.sum() == pytest.approx(1.0, abs=1e-12)
    assert d.mean == pytest.approx(solver.value(s), abs=1e-9)
    assert d.min >= 0 and d.max <= 1575 and (d.pmf >= 0).all()
    if variant == "free":  # Glenn's convention: mean 254.59, standard deviation 59.61
        assert round(d.mean, 2) == 254.59 and round(d.sd, 2) == 59.61


def test_glenn_figures(start: ScoreDistribution) -> None:
    """Glenn (2006): mean 254.59, standard deviation 59.61 (the free joker; the forced
    joker rounds the same)."""
    d = start
    assert round(d.mean, 2) == 254.59 and round(d.sd, 2) == 59.61
    # a handful of facts any reader can check against the histogram
    assert d.quantile(0.5) == d.percentile(50) and 230 <= d.quantile(0.5) <= 260
    assert d.sf(0) == 1.0 and d.cdf(-1) == 0.0 and d.cdf(d.max) == 1.0
    assert d.sf(300) + d.cdf(299) == pytest.approx(1.0, abs=1e-12)


def test_exact_distribution_agrees_with_simulation(solver: Solver, start: ScoreDistribution) -> None:
    d = start
    scores = simulate(20_000, OptimalBot(solver), seed=11)
    sim = ScoreDistribution.from_scores(scores)
    lo, hi = sim.mean_ci(0.999)
    assert lo <= d.mean <= hi
    for t in (150, 200, 250, 300, 400):
        lo, hi = sim.sf_ci(t, 0.999)
        assert lo <= d.sf(t) <= hi, t


def test_heuristic_exact_and_python_simulation_agree(solver: Solver) -> None:
    exact = score_distribution(HeuristicBot(), MID, points=40)
    assert exact.exact and exact.min >= 40 and exact.mean < 40 + solver.value(MID)

    class Wrapped:  # a Python bot: simulated through choose()
        def __init__(self) -> None:
            self.inner = HeuristicBot()

        def choose(self, state: State, dice: Dice, rolls_left: int) -> Score | Reroll:
            return self.inner.choose(state, dice, rolls_left)

    bot: ChoosingBot = Wrapped()
    sim = score_distribution(bot, MID, points=40, games=3000, seed=4)
    assert not sim.exact and sim.games == 3000 and sim.min >= 40
    lo, hi = sim.mean_ci(0.999)
    assert lo <= exact.mean <= hi
    for t in (100, 140, 180):
        lo, hi = sim.sf_ci(t, 0.999)
        assert lo <= exact.sf(t) <= hi, t
    again = score_distribution(bot, MID, points=40, games=3000, seed=4)
    assert again == sim  # same seed, same games


class ActOnly:
    """A bot of the game protocol only (act(observation)), as a learned policy would be."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def act(self, observation: Any) -> Any:
        return self.inner.act(observation)


def test_protocol_bot_simulated_against_the_exact_distribution(solver: Solver, start: ScoreDistribution) -> None:
    """OptimalBot seen only through act(observation): simulated whole games; the exact
    distribution lies inside the confidence intervals (a fixed seed)."""
    bot = ActOnly(OptimalBot(solver))
    sim = score_distribution(bot, games=3000, seed=5)
    assert not sim.exact and sim.games == 3000
    lo, hi = sim.mean_ci(0.999)
    assert lo <= start.mean <= hi and hi - lo < 10
    for t in (150, 200, 250, 300, 400):
        lo, hi = sim.sf_ci(t, 0.999)
        assert lo <= start.sf(t) <= hi, t
    assert score_distribution(bot, games=3000, seed=5) == sim  # reproducible
    other = score_distribution(bot, games=3000, seed=6)
    assert other != sim
    shifted = score_distribution(bot, games=300, seed=5, points=25)
    assert np.array_equal(shifted.pmf[25:], score_distribution(bot, games=300, seed=5).pmf)
    # the whole games are real: a worse bot scores less, a bot the game refuses raises
    weak = score_distribution(ActOnly(HeuristicBot()), games=300, seed=5)
    assert weak.mean_ci(0.999)[1] < start.mean

    class Refused:
        def act(self, observation: Any) -> Any:
            return "score chance"  # legal once, refused on the second turn

    class Garbled:
        def act(self, observation: Any) -> Any:
            return "keep 7"

    with pytest.raises(IllegalActionError):
        score_distribution(Refused(), games=1)
    with pytest.raises(NotationError):
        score_distribution(Garbled(), games=1)
    with pytest.raises(InvalidValueError, match="empty card"):
        score_distribution(bot, MID)
    with pytest.raises(InvalidValueError, match="simulated"):
        score_distribution(bot, exact=True)
    with pytest.raises(InvalidValueError):
        score_distribution(bot, games=0)


def test_bit_identical_for_any_thread_count(solver: Solver) -> None:
    s = State(Categories([C.ACES, C.TWOS, C.THREES, C.CHANCE]), 9, False)
    one = solver.distribution(s, threads=1)
    two = solver.distribution(s, threads=2)
    assert np.array_equal(one.pmf, two.pmf)


def test_lazy_distribution_solves_only_what_it_needs() -> None:
    s = restricted_state("sixes, yahtzee, chance (bonus in reach)")
    lazy = Solver()
    d = lazy.distribution(s, points=200)
    assert not lazy.is_solved() and lazy.is_solved(s)
    assert d.mean == pytest.approx(200 + lazy.value(s), abs=1e-9) and d.min >= 200


def test_full_card_and_points() -> None:
    d = Solver().distribution(State(Categories.ALL, 63, True), points=321)
    assert d.exact and d.min == d.max == 321 and d.mean == 321 and d.sd == 0


# ---------------------------------------------------------------- the type


def test_score_distribution_type() -> None:
    d = ScoreDistribution([0.0, 0.25, 0.5, 0.25])
    assert d.min == 1 and d.max == 3 and d.mean == 2.0 and d.variance == 0.5
    assert d.quantile(0) == 1 and d.quantile(0.25) == 1 and d.quantile(0.26) == 2 and d.quantile(1) == 3
    assert d.prob(2) == 0.5 and d.prob(7) == 0.0 and d.sf(3) == 0.25 and d.cdf(2) == 0.75
    assert d.shifted(10).mean == 12.0 and d.mean_ci() == (2.0, 2.0) and d.sf_ci(2) == (0.75, 0.75)
    assert ScoreDistribution([0.5, 0.5, 0.0, 0.0]).max == 1  # trailing zeros dropped
    assert ScoreDistribution.point(7).pmf.tolist() == [0.0] * 7 + [1.0]
    assert pickle.loads(pickle.dumps(d)) == d and hash(pickle.loads(pickle.dumps(d))) == hash(d)
    assert repr(d) == "<ScoreDistribution exact mean=2.000000 sd=0.707107 scores=1..3>"
    assert d != ScoreDistribution([0.0, 0.25, 0.5, 0.25], exact=False, games=4) and d != "x"
    sim = ScoreDistribution.from_scores([200, 250, 250, 300])
    assert not sim.exact and sim.games == 4 and sim.prob(250) == 0.5
    lo, hi = sim.mean_ci(0.95)
    assert lo < 250 < hi and "simulated" in str(sim) and "games=4" in repr(sim)


@pytest.mark.parametrize(
    "bad",
    [[], [0.5, 0.6], [1.0, -0.0001, 0.0001], [float("nan"), 1.0], [[0.5, 0.5]]],
)
def test_bad_distributions_are_refused(bad: object) -> None:
    with pytest.raises(InvalidValueError):
        ScoreDistribution(bad)


def test_bad_arguments() -> None:
    d = ScoreDistribution([0.5, 0.5])
    with pytest.raises(InvalidValueError):
        d.quantile(1.5)
    with pytest.raises(InvalidValueError):
        d.mean_ci(1.0)
    with pytest.raises(InvalidValueError):
        d.shifted(-1)
    with pytest.raises(WrongTypeError):
        ScoreDistribution("0.5 0.5")
    with pytest.raises(InvalidValueError):
        ScoreDistribution.from_scores([])
    with pytest.raises(InvalidValueError):
        ScoreDistribution.from_scores([3, -1])
    with pytest.raises(WrongTypeError):
        Solver().distribution("start")  # type: ignore[arg-type]
    with pytest.raises(InvalidValueError):
        Solver().distribution(State.START, points=-5)
    with pytest.raises(InvalidValueError):
        score_distribution(HeuristicBot(), games=0, points=-1)
    with pytest.raises(StateFormatError):
        pickle.loads(pickle.dumps(d).replace(b"\x00\x00\x00\x00\x00\x00\xe0?", b"\x00\x00\x00\x00\x00\x00\xf0?"))


def test_an_illegal_python_bot_is_caught() -> None:
    class Greedy:
        def choose(self, state: State, dice: Dice, rolls_left: int) -> Score | Reroll:
            return Score(Category.CHANCE)  # illegal once chance is filled

    with pytest.raises(IllegalActionError, match="illegal box"):
        score_distribution(Greedy(), games=3)

    class Hoarder:
        def choose(self, state: State, dice: Dice, rolls_left: int) -> Score | Reroll:
            return Reroll(Keep("66"))

    with pytest.raises(IllegalActionError, match="illegal reroll"):
        score_distribution(Hoarder(), games=3)


# ---------------------------------------------------------------- reaching a target


@pytest.mark.parametrize("variant", variants())
@pytest.mark.parametrize("game", restricted_games(list(RESTRICTED)))
def test_threshold_equals_brute_force(variant: str, game: str) -> None:
    rules = VARIANTS[variant]
    s = restricted_state(game)
    t = ThresholdSolver(rules, max_target=320)
    want = oref.threshold(ref_state(s), 320, ref_rules(rules))
    got = t.probabilities(s)
    np.testing.assert_allclose(got, want, rtol=0, atol=1e-13)
    assert t.probability(s, 0, 0) == 1.0 and t.probability(s, 100, 60) == 1.0
    assert t.probability(s, 40, 140) == got[100]


@pytest.mark.parametrize("variant", variants())
def test_threshold_is_never_below_the_expected_score_strategy(variant: str) -> None:
    """For every target, the threshold strategy reaches it at least as often as the
    expected-score strategy (its probability read from the exact distribution)."""
    solver = solved(variant)
    s = MID if variant != "none+no-yahtzee-bonus+no-upper-bonus" else State.START  # cheap rows without bonuses
    d = solver.distribution(s)
    t = ThresholdSolver(solver.rules, max_target=d.max + 2)
    p = t.probabilities(s)
    sf = np.array([d.sf(x) for x in range(len(p))])
    assert p[0] == 1.0 and sf[0] == 1.0
    assert (p >= sf - 1e-12).all()
    assert (np.diff(p) <= 1e-15).all()  # reaching more is never likelier
    assert p[-1] == 0.0 and p[d.max] > 0.0  # the top score is reachable, one more is not
    gain = p - sf
    assert gain.max() > 0.01  # and playing for a target does pay somewhere


def test_threshold_rows_are_bit_identical_for_any_thread_count() -> None:
    """The 64 category sets below MID run on the thread pool (one set per thread at a
    time): every row of every state they hold is the same, bit for bit, on 1, 2 and 3
    threads."""
    tables = [ThresholdSolver(max_target=250) for _ in range(3)]
    for threads, t in enumerate(tables, start=1):
        t.solve_from(MID, threads=threads)
    base = MID.scored.bits
    open_bits = [1 << c for c in range(13) if not base >> c & 1]
    compared = 0
    for pick in range(1 << len(open_bits)):
        bits = base | sum(b for i, b in enumerate(open_bits) if pick >> i & 1)
        for upper in range(64):
            for y50 in (False, True):
                try:
                    s = State(Categories.from_bits(bits), upper, y50)
                except InvalidValueError:
                    continue  # not a card anyone can hold
                rows = [t.probabilities(s) for t in tables]
                assert np.array_equal(rows[0], rows[1], equal_nan=True) and np.array_equal(
                    rows[0], rows[2], equal_nan=True
                )
                compared += 1
    assert compared > 1000
    assert tables[0].table_bytes == tables[1].table_bytes == tables[2].table_bytes
    assert tables[0].rows == tables[1].rows == tables[2].rows


def test_threshold_queries() -> None:
    t = ThresholdSolver(max_target=200)
    s = restricted_state("sixes, yahtzee, chance (bonus in reach)")
    cats = dict(t.category_values(s, 100, 160, "66666"))
    assert set(cats) == {C.SIXES, C.YAHTZEE, C.CHANCE}
    assert not t.is_solved() and t.is_solved(s) and t.rows > 0 and t.table_bytes > 0
    assert "ThresholdSolver" in repr(t) and t.max_target == 200 and t.rules == Rules()
    # the best action's value is the largest of the options, and the turn's value
    # averaged over the first roll is the table's
    for points, target in ((100, 160), (50, 200), (0, 120)):
        for dice in ("12345", "66611", "33333", "66662"):
            for rolls_left in (0, 1, 2):
                best = t.best_action(s, points, target, dice, rolls_left)
                cv = dict(t.category_values(s, points, target, dice))
                if rolls_left == 0:
                    assert isinstance(best, Score) and cv[best.category] == max(cv.values())
                    continue
                kv = dict(t.keep_values(s, points, target, dice, rolls_left))
                value = cv[best.category] if isinstance(best, Score) else kv[best.keep]
                assert value == pytest.approx(max(kv.values()), abs=1e-15)
        first = sum(d.probability * max(dict(t.keep_values(s, points, target, d, 2)).values()) for d in Dice.all())
        assert first == pytest.approx(t.probability(s, points, target), abs=1e-14)


def test_threshold_errors() -> None:
    with pytest.raises(InvalidValueError):
        ThresholdSolver(max_target=-1)
    with pytest.raises(InvalidValueError):
        ThresholdSolver(max_target=5000)
    t = ThresholdSolver(max_target=50)
    with pytest.raises(InvalidValueError, match="max_target"):
        t.probability(MID, 0, 51)
    with pytest.raises(InvalidValueError):
        t.probability(MID, -1, 10)
    with pytest.raises(PhaseError):
        t.best_action(State(Categories.ALL, 0, False), 0, 10, "11111", 0)
    with pytest.raises(InvalidValueError):
        t.best_action(restricted_state("3K, large straight, yahtzee"), 0, 10, "11111", 3)
    with pytest.raises(WrongTypeError):
        t.probabilities(42)  # type: ignore[arg-type]


# ---------------------------------------------------------------- beating an opponent


def random_opponent(seed: int, top: int = 160) -> ScoreDistribution:
    q = np.random.default_rng(seed).random(top)
    q[:20] = 0.0
    return ScoreDistribution(q / q.sum())


@pytest.mark.parametrize("variant", variants(["forced", "free", "none+no-yahtzee-bonus+no-upper-bonus"]))
@pytest.mark.parametrize("game", restricted_games(list(RESTRICTED)[:3]))
@pytest.mark.parametrize("tie", [0.0, 0.5])
def test_heads_up_equals_brute_force(variant: str, game: str, tie: float) -> None:
    rules = VARIANTS[variant]
    s = restricted_state(game)
    opp = random_opponent(7)
    q = opp.pmf
    h = HeadsUpSolver(opp, rules, tie)

    def f(p: int) -> float:
        return float(q[: min(p, len(q))].sum() + tie * (q[p] if p < len(q) else 0.0))

    want = oref.utility(ref_state(s), f, opp.max + 1, ref_rules(rules))
    got = h.win_probabilities(s)
    reachable = ~np.isnan(got)
    assert reachable[0] and reachable.sum() > 100  # only points this card cannot hold are left out
    np.testing.assert_allclose(got[reachable], want[reachable], rtol=0, atol=1e-13)
    for points in (0, 25, 70, 130):
        assert h.win_probability(s, points) == got[points]


def test_heads_up_against_a_final_score_is_the_threshold() -> None:
    t = ThresholdSolver(max_target=250)
    for y in (150, 210):
        h = HeadsUpSolver(y)
        for points in (0, 60, 140):
            assert h.win_probability(MID, points) == t.probability(MID, points, y + 1)
        w = h.win_probabilities(MID)
        assert len(w) == y + 2 and w[-1] == 1.0


def test_heads_up_beats_the_expected_score_strategy(solver: Solver) -> None:
    opp = solver.distribution(MID, points=90)  # an opponent on the same card, 90 points up
    h = HeadsUpSolver(opp)
    for points in (40, 90, 140):
        mine = solver.distribution(MID, points=points)
        plain = win_probability(mine, opp)
        best = h.win_probability(MID, points)
        assert best >= plain - 1e-12
    assert h.win_probability(MID, 90) > win_probability(solver.distribution(MID, points=90), opp) + 1e-3
    assert "HeadsUpSolver" in repr(h) and h.tie == 0.0 and h.opponent == opp


def test_win_probability_of_two_distributions() -> None:
    x = ScoreDistribution([0.0, 0.5, 0.5])
    y = ScoreDistribution([0.25, 0.25, 0.5])
    assert win_probability(x, y) == pytest.approx(0.5 * 0.25 + 0.5 * 0.5)
    assert win_probability(x, y) + win_probability(y, x) + (0.5 * 0.25 + 0.5 * 0.5) == pytest.approx(1.0)
    assert win_probability(x, y, tie=0.5) == pytest.approx(0.375 + 0.5 * 0.375)
    with pytest.raises(InvalidValueError):
        win_probability(x, y, tie=1.5)
    with pytest.raises(WrongTypeError):
        win_probability(x, [0.5, 0.5])  # type: ignore[arg-type]


def test_heads_up_errors() -> None:
    with pytest.raises(WrongTypeError):
        HeadsUpSolver(True)  # type: ignore[arg-type]
    with pytest.raises(InvalidValueError):
        HeadsUpSolver(2000)
    with pytest.raises(InvalidValueError):
        HeadsUpSolver(200, tie=1.5)
    with pytest.raises(InvalidValueError):
        HeadsUpSolver([0.5, 0.6])
    h = HeadsUpSolver(300)
    with pytest.raises(InvalidValueError, match="scored that many"):
        h.win_probability(
            restricted_state("aces, twos, 4K (Yahtzee 0 scored)"), 250
        )  # these ten boxes hold 213 at most
    assert h.win_probability(MID, 500) == 1.0  # beyond the opponent already


# ---------------------------------------------------------------- advice and the two-player bot


def test_advise_trades_the_mean_for_the_target(solver: Solver) -> None:
    s = restricted_state("sixes, yahtzee, chance (bonus in reach)")
    rows = advise(s, "66662", 2, points=100, solver=solver, target=185, opponent=180)
    assert [r.objective for r in rows] == ["mean", "reach 185", "beat the opponent"]
    mean, reach, win = rows
    assert mean.action == solver.best_action(s, "66662", 2)
    assert mean.mean >= reach.mean and mean.mean >= win.mean
    assert reach.reach is not None and mean.reach is not None and reach.reach >= mean.reach
    assert win.win is not None and mean.win is not None and win.win >= mean.win
    assert all(isinstance(r, ObjectiveAdvice) for r in rows)
    # what each gives up: against the other objectives' own best actions, never negative
    assert set(mean.gives_up) == {"reach", "win"} and set(reach.gives_up) == {"mean", "win"}
    assert mean.gives_up["reach"] == pytest.approx(reach.reach - mean.reach, abs=1e-15)
    assert reach.gives_up["mean"] == pytest.approx(mean.mean - reach.mean, abs=1e-12)
    assert win.gives_up["reach"] == pytest.approx(reach.reach - win.reach, abs=1e-15)
    assert all(v >= 0.0 for r in rows for v in r.gives_up.values())
    # a position where they disagree (the command-line example below)
    late = State(
        Categories([C.ACES, C.TWOS, C.THREES, C.FOURS, C.FIVES, C.THREE_OF_A_KIND, C.FOUR_OF_A_KIND, C.SMALL_STRAIGHT]),
        40,
        False,
    )
    m, r, w = advise(late, "66655", 1, points=110, solver=solver, target=210, opponent=200)
    assert m.action != r.action and m.gives_up["reach"] > 1e-3 and m.gives_up["win"] > 1e-2
    assert r.gives_up["mean"] > 1.0 and r.gives_up["win"] == 0.0
    assert pickle.loads(pickle.dumps(rows)) == rows
    only_mean = advise(s, "66662", 0, points=100, solver=solver)
    assert len(only_mean) == 1 and only_mean[0].reach is None and only_mean[0].win is None
    assert only_mean[0].gives_up == {}


def late_game(points_me: int, points_them: int) -> Game:
    """A two-player game with three boxes left for each player, player 0 to play."""
    g = Game(2, seed=5)
    d = g.to_dict()
    mine = {
        "aces": 3,
        "twos": 6,
        "threes": 9,
        "fours": 12,
        "fives": 15,
        "three_of_a_kind": 20,
        "four_of_a_kind": 0,
        "full_house": 25,
        "small_straight": 30,
        "large_straight": 40,
    }
    theirs = dict(mine, full_house=0, large_straight=0, four_of_a_kind=24)
    for card, boxes in zip(d["state"]["scorecards"], (mine, theirs)):
        card["boxes"].update(boxes)
    return Game.from_dict(d)


def test_best_reply_bot_plays_a_two_player_ending(solver: Solver) -> None:
    game = late_game(0, 0)
    bot = BestReplyBot(solver)
    me, them = game.scorecard(0), game.scorecard(1)
    obs = game.observation(0)
    state, dice, rl = obs.state, obs.dice, obs.rolls_left
    assert dice is not None
    table = HeadsUpSolver(solver.distribution(them.state, points=them.total))
    assert bot.choose(state, me.total, them.state, them.total, dice, rl) == table.best_action(state, me.total, dice, rl)
    turns = 0
    while not game.is_terminal:
        seat = game.current_player
        player = bot if seat == 0 else OptimalBot(solver)
        game.apply(player.act(game.observation(seat)))
        turns += 1
    assert game.is_terminal and turns >= 6 and "BestReplyBot" in repr(bot)
    with pytest.raises(InvalidValueError):
        bot.act(Game(1).observation(0))


def test_best_reply_bot_exactly_in_a_two_box_ending(solver: Solver) -> None:
    """Two boxes left each, we play first: BestReplyBot's win probability computed exactly
    (its first turn is the heads-up strategy against the opponent as they stand; after
    each of the opponent's first-turn outcomes, its last turn is the heads-up strategy
    against the opponent's new distribution) lies between the heads-up strategy solved
    once and the clairvoyant bound, as open-loop feedback control should, and above the
    expected-score strategy."""
    from parlour.yahtzee.objectives import _turn

    class Policy:
        def __init__(self, choose: Callable[[State, Dice, int], Score | Reroll]) -> None:
            self.choose = choose

    mine = theirs = State(~Categories([C.SIXES, C.CHANCE]), 45, False)
    mp, tp = 200, 205
    bot = BestReplyBot(solver, tie=0.5)
    q0 = solver.distribution(theirs, points=tp)
    open_loop = HeadsUpSolver(q0, tie=0.5)
    first = _turn(Policy(lambda s, d, k: bot.choose(s, mp, theirs, tp, d, k)), mine, solver.rules)
    replies = _turn(Policy(solver.best_action), theirs, solver.rules)
    exact = 0.0
    for (their_next, their_gain), pt in replies.items():
        t1 = State.from_index(their_next)
        assert t1 is not None
        table = bot.table(t1, tp + their_gain)  # what the bot plays its last turn with
        for (our_next, our_gain), po in first.items():
            s1 = State.from_index(our_next)
            assert s1 is not None
            exact += po * pt * table.win_probability(s1, mp + our_gain)
    heads_up = open_loop.win_probability(mine, mp)
    clairvoyant = sum(
        q0.pmf[y] * HeadsUpSolver(y, tie=0.5).win_probability(mine, mp) for y in range(len(q0.pmf)) if q0.pmf[y] > 0
    )
    mean = win_probability(solver.distribution(mine, points=mp), q0, tie=0.5)
    assert sum(first.values()) == pytest.approx(1.0, abs=1e-12) and sum(replies.values()) == pytest.approx(
        1.0, abs=1e-12
    )
    assert mean < heads_up < exact < clairvoyant
    assert exact - heads_up > 5e-4  # looking at the opponent's card is worth something here


# ---------------------------------------------------------------- the command line

ADVISE = [
    "yahtzee",
    "advise",
    "--state",
    "aces,twos,threes,fours,fives,three_of_a_kind,four_of_a_kind,small_straight upper=40",
    "--dice",
    "66655",
    "--rolls-left",
    "1",
    "--points",
    "110",
]


def run_cli(*argv: str) -> str:
    from parlour.cli import main

    out = io.StringIO()
    assert main(list(argv), out) == 0
    return out.getvalue()


def test_cli_advise_under_every_objective() -> None:
    text = run_cli(*ADVISE, "--target", "210", "--opponent-final", "200")
    assert "best: keep 666" in text  # the mean's advice, as before
    lines: dict[str, str] = {}
    for line in text.splitlines():
        if line.startswith("  ") and line.split():
            lines.setdefault(line.split()[0], line)  # the table's row, before the "gives up" lines
    assert "score full_house" in lines["reach"] and "0.59900" in lines["reach"] and "0.70240" in lines["reach"]
    assert "keep 666" in lines["mean"] and "208.906" in lines["mean"]
    assert "mean (keep 666): P(>=210) -0.00252, P(win) -0.07749" in text
    assert "reach 210 (score full_house): E[final] -1.440, nothing on P(win)" in text
    assert "finished with 200" in text


def test_cli_advise_against_an_opponent_still_playing(capsys: pytest.CaptureFixture[str]) -> None:
    from parlour.cli import main

    text = run_cli(
        *ADVISE,
        "--opponent-state",
        "aces,twos,threes,fours,fives,sixes,three_of_a_kind,four_of_a_kind upper=63",
        "--opponent-points",
        "150",
        "--tie",
        "0.5",
    )
    assert "beat the opponent" in text and "P(win)" in text and "playing the expected-score strategy" in text
    assert main([*ADVISE, "--opponent-final", "200", "--opponent-state", "start"], io.StringIO()) == 1
    assert "either --opponent-final or --opponent-state" in capsys.readouterr().err
