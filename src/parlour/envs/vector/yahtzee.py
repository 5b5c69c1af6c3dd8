"""Batched solitaire Yahtzee: :class:`YahtzeeVectorEnv`, N games stepped in C++."""

from __future__ import annotations

from typing import Final

import numpy as np
from gymnasium import spaces

from parlour._args import check_number
from parlour._core.envs import YahtzeeBatch
from parlour._core.yahtzee import OBSERVATION_SIZE
from parlour.envs.vector._base import BatchedVectorEnv, check_settings
from parlour.errors import WrongTypeError
from parlour.yahtzee import NUM_ACTIONS, Rules

__all__ = ["OBSERVATION_HIGH", "OBSERVATION_LOW", "YahtzeeVectorEnv"]

#: The bounds of each value of the flat observation (dice, rolls_left, filled, upper_total, yahtzee_50).
OBSERVATION_LOW: Final = np.array([1] * 5 + [0] * 16, dtype=np.int8)
OBSERVATION_HIGH: Final = np.array([6] * 5 + [2] + [1] * 13 + [63, 1], dtype=np.int8)


class YahtzeeVectorEnv(BatchedVectorEnv):
    """``num_envs`` games of solitaire Yahtzee stepped together in C++ (a Gymnasium ``VectorEnv``).

    The batched form of :class:`parlour.envs.yahtzee.YahtzeeEnv`: the same engine game,
    actions (``Discrete(223)`` per game), rewards and termination, one call for all games.

    * Observation: ``Dict(observation=Box(int8, (21,)), action_mask=Box(0, 1, (223,), int8))``
      per game, batched to ``(num_envs, ...)``; ``observation`` is the engine's flat encoding
      (``parlour.envs.yahtzee.OBS_SLICES``: dice ascending, rolls left, filled boxes, upper
      subtotal capped at 63, Yahtzee-50 flag).
    * Seeding: game i's episodes draw their dice seeds from a stream started by
      ``reset(seed=s)`` at ``s + i``; ``infos["game_seed"]`` is each game's current dice seed
      (``YahtzeeEnv`` replays it with ``options={"game_seed": ...}``);
      ``reset(options={"game_seeds": array})`` fixes the next episode of each game.
    * ``illegal_action``: ``"terminate"`` (default: the episode ends with reward
      ``illegal_reward``), ``"penalty"`` (the game is unchanged, reward ``illegal_reward``) or
      ``"raise"`` (IllegalActionError naming the game; nothing changes in any game);
      ``infos["illegal"]`` marks the games where it happened.
    * ``autoreset_mode``: ``"next_step"`` (Gymnasium's default: a finished game is reset on
      its next step, whose action is ignored) or ``"same_step"`` (reset at once, the last
      observation in ``infos["final_obs"]`` where ``infos["_final_obs"]``).
    * ``threads``: threads per step (0: one per core); batches under 512 games use one.
    * ``copy``: return copies (default, as Gymnasium's vector envs do) or read-only views of
      the batch's arrays, overwritten by the next step (faster).
    """

    def __init__(
        self,
        num_envs: int,
        *,
        rules: Rules | None = None,
        threads: int = 1,
        illegal_action: str = "terminate",
        illegal_reward: float = -1.0,
        autoreset_mode: str = "next_step",
        copy: bool = True,
    ) -> None:
        """A batch of ``num_envs`` games under ``rules`` (default ``Rules()``)."""
        n = check_settings(num_envs, illegal_action, autoreset_mode)
        if rules is not None and not isinstance(rules, Rules):
            raise WrongTypeError(f"rules must be a Rules, got {type(rules).__name__}")
        self.rules: Rules = rules or Rules()
        batch = YahtzeeBatch(
            n,
            rules=self.rules,
            threads=threads,
            illegal_action=illegal_action,
            illegal_reward=check_number(illegal_reward, "illegal_reward"),
            autoreset_mode=autoreset_mode,
        )
        self._setup(
            batch,
            observation=spaces.Box(OBSERVATION_LOW, OBSERVATION_HIGH, (OBSERVATION_SIZE,), np.int8),
            num_actions=NUM_ACTIONS,
            copy=copy,
            autoreset_mode=autoreset_mode,
            episode_key="game_seed",
            options=(),
        )

    @property
    def batch(self) -> YahtzeeBatch:
        """The C++ batch (its arrays, and ``game(i)`` for a copy of game i)."""
        return self._batch  # type: ignore[return-value]
