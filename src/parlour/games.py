"""The game registry: every game parlour plays, by name, with its rules presets, its bots and its hooks.

The command line, the environments, the server and the long runs read this one list; a
new game is added by registering a :class:`GameInfo` once (:func:`register`).  Besides
making games and bots, a game's entry gives the layers above it what they need of it:
its advice for a seat (``advice``, which the server's advice route calls), its long runs
(``runs``: :class:`LongRun`, which :mod:`parlour.distributed` drives), and its command
line (``cli`` and ``demo``, which the ``parlour`` command calls).  Those layers never
name a game; they iterate the registry.

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
import inspect
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from parlour.errors import InvalidValueError, PhaseError, StateFormatError, WrongTypeError

__all__ = ["GameInfo", "Lazy", "LongRun", "RunPlan", "get", "load", "names", "register", "unregister"]


class Lazy:
    """A function named by ``"module:name"``, imported on its first call.

    Hooks of a :class:`GameInfo` are often Lazy, so that reading the registry imports
    neither the command line's nor the server's modules of every game.

    >>> Lazy("math:hypot")(3, 4)
    5.0
    """

    __slots__ = ("_fn", "target")

    def __init__(self, target: str) -> None:
        """The function ``name`` of module ``module``, given as ``"module:name"``."""
        if not isinstance(target, str) or target.count(":") != 1:
            raise WrongTypeError(f"a lazy function is named 'module:name', got {target!r}")
        self.target = target
        self._fn: Callable[..., Any] | None = None

    def resolve(self) -> Callable[..., Any]:
        """The function itself (imported now if it was not yet)."""
        if self._fn is None:
            module, _, name = self.target.partition(":")
            fn = getattr(importlib.import_module(module), name)
            if not callable(fn):
                raise WrongTypeError(f"{self.target} is not callable")
            self._fn = fn
        return self._fn

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        """Call the function."""
        return self.resolve()(*args, **kwargs)

    def __repr__(self) -> str:
        """``Lazy('module:name')``."""
        return f"Lazy({self.target!r})"

    def __eq__(self, other: object) -> bool:
        """Equal to a Lazy of the same target."""
        return isinstance(other, Lazy) and other.target == self.target

    def __hash__(self) -> int:
        """The hash of the target."""
        return hash(self.target)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles as its target."""
        return (Lazy, (self.target,))


def _resolved(fn: Callable[..., Any]) -> Callable[..., Any]:
    return fn.resolve() if isinstance(fn, Lazy) else fn


@dataclass(frozen=True)
class RunPlan:
    """What one long run does: the parameters its result store records, its chunks, and the rows of each.

    ``parameters`` are JSON values (a run resumed on the same store must have the same);
    ``chunks[i]`` are the arguments of chunk ``i``'s task (the task is called as
    ``task(*chunks[i], jobs)``); ``chunk_rows[i]`` is the number of rows chunk ``i`` gives.
    """

    parameters: Mapping[str, Any]
    chunks: Sequence[tuple[Any, ...]]
    chunk_rows: Sequence[int]


@dataclass(frozen=True)
class LongRun:
    """One kind of long run of a game, as :mod:`parlour.distributed` drives it.

    - ``kind``: the result store's kind, ``"<game>.<run>"`` (``"freecell.survey"``);
    - ``what``: what one row is, in the plural, for progress and messages (``"deals"``);
    - ``chunk_size``: the items of a chunk by default (about a second of one core's work);
    - ``plan(chunk_size=N, **options)``: the :class:`RunPlan` of a run with these options;
    - ``task(*chunk, jobs)``: the work of one chunk, on ``jobs`` engine threads; a
      module-level function (executors pickle it by reference) whose module imports no
      more than NumPy and the engine (workers import it);
    - ``rows(chunk, result)``: the rows of one chunk's result, a ``pyarrow.Table`` (the
      run's result schema); called where the results are collected.
    """

    kind: str
    what: str
    chunk_size: int
    plan: Callable[..., RunPlan] = field(repr=False)
    task: Callable[..., Any] = field(repr=False)
    rows: Callable[[tuple[Any, ...], Any], Any] = field(repr=False)


@dataclass(frozen=True)
class GameInfo:
    """One game of the registry: how to make its games, its rules and its bots, and its hooks.

    ``presets`` maps a preset name to a function returning the rules (``"default"``
    first); ``bots`` maps a bot name to a factory taking ``seed=`` (and ``rules=``
    where the bot depends on them), weakest first; ``snapshots`` maps each snapshot kind
    of the envelope's ``"game"`` field to the class whose ``from_dict`` reads it.

    The hooks (each optional; a :class:`Lazy` imports its module on first use):

    - ``advice(observation, **options)``: a JSON-ready dict of advice for the seat whose
      observation it is, computed from that observation only (:meth:`advise` checks the
      options against the function's keyword parameters);
    - ``review(start, actions, seat, hand)``: a JSON-ready review of ``seat``'s decisions in
      hand ``hand`` of the game played from ``start`` (a new game) by ``actions`` (ids),
      from that seat's observations only (:meth:`review_hand`);
    - ``runs``: the game's long runs by name (:class:`LongRun`);
    - ``cli(subparsers)``: adds the ``parlour <game>`` command to the ``parlour``
      command's subparsers; ``demo(out)``: the game's part of ``parlour demo``.
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
    advice: Callable[..., Mapping[str, Any]] | None = field(repr=False, default=None)
    runs: Mapping[str, LongRun] = field(repr=False, default_factory=dict)
    cli: Callable[[Any], object] | None = field(repr=False, default=None)
    demo: Callable[[TextIO], object] | None = field(repr=False, default=None)
    review: Callable[..., Mapping[str, Any]] | None = field(repr=False, default=None)

    def rules(self, preset: str | None = None) -> Any:
        """The rules of a preset (``None``: the default rules); InvalidValueError for an unknown name."""
        if preset is None:
            preset = "default"
        if not isinstance(preset, str):
            raise WrongTypeError(f"a preset is a name, got {type(preset).__name__} {preset!r}")
        try:
            factory = self.presets[preset]
        except KeyError:
            raise InvalidValueError(
                f"{self.name} has no rules preset {preset!r} (known: {', '.join(self.presets)})"
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
            raise WrongTypeError(f"players must be an int, got {type(players).__name__} {players!r}")
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
                    f"{self.title} has no game option {option!r} (options: {', '.join(known) or 'none'})"
                )
        return self.make(players=players, rules=self.rules(preset) if rules is None else rules, seed=seed, **options)

    def bot(self, name: str, *, seed: int = 0, rules: Any = None) -> Any:
        """The bot named ``name`` (case-insensitive), seeded; InvalidValueError for an unknown name."""
        if not isinstance(name, str):
            raise WrongTypeError(f"a bot is named by a string, got {type(name).__name__} {name!r}")
        key = name.strip().lower()
        if key not in self.bots:
            raise InvalidValueError(f"{self.name} has no bot named {name!r} (known: {', '.join(self.bots)})")
        return self.bots[key](seed=seed, rules=rules)

    def advice_options(self) -> tuple[str, ...]:
        """The options the game's advice takes (its keyword parameters); () without advice."""
        if self.advice is None:
            return ()
        params = list(inspect.signature(_resolved(self.advice)).parameters.values())[1:]
        return tuple(p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY))

    def advise(self, observation: Any, **options: Any) -> dict[str, Any]:
        """The game's advice for the seat whose ``observation`` this is.

        PhaseError for a game without advice; WrongTypeError for anything but an
        observation of this game; InvalidValueError for an option its advice does not take.
        """
        if self.advice is None:
            raise PhaseError(f"there is no advice for {self.name}")
        to_dict = getattr(observation, "to_dict", None)
        seen = to_dict().get("game") if callable(to_dict) and hasattr(observation, "seat") else None
        game_name = getattr(self.game_class, "game_name", self.name)
        if seen != game_name:
            raise WrongTypeError(
                f"the {self.title} advice takes an observation of a {self.title} game, got {type(observation).__name__}"
            )
        known = self.advice_options()
        for option in options:
            if option not in known:
                raise InvalidValueError(
                    f"{option} is not an option of the {self.title} advice (its options: {', '.join(known) or 'none'})"
                )
        return dict(self.advice(observation, **options))

    def review_hand(self, start: Any, actions: Sequence[int], seat: int, hand: int) -> dict[str, Any]:
        """The game's review of ``seat``'s decisions in hand ``hand`` of the game played from
        ``start`` by ``actions``; PhaseError for a game without reviews."""
        if self.review is None:
            raise PhaseError(f"there is no review for {self.name}")
        return dict(self.review(start, list(actions), seat, hand))

    def run(self, name: str) -> LongRun:
        """The long run called ``name``; InvalidValueError for an unknown one."""
        if not isinstance(name, str):
            raise WrongTypeError(f"a long run is named by a string, got {type(name).__name__} {name!r}")
        try:
            return self.runs[name]
        except KeyError:
            raise InvalidValueError(
                f"{self.name} has no long run {name!r} (known: {', '.join(self.runs) or 'none'})"
            ) from None


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
    if info.name not in _BUILTIN:
        _load_builtins()  # parlour's own games stay first
    old = _REGISTRY.get(info.name)
    if old is not None and old is not info:
        raise InvalidValueError(f"a game named {info.name!r} is already registered")
    _REGISTRY[info.name] = info
    return info


def unregister(name: str) -> None:
    """Remove a game added with :func:`register` (InvalidValueError for parlour's own games or an unknown name)."""
    if not isinstance(name, str):
        raise WrongTypeError(f"a game is named by a string, got {type(name).__name__} {name!r}")
    if name in _BUILTIN:
        raise InvalidValueError(f"{name!r} is one of parlour's own games and stays registered")
    if _REGISTRY.pop(name, None) is None:
        raise InvalidValueError(f"no game named {name!r} is registered")


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
        raise WrongTypeError(f"a game is named by a string, got {type(name).__name__} {name!r}")
    try:
        return _REGISTRY[name.strip().lower()]
    except KeyError:
        raise InvalidValueError(f"no game named {name!r} (known: {', '.join(_REGISTRY)})") from None


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
    raise StateFormatError(f"not a snapshot of a known game: 'game' is {kind!r}")
