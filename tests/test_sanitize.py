"""The C++ engine alone (no Python) under AddressSanitizer and UndefinedBehaviorSanitizer.

Configures CMake with ``-DPARLOUR_SANITIZE=ON``, which builds the engine, the C++
scenario tests (``cpp/tests/<game>_test.cpp``) and the workout
``cpp/tests/sanitize_main.cpp`` with ``-fsanitize=address,undefined``, and runs them all
with ctest; any memory error, leak, undefined behaviour or failed check fails it.  The
build directory ``build/sanitize`` is kept, so only the first run in a tree compiles
everything (about two minutes on two cores); that is why the test is marked ``slow``
(``pytest -m slow`` runs it; CI does).  By hand::

    cmake -S . -B build/sanitize -DPARLOUR_SANITIZE=ON && cmake --build build/sanitize -j2
    ctest --test-dir build/sanitize --output-on-failure
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build" / "sanitize"


def _run(cmd: list[str], timeout: float) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=timeout, check=False)


@pytest.mark.slow
@pytest.mark.skipif(
    shutil.which("cmake") is None or shutil.which("ctest") is None,
    reason="needs cmake and ctest (pip install cmake) to build and run the engine's C++ tests",
)
@pytest.mark.skipif(
    shutil.which("g++") is None and shutil.which("clang++") is None,
    reason="needs g++ or clang++ to build the sanitized engine",
)
def test_engine_under_asan_and_ubsan() -> None:
    generator = ["-G", "Ninja"] if shutil.which("ninja") and not (BUILD / "Makefile").exists() else []
    configure = _run(["cmake", "-S", ".", "-B", str(BUILD), "-DPARLOUR_SANITIZE=ON", *generator], 300)
    assert configure.returncode == 0, configure.stdout[-3000:] + configure.stderr[-3000:]
    jobs = str(max(1, min(2, os.cpu_count() or 1)))
    build = _run(["cmake", "--build", str(BUILD), "-j", jobs], 1800)
    assert build.returncode == 0, build.stdout[-5000:] + build.stderr[-5000:]
    tests = _run(["ctest", "--test-dir", str(BUILD), "--output-on-failure"], 900)
    assert tests.returncode == 0, tests.stdout[-5000:] + tests.stderr[-5000:]
    # Every scenario file and the workout ran, and passed.
    games = sorted(p.stem for p in (ROOT / "cpp" / "tests").glob("*_test.cpp"))
    assert games, "no C++ scenario tests found"
    lines = tests.stdout.splitlines()
    for name in [*games, "sanitize_main"]:
        assert any(f" {name} " in line and "Passed" in line for line in lines), tests.stdout[-3000:]
    assert "100% tests passed" in tests.stdout
