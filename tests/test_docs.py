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


def test_site_builds_without_warnings(tmp_path: Path) -> None:
    """`mkdocs build --strict` with every check of mkdocs.yml's `validation` set to warn: a broken link or
    anchor, or a page of docs/ missing from the navigation, fails the build."""
    pytest.importorskip("mkdocs", reason="the docs extra (mkdocs) is not installed")
    pytest.importorskip("material", reason="the docs extra (mkdocs-material) is not installed")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(REPO / "mkdocs.yml"), "-d", str(tmp_path)],
        capture_output=True, text=True, env=env, timeout=300, cwd=REPO,
    )
    log = proc.stdout + proc.stderr
    assert proc.returncode == 0, log
    assert "WARNING" not in log, log
    for page in sorted((REPO / "docs").glob("*.md")):
        built = tmp_path / ("index.html" if page.stem == "index" else f"{page.stem}/index.html")
        assert built.is_file(), f"{page.name} was not built"


def test_every_page_is_in_the_navigation() -> None:
    nav = (REPO / "mkdocs.yml").read_text()
    listed = set(re.findall(r":\s*([\w.-]+\.md)\s*$", nav, flags=re.M))
    pages = {p.name for p in (REPO / "docs").glob("*.md")}
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
