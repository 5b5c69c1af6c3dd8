"""``parlour gin`` subcommands: ``deal`` shows a dealt round, ``replay`` replays an action list.

A replay file is JSON: a list of actions (text such as ``"discard Qs"`` or integer
ids) played on ``Round.deal(Rules(), Player.ONE, 0)``, or an object::

    {"seed": 7, "dealer": "TWO", "rules": "modern", "actions": ["pass", "take discard", ...]}
    {"round": <a Round.to_dict() snapshot>, "actions": [...]}

``rules`` is a rules preset of the game registry (default, modern, classic, palace, eaai)
or a dict of ``Rules`` fields.  Each step is printed; an illegal action stops the replay with its error.
With ``--review`` each seat's decisions are reviewed by the coach
(:func:`parlour.gin.review`) after the replay (``--seat`` for one seat only).
"""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from parlour._core.gin import Action, OklahomaAce, Player, Round, Rules, Shutout
from parlour.errors import InvalidValueError, StateFormatError
from parlour.gin.cli_bots import demo_match, preset_name, read_text, register_bot_commands, rules_of


def _rules(given: Any) -> Rules:
    if given is None:
        return Rules()
    if isinstance(given, str):
        return rules_of(given)
    if isinstance(given, dict):
        fields = dict(given)
        ok = fields.get("oklahoma")
        if isinstance(ok, str):
            fields["oklahoma"] = OklahomaAce[ok.upper()]
        sh = fields.get("shutout")
        if isinstance(sh, dict):
            kind = str(sh.get("kind", "")).upper()
            if kind == "FLAT":
                fields["shutout"] = Shutout.flat(sh.get("amount", 0))
            elif kind == "DOUBLE_TOTAL":
                fields["shutout"] = Shutout.double_total()
            elif kind == "DOUBLE_HAND_POINTS":
                fields["shutout"] = Shutout.double_hand_points()
            else:
                raise InvalidValueError(f"no shutout kind {kind!r}")
        return Rules(**fields)
    raise InvalidValueError(f"rules must be a preset name or a dict, got {given!r}")


def _player(text: Any) -> Player:
    name = str(text).upper()
    if name in ("ONE", "1"):
        return Player.ONE
    if name in ("TWO", "2"):
        return Player.TWO
    raise InvalidValueError(f"a player is ONE or TWO, got {text!r}")


def _show(r: Round, out: TextIO) -> None:
    print(r, file=out)
    if not r.is_terminal:
        print("  legal: " + ", ".join(str(a) for a in r.legal_actions()), file=out)


def _cmd_deal(args: argparse.Namespace, out: TextIO) -> int:
    r = Round.deal(rules_of(args.rules), _player(args.dealer), args.seed)
    if args.json:
        print(json.dumps(r.to_dict(), indent=2), file=out)
    else:
        print(f"Round.deal(seed={args.seed}): stock top first: {' '.join(str(c) for c in reversed(r.stock))}", file=out)
        _show(r, out)
    return 0


def load_replay(data: Any) -> tuple[Round, list[Any]]:
    """The starting round and the action list of a replay document."""
    if isinstance(data, list):
        return Round.deal(Rules(), Player.ONE, 0), data
    if not isinstance(data, dict) or not isinstance(data.get("actions"), list):
        raise StateFormatError("a replay is a list of actions or an object with an 'actions' list")
    if "round" in data:
        return Round.from_dict(data["round"]), data["actions"]
    seed = data.get("seed", 0)
    return Round.deal(_rules(data.get("rules")), _player(data.get("dealer", "ONE")), seed), data["actions"]


def _cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    text = read_text(args.file)
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise StateFormatError(f"{args.file}: not JSON ({exc})") from None
    r, actions = load_replay(data)
    _show(r, out)
    for i, a in enumerate(actions, 1):
        who = r.turn
        r.apply(a)
        name = who.name if who is not None else "-"
        print(f"\n{i}. Player.{name}: {Action(a)}", file=out)
        _show(r, out)
    if r.result is not None:
        print(f"\nresult: {r.result!r}, points {r.result.points(r.rules)}, returns {r.returns()}", file=out)
    if getattr(args, "review", False):
        _review_replay(data, args, out)
    return 0


def _review_replay(data: Any, args: argparse.Namespace, out: TextIO) -> None:
    """The coach's review of the replayed decisions, seat by seat."""
    from parlour.gin.coach import format_review, review, seat_history

    start, actions = load_replay(data)
    seats = [Player.ONE, Player.TWO] if args.seat is None else [_player(args.seat)]
    kw = {} if args.coach_nodes is None else {"nodes": args.coach_nodes}
    for seat in seats:
        history = seat_history(start, actions, seat)
        print("\n" + format_review(review(history, **kw)), file=out)


def register(subparsers: Any) -> None:
    """Add ``parlour gin`` with its subcommands."""
    gin = subparsers.add_parser(
        "gin", help="gin rummy: deal a round, replay an action list, bot arenas, play against a bot"
    )
    sub = gin.add_subparsers(dest="gin_command", metavar="SUBCOMMAND")
    deal = sub.add_parser("deal", help="show a dealt round (hands, upcard, stock, legal actions)")
    deal.add_argument("--seed", type=int, default=0, help="the seed of the shuffle (default 0)")
    deal.add_argument("--dealer", default="ONE", help="ONE or TWO (default ONE)")
    deal.add_argument(
        "--rules", default="default", type=preset_name, metavar="PRESET", help="a rules preset (default: default)"
    )
    deal.add_argument("--json", action="store_true", help="print the round's JSON snapshot instead")
    deal.set_defaults(func=_cmd_deal)
    replay = sub.add_parser("replay", help="replay a JSON action list and print each step")
    replay.add_argument("file", help="a JSON file (or - for stdin)")
    replay.add_argument("--review", action="store_true", help="the coach's review of each seat's decisions")
    replay.add_argument("--seat", default=None, help="review this seat only (ONE or TWO)")
    replay.add_argument(
        "--coach-nodes", type=int, default=None, help="the coach's node budget per decision (default 400000)"
    )
    replay.set_defaults(func=_cmd_replay)
    register_bot_commands(sub)
    gin.set_defaults(func=lambda args, out: (gin.print_help(out), 2)[1])


def demo(out: TextIO) -> None:
    """The gin part of ``parlour demo``: a short match between two of the bots, hand by hand."""
    demo_match(out)
