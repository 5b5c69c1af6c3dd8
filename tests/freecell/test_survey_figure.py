"""tools/survey_figure.py draws a survey's store: one bar per solution length met and per
occupied decade-tenth of positions, titles with the survey's own counts."""

from __future__ import annotations

import importlib.util
import math
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from parlour.freecell import Solution, Unsolvable, solve_deals

ROOT = Path(__file__).resolve().parents[2]


def _tool() -> Any:
    spec = importlib.util.spec_from_file_location("survey_figure", ROOT / "tools" / "survey_figure.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_figure_shows_the_survey_it_reads(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow", reason="the survey writes Parquet: pip install 'parlour[distributed]'")
    deals = range(11970, 11995)  # 11982 is impossible
    results = solve_deals(deals, jobs=1)
    solve_deals(deals, jobs=1, out=tmp_path / "survey")
    svg = _tool().figure(tmp_path / "survey")
    root = ET.fromstring(svg)
    ns = {"s": "http://www.w3.org/2000/svg"}
    texts = [t.text or "" for t in root.findall("s:text", ns)]
    moves = [len(r) for r in results if isinstance(r, Solution)]
    assert sum(isinstance(r, Unsolvable) for r in results) == 1
    assert f"Solution length of the {len(moves)} solved deals" in texts
    assert f"longest {max(moves)}" in " ".join(texts)
    assert f"Search effort of all {len(deals)} deals (1 proved impossible)" in texts
    bars = [r for r in root.findall("s:rect", ns) if r.get("fill") not in (None, "white")]
    tenths = {math.floor(math.log10(r.states) * 10 + 1e-9) for r in results}
    assert len(bars) == len(set(moves)) + len(tenths)
