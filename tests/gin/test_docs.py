"""The examples in the package docstring and docs/gin.md run as written."""

from __future__ import annotations

import doctest
from pathlib import Path

import parlour.gin

DOCS = Path(__file__).resolve().parents[2] / "docs" / "gin.md"


def test_package_docstring() -> None:
    result = doctest.testmod(parlour.gin, verbose=False)
    assert result.failed == 0 and result.attempted > 0


def test_readme_section() -> None:
    result = doctest.testfile(str(DOCS), module_relative=False, verbose=False)
    assert result.failed == 0 and result.attempted > 10
