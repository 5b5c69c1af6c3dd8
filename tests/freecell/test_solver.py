"""The solver: every solution replays under the test's own rules; proofs; limits; determinism; threads."""

from __future__ import annotations

import threading

import pytest

from parlour._core import freecell as _fc
from parlour.errors import InvalidValueError
from parlour.freecell import (
    DEFAULT_MEMORY_LIMIT,
    Foundations,
    GameState,
    Solution,
    Unknown,
    Unsolvable,
    Verdict,
    is_safe_autoplay,
    solve,
    solve_deals,
)

from .reference import Table, ms_deal


def check_with_reference(number: int, solution: Solution) -> None:
    """Replay the notation on plain lists with the reference rules (not the engine)."""
    t = Table(ms_deal(number))
    for text in solution.notation:
        t.move(text)
    assert t.solved(), number


def test_deal_1_fast() -> None:
    result = solve(GameState.from_ms_deal(1))
    assert isinstance(result, Solution) and result and result.verdict == Verdict.SOLVED
    assert result.replay(GameState.from_ms_deal(1)).is_solved
    check_with_reference(1, result)
    assert len(result.positions(GameState.from_ms_deal(1))) == len(result) + 1


def test_three_hundred_deals_replay_under_reference_rules() -> None:
    numbers = list(range(1, 301))
    results = solve_deals(numbers, jobs=2)
    for n, r in zip(numbers, results):
        assert isinstance(r, Solution), n
        check_with_reference(n, r)
    # A solution lists each of the 52 foundation moves explicitly.
    assert all(sum(text.endswith("h") for text in r.notation) == 52 for r in results if isinstance(r, Solution))


def test_extended_range_deals_replay() -> None:
    for n in (2**31 + 1, 2**32 + 77, 2**33 - 1, 1_000_000):
        r = solve(n)
        assert isinstance(r, Solution)
        check_with_reference(n, r)


def test_short_mode_replays_and_is_not_longer_on_average() -> None:
    numbers = list(range(1, 41))
    short = solve_deals(numbers, mode="short", jobs=2)
    fast = solve_deals(numbers, mode="fast", jobs=2)
    for n, r in zip(numbers, short):
        assert isinstance(r, Solution)
        check_with_reference(n, r)
    assert sum(len(r) for r in short) < sum(len(r) for r in fast)  # type: ignore[arg-type]


def test_deal_11982_is_proved_unsolvable() -> None:
    r = solve(11982)
    assert isinstance(r, Unsolvable) and not r and r.verdict == Verdict.UNSOLVABLE and r.states > 1000


@pytest.mark.parametrize("number", [146692, 781948])
def test_other_unsolvable_deals(number: int) -> None:
    assert isinstance(solve(number), Unsolvable)


def test_limits_give_unknown() -> None:
    r = solve(11982, max_states=500)
    assert isinstance(r, Unknown) and r.reason == "max_states" and not r
    r2 = solve(11982, time_limit=1e-6)
    assert (isinstance(r2, Unknown) and r2.reason in ("time_limit", "max_states")) or isinstance(r2, Unsolvable)


def test_bad_arguments() -> None:
    g = GameState.from_ms_deal(1)
    with pytest.raises(InvalidValueError):
        solve(g, mode="slow")  # type: ignore[arg-type]
    with pytest.raises(InvalidValueError):
        solve(g, max_states=0)
    for bad in (0, -1):
        with pytest.raises(InvalidValueError, match="memory_limit"):
            solve(g, memory_limit=bad)
    with pytest.raises(InvalidValueError):
        solve_deals([0, 1])
    with pytest.raises(InvalidValueError):
        solve_deals([1], jobs=0)


def test_invalid_position_is_not_searched() -> None:
    text = GameState.from_ms_deal(1).to_text().replace(" 6s\n", "\n", 1)
    g = GameState.parse(text, validate=False)
    with pytest.raises(InvalidValueError):
        solve(g)


def test_deterministic_and_threads_agree() -> None:
    numbers = [3, 17, 164, 1941, 2000]
    one = solve_deals(numbers, jobs=1)
    two = solve_deals(numbers, jobs=2)
    again = [solve(n) for n in numbers]
    for a, b, c in zip(one, two, again):
        assert isinstance(a, Solution) and isinstance(b, Solution) and isinstance(c, Solution)
        assert a.notation == b.notation == c.notation
        # Buffers reused from deal to deal (after 1941's large search) change nothing.
        assert a.states == b.states == c.states


def test_solution_value_semantics() -> None:
    r = solve(5)
    assert isinstance(r, Solution)
    n = len(r)  # the length is known before the moves become Python objects
    assert n == len(r.notation) == len(r.moves) > 0
    assert str(r) == " ".join(r.notation)
    copy = Solution(r.notation, r.states, r.seconds, r.mode)
    assert copy == r and hash(copy) == hash(r) and len(copy.moves) == n
    assert Solution(r.notation[:-1], r.states, r.seconds, r.mode) != r
    assert r != r.notation
    assert repr(r).startswith("Solution(notation=('") and f"states={r.states}" in repr(r)
    with pytest.raises(AttributeError):
        r.states = 0  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del r.mode


def test_progress_callback_and_errors() -> None:
    calls: list[tuple[int, int, int]] = []
    solve_deals(range(1, 11), jobs=2, progress=lambda d, t, i: calls.append((d, t, i)))
    assert sorted(c[0] for c in calls) == list(range(1, 11)) and {c[1] for c in calls} == {10}
    assert sorted(c[2] for c in calls) == list(range(10))

    def boom(done: int, total: int, index: int) -> None:
        raise RuntimeError("stop")

    with pytest.raises(RuntimeError, match="stop"):
        solve_deals(range(1, 5), progress=boom)


def test_gil_is_released() -> None:
    ticks = 0
    stop = threading.Event()

    def count() -> None:
        nonlocal ticks
        while not stop.is_set():
            ticks += 1

    t = threading.Thread(target=count)
    t.start()
    try:
        solve(11982)  # a few tenths of a second inside C++
    finally:
        stop.set()
        t.join()
    assert ticks > 1000


def test_solution_from_a_midgame_position() -> None:
    g = GameState.from_ms_deal(1).apply("6a").apply("6b")
    r = solve(g)
    assert isinstance(r, Solution) and r.replay(g).is_solved


def test_safe_autoplay_rule() -> None:
    f = Foundations((2, 2, 2, 2))
    assert is_safe_autoplay(f, "3h")  # both black foundations hold 2
    assert not is_safe_autoplay(Foundations((2, 1, 2, 2)), "3h")  # 2s is out: it could go on 3h
    assert is_safe_autoplay(Foundations((1, 0, 0, 0)), "2c")  # rank 2 is always safe
    assert not is_safe_autoplay(f, "4h")  # not playable


def test_results_pickle() -> None:
    import pickle

    r = solve(2)
    assert isinstance(r, Solution)
    back = pickle.loads(pickle.dumps(r))
    assert back == r and back.moves == r.moves and all(m.card is not None for m in back.moves)
    for other in (solve(11982), solve(11982, max_states=100)):
        assert pickle.loads(pickle.dumps(other)) == other


UNSOLVABLE = [11982, 146692, 186216, 455889, 495505, 512118, 517776, 781948]


def test_memory_limit_gives_unknown_and_is_never_passed() -> None:
    assert DEFAULT_MEMORY_LIMIT == 2**31
    r = solve(11982, memory_limit=4_000_000)
    assert isinstance(r, Unknown) and r.reason == "memory_limit" and r.states > 0
    for limit in (1_000_000, 2_000_000, 4_000_000):
        raw = _fc.search(GameState.from_ms_deal(11982), "fast", None, None, limit)
        assert raw.verdict == Verdict.UNKNOWN and raw.reason == "memory_limit"
        assert 0 < raw.memory <= limit
    # Buffers a thread keeps from an earlier, larger solve count too, and still fit the limit.
    solve(146692, memory_limit=2**30)
    raw = _fc.search(GameState.from_ms_deal(11982), "fast", None, None, 1_000_000)
    assert raw.verdict == Verdict.UNKNOWN and 0 < raw.memory <= 1_000_000
    # 16 MB: the incomplete scans are given up for the complete one, which finishes the proof.
    raw = _fc.search(GameState.from_ms_deal(11982), "fast", None, None, 16_000_000)
    assert raw.verdict == Verdict.UNSOLVABLE and raw.memory <= 16_000_000
    # No limit, the default limit and a large one find the same proof.
    unlimited = _fc.search(GameState.from_ms_deal(11982), "fast", None, None, None)
    assert unlimited.verdict == Verdict.UNSOLVABLE and unlimited.memory > 0
    assert isinstance(solve(11982, memory_limit=None), Unsolvable)


@pytest.mark.parametrize("mode", ["fast", "short", "proof"])
def test_compact_store_proves_with_the_same_positions(mode: str) -> None:
    """Under a small memory limit the scans move to the compact store early; an exhaustive
    scan visits the same set of positions in any order, so the proofs count the same."""
    for n in UNSOLVABLE:
        fast = _fc.search(GameState.from_ms_deal(n), mode, None, None, None)
        lean = _fc.search(GameState.from_ms_deal(n), mode, None, None, 40_000_000)
        assert fast.verdict == lean.verdict == Verdict.UNSOLVABLE, n
        assert fast.states == lean.states, n
        if fast.states > 100_000:  # well past the compact store's fixed part
            assert lean.memory < fast.memory / 2, n


def test_compact_store_solutions_replay() -> None:
    # Deals whose scans outgrow the first positions: under 16 MB they finish in the compact store.
    for n in (285, 657, 1941, 25315):
        for mode in ("fast", "short"):
            lean = _fc.search(GameState.from_ms_deal(n), mode, None, None, 16_000_000)
            assert lean.verdict == Verdict.SOLVED and lean.memory <= 16_000_000, (n, mode)
            check_with_reference(n, Solution(lean.notation, lean.states, lean.seconds, mode))


def test_proof_mode_runs_the_complete_scan_alone() -> None:
    for n in UNSOLVABLE:
        proof = solve(n, mode="proof")
        fast = solve(n)
        assert isinstance(proof, Unsolvable) and isinstance(fast, Unsolvable)
        assert proof.states <= fast.states  # the fast portfolio's pruned scans store positions too
    r = solve(1, mode="proof")
    assert isinstance(r, Solution) and r.mode == "proof"
    check_with_reference(1, r)
