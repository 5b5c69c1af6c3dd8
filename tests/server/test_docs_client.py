"""The client of docs/server.md ("A frontend in any language"), run as written against a real
server: it creates a Yahtzee table with a bot, takes the open seat and plays to the end."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("websockets", reason="the client example needs websockets: pip install '.[server]'")

PAGE = Path(__file__).resolve().parents[2] / "docs" / "server.md"


def client_example() -> str:
    (code,) = [b for b in re.findall(r"^```python\n(.*?)^```", PAGE.read_text(encoding="utf-8"), re.S | re.M)]
    return code


def test_the_client_example_plays_a_game_to_its_end(
    make_server: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs "server.md": the one change is the port (the page's server listens on 8000)."""
    server = make_server(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    code = client_example()
    assert code.count("127.0.0.1:8000") == 2
    exec(compile(code.replace("127.0.0.1:8000", f"127.0.0.1:{server.port}"), str(PAGE), "exec"), {"__name__": "doc"})
    printed = capsys.readouterr().out.strip().splitlines()
    assert len(printed) == 1 and printed[0].startswith("final scores [")
    scores = [float(x) for x in printed[0].removeprefix("final scores [").removesuffix("]").split(",")]
    assert len(scores) == 2 and all(0 <= s <= 1575 for s in scores)
