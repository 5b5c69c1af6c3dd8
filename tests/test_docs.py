"""The documentation site builds with no warning, the README's links lead somewhere, and the pages whose
examples no other test runs run as written."""

from __future__ import annotations

import doctest
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.slow  # about 10 s; CI also builds the site with warnings as errors after the tests
def test_site_builds_without_warnings(tmp_path: Path) -> None:
    """`mkdocs build --strict` with every check of mkdocs.yml's `validation` set to warn: a broken link or
    anchor, or a page of docs/ missing from the navigation, fails the build."""
    pytest.importorskip("mkdocs", reason="the docs extra (mkdocs) is not installed")
    pytest.importorskip("material", reason="the docs extra (mkdocs-material) is not installed")
    pytest.importorskip("mkdocstrings", reason="the docs extra (mkdocstrings) is not installed")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(REPO / "mkdocs.yml"), "-d", str(tmp_path)],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        cwd=REPO,
    )
    log = proc.stdout + proc.stderr
    assert proc.returncode == 0, log
    assert "WARNING" not in log, log
    for page in sorted((REPO / "docs").rglob("*.md")):
        rel = page.relative_to(REPO / "docs").with_suffix("")
        built = tmp_path / ("index.html" if rel.name == "index" else rel / "index.html")
        assert built.is_file(), f"{page.name} was not built"
    _check_api_reference(tmp_path)


# Each public module and the API page that must document every name of its __all__.
API_PAGES = {
    "parlour.cards": "cards",
    "parlour.errors": "cards",
    "parlour.protocol": "cards",
    "parlour.games": "cards",
    "parlour.cpu": "cards",
    "parlour.gin": "gin",
    "parlour.yahtzee": "yahtzee",
    "parlour.freecell": "freecell",
}


def _check_api_reference(site: Path) -> None:
    """Every public name has an entry (an anchor named after its full path) with its docstring's first line."""
    import html
    import importlib

    for module, page in API_PAGES.items():
        anchors = set(re.findall(r'id="([^"]+)"', (site / "api" / page / "index.html").read_text()))
        mod = importlib.import_module(module)
        missing = [
            n
            for n in mod.__all__
            if f"{module}.{n}" not in anchors and not any(a.endswith(f".{n}") and a.startswith(module) for a in anchors)
        ]
        assert not missing, f"api/{page}.md documents no {missing} of {module}"
    from parlour.cards import Card
    from parlour.gin import best_melds

    for page, obj in (("cards", Card), ("gin", best_melds)):  # a C++ class (from the stubs), a function
        text = " ".join(html.unescape(re.sub(r"<[^>]+>", "", (site / "api" / page / "index.html").read_text())).split())
        doc = " ".join((obj.__doc__ or "").split())
        if obj is best_melds:  # pybind11 puts the signature first
            doc = doc.split(") -> ", 1)[-1].split(" ", 1)[-1]
        words = " ".join(doc.split()[:6])
        assert words and words in text, f"api/{page}.md lacks {obj.__name__}'s docstring ({words!r})"
        assert ":class:`" not in text and ":func:`" not in text, f"api/{page}.md prints a Sphinx role literally"


def test_every_page_is_in_the_navigation() -> None:
    nav = (REPO / "mkdocs.yml").read_text()
    listed = set(re.findall(r":\s*([\w./-]+\.md)\s*$", nav, flags=re.M))
    pages = {p.relative_to(REPO / "docs").as_posix() for p in (REPO / "docs").rglob("*.md")}
    assert listed == pages, f"missing from the nav: {sorted(pages - listed)}; not in docs/: {sorted(listed - pages)}"


def test_readme_links_lead_to_files() -> None:
    readme = (REPO / "README.md").read_text()
    links = re.findall(r"\]\(([^)\s]+)\)", readme)
    local = [link.split("#")[0] for link in links if not re.match(r"[a-z]+://", link)]
    assert local, "the README links to no page of docs/"
    missing = [link for link in local if not (REPO / link).exists()]
    assert not missing, f"README links to missing files: {missing}"


def test_readme_stays_a_front_door() -> None:
    assert len((REPO / "README.md").read_text().splitlines()) <= 350


def test_protocol_page_runs() -> None:
    result = doctest.testfile(str(REPO / "docs" / "protocol.md"), module_relative=False, verbose=False)
    assert result.failed == 0 and result.attempted >= 5
