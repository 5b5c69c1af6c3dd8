"""Runs the python blocks of one section of a docs page as doctests (shared by the env tests)."""

from __future__ import annotations

import doctest
import re
from pathlib import Path


def section(text: str, title: str) -> str:
    """The text of the section headed ``title`` (at any level), up to the next heading of the same or a higher
    level; lines inside fenced code blocks are never headings."""
    lines = text.split("\n")
    fence, level, body = False, 0, []
    for line in lines:
        if line.startswith("```"):
            fence = not fence
        heading = None if fence else re.match(r"^(#+) (.*)$", line)
        if level and heading and len(heading.group(1)) <= level:
            break
        if level:
            body.append(line)
        elif heading and heading.group(2).startswith(title):
            level = len(heading.group(1))
    assert level, f"no section {title!r}"
    return "\n".join(body)


def run_doc_section(path: Path, title: str) -> doctest.TestResults:
    """Doctest every ```python block of the section headed ``title`` of ``path``, in one namespace per block."""
    blocks = re.findall(r"```python\n(.*?)```", section(path.read_text(), title), flags=re.S)
    assert blocks, f"no python block in {path.name} § {title}"
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
    for i, block in enumerate(blocks):
        runner.run(parser.get_doctest(block, {}, f"{path.name} {title} block {i}", str(path), 0))
    return runner.summarize(verbose=False)
