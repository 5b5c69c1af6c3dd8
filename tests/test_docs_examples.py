"""Every example of the documentation runs in the tests: each page's Python examples in the
test named here, each ``parlour ...`` command line through the real argument parser, each
install command in both forms (a release and a checkout), naming extras that exist."""

from __future__ import annotations

import itertools
import re
import shlex
from pathlib import Path

import pytest

from parlour.cli import build_parser

REPO = Path(__file__).resolve().parents[1]
DOCS = REPO / "docs"

#: The page whose Python examples (```python blocks or >>> lines) a test runs: that test's file.
RUNNERS = {
    "protocol.md": "tests/test_docs.py",
    "gin.md": "tests/gin/test_docs.py",
    "gin_round.md": "tests/gin/test_round_docs.py",
    "gin-bots.md": "tests/gin/test_arena.py",
    "yahtzee.md": "tests/yahtzee/test_docs.py",
    "freecell.md": "tests/freecell/test_docs.py",
    "envs-gym.md": "tests/envs/test_freecell_env.py",
    "envs-pz.md": "tests/envs/test_gin_env.py",
    "envs-vector.md": "tests/envs/test_vector_envs.py",
    "server.md": "tests/server/test_docs_client.py",
    "distributed.md": "tests/distributed/test_docs_example.py",
}

FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)


def blocks(page: Path) -> list[tuple[str, str]]:
    return FENCE.findall(page.read_text(encoding="utf-8"))


def test_every_python_example_is_run_by_a_named_test() -> None:
    with_python = {
        p.name for p in DOCS.glob("*.md") if any(lang == "python" or ">>>" in body for lang, body in blocks(p))
    }
    assert with_python == set(RUNNERS), f"pages without a runner: {sorted(with_python - set(RUNNERS))}"
    for page, runner in RUNNERS.items():
        assert f'"{page}"' in (REPO / runner).read_text(encoding="utf-8"), f"{runner} does not read docs/{page}"


# ---------------------------------------------------------------- command lines
PLACEHOLDERS = {"START": "1", "END": "10", "DIR": "out", "N": "2", "ADDRESS": "local", "S": "1"}


def concrete(line: str) -> list[list[str]]:
    """A synopsis as the commands it stands for: an optional group's first choice, each
    alternative of a word (``deal|replay``), placeholders as example values."""
    while "[" in line:
        line = re.sub(r"\[([^\[\]]*)\]", lambda m: m.group(1).split(" | ")[0], line)
    choices = [[PLACEHOLDERS.get(w, w) for w in word.split("|")] for word in shlex.split(line)]
    return [list(words) for words in itertools.product(*choices)]


def command_lines() -> list[tuple[str, str]]:
    found = []
    for page in [*sorted(DOCS.glob("*.md")), REPO / "README.md"]:
        for _lang, body in blocks(page):
            for line in body.replace("\\\n", " ").splitlines():
                text = line.split("  #")[0].strip().removeprefix("$ ")
                text = text.split("&& ")[-1]  # the last command of a chain
                if text.startswith("parlour ") and not text.split()[1].endswith(":"):  # not a line of output
                    found.append((page.name, text))
    return found


COMMANDS = command_lines()


def test_the_pages_have_command_lines() -> None:
    assert len(COMMANDS) >= 15 and {"README.md", "distributed.md", "yahtzee.md", "server.md"} <= {
        p for p, _ in COMMANDS
    }


@pytest.mark.parametrize(("page", "line"), COMMANDS, ids=[f"{p}: {c[:60]}" for p, c in COMMANDS])
def test_every_command_line_parses(page: str, line: str, capsys: pytest.CaptureFixture[str]) -> None:
    for words in concrete(line):
        refused = parse_error(words[1:], capsys)
        # A list of subcommands (`parlour gin deal|replay|...`) gives none of their arguments.
        assert refused is None or "the following arguments are required" in refused, f"docs/{page}: {words}: {refused}"


def parse_error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str | None:
    """Argparse's error for ``parlour ARGV`` (None when it parses to a command)."""
    try:
        args = build_parser().parse_args(argv)
    except SystemExit:
        return capsys.readouterr().err.strip().splitlines()[-1]
    return None if getattr(args, "func", None) is not None else "no command"


def test_a_wrong_command_line_would_fail(capsys: pytest.CaptureFixture[str]) -> None:
    (words,) = concrete("parlour gin arena --bots hard,random --matches 10")
    assert "no bot named 'random'" in (parse_error(words[1:], capsys) or "")
    assert len(concrete("parlour freecell show|solve 1 [--jobs N | --ray ADDRESS]")) == 2


# ---------------------------------------------------------------- installing
# (read with a pattern: tomllib is Python 3.11's, and parlour supports 3.10)
_OPTIONAL = (REPO / "pyproject.toml").read_text().split("[project.optional-dependencies]")[1].split("\n[")[0]
EXTRAS = set(re.findall(r"^([\w-]+) = \[", _OPTIONAL, re.M))


def test_every_install_command_has_its_checkout_form() -> None:
    released = 0
    for page in DOCS.glob("*.md"):
        for para in re.split(r"\n#+ ", page.read_text(encoding="utf-8")):  # section by section
            for extra in re.findall(r"pip install 'parlour\[(\w+)\]'", para):
                released += 1
                assert f"pip install '.[{extra}]'" in para, f"docs/{page.name}: no checkout form beside [{extra}]"
            for extra in re.findall(r"pip install '(?:parlour|\.)\[(\w+)\]'", para):
                assert extra in EXTRAS, f"docs/{page.name}: no extra [{extra}] in pyproject.toml"
    assert released >= 6


def test_the_home_page_leads_to_the_installation() -> None:
    home = (DOCS / "index.md").read_text(encoding="utf-8")
    assert "[installation](#installation)" in home and "\n## Installation\n" in home
    install = home.split("\n## Installation\n")[1].split("\n## ")[0]
    assert "pip install .  " in install and "pip install '.[server]'" in install and "pip install parlour" in install
    for extra in re.findall(r"`(\w+)`", install.split("The extras\nare")[-1]):
        assert extra in EXTRAS, extra


def test_the_built_site_is_not_committed() -> None:
    assert "site/" in (REPO / ".gitignore").read_text().split()
