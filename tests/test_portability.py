"""A portable engine: system code only in the platform layer, CPU-specific code only
where it is chosen at run time, and the portable path equal to the vector path.

The layer is ``cpp/include/parlour/core/platform.hpp`` with its implementations
``cpp/src/core/platform*.cpp``; the vector kernels' instruction sets are named in one
dispatch header, ``cpp/src/yahtzee/simd.hpp``.
"""

from __future__ import annotations

import doctest
import hashlib
import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import parlour.cpu
from parlour import cpu
from parlour.cards import CardSet, Rng, shuffled_deck
from parlour.errors import WrongTypeError
from parlour.freecell import Solution, solve_deals
from parlour.gin import deadwood_batch
from parlour.yahtzee import (
    Categories,
    Category,
    HeadsUpSolver,
    OptimalBot,
    Solver,
    State,
    ThresholdSolver,
    score_distribution,
)

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


def test_no_cpu_specific_code_outside_the_layer_and_the_dispatch_header() -> None:
    assert _offending(CPU_SPECIFIC, LAYER | DISPATCH) == []


def test_no_proc_paths_outside_the_layer() -> None:
    assert _offending(PROC_PATH, LAYER) == []


def test_no_native_tuning_unless_asked() -> None:
    # -march=native only behind the PARLOUR_NATIVE option (off), never in a wheel's settings.
    cmake = (REPO / "CMakeLists.txt").read_text()
    assert re.search(r'option\(PARLOUR_NATIVE "[^"]*" OFF\)', cmake)
    uses = [line.strip() for line in cmake.splitlines() if "-march=native" in line and "option(" not in line]
    assert uses == ["target_compile_options(parlour_engine PRIVATE -march=native)"]
    assert re.search(
        r"if\(PARLOUR_NATIVE AND NOT MSVC\)\n  target_compile_options\(parlour_engine PRIVATE -march=native\)", cmake
    )
    assert "march" not in (REPO / "pyproject.toml").read_text()


# ---- the vector kernels and the portable path


def test_the_switch() -> None:
    assert cpu.arch() in ("x86_64", "aarch64", "x86", "arm", "other")
    assert cpu.features() <= {"avx2"}
    was = cpu.vector_code()
    with cpu.portable():
        assert cpu.vector_code() is False
    assert cpu.vector_code() is was
    cpu.set_vector_code(False)
    try:
        assert not cpu.vector_code()
    finally:
        cpu.set_vector_code(True)
    assert cpu.vector_code()
    with pytest.raises(WrongTypeError, match="True or False"):
        cpu.set_vector_code(1)  # type: ignore[arg-type]
    result = doctest.testmod(parlour.cpu, verbose=False)
    assert result.failed == 0 and result.attempted >= 3


@pytest.mark.parametrize(("value", "vector"), [("1", False), ("yes", False), ("0", True), ("", True)])
def test_the_environment_variable(value: str, vector: bool) -> None:
    code = "from parlour import cpu; print(cpu.vector_code())"
    env = dict(os.environ, PARLOUR_PORTABLE=value)
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == str(vector)


def _bits(a: np.ndarray) -> bytes:
    return np.ascontiguousarray(a, dtype=np.float64).tobytes()


def _both(compute):  # type: ignore[no-untyped-def]
    """compute() on the vector path (where the CPU has one), then on the portable path."""
    vector = compute()
    with cpu.portable():
        portable = compute()
    return vector, portable


def test_yahtzee_values_are_the_same_bits_on_both_paths() -> None:
    # The whole table of the expected-score solver (the AVX2 lanes against the SSE2 or
    # plain ones), under the official rules and a variant.
    def table() -> bytes:
        s = Solver()
        s.solve(threads=2)
        return _bits(s.values)

    vector, portable = _both(table)
    assert vector == portable
    assert len(vector) == 8 * len(Solver().values)


def test_objective_tables_and_distributions_are_the_same_bits_on_both_paths() -> None:
    # The objective kernels (thresholds, heads-up) and the distribution's axpy, from a
    # card with five boxes open so that each takes a fraction of a second.
    open_boxes = [Category.THREES, Category.FULL_HOUSE, Category.SMALL_STRAIGHT, Category.YAHTZEE, Category.CHANCE]
    state = State(~Categories(open_boxes), 12, False)
    solver = Solver()

    def compute() -> tuple[bytes, bytes, bytes]:
        t = ThresholdSolver(max_target=150)
        h = HeadsUpSolver(90)
        d = score_distribution(OptimalBot(solver), state)
        return _bits(t.probabilities(state)), _bits(h.win_probabilities(state)), _bits(d.pmf)

    vector, portable = _both(compute)
    assert vector == portable
    assert len(vector[0]) == 8 * 151


def test_deadwood_batches_and_freecell_solutions_do_not_depend_on_the_path() -> None:
    # No vector kernel of their own: the switch leaves them alone, bit for bit.
    rng = Rng(5)
    hands = np.array([int(CardSet(shuffled_deck(rng.next_u64())[:10])) for _ in range(3000)], dtype=np.uint64)

    def compute() -> tuple[bytes, list[str]]:
        solutions = [r.notation for r in solve_deals(range(1, 13), jobs=2) if isinstance(r, Solution)]
        return deadwood_batch(hands).tobytes(), solutions

    vector, portable = _both(compute)
    assert vector == portable
    assert len(vector[1]) == 12


# ---- the same results on every platform (golden values recorded on x86-64 Linux; the
# wheels' test runs check them on ARM64, macOS and Windows, and CI's portability step
# with Clang and libc++)


def test_golden_results_on_every_platform() -> None:
    rng = Rng(2024)
    hands = np.array([int(CardSet(shuffled_deck(rng.next_u64())[:10])) for _ in range(20000)], dtype=np.uint64)
    dead = hashlib.sha256(deadwood_batch(hands).tobytes()).hexdigest()[:16]
    solutions = " | ".join(" ".join(r.notation) for r in solve_deals(range(1, 21), jobs=2) if isinstance(r, Solution))
    moves = hashlib.sha256(solutions.encode()).hexdigest()[:16]
    assert (dead, moves) == (GOLDEN_DEADWOOD, GOLDEN_FREECELL)


GOLDEN_DEADWOOD = "03772214624151bb"  # sha256 of deadwood_batch of 20,000 hands, first 16 digits
GOLDEN_FREECELL = "b87b205876f9fd34"  # the same of the solutions of MS deals 1..20
