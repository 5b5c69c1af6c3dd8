"""Runs the python blocks of one ``###`` section of a docs file as doctests (shared by the env tests)."""

from __future__ import annotations

import doctest
import re
from pathlib import Path


def run_doc_section(path: Path, title: str) -> doctest.TestResults:
    """Doctest every ```python block of the ``### title`` section of ``path`` in one namespace per block."""
    text = path.read_text()
    start = text.index(f"### {title}")
    end = text.find("\n### ", start + 1)
    blocks = re.findall(r"```python\n(.*?)```", text[start : end if end >= 0 else len(text)], flags=re.S)
    assert blocks, f"no python block in {path.name} § {title}"
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
    for i, block in enumerate(blocks):
        runner.run(parser.get_doctest(block, {}, f"{path.name} {title} block {i}", str(path), 0))
    return runner.summarize(verbose=False)
