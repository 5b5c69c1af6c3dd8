"""Every command of ``parlour``: ``--help`` works, and so does the bare invocation.

The commands are read from the argument parser itself, so a new command is covered
by the ``--help`` test at once; its bare invocation (no arguments, an empty stdin)
must be written down in BARE with what it does: print the help (exit 2), refuse with
a usage error (exit 2, message on stderr), run with its defaults (exit 0), or serve
until stopped (Ctrl-C ends it; a clean one-line error when it cannot start).
"""

from __future__ import annotations

import argparse
import io
import os
import signal
import subprocess
import sys
import tempfile
import time

import pytest

from parlour.cli import build_parser, main


def command_paths(parser: argparse.ArgumentParser, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every command path of the parser: (), ("deal",), ("gin",), ("gin", "arena"), ..."""
    paths = [prefix]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                paths += command_paths(sub, (*prefix, name))
    return paths


COMMANDS = command_paths(build_parser())

HELP, USAGE_ERROR, RUNS, SERVES = "help", "usage error", "runs", "serves"

#: What each command does when given no arguments, and a word its output must contain.
BARE: dict[tuple[str, ...], tuple[str, str]] = {
    (): (HELP, "COMMAND"),
    ("deal",): (RUNS, ""),
    ("demo",): (RUNS, "xoshiro256**"),
    ("gin",): (HELP, "SUBCOMMAND"),
    ("gin", "deal"): (RUNS, "stock"),
    ("gin", "replay"): (USAGE_ERROR, "file"),
    ("gin", "arena"): (RUNS, "hard vs normal"),
    ("gin", "ladder"): (RUNS, "Elo"),
    ("gin", "play"): (RUNS, "You leave the table"),
    ("yahtzee",): (HELP, "SUBCOMMAND"),
    ("yahtzee", "solve"): (RUNS, "254.5877287345"),
    ("yahtzee", "advise"): (USAGE_ERROR, "--dice"),
    ("yahtzee", "simulate"): (RUNS, "mean"),
    ("yahtzee", "play"): (RUNS, "Total"),
    ("freecell",): (HELP, "SUBCOMMAND"),
    ("freecell", "show"): (USAGE_ERROR, "deal"),
    ("freecell", "solve"): (USAGE_ERROR, "deal"),
    ("freecell", "batch"): (USAGE_ERROR, "first, last"),
    ("freecell", "play"): (USAGE_ERROR, "deal"),
    ("freecell", "survey"): (USAGE_ERROR, "START"),
    ("freecell", "prove"): (USAGE_ERROR, "deal, --work-dir"),
    ("serve",): (SERVES, "parlour serve"),
}


def _ids(path: tuple[str, ...]) -> str:
    return " ".join(("parlour", *path))


@pytest.mark.parametrize("path", COMMANDS, ids=_ids)
def test_help(path: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main([*path, "--help"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: " + _ids(path))
    # Every subcommand is listed in its parent's help.
    for child in COMMANDS:
        if len(child) == len(path) + 1 and child[: len(path)] == path:
            assert child[-1] in out


def test_every_command_has_its_bare_invocation_written_down() -> None:
    missing = [_ids(p) for p in COMMANDS if p not in BARE]
    assert not missing, f"write down the bare invocation of {missing} in BARE ({__file__})"
    assert not [p for p in BARE if p not in COMMANDS], "BARE lists a command the parser does not have"


#: Bare invocations that run for seconds (the arena's default 200 matches): the slow tier.
SLOW_BARE = {("gin", "arena"), ("gin", "ladder")}


@pytest.mark.parametrize(
    "path", [pytest.param(p, marks=pytest.mark.slow) if p in SLOW_BARE else p for p in BARE], ids=_ids
)
def test_bare_invocation(
    path: tuple[str, ...], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    kind, needle = BARE[path]
    if kind == SERVES:
        serve_until_stopped(path, needle)
        return
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    out = io.StringIO()
    argv = list(path)
    if kind == USAGE_ERROR:
        with pytest.raises(SystemExit) as info:
            main(argv, out)
        assert info.value.code == 2
        err = capsys.readouterr().err
        assert err.startswith("usage: " + _ids(path)) and "error:" in err and needle in err
        return
    status = main(argv, out)
    text = out.getvalue() + capsys.readouterr().out
    assert "Traceback" not in text
    if kind == HELP:
        assert status == 2 and text.startswith("usage: " + _ids(path)) and needle in text
    else:
        assert status == 0 and text.strip() and needle in text


def serve_until_stopped(path: tuple[str, ...], needle: str) -> None:
    """A serving command either stops at once with a clean one-line error (exit 1), or
    serves (its health endpoint answers) until Ctrl-C, which ends it quietly.  Its default
    files go to a folder of its own (XDG_DATA_HOME), never the user's."""
    data = tempfile.TemporaryDirectory()
    proc = subprocess.Popen(
        [sys.executable, "-m", "parlour", *path],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(os.environ, XDG_DATA_HOME=data.name),
    )
    port = _parser_of(path).get_default("port")
    try:
        deadline = time.monotonic() + 30
        while (
            proc.poll() is None and time.monotonic() < deadline and not _answers(f"http://127.0.0.1:{port}/api/health")
        ):
            time.sleep(0.1)
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
        data.cleanup()
    text = out + err
    assert "Traceback" not in text, text[-3000:]
    if proc.returncode == 1:
        assert needle in text and len(text.strip().splitlines()) == 1, text
    else:
        assert proc.returncode in (0, 130), (proc.returncode, text[-3000:])


def _answers(url: str) -> bool:
    """Whether ``url`` answers 200 now."""
    import urllib.request

    try:
        with urllib.request.urlopen(url, timeout=1) as r:
            return bool(r.status == 200)
    except OSError:
        return False


def _parser_of(path: tuple[str, ...]) -> argparse.ArgumentParser:
    parser = build_parser()
    for name in path:
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        parser = sub.choices[name]
    return parser


@pytest.mark.parametrize("path", COMMANDS, ids=_ids)
def test_every_option_and_argument_has_help(path: tuple[str, ...]) -> None:
    parser = _parser_of(path)
    silent = [
        "/".join(a.option_strings) or a.dest
        for a in parser._actions
        if not isinstance(a, (argparse._HelpAction, argparse._SubParsersAction)) and not (a.help or "").strip()
    ]
    assert not silent, f"{_ids(path)}: no help text for {silent}"


def test_progress_options_are_spelled_alike() -> None:
    """Every command with a progress bar turns it off with --no-progress (also spelled --quiet)."""
    with_progress = []
    for path in COMMANDS:
        options = {s for a in _parser_of(path)._actions for s in a.option_strings}
        if "--no-progress" in options or "--quiet" in options:
            assert {"--no-progress", "--quiet"} <= options, _ids(path)
            with_progress.append(path)
    assert len(with_progress) >= 5  # freecell batch and survey, gin arena, yahtzee solve and simulate
