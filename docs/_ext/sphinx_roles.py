"""A griffe extension for the API reference: docstrings written for ``help()`` read well as Markdown.

The docstrings of parlour follow the Python conventions ``help()``, doctest and IDEs
understand: cross-references the Sphinx way (:class:`Card`, :meth:`Round.apply`) and
interactive examples as bare ``>>>`` blocks.  The MkDocs site renders Markdown, where
the roles would print literally and the examples would run together as text.  When the
docstrings are loaded for the site, each role becomes inline code (```Card```) and each
``>>>`` block (up to the next blank line) a fenced ``pycon`` code block.
"""

from __future__ import annotations

import re
from typing import Any

from griffe import Extension, Object

_ROLE = re.compile(r":(?:py:)?(?:class|meth|func|attr|mod|data|obj|exc|const):`~?([^`]+)`")


def _fence_examples(text: str) -> str:
    out: list[str] = []
    lines = text.split("\n")
    i = 0
    fenced = False  # inside a block the docstring fences itself
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith("```"):
            fenced = not fenced
        elif line.lstrip().startswith(">>>") and not fenced:
            indent = line[: len(line) - len(line.lstrip())]
            block = []
            while i < len(lines) and lines[i].strip():
                block.append(lines[i][len(indent) :] if lines[i].startswith(indent) else lines[i].lstrip())
                i += 1
            out += [indent + "```pycon", *(indent + b for b in block), indent + "```"]
            continue
        out.append(line)
        i += 1
    return "\n".join(out)


class SphinxRoles(Extension):
    """Rewrite Sphinx roles as inline code and ``>>>`` examples as fenced blocks in every docstring."""

    def on_instance(self, *, obj: Object, **kwargs: Any) -> None:
        """Rewrite one object's docstring in place."""
        if obj.docstring is not None:
            obj.docstring.value = _fence_examples(_ROLE.sub(r"`\1`", obj.docstring.value))
