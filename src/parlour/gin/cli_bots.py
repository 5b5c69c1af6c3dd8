"""The bot commands of ``parlour gin``: ``arena``, ``ladder`` and ``play``, and the bot match of ``parlour demo``.

``register_bot_commands(gin_subparsers)`` adds the subcommands to the
subparsers of the ``parlour gin`` command; each sets ``func(args, out) -> int`` as the
other commands do.  ``demo_match(out)`` plays one short match between two bots and
prints each hand's result.  ``--rules`` takes a rules preset of the game registry
(:func:`preset_name` reads it).
"""

from __future__ import annotations

import argparse
import io
import sys
import time
from typing import Any, TextIO

from parlour import games
from parlour._core.gin import ExpertBot, HardBot, NormalBot, Player, Rules
from parlour._progress import Interrupted, ProgressBar
from parlour.distributed.cli import add_run_options, check_run_options, unsaved_note
from parlour.errors import InvalidValueError, StateFormatError
from parlour.gin.arena import ArenaResult, arena
from parlour.gin.bots import BOT_NAMES, play_match
from parlour.gin.play import describe_result, play_terminal

__all__ = ["demo_match", "preset_name", "presets", "read_text", "register_bot_commands", "rules_of"]

#: The name earlier command lines gave the default rules (the rule card's); now "default", as in the registry.
OLD_DEFAULT = "card"


def presets() -> list[str]:
    """The names of gin's rules presets, from the game registry ("default" first)."""
    return list(games.get("gin").presets)


def rules_of(name: str) -> Rules:
    """The rules of the preset ``name``; InvalidValueError for an unknown one (naming "default" for "card")."""
    if name == OLD_DEFAULT:
        raise InvalidValueError(
            f"the rules preset {OLD_DEFAULT!r} is called 'default' now (presets: {', '.join(presets())})"
        )
    rules: Rules = games.get("gin").rules(name)
    return rules


def preset_name(text: str) -> str:
    """``--rules``: a preset name of the registry (argparse's usage error for any other, "card" included)."""
    try:
        rules_of(text)
    except InvalidValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return text


def read_text(path: str) -> str:
    """The UTF-8 text of the file ``path`` (``-``: stdin); InvalidValueError when it cannot be
    read, StateFormatError when it is not UTF-8 text."""
    try:
        if path == "-":
            return sys.stdin.read()
        with open(path, encoding="utf-8") as fh:
            return fh.read()
    except OSError as exc:
        raise InvalidValueError(f"cannot read {path!r}: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise StateFormatError(f"{path}: not UTF-8 text (byte {exc.start}: {exc.reason})") from None


def _bot_list(text: str) -> list[str]:
    names = [t.strip().lower() for t in text.split(",") if t.strip()]
    for n in names:
        if n not in BOT_NAMES:
            raise argparse.ArgumentTypeError(f"no bot named {n!r} (known: {', '.join(BOT_NAMES)})")
    if len(names) < 2:
        raise argparse.ArgumentTypeError(f"an arena needs at least two bots, got {text!r}")
    return names


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {n}")
    return n


def _milliseconds(text: str) -> float:
    try:
        x = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of milliseconds: {text!r}") from None
    if not x > 0 or x == float("inf"):
        raise argparse.ArgumentTypeError(f"must be a finite number > 0, got {text!r}")
    return x


def _with_expert_budget(names: list[str], args: argparse.Namespace) -> list[Any]:
    """The bots by name, "expert" given the budget of --expert-nodes / --expert-ms when set."""
    if args.expert_nodes is None and args.expert_ms is None:
        return list(names)
    return [
        ExpertBot(args.seed + i, nodes=args.expert_nodes, budget_ms=args.expert_ms) if n == "expert" else n
        for i, n in enumerate(names)
    ]


def _add_expert_options(p: Any) -> None:
    p.add_argument(
        "--expert-nodes",
        type=_positive,
        default=None,
        help="ExpertBot's node budget per decision (playout actions; deterministic)",
    )
    p.add_argument(
        "--expert-ms", type=_milliseconds, default=None, help="ExpertBot's time budget per decision in milliseconds"
    )


def _total(args: argparse.Namespace) -> int:
    """The matches of the whole arena: ``--matches`` for every pair of bots."""
    n = len(args.bots)
    return int(args.matches * n * (n - 1) // 2)


def _cmd_arena(args: argparse.Namespace, out: TextIO) -> int:
    check_run_options(args)
    rules = rules_of(args.rules)
    t0 = time.perf_counter()
    if args.duplicate and args.matches % 2:
        raise InvalidValueError(f"--duplicate plays each deal twice: --matches must be even, got {args.matches}")
    if args.out or args.ray or args.dask:
        res = _arena_chunked(args, rules)
    else:
        with ProgressBar("matches", quiet=args.no_progress) as bar:
            try:
                bar(0, _total(args))
                res = arena(
                    _with_expert_budget(args.bots, args),
                    args.matches,
                    seed=args.seed,
                    jobs=args.jobs,
                    rules=rules,
                    progress=bar,
                    duplicate=args.duplicate,
                )
            except KeyboardInterrupt:
                raise Interrupted(unsaved_note(args, "matches", bar.done, _total(args))) from None
    dt = time.perf_counter() - t0
    deal = "the first turn alternating from hand to hand" if rules.alternate_dealer else "the winner dealing next"
    dup = f" ({args.matches // 2} deals, each played twice with the seats swapped)" if args.duplicate else ""
    print(
        f"gin arena: {args.matches} matches{dup} to {rules.game_target} per pair under {rules!r} ({args.rules}; "
        f"{deal}), both seats and both first dealers equally often, seed {args.seed}",
        file=out,
    )
    print(res.table(), file=out)
    ci = "from the spread of the deals' results" if args.duplicate else "Wilson interval"
    print(
        f"win rate = matches won by A; 95% CI = {ci}; pts/hand = hand points won per hand played; "
        f"knock/gin/under/dead = shares of hands ({dt:.1f}s)",
        file=out,
    )
    return 0


def _arena_chunked(args: argparse.Namespace, rules: Rules) -> ArenaResult:
    """The arena in chunks: into a result store (--out) and/or on Ray or Dask."""
    from parlour.distributed.cli import running

    bar = ProgressBar("matches", resumed=bool(args.out), quiet=args.no_progress)  # a store's first call: its rows
    try:
        with running(args, "matches") as executor:
            res = arena(
                _with_expert_budget(args.bots, args),
                args.matches,
                seed=args.seed,
                jobs=args.jobs or 1,
                rules=rules,
                progress=bar,
                executor=executor,
                out=args.out,
                chunk_size=args.chunk_size,
                duplicate=args.duplicate,
            )
    except KeyboardInterrupt as e:
        if isinstance(e, Interrupted):
            raise
        raise Interrupted(unsaved_note(args, "matches", bar.done, _total(args))) from None
    finally:
        bar.close()
    if isinstance(res, ArenaResult):
        return res
    return ArenaResult.from_table(res.table(), rules)


#: ExpertBot's node budget in a ladder unless --expert-nodes or --expert-ms says otherwise (a
#: ladder plays many matches: a tenth of the benchmark budget keeps the default run short).
LADDER_EXPERT_NODES = 10_000


def _cmd_ladder(args: argparse.Namespace, out: TextIO) -> int:
    from parlour.gin.ladder import ladder

    if args.matches % 2:
        raise InvalidValueError(f"a ladder plays duplicate matches: --matches must be even, got {args.matches}")
    rules = rules_of(args.rules)
    if args.expert_nodes is None and args.expert_ms is None:
        args.expert_nodes = LADDER_EXPERT_NODES
    t0 = time.process_time()
    n = len(args.bots)
    total = args.matches * n * (n - 1) // 2
    with ProgressBar("matches", quiet=args.no_progress) as bar:
        try:
            bar(0, total)
            res = ladder(
                _with_expert_budget(args.bots, args),
                args.matches,
                seed=args.seed,
                jobs=args.jobs,
                rules=rules,
                progress=bar,
                bootstrap=args.bootstrap,
            )
        except KeyboardInterrupt:
            raise Interrupted(
                f"{bar.done:,} of {total:,} matches were done; a ladder keeps nothing: run it again"
            ) from None
    cpu = time.process_time() - t0
    print(
        f"gin ladder: {args.matches} duplicate matches ({args.matches // 2} deals, each played twice with the seats "
        f"swapped) to {rules.game_target} per pair under {rules!r} ({args.rules}), seed {args.seed}"
        + (f"; expert at {args.expert_nodes:,} nodes" if "expert" in args.bots and args.expert_nodes else ""),
        file=out,
    )
    print(res.table(), file=out)
    print(
        f"Elo = Bradley-Terry ratings on the Elo scale, the field's mean 1500; 95% CI from {args.bootstrap} "
        f"bootstrap draws of the deals ({cpu:.0f}s of CPU)",
        file=out,
    )
    return 0


def _cmd_play(args: argparse.Namespace, out: TextIO) -> int:
    rules = rules_of(args.rules)
    if args.target != rules.game_target:
        rules = rules.replace(game_target=args.target)
    bot = _with_expert_budget([args.bot], args)[0]
    inp = sys.stdin if args.input is None else io.StringIO(read_text(args.input))
    coach = {"hints": args.hints, "review": args.review, "coach_nodes": args.coach_nodes}
    play_terminal(bot, inp=inp, out=out, rules=rules, seed=args.seed, unicode=args.unicode, **coach)
    return 0


def register_bot_commands(gin_subparsers: Any) -> None:
    """Add ``arena`` and ``play`` to the subparsers of the ``parlour gin`` command."""
    p = gin_subparsers.add_parser("arena", help="bot-vs-bot matches with win rates and 95%% intervals")
    p.add_argument(
        "--bots",
        type=_bot_list,
        default=["hard", "normal"],
        help=f"comma-separated bots ({', '.join(BOT_NAMES)}); every pair plays (default hard,normal)",
    )
    p.add_argument(
        "--rules",
        default="default",
        type=preset_name,
        metavar="PRESET",
        help=f"a rules preset: {', '.join(presets())} (default: the rule card's; eaai: the EAAI competition)",
    )
    p.add_argument("--matches", type=_positive, default=200, help="matches per pair (default 200)")
    p.add_argument("--seed", type=int, default=0, help="the seed (default 0)")
    p.add_argument(
        "--no-progress", "--quiet", dest="no_progress", action="store_true", help="no progress bar on stderr"
    )
    p.add_argument(
        "--duplicate",
        action="store_true",
        help="duplicate matches: each deal played twice with the seats swapped (--matches even)",
    )
    _add_expert_options(p)
    add_run_options(p, what="matches")
    p.set_defaults(func=_cmd_arena)

    lad = gin_subparsers.add_parser(
        "ladder", help="ratings of the bots: a round robin of duplicate matches, Bradley-Terry (Elo scale)"
    )
    lad.add_argument(
        "--bots",
        type=_bot_list,
        default=list(BOT_NAMES),
        help=f"comma-separated bots (default every registered bot: {','.join(BOT_NAMES)})",
    )
    lad.add_argument(
        "--rules",
        default="default",
        type=preset_name,
        metavar="PRESET",
        help=f"a rules preset: {', '.join(presets())} (default: the rule card's; eaai: the EAAI competition)",
    )
    lad.add_argument(
        "--matches", type=_positive, default=20, help="duplicate matches per pair, even (default 20: a first look)"
    )
    lad.add_argument("--seed", type=int, default=0, help="the seed (default 0)")
    lad.add_argument("--jobs", type=_positive, default=1, help="threads (default 1)")
    lad.add_argument(
        "--bootstrap", type=_positive, default=1000, help="bootstrap draws for the intervals (default 1000)"
    )
    lad.add_argument(
        "--no-progress", "--quiet", dest="no_progress", action="store_true", help="no progress bar on stderr"
    )
    _add_expert_options(lad)
    lad.set_defaults(func=_cmd_ladder)

    q = gin_subparsers.add_parser("play", help="play a match against a bot in the terminal")
    q.add_argument("--bot", choices=list(BOT_NAMES), default="hard", help="the opponent (default hard)")
    q.add_argument("--seed", type=int, default=0, help="the seed of the deals (default 0)")
    q.add_argument(
        "--rules",
        default="default",
        type=preset_name,
        metavar="PRESET",
        help=f"a rules preset: {', '.join(presets())} (default: the rule card's)",
    )
    q.add_argument("--target", type=_positive, default=100, help="the score to reach (default 100)")
    q.add_argument("--unicode", action="store_true", help="suit glyphs (A♠) instead of letters (As)")
    q.add_argument("--input", default=None, help="read the moves from this file instead of the terminal")
    q.add_argument(
        "--hints", action="store_true", help="the coach's three best actions before each decision ('hint': all)"
    )
    q.add_argument("--review", action="store_true", help="a review of your decisions after each hand")
    q.add_argument(
        "--coach-nodes", type=_positive, default=None, help="the coach's node budget per decision (default 400000)"
    )
    _add_expert_options(q)
    q.set_defaults(func=_cmd_play)


def demo_match(out: TextIO) -> None:
    """Play one short match (to 50) between HardBot and NormalBot and print each hand's result."""
    rules = Rules(game_target=50)
    m = play_match(HardBot(1), NormalBot(2), rules, seed=2026)
    names = {Player.ONE: "hard", Player.TWO: "normal"}
    print("Gin rummy: HardBot (Player.ONE) against NormalBot, a match to 50:", file=out)
    s = [0, 0]
    for i, h in enumerate(m.hands, 1):
        if h.winner is not None:
            s[int(h.winner)] += h.points(rules)
        print(f"  hand {i}: {describe_result(h, rules, names)}  ({s[0]} to {s[1]})", file=out)
    winner = names[m.winner] if m.winner is not None else "nobody"
    print(f"  {winner} wins the match {m.scores[0]} to {m.scores[1]}.", file=out)
