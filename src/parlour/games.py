"""The game registry: every game parlour plays, by name, with its rules presets and its bots.

The command line, the environments and the server read this one list; a new game is
added by registering a :class:`GameInfo` once (:func:`register`).

>>> from parlour import games
>>> games.names()
['gin', 'yahtzee', 'freecell']
>>> info = games.get("gin")
>>> info.title, list(info.presets)[:2], list(info.bots)[:3]
('Gin rummy', ['default', 'modern'], ['easy', 'normal', 'hard'])
>>> game = info.new_game(preset="modern", seed=3)
>>> game.num_players, game.current_player
(2, <Player.ONE: 0>)
>>> bot = info.bot("normal", seed=1)
>>> game.apply(bot.act(game.observation(game.current_player)))
>>> games.load(game.to_dict()) == game
True

Each game's snapshot names its kind in the envelope's ``"game"`` field; :func:`load`
rebuilds the right class from it (``"gin"``: a whole match, ``"gin.round"``: one hand).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from parlour.errors import InvalidValueError, StateFormatError, WrongTypeError, _shown

__all__ = ["GameInfo", "get", "load", "names", "register"]


@dataclass(frozen=True)
class GameInfo:
    """One game of the registry: how to make its games, its rules and its bots.

    ``presets`` maps a preset name to a function returning the rules (``"default"``
    first); ``bots`` maps a bot name to a factory taking ``seed=`` (and ``rules=``
    where the bot depends on them), weakest first; ``snapshots`` maps each snapshot kind
    of the envelope's ``"game"`` field to the class whose ``from_dict`` reads it.
    """

    name: str
    title: str
    game_class: type
    min_players: int
    max_players: int
    presets: Mapping[str, Callable[[], Any]]
    bots: Mapping[str, Callable[..., Any]]
    make: Callable[..., Any] = field(repr=False)
    snapshots: Mapping[str, type] = field(repr=False, default_factory=dict)

    def rules(self, preset: str | None = None) -> Any:
        """The rules of a preset (``None``: the default rules); InvalidValueError for an unknown name."""
        if preset is None:
            preset = "default"
        if not isinstance(preset, str):
            raise WrongTypeError(f"a preset is a name, got {type(preset).__name__} {_shown(preset)}")
        try:
            factory = self.presets[preset]
        except KeyError:
            raise InvalidValueError(
                f"{self.name} has no rules preset {_shown(preset)} (known: {', '.join(self.presets)})"
            ) from None
        return factory()

    def new_game(
        self,
        *,
        players: int | None = None,
        preset: str | None = None,
        rules: Any = None,
        seed: int = 0,
        **options: Any,
    ) -> Any:
        """A new game: ``players`` seats (default: the fewest), rules from ``rules`` or ``preset``, dealt from ``seed``.

        Game options: FreeCell takes ``deal=`` (a Microsoft deal number; default: drawn from the seed).
        """
        if rules is not None and preset is not None:
            raise WrongTypeError("give rules or a preset, not both")
        if players is None:
            players = self.min_players
        if isinstance(players, bool) or not isinstance(players, int):
            raise WrongTypeError(f"players must be an int, got {type(players).__name__} {_shown(players)}")
        if not self.min_players <= players <= self.max_players:
            span = (
                str(self.min_players)
                if self.min_players == self.max_players
                else f"{self.min_players}..{self.max_players}"
            )
            raise InvalidValueError(f"{self.title} is played by {span} player(s), got {players}")
        import inspect

        accepted = inspect.signature(self.make).parameters
        for option in options:
            if option not in accepted or option in ("players", "rules", "seed"):
                known = [p for p in accepted if p not in ("players", "rules", "seed")]
                raise WrongTypeError(
                    f"{self.title} has no game option {_shown(option)} (options: {', '.join(known) or 'none'})"
                )
        return self.make(players=players, rules=self.rules(preset) if rules is None else rules, seed=seed, **options)

    def bot(self, name: str, *, seed: int = 0, rules: Any = None) -> Any:
        """The bot named ``name`` (case-insensitive), seeded; InvalidValueError for an unknown name."""
        if not isinstance(name, str):
            raise WrongTypeError(f"a bot is named by a string, got {type(name).__name__} {_shown(name)}")
        key = name.strip().lower()
        if key not in self.bots:
            raise InvalidValueError(f"{self.name} has no bot named {_shown(name)} (known: {', '.join(self.bots)})")
        return self.bots[key](seed=seed, rules=rules)


_REGISTRY: dict[str, GameInfo] = {}
# The games that come with parlour: each module's GAME_INFO is registered on first use.
_BUILTIN: dict[str, str] = {
    "gin": "parlour.gin._info",
    "yahtzee": "parlour.yahtzee._info",
    "freecell": "parlour.freecell._info",
}


def register(info: GameInfo) -> GameInfo:
    """Add a game to the registry (InvalidValueError when its name is taken by another)."""
    if not isinstance(info, GameInfo):
        raise WrongTypeError(f"register() takes a GameInfo, got {type(info).__name__}")
    old = _REGISTRY.get(info.name)
    if old is not None and old is not info:
        raise InvalidValueError(f"a game named {_shown(info.name)} is already registered")
    _REGISTRY[info.name] = info
    return info


def _load_builtins() -> None:
    for name, module in _BUILTIN.items():
        if name not in _REGISTRY:
            register(importlib.import_module(module).GAME_INFO)


def names() -> list[str]:
    """The names of the registered games, parlour's own first."""
    _load_builtins()
    return list(_REGISTRY)


def get(name: str) -> GameInfo:
    """The game named ``name``; InvalidValueError for an unknown one."""
    _load_builtins()
    if not isinstance(name, str):
        raise WrongTypeError(f"a game is named by a string, got {type(name).__name__} {_shown(name)}")
    try:
        return _REGISTRY[name.strip().lower()]
    except KeyError:
        raise InvalidValueError(f"no game named {_shown(name)} (known: {', '.join(_REGISTRY)})") from None


def load(snapshot: Mapping[str, Any]) -> Any:
    """The game of a snapshot written by any registered game's ``to_dict()``.

    StateFormatError for anything else (the game's own loader then checks every field).
    """
    _load_builtins()
    if not isinstance(snapshot, Mapping):
        raise StateFormatError(f"a snapshot is a dict, got {type(snapshot).__name__}")
    kind = snapshot.get("game")
    for info in _REGISTRY.values():
        cls = info.snapshots.get(kind) if isinstance(kind, str) else None
        if cls is not None:
            return cls.from_dict(dict(snapshot))  # type: ignore[attr-defined]
    raise StateFormatError(f"not a snapshot of a known game: 'game' is {_shown(kind)}")
