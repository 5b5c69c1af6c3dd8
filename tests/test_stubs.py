"""The committed stubs of the extension (src/parlour/_core/*.pyi) match the built module."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import parlour

REPO = Path(__file__).resolve().parent.parent
COMMITTED = REPO / "src" / "parlour" / "_core"


def test_stubs_match_the_extension(tmp_path: Path) -> None:
    pytest.importorskip("pybind11_stubgen")
    if not COMMITTED.is_dir():
        pytest.fail(f"no committed stubs at {COMMITTED}")
    env = dict(os.environ)
    # Generate from the parlour that the tests import (installed or the source tree),
    # with the same fixes tools/gen-stubs.sh applies.
    env["PYTHONPATH"] = os.pathsep.join([str(Path(parlour.__file__).parent.parent), env.get("PYTHONPATH", "")])
    subprocess.run(
        [sys.executable, str(REPO / "tools" / "stubgen.py"), str(tmp_path)],
        check=True,
        env=env,
        capture_output=True,
        text=True,
    )
    generated = tmp_path
    names = sorted(p.name for p in generated.glob("*.pyi"))
    assert names == sorted(p.name for p in COMMITTED.glob("*.pyi")), "stub files differ: run tools/gen-stubs.sh"
    for name in names:
        assert (generated / name).read_text() == (COMMITTED / name).read_text(), (
            f"{name} drifted from the extension: run tools/gen-stubs.sh and commit the result"
        )


@pytest.mark.slow
def test_package_type_checks_strictly(tmp_path: Path) -> None:
    """mypy --strict passes on the package as shipped, stubs included (a whole-package
    check from a cold cache: ``slow``)."""
    api = pytest.importorskip("mypy.api")
    # Check a copy of the package (installed or source) on its own, so that mypy sees
    # exactly its files and stubs and nothing else of the folder it was installed in.
    shutil.copytree(
        Path(parlour.__file__).parent,
        tmp_path / "parlour",
        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"),
    )
    cwd = os.getcwd()
    try:
        os.chdir(tmp_path)
        stdout, stderr, status = api.run(["--strict", "--no-incremental", "--cache-dir", os.devnull, "parlour"])
    finally:
        os.chdir(cwd)
    assert status == 0, stdout + stderr


def test_package_ships_py_typed() -> None:
    assert (Path(parlour.__file__).parent / "py.typed").is_file()
