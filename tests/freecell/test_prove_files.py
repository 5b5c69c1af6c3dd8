"""The files of ``prove``: positions in coded blocks, the disk figures in real bytes, and
work directories of the first format (every block as it is, 24 bytes a position) resumed.

A file is a run of blocks of at most 4,096 positions (cpp/src/freecell/solver_keyfile.hpp):
``PFC1`` blocks hold the 24-byte keys as they are, ``PFC2`` blocks their code, each key
against the one before it.  The reader here follows the format's definition byte by byte.
"""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from parlour.freecell import ProofProgress, Unsolvable, prove, solve

Key = tuple[int, int, int]
MASK = (1 << 64) - 1


class Stop(Exception):
    """Raised from a progress callback to stop a run part way."""


def varint(data: bytes, pos: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        b = data[pos]
        pos += 1
        value |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            return value, pos


def decode(code: bytes, n: int) -> list[Key]:
    """The keys of a coded block, as the format's definition says."""
    keys: list[Key] = []
    w = [0, 0, 0]
    pos = 0
    for _ in range(n):
        first = code[pos]
        pos += 1
        t = first & 3
        if t < 3:
            d = (first >> 2) & 31
            if first & 0x80:
                more, pos = varint(code, pos)
                d |= more << 5
            w[t] = (w[t] + d) & MASK
            for j in range(t + 1, 3):
                x, pos = varint(code, pos)
                w[j] ^= x
        keys.append((w[0], w[1], w[2]))
    assert pos == len(code)
    return keys


def blocks(path: Path) -> list[tuple[str, list[Key], int]]:
    """(kind, keys, bytes) of each block of a key file (PFC1 blocks are in the machine's
    order: little-endian, as on every platform of parlour's wheels)."""
    data = path.read_bytes()
    out = []
    pos = 0
    while pos < len(data):
        magic, n = data[pos : pos + 4], struct.unpack_from("<I", data, pos + 4)[0]
        if magic == b"PFC1":
            keys = [struct.unpack_from("<3Q", data, pos + 8 + 24 * i) for i in range(n)]
            size = 8 + 24 * n + 8
        else:
            assert magic == b"PFC2"
            length = struct.unpack_from("<I", data, pos + 8)[0]
            keys = decode(data[pos + 12 : pos + 12 + length], n)
            size = 12 + length + 8
        out.append((magic.decode(), keys, size))
        pos += size
    assert pos == len(data)
    return out


def key_hash(w: Key) -> int:
    """CompactKey::hash of the engine."""
    h = (w[0] * 0x9E3779B97F4A7C15) & MASK
    h = (((h ^ (h >> 29) ^ w[1]) & MASK) * 0xBF58476D1CE4E5B9) & MASK
    h = (((h ^ (h >> 31) ^ w[2]) & MASK) * 0x94D049BB133111EB) & MASK
    return h ^ (h >> 32)


def raw_file(keys: list[Key]) -> bytes:
    """The keys as the first format wrote them: PFC1 blocks of 4,096 keys, each with its
    checksum (key_checksum of solver_keyfile.hpp)."""
    out = []
    for part in (keys[i : i + 4096] for i in range(0, len(keys), 4096)):
        h = len(part)
        for k in part:
            h = ((h ^ key_hash(k)) * 0x9E3779B97F4A7C15 + 1) & MASK
        out.append(b"PFC1" + struct.pack("<I", len(part)) + b"".join(struct.pack("<3Q", *k) for k in part))
        out.append(struct.pack("<Q", h))
    return b"".join(out)


def key_files(d: Path) -> list[Path]:
    return sorted(d.glob("p*.keys")) + sorted(d.glob("x*/*.keys"))


def split_files(d: Path) -> dict[Path, int]:
    """Each file the splits' states name now -> its positions."""
    out = {}
    for state in d.glob("x*/split.txt"):
        for line in state.read_text().splitlines():
            field, *rest = line.split()
            if field in ("visited", "queue", "doubtful"):
                out[state.parent / rest[0]] = int(rest[1])
    return out


def test_a_split_on_disk_writes_sorted_coded_files_and_counts_their_real_bytes(tmp_path: Path) -> None:
    ref = solve(517776, mode="proof")
    seen: dict[Path, tuple[int, int, list[tuple[str, int]]]] = {}  # file -> (positions, bytes, its blocks)
    reports = 0

    def watch(p: ProofProgress) -> None:
        nonlocal reports
        reports += 1
        # The disk figure is the bytes of the files (not 24 a position).
        assert p.disk == sum(f.stat().st_size for f in key_files(tmp_path))
        for f, n in split_files(tmp_path).items():
            if f in seen:
                continue
            found = blocks(f)
            keys = [k for _, ks, _ in found for k in ks]
            assert len(keys) == n
            assert keys == sorted(set(keys))  # every file of the split sorted, the queue too
            seen[f] = (n, f.stat().st_size, [(kind, len(ks)) for kind, ks, _ in found])

    r = prove(517776, tmp_path, memory_limit=2_000_000, progress=watch)
    assert isinstance(r, Unsolvable) and r.states == ref.states
    assert reports >= 5
    kinds = {f.name[0] for f in seen}
    assert {"v", "q", "d"} <= kinds
    runs = [(n, b) for f, (n, b, _) in seen.items() if f.name.startswith("v")]
    assert len(runs) >= 2
    # The sorted runs of positions at under 12 bytes a position (24 as they are).
    assert sum(b for _, b in runs) / sum(n for n, _ in runs) < 12
    # Coded blocks, but for a block of a few positions, where the first key, coded
    # against zeros, can take more than its 24 bytes.
    assert all(kind == "PFC2" for _, _, found in seen.values() for kind, n in found if n >= 8)


def consumed(d: Path) -> int:
    """The positions of the first queue file a split on disk under d has taken (its state's "consumed")."""
    return max(
        (
            int(line.split()[1])
            for s in d.glob("x*/split.txt")
            for line in s.read_text().splitlines()
            if line.startswith("consumed ")
        ),
        default=0,
    )


@pytest.mark.parametrize("when", ["on_disk", "consumed"])
def test_directories_of_the_first_format_continue(when: str, tmp_path: Path) -> None:
    ref = solve(517776, mode="proof")

    def stop(p: ProofProgress) -> None:
        if list(tmp_path.glob("x*/v*.keys")) and (when == "on_disk" or consumed(tmp_path) > 0):
            raise Stop

    with pytest.raises(Stop):
        prove(517776, tmp_path, memory_limit=2_000_000, progress=stop)
    # Every file as the first format wrote it: the split's runs, its queue (when part of
    # it was taken, a block skipped on resume) and doubtful positions, the later lists.
    for f in key_files(tmp_path):
        f.write_bytes(raw_file([k for _, ks, _ in blocks(f) for k in ks]))
        assert {kind for kind, _, _ in blocks(f)} == {"PFC1"}
    assert len(key_files(tmp_path)) >= 3
    assert (consumed(tmp_path) > 0) == (when == "consumed")
    # A file a killed run wrote after the split's last checkpoint: removed on resume.
    (stale,) = tmp_path.glob("x*")
    (stale / "v999.keys").write_bytes(b"\0" * 1000)
    reports = []

    def check_disk(p: ProofProgress) -> None:
        reports.append(p)
        assert p.disk == sum(f.stat().st_size for f in key_files(tmp_path))

    r = prove(517776, tmp_path, memory_limit=2_000_000, progress=check_disk)
    assert isinstance(r, Unsolvable) and r.states == ref.states
    assert reports
