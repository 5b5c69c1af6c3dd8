"""Start the server for the tests: ``parlour serve`` with the same arguments.

Until the library's game registry (parlour.games) exists, the server is given the
provisional registry of tests/server/provisional.py, which adapts the games' current
APIs to the protocol; once parlour.games is there this is exactly ``parlour serve``.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from parlour.cli import build_parser, main
from parlour.server.cli import run

if __name__ == "__main__":
    argv = ["serve", *sys.argv[1:], "--log-level", "warning"]
    if importlib.util.find_spec("parlour.games") is not None:
        sys.exit(main(argv))
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import provisional

    sys.exit(run(build_parser().parse_args(argv), sys.stdout, registry=provisional.REGISTRY))
