"""A person plays a game of solitaire Yahtzee in the terminal (``parlour yahtzee play``)."""

from __future__ import annotations

from typing import TextIO

from parlour.errors import ParlourError
from parlour.yahtzee import Game, Rules, Score, Solver, category_name, parse_action

__all__ = ["play_game"]


_HELP = "commands: keep <faces> (e.g. keep 66, keep - to reroll all), score <box>, hint, card, quit"


def play_game(out: TextIO, inp: TextIO, seed: int, hints: bool, rules: Rules, solver: Solver | None = None) -> int:
    """A person plays one solitaire game in the terminal; returns the final score."""
    game = Game(1, rules, seed)
    if hints and solver is None:
        solver = Solver(rules)
    print(_HELP, file=out)
    while not game.is_terminal:
        seen = game.observation(0)
        state, dice, rl = seen.state, seen.dice, seen.rolls_left
        assert dice is not None
        print(
            f"\nturn {game.turn + 1}/13  dice {' '.join(map(str, dice.faces))}  rolls left {rl}  "
            f"score {game.scorecard(0).total}",
            file=out,
        )
        if hints and solver is not None:
            print(f"  hint: {solver.best_action(state, dice, rl)}", file=out)
        print("> ", end="", file=out, flush=True)
        line = inp.readline()
        if not line:
            print("\n(end of input)", file=out)
            break
        cmd = line.strip()
        if cmd in ("quit", "q", "exit"):
            break
        if cmd in ("card", "c"):
            print(game.scorecard(0), file=out)
            continue
        if cmd in ("hint", "h", "?"):
            if solver is None:
                solver = Solver(rules)
            print(f"  best: {solver.best_action(state, dice, rl)}", file=out)
            for c, v in sorted(solver.category_values(state, dice), key=lambda cv: -cv[1])[:3]:
                print(f"    {v:8.3f}  score {category_name(c)}", file=out)
            continue
        try:
            action = parse_action(cmd)
            if isinstance(action, Score) and not game.can_apply(action):
                legal = ", ".join(category_name(c) for c in state.legal_categories(dice, rules))
                print(f"  cannot score {category_name(action.category)} now; legal: {legal}", file=out)
                continue
            game.apply(action)
            event = game.last_event
            if isinstance(action, Score) and event is not None:
                scored = event.to_dict()
                print(
                    f"  wrote {scored['points']} in {category_name(action.category)}"
                    + (f", upper bonus {scored['upper_bonus']}" if scored["upper_bonus"] else "")
                    + (f", Yahtzee bonus {scored['yahtzee_bonus']}" if scored["yahtzee_bonus"] else ""),
                    file=out,
                )
        except ParlourError as e:  # the library's errors, shown to the player (a bug still raises)
            print(f"  {e}", file=out)
            print(f"  {_HELP}", file=out)
    card = game.scorecard(0)
    print(file=out)
    print(card, file=out)
    return card.total
