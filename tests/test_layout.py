"""The shape of the source tree: files a reader can take in, and each thing in one place."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
LIMIT = 420  # "about 400 lines"
SOLVER = re.compile(r"solver|objective|threshold|headsup|distribution|expert|search|store")


def _checked_files() -> list[Path]:
    bindings = [p for p in (REPO / "cpp" / "bindings").iterdir() if p.suffix in (".cpp", ".hpp")]
    solvers = [
        p for p in (REPO / "cpp" / "src").rglob("*") if p.suffix in (".cpp", ".hpp", ".inc") and SOLVER.search(p.name)
    ]
    return sorted(bindings + solvers)


def test_long_binding_and_solver_files_say_why_at_their_top() -> None:
    files = _checked_files()
    assert len(files) > 20
    unexplained = []
    for path in files:
        lines = path.read_text().splitlines()
        if len(lines) > LIMIT and not any("Why one file:" in line for line in lines[:15]):
            unexplained.append(f"{path.relative_to(REPO)} ({len(lines)} lines)")
    assert not unexplained, "over ~400 lines without a 'Why one file:' note at the top: " + ", ".join(unexplained)


def test_no_internal_planning_words_in_public_text() -> None:
    pattern = re.compile(r"seed 00|issue [0-9]|spec/", re.IGNORECASE)
    found = []
    for root in ("src", "cpp", "docs"):
        for path in (REPO / root).rglob("*"):
            if path.is_file() and path.suffix in (".py", ".pyi", ".cpp", ".hpp", ".inc", ".md", ".js", ".html", ".css"):
                for n, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
                    if pattern.search(line):
                        found.append(f"{path.relative_to(REPO)}:{n}: {line.strip()[:80]}")
    readme = (REPO / "README.md").read_text()
    found += [f"README.md: {m.group(0)}" for m in pattern.finditer(readme)]
    assert not found, "\n".join(found)
