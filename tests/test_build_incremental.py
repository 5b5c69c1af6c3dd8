"""Installing from a checkout again compiles only what changed: ``pip install
--no-build-isolation .`` keeps its build directory (``build/{wheel_tag}``, pyproject.toml's
``[tool.scikit-build] build-dir``) and the build environment's paths, so the second
install of an unchanged tree compiles nothing (with build isolation every install got a
new temporary environment, and recompiled every object).  This file checks the configuration
that relies on; ``tools/check-incremental-install.sh`` installs a checkout twice and fails
when the second install builds anything (the first install compiles the whole engine, so
it is run by hand when the build changes, not in CI)."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_the_build_directory_is_kept_between_installs() -> None:
    build = (REPO / "pyproject.toml").read_text().split("[tool.scikit-build]")[1].split("\n[")[0]
    # one directory per platform tag, never a temporary one
    assert re.search(r'^build-dir = "build/\{wheel_tag\}"$', build, re.M), build
    readme = (REPO / "README.md").read_text()
    assert "pip install --no-build-isolation" in readme and "first build" in readme
    # the check of a real second install, run by hand (it compiles the whole engine once)
    tool = REPO / "tools" / "check-incremental-install.sh"
    assert tool.stat().st_mode & 0o111 and "--no-build-isolation" in tool.read_text()
