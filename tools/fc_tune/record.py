"""Record the solver's per-deal results, to check that a change leaves the search identical.

    PYTHONPATH=src python3 tools/fc_tune/record.py fast 1 32000 > fast.txt
    PYTHONPATH=src python3 tools/fc_tune/record.py short 1 1000 > short.txt
    PYTHONPATH=src python3 tools/fc_tune/record.py fast 11982 146692 781948 > proofs.txt

Each line: deal, verdict (0 solved, 1 unsolvable, 2 unknown), positions stored,
positions expanded, solution length and a CRC-32 of the solution's notation.  With two
numbers A B the deals A..B are solved; with one or more than two, exactly those deals.
Compare two records with ``diff`` (or ``cmp``): a pure refactoring must change nothing.
"""

from __future__ import annotations

import sys
import zlib

from parlour._core import freecell as _fc


def main(argv: list[str]) -> None:
    mode = argv[1]
    nums = [int(x) for x in argv[2:]]
    deals = list(range(nums[0], nums[1] + 1)) if len(nums) == 2 else nums
    for n, r in zip(deals, _fc.search_deals(deals, mode, 1, None, None, None)):
        text = " ".join(r.notation)
        print(n, int(r.verdict), r.states, r.expanded, r.length, zlib.crc32(text.encode()))


if __name__ == "__main__":
    main(sys.argv)
