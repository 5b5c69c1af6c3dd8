"""
The CPU as the engine sees it, and the switch to the portable path (see parlour.cpu).
"""
from __future__ import annotations
__all__: list[str] = ['cpu_arch', 'cpu_features', 'set_vector_code', 'vector_code']
def cpu_arch() -> str:
    """
    The processor family the engine was compiled for: 'x86_64', 'aarch64', 'x86', 'arm' or 'other'.
    """
def cpu_features() -> list[str]:
    """
    The instruction sets beyond the baseline that this CPU and OS support and the engine has kernels for.
    """
def set_vector_code(on: bool) -> None:
    """
    Allow the vector kernels (True) or force the portable path everywhere (False).
    """
def vector_code() -> bool:
    """
    Whether the engine's vector kernels may run now.
    """
