"""The engine built once under AddressSanitizer and UndefinedBehaviorSanitizer, for the two
slow tests that need it: the C++ tests under ctest (tests/test_sanitize.py) and the atheris
fuzzer over the extension (tests/test_fuzz.py).

With Clang and its compiler-rt (Debian: ``apt-get install clang``) one build directory,
``build/sanitize-clang``, holds the engine, the C++ tests and the extension, all with
libFuzzer's coverage instrumentation, plus ``asan_with_fuzzer.so`` (CMakeLists.txt,
``PARLOUR_SANITIZE`` with ``PARLOUR_PYTHON``): the engine compiles once for both tests.
Without Clang, ``build/sanitize-gcc`` holds the engine and the C++ tests only (the fuzzer
needs Clang).  The directories are kept, so later runs only rebuild what changed.
"""

from __future__ import annotations

import os
import platform
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CLANG_BUILD = ROOT / "build" / "sanitize-clang"
GCC_BUILD = ROOT / "build" / "sanitize-gcc"


def clang_ready() -> bool:
    """Whether Clang, its libFuzzer runtime and cmake are here (the build with the extension)."""
    if shutil.which("cmake") is None or shutil.which("clang++") is None:
        return False
    rt = subprocess.run(["clang++", "-print-runtime-dir"], capture_output=True, text=True, check=False)
    arch = platform.machine()
    return rt.returncode == 0 and (Path(rt.stdout.strip()) / f"libclang_rt.fuzzer_no_main-{arch}.a").exists()


def build(*, python: bool) -> Path:
    """Configure and build the sanitized engine and give its build directory: the Clang build
    (engine, C++ tests and extension) when Clang is ready, else, unless ``python`` asks for
    the extension, the GCC build (engine and C++ tests).  A failed step fails the caller's test."""
    if clang_ready():
        where = CLANG_BUILD
        pybind11_dir = subprocess.run(
            [sys.executable, "-m", "pybind11", "--cmakedir"], capture_output=True, text=True, check=True
        ).stdout.strip()
        options = [
            "-DPARLOUR_PYTHON=ON",
            "-DCMAKE_CXX_COMPILER=clang++",
            f"-DPython_EXECUTABLE={sys.executable}",
            f"-Dpybind11_DIR={pybind11_dir}",
        ]
    else:
        assert not python, "the sanitized extension needs Clang and its compiler-rt (apt-get install clang)"
        where, options = GCC_BUILD, []
    generator = ["-G", "Ninja"] if shutil.which("ninja") and not (where / "Makefile").exists() else []
    configure = _run(["cmake", "-S", str(ROOT), "-B", str(where), "-DPARLOUR_SANITIZE=ON", *options, *generator], 300)
    assert configure.returncode == 0, configure.stdout[-3000:] + configure.stderr[-3000:]
    jobs = str(max(1, min(2, os.cpu_count() or 1)))
    made = _run(["cmake", "--build", str(where), "-j", jobs], 3600)
    assert made.returncode == 0, made.stdout[-5000:] + made.stderr[-5000:]
    return where


def _run(cmd: list[str], timeout: float) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=timeout, check=False)
