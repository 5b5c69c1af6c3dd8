"""Terminal play driven by scripted input, and the bot commands of the CLI."""

from __future__ import annotations

import argparse
import io

import pytest

from parlour.cards import CardSet
from parlour.gin import EasyBot, Round, Rules, best_melds
from parlour.gin.cli_bots import demo_match, register_bot_commands
from parlour.gin.play import format_hand, play_terminal


class Scripted:
    """A person who answers with the first legal action's number, counting the questions."""

    def __init__(self, prefix: list[str]) -> None:
        self.lines = list(prefix)
        self.asked = 0

    def readline(self) -> str:
        self.asked += 1
        if self.lines:
            return self.lines.pop(0) + "\n"
        return "1\n"


def test_format_hand_groups_the_melds() -> None:
    text = format_hand(CardSet("3c 4c 5c 7h 7d 7s Kd 2d 9h"))
    assert text.startswith("[") and text.endswith("(deadwood 21)")
    groups = text.split(" | ")[0]
    assert "[3c 4c 5c]" in groups and "[7s 7h 7d]" in groups
    assert text.split(" | ")[1].split("  ")[0] == "2d 9h Kd"
    assert len(best_melds(CardSet("3c 4c 5c 7h 7d 7s Kd 2d 9h")).melds) == 2


def test_scripted_match_to_the_end() -> None:
    out = io.StringIO()
    person = Scripted([])
    m = play_terminal("easy", inp=person, out=out, rules=Rules(game_target=30), seed=3)  # type: ignore[arg-type]
    text = out.getvalue()
    assert m.is_over
    assert person.asked > 5
    assert "Your hand: " in text and "pile top: " in text and "1) " in text
    assert text.count("Score: you ") == len(m.hands)
    assert "the match," in text
    final = m.scores
    assert f"Score: you {final[0]}, easy {final[1]}" in text


def test_wrong_inputs_get_a_clear_message_and_the_question_again() -> None:
    out = io.StringIO()
    inp = io.StringIO("\n".join(["", "hello", "0", "99", "discard Zz", "knock As", "lay off 9s on 0", "quit"]) + "\n")
    m = play_terminal(EasyBot(1), inp=inp, out=out, seed=5)
    text = out.getvalue()
    assert "type a number from the list" in text
    assert "'hello' is not an action" in text
    assert "no action numbered 0" in text and "no action numbered 99" in text
    assert "not a card: 'Zz'" in text
    assert "'knock As' is not legal now" in text
    assert "is not legal now" in text.split("'knock As'")[1]
    assert "You leave the table." in text
    assert not m.is_over


def test_actions_by_text_and_by_number() -> None:
    # Seed 5: the person (Player.ONE) deals, the bot acts on the upcard first; then the person
    # draws by text and discards by text the highest card of its hand.
    r = Round.deal(Rules(), __import__("parlour.gin", fromlist=["Player"]).Player.ONE, 0)
    assert r is not None
    out = io.StringIO()
    inp = io.StringIO("draw\nquit\n")
    play_terminal("normal", inp=inp, out=out, seed=5)
    text = out.getvalue()
    # after "draw" the person holds 11 cards and is asked to discard
    after = text.split("> ")[1]
    assert "(DISCARD)" in after and "discard " in after


def test_end_of_input_stops_the_game() -> None:
    out = io.StringIO()
    m = play_terminal("hard", inp=io.StringIO(""), out=out, seed=1)
    assert "You leave the table." in out.getvalue() and not m.is_over


def cli(argv: list[str]) -> tuple[int, str]:
    p = argparse.ArgumentParser(prog="parlour gin")
    sub = p.add_subparsers()
    register_bot_commands(sub)
    args = p.parse_args(argv)
    out = io.StringIO()
    return args.func(args, out), out.getvalue()


def test_cli_arena_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, text = cli(["arena", "--bots", "normal,easy", "--matches", "6", "--seed", "2"])
    assert code == 0
    assert "normal vs easy" in text and "95% CI" in text and "pts/hand" in text
    assert "6/6 matches" in capsys.readouterr().err  # the progress bar
    code, text2 = cli(
        ["arena", "--bots", "normal,easy", "--matches", "6", "--seed", "2", "--jobs", "2", "--no-progress"]
    )
    assert text2.splitlines()[1:4] == text.splitlines()[1:4]  # the same table whatever the jobs
    with pytest.raises(SystemExit):
        cli(["arena", "--bots", "normal,grandmaster"])
    with pytest.raises(SystemExit):
        cli(["arena", "--matches", "0"])


def test_cli_play_with_scripted_input(tmp_path) -> None:
    f = tmp_path / "moves.txt"
    f.write_text("2\nquit\n")
    code, text = cli(["play", "--bot", "easy", "--seed", "4", "--input", str(f)])
    assert code == 0 and "Gin rummy against the easy bot" in text and "You leave the table." in text


def test_demo_match_prints_each_hand() -> None:
    out = io.StringIO()
    demo_match(out)
    text = out.getvalue()
    assert "hand 1:" in text and "wins the match" in text


def test_parlour_gin_play_and_arena_are_wired(tmp_path) -> None:
    """The same commands through the real `parlour gin ...` entry point."""
    from parlour.cli import main

    f = tmp_path / "moves.txt"
    f.write_text("2\nquit\n")
    out = io.StringIO()
    assert main(["gin", "play", "--bot", "easy", "--seed", "4", "--input", str(f)], out) == 0
    assert "Gin rummy against the easy bot" in out.getvalue()
    out = io.StringIO()
    assert main(["gin", "arena", "--bots", "easy,easy", "--matches", "4", "--seed", "1", "--no-progress"], out) == 0
    assert "easy" in out.getvalue()
