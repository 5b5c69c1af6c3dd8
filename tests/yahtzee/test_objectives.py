"""Objectives beyond the mean: exact score distributions (checked against a brute-force
reference on small restricted games, against simulation and against the solver's
values), and the ScoreDistribution type."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

from parlour.errors import IllegalActionError, InvalidValueError, StateFormatError, WrongTypeError
from parlour.yahtzee import (
    Categories,
    Category,
    Dice,
    HeuristicBot,
    Keep,
    OptimalBot,
    Reroll,
    Score,
    ScoreDistribution,
    Solver,
    State,
    YahtzeeRules,
    score_distribution,
    simulate,
)
from parlour.yahtzee.objectives import ChoosingBot

from . import objectives_reference as oref
from .conftest import VARIANTS, solved

C = Category

# Small restricted games: the boxes left open, the upper subtotal and the Yahtzee-50 flag.
# They cover the upper bonus still in reach, the Yahtzee box open or filled with 50 (the
# joker rules and the 100 bonus), and a lower-only ending.
RESTRICTED = {
    "sixes, yahtzee, chance (bonus in reach)": ([C.SIXES, C.YAHTZEE, C.CHANCE], 40, False),
    "fours, full house, small straight (Yahtzee 50 scored)": ([C.FOURS, C.FULL_HOUSE, C.SMALL_STRAIGHT], 50, True),
    "3K, large straight, yahtzee": ([C.THREE_OF_A_KIND, C.LARGE_STRAIGHT, C.YAHTZEE], 63, False),
    "aces, twos, 4K (Yahtzee 0 scored)": ([C.ACES, C.TWOS, C.FOUR_OF_A_KIND], 58, False),
}


def restricted_state(name: str) -> State:
    open_, upper, y50 = RESTRICTED[name]
    return State(~Categories(open_), upper, y50)


def ref_state(s: State) -> oref.RefState:
    return (s.scored.bits, s.upper, s.yahtzee_50)


def ref_rules(rules: YahtzeeRules) -> dict:
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


@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.parametrize("game", list(RESTRICTED))
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


@pytest.mark.parametrize("variant", ["forced", "none+no-yahtzee-bonus+no-upper-bonus"])
@pytest.mark.parametrize("game", list(RESTRICTED)[:2])
def test_heuristic_distribution_equals_brute_force(variant: str, game: str) -> None:
    rules = VARIANTS[variant]
    bot = HeuristicBot(rules)
    s = restricted_state(game)
    want = as_pmf(oref.distribution(ref_state(s), engine_policy(bot), ref_rules(rules)))
    got = score_distribution(bot, s)
    np.testing.assert_allclose(got.pmf, want, rtol=0, atol=1e-13)


# ---------------------------------------------------------------- the whole game


@pytest.fixture(scope="module")
def start(solver: Solver) -> ScoreDistribution:
    """The optimal strategy's distribution from the empty card, default rules."""
    return solver.distribution()


# A mid-game card (six boxes open) where the other variants are checked more cheaply.
MID = State(Categories([C.ACES, C.THREES, C.FIVES, C.FOUR_OF_A_KIND, C.SMALL_STRAIGHT, C.YAHTZEE, C.CHANCE]), 14, True)


FROM_START = {"forced", "free", "none+no-yahtzee-bonus+no-upper-bonus"}


@pytest.mark.parametrize("variant", list(VARIANTS))
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
