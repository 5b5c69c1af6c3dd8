"""The ``parlour yahtzee`` commands: ``solve``, ``advise``, ``simulate`` and ``play``, and
the Yahtzee part of ``parlour demo``."""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from typing import TextIO

import numpy as np

from parlour._progress import Interrupted, ProgressBar
from parlour.distributed.cli import add_run_options, check_run_options, unsaved_note
from parlour.errors import NotationError
from parlour.yahtzee import (
    Dice,
    HeuristicBot,
    ObjectiveAdvice,
    OptimalBot,
    Rules,
    ScoreDistribution,
    Solver,
    State,
    advise,
    category_name,
    simulate,
)
from parlour.yahtzee._cli_play import play_game

__all__ = ["register", "demo", "parse_state"]


def parse_state(text: str) -> State:
    """The state of ``--state`` text: ``State.parse`` (an index, ``"start"`` or ``"aces,chance,yahtzee upper=3 y50"``)."""
    return State.parse(text)


def _count(least: int) -> Callable[[str], int]:
    """An argparse type: a whole number of at least ``least``."""

    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if n < least:
            raise argparse.ArgumentTypeError(f"must be at least {least}, got {n}")
        return n

    return parse


def _share(text: str) -> float:
    """An argparse type: a number in 0..1."""
    try:
        x = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0.0 <= x <= 1.0:
        raise argparse.ArgumentTypeError(f"must be in 0..1, got {text}")
    return x


def _output_file(text: str) -> str:
    """An argparse type: a file that can be written (checked before any work)."""
    folder = os.path.dirname(os.path.abspath(text))
    if os.path.isdir(text):
        raise argparse.ArgumentTypeError(f"{text!r} is a directory")
    if not os.path.isdir(folder):
        raise argparse.ArgumentTypeError(f"cannot write {text!r}: no directory {folder!r}")
    if not os.access(folder, os.W_OK):
        raise argparse.ArgumentTypeError(f"cannot write {text!r}: the directory {folder!r} is not writable")
    return text


def _rules(args: argparse.Namespace) -> Rules:
    return Rules.parse(args.rules)


def _solver(args: argparse.Namespace) -> Solver:
    if getattr(args, "table", None):
        s = Solver.load(args.table)
        if s.rules != _rules(args) and args.rules != "default":
            raise NotationError(f"the table is for rules {s.rules}, not {args.rules}")
        return s
    return Solver(_rules(args))


def _solve(solver: Solver, threads: int, quiet: bool) -> None:
    """Solve the table with a progress bar over its 14 tiers (cards by boxes left)."""
    with ProgressBar("tiers", quiet=quiet) as bar:
        try:
            bar(0, 14)
            solver.solve(threads=threads, progress=lambda tier, _secs: bar(14 - tier, 14))
        except KeyboardInterrupt:
            raise Interrupted(f"the table was being solved ({bar.done or 0} of 14 tiers); nothing is kept") from None


def _cmd_solve(args: argparse.Namespace, out: TextIO) -> int:
    solver = Solver(_rules(args))
    print(f"solving Yahtzee under the rules '{solver.rules}' ({args.threads or 'all'} threads)", file=out)
    t0 = time.perf_counter()
    _solve(solver, args.threads, args.no_progress)
    dt = time.perf_counter() - t0
    print(f"expected score of optimal play: {solver.value(State.START):.10f}", file=out)
    print(f"solved {solver.solved_count:,} states in {dt:.3f} s; table {solver.table_bytes / 1e6:.2f} MB", file=out)
    if args.out:
        solver.save(args.out)
        print(f"table written to {args.out} (checksum {solver.checksum:016x})", file=out)
    return 0


def _cmd_advise(args: argparse.Namespace, out: TextIO) -> int:
    state = parse_state(args.state)
    dice = Dice(args.dice)
    solver = _solver(args)
    # Every objective first, so a refused option stops the command before it prints anything.
    opponent = _opponent(args, solver)
    objectives = None
    if args.target is not None or opponent is not None:
        t0 = time.perf_counter()
        rows = advise(
            state,
            dice,
            args.rolls_left,
            points=args.points,
            solver=solver,
            target=args.target,
            opponent=opponent,
            tie=args.tie,
        )
        objectives = (rows, time.perf_counter() - t0)
    t0 = time.perf_counter()
    best = solver.best_action(state, dice, args.rolls_left)
    dt = time.perf_counter() - t0
    print(f"state: {state}", file=out)
    print(f"dice {dice}, {args.rolls_left} roll(s) left; value of the state {solver.value(state):.4f}", file=out)
    print(f"best: {best}   ({dt * 1e3:.1f} ms{' with lazy solving' if not args.table else ''})", file=out)
    print("boxes:", file=out)
    for c, v in sorted(solver.category_values(state, dice), key=lambda cv: -cv[1]):
        print(f"  {v:10.4f}  score {category_name(c)}", file=out)
    if args.rolls_left > 0:
        kv = sorted(solver.keep_values(state, dice, args.rolls_left), key=lambda kv: -kv[1])
        print(f"keeps (best {min(args.top, len(kv))} of {len(kv)}):", file=out)
        for k, v in kv[: args.top]:
            label = "keep all (stop rolling)" if len(k) == 5 else f"keep {k or '-'}"
            print(f"  {v:10.4f}  {label}", file=out)
    if objectives is not None:
        _print_objectives(args, *objectives, opponent, out)
    return 0


def _opponent(args: argparse.Namespace, solver: Solver) -> ScoreDistribution | int | None:
    """The opponent's final score, or its distribution when they play on with the expected-score strategy."""
    if args.opponent_final is not None:
        if args.opponent_state is not None:
            raise NotationError("give either --opponent-final or --opponent-state, not both")
        final: int = args.opponent_final
        return final
    if args.opponent_state is None:
        return None
    theirs: ScoreDistribution = solver.distribution(parse_state(args.opponent_state), points=args.opponent_points)
    return theirs


def _print_objectives(
    args: argparse.Namespace,
    rows: list[ObjectiveAdvice],
    dt: float,
    opponent: ScoreDistribution | int | None,
    out: TextIO,
) -> None:
    if isinstance(opponent, int):
        who = f"an opponent who finished with {opponent}"
    elif opponent is not None:
        who = f"an opponent on {args.opponent_points} playing the expected-score strategy (mean final {opponent.mean:.2f})"
    print(f"objectives ({args.points} points on the card; {dt:.2f} s):", file=out)
    head = f"  {'objective':<20} {'best action':<24} {'E[final]':>9}"
    if args.target is not None:
        head += f" {'P(>=' + str(args.target) + ')':>10}"
    if opponent is not None:
        head += f" {'P(win)':>9}"
    print(head, file=out)
    for row in rows:
        line = f"  {row.objective:<20} {row.action!s:<24} {row.mean:9.3f}"
        if row.reach is not None:
            line += f" {row.reach:10.5f}"
        if row.win is not None:
            line += f" {row.win:9.5f}"
        print(line, file=out)
    print("what each objective's best action gives up on the others (against their own best actions):", file=out)
    for row in rows:
        print(f"  {row.objective} ({row.action}): {_losses(row, args.target)}", file=out)
    if opponent is not None:
        print(f"  (P(win) counts a tie as {args.tie:g} of a win; against {who})", file=out)


def _losses(row: ObjectiveAdvice, target: int | None) -> str:
    """What an objective's best action loses on each other objective, against that objective's best."""
    label = {"mean": "E[final]", "reach": f"P(>={target})", "win": "P(win)"}
    if not row.gives_up:
        return "(the only objective)"
    parts = []
    for k, v in row.gives_up.items():
        if v <= 0.0:
            parts.append(f"nothing on {label[k]}")
        else:
            parts.append(f"{label[k]} -{v:.3f}" if k == "mean" else f"{label[k]} -{v:.5f}")
    return ", ".join(parts)


def _histogram(scores: np.ndarray, out: TextIO, width: int = 50) -> None:
    bins = np.arange(0, max(int(scores.max()) + 25, 100), 25)
    counts, edges = np.histogram(scores, bins=bins)
    top = max(int(counts.max()), 1)
    for c, lo in zip(counts, edges[:-1]):
        if c:
            print(
                f"  {int(lo):4d}-{int(lo) + 24:<4d} {'#' * max(1, round(width * int(c) / top)):<{width}} {int(c)}",
                file=out,
            )


def _cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    check_run_options(args)
    t0 = time.perf_counter()
    if args.bot == "heuristic":
        bot: OptimalBot | HeuristicBot = HeuristicBot(_rules(args))
    else:
        solver = _solver(args)
        if not solver.is_solved():
            _solve(solver, args.threads, args.no_progress)  # the optimal bot plays from the whole table
        bot = OptimalBot(solver)
    if args.out or args.ray or args.dask:
        scores = _simulate_chunked(args, bot)
    else:
        with ProgressBar("games", quiet=args.no_progress) as bar:
            try:
                bar(0, args.games)
                scores = simulate(args.games, bot, seed=args.seed, threads=args.threads, progress=bar)
            except KeyboardInterrupt:
                raise Interrupted(unsaved_note(args, "games", bar.done, args.games)) from None
    dt = time.perf_counter() - t0
    n = len(scores)
    print(f"{n:,} games, {bot.name}, rules '{bot.rules}', seed {args.seed}: {dt:.3f} s (solve included)", file=out)
    if n:
        sd = float(scores.std(ddof=1)) if n > 1 else 0.0
        print(
            f"mean {scores.mean():.3f} ± {1.96 * sd / np.sqrt(n):.3f} (95%), sd {sd:.3f}, "
            f"min {scores.min()}, median {np.median(scores):.0f}, max {scores.max()}",
            file=out,
        )
        _histogram(scores, out)
    return 0


def _simulate_chunked(args: argparse.Namespace, bot: OptimalBot | HeuristicBot) -> np.ndarray:
    """The games in chunks: into a result store (--out) and/or on Ray or Dask."""
    from parlour.distributed.cli import running

    bar = ProgressBar("games", resumed=bool(args.out), quiet=args.no_progress)  # a store's first call: its rows
    try:
        with running(args, "games") as executor:
            res = simulate(
                args.games,
                bot,
                seed=args.seed,
                threads=args.threads,
                executor=executor,
                out=args.out,
                chunk_size=args.chunk_size,
                progress=bar,
            )
    except KeyboardInterrupt as e:
        if isinstance(e, Interrupted):
            raise
        raise Interrupted(unsaved_note(args, "games", bar.done, args.games)) from None
    finally:
        bar.close()
    if isinstance(res, np.ndarray):
        return res
    return np.asarray(res.table().column("score"))


def _cmd_play(args: argparse.Namespace, out: TextIO) -> int:
    play_game(out, sys.stdin, args.seed, args.hints, _rules(args))
    return 0


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Adds ``parlour yahtzee solve|advise|simulate|play``."""
    p = subparsers.add_parser("yahtzee", help="solitaire Yahtzee: solve, advise, simulate, play")
    sub = p.add_subparsers(dest="yahtzee_command", metavar="SUBCOMMAND")
    p.set_defaults(func=lambda args, out: (p.print_help(out), 2)[1])  # bare: the help, like gin and freecell
    rules_help = "rules: forced (default), free or none, optionally +no-yahtzee-bonus / +no-upper-bonus"

    s = sub.add_parser("solve", help="solve the whole game and report the expected score")
    s.add_argument("--rules", default="default", help=rules_help)
    s.add_argument("--out", type=_output_file, help="write the table to this file")
    s.add_argument("--threads", type=_count(0), default=0, help="worker threads (0: all cores)")
    s.add_argument(
        "--no-progress", "--quiet", dest="no_progress", action="store_true", help="no progress bar on stderr"
    )
    s.set_defaults(func=_cmd_solve)

    a = sub.add_parser(
        "advise",
        help="the best move and the values of the alternatives, for the mean, a target score or beating an opponent",
    )
    a.add_argument(
        "--state", default="start", help="'start', an index, or filled boxes like 'aces,chance,yahtzee upper=3 y50'"
    )
    a.add_argument("--dice", required=True, help="the five dice, like 11666")
    a.add_argument(
        "--rolls-left",
        type=int,
        default=2,
        choices=(0, 1, 2),
        help="rerolls left this turn (default 2: the dice were just rolled once)",
    )
    a.add_argument("--rules", default="default", help=rules_help)
    a.add_argument("--table", help="a table written by 'solve --out' (else solve lazily from the state)")
    a.add_argument("--top", type=_count(1), default=8, help="how many keeps to list (default 8)")
    a.add_argument(
        "--points", type=_count(0), default=0, help="the points already on the card (for --target and the opponent)"
    )
    a.add_argument(
        "--target", type=_count(0), help="also the best action to reach this final score, and its probability"
    )
    a.add_argument(
        "--opponent-final",
        type=_count(0),
        help="also the best action to beat an opponent who finished with this score",
    )
    a.add_argument(
        "--opponent-state",
        help="also the best action to beat an opponent with this card (same notation as "
        "--state) who plays on with the expected-score strategy",
    )
    a.add_argument("--opponent-points", type=_count(0), default=0, help="the points on that opponent's card")
    a.add_argument("--tie", type=_share, default=0.0, help="what a tie with the opponent is worth (0..1, default 0)")
    a.set_defaults(func=_cmd_advise)

    m = sub.add_parser("simulate", help="play many games in C++ and report the score distribution")
    m.add_argument("--games", type=_count(1), default=10000, help="the number of games (default 10000)")
    m.add_argument(
        "--bot",
        choices=("optimal", "heuristic"),
        default="optimal",
        help="optimal (the exact solver's strategy; default) or heuristic",
    )
    m.add_argument(
        "--seed", type=int, default=0, help="the seed of the dice (default 0); game i depends on seed and i only"
    )
    m.add_argument("--threads", type=_count(0), default=0, help="worker threads (0: all cores)")
    m.add_argument("--rules", default="default", help=rules_help)
    m.add_argument("--table", help="a solved table to load instead of solving")
    m.add_argument(
        "--no-progress", "--quiet", dest="no_progress", action="store_true", help="no progress bar on stderr"
    )
    add_run_options(m, what="games", jobs=False)
    m.set_defaults(func=_cmd_simulate)

    g = sub.add_parser("play", help="play a game in the terminal")
    g.add_argument("--seed", type=int, default=int(time.time()), help="the seed of the dice (default: the clock)")
    g.add_argument("--hints", action="store_true", help="show the optimal move every time")
    g.add_argument("--rules", default="default", help=rules_help)
    g.set_defaults(func=_cmd_play)


def demo(out: TextIO) -> None:
    """The Yahtzee part of ``parlour demo``: solve the game, report the value and the time."""
    print("Solitaire Yahtzee, solved exactly (forced joker, both bonuses):", file=out)
    solver = Solver()
    t0 = time.perf_counter()
    solver.solve()
    dt = time.perf_counter() - t0
    print(
        f"  expected score of optimal play {solver.value(State.START):.10f}, solved in {dt:.3f} s "
        f"({solver.solved_count:,} states, {solver.table_bytes / 1e6:.2f} MB)",
        file=out,
    )
    dice = Dice("11666")
    print(
        f"  first roll {dice} on an empty card: {solver.best_action(State.START, dice, 2)}; "
        f"with no roll left: {solver.best_action(State.START, dice, 0)}",
        file=out,
    )
    scores = simulate(2000, OptimalBot(solver), seed=1)
    print(f"  2,000 simulated optimal games: mean {scores.mean():.2f}, sd {scores.std():.2f}", file=out)
