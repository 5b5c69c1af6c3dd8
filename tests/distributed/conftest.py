"""Shared helpers of the distributed tests: reference tables, subprocess runs of the CLI."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pyarrow as pa

from ..sigint import with_faulthandler

SRC = Path(__file__).resolve().parents[2] / "src"


def child_env() -> dict[str, str]:
    """The environment for a child process that imports this tree's parlour (installed or src),
    with Python's faulthandler on (a test can see where a child that does not end was stuck)."""
    env = dict(os.environ)
    import parlour

    root = str(Path(parlour.__file__).resolve().parent.parent)
    env["PYTHONPATH"] = root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return with_faulthandler(env)


def parlour_cli(*args: str) -> list[str]:
    """The command line that runs ``parlour ARGS`` with this interpreter."""
    return [sys.executable, "-m", "parlour", *args]


def wait_for_parts(out: Path, n: int, proc: subprocess.Popen[str], timeout: float = 120.0) -> None:
    """Wait until ``out`` holds at least ``n`` stored chunks (the process still running)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if out.is_dir() and len(list(out.glob("part-*.parquet"))) >= n:
            return
        if proc.poll() is not None:
            raise AssertionError(f"the run ended (status {proc.returncode}) before {n} chunks were stored")
        time.sleep(0.02)
    raise AssertionError(f"no {n} chunks stored in {timeout} s")


def without_seconds(table: pa.Table) -> pa.Table:
    """A survey table without its one measured column (the solver's time per deal)."""
    return table.drop_columns(["seconds"])
