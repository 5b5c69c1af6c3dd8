"""Advice for a seat, computed by the game's own advice hook from that seat's observation only.

``GET /api/tables/{id}/advice`` answers with :func:`advise`: the registry's entry for the
table's game gives the advice (``GameInfo.advice``, each game's own module), from the
observation the seat already receives — so advice never tells a seat anything hidden,
and the server still knows no rule of any game.  The query's options go to the game's
advice only when given; an option the game's advice does not take is refused.

The constants and helpers of the games' advice modules are also found here, under
their own names or prefixed with the game's name in capitals (``<GAME>_<NAME>``), where
earlier releases kept them.
"""

from __future__ import annotations

import importlib
import inspect
from typing import Any

from parlour.server.games import Registry, RegistryEntry, default_registry

__all__ = ["advise", "advice_options"]


def advice_options(objectives: bool = False, target: int | None = None, ranking: bool | None = None) -> dict[str, Any]:
    """The options of an advice request that were given (``objectives`` true, a ``target``, ``ranking``)."""
    options: dict[str, Any] = {}
    if objectives:
        options["objectives"] = True
    if target is not None:
        options["target"] = target
    if ranking is not None:
        options["ranking"] = ranking
    return options


def advise(info: RegistryEntry, observation: Any, **options: Any) -> dict[str, Any]:
    """The advice of ``info``'s game for the seat whose ``observation`` this is (PhaseError for a game
    without advice, InvalidValueError for an option its advice does not take)."""
    return info.advise(observation, **options)


def _advice_modules(registry: Registry) -> list[tuple[str, Any]]:
    out = []
    for name in registry.names():
        fn = getattr(registry.get(name), "advice", None)
        if fn is None:
            continue
        target = getattr(fn, "target", None)  # a parlour.games.Lazy
        module = (
            target.partition(":")[0] if isinstance(target, str) else getattr(inspect.getmodule(fn), "__name__", None)
        )
        if module:
            out.append((name, importlib.import_module(module)))
    return out


def __getattr__(name: str) -> Any:
    """A name of a game's advice module (see the module docstring)."""
    if not name.startswith("__"):
        for game, module in _advice_modules(default_registry()):
            prefix = game.upper() + "_"
            if hasattr(module, name):
                return getattr(module, name)
            if name.startswith(prefix) and hasattr(module, name[len(prefix) :]):
                return getattr(module, name[len(prefix) :])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
