"""
Solitaire Yahtzee: scorecard rules and the optimal solver.
"""
from __future__ import annotations
__all__: list[str] = list()
