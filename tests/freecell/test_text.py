"""Text formats (the crate's and the solver board format), validation and canonical keys."""

from __future__ import annotations

import pickle
import random

import pytest

from parlour.cards import Card
from parlour.errors import NotationError, StateFormatError
from parlour.freecell import Cascade, Foundations, Freecells, GameState, InvalidPosition

BOARD = """Foundations: H-5 C-A S-0 D-K
Freecells: 7H - QC -
: 6H
: KS QH
:
: 2C 3C 4C 5C 6C 7C 8C 9C TC JC KC
: AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS
: 8H 9H TH JH KH
:
:
"""


def walk(n: int, steps: int, seed: int) -> list[GameState]:
    rng = random.Random(seed)
    g = GameState.from_ms_deal(n)
    out = [g]
    for _ in range(steps):
        moves = g.legal_moves(supermoves=True)
        if not moves:
            break
        g = rng.choice(moves)[0]
        out.append(g)
    return out


def test_board_format_parses_the_common_example() -> None:
    g = GameState.parse_board(BOARD)
    assert g.foundations.heights == (1, 0, 5, 13)
    assert g.freecells[0] == Card("7h") and g.freecells[1] is None and g.freecells[2] == Card("Qc")
    assert g.cascades[1] == Cascade("Ks Qh") and len(g.cascades[2]) == 0 and g.empty_cascades == 3
    assert GameState.parse_board(g.to_board()) == g


def test_board_without_colons_and_ten_spelled_out() -> None:
    text = "\n".join(
        " ".join(c.replace("T", "10") for c in line.split())
        for line in [
            "JD KD 2S 4C 3S 6D 6S",
            "2D KC KS 5C TD 8S 9C",
            "9H 9S 9D TS 4S 8D 2H",
            "JC 5S QD QH TH QS 6H",
            "5D AD JS 4H 8H 6C",
            "7H QC AS AC 2C 3D",
            "7C KH AH 4D JH 8C",
            "5H 3H 3C 7S 7D TC",
        ]
    )
    assert GameState.parse_board(text) == GameState.from_ms_deal(1)


def test_crate_format() -> None:
    g = GameState.from_ms_deal(1)
    text = g.to_text()
    assert text.splitlines()[0] == "foundations: -- -- -- --"
    assert text.splitlines()[1] == "cascade: Jd Kd 2s 4c 3s 6d 6s"
    assert text.splitlines()[-1] == "freecells: -- -- -- --"
    assert GameState.parse(text) == g


@pytest.mark.parametrize("seed", range(20))
def test_round_trips_along_random_games(seed: int) -> None:
    for g in walk(seed + 1, 60, seed)[::5]:
        assert GameState.parse(g.to_text()) == g
        assert GameState.parse_board(g.to_board()) == g
        assert pickle.loads(pickle.dumps(g)) == g
        assert eval(repr(g), {"GameState": GameState}) == g


def test_card_twice_raises() -> None:
    text = GameState.from_ms_deal(1).to_text().replace("Jd Kd", "Jd Jd", 1)
    with pytest.raises(InvalidPosition, match="Jd twice"):
        GameState.parse(text)
    with pytest.raises(InvalidPosition):
        GameState(["As As"] + [""] * 7, validate=False)


def test_53_cards_raises() -> None:
    text = GameState.from_ms_deal(1).to_board()
    lines = text.splitlines()
    lines[2] += " AS"  # a 53rd card: the ace of spades again
    with pytest.raises(InvalidPosition):
        GameState.parse_board("\n".join(lines))


def test_missing_cards() -> None:
    text = GameState.from_ms_deal(1).to_text().replace(" 6s\n", "\n", 1)
    with pytest.raises(InvalidPosition, match="6s"):
        GameState.parse(text)
    g = GameState.parse(text, validate=False)
    with pytest.raises(InvalidPosition):
        g.validate()
    with pytest.raises(InvalidPosition, match="twice"):
        GameState(["As"] + [""] * 7, Foundations((0, 1, 0, 0)), validate=False)


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "foundations: -- -- -- --\n",
        "hello: world\n",
        "cascade: Xx\n" * 8,
        "foundations: As Ah Ac Ad Ks\n" + "cascade:\n" * 8,
        "cascade:\n" * 9,
        "freecells: As 2s 3s 4s 5s\n" + "cascade:\n" * 8,
    ],
)
def test_malformed_crate_text(bad: str) -> None:
    with pytest.raises(NotationError):
        GameState.parse(bad, validate=False)


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "Foundations: X-5\n: AS",
        "Foundations: H-Z\n: AS",
        ": ZZ",
        "\n".join([": AS"] * 9),
        "Freecells: AS 2S 3S 4S 5S\n: 6S",
    ],
)
def test_malformed_board(bad: str) -> None:
    with pytest.raises(NotationError):
        GameState.parse_board(bad, validate=False)


def test_corrupt_pickle() -> None:
    g = GameState.from_ms_deal(1)
    with pytest.raises(StateFormatError):
        GameState.__new__(GameState).__setstate__(("garbage",))  # type: ignore[misc]
    assert g.validate() is None


def test_canonical_key_ignores_cascade_and_cell_order() -> None:
    g = GameState.from_ms_deal(5).apply("1a").apply("2b")
    shuffled = GameState(
        list(reversed(g.cascades)), g.foundations, Freecells([g.freecells[1], None, None, g.freecells[0]])
    )
    assert shuffled != g and shuffled.canonical_key == g.canonical_key
    assert len(g.canonical_key) == 52
    other = g.apply("3c")
    assert other.canonical_key != g.canonical_key


def test_canonical_key_distinguishes_all_walk_positions() -> None:
    positions = {}
    for g in walk(7, 200, 3):
        key = g.canonical_key
        canon = (
            frozenset(str(c) for c in g.cascades if len(c)),
            frozenset(str(c) for c in g.freecells.cards()),
            g.foundations.heights,
        )
        assert positions.setdefault(key, canon) == canon


def test_str_and_pretty() -> None:
    g = GameState.from_ms_deal(1)
    assert "J♦" in str(g) and "Jd" in g.pretty(unicode=False)
