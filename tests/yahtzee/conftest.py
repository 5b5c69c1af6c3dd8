"""Session fixtures for the Yahtzee tests: one solved table per rules variant (a full
solve takes well under a second, so each variant is solved once per session)."""

from __future__ import annotations

import pytest

from parlour.yahtzee import Joker, Rules, Solver

VARIANTS = {
    "forced": Rules(),
    "free": Rules(Joker.FREE),
    "none": Rules(Joker.NONE),
    "none+no-yahtzee-bonus": Rules(Joker.NONE, yahtzee_bonus=False),
    "none+no-yahtzee-bonus+no-upper-bonus": Rules(Joker.NONE, yahtzee_bonus=False, upper_bonus=False),
}

_SOLVED: dict[str, Solver] = {}


def solved(name: str) -> Solver:
    """The solved table of a variant, shared by the whole session."""
    if name not in _SOLVED:
        s = Solver(VARIANTS[name])
        s.solve()
        _SOLVED[name] = s
    return _SOLVED[name]


@pytest.fixture(scope="session")
def solver() -> Solver:
    """The solved table under the default rules (forced joker, both bonuses)."""
    return solved("forced")
