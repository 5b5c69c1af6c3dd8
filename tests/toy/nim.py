"""A toy fourth game, written in the test suite alone: Nim, in pure Python, registered through one GameInfo.

One pile of stones; the players take 1, 2 or 3 in turn; whoever takes the last stone
wins (returns 1.0 and -1.0).  It satisfies :class:`parlour.protocol.Game` and gives the
registry every hook a game can give — advice, a long run, a command and a demo — so
that test_toy_game.py can drive it through every layer without any other file knowing it.
"""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass
from typing import Any, ClassVar, TextIO

import numpy as np

from parlour.distributed.runner import chunk_sizes
from parlour.errors import IllegalActionError, InvalidValueError, NotationError, StateFormatError
from parlour.games import GameInfo, LongRun, RunPlan


@dataclass(frozen=True)
class Rules:
    """How many stones the pile starts with."""

    stones: int = 21


@dataclass(frozen=True)
class Take:
    """Take ``n`` stones (1..3); id ``n - 1``."""

    n: int

    @property
    def id(self) -> int:
        return self.n - 1

    def __str__(self) -> str:
        return f"take {self.n}"

    @staticmethod
    def parse(action: Any) -> Take:
        if isinstance(action, Take):
            return action
        if isinstance(action, (int, np.integer)) and not isinstance(action, bool):
            if not 0 <= int(action) < 3:
                raise NotationError(f"a Nim action id is 0..2, got {action}")
            return Take(int(action) + 1)
        if isinstance(action, str):
            word, _, n = action.strip().partition(" ")
            if word == "take" and n in ("1", "2", "3"):
                return Take(int(n))
        raise NotationError(f"not a Nim action: {action!r} (take 1, take 2, take 3)")


@dataclass(frozen=True)
class Event:
    """What the last action did."""

    seat: int
    action: Take
    left: int

    @property
    def text(self) -> str:
        return str(self.action)

    def to_dict(self, seat: int | None = None) -> dict[str, Any]:
        return {"seat": self.seat, "action": self.text, "left": self.left}


@dataclass(frozen=True)
class Observation:
    """Everything is public in Nim: the pile, whose turn, the legal actions of the seat to act."""

    seat: int | None
    stones: int
    to_move: int | None
    ids: tuple[int, ...]

    def legal_action_ids(self) -> list[int]:
        return list(self.ids) if self.seat is not None and self.seat == self.to_move else []

    def legal_actions(self) -> list[Take]:
        return [Take(i + 1) for i in self.legal_action_ids()]

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "nim",
            "seat": self.seat,
            "stones": self.stones,
            "to_move": self.to_move,
            "legal_actions": [{"id": a.id, "text": str(a)} for a in self.legal_actions()],
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Observation:
        ids = tuple(a["id"] for a in d["legal_actions"])
        return cls(d["seat"], d["stones"], d["to_move"], ids or tuple(range(min(3, d["stones"]))))

    def to_array(self) -> np.ndarray:
        return np.array([min(self.stones, 127), -1 if self.to_move is None else self.to_move], dtype=np.int8)


class Nim:
    """A game of Nim (see the module docstring)."""

    game_name: ClassVar[str] = "nim"
    num_actions: ClassVar[int] = 3

    def __init__(self, rules: Rules | None = None, first: int = 0) -> None:
        self.rules = rules or Rules()
        self.stones = self.rules.stones
        self.to_move = first
        self.winner: int | None = None
        self.last_event: Event | None = None

    num_players = 2

    @property
    def current_player(self) -> int | None:
        return None if self.is_terminal else self.to_move

    @property
    def is_terminal(self) -> bool:
        return self.stones == 0

    def legal_action_ids(self) -> list[int]:
        return [] if self.is_terminal else list(range(min(3, self.stones)))

    def legal_actions(self) -> list[Take]:
        return [Take(i + 1) for i in self.legal_action_ids()]

    def legal_action_mask(self) -> np.ndarray:
        mask = np.zeros(3, dtype=np.bool_)
        mask[self.legal_action_ids()] = True
        return mask

    def why_not(self, action: Any) -> str | None:
        take = Take.parse(action)
        if self.is_terminal:
            return "the pile is empty: the game is over"
        if take.n > self.stones:
            return f"only {self.stones} stone(s) left, cannot {take}"
        return None

    def can_apply(self, action: Any) -> bool:
        try:
            return self.why_not(action) is None
        except NotationError:
            return False

    def apply(self, action: Any) -> None:
        take = Take.parse(action)
        reason = self.why_not(take)
        if reason is not None:
            raise IllegalActionError(reason)
        self.stones -= take.n
        self.last_event = Event(self.to_move, take, self.stones)
        if self.stones == 0:
            self.winner = self.to_move
        self.to_move = 1 - self.to_move

    def returns(self) -> tuple[float, ...]:
        if self.winner is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if self.winner == 0 else (-1.0, 1.0)

    def observation(self, seat: int | None) -> Observation:
        return Observation(seat, self.stones, self.current_player, tuple(self.legal_action_ids()))

    def clone(self) -> Nim:
        return Nim.from_dict(self.to_dict())

    def to_dict(self) -> dict[str, Any]:
        state = {"stones": self.stones, "to_move": self.to_move, "winner": self.winner}
        if self.last_event is not None:
            state["last"] = [self.last_event.seat, self.last_event.action.n, self.last_event.left]
        return {"game": "nim", "version": 1, "rules": {"stones": self.rules.stones}, "state": state}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Nim:
        try:
            if d["game"] != "nim" or d["version"] != 1:
                raise StateFormatError(f"not a Nim snapshot: {d.get('game')!r}")
            g = cls(Rules(int(d["rules"]["stones"])))
            st = d["state"]
            g.stones, g.to_move, g.winner = int(st["stones"]), int(st["to_move"]), st["winner"]
            if "last" in st:
                seat, n, left = st["last"]
                g.last_event = Event(seat, Take(n), left)
        except (KeyError, TypeError, ValueError) as e:
            raise StateFormatError(f"a corrupt Nim snapshot: {e}") from None
        return g

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Nim) and other.to_dict() == self.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __str__(self) -> str:
        return f"Nim: {self.stones} stone(s), seat {self.current_player} to move"


# ---- bots
def best_take(stones: int) -> Take | None:
    """The winning move (leave a multiple of four), or None when every move loses."""
    return Take(stones % 4) if stones % 4 else None


class PerfectBot:
    """Leaves a multiple of four when it can, else takes one."""

    def act(self, observation: Observation) -> Take:
        return best_take(observation.stones) or Take(1)


class RandomBot:
    """A legal move at random (seeded)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, observation: Observation) -> Take:
        return self.rng.choice(observation.legal_actions())


# ---- the hooks
def advise(observation: Observation) -> dict[str, Any]:
    """The winning move for the seat, if there is one."""
    best = best_take(observation.stones) if observation.legal_action_ids() else None
    return {"game": "nim", "best": None if best is None else best.id, "text": None if best is None else str(best)}


def play_chunk(work: dict[str, Any], first: int, count: int, jobs: int) -> list[tuple[int, int, int]]:
    """Games ``first .. first+count-1`` of the run: ``(game, winner, moves)`` each (pure Python; ``jobs`` unused)."""
    del jobs
    rows = []
    for i in range(first, first + count):
        g = Nim(Rules(work["stones"]), first=i % 2)
        bots = [
            GAME_INFO.bot(work["bots"][0], seed=work["seed"] + 2 * i),
            GAME_INFO.bot(work["bots"][1], seed=work["seed"] + 2 * i + 1),
        ]
        moves = 0
        while not g.is_terminal:
            g.apply(bots[g.current_player].act(g.observation(g.current_player)))
            moves += 1
        rows.append((i, int(g.winner), moves))
    return rows


def arena_rows(chunk: tuple[Any, ...], result: list[tuple[int, int, int]]) -> Any:
    """One row per game: ``game``, ``winner`` (seat), ``moves``."""
    import pyarrow as pa

    return pa.table(
        {name: pa.array([r[k] for r in result], pa.int64()) for k, name in enumerate(("game", "winner", "moves"))}
    )


def arena_plan(chunk_size: int, *, games: int, bots: tuple[str, str], seed: int = 0, stones: int = 21) -> RunPlan:
    """``games`` games between two bots (by name), first seat alternating."""
    for b in bots:
        GAME_INFO.bot(b)  # an unknown name fails before anything runs
    params = {"games": games, "bots": list(bots), "seed": seed, "stones": stones, "chunk_size": chunk_size}
    work = {"bots": list(bots), "seed": seed, "stones": stones}
    sizes = chunk_sizes(games, chunk_size)
    return RunPlan(params, [(work, lo, n) for lo, n in zip(range(0, games, chunk_size), sizes)], sizes)


ARENA = LongRun(kind="nim.arena", what="games", chunk_size=50, plan=arena_plan, task=play_chunk, rows=arena_rows)


def _cmd_best(args: argparse.Namespace, out: TextIO) -> int:
    if args.stones < 1:
        raise InvalidValueError(f"a pile has at least one stone, got {args.stones}")
    best = best_take(args.stones)
    print(f"{args.stones} stones: {best if best is not None else 'no winning move'}", file=out)
    return 0


def register_cli(subparsers: Any) -> None:
    """``parlour nim best --stones N``."""
    nim = subparsers.add_parser("nim", help="Nim: the winning move")
    sub = nim.add_subparsers(dest="nim_command", metavar="SUBCOMMAND")
    best = sub.add_parser("best", help="the winning move from a pile")
    best.add_argument("--stones", type=int, default=21, help="stones in the pile (default 21)")
    best.set_defaults(func=_cmd_best)
    nim.set_defaults(func=lambda args, out: (nim.print_help(out), 2)[1])


def demo(out: TextIO) -> None:
    """Nim's part of ``parlour demo``."""
    print("Nim: from 21 stones the first player wins by taking 1.", file=out)


def _make(*, players: int, rules: Rules, seed: int = 0) -> Nim:
    del players
    return Nim(rules, first=seed % 2)


GAME_INFO = GameInfo(
    name="nim",
    title="Nim",
    game_class=Nim,
    min_players=2,
    max_players=2,
    presets={"default": Rules, "short": lambda: Rules(7)},
    bots={"random": lambda seed=0, rules=None: RandomBot(seed), "perfect": lambda seed=0, rules=None: PerfectBot()},
    make=_make,
    snapshots={"nim": Nim},
    advice=advise,
    runs={"arena": ARENA},
    cli=register_cli,
    demo=demo,
)
