"""Scoring and legality against the plain-Python reference on all 252 rolls, and the joker
cases of the Rust crate yahtzee-engine (State::legal_categories / State::apply)."""

from __future__ import annotations

import pickle

import pytest

from parlour.errors import IllegalActionError, InvalidValueError, NotationError, StateFormatError
from parlour.yahtzee import Categories, Category, Dice, Joker, Rules, Scorecard, State

from .reference import CATS, apply, legal, natural, rolls

RULES = {
    "forced": Rules(),
    "free": Rules(Joker.FREE),
    "none": Rules(Joker.NONE),
}


def test_category_order_and_names() -> None:
    assert [c.value for c in Category] == list(range(13))
    assert [c.label for c in Category] == CATS
    assert [c.upper_face for c in Category] == [1, 2, 3, 4, 5, 6] + [0] * 7
    assert Categories.UPPER.bits == 0x3F and Categories.LOWER.bits == 0x1FC0 and Categories.ALL.bits == 0x1FFF
    assert list(Categories.UPPER) == list(Category)[:6]


def test_every_category_on_all_252_rolls() -> None:
    for r in rolls():
        d = Dice.from_faces(list(r))
        for c in Category:
            assert c.score(d) == natural(c.value, r) == d.score(c), (c, r)


def test_natural_traps() -> None:
    assert Category.FULL_HOUSE.score("66666") == 0
    assert Category.SMALL_STRAIGHT.score("66666") == 0
    assert Category.SMALL_STRAIGHT.score("12346") == 30
    assert Category.SMALL_STRAIGHT.score("13456") == 30
    assert Category.SMALL_STRAIGHT.score("12456") == 0
    assert Category.LARGE_STRAIGHT.score("23456") == 40
    assert Category.FOUR_OF_A_KIND.score("55556") == 26
    assert Category.THREE_OF_A_KIND.score("55566") == 27


@pytest.mark.parametrize("joker", ["forced", "free", "none"])
def test_legality_and_apply_match_reference_for_many_cards(joker: str) -> None:
    rules = RULES[joker]
    ref_rules = {"joker": joker, "yahtzee_bonus": True, "upper_bonus": True}
    masks = [
        0,
        1 << 11,
        (1 << 11) | (1 << 3),
        0x1FFF & ~(1 << 3),
        0x3F | (1 << 11),
        0x1FC0,
        0x0FFF,
        0x1F7F,
        (1 << 11) | 0x3F | (1 << 8),
    ]
    for mask in masks:
        for upper in (0, 62):
            for y50 in (False, True):
                ok_upper = min(upper, sum(5 * f for f in range(1, 7) if mask >> (f - 1) & 1))
                s = State(Categories.from_bits(mask), ok_upper, y50 and bool(mask >> 11 & 1))
                ref_state = (s.scored.bits, s.upper, s.yahtzee_50)
                for r in rolls():
                    d = Dice.from_faces(list(r))
                    got = [c.value for c in s.legal_categories(d, rules)]
                    assert got == legal(mask, r, joker), (mask, r)
                    for c in Category:
                        delta = s.apply(c, d, rules)
                        if c.value not in got:
                            assert delta is None
                            continue
                        assert delta is not None
                        reward, nxt = apply(ref_state, c.value, r, ref_rules)
                        assert delta.reward == reward
                        assert (delta.next.scored.bits, delta.next.upper, delta.next.yahtzee_50) == nxt


def yahtzee_50_card(*filled: Category, upper: int = 0) -> State:
    return State(Categories([Category.YAHTZEE, *filled]), upper, True)


def test_seed_joker_forced_upper_box() -> None:
    s = yahtzee_50_card()
    d = Dice("44444")
    assert s.legal_categories(d) == Categories([Category.FOURS])
    delta = s.apply(Category.FOURS, d)
    assert delta is not None and (delta.value, delta.yahtzee_bonus, delta.reward) == (20, 100, 120)
    assert s.apply(Category.FULL_HOUSE, d) is None
    assert s.apply(Category.CHANCE, d) is None


def test_seed_joker_lower_box_at_joker_value() -> None:
    s = yahtzee_50_card(Category.FOURS, upper=12)
    d = Dice("44444")
    assert s.legal_categories(d) == Categories.LOWER - Categories([Category.YAHTZEE])
    expect = {
        Category.THREE_OF_A_KIND: 20,
        Category.FOUR_OF_A_KIND: 20,
        Category.FULL_HOUSE: 25,
        Category.SMALL_STRAIGHT: 30,
        Category.LARGE_STRAIGHT: 40,
        Category.CHANCE: 20,
    }
    for c, v in expect.items():
        delta = s.apply(c, d)
        assert delta is not None and delta.value == v and delta.yahtzee_bonus == 100
    assert s.apply(Category.ACES, d) is None


def test_seed_joker_forced_zero_still_earns_the_bonus() -> None:
    s = yahtzee_50_card(Category.FOURS, *[c for c in Category if c.value >= 6], upper=12)
    d = Dice("44444")
    assert s.legal_categories(d) == Categories(
        [Category.ACES, Category.TWOS, Category.THREES, Category.FIVES, Category.SIXES]
    )
    delta = s.apply(Category.SIXES, d)
    assert delta is not None and (delta.value, delta.yahtzee_bonus, delta.reward) == (0, 100, 100)


def test_joker_with_a_zero_in_the_yahtzee_box_has_no_bonus() -> None:
    s = State(Categories([Category.YAHTZEE, Category.SIXES]), 18, False)
    delta = s.apply(Category.LARGE_STRAIGHT, Dice("66666"))
    assert delta is not None and (delta.value, delta.yahtzee_bonus) == (40, 0)
    assert s.legal_categories(Dice("55555")) == Categories([Category.FIVES])


def test_free_joker_pays_only_when_the_upper_box_is_filled() -> None:
    rules = Rules(Joker.FREE)
    s = yahtzee_50_card()
    d = Dice("33333")
    assert s.legal_categories(d, rules) == ~Categories([Category.YAHTZEE])
    assert s.apply(Category.FULL_HOUSE, d, rules).value == 0  # type: ignore[union-attr]
    s2 = yahtzee_50_card(Category.THREES, upper=9)
    assert s2.apply(Category.FULL_HOUSE, d, rules).value == 25  # type: ignore[union-attr]
    assert s2.apply(Category.FULL_HOUSE, d, rules).yahtzee_bonus == 100  # type: ignore[union-attr]


def test_no_joker_and_no_bonus_switches() -> None:
    s = yahtzee_50_card(Category.THREES, upper=9)
    assert s.apply(Category.FULL_HOUSE, Dice("33333"), Rules(Joker.NONE)).reward == 100  # type: ignore[union-attr]
    nb = Rules(Joker.NONE, yahtzee_bonus=False, upper_bonus=False)
    assert s.apply(Category.FULL_HOUSE, Dice("33333"), nb).reward == 0  # type: ignore[union-attr]
    s3 = State(Categories([Category.SIXES, Category.FOURS, Category.THREES]), 60, False)
    assert s3.upper == 60
    assert s3.apply(Category.FIVES, Dice("55512")).upper_bonus == 35  # type: ignore[union-attr]
    assert s3.apply(Category.FIVES, Dice("55512"), nb).upper_bonus == 0  # type: ignore[union-attr]


def test_rules_text_round_trip() -> None:
    for r in [Rules(j, yb, ub) for j in Joker for yb in (True, False) for ub in (True, False)]:
        assert Rules.parse(str(r)) == r
        assert eval(repr(r)) == r
        assert pickle.loads(pickle.dumps(r)) == r
    assert Rules.parse("default") == Rules()
    with pytest.raises(NotationError, match="bogus"):
        Rules.parse("bogus")


def test_scorecard_plays_and_refuses_without_change() -> None:
    card = Scorecard()
    assert card.score(Category.YAHTZEE, "22222").value == 50
    assert card.score(Category.SIXES, "66663").value == 24
    before = card.to_dict()
    with pytest.raises(IllegalActionError, match="already filled"):
        card.score(Category.SIXES, "66666")
    with pytest.raises(IllegalActionError, match="joker"):
        card.score(Category.CHANCE, "22222")  # forced into Twos
    assert card.to_dict() == before
    d = card.score(Category.TWOS, "22222")
    assert (d.value, d.yahtzee_bonus) == (10, 100)
    assert card.yahtzee_bonuses == 1
    assert card.upper_subtotal == 34 and card.upper_bonus == 0
    assert card.total == 50 + 24 + 10 + 100
    assert card.get(Category.SIXES) == 24 and card.get(Category.ACES) is None
    assert Scorecard.from_dict(card.to_dict()) == card
    assert pickle.loads(pickle.dumps(card)) == card
    assert "Total" in str(card)


def test_scorecard_upper_bonus_and_uncapped_subtotal() -> None:
    card = Scorecard()
    for c, dice in [(Category.SIXES, "66666"), (Category.FIVES, "55555"), (Category.FOURS, "44444")]:
        card.score(c, dice)
    assert card.upper_subtotal == 75 and card.state.upper == 63 and card.upper_bonus == 35


@pytest.mark.parametrize(
    "boxes, bonuses",
    [({"sixes": 7}, 0), ({"full_house": 20}, 0), ({"chance": 3}, 0), ({"yahtzee": 0}, 1), ({}, -1)],
)
def test_scorecard_from_dict_rejects_impossible_cards(boxes: dict[str, int], bonuses: int) -> None:
    d = Scorecard().to_dict()
    d["boxes"].update(boxes)
    d["yahtzee_bonuses"] = bonuses
    with pytest.raises(StateFormatError):
        Scorecard.from_dict(d)


def test_category_coercion_errors() -> None:
    with pytest.raises(NotationError, match="nonsense"):
        State.START.apply("nonsense", "11111")  # type: ignore[arg-type]
    with pytest.raises(InvalidValueError):
        State.START.apply(13, "11111")  # type: ignore[arg-type]
