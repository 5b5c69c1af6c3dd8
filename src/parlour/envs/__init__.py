"""Reinforcement-learning adapters (the ``rl`` extra: ``pip install 'parlour[rl]'``).

* :class:`~parlour.envs.freecell.FreeCellEnv` and
  :class:`~parlour.envs.yahtzee.YahtzeeEnv` — single-agent `Gymnasium
  <https://gymnasium.farama.org>`_ environments, registered as ``parlour/FreeCell-v0``
  and ``parlour/Yahtzee-v0`` when their module is imported (``gymnasium.make`` then
  works);
* :class:`~parlour.envs.gin.GinEnv` — a two-player `PettingZoo
  <https://pettingzoo.farama.org>`_ AEC environment for one hand of gin rummy
  (:func:`~parlour.envs.gin.env` wraps it in PettingZoo's usual wrappers);
* :class:`~parlour.envs.game.GameEnv` — one seat of any game of the registry
  (:mod:`parlour.games`) as a Gymnasium environment, through the game protocol alone
  (``parlour/Game-v0``), the other seats played by the game's bots.

Every environment takes its seed through ``reset(seed=...)``, is deterministic for a
seed, and exposes the legal actions as a boolean ``action_mask`` (in the observation
for PettingZoo, in ``info`` and the observation for Gymnasium).  Importing
``parlour.envs`` costs nothing: Gymnasium and PettingZoo are imported when an
environment is first asked for.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["FreeCellEnv", "GameEnv", "GinEnv", "YahtzeeEnv"]

_WHERE = {"FreeCellEnv": "freecell", "YahtzeeEnv": "yahtzee", "GinEnv": "gin", "GameEnv": "game"}


def __getattr__(name: str) -> Any:
    """Import an environment's module (and so Gymnasium or PettingZoo) on first use."""
    if name in _WHERE:
        return getattr(importlib.import_module(f"parlour.envs.{_WHERE[name]}"), name)
    raise AttributeError(f"module 'parlour.envs' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(__all__)
