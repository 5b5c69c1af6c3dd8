"""The examples of docs/gin_round.md run as written."""

from __future__ import annotations

import doctest
from pathlib import Path

DOCS = Path(__file__).resolve().parents[2] / "docs" / "gin_round.md"


def test_round_readme_section() -> None:
    result = doctest.testfile(str(DOCS), module_relative=False, verbose=False)
    assert result.failed == 0 and result.attempted > 15
