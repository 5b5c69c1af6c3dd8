"""The parlour command: --version, deal, demo; `python -m parlour` is the same program."""

from __future__ import annotations

import io
import signal
import subprocess
import sys
import threading

import pytest

import parlour
from parlour.cards import Card, shuffled_deck
from parlour.cli import main

from .conftest import run_cli as run


def test_version() -> None:
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    proc = subprocess.run([sys.executable, "-m", "parlour", "--version"], capture_output=True, text=True, check=True)
    assert proc.stdout.strip() == f"parlour {parlour.__version__}"


@pytest.mark.parametrize("seed", [0, 1, 2**64 - 1])
def test_deal_prints_the_shuffled_deck(seed: int) -> None:
    text = run("deal", "--seed", str(seed))
    cards = [Card(t) for t in text.split()]
    assert len(cards) == 52 and len(set(cards)) == 52
    assert cards == shuffled_deck(seed)
    assert len(text.strip().splitlines()) == 4
    assert [Card(t) for t in run("deal", "--seed", str(seed), "--unicode").split()] == cards


def test_deal_bad_seed_is_a_clean_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "--seed", "-1"], io.StringIO()) == 1
    assert "seed" in capsys.readouterr().err


def test_no_command_prints_help() -> None:
    out = io.StringIO()
    assert main([], out) == 2
    assert "deal" in out.getvalue()


def test_python_m_parlour_deal() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "parlour", "deal", "--seed", "1"], capture_output=True, text=True, check=True
    )
    assert [Card(t) for t in proc.stdout.split()] == shuffled_deck(1)


def test_a_command_called_in_process_puts_the_sigterm_handler_back() -> None:
    # The command line takes SIGTERM only while a command runs (it stops the command as Ctrl-C does).
    def mine(signum: int, frame: object) -> None:
        raise AssertionError("not expected")

    before = signal.signal(signal.SIGTERM, mine)
    try:
        assert main(["deal", "--seed", "1"], io.StringIO()) == 0
        assert signal.getsignal(signal.SIGTERM) is mine
    finally:
        signal.signal(signal.SIGTERM, before)
    # From another thread than the main one signals cannot be handled: the command runs all the same.
    status: list[int] = []
    t = threading.Thread(target=lambda: status.append(main(["deal", "--seed", "1"], io.StringIO())))
    t.start()
    t.join()
    assert status == [0]


class _ClosedPipe(io.StringIO):
    def write(self, s: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


def test_a_closed_pipe_ends_quietly() -> None:
    assert main(["deal", "--seed", "1"], _ClosedPipe()) == 141


def test_demo_piped_into_head_has_no_traceback() -> None:
    script = f'"{sys.executable}" -m parlour demo | head -1; echo "status ${{PIPESTATUS[0]}}"'
    proc = subprocess.run(["bash", "-c", script], capture_output=True, text=True)
    assert proc.stdout.startswith("parlour") and proc.stdout.rstrip().endswith("status 141")
    assert "Error" not in proc.stderr and "Traceback" not in proc.stderr


def test_gin_rules_presets_are_the_registrys(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    """--rules takes the registry's presets; 'card', the old name of the default rules, is refused naming 'default'."""
    import json

    from parlour import games

    presets = list(games.get("gin").presets)
    assert presets[0] == "default"
    default = json.loads(run("gin", "deal", "--seed", "3", "--json"))
    assert json.loads(run("gin", "deal", "--seed", "3", "--json", "--rules", "default")) == default
    for command in (["gin", "deal"], ["gin", "arena", "--matches", "1"], ["gin", "play"]):
        with pytest.raises(SystemExit) as info:
            main([*command, "--rules", "card"], io.StringIO())
        assert info.value.code == 2
        err = capsys.readouterr().err
        assert "'card' is called 'default' now" in err and ", ".join(presets) in err
    replay = tmp_path / "replay.json"
    replay.write_text(json.dumps({"rules": "card", "actions": []}))
    assert main(["gin", "replay", str(replay)], io.StringIO()) == 1
    assert "'card' is called 'default' now" in capsys.readouterr().err
    replay.write_text(json.dumps({"rules": "modern", "actions": []}))
    assert main(["gin", "replay", str(replay)], io.StringIO()) == 0
