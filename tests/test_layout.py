"""The shape of the source tree: files a reader can take in, and each thing in one place."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
LIMIT = 420  # "about 400 lines"
FUNCTION_LIMIT = 150  # a binding function: "about 150 lines"
FUNCTION_START = re.compile(r"^(?!namespace|struct|class|enum|template|using|#|//)\S.*\(")


def _cpp_files() -> list[Path]:
    return sorted(p for p in (REPO / "cpp").rglob("*") if p.suffix in (".cpp", ".hpp", ".inc"))


def _function_lengths(path: Path) -> list[tuple[int, int]]:
    """(first line, length) of each function defined at the top level of a C++ file: from
    its signature, which starts in column 0, to its closing brace alone in column 0."""
    out = []
    start: int | None = None
    for n, line in enumerate(path.read_text().splitlines(), 1):
        if start is None and FUNCTION_START.match(line) and not line.rstrip().endswith((";", "}")):
            start = n  # (a definition on one line ends with its brace)
        elif start is not None and line == "}":
            out.append((start, n - start + 1))
            start = None
        elif start is not None and line.rstrip().endswith(";") and not line[:1].isspace():
            start = None  # a declaration over several lines, not a definition
    return out


def test_long_cpp_files_say_why_at_their_top() -> None:
    files = _cpp_files()
    assert len(files) > 100
    unexplained = []
    for path in files:
        lines = path.read_text().splitlines()
        if len(lines) > LIMIT and not any("Why one file:" in line for line in lines[:15]):
            unexplained.append(f"{path.relative_to(REPO)} ({len(lines)} lines)")
    assert not unexplained, "over ~400 lines without a 'Why one file:' note at the top: " + ", ".join(unexplained)


def test_binding_functions_stay_short() -> None:
    long = []
    bindings = [p for p in _cpp_files() if p.is_relative_to(REPO / "cpp" / "bindings")]
    for path in bindings:
        for line, length in _function_lengths(path):
            if length > FUNCTION_LIMIT:
                long.append(f"{path.relative_to(REPO)}:{line} ({length} lines)")
    assert sum(len(_function_lengths(p)) for p in bindings) > 100  # the parser finds the functions
    assert not long, "binding functions over ~150 lines: " + ", ".join(long)


def test_the_function_parser_measures_a_known_function(tmp_path: Path) -> None:
    src = tmp_path / "f.cpp"
    src.write_text(
        "namespace a {\n\nint f(int x,\n      int y) {\n  return x + y;\n}\n\nint g(int);\n"
        "int h() { return 1; }\n}  // namespace a\n"
    )
    assert _function_lengths(src) == [(3, 4)]


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
