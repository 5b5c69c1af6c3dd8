"""The CardCollection protocol: add_card returns a new collection or raises IllegalMove; pop_card lists every (rest, card)."""

from __future__ import annotations

import pickle
from collections.abc import Iterator

import pytest

from parlour.cards import Card, Suit
from parlour.errors import IllegalActionError
from parlour.freecell import Cascade, Cascades, Foundation, Foundations, Freecells, IllegalMove, InvalidPosition


def test_illegal_move_is_registered_subclass() -> None:
    assert issubclass(IllegalMove, IllegalActionError)
    with pytest.raises(IllegalMove):
        Foundations().add_card("2s")


class TestFoundation:
    def test_ace_on_empty_then_next_rank(self) -> None:
        f = Foundation(Suit.SPADE)
        f1 = f.add_card("As")
        assert len(f) == 0 and len(f1) == 1  # persistent: the original is unchanged
        assert f1.add_card("2s").top == Card("2s")

    @pytest.mark.parametrize("bad", ["2s", "Ah", "Kd", "3s"])
    def test_refuses(self, bad: str) -> None:
        with pytest.raises(IllegalMove, match=bad[0]):
            Foundation(Suit.SPADE).add_card(bad)

    def test_wrong_suit_even_if_next_rank(self) -> None:
        with pytest.raises(IllegalMove):
            Foundation(Suit.SPADE, 1).add_card("2c")

    def test_full_pile_refuses_everything(self) -> None:
        f = Foundation(Suit.HEART, 13)
        assert f.is_complete and f.cards()[-1] == Card("Kh")
        for c in ("Ah", "Kh", "2h"):
            with pytest.raises(IllegalMove):
                f.add_card(c)

    def test_pop_card_always_empty(self) -> None:
        assert Foundation(Suit.CLUB, 5).pop_card() == []


class TestFoundations:
    def test_indexed_by_suit_spade_is_one(self) -> None:
        f = Foundations().add_card("As").add_card("2s")
        assert int(Suit.SPADE) == 1
        assert f[Suit.SPADE].height == 2 and f.heights == (0, 2, 0, 0)
        assert f.foundation(Suit.SPADE).cards() == [Card("As"), Card("2s")]
        assert all(c.suit == Suit.SPADE for c in f[Suit.SPADE].cards())
        assert Card("2s") in f and Card("3s") not in f

    def test_every_card_rule_against_reference(self) -> None:
        heights = (3, 0, 12, 13)
        f = Foundations(heights)
        for i in range(52):
            c = Card.from_index(i)
            ok = c.rank == heights[int(c.suit)] + 1
            assert f.accepts(c) == ok
            if ok:
                assert f.add_card(c).heights[int(c.suit)] == heights[int(c.suit)] + 1
            else:
                with pytest.raises(IllegalMove):
                    f.add_card(c)
        assert f.heights == heights  # refused additions changed nothing

    def test_pop_card_always_empty(self) -> None:
        assert Foundations((13, 13, 13, 13)).pop_card() == []

    def test_bad_heights(self) -> None:
        with pytest.raises(ValueError):
            Foundations((14, 0, 0, 0))
        with pytest.raises(ValueError):
            Foundations((1, 2, 3))


class TestFreecells:
    def test_fills_first_empty_then_refuses_when_full(self) -> None:
        f = Freecells()
        for i, c in enumerate(["Ks", "2h", "9d", "Ac"]):
            f = f.add_card(c)
            assert f[i] == Card(c) and f.count == i + 1
        with pytest.raises(IllegalMove, match="full"):
            f.add_card("3c")
        assert f.count == 4

    def test_fills_gap(self) -> None:
        f = Freecells([Card("Ks"), None, Card("2h"), None]).add_card("5c")
        assert list(f) == [Card("Ks"), Card("5c"), Card("2h"), None]

    def test_pop_card_one_result_per_card(self) -> None:
        f = Freecells(["Ks", None, "2h", None])
        pops = f.pop_card()
        assert sorted(str(c) for _, c in pops) == ["2h", "Ks"]
        for rest, c in pops:
            assert rest.count == 1 and c not in rest.cards()
        assert Freecells().pop_card() == []

    def test_card_twice_is_invalid(self) -> None:
        with pytest.raises(InvalidPosition):
            Freecells(["Ks", "Ks"])
        with pytest.raises(IllegalMove):
            Freecells(["Ks"]).add_card("Ks")

    def test_too_many_cells(self) -> None:
        with pytest.raises(ValueError):
            Freecells(["As", "2s", "3s", "4s", "5s"])


class TestCascade:
    def test_empty_takes_anything_including_aces(self) -> None:
        for i in range(52):
            c = Card.from_index(i)
            assert Cascade().add_card(c).cards == [c]

    def test_builds_down_alternating_against_reference(self) -> None:
        col = Cascade("Kd 9s")
        top = Card("9s")
        for i in range(52):
            c = Card.from_index(i)
            ok = c.rank == top.rank - 1 and (int(c.suit) >= 2) != (int(top.suit) >= 2)
            assert col.accepts(c) == ok, c
            if ok:
                assert col.add_card(c).top == c
            else:
                with pytest.raises(IllegalMove):
                    col.add_card(c)
        assert str(col) == "Kd 9s"

    def test_pop_card_takes_the_top(self) -> None:
        col = Cascade("Jd Kd 2s")
        ((rest, c),) = col.pop_card()
        assert c == Card("2s") and rest == Cascade("Jd Kd")
        assert Cascade().pop_card() == []

    def test_run_length(self) -> None:
        assert Cascade("Jd Kd Qs Jh Tc").run_length() == 4
        assert Cascade("Jd").run_length() == 1 and Cascade().run_length() == 0
        assert Cascade("9s 8s").run_length() == 1

    def test_sequence_protocol_and_values(self) -> None:
        col = Cascade(["Jd", Card("Kd")])
        assert len(col) == 2 and col[0] == Card("Jd") and col[-1] == Card("Kd") and list(col) == col.cards
        assert col == Cascade("Jd Kd") and hash(col) == hash(Cascade("Jd Kd"))
        assert eval(repr(col)) == col
        assert pickle.loads(pickle.dumps(col)) == col


def test_cascades_pop_card() -> None:
    cs = Cascades(["Jd Kd", "", "2s"])
    assert len(cs) == 8
    pops = cs.pop_card()
    assert sorted(str(c) for _, c in pops) == ["2s", "Kd"]
    with pytest.raises(InvalidPosition):
        Cascades([""] * 9)


@pytest.mark.parametrize(
    "value",
    [Foundation(Suit.HEART, 4), Foundations((1, 2, 3, 4)), Freecells(["Ks", None, "2h"]), Cascade("Jd Kd 2s")],
)
def test_values_pickle_repr_hash(value: object) -> None:
    assert pickle.loads(pickle.dumps(value)) == value
    ns = {
        "Foundation": Foundation,
        "Foundations": Foundations,
        "Freecells": Freecells,
        "Cascade": Cascade,
        "Card": Card,
        "Suit": Suit,
    }
    assert eval(repr(value), ns) == value
    assert hash(pickle.loads(pickle.dumps(value))) == hash(value)


def test_a_cascade_of_more_than_a_deck_is_refused_before_reading_on() -> None:
    import itertools

    from parlour.errors import InvalidValueError, WrongTypeError

    assert len(Cascade(["As"] * 52)) == 52  # a reader checks size, not the cards' uniqueness
    with pytest.raises(InvalidValueError, match="at most 52 cards"):
        Cascade(itertools.repeat("As"))  # endless: refused at the 53rd card
    with pytest.raises(InvalidValueError, match="at most 52 cards"):
        Cascade("As " * 53)

    def failing() -> Iterator[str]:
        yield "As"
        raise ValueError("no more\nof this")

    with pytest.raises(
        WrongTypeError, match=r"^cascade: iterating over generator failed \(ValueError: no more of this\)$"
    ):
        Cascade(failing())
