"""Batched gin rummy: :class:`GinVectorEnv` (a Gymnasium ``VectorEnv`` against a bot
playing inside C++) and :class:`GinSelfPlayVectorEnv` (both seats yours)."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from parlour._args import check_number
from parlour._core.envs import GinBatch
from parlour._core.gin import NUM_ACTIONS, OBSERVATION_SHAPE, Round, Rules
from parlour.envs.vector._base import BatchedVectorEnv, Obs, check_settings
from parlour.errors import InvalidValueError, WrongTypeError, _shown

__all__ = ["GinSelfPlayVectorEnv", "GinVectorEnv"]

_PLANES = spaces.Box(0, 1, OBSERVATION_SHAPE, np.int8)


def _batch(
    num_envs: int,
    rules: Rules | None,
    opponent: str | None,
    seat: int | None,
    reward_scale: float,
    threads: int,
    illegal_action: str,
    illegal_reward: float,
    autoreset_mode: str,
) -> GinBatch:
    n = check_settings(num_envs, illegal_action, autoreset_mode)
    if rules is not None and not isinstance(rules, Rules):
        raise WrongTypeError(f"rules must be a parlour.gin.Rules, got {type(rules).__name__}")
    if seat is not None and seat not in (0, 1):
        raise InvalidValueError(
            f"seat must be 0 (Player.ONE), 1 (Player.TWO) or None (drawn each episode), got {_shown(seat)}"
        )
    return GinBatch(
        n,
        rules=rules or Rules(),
        opponent=opponent,
        seat=-1 if seat is None else int(seat),
        reward_scale=check_number(reward_scale, "reward_scale"),
        threads=threads,
        illegal_action=illegal_action,
        illegal_reward=check_number(illegal_reward, "illegal_reward"),
        autoreset_mode=autoreset_mode,
    )


class GinVectorEnv(BatchedVectorEnv):
    """``num_envs`` hands of gin rummy against a computer player, stepped in C++ (a Gymnasium ``VectorEnv``).

    Each game is one hand (a :class:`parlour.gin.Round`): the agent plays one seat, and
    the ``opponent`` — any policy of the engine's registry (``"random"``, ``"easy"``,
    ``"normal"``, ``"hard"``) — plays the other inside C++, so one ``step`` is one decision
    of the agent in every game, the opponent's replies included.

    * Observation: ``Dict(observation=Box(0, 1, (13, 52), int8), action_mask=Box(0, 1, (265,),
      int8))`` per game, the planes of :func:`parlour.envs.gin.encode_observation` from the
      agent's seat (PettingZoo ``GinEnv``'s observation space).
    * Actions: ``Discrete(265)`` per game, the engine's ids.
    * Reward: 0 until the hand ends, then ``reward_scale`` times the agent's zero-sum return
      (points won or lost under the rules; 0 for a dead hand).  No truncation.
    * ``seat``: the agent's seat, 0 (``Player.ONE``), 1, or None (drawn each episode);
      ``infos["seat"]`` tells.  A deal the opponent wins before the agent's first decision
      is dealt again.
    * Seeding: game i's deals (deal seed, dealer, seat) come from a stream started by
      ``reset(seed=s)`` at ``s + i``; ``infos["deal_seed"]``: ``Round.deal(rules, dealer,
      deal_seed)`` re-deals the hand; ``options={"deal_seeds": array}`` fixes the next ones.
    * ``illegal_action``, ``illegal_reward``, ``autoreset_mode``, ``threads`` and ``copy`` as
      in :class:`~parlour.envs.vector.YahtzeeVectorEnv`.
    """

    def __init__(
        self,
        num_envs: int,
        *,
        opponent: str = "easy",
        seat: int | None = None,
        rules: Rules | None = None,
        reward_scale: float = 1.0,
        threads: int = 1,
        illegal_action: str = "terminate",
        illegal_reward: float = -1.0,
        autoreset_mode: str = "next_step",
        copy: bool = True,
    ) -> None:
        """A batch of ``num_envs`` hands against ``opponent`` under ``rules`` (default ``Rules()``)."""
        if not isinstance(opponent, str):
            raise WrongTypeError(f"opponent must be a policy name, got {type(opponent).__name__}")
        batch = _batch(
            num_envs, rules, opponent, seat, reward_scale, threads, illegal_action, illegal_reward, autoreset_mode
        )
        self.rules: Rules = rules or Rules()
        self.opponent: str = opponent
        self.reward_scale: float = check_number(reward_scale, "reward_scale")
        self._setup(
            batch,
            observation=_PLANES,
            num_actions=NUM_ACTIONS,
            copy=copy,
            autoreset_mode=autoreset_mode,
            episode_key="deal_seed",
            options=(),
        )

    def _infos(self) -> dict[str, Any]:
        infos = super()._infos()
        infos["seat"] = self.batch.seats.copy()
        infos["_seat"] = infos["_deal_seed"]
        return infos

    @property
    def batch(self) -> GinBatch:
        """The C++ batch (its arrays, and ``round(i)`` for a copy of hand i)."""
        return self._batch  # type: ignore[return-value]


class GinSelfPlayVectorEnv:
    """``num_envs`` hands of gin rummy in which the caller plays both seats, stepped in C++.

    Two-player, so not a Gymnasium ``VectorEnv`` (rewards have a column per seat), but
    with the same calls: ``reset(seed=, options=)`` and ``step(actions)``.  Each row of the
    observation is the view of the seat to act (``infos["seat"]``, 0 for ``Player.ONE``, 1
    for ``Player.TWO``; once the hand is over, the seat that acted last), and its mask the
    legal actions of that seat; ``rewards`` has shape ``(num_envs, 2)``: ``reward_scale``
    times the zero-sum returns of both seats when the hand ends, else 0.  Everything
    else (seeding, ``illegal_action`` — the seat that chose it gets ``illegal_reward``, the
    other 0 —, ``autoreset_mode``, ``threads``, ``copy``) is as in :class:`GinVectorEnv`.
    """

    def __init__(
        self,
        num_envs: int,
        *,
        rules: Rules | None = None,
        reward_scale: float = 1.0,
        threads: int = 1,
        illegal_action: str = "terminate",
        illegal_reward: float = -1.0,
        autoreset_mode: str = "next_step",
        copy: bool = True,
    ) -> None:
        """A batch of ``num_envs`` self-play hands under ``rules`` (default ``Rules()``)."""
        self._env = _SelfPlay(
            _batch(num_envs, rules, None, None, reward_scale, threads, illegal_action, illegal_reward, autoreset_mode),
            copy=copy,
            autoreset_mode=autoreset_mode,
        )
        self.num_envs: int = self._env.num_envs
        self.rules: Rules = rules or Rules()
        self.reward_scale: float = check_number(reward_scale, "reward_scale")
        self.single_observation_space: spaces.Space[Any] = self._env.single_observation_space
        self.single_action_space: spaces.Space[Any] = self._env.single_action_space

    @property
    def batch(self) -> GinBatch:
        """The C++ batch (its arrays, ``seats``, and ``round(i)`` for a copy of hand i)."""
        return self._env.batch

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        """As :meth:`GinVectorEnv.reset`."""
        return self._env.reset(seed=seed, options=options)

    def step(
        self, actions: Any
    ) -> tuple[Obs, npt.NDArray[np.float64], npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]]:
        """Apply each hand's action for its seat to act; rewards have shape (num_envs, 2)."""
        return self._env.step(actions)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions of the seat to act in every hand, (num_envs, 265) bool (a copy)."""
        return self._env.action_masks()

    def round(self, index: int) -> Round:
        """A copy of hand ``index``'s Round (the referee's view)."""
        return self.batch.round(index)

    def close(self) -> None:
        """Nothing to release."""

    def __repr__(self) -> str:
        """GinSelfPlayVectorEnv(num_envs=N)."""
        return f"GinSelfPlayVectorEnv(num_envs={self.num_envs})"


class _SelfPlay(BatchedVectorEnv):
    """The machinery of GinSelfPlayVectorEnv (a VectorEnv in all but the reward shape)."""

    def __init__(self, batch: GinBatch, *, copy: bool, autoreset_mode: str) -> None:
        self._setup(
            batch,
            observation=_PLANES,
            num_actions=NUM_ACTIONS,
            copy=copy,
            autoreset_mode=autoreset_mode,
            episode_key="deal_seed",
            options=(),
        )

    @property
    def batch(self) -> GinBatch:
        return self._batch  # type: ignore[return-value]

    def _infos(self) -> dict[str, Any]:
        infos = super()._infos()
        infos["seat"] = self.batch.seats.copy()
        infos["_seat"] = infos["_deal_seed"]
        return infos
