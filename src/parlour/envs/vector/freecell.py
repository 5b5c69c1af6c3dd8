"""Batched FreeCell: :class:`FreeCellVectorEnv`, N games stepped in C++."""

from __future__ import annotations

from typing import Final

import numpy as np
from gymnasium import spaces

from parlour._args import check_number
from parlour._core.envs import FreeCellBatch
from parlour._core.freecell import MAX_CASCADE, OBSERVATION_SIZE
from parlour.envs.vector._base import BatchedVectorEnv, check_settings
from parlour.freecell import NUM_ACTIONS

__all__ = ["OBSERVATION_HIGH", "FreeCellVectorEnv"]

#: The upper bound of each value of the flat observation (a card index + 1, or a foundation height).
OBSERVATION_HIGH: Final = np.array([52] * (8 * MAX_CASCADE + 4) + [13] * 4, dtype=np.int8)


class FreeCellVectorEnv(BatchedVectorEnv):
    """``num_envs`` games of FreeCell stepped together in C++ (a Gymnasium ``VectorEnv``).

    The batched form of :class:`parlour.envs.freecell.FreeCellEnv`: Microsoft deals drawn
    from 1..``max_deal``, actions ``Discrete(924)`` per game (legal when the engine accepts
    the move, as in the single environment), 1/52 per card put on the foundations,
    terminated when solved or stuck, truncated after ``max_steps`` steps.

    * Observation: ``Dict(observation=Box(int8, (160,)), action_mask=Box(0, 1, (924,), int8))``
      per game; ``observation`` is the engine's flat encoding (cascades 8 x 19 bottom first,
      free cells, foundation heights; ``parlour.envs.freecell.split_observation`` cuts a row
      into the single environment's arrays).
    * Seeding: game i's deals come from a stream started by ``reset(seed=s)`` at ``s + i``;
      ``infos["deal"]`` is each game's current deal; ``reset(options={"deals": array})``
      fixes the next deal of each game.
    * ``illegal_action``, ``illegal_reward``, ``autoreset_mode``, ``threads`` and ``copy`` as
      in :class:`~parlour.envs.vector.YahtzeeVectorEnv` (an illegal action under
      ``"penalty"`` counts towards ``max_steps``).
    """

    def __init__(
        self,
        num_envs: int,
        *,
        max_steps: int = 1000,
        max_deal: int = 1_000_000,
        threads: int = 1,
        illegal_action: str = "terminate",
        illegal_reward: float = -1.0,
        autoreset_mode: str = "next_step",
        copy: bool = True,
    ) -> None:
        """A batch of ``num_envs`` games, deals from 1..``max_deal``, ``max_steps`` steps an episode at most."""
        n = check_settings(num_envs, illegal_action, autoreset_mode)
        batch = FreeCellBatch(
            n,
            max_steps=max_steps,
            max_deal=max_deal,
            threads=threads,
            illegal_action=illegal_action,
            illegal_reward=check_number(illegal_reward, "illegal_reward"),
            autoreset_mode=autoreset_mode,
        )
        self.max_steps: int = int(max_steps)
        self.max_deal: int = int(max_deal)
        self._setup(
            batch,
            observation=spaces.Box(np.zeros(OBSERVATION_SIZE, np.int8), OBSERVATION_HIGH, (OBSERVATION_SIZE,), np.int8),
            num_actions=NUM_ACTIONS,
            copy=copy,
            autoreset_mode=autoreset_mode,
            episode_key="deal",
            options=(),
        )

    @property
    def batch(self) -> FreeCellBatch:
        """The C++ batch (its arrays, ``state(i)`` and ``steps(i)``)."""
        return self._batch  # type: ignore[return-value]
