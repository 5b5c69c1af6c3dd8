"""
Gin rummy: melds, deadwood, layoffs, scoring, rounds, matches and bots.
"""
from __future__ import annotations
__all__: list[str] = list()
