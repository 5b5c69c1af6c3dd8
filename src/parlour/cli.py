"""The ``parlour`` command.

``parlour --version``, ``parlour deal --seed N`` and ``parlour demo`` live here; each
game adds its own subcommands from ``parlour/<game>/cli.py``, which provides
``register(subparsers)`` (add a ``<game>`` command with its subcommands) and may
provide ``demo(out)`` (a short part of the ``parlour demo`` tour).
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import os
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import TextIO

from parlour._progress import Interrupted
from parlour._version import __version__
from parlour.errors import ParlourError

#: The games, in the order ``parlour demo`` tours them.
GAMES = ("gin", "yahtzee", "freecell")


def _game_clis() -> list[ModuleType]:
    mods = []
    for game in GAMES:
        name = f"parlour.{game}.cli"
        if importlib.util.find_spec(f"parlour.{game}") is not None and importlib.util.find_spec(name) is not None:
            mods.append(importlib.import_module(name))
    return mods


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
    for mod in _game_clis():
        demo = getattr(mod, "demo", None)
        if demo is not None:
            print(file=out)
            demo(out)
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``parlour`` command, with every game's subcommands."""
    parser = argparse.ArgumentParser(
        prog="parlour", description="Play, score and solve gin rummy, solitaire Yahtzee and FreeCell."
    )
    parser.add_argument("--version", action="version", version=f"parlour {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    deal = sub.add_parser("deal", help="shuffle a deck with the engine's generator and print it")
    deal.add_argument("--seed", type=int, default=0, help="the seed (0 .. 2**64-1), default 0")
    deal.add_argument("--unicode", action="store_true", help="print suit glyphs (A♠) instead of letters (As)")
    deal.set_defaults(func=_cmd_deal)
    demo = sub.add_parser("demo", help="a short tour of all the engines")
    demo.set_defaults(func=_cmd_demo)
    for mod in _game_clis():
        mod.register(sub)
    # The game server's command; the server's own dependencies load only when it runs.
    importlib.import_module("parlour.server.cli").register(sub)
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status."""
    stream = sys.stdout if out is None else out
    parser = build_parser()
    words = list(sys.argv[1:] if argv is None else argv)
    args = parser.parse_args(words)
    if getattr(args, "func", None) is None:
        parser.print_help(stream)
        return 2
    args.argv = words  # the command as given, for the notes that say how to resume it
    try:
        status: int = args.func(args, stream)
    except ParlourError as e:
        print(f"parlour: error: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt as e:
        # A long command says what it had done and how to go on (Interrupted); the rest stop quietly.
        # "\r" writes over the terminal's "^C".
        print(f"\rinterrupted: {e}" if isinstance(e, Interrupted) and str(e) else "", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (`parlour demo | head`): stop quietly, as Unix tools do.
        if out is None:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        return 141
    return status
