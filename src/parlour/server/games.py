"""The server's one way to reach the games: the game registry and the game protocol.

The server knows no rule of any game, and names none.  It creates games with
``registry.get(name).new_game(...)``, rebuilds them from their snapshot envelope with
``registry.load(d)``, asks for advice with ``registry.get(name).advise(observation)``,
and drives them through the members every game shares (``current_player``,
``legal_actions()``, ``apply()``, ``last_event``, ``observation(seat)``, ``returns()``,
``to_dict()``).  The registry is :mod:`parlour.games`; :func:`default_registry` imports
it.  :class:`Registry` and :class:`RegistryEntry` say what the server reads of it (a
test or another frontend may pass its own).
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

__all__ = [
    "Registry",
    "RegistryEntry",
    "action_list",
    "default_registry",
    "describe",
    "observation_text",
    "snapshot_text",
]


class RegistryEntry(Protocol):
    """What the server reads of one game of the registry (:class:`parlour.games.GameInfo` is one)."""

    name: str
    title: str
    min_players: int
    max_players: int
    presets: Mapping[str, Callable[[], Any]]
    bots: Mapping[str, Callable[..., Any]]

    def new_game(
        self, *, players: int | None = None, preset: str | None = None, seed: int | None = None, **options: Any
    ) -> Any:
        """A new game."""

    def bot(self, name: str, *, seed: int = 0, rules: Any = None) -> Any:
        """A new bot of this game."""

    def advise(self, observation: Any, **options: Any) -> dict[str, Any]:
        """Advice for the seat whose observation this is (PhaseError for a game without advice)."""

    def review_hand(self, start: Any, actions: Sequence[int], seat: int, hand: int) -> dict[str, Any]:
        """A review of a seat's decisions in one hand (PhaseError for a game without reviews)."""


class Registry(Protocol):
    """The game registry: names, per-game information, and loading a snapshot envelope."""

    def names(self) -> list[str]:
        """The registered games' names."""

    def get(self, name: str) -> RegistryEntry:
        """The information of one game; raises for an unknown name."""

    def load(self, d: dict[str, Any]) -> Any:
        """A game rebuilt from its snapshot envelope."""


def default_registry() -> Registry:
    """The library's game registry, :mod:`parlour.games`."""
    mod: Any = importlib.import_module("parlour.games")
    reg: Registry = mod
    return reg


def describe(info: RegistryEntry) -> dict[str, Any]:
    """A JSON-ready description of one game for ``GET /api/games``."""
    return {
        "name": info.name,
        "title": info.title,
        "min_players": info.min_players,
        "max_players": info.max_players,
        "presets": list(info.presets),
        "bots": list(info.bots),
    }


def snapshot_text(game: Any) -> str:
    """The game's snapshot envelope as JSON text: ``to_json()`` (made by the engine, without
    Python objects) when the game has it, else its ``to_dict()`` encoded."""
    to_json = getattr(game, "to_json", None)
    if to_json is not None:
        return str(to_json())
    return json.dumps(game.to_dict(), separators=(",", ":"))


def observation_text(game: Any, seat: int | None) -> str:
    """What ``seat`` may see (None: a spectator) as JSON text, as :func:`snapshot_text`."""
    obs = game.observation(seat)
    to_json = getattr(obs, "to_json", None)
    if to_json is not None:
        return str(to_json())
    return json.dumps(obs.to_dict(), separators=(",", ":"))


def action_list(game: Any) -> list[dict[str, Any]]:
    """The legal actions of ``game`` as ``[{"id": .., "text": ..}]``."""
    return [{"id": int(a.id), "text": str(a)} for a in game.legal_actions()]
