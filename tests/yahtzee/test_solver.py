"""The exact solver: the published anchors, a brute-force turn reference, determinism,
queries and their tie-breaks, lazy solving, save/load."""

from __future__ import annotations

import math
import os
import pickle
import random
import subprocess
import sys

import numpy as np
import pytest

from parlour.errors import InvalidValueError, PhaseError, StateFormatError
from parlour.yahtzee import (
    NUM_VALID_STATES,
    Categories,
    Category,
    Dice,
    Joker,
    Keep,
    Reroll,
    Rules,
    Score,
    Solver,
    State,
)

from . import reference
from .conftest import VARIANTS, solved

ANCHORS = {
    "forced": 254.5877287345,
    "free": 254.5896094820,
    "none": 253.9702411898,
    "none+no-yahtzee-bonus": 245.8707745141,
    "none+no-yahtzee-bonus+no-upper-bonus": 229.6384995505,
}


@pytest.mark.parametrize("name", list(ANCHORS))
def test_published_expected_scores(name: str) -> None:
    s = solved(name)
    assert s.is_solved() and s.solved_count == NUM_VALID_STATES
    assert s.value(State.START) == pytest.approx(ANCHORS[name], abs=1e-9)


def test_chance_only_card_is_worth_23_and_a_third(solver: Solver) -> None:
    s = State(~Categories([Category.CHANCE]), 0, False)
    assert solver.value(s) == pytest.approx(23 + 1 / 3, abs=1e-12)
    # with the bonus already reached the bonus is not counted again
    s63 = State(~Categories([Category.CHANCE]), 63, False)
    assert solver.value(s63) == pytest.approx(23 + 1 / 3, abs=1e-12)


def test_full_card_is_worth_nothing(solver: Solver) -> None:
    assert solver.value(State(Categories.ALL, 63, True)) == 0.0
    assert solver.value(State(Categories.ALL, 10, False)) == 0.0


def _sample_states(n: int, seed: int) -> list[State]:
    rng = random.Random(seed)
    out: list[State] = []
    while len(out) < n:
        open_count = rng.choice([1, 1, 2, 2, 3])
        open_ = rng.sample(range(13), open_count)
        bits = 0x1FFF & ~sum(1 << c for c in open_)
        st = State(Categories.from_bits(bits), rng.randrange(64), rng.random() < 0.5)
        out.append(st)
    return out


@pytest.mark.parametrize("name", ["forced", "free", "none+no-yahtzee-bonus+no-upper-bonus"])
def test_turn_values_match_direct_enumeration(name: str) -> None:
    """Late-game states against the plain-Python turn (every keep x every outcome, 4,368 pairs),
    using the solver's own successor values."""
    s = solved(name)
    rules = VARIANTS[name]
    ref_rules = {
        "joker": rules.joker.name.lower(),
        "yahtzee_bonus": rules.yahtzee_bonus,
        "upper_bonus": rules.upper_bonus,
    }

    def value_of(t: tuple[int, int, bool]) -> float:
        return s.value(State(Categories.from_bits(t[0]), t[1], t[2]))

    for st in _sample_states(4, seed=len(name)):
        ref = reference.turn_value((st.scored.bits, st.upper, st.yahtzee_50), value_of, ref_rules)
        assert s.value(st) == pytest.approx(ref, abs=1e-9), st


def test_bit_identical_for_any_thread_count(solver: Solver) -> None:
    one = Solver()
    one.solve(threads=1)
    two = Solver()
    two.solve(threads=2)
    assert one.checksum == two.checksum == solver.checksum
    assert np.array_equal(one.values, two.values, equal_nan=True)


def test_values_array_by_public_index(solver: Solver) -> None:
    v = solver.values
    assert v.dtype == np.float64 and v.shape == (1 << 20,)
    assert np.count_nonzero(~np.isnan(v)) == NUM_VALID_STATES
    for i in random.Random(1).sample(range(1 << 20), 2000):
        st = State.from_index(i)
        if st is None:
            assert math.isnan(v[i])
        else:
            assert v[i] == solver.value(st)
    assert solver.table_bytes <= 8 * 1024 * 1024


def test_keep_values_and_category_values_are_consistent_with_value(solver: Solver) -> None:
    """value(s) = sum over first rolls of P(r) * best keep value with two rolls left."""
    for st in [State.START, State(Categories([Category.YAHTZEE, Category.ACES]), 3, True)]:
        total = 0.0
        for d, p in Dice.outcomes():
            kv = solver.keep_values(st, d, 2)
            assert [k for k, _ in kv] == d.keeps()
            total += p * max(v for _, v in kv)
        assert total == pytest.approx(solver.value(st), abs=1e-9)
    # keeping all five with one roll left = the best box now
    st = State(Categories([Category.CHANCE]), 0, False)
    for d in Dice.all()[::17]:
        kv = dict(solver.keep_values(st, d, 1))
        cv = solver.category_values(st, d)
        assert kv[Keep(str(d))] == pytest.approx(max(v for _, v in cv), abs=1e-12)
        assert [c for c, _ in cv] == list(st.legal_categories(d))


def test_best_moves_follow_the_values_and_the_tie_breaks(solver: Solver) -> None:
    st = State.START
    for d in Dice.all()[::7]:
        cv = solver.category_values(st, d)
        best = max(v for _, v in cv)
        assert solver.best_category(st, d) == next(c for c, v in cv if v == best)
        for rl in (1, 2):
            kv = solver.keep_values(st, d, rl)
            top = max(v for _, v in kv)
            first = next(k for k, v in kv if v == top)
            a = solver.best_action(st, d, rl)
            if len(first) == 5:
                assert isinstance(a, (Score, Reroll))
            else:
                assert a == Reroll(first)
        assert solver.best_action(st, d, 0) == Score(solver.best_category(st, d))


def test_well_known_decisions(solver: Solver) -> None:
    st = State.START
    assert solver.best_action(st, "66666", 2) == Score(Category.YAHTZEE)
    assert solver.best_action(st, "12345", 0) == Score(Category.LARGE_STRAIGHT)
    a = solver.best_action(st, "11666", 2)
    assert a == Reroll(Keep("666"))


def test_query_errors(solver: Solver) -> None:
    with pytest.raises(InvalidValueError, match="rolls left"):
        solver.best_action(State.START, "11111", 3)
    with pytest.raises(InvalidValueError):
        solver.keep_values(State.START, "11111", 0)
    with pytest.raises(PhaseError, match="full"):
        solver.best_action(State(Categories.ALL, 0, False), "11111", 1)


def test_lazy_solving_matches_the_full_table(solver: Solver) -> None:
    lazy = Solver()
    st = State(Categories([Category.ACES, Category.TWOS, Category.YAHTZEE, Category.CHANCE]), 5, True)
    assert not lazy.is_solved(st)
    assert lazy.best_action(st, "33345", 2) == solver.best_action(st, "33345", 2)
    assert lazy.is_solved(st) and not lazy.is_solved()
    assert 0 < lazy.solved_count < NUM_VALID_STATES
    assert lazy.value(st) == solver.value(st)
    v = lazy.values
    full = solver.values
    known = ~np.isnan(v)
    assert np.array_equal(v[known], full[known])
    # a later query below the solved upper range extends the table
    st2 = State(st.scored, 0, True)
    assert lazy.value(st2) == solver.value(st2)


def test_save_load_and_corruption(solver: Solver, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "table.bin"
    solver.save(path)
    assert path.stat().st_size < 8 * 1024 * 1024
    back = Solver.load(path)
    assert back.checksum == solver.checksum and back.rules == solver.rules and back.is_solved()
    assert back.value(State.START) == solver.value(State.START)

    raw = bytearray(path.read_bytes())
    raw[1000] ^= 0x40
    (tmp_path / "corrupt.bin").write_bytes(bytes(raw))
    with pytest.raises(StateFormatError, match="checksum"):
        Solver.load(tmp_path / "corrupt.bin")
    (tmp_path / "short.bin").write_bytes(bytes(raw[:5000]))
    with pytest.raises(StateFormatError, match="truncated"):
        Solver.load(tmp_path / "short.bin")
    (tmp_path / "foreign.bin").write_bytes(b"not a table at all" * 10)
    with pytest.raises(StateFormatError, match="magic"):
        Solver.load(tmp_path / "foreign.bin")
    with pytest.raises(PhaseError):
        Solver().save(tmp_path / "unsolved.bin")


def test_saved_rules_travel_with_the_table(tmp_path) -> None:  # type: ignore[no-untyped-def]
    s = solved("free")
    s.save(tmp_path / "free.bin")
    back = Solver.load(tmp_path / "free.bin")
    assert back.rules == Rules(Joker.FREE)
    assert back.value(State.START) == pytest.approx(ANCHORS["free"], abs=1e-9)


def test_progress_is_reported_per_tier() -> None:
    seen: list[int] = []
    Solver(Rules(Joker.NONE)).solve(progress=lambda tier, secs: seen.append(tier))
    assert seen == list(range(13, -1, -1))


# The default table's bits on every CPU and in every kernel (AVX2, SSE2, the plain lanes
# of ARM64 and of the portable path): the build forbids fused multiply-adds.
GOLDEN_CHECKSUM = 0x0DF35C54FDCB74B9


def test_golden_checksum_and_both_simd_kernels(solver: Solver) -> None:
    assert solver.checksum == GOLDEN_CHECKSUM
    code = "from parlour.yahtzee import Solver; s = Solver(); s.solve(threads=1); print(s.checksum)"
    env = dict(os.environ, PARLOUR_PORTABLE="1")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert int(out.stdout) == GOLDEN_CHECKSUM


def test_an_error_in_progress_propagates_and_the_table_stays_usable() -> None:
    s = Solver(Rules(Joker.NONE, yahtzee_bonus=False))

    def boom(tier: int, secs: float) -> None:
        if tier == 5:
            raise KeyError("stop")

    with pytest.raises(KeyError):
        s.solve(progress=boom)
    assert not s.is_solved()  # the solve stops at once: tiers 4..0 are left
    assert s.is_solved(State(~Categories([Category.CHANCE]), 0, False))  # what was solved keeps its values
    assert s.value(State.START) == pytest.approx(ANCHORS["none+no-yahtzee-bonus"], abs=1e-9)  # and it goes on
    assert s.is_solved()


def test_pickle_keeps_the_table_and_its_lazy_parts(solver: Solver) -> None:
    back = pickle.loads(pickle.dumps(solver))
    assert back.checksum == solver.checksum and back.rules == solver.rules and back.is_solved()
    lazy = Solver(Rules(Joker.FREE))
    st = State(~Categories([Category.CHANCE, Category.ACES]), 3, False)
    v = lazy.value(st)
    copy_ = pickle.loads(pickle.dumps(lazy))
    assert copy_.is_solved(st) and not copy_.is_solved() and copy_.value(st) == v
    assert copy_.solved_count == lazy.solved_count
    state = solver.__getstate__()
    bad = (state[0], state[1], state[2], state[3][:-8] + b"\x00" * 8, state[4])
    with pytest.raises(StateFormatError):
        Solver.__new__(Solver).__setstate__(bad)
