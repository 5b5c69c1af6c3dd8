"""Batched environments stepped in C++ (the ``rl`` extra).

One C++ object holds N games and steps all of them in one call, reading the actions
from and writing observations, action masks, rewards, terminations and truncations into
preallocated NumPy arrays, with automatic resets and a seed stream per game, on one or
more threads with the GIL released.  The observations are the single environments'
encodings (``parlour._core.<game>.encode_observation``).

* :class:`YahtzeeVectorEnv` and :class:`FreeCellVectorEnv` — Gymnasium ``VectorEnv``\\ s,
  the batched forms of ``parlour/Yahtzee-v0`` and ``parlour/FreeCell-v0``;
* :class:`GinVectorEnv` — a Gymnasium ``VectorEnv`` of gin rummy hands against a computer
  player of the engine's registry, which moves inside C++;
* :class:`GinSelfPlayVectorEnv` — the same hands with both seats played by the caller.
"""

from __future__ import annotations

from parlour.envs.vector.freecell import FreeCellVectorEnv
from parlour.envs.vector.gin import GinSelfPlayVectorEnv, GinVectorEnv
from parlour.envs.vector.yahtzee import YahtzeeVectorEnv

__all__ = ["FreeCellVectorEnv", "GinSelfPlayVectorEnv", "GinVectorEnv", "YahtzeeVectorEnv"]
