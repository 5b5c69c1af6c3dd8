"""The examples of docs/freecell.md run as written (a script: it runs, and its asserts hold)."""

from __future__ import annotations

import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "freecell.md"


def test_docs_examples_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(), flags=re.S)
    assert blocks
    namespace: dict[str, object] = {"__name__": "__docs__"}
    for i, block in enumerate(blocks):
        exec(compile(block, f"docs/freecell.md block {i}", "exec"), namespace)
    assert "result" in namespace and "game" in namespace
