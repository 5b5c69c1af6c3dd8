"""The ``parlour`` command.

``parlour --version``, ``parlour deal --seed N`` and ``parlour demo`` live here; each
game of the registry (:mod:`parlour.games`) adds its own command through its
``GameInfo``: ``cli(subparsers)`` adds a ``<game>`` command with its subcommands, and
``demo(out)`` prints its short part of the ``parlour demo`` tour, in the registry's
order.  ``parlour serve`` comes from :mod:`parlour.server.cli`.
"""

from __future__ import annotations

import argparse
import importlib
import os
import signal
import sys
from collections.abc import Callable, Sequence
from types import FrameType
from typing import TextIO

from parlour import games
from parlour._progress import Interrupted
from parlour._version import __version__
from parlour.errors import ParlourError


def _game_infos() -> list[games.GameInfo]:
    return [games.get(name) for name in games.names()]


def _cmd_deal(args: argparse.Namespace, out: TextIO) -> int:
    from parlour.cards import shuffled_deck

    cards = shuffled_deck(args.seed)
    text = [c.unicode() if args.unicode else str(c) for c in cards]
    for row in range(0, 52, 13):
        print(" ".join(text[row : row + 13]), file=out)
    return 0


def _cmd_demo(args: argparse.Namespace, out: TextIO) -> int:
    print(f"parlour {__version__}: a tour of the engines", file=out)
    print(file=out)
    print("A deck shuffled by the engine's generator (xoshiro256**, seed 1):", file=out)
    _cmd_deal(argparse.Namespace(seed=1, unicode=True), out)
    for info in _game_infos():
        if info.demo is not None:
            print(file=out)
            info.demo(out)
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``parlour`` command, with every game's subcommands."""
    infos = _game_infos()
    titles = [info.title for info in infos]
    listed = ", ".join(titles[:-1]) + (" and " if len(titles) > 1 else "") + titles[-1] if titles else "games"
    parser = argparse.ArgumentParser(prog="parlour", description=f"Play, score and solve {listed}.")
    parser.add_argument("--version", action="version", version=f"parlour {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    deal = sub.add_parser("deal", help="shuffle a deck with the engine's generator and print it")
    deal.add_argument("--seed", type=int, default=0, help="the seed (0 .. 2**64-1), default 0")
    deal.add_argument("--unicode", action="store_true", help="print suit glyphs (A♠) instead of letters (As)")
    deal.set_defaults(func=_cmd_deal)
    demo = sub.add_parser("demo", help="a short tour of all the engines")
    demo.set_defaults(func=_cmd_demo)
    for info in infos:
        if info.cli is not None:
            info.cli(sub)
    # The game server's command; the server's own dependencies load only when it runs.
    importlib.import_module("parlour.server.cli").register(sub)
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status (0, 1 for a library error, 2 for bad
    usage, 130 after Ctrl-C, 143 after SIGTERM, which stops a command as Ctrl-C does)."""
    stream = sys.stdout if out is None else out
    try:
        # Loading the games' commands takes a moment: Ctrl-C then stops quietly too.
        parser = build_parser()
    except KeyboardInterrupt:
        return 130
    words = list(sys.argv[1:] if argv is None else argv)
    args = parser.parse_args(words)
    if getattr(args, "func", None) is None:
        parser.print_help(stream)
        return 2
    args.argv = words  # the command as given, for the notes that say how to resume it
    terminated: list[int] = []
    restore = _stop_on_sigterm(terminated)
    try:
        status: int = args.func(args, stream)
    except ParlourError as e:
        print(f"parlour: error: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt as e:
        # A long command says what it had done and how to go on (Interrupted); the rest stop quietly.
        # "\r" writes over the terminal's "^C".
        print(f"\rinterrupted: {e}" if isinstance(e, Interrupted) and str(e) else "", file=sys.stderr)
        return 128 + terminated[0] if terminated else 130
    except BrokenPipeError:
        # The reader went away (`parlour demo | head`): stop quietly, as Unix tools do.
        if out is None:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        return 141
    finally:
        restore()
    return status


def _stop_on_sigterm(terminated: list[int]) -> Callable[[], None]:
    """Make SIGTERM (``kill``, a batch system's end of a job) stop a command as Ctrl-C does: a long
    command then says what it had done and how to go on, and exits with status 143.  The signal
    is noted in ``terminated``.  Returns what puts the former handler back (nothing to do when
    signals cannot be handled here: main() called from another thread than the main one)."""

    def stop(signum: int, frame: FrameType | None) -> None:
        terminated.append(signum)
        raise KeyboardInterrupt

    try:
        previous = signal.getsignal(signal.SIGTERM)
        signal.signal(signal.SIGTERM, stop)
    except ValueError:
        return lambda: None

    def restore() -> None:
        # None: a handler not set from Python; the default one is the closest to put back.
        signal.signal(signal.SIGTERM, signal.SIG_DFL if previous is None else previous)

    return restore
