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


#: Python files allowed past the size rule, each with its reason (or a "Why one file:" note at its top).
LONG_PYTHON = {
    "src/parlour/freecell/solver.py": "the solver's one public module: its results, solve, prove and batch solving",
    "src/parlour/yahtzee/objectives.py": "every objective's advice beside the score distributions it reads",
    "benchmarks/bench_yahtzee.py": "every Yahtzee benchmark group, each beside its baseline",
    "tests/yahtzee/test_objectives.py": "each objective against its brute-force reference, in one place",
    "tests/envs/test_vector_envs.py": "the three batched environments against the single ones, side by side",
    "tests/gin/test_bots_simple.py": "the simple bot's every rule, each with the position that shows it",
    "tests/web/test_web.py": "whole games in the browser share one page fixture and its recorder",
    "tests/test_errors.py": "every error class of the hierarchy, triggered through the public API",
    "tests/envs/test_gin_env.py": "the PettingZoo environment's whole contract in one place",
    "tests/gin/test_scoring.py": "every scoring variant of the rule card and the presets",
}


def _python_files() -> list[Path]:
    roots = ("src", "tests", "benchmarks", "tools", "examples")
    return sorted(p for root in roots for p in (REPO / root).rglob("*.py") if "__pycache__" not in p.parts)


def test_every_python_file_keeps_to_the_size_rule() -> None:
    """Every Python file is at most ~400 lines, or says why at its top, or is listed with its reason."""
    files = _python_files()
    assert len(files) > 150
    long, listed = [], set()
    for path in files:
        rel = str(path.relative_to(REPO))
        lines = path.read_text().splitlines()
        if len(lines) <= LIMIT or any("Why one file:" in line for line in lines[:15]):
            continue
        if rel in LONG_PYTHON:
            listed.add(rel)
        else:
            long.append(f"{rel} ({len(lines)} lines)")
    assert not long, "over ~400 lines, without a 'Why one file:' note or a reason in LONG_PYTHON: " + ", ".join(long)
    assert listed == set(LONG_PYTHON), f"listed but no longer long (drop them): {sorted(set(LONG_PYTHON) - listed)}"


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


#: The layers above the games, which reach every game through the registry and name none.
SHARED_LAYERS = ("src/parlour/distributed", "src/parlour/server", "src/parlour/cli.py")
GAME_NAME = re.compile(r"(?<![A-Za-z])(gin|yahtzee|freecell)(?![A-Za-z])", re.IGNORECASE)
#: Lines of the shared layers that may name a game: docstrings that show an example, nothing else.
#: (file, the line's text stripped)
EXAMPLE_LINES = {
    # the kinds a result store may hold (distributed/store.py's property docstring)
    (
        "src/parlour/distributed/store.py",
        '"""What the rows are, e.g. ``"freecell.survey"``, ``"gin.arena"``, ``"yahtzee.simulate"``."""',
    ),
    # the undo message's description, which is also the JSON Schema's (docs/server-schema.json)
    (
        "src/parlour/server/messages.py",
        '"""Take back the table\'s last move: only at a one-seat table of a game that can take moves back (FreeCell)."""',
    ),
}


def test_the_shared_layers_name_no_game() -> None:
    """distributed/, server/ and cli.py iterate the registry: no game's name appears there, as a word or in
    an identifier (``YAHTZEE_X``, ``"gin.arena"``), but on the example lines listed above."""
    files = []
    for layer in SHARED_LAYERS:
        path = REPO / layer
        files += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    assert len(files) > 20
    found, seen = [], set()
    for path in files:
        rel = str(path.relative_to(REPO))
        for n, line in enumerate(path.read_text().splitlines(), 1):
            if GAME_NAME.search(line):
                if (rel, line.strip()) in EXAMPLE_LINES:
                    seen.add((rel, line.strip()))
                else:
                    found.append(f"{rel}:{n}: {line.strip()[:100]}")
    assert not found, "game names in the shared layers (reach the game through parlour.games):\n" + "\n".join(found)
    assert seen == EXAMPLE_LINES, (
        f"example lines no longer there (drop them from EXAMPLE_LINES): {EXAMPLE_LINES - seen}"
    )


def test_the_game_name_pattern() -> None:
    hits = [
        w for w in ("gin", "Gin rummy", "YAHTZEE_OBJECTIVES", '"freecell.survey"', "FreeCell") if GAME_NAME.search(w)
    ]
    misses = [w for w in ("engine", "begin", "login", "origin", "margin", "plugins") if GAME_NAME.search(w)]
    assert len(hits) == 5 and not misses
