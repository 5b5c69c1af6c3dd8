"""``prove``: the complete scan in bounded memory, positions waiting on disk, resumable.

Checked against ``solve(mode="proof")`` (the same scan with every position in memory):
the same verdict and the same number of positions on the eight unsolvable Microsoft
deals below 1,000,000, however the memory limit makes it spill to disk, however many
threads, and however often it is stopped and started again.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from parlour._core import freecell as _fc
from parlour.errors import InvalidValueError, StateFormatError, WrongTypeError
from parlour.freecell import (
    Foundations,
    Freecells,
    GameState,
    ProofProgress,
    Solution,
    Unknown,
    Unsolvable,
    prove,
    solve,
)

from .test_proofs import exhaustive, random_endgame, to_state

UNSOLVABLE = [11982, 146692, 186216, 455889, 495505, 512118, 517776, 781948]


class Stop(Exception):
    """Raised from a progress callback to stop a run part way."""


def files(d: Path) -> list[Path]:
    return sorted(d.glob("p*.keys"))


@pytest.mark.parametrize("deal", UNSOLVABLE)
def test_the_unsolvable_deals_count_what_proof_mode_counts(deal: int, tmp_path: Path) -> None:
    ref = solve(deal, mode="proof")
    r = prove(deal, tmp_path)
    assert isinstance(ref, Unsolvable) and isinstance(r, Unsolvable)
    assert r.states == ref.states
    assert files(tmp_path) == []  # every waiting position was used up


def test_spilling_to_disk_and_threads_change_nothing(tmp_path: Path) -> None:
    ref = solve(517776, mode="proof")
    seen: list[ProofProgress] = []
    # 4 MB: most of the 67,016 positions are in one split, which just fits.
    r = prove(517776, tmp_path / "a", memory_limit=4_000_000, progress=seen.append)
    assert isinstance(r, Unsolvable) and r.states == ref.states
    assert max(p.disk for p in seen) > 0  # the later layers waited in files
    assert 1_000_000 < max(p.memory for p in seen) <= 4_000_000
    assert [p.layer for p in seen] == sorted(p.layer for p in seen)  # layers in order of cards home
    assert seen[-1].states == ref.states
    assert sorted({p.splits for p in seen}) == list(range(1, seen[-1].splits + 1))  # a report after each split
    r2 = prove(517776, tmp_path / "b", memory_limit=4_000_000, threads=2)
    assert isinstance(r2, Unsolvable) and r2.states == ref.states


@pytest.mark.parametrize("deal", [146692, 517776])
def test_two_threads_never_hold_more_than_the_limit(deal: int, tmp_path: Path) -> None:
    # Each worker reserves its next expansion before it grows, and a list about to grow
    # past the limit goes to disk first: whatever the limit (above the two workers' first
    # bytes, about 0.8 MB each), the peak stays under it.
    ref = solve(deal, mode="proof")
    ends = set()
    for n, limit in enumerate(range(1_650_000, 4_000_000, 150_000)):
        seen: list[ProofProgress] = []
        r = prove(deal, tmp_path / str(n), memory_limit=limit, threads=2, progress=seen.append)
        assert max((p.memory for p in seen), default=0) <= limit
        assert (isinstance(r, Unsolvable) and r.states == ref.states) or (
            isinstance(r, Unknown) and r.reason == "memory_limit"
        ), (limit, r)
        ends.add(type(r))
    # The proof needs about the low end of the range: with a split sent to disk it ends at
    # most limits, and how low depends on the standard library's container sizes (with
    # libc++ every limit of the range suffices).
    assert Unsolvable in ends


def on_disk(d: Path) -> int:
    """Runs of a split's positions now in the searches on disk under d."""
    return len(list(d.glob("x*/v*.keys")))


# (deal, memory limit, threads): limits under which the largest split does not fit in
# memory and is searched on disk (its positions in sorted runs, a filter in memory);
# deal 2852003 (997,993 positions) in more loads.
ON_DISK = [
    (11982, 2_000_000, 1),
    (495505, 2_000_000, 1),
    (517776, 2_000_000, 1),
    (517776, 3_000_000, 2),
    (2852003, 6_000_000, 1),
    (2852003, 6_000_000, 2),
]


@pytest.mark.parametrize(("deal", "limit", "threads"), ON_DISK)
def test_splits_searched_on_disk_count_what_proof_mode_counts(
    deal: int, limit: int, threads: int, tmp_path: Path
) -> None:
    ref = solve(deal, mode="proof")
    seen: list[ProofProgress] = []
    runs: list[int] = []

    def watch(p: ProofProgress) -> None:
        seen.append(p)
        runs.append(on_disk(tmp_path))

    r = prove(deal, tmp_path, memory_limit=limit, threads=threads, progress=watch)
    assert isinstance(r, Unsolvable) and r.states == ref.states
    assert max(runs) >= 2  # a split was searched on disk, in more than one load
    assert max(p.memory for p in seen) <= limit
    assert [p.states for p in seen] == sorted(p.states for p in seen)
    assert not list(tmp_path.glob("x*"))  # the searches on disk are removed with their layer


def test_a_split_that_does_not_fit_even_on_disk_ends_with_memory_limit(tmp_path: Path) -> None:
    # 1.5 MB: the split's store, its filter and its buffers cannot all be held.
    r = prove(517776, tmp_path, memory_limit=1_500_000)
    assert isinstance(r, Unknown) and r.reason == "memory_limit"


@pytest.mark.parametrize(("deal", "limit", "threads"), [(517776, 2_000_000, 1), (2852003, 6_000_000, 2)])
def test_a_split_on_disk_stopped_anywhere_continues(deal: int, limit: int, threads: int, tmp_path: Path) -> None:
    ref = solve(deal, mode="proof")
    stops = 0
    for stop_at in range(1, 40):
        calls = [0]

        def stop(p: ProofProgress, calls: list[int] = calls, at: int = stop_at) -> None:
            # the at-th report of this run while a split is searched on disk
            calls[0] += bool(on_disk(tmp_path))
            if calls[0] == at:
                raise Stop

        try:
            r = prove(deal, tmp_path, memory_limit=limit, threads=threads, progress=stop)
        except Stop:
            stops += 1
            continue
        break
    assert stops >= 2  # stopped inside the search on disk, more than once
    assert isinstance(r, Unsolvable) and r.states == ref.states


def test_the_disk_limit_stops_a_run_that_continues(tmp_path: Path) -> None:
    ref = solve(517776, mode="proof")
    r = prove(517776, tmp_path, memory_limit=2_000_000, disk_limit=200_000)
    assert isinstance(r, Unknown) and r.reason == "disk_limit"
    # the positions the stopped split searched before its lists found no room are counted
    assert 0 < r.states < ref.states
    r = prove(517776, tmp_path, memory_limit=2_000_000)
    assert isinstance(r, Unsolvable) and r.states == ref.states


def test_a_damaged_split_on_disk_is_refused(tmp_path: Path) -> None:
    def stopped_run(d: Path) -> Path:
        def stop(p: ProofProgress) -> None:
            if on_disk(d) >= 2:
                raise Stop

        with pytest.raises(Stop):
            prove(517776, d, memory_limit=2_000_000, progress=stop)
        (split,) = d.glob("x*")
        return split

    split = stopped_run(tmp_path / "a")
    (split / "split.txt").write_text("hello\n")
    with pytest.raises(StateFormatError, match="damaged split state"):
        prove(517776, tmp_path / "a", memory_limit=2_000_000)
    split = stopped_run(tmp_path / "b")
    run = sorted(split.glob("v*.keys"))[0]
    data = bytearray(run.read_bytes())
    data[20] ^= 0x10
    run.write_bytes(bytes(data))
    with pytest.raises(StateFormatError, match="damaged position file"):
        prove(517776, tmp_path / "b", memory_limit=2_000_000)
    split = stopped_run(tmp_path / "c")
    state = split / "split.txt"
    state.write_text(state.read_text().replace("\npart ", "\npart 1"))  # another split's state
    with pytest.raises(StateFormatError, match="damaged split state"):
        prove(517776, tmp_path / "c", memory_limit=2_000_000)


def test_a_stopped_run_continues_where_it_stopped(tmp_path: Path) -> None:
    ref = solve(146692, mode="proof")  # 8,637 positions in 36 splits of 10 layers
    # Each run stops inside a different layer (the splits per layer: 1, 2, 4, 5, 4, 6, 5, 4, 4, 1).
    for stop_after in (1, 3, 7, 12, 20):

        def stop(p: ProofProgress, calls: list[int] = [0], after: int = stop_after) -> None:  # noqa: B006
            calls[0] += 1
            if calls[0] == after:
                raise Stop

        with pytest.raises(Stop):
            prove(146692, tmp_path, progress=stop)
        assert (tmp_path / "parlour-proof.txt").exists()
    # A record cut short by a kill is cut off.
    waiting = files(tmp_path)
    assert waiting
    with open(waiting[-1], "ab") as f:
        f.write(b"\x50\x46\x43\x31\x05\x00\x00\x00partial")
    r = prove(146692, tmp_path)
    assert isinstance(r, Unsolvable) and r.states == ref.states
    # The verdict is recorded: asked again, the directory answers at once.
    again = prove(146692, tmp_path)
    assert isinstance(again, Unsolvable) and again.states == ref.states and again.seconds == r.seconds


def test_the_seconds_count_every_run_also_the_stopped_ones(tmp_path: Path) -> None:
    import time

    pause = 0.3
    for _ in range(3):  # each run stops inside the first layer, before any layer is done

        def stop(p: ProofProgress) -> None:
            time.sleep(pause)
            raise Stop

        with pytest.raises(Stop):
            prove(146692, tmp_path, progress=stop)
    r = prove(146692, tmp_path)
    assert isinstance(r, Unsolvable)
    assert r.seconds >= 3 * pause
    r = prove(146692, tmp_path / "t", time_limit=1e-9)
    assert isinstance(r, Unknown) and r.reason == "time_limit"
    first = r.seconds
    r = prove(146692, tmp_path / "t")
    assert isinstance(r, Unsolvable) and r.seconds >= first > 0


def test_the_time_limit_stops_a_run_that_continues(tmp_path: Path) -> None:
    ref = solve(146692, mode="proof")
    r = prove(146692, tmp_path, time_limit=1e-9)
    assert isinstance(r, Unknown) and r.reason == "time_limit"
    r = prove(146692, tmp_path)
    assert isinstance(r, Unsolvable) and r.states == ref.states


def test_damaged_files_and_foreign_directories_are_refused(tmp_path: Path) -> None:
    def stopped_run(d: Path) -> None:
        def stop(p: ProofProgress) -> None:
            if p.splits == 5:
                raise Stop

        with pytest.raises(Stop):
            prove(146692, d, progress=stop)

    stopped_run(tmp_path / "a")
    with pytest.raises(InvalidValueError, match="another position"):
        prove(11982, tmp_path / "a")
    # A flipped bit in a waiting position: refused, never searched.
    stopped_run(tmp_path / "b")
    target = files(tmp_path / "b")[0]
    data = bytearray(target.read_bytes())
    data[20] ^= 0x10
    target.write_bytes(bytes(data))
    with pytest.raises(StateFormatError, match="damaged position file"):
        prove(146692, tmp_path / "b")
    # Random bytes with a valid block frame and checksum still do not decode: every key is checked.
    stopped_run(tmp_path / "c")
    target = files(tmp_path / "c")[0]
    rng = random.Random(5)
    junk = [rng.getrandbits(64) for _ in range(3)]
    key = b"".join(w.to_bytes(8, "little") for w in junk)
    target.write_bytes(b"PFC1" + (1).to_bytes(4, "little") + key + b"\0" * 8)
    with pytest.raises(StateFormatError, match="damaged position file"):
        prove(146692, tmp_path / "c")
    # A manifest that is not one.
    d = tmp_path / "d"
    d.mkdir()
    (d / "parlour-proof.txt").write_text("hello\n")
    with pytest.raises(StateFormatError, match="manifest"):
        prove(146692, d)
    # Position files without a manifest.
    e = tmp_path / "e"
    e.mkdir()
    (e / "p00000.keys").write_bytes(b"")
    with pytest.raises(InvalidValueError, match="no manifest"):
        prove(146692, e)


def test_solvable_deals_give_a_solution(tmp_path: Path) -> None:
    r = prove(1, tmp_path)
    assert isinstance(r, Solution)
    assert r.replay(GameState.from_ms_deal(1)).is_solved
    assert files(tmp_path) == [] and not (tmp_path / "parlour-proof.txt").exists()


@pytest.mark.parametrize("seed", range(30))
def test_verdicts_match_exhaustive_search_with_the_layers_alone(seed: int, tmp_path: Path) -> None:
    # No fast solve first: the layers themselves must reach the win (or prove there is none).
    # 10-14 cards left, two free cells taken: the layers search whole splits in a moment.
    cascades, cells, home = random_endgame(
        random.Random(seed), cards=(10, 14), lowest_home=9, cells=2, columns=5, two_each=False
    )
    truth = exhaustive(cascades, cells, home)
    assert truth is not None
    state = to_state(cascades, cells, home)
    if max(len(c) for c in cascades) > 7:
        with pytest.raises(InvalidValueError, match="at most 7 cards"):
            _fc.prove(state, os.fspath(tmp_path), quick_states=0)
        return
    raw = _fc.prove(state, os.fspath(tmp_path), quick_states=0)
    assert raw.verdict == (_fc.Verdict.SOLVED if truth else _fc.Verdict.UNSOLVABLE)
    if truth:
        assert Solution((), _raw=raw).replay(state).is_solved
    else:
        assert raw.states == solve(state, mode="proof").states


def test_a_position_without_moves(tmp_path: Path) -> None:
    # test_proofs' stuck position (kings in the cells, nines buried, no move at all).
    cascades = ["9c Qh", "9s Qd", "9h Qc", "9d Qs", "Jh Tc", "Jd Ts", "Jc Th", "Js Td"]
    state = GameState(cascades, Foundations((8, 8, 8, 8)), Freecells(["Kc", "Ks", "Kh", "Kd"]))
    raw = _fc.prove(state, os.fspath(tmp_path), quick_states=0)
    assert raw.verdict == _fc.Verdict.UNSOLVABLE and raw.states == solve(state, mode="proof").states == 1


def test_bad_arguments(tmp_path: Path) -> None:
    with pytest.raises(WrongTypeError):
        prove("11982", tmp_path)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError):
        prove(11982, 5)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError):
        prove(11982, tmp_path, threads=1.5)  # type: ignore[arg-type]
    with pytest.raises(InvalidValueError):
        prove(11982, tmp_path, threads=0)
    with pytest.raises(InvalidValueError):
        prove(11982, tmp_path, memory_limit=-1)
    with pytest.raises(InvalidValueError):
        prove(11982, tmp_path, disk_limit=-1)
    with pytest.raises(InvalidValueError):
        prove(11982, tmp_path, time_limit=-1)
    with pytest.raises(InvalidValueError):
        prove(0, tmp_path)
    (tmp_path / "file").write_text("")
    with pytest.raises(InvalidValueError, match="work directory"):
        prove(11982, tmp_path / "file")
    assert not files(tmp_path)
