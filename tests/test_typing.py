"""mypy --strict accepts every game as parlour.protocol.Game and every bot as parlour.protocol.Bot."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("mypy") is None and sys.modules.get("mypy") is None, reason="needs mypy")
def test_mypy_strict_accepts_the_games_as_the_protocol() -> None:
    pytest.importorskip("mypy")
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(HERE / "typing" / "protocol_games.py")],
        capture_output=True,
        text=True,
        cwd=HERE.parent,
    )
    assert run.returncode == 0, run.stdout + run.stderr
