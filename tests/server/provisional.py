"""A provisional game registry for the server tests, until the library's own (parlour.games) exists.

It adapts Yahtzee's and FreeCell's current Game classes to the members of the game
protocol the server uses (game_name, current_player, legal_actions, apply, last_event,
observation(seat).to_dict(), returns, clone, to_dict and load) and offers one bot,
"random", which picks a uniformly random legal action with its own seeded generator.
It adds no rule of any game: every legality check, score and deal is the engine's.
When parlour.games lands, tests/server/launch.py uses it instead and this file goes.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from parlour import freecell, yahtzee
from parlour.errors import InvalidValueError, PhaseError, StateFormatError


@dataclass
class Event:
    seat: int
    action: Any
    text: str

    def to_dict(self, seat: int | None = None) -> dict[str, Any]:
        del seat
        return {"seat": self.seat, "action": int(self.action.id), "text": self.text}


@dataclass
class Observation:
    seat: int | None
    data: dict[str, Any]
    legal: list[Any]

    def to_dict(self) -> dict[str, Any]:
        return dict(self.data)


class _Action:
    def __init__(self, id_: int, text: str) -> None:
        self.id, self.text = id_, text

    def __str__(self) -> str:
        return self.text


class _Base:
    game_name = ""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.last_event: Event | None = None

    @property
    def is_terminal(self) -> bool:
        return bool(self.inner.is_terminal())

    def returns(self) -> tuple[float, ...]:
        return tuple(float(x) for x in self.inner.returns())

    def observation(self, seat: int | None) -> Observation:
        legal = self.legal_actions() if seat is not None and seat == self.current_player else []
        return Observation(seat, self.inner.observation(0 if seat is None else seat), legal)

    def clone(self) -> Any:
        g = type(self)(self.inner.clone())
        g.last_event = self.last_event
        return g

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game_name, "version": 0, "rules": None, "state": self.inner.to_dict()}

    @property
    def current_player(self) -> int | None:
        raise NotImplementedError

    def legal_actions(self) -> list[Any]:
        raise NotImplementedError


class YahtzeeGame(_Base):
    game_name = "yahtzee"

    @property
    def current_player(self) -> int | None:
        return None if self.is_terminal else int(self.inner.current_player)

    def legal_actions(self) -> list[Any]:
        return list(self.inner.legal_actions())

    def apply(self, a: Any) -> None:
        if self.is_terminal:
            raise PhaseError("the game is over")
        seat = int(self.inner.current_player)
        a = getattr(a, "id", a)
        self.inner.apply(a)
        act = yahtzee.parse_action(a) if isinstance(a, str) else yahtzee.action_from_id(int(a))
        self.last_event = Event(seat, act, str(act))


class FreeCellGame(_Base):
    game_name = "freecell"

    @property
    def current_player(self) -> int | None:
        return None if self.is_terminal else 0

    def legal_actions(self) -> list[Any]:
        return [_Action(i, str(m)) for i, m in zip(self.inner.legal_actions(), self.inner.legal_moves())]

    def apply(self, a: Any) -> None:
        if self.is_terminal:
            raise PhaseError("the game is over")
        legal = {str(x): x.id for x in self.legal_actions()}
        move = self.inner.apply(getattr(a, "id", a))
        self.last_event = Event(0, _Action(legal.get(str(move), -1), str(move)), str(move))


class RandomBot:
    """Picks a uniformly random legal action from its observation."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, observation: Observation) -> Any:
        return self.rng.choice(observation.legal)


@dataclass
class Info:
    name: str
    title: str
    min_players: int
    max_players: int
    make: Callable[..., Any]
    presets: dict[str, Callable[[], Any]] = field(default_factory=lambda: {"default": lambda: None})
    bots: dict[str, Callable[..., Any]] = field(default_factory=lambda: {"random": RandomBot})

    def new_game(self, *, players: int | None = None, preset: str | None = None, seed: int | None = None,
                 **options: Any) -> Any:
        del preset
        return self.make(players or self.min_players, seed or 0, **options)

    def bot(self, name: str, *, seed: int = 0, rules: Any = None) -> Any:
        del rules
        return self.bots[name](seed=seed)


def _yahtzee(players: int, seed: int) -> YahtzeeGame:
    return YahtzeeGame(yahtzee.Game(players=players, seed=seed))


def _freecell(players: int, seed: int, deal: int | None = None) -> FreeCellGame:
    del players, seed
    if deal is None:
        raise InvalidValueError("freecell takes a deal number")
    return FreeCellGame(freecell.Game(deal=deal))


class _Registry:
    def __init__(self) -> None:
        self._games = {
            "yahtzee": Info("yahtzee", "Yahtzee", 1, 8, _yahtzee),
            "freecell": Info("freecell", "FreeCell", 1, 1, _freecell),
        }

    def names(self) -> list[str]:
        return list(self._games)

    def get(self, name: str) -> Info:
        return self._games[name]

    def load(self, d: dict[str, Any]) -> Any:
        if d.get("game") == "yahtzee":
            return YahtzeeGame(yahtzee.Game.from_dict(d["state"]))
        if d.get("game") == "freecell":
            return FreeCellGame(freecell.Game.from_dict(d["state"]))
        raise StateFormatError("not a game envelope")


REGISTRY = _Registry()
