"""
FreeCell: positions, moves, Microsoft deals and the solver.
"""
from __future__ import annotations
__all__: list[str] = list()
