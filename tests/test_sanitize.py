"""The C++ engine alone (no Python) under AddressSanitizer and UndefinedBehaviorSanitizer.

Builds the engine, the C++ scenario tests (``cpp/tests/<game>_test.cpp``) and the workout
``cpp/tests/sanitize_main.cpp`` with ``-fsanitize=address,undefined``
(``-DPARLOUR_SANITIZE=ON``; tests/sanitized.py: with Clang the same build serves the
fuzzer of tests/test_fuzz.py) and runs them all with ctest; any memory error, leak,
undefined behaviour or failed check fails it.  The build directory is kept, so only the
first run in a tree compiles everything (about four minutes on two cores with the
extension); that is why the test is marked ``slow`` (``pytest -m slow`` runs it; CI
does).  By hand, the engine and the C++ tests alone::

    cmake -S . -B build/sanitize -DPARLOUR_SANITIZE=ON && cmake --build build/sanitize -j2
    ctest --test-dir build/sanitize --output-on-failure
"""

from __future__ import annotations

import shutil
import subprocess

import pytest

from .sanitized import ROOT, build


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
    where = build(python=False)
    tests = subprocess.run(
        ["ctest", "--test-dir", str(where), "--output-on-failure"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert tests.returncode == 0, tests.stdout[-5000:] + tests.stderr[-5000:]
    # Every scenario file and the workout ran, and passed.
    games = sorted(p.stem for p in (ROOT / "cpp" / "tests").glob("*_test.cpp"))
    assert games, "no C++ scenario tests found"
    lines = tests.stdout.splitlines()
    for name in [*games, "sanitize_main"]:
        assert any(f" {name} " in line and "Passed" in line for line in lines), tests.stdout[-3000:]
    assert "100% tests passed" in tests.stdout
