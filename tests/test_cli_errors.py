"""Bad input to the ``parlour`` command, run as a user runs it (``python -m parlour`` in a
child process): one line on stderr from the library's errors and exit status 1 (or
argparse's usage error and 2), never a traceback."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from .distributed.conftest import child_env, parlour_cli


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(parlour_cli(*args), input=stdin, capture_output=True, text=True, env=child_env(), timeout=120)


def one_line_error(proc: subprocess.CompletedProcess[str], status: int = 1) -> str:
    """The error line of a refused command, checked: the status, one line, no traceback."""
    assert proc.returncode == status, (proc.returncode, proc.stdout[-1000:], proc.stderr[-2000:])
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 or status == 2, proc.stderr
    return lines[-1]


def test_play_from_a_missing_file(tmp_path: Path) -> None:
    line = one_line_error(run("gin", "play", "--input", str(tmp_path / "nonexistent")))
    assert line == f"parlour: error: cannot read {str(tmp_path / 'nonexistent')!r}: No such file or directory"


@pytest.mark.parametrize("command", [("gin", "replay"), ("gin", "play", "--input")], ids=["replay", "play"])
def test_a_file_that_is_not_utf8(tmp_path: Path, command: tuple[str, ...]) -> None:
    bad = tmp_path / "latin1.json"
    bad.write_bytes('["discard Qs", "café"]'.encode("latin-1"))
    line = one_line_error(run(*command, str(bad)))
    assert line == f"parlour: error: {bad}: not UTF-8 text (byte 19: invalid continuation byte)"
