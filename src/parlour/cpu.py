"""The engine's vector kernels and the portable path.

The engine is compiled for the baseline of its processor family (x86-64 with SSE2,
ARM64), so one build runs on any machine of that family; a few kernels (the Yahtzee
solvers' dynamic programs) have a second version for AVX2, chosen at run time when
the CPU has it. The portable path gives bit-identical results (the same IEEE
operations in the same order), so the switch below only changes the speed. It exists
to test that claim and to compare the speeds:

>>> from parlour import cpu
>>> cpu.arch() in ("x86_64", "aarch64", "x86", "arm", "other")
True
>>> with cpu.portable():
...     cpu.vector_code()
False

Setting the environment variable ``PARLOUR_PORTABLE=1`` before parlour is imported
starts with the portable path.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from parlour._core import platform as _platform
from parlour.errors import WrongTypeError

__all__ = ["arch", "features", "vector_code", "set_vector_code", "portable"]


def arch() -> str:
    """The processor family the engine was compiled for: ``"x86_64"``, ``"aarch64"``, ``"x86"``, ``"arm"`` or ``"other"``."""
    return _platform.cpu_arch()


def features() -> frozenset[str]:
    """The instruction sets beyond the baseline that this CPU (and its OS) supports and the engine has kernels for.

    Today that is at most ``{"avx2"}`` (x86-64).
    """
    return frozenset(_platform.cpu_features())


def vector_code() -> bool:
    """Whether the vector kernels may run now (they run where the CPU has them)."""
    return _platform.vector_code()


def set_vector_code(on: bool) -> None:
    """Allow the vector kernels (``True``) or force the portable path everywhere (``False``).

    A computation already running keeps the path it started with.
    """
    if not isinstance(on, bool):
        raise WrongTypeError(f"set_vector_code takes True or False, got {type(on).__name__} {on!r}")
    _platform.set_vector_code(on)


@contextlib.contextmanager
def portable() -> Iterator[None]:
    """Run the body on the portable path, then restore the previous setting."""
    was = vector_code()
    set_vector_code(False)
    try:
        yield
    finally:
        set_vector_code(was)
