"""Bytes a position in the files of a proof on disk, and the CPU time of the proof.

Runs ``prove`` on one deal under a small memory limit, so that its largest splits are
searched on disk, until the first report of a layer past ``--layers``, and prints:

* the CPU time of the process until the last report of layer ``--layers`` (after its
  last split: every run does the same work; ``time.process_time``: the proof runs on one
  thread, and other processes on a shared machine count less than in wall-clock figures);
* the most bytes of files the progress reports gave in those layers;
* for each kind of file, the positions and bytes of every file of the splits searched on
  disk in those layers (each written once), and of the lists left for the later layers:
  ``v`` the sorted runs of a split's positions, ``q`` its positions still to expand,
  ``d`` the doubtful ones waiting to be checked, ``n`` the new ones found among them
  (both a run and a queue), ``p`` the lists of later splits.

The positions of a file are read from its blocks' headers (both block kinds:
``PFC1``, the keys as they are, 24 bytes each; ``PFC2``, the keys delta-coded).

    PYTHONPATH=src python benchmarks/prove_disk.py [--deal 2901685480] [--memory 256M] [--layers 4]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import struct
import tempfile
import time
from pathlib import Path

from parlour.freecell import ProofProgress, prove

KINDS = "vqdnp"


class Done(Exception):
    """Raised from the progress callback at the first report past the last layer."""


def count_keys(path: Path) -> int:
    """The positions of a key file, from its blocks' headers (a block cut short ends it)."""
    data = path.read_bytes()
    n = pos = 0
    while pos + 8 <= len(data):
        magic, count = data[pos : pos + 4], struct.unpack_from("<I", data, pos + 4)[0]
        if magic == b"PFC1":
            size = 8 + 24 * count + 8
        elif magic == b"PFC2" and pos + 12 <= len(data):
            size = 12 + struct.unpack_from("<I", data, pos + 8)[0] + 8
        else:
            break
        if pos + size > len(data):
            break
        n += count
        pos += size
    return n


def size(text: str) -> int:
    units = {"K": 2**10, "M": 2**20, "G": 2**30}
    return int(float(text[:-1]) * units[text[-1]]) if text[-1] in units else int(text)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deal", type=int, default=2901685480)
    ap.add_argument("--memory", default="256M", help="memory limit (default 256M)")
    ap.add_argument("--layers", type=int, default=4, help="the last layer to search (default 4)")
    ap.add_argument("--disk", default=None, help="disk limit (default none)")
    ap.add_argument("--dir", default=None, help="work directory (default: a temporary one, removed after)")
    args = ap.parse_args()
    work = Path(args.dir) if args.dir else Path(tempfile.mkdtemp(prefix="prove-disk-"))
    seen: dict[str, tuple[int, int]] = {}  # file -> (positions, bytes)
    most_disk = 0
    last = {"cpu": 0.0, "wall": 0.0, "states": 0}  # at the last report of the last layer

    def layer(part: int) -> int:
        return sum((part >> (4 * i)) & 15 for i in range(4))

    def look() -> None:
        for split in work.glob("x*"):
            if layer(int(split.name[1:])) > args.layers:
                continue  # a split of the layer the run stops in
            state = split / "split.txt"
            try:
                text = state.read_text()
            except OSError:
                continue
            for m in re.finditer(r"^(?:visited|queue|doubtful) (\S+) (\d+)$", text, re.M):
                f = split / m[1]
                try:
                    seen[f"{split.name}/{m[1]}"] = (int(m[2]), f.stat().st_size)
                except OSError:
                    pass

    def watch(p: ProofProgress) -> None:
        nonlocal most_disk
        look()
        if p.layer > args.layers:
            raise Done
        most_disk = max(most_disk, p.disk)
        last.update(cpu=time.process_time() - c0, wall=time.perf_counter() - t0, states=p.states)

    t0, c0 = time.perf_counter(), time.process_time()
    try:
        r = prove(
            args.deal,
            work,
            memory_limit=size(args.memory),
            disk_limit=size(args.disk) if args.disk else None,
            progress=watch,
        )
        print("ended before the last layer:", r)
    except Done:
        pass
    cpu, wall = last["cpu"], last["wall"]
    for f in work.glob("p*.keys"):  # the lists of the later layers, as the run left them
        seen[f.name] = (count_keys(f), f.stat().st_size)
    print(
        f"deal {args.deal}, memory limit {args.memory}, layers 0-{args.layers}: {last['states']:,} positions, "
        f"{cpu:.1f} s CPU, {wall:.1f} s wall (load average {os.getloadavg()[0]:.1f})"
    )
    print(f"most disk reported in those layers: {most_disk:,} bytes")
    for kind in KINDS:
        files = [v for k, v in seen.items() if k.rsplit("/", 1)[-1].startswith(kind)]
        keys = sum(n for n, _ in files)
        total = sum(b for _, b in files)
        if keys:
            print(
                f"{kind}: {len(files):4d} files {keys:13,} positions {total:15,} bytes {total / keys:6.2f} bytes a position"
            )
    if not args.dir:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
