"""The C++ engine alone under AddressSanitizer and UndefinedBehaviorSanitizer.

Runs tools/sanitize.sh, which compiles cpp/src with cpp/tests/sanitize_main.cpp (no
Python, no pybind11) with -fsanitize=address,undefined and runs the workout; any
memory error, leak or undefined behaviour aborts it.  Needs g++ (skipped without a
compiler, as on a machine that installs parlour from a wheel).  Objects are kept in
build/sanitize, so only the first run in a tree compiles everything (~1 minute on two
cores).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.skipif(shutil.which("g++") is None, reason="needs g++ to build the sanitized engine")
def test_engine_under_asan_and_ubsan() -> None:
    env = {**os.environ, "JOBS": str(max(1, min(2, os.cpu_count() or 1)))}
    run = subprocess.run(["bash", str(ROOT / "tools" / "sanitize.sh")], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert "sanitize workout: ok" in run.stdout
