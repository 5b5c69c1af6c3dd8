"""Bad input to the ``parlour`` command, run as a user runs it (``python -m parlour`` in a
child process): one line on stderr from the library's errors and exit status 1 (or
argparse's usage error and 2), never a traceback."""

from __future__ import annotations

import contextlib
import io
import re
import subprocess
from pathlib import Path

import pytest

from parlour.cli import main

from .distributed.conftest import child_env, parlour_cli


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``parlour ARGS`` in a child process, as a user runs it."""
    return subprocess.run(parlour_cli(*args), input=stdin, capture_output=True, text=True, env=child_env(), timeout=120)


def run_here(*args: str) -> subprocess.CompletedProcess[str]:
    """``parlour ARGS`` in this process (the same ``main``; for sweeps over many inputs,
    each of which a test also runs once in a child process)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
        try:
            status = main(list(args), out)
        except SystemExit as e:
            status = int(e.code or 0)
    return subprocess.CompletedProcess(list(args), status, out.getvalue(), err.getvalue())


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


# ---------------------------------------------------------------- Yahtzee options
def test_the_state_example_of_the_help_is_accepted() -> None:
    helped = run("yahtzee", "advise", "--help").stdout
    example = re.search(r"like '([^']+)'", " ".join(helped.split())).group(1)  # type: ignore[union-attr]
    proc = run("yahtzee", "advise", "--state", example, "--dice", "11666")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("state: scored: aces, yahtzee, chance; upper 3; yahtzee 50")


@pytest.mark.parametrize(
    ("option", "says"),
    [
        (["--tie", "2"], "argument --tie: must be in 0..1, got 2"),
        (["--top", "-1"], "argument --top: must be at least 1, got -1"),
        (["--target", "-5"], "argument --target: must be at least 0, got -5"),
        (["--points", "-1"], "argument --points: must be at least 0, got -1"),
    ],
)
def test_advise_refuses_an_option_out_of_its_range(option: list[str], says: str) -> None:
    runner = run if option[0] == "--tie" else run_here
    proc = runner("yahtzee", "advise", "--dice", "11666", "--opponent-final", "200", *option)
    assert proc.returncode == 2 and proc.stdout == "" and says in proc.stderr


def test_advise_lists_as_many_keeps_as_asked() -> None:
    proc = run("yahtzee", "advise", "--dice", "11666", "--top", "3")
    keeps = proc.stdout.split("keeps (best 3 of ")[1].splitlines()[1:]
    assert proc.returncode == 0 and len(keeps) == 3 and all("keep" in k for k in keeps)


def test_a_target_too_far_is_refused_before_any_advice() -> None:
    line = one_line_error(run("yahtzee", "advise", "--dice", "11666", "--points", "10", "--target", "100000"))
    assert line == "parlour: error: target must be at most 4,010 (4,000 points past the 10 on the card), got 100,000"


@pytest.mark.parametrize(
    "argv",
    [
        ["yahtzee", "solve", "--threads", "-1"],
        ["yahtzee", "simulate", "--threads", "-1"],
    ],
)
def test_a_negative_thread_count_is_refused(argv: list[str]) -> None:
    proc = (run if argv[1] == "solve" else run_here)(*argv)
    assert proc.returncode == 2 and "argument --threads: must be at least 0, got -1" in proc.stderr


@pytest.mark.parametrize(
    ("argv", "option"),
    [(["yahtzee", "simulate", "--games", "0"], "--games"), (["gin", "arena", "--matches", "0"], "--matches")],
)
def test_a_run_of_nothing_is_refused_alike(argv: list[str], option: str) -> None:
    proc = (run if option == "--games" else run_here)(*argv)
    assert proc.returncode == 2 and f"argument {option}: must be at least 1, got 0" in proc.stderr


def test_an_unwritable_output_is_refused_before_solving(tmp_path: Path) -> None:
    target = tmp_path / "no such dir" / "table.bin"
    proc = run("yahtzee", "solve", "--out", str(target))
    assert proc.returncode == 2 and proc.stdout == ""  # nothing solved
    assert f"argument --out: cannot write {str(target)!r}: no directory {str(target.parent)!r}" in proc.stderr


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (
            ["yahtzee", "simulate", "--games", "10", "--workers", "3"],
            "--workers is the size of a cluster started here: give it with --ray local or --dask local",
        ),
        (
            ["gin", "arena", "--matches", "2", "--workers", "3", "--dask", "tcp://127.0.0.1:1"],
            "--workers is the size of a cluster started here",
        ),
        (
            ["gin", "arena", "--matches", "2", "--chunk-size", "5"],
            "--chunk-size cuts a run with --out, --ray or --dask; this run has none of them",
        ),
    ],
)
def test_options_that_would_be_ignored_are_refused(argv: list[str], says: str) -> None:
    assert one_line_error((run if argv[0] == "yahtzee" else run_here)(*argv)).startswith(f"parlour: error: {says}")


# ---------------------------------------------------------------- FreeCell deals
@pytest.mark.parametrize("deal", ["0", "-3", "8589934592"])
def test_an_out_of_range_deal_is_refused_in_one_wording(deal: str) -> None:
    from parlour.errors import InvalidValueError
    from parlour.freecell import Game, GameState, solve_deals

    n = int(deal)
    says = f"a Microsoft deal number is 1 .. 2**33 - 1, got {n}"
    for argv in (
        ["freecell", "show", deal],
        ["freecell", "solve", deal],
        ["freecell", "play", deal],
        ["freecell", "prove", deal, "--work-dir", "unused"],
        ["freecell", "batch", deal, "5"] if n < 1 else ["freecell", "batch", "5", deal],
        ["freecell", "survey", deal, "5", "--out", "unused"]
        if n < 1
        else ["freecell", "survey", "5", deal, "--out", "u"],
    ):
        proc = (run if argv[1] == "show" and n == 0 else run_here)(*argv)
        assert proc.returncode == 2 and says in proc.stderr, (argv, proc.stderr)
    # The library says it the same way, whichever door the number comes in by.
    for call in (
        lambda: GameState.from_ms_deal(n),
        lambda: Game(deal=n),
        lambda: solve_deals([n]),
        lambda: solve_deals(range(n, n + 1)),
        lambda: solve_deals(range(n, 9), out="unused") if n < 1 else solve_deals(range(5, n + 1), out="unused"),
    ):
        with pytest.raises(InvalidValueError) as info:
            call()
        assert str(info.value) == says


def test_a_refused_resume_names_what_differs(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow", reason="the survey writes Parquet: pip install 'parlour[distributed]'")
    out = str(tmp_path / "s")
    assert run("freecell", "survey", "1", "30", "--out", out, "--quiet").returncode == 0
    line = one_line_error(run("freecell", "survey", "1", "30", "--out", out, "--mode", "short", "--quiet"))
    assert line == (
        f"parlour: error: {out!r} holds a different run (mode: stored 'fast', this run 'short'); "
        "choose another output directory"
    )


def test_show_labels_each_format() -> None:
    text = run("freecell", "show", "1").stdout
    assert "As text (GameState.parse reads it back):\nfoundations: -- -- -- --\ncascade: Jd Kd" in text
    assert (
        "As a solver board, the format of Freecell Solver's fc-solve (GameState.parse_board reads it back):\n" in text
    )
    assert text.rstrip().endswith(": 5H 3H 3C 7S 7D TC")


# ---------------------------------------------------------------- the server's port
@pytest.mark.parametrize("port", ["99999", "-1", "0", "http"])
def test_serve_refuses_a_port_out_of_range(port: str) -> None:
    proc = (run if port == "99999" else run_here)("serve", f"--port={port}")
    assert proc.returncode == 2 and "argument --port: a port is" in proc.stderr and "Traceback" not in proc.stderr


# ---------------------------------------------------------------- gin play
def test_play_answers_help_and_a_number_out_of_range() -> None:
    proc = run("gin", "play", "--bot", "easy", "--seed", "3", stdin="help\n7\nquit\n")
    assert proc.returncode == 0, proc.stderr
    assert "type the number of an action from the list, or the action itself: 'discard Qs'" in proc.stdout
    assert "no action numbered 7: choose 1 to 2" in proc.stdout


def test_the_only_action_is_named() -> None:
    import io

    from parlour.gin import Player, Round, Rules
    from parlour.gin.play import _read_action

    # A round at the end of layoffs, where "finish layoffs" may be the one action left.
    r = Round.deal(Rules(), Player.ONE, 0)
    while len(r.legal_actions()) != 1 and not r.is_terminal:
        r.apply(r.legal_actions()[0])
    assert not r.is_terminal
    out = io.StringIO()
    assert _read_action(r, io.StringIO("3\n1\n"), out) == r.legal_actions()[0]
    assert f"no action numbered 3: the only action is 1) {r.legal_actions()[0]}" in out.getvalue()


def test_discards_are_numbered_in_the_order_of_the_hand_shown() -> None:
    from parlour.gin import Phase, Player, Round, Rules
    from parlour.gin.play import format_hand, numbered_actions

    seen = 0
    for seed in range(40):
        r = Round.deal(Rules(), Player.ONE, seed)
        for _ in range(30):
            if r.is_terminal:
                break
            if r.phase is Phase.DISCARD:
                hand = r.hand(r.turn)
                shown = format_hand(hand).split("  (")[0].replace("[", "").replace("]", "").replace("|", "").split()
                actions = numbered_actions(r)
                discards = [str(a.card) for a in actions if a.kind.name == "DISCARD"]
                assert discards == [c for c in shown if c in discards]  # the hand's order, left to right
                assert sorted(map(str, actions)) == sorted(map(str, r.legal_actions()))  # the same actions
                seen += 1
            r.apply(r.legal_actions()[-1])
    assert seen > 50
