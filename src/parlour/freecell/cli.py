"""``parlour freecell ...``: show, solve, batch and play Microsoft deals; and the demo."""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
import time
from typing import TextIO

from parlour._progress import Interrupted, ProgressBar, command_line, format_bytes, format_field
from parlour.errors import ParlourError
from parlour.freecell._cli_figures import BatchTally, batch_argv, survey_summary

__all__ = ["register", "demo"]


def _deal(text: str) -> int:
    """A Microsoft deal number, refused in the library's words when out of range."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a deal number is an integer, got {text!r}") from None
    if not 1 <= n < 2**33:
        raise argparse.ArgumentTypeError(f"a Microsoft deal number is 1 .. 2**33 - 1, got {n}")
    return n


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``freecell`` command and its subcommands."""
    p = subparsers.add_parser("freecell", help="FreeCell: show, solve, batch-solve and play Microsoft deals")
    sub = p.add_subparsers(dest="freecell_command", metavar="SUBCOMMAND")
    show = sub.add_parser("show", help="print a Microsoft deal (as a table, as text and as a solver board)")
    show.add_argument("deal", type=_deal, help="the deal number, 1 .. 2**33 - 1")
    show.set_defaults(func=_cmd_show)
    solve = sub.add_parser("solve", help="solve a Microsoft deal")
    solve.add_argument("deal", type=_deal, help="the deal number, 1 .. 2**33 - 1")
    solve.add_argument("--mode", choices=("fast", "short"), default="fast", help="fast (default) or short solutions")
    solve.add_argument("--moves", action="store_true", help="print the moves one per line with the card moved")
    solve.add_argument("--max-states", type=int, default=None, help="give up after this many positions")
    solve.add_argument("--time-limit", type=float, default=None, help="give up after this many seconds")
    solve.set_defaults(func=_cmd_solve)
    batch = sub.add_parser("batch", help="solve a range of Microsoft deals and report the figures")
    batch.add_argument("first", type=_deal, help="the first deal number")
    batch.add_argument("last", type=_deal, help="the last deal number (included)")
    batch.add_argument("--jobs", type=int, default=1, help="threads (default 1)")
    batch.add_argument("--mode", choices=("fast", "short"), default="fast", help="fast (default) or short solutions")
    batch.add_argument("--max-states", type=int, default=None, help="per-deal position limit")
    batch.add_argument("--time-limit", type=float, default=None, help="per-deal time limit in seconds")
    batch.add_argument(
        "--no-progress", "--quiet", dest="no_progress", action="store_true", help="no progress bar on stderr"
    )
    batch.set_defaults(func=_cmd_batch)
    prove = sub.add_parser(
        "prove",
        help="prove a Microsoft deal unsolvable in bounded memory, positions waiting on disk (resumable)",
        description="Run the complete scan of every position reachable from the deal, one foundation split at a "
        "time in memory and the rest in files under DIR. Stopped by a limit, Ctrl-C or a kill, the same command "
        "continues from the last finished layer. Exit status 0 with a verdict, 1 when a limit stopped it.",
    )
    prove.add_argument("deal", type=_deal, help="the deal number, 1 .. 2**33 - 1")
    prove.add_argument("--work-dir", required=True, metavar="DIR", help="directory for the waiting positions")
    prove.add_argument(
        "--memory-limit",
        type=_bytes,
        default="2G",
        metavar="SIZE",
        help="bytes held for positions, e.g. 16G (default 2G; 0: no limit)",
    )
    prove.add_argument(
        "--disk-limit",
        type=_bytes,
        default="0",
        metavar="SIZE",
        help="bytes of files under DIR, e.g. 60G (default 0: no limit)",
    )
    prove.add_argument("--time-limit", type=float, default=None, help="stop after this many seconds of this run")
    prove.add_argument("--threads", type=int, default=1, help="splits searched at once (default 1)")
    prove.add_argument(
        "--no-progress", "--quiet", dest="no_progress", action="store_true", help="no progress lines on stderr"
    )
    prove.set_defaults(func=_cmd_prove)
    _register_survey(sub)
    play = sub.add_parser("play", help="play a Microsoft deal in the terminal")
    play.add_argument("deal", type=_deal, help="the deal number, 1 .. 2**33 - 1")
    play.set_defaults(func=_cmd_play)

    def _help(args: argparse.Namespace, out: TextIO) -> int:
        p.print_help(out)
        return 2

    p.set_defaults(func=_help)


def _cmd_show(args: argparse.Namespace, out: TextIO) -> int:
    from parlour.freecell import GameState

    state = GameState.from_ms_deal(args.deal)
    print(f"Microsoft FreeCell deal #{args.deal}", file=out)
    print(file=out)
    print(state.pretty(unicode=True), file=out)
    print("As text (GameState.parse reads it back):", file=out)
    print(state.to_text(), file=out)
    print(
        "As a solver board, the format of Freecell Solver's fc-solve (GameState.parse_board reads it back):", file=out
    )
    print(state.to_board(), end="", file=out)
    return 0


def _cmd_solve(args: argparse.Namespace, out: TextIO) -> int:
    from parlour.freecell import GameState, Solution, Unsolvable, solve

    state = GameState.from_ms_deal(args.deal)
    result = solve(state, mode=args.mode, max_states=args.max_states, time_limit=args.time_limit)
    if isinstance(result, Solution):
        print(
            f"deal #{args.deal}: solved in {len(result)} moves ({result.states} positions, "
            f"{result.seconds * 1000:.1f} ms, {args.mode} mode)",
            file=out,
        )
        if args.moves:
            for i, (text, move) in enumerate(zip(result.notation, result.moves), 1):
                count = f" ({move.count} cards)" if move.count > 1 else ""
                print(f"{i:4d}. {text:6s} {move.card}{count}", file=out)
        else:
            print(str(result), file=out)
        return 0
    if isinstance(result, Unsolvable):
        print(f"deal #{args.deal}: proved unsolvable ({result.states} positions, {result.seconds:.2f} s)", file=out)
        return 0
    print(f"deal #{args.deal}: unknown, stopped by {result.reason} ({result.states} positions)", file=out)
    return 1


def _bytes(text: str) -> int:
    units = {"": 1, "K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}
    t = text.strip().upper().removesuffix("B").removesuffix("I")
    unit = t[-1:] if t[-1:] in units else ""
    try:
        value = float(t[: len(t) - len(unit)])
    except ValueError:
        raise argparse.ArgumentTypeError(f"a size like 512M or 16G, got {text!r}") from None
    if not value >= 0:
        raise argparse.ArgumentTypeError(f"a size is not negative, got {text!r}")
    return int(value * units[unit])


def _cmd_prove(args: argparse.Namespace, out: TextIO) -> int:
    from parlour.freecell import ProofProgress, Solution, Unsolvable, prove

    # The display is built from whatever fields the progress reports, so a new field shows by itself.
    resumed = os.path.isdir(args.work_dir) and bool(os.listdir(args.work_dir))
    bar = ProgressBar("positions", resumed=resumed, quiet=args.no_progress)

    peak = {"memory": 0, "disk": 0}  # the most seen in this run's reports

    def report(p: ProofProgress) -> None:
        fields = {f.name: getattr(p, f.name) for f in dataclasses.fields(p) if f.name not in ("states", "seconds")}
        peak["memory"] = max(peak["memory"], p.memory)
        peak["disk"] = max(peak["disk"], p.disk)
        bar(p.states, None, **fields)

    def held() -> str:
        if not peak["memory"] and not peak["disk"]:
            return ""
        return f"; this run held at most {format_bytes(peak['memory'])} for positions, {format_bytes(peak['disk'])} on disk"

    try:
        with bar:
            result = prove(
                args.deal,
                args.work_dir,
                memory_limit=args.memory_limit or None,
                disk_limit=args.disk_limit or None,
                time_limit=args.time_limit,
                threads=args.threads,
                progress=report,
            )
    except KeyboardInterrupt:
        where = (
            f"{bar.done:,} positions searched ({', '.join(filter(None, (format_field(k, v) for k, v in bar.fields.items())))})"
            if bar.done is not None
            else "no split was finished in this run"
        )
        raise Interrupted(
            f"{where}; {args.work_dir} keeps every finished layer and the last load of a split on disk: run the same command again to continue: "
            f"{command_line(getattr(args, 'argv', None))}"
        ) from None
    if isinstance(result, Unsolvable):
        print(
            f"deal #{args.deal}: proved unsolvable ({result.states:,} positions, {result.seconds:.1f} s over every run"
            f"{held()})",
            file=out,
        )
        return 0
    if isinstance(result, Solution):
        print(f"deal #{args.deal}: solved in {len(result)} moves ({result.states:,} positions)", file=out)
        print(str(result), file=out)
        return 0
    print(
        f"deal #{args.deal}: unknown, stopped by {result.reason} ({result.states:,} positions, "
        f"{result.seconds:.1f} s over every run{held()}); the same command continues from {args.work_dir}",
        file=out,
    )
    return 1


#: Deals a batch solves at a time on each thread (the figures are summed chunk by chunk).
_BATCH_CHUNK = 1000


def _cmd_batch(args: argparse.Namespace, out: TextIO) -> int:
    from parlour.freecell import solve_deals

    if args.last < args.first:
        raise ParlourError(f"the range {args.first}..{args.last} is empty")
    total = args.last - args.first + 1
    step = _BATCH_CHUNK * args.jobs
    tally = BatchTally()
    t0 = time.perf_counter()
    lo = args.first
    with ProgressBar("deals", quiet=args.no_progress) as bar:
        try:
            bar(0, total)
            while lo <= args.last:
                hi = min(args.last, lo + step - 1)
                base = lo - args.first

                def progress(done: int, _n: int, _i: int, base: int = base) -> None:
                    bar(base + done, total)

                results = solve_deals(
                    range(lo, hi + 1),
                    mode=args.mode,
                    jobs=args.jobs,
                    max_states=args.max_states,
                    time_limit=args.time_limit,
                    progress=progress,
                )
                tally.add(lo, results)
                lo = hi + 1
        except KeyboardInterrupt:
            bar.close()
            if tally.deals:
                tally.report(args, lo - 1, time.perf_counter() - t0, out)
            done = (
                f"deals {args.first}..{lo - 1} are solved ({tally.deals:,} of {total:,})"
                if tally.deals
                else (f"no deal was finished of {total:,}")
            )
            raise Interrupted(f"{done}; the rest: {command_line(batch_argv(args, lo))}") from None
    tally.report(args, args.last, time.perf_counter() - t0, out)
    return 0


def _register_survey(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from parlour.distributed.cli import add_run_options

    survey = sub.add_parser(
        "survey",
        help="solve a range of Microsoft deals into a result store (Parquet), resumable, here or on Ray or Dask",
        description="Solve deals START..END, replay every solution with full checks, and write one row per deal "
        "(verdict, moves, positions, time, replay check) to DIR chunk by chunk. Ctrl-C stops at once and the same "
        "command continues where it stopped.",
    )
    survey.add_argument("first", type=_deal, metavar="START", help="the first deal number")
    survey.add_argument("last", type=_deal, metavar="END", help="the last deal number (included)")
    add_run_options(survey, what="deals", out_required=True)
    survey.add_argument("--mode", choices=("fast", "short"), default="fast", help="fast (default) or short solutions")
    survey.add_argument("--max-states", type=int, default=None, help="per-deal position limit")
    survey.add_argument("--time-limit", type=float, default=None, help="per-deal time limit in seconds")
    survey.add_argument("--solutions", action="store_true", help="store each solution's moves too")
    survey.add_argument(
        "--no-progress", "--quiet", dest="no_progress", action="store_true", help="no progress bar on stderr"
    )
    survey.set_defaults(func=_cmd_survey)


def _cmd_survey(args: argparse.Namespace, out: TextIO) -> int:
    from parlour.distributed.cli import check_run_options, running
    from parlour.freecell import solve_deals

    check_run_options(args)
    if args.last < args.first:
        raise ParlourError(f"the range {args.first}..{args.last} is empty")
    bar = ProgressBar("deals", resumed=True, quiet=args.no_progress)  # its first call: the deals stored
    start: list[int] = []  # deals already stored when this run began

    def progress(done: int, total: int, _index: int) -> None:
        if not start:
            start.append(done)
        bar(done, total)

    t0 = time.perf_counter()
    try:
        with running(args, "deals") as executor:
            store = solve_deals(
                range(args.first, args.last + 1),
                mode=args.mode,
                jobs=getattr(args, "jobs", 1) or 1,
                max_states=args.max_states,
                time_limit=args.time_limit,
                executor=executor,
                out=args.out,
                chunk_size=args.chunk_size,
                solutions=args.solutions,
                progress=progress,
            )
    finally:
        bar.close()
    wall = time.perf_counter() - t0
    return survey_summary(store, args, wall, store.rows - (start[0] if start else 0), out)


_HELP = (
    "moves in standard notation: 3a (cascade 3 to cell a), 8h (to the foundation), a5 (cell a to cascade 5), "
    "12 (a sequence), 12v3 (3 cards to an empty cascade); u = undo, h = hint, q = quit"
)


def _cmd_play(args: argparse.Namespace, out: TextIO, inp: TextIO | None = None) -> int:
    from parlour.freecell import Game

    stream = sys.stdin if inp is None else inp
    game = Game(deal=args.deal)
    print(f"FreeCell deal #{args.deal}. {_HELP}", file=out)
    while True:
        print(file=out)
        print(game.state.pretty(unicode=True), file=out)
        if game.state.is_solved:
            print(f"You won in {len(game.history)} moves!", file=out)
            return 0
        if game.is_terminal:
            print("No legal move is left: u to undo, q to quit.", file=out)
        print("> ", end="", file=out, flush=True)
        line = stream.readline()
        if not line:
            return 0
        cmd = line.strip().lower()
        if cmd in ("q", "quit", "exit"):
            return 0
        if cmd in ("?", "help"):
            print(_HELP, file=out)
        elif cmd in ("u", "undo"):
            if game.can_undo():
                print(f"undid {game.undo()}", file=out)
            else:
                print("nothing to undo", file=out)
        elif cmd in ("h", "hint"):
            move = game.hint()
            print(
                f"hint: {game.state.notation(move)}" if move is not None else "hint: no solution found from here",
                file=out,
            )
        elif cmd:
            try:
                game.apply(cmd)
                move = game.history[-1]
                print(f"moved {move.card} ({game.history[-1]})", file=out)
            except ParlourError as e:
                print(f"not possible: {e}", file=out)


def demo(out: TextIO) -> None:
    """The FreeCell part of ``parlour demo``: deal #1, solved, and the solution replayed."""
    from parlour.freecell import GameState, Solution, solve

    state = GameState.from_ms_deal(1)
    print("FreeCell: Microsoft deal #1", file=out)
    print(state.pretty(unicode=True), file=out)
    result = solve(state)
    if not isinstance(result, Solution):
        print(f"no solution found: {result}", file=out)
        return
    print(f"solved in {len(result)} moves ({result.states} positions): {result}", file=out)
    print(f"replayed: won = {result.replay(state).is_solved}", file=out)
