"""Microsoft deals: published layouts, the independent reference, the extended range."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.errors import InvalidValueError
from parlour.freecell import GameState

from .reference import card, ms_deal

DATA = Path(__file__).parent.parent / "data" / "freecell" / "ms_deals.txt"

# The published layouts (rows as Windows shows them, left to right).
DEAL_1_ROWS = """
JD 2D 9H JC 5D 7H 7C 5H
KD KC 9S 5S AD QC KH 3H
2S KS 9D QD JS AS AH 3C
4C 5C TS QH 4H AC 4D 7S
3S TD 4S TH 8H 2C JH 7D
6D 8S 8D QS 6C 3D 8C TC
6S 9C 2H 6H
"""
DEAL_617_ROWS = """
7D AD 5C 3S 5S 8C 2D AH
TD 7S QD AC 6D 8H AS KH
TH QC 3H 9D 6S 8D 3D TC
KD 5H 9S 3C 8S 7H 4D JS
4C QS 9C 9H 7C 6H 2C 2S
4S TS 2H 5D JC 6C JH QH
JD KS KC 4H
"""


def rows_to_cascades(rows: str) -> list[list[str]]:
    cols: list[list[str]] = [[] for _ in range(8)]
    for line in rows.strip().splitlines():
        for i, c in enumerate(line.split()):
            cols[i].append(c)
    return cols


def cascades_of(state: GameState) -> list[list[str]]:
    return [[str(c)[0] + str(c)[1].upper() for c in col] for col in state.cascades]


@pytest.mark.parametrize(("number", "rows"), [(1, DEAL_1_ROWS), (617, DEAL_617_ROWS)])
def test_published_layouts(number: int, rows: str) -> None:
    assert cascades_of(GameState.from_ms_deal(number)) == rows_to_cascades(rows)


def test_deal_1_first_cascade() -> None:
    assert [str(c) for c in GameState.from_ms_deal(1).cascades[0]] == ["Jd", "Kd", "2s", "4c", "3s", "6d", "6s"]


def fixtures() -> dict[int, list[list[str]]]:
    out: dict[int, list[list[str]]] = {}
    current = None
    for line in DATA.read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        if line.startswith("deal "):
            current = int(line.split()[1])
            out[current] = []
        else:
            assert current is not None
            out[current].append(line.split())
    return out


@pytest.mark.parametrize(("number", "cascades"), sorted(fixtures().items()))
def test_fixture_deals(number: int, cascades: list[list[str]]) -> None:
    assert cascades_of(GameState.from_ms_deal(number)) == cascades


@pytest.mark.parametrize(
    "number",
    [
        1,
        2,
        3,
        164,
        617,
        11982,
        31999,
        32000,
        32001,
        999_999,
        2**31 - 1,
        2**31,
        2**31 + 7,
        2**32 - 1,
        2**32,
        2**32 + 12345,
        2**33 - 1,
    ],
)
def test_matches_reference_algorithm(number: int) -> None:
    expected = [[card(f"{'A23456789TJQK'[r - 1]}{'cshd'[s]}") for r, s in col] for col in ms_deal(number)]
    got = [[(c.rank, int(c.suit)) for c in col] for col in GameState.from_ms_deal(number).cascades]
    assert got == [[(r, s) for r, s in col] for col in expected]


def test_deal_shape() -> None:
    for n in (1, 2, 5000):
        g = GameState.from_ms_deal(n)
        assert [len(c) for c in g.cascades] == [7, 7, 7, 7, 6, 6, 6, 6]
        g.validate()
        assert not g.is_solved and len(g.foundations) == 0 and g.freecells.count == 0


@pytest.mark.parametrize("number", [0, -1, 2**33, 2**40])
def test_out_of_range(number: int) -> None:
    with pytest.raises(InvalidValueError):
        GameState.from_ms_deal(number)


def test_out_of_range_is_library_error() -> None:
    with pytest.raises(InvalidValueError, match="8589934592"):
        GameState.from_ms_deal(2**33)
    with pytest.raises(InvalidValueError, match="got 0"):
        GameState.from_ms_deal(0)


def test_to_arrays_matches_the_position() -> None:
    import numpy as np

    g = GameState.from_ms_deal(617)
    for _ in range(3):
        g = g.apply(g.legal_move_list()[-1])
    cascades, cells, found = g.to_arrays()
    assert cascades.dtype == np.int8 and cascades.shape == (8, 19) and cells.shape == found.shape == (4,)
    for i, col in enumerate(g.cascades):
        expected = [c.index + 1 for c in col] + [0] * (19 - len(col))
        assert cascades[i].tolist() == expected
    assert cells.tolist() == [0 if c is None else c.index + 1 for c in g.freecells]
    assert found.tolist() == list(g.foundations.heights)
    tallest = max(len(col) for col in g.cascades)
    assert g.to_arrays(tallest)[0].shape == (8, tallest)
    with pytest.raises(InvalidValueError):
        g.to_arrays(tallest - 1)
    with pytest.raises(InvalidValueError):
        g.to_arrays(0)
