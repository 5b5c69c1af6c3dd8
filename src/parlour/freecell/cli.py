"""``parlour freecell ...``: show, solve, batch and play Microsoft deals; and the demo."""

from __future__ import annotations

import argparse
import sys
import time
from typing import TextIO

from parlour._progress import ProgressBar
from parlour.errors import ParlourError

__all__ = ["register", "demo"]


def _deal(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a deal number is an integer, got {text!r}") from None


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``freecell`` command and its subcommands."""
    p = subparsers.add_parser("freecell", help="FreeCell: show, solve, batch-solve and play Microsoft deals")
    sub = p.add_subparsers(dest="freecell_command", metavar="SUBCOMMAND")
    show = sub.add_parser("show", help="print a Microsoft deal (unicode table, crate text and solver board)")
    show.add_argument("deal", type=_deal, help="the deal number, 1 .. 2**33-1")
    show.set_defaults(func=_cmd_show)
    solve = sub.add_parser("solve", help="solve a Microsoft deal")
    solve.add_argument("deal", type=_deal, help="the deal number, 1 .. 2**33-1")
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
    prove.add_argument("deal", type=_deal, help="the deal number, 1 .. 2**33-1")
    prove.add_argument("--work-dir", required=True, metavar="DIR", help="directory for the waiting positions")
    prove.add_argument(
        "--memory-limit",
        type=_bytes,
        default="2G",
        metavar="SIZE",
        help="bytes held for positions, e.g. 16G (default 2G; 0: no limit)",
    )
    prove.add_argument("--time-limit", type=float, default=None, help="stop after this many seconds of this run")
    prove.add_argument("--threads", type=int, default=1, help="splits searched at once (default 1)")
    prove.add_argument(
        "--no-progress", "--quiet", dest="no_progress", action="store_true", help="no progress lines on stderr"
    )
    prove.set_defaults(func=_cmd_prove)
    _register_survey(sub)
    play = sub.add_parser("play", help="play a Microsoft deal in the terminal")
    play.add_argument("deal", type=_deal, help="the deal number, 1 .. 2**33-1")
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
    print(state.to_text(), file=out)
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

    last = [-1.0]

    def report(p: ProofProgress) -> None:
        if p.seconds - last[0] >= 10 or last[0] < 0:
            last[0] = p.seconds
            print(
                f"  {p.seconds:8.0f} s  layer {p.layer:2d} (cards home)  {p.states:,} positions  "
                f"{p.disk / 2**20:,.0f} MB on disk  {p.memory / 2**20:,.0f} MB held",
                file=sys.stderr,
                flush=True,
            )

    result = prove(
        args.deal,
        args.work_dir,
        memory_limit=args.memory_limit or None,
        time_limit=args.time_limit,
        threads=args.threads,
        progress=None if args.no_progress else report,
    )
    if isinstance(result, Unsolvable):
        print(f"deal #{args.deal}: proved unsolvable ({result.states:,} positions, {result.seconds:.1f} s)", file=out)
        return 0
    if isinstance(result, Solution):
        print(f"deal #{args.deal}: solved in {len(result)} moves ({result.states:,} positions)", file=out)
        print(str(result), file=out)
        return 0
    print(
        f"deal #{args.deal}: unknown, stopped by {result.reason} ({result.states:,} positions, "
        f"{result.seconds:.1f} s); the same command continues from {args.work_dir}",
        file=out,
    )
    return 1


def _cmd_batch(args: argparse.Namespace, out: TextIO) -> int:
    from parlour.freecell import Solution, Unsolvable, solve_deals

    if args.last < args.first:
        raise ParlourError(f"the range {args.first}..{args.last} is empty")
    numbers = list(range(args.first, args.last + 1))
    total = len(numbers)
    t0 = time.perf_counter()
    with ProgressBar("deals") as bar:
        results = solve_deals(
            numbers,
            mode=args.mode,
            jobs=args.jobs,
            max_states=args.max_states,
            time_limit=args.time_limit,
            progress=None if args.no_progress else (lambda done, n, index: bar(done, n)),
        )
    wall = time.perf_counter() - t0
    solved = [r for r in results if isinstance(r, Solution)]
    unsolvable = [n for n, r in zip(numbers, results) if isinstance(r, Unsolvable)]
    unknown = [n for n, r in zip(numbers, results) if not isinstance(r, (Solution, Unsolvable))]
    cpu = sum(r.seconds for r in results)
    moves = sum(len(r) for r in solved)
    print(f"deals {args.first}..{args.last} ({total}), mode {args.mode}, jobs {args.jobs}", file=out)
    print(
        f"solved {len(solved)}, proved unsolvable {len(unsolvable)} {unsolvable[:10]}, unknown {len(unknown)} "
        f"{unknown[:10]}",
        file=out,
    )
    print(f"total time {wall:.2f} s wall, {cpu:.2f} s in the solver, {1000 * cpu / total:.3f} ms per deal", file=out)
    if solved:
        print(f"mean solution length {moves / len(solved):.2f} moves", file=out)
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
    from parlour.distributed.cli import running
    from parlour.freecell import solve_deals

    if args.last < args.first:
        raise ParlourError(f"the range {args.first}..{args.last} is empty")
    bar = None if args.no_progress else ProgressBar("deals")
    start: list[int] = []  # deals already stored when this run began

    def progress(done: int, total: int, _index: int) -> None:
        if not start:
            start.append(done)
        if bar is not None:
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
        if bar is not None:
            bar.close()
    wall = time.perf_counter() - t0
    return _survey_summary(store.table(), args, wall, store.rows - (start[0] if start else 0), out)


def _survey_summary(table: object, args: argparse.Namespace, wall: float, computed: int, out: TextIO) -> int:
    import numpy as np
    import pyarrow as pa  # type: ignore[import-untyped, import-not-found, unused-ignore]
    import pyarrow.compute as pc  # type: ignore[import-untyped, import-not-found, unused-ignore]

    assert isinstance(table, pa.Table)
    verdict = np.asarray(pc.cast(table.column("verdict"), pa.string()))
    deals = np.asarray(table.column("deal"))
    moves = np.asarray(table.column("moves"))
    states = np.asarray(table.column("states"))
    seconds = np.asarray(table.column("seconds"))
    replayed = np.asarray(table.column("replayed"))
    solved = verdict == "solved"
    n = len(deals)
    where = "Ray " + args.ray if args.ray else "Dask " + args.dask if args.dask else f"jobs {args.jobs}"
    print(f"deals {args.first}..{args.last} ({n:,}), mode {args.mode}, {where}, results in {args.out}", file=out)
    print(
        f"solved {int(solved.sum()):,} (replay-checked {int((solved & replayed).sum()):,}), "
        f"impossible {int((verdict == 'unsolvable').sum()):,}, unknown {int((verdict == 'unknown').sum()):,}",
        file=out,
    )
    for label in ("unsolvable", "unknown"):
        for i in np.flatnonzero(verdict == label)[:50]:
            print(
                f"  deal {int(deals[i])}: {'impossible' if label == 'unsolvable' else 'unknown'}, "
                f"{int(states[i]):,} positions, {seconds[i]:.3f} s",
                file=out,
            )
    if solved.any():
        print(f"mean solution length {moves[solved].mean():.2f} moves, mean positions {states.mean():.0f}", file=out)
    print(
        f"solver time {seconds.sum():.1f} s ({1000 * seconds.sum() / max(n, 1):.3f} ms a deal); this run computed "
        f"{computed:,} deals in {wall:.1f} s wall, {computed / wall if wall > 0 else 0:,.0f} deals/s",
        file=out,
    )
    failed = deals[solved & ~replayed]
    if len(failed):
        print(f"REPLAY FAILED for {len(failed)} solutions: deals {[int(d) for d in failed[:20]]}", file=out)
        return 1
    return 0


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
