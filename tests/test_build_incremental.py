"""Installing from a checkout again compiles only what changed: ``pip install
--no-build-isolation .`` keeps its build directory (``build/{wheel_tag}``, pyproject.toml's
``[tool.scikit-build] build-dir``) and the build environment's paths, so the second
install of an unchanged tree compiles nothing (with build isolation every install got a
new temporary environment, and recompiled every object)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def test_the_build_directory_is_kept_between_installs() -> None:
    build = (REPO / "pyproject.toml").read_text().split("[tool.scikit-build]")[1].split("\n[")[0]
    # one directory per platform tag, never a temporary one
    assert re.search(r'^build-dir = "build/\{wheel_tag\}"$', build, re.M), build
    readme = (REPO / "README.md").read_text()
    assert "pip install --no-build-isolation" in readme and "first build" in readme


@pytest.mark.slow  # a whole build (once, then nothing to compile)
def test_a_second_install_compiles_nothing(tmp_path: Path) -> None:
    pytest.importorskip("scikit_build_core", reason="the contributor's install needs scikit-build-core in the env")
    if not (REPO / "pyproject.toml").exists() or not (REPO / "cpp").is_dir():
        pytest.skip("needs a checkout (the installed package has no sources)")
    # --ignore-installed: pip would otherwise uninstall the parlour this test runs against
    cmd = [sys.executable, "-m", "pip", "install", "-v", "--no-build-isolation", "--no-deps", "--ignore-installed"]
    cmd += ["--prefix", str(tmp_path / "prefix"), str(REPO)]
    env = dict(os.environ)
    for _ in range(2):
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=3600, cwd=REPO)
        assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    compiled = re.findall(r"Building CXX object", proc.stdout)
    linked = re.findall(r"Linking CXX", proc.stdout)
    assert compiled == [] and linked == [], proc.stdout[-3000:]
