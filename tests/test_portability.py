"""A portable engine: system code only in the platform layer, CPU-specific code only
where it is chosen at run time, and the portable path equal to the vector path.

The layer is ``cpp/include/parlour/core/platform.hpp`` with its implementations
``cpp/src/core/platform*.cpp``; the vector kernels' instruction sets are named in one
dispatch header, ``cpp/src/yahtzee/simd.hpp``.
"""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CPP = REPO / "cpp"
LAYER = {"cpp/src/core/platform.cpp", "cpp/src/core/platform_posix.cpp", "cpp/src/core/platform_windows.cpp"}
DISPATCH = {"cpp/src/yahtzee/simd.hpp"}

# Headers of an operating system (POSIX, Linux, macOS, Windows), not of C++.
SYSTEM_HEADER = re.compile(
    r"#\s*include\s*<(unistd\.h|sys/[^>]+|windows\.h|winbase\.h|io\.h|direct\.h|fcntl\.h|dirent\.h|"
    r"pthread\.h|sched\.h|signal\.h|csignal|dlfcn\.h|mach/[^>]+|mach-o/[^>]+|psapi\.h|malloc\.h|alloca\.h|"
    r"termios\.h|poll\.h|libproc\.h|processthreadsapi\.h|sysinfoapi\.h)>"
)
# Instruction-set headers and the compilers' CPU switches.
CPU_SPECIFIC = re.compile(
    r"#\s*include\s*<(cpuid\.h|intrin\.h|[a-z0-9]*intrin\.h|arm_neon\.h|arm_sve\.h)>|__builtin_cpu_supports|"
    r"__cpuid|_xgetbv|#\s*pragma\s+(GCC|clang)\s+(target|attribute)|target\(\"|__attribute__\(\(target"
)
PROC_PATH = re.compile(r"\"/proc/")


def _sources() -> list[tuple[str, str]]:
    out = []
    for path in sorted(CPP.rglob("*")):
        if path.is_file() and path.suffix in (".cpp", ".hpp", ".inc", ".h"):
            out.append((path.relative_to(REPO).as_posix(), path.read_text()))
    return out


def _offending(pattern: re.Pattern[str], allowed: set[str]) -> list[str]:
    found = []
    for name, text in _sources():
        if name in allowed:
            continue
        for n, line in enumerate(text.splitlines(), 1):
            if pattern.search(line):
                found.append(f"{name}:{n}: {line.strip()}")
    return found


def test_the_patterns_find_what_they_look_for() -> None:
    # The checks below pass on an empty match; show that they would catch a use.
    assert SYSTEM_HEADER.search("#include <unistd.h>") and SYSTEM_HEADER.search("#  include <sys/mman.h>")
    assert SYSTEM_HEADER.search("#include <windows.h>") and SYSTEM_HEADER.search("#include <csignal>")
    assert not SYSTEM_HEADER.search("#include <cstdio>") and not SYSTEM_HEADER.search("#include <filesystem>")
    assert CPU_SPECIFIC.search("#include <immintrin.h>") and CPU_SPECIFIC.search("#include <cpuid.h>")
    assert CPU_SPECIFIC.search('#pragma GCC target("avx2")') and CPU_SPECIFIC.search("__builtin_cpu_supports(x)")
    assert PROC_PATH.search('std::ifstream in("/proc/self/statm");')
    assert len(_sources()) > 100
    # The layer itself uses them, so they are found where they belong.
    names = {name for name, text in _sources() if SYSTEM_HEADER.search(text)}
    assert names and names <= LAYER


def test_no_system_header_outside_the_platform_layer() -> None:
    assert _offending(SYSTEM_HEADER, LAYER) == []


def test_no_proc_paths_outside_the_layer() -> None:
    assert _offending(PROC_PATH, LAYER) == []


def test_no_native_tuning_unless_asked() -> None:
    # -march=native only behind the PARLOUR_NATIVE option (off), never in a wheel's settings.
    cmake = (REPO / "CMakeLists.txt").read_text()
    assert re.search(r'option\(PARLOUR_NATIVE "[^"]*" OFF\)', cmake)
    uses = [line.strip() for line in cmake.splitlines() if "-march=native" in line and "option(" not in line]
    assert uses == ["target_compile_options(parlour_engine PRIVATE -march=native)"]
    assert re.search(r"if\(PARLOUR_NATIVE AND NOT MSVC\)\n  target_compile_options\(parlour_engine PRIVATE -march=native\)", cmake)
    assert "march" not in (REPO / "pyproject.toml").read_text()
