"""What the batched environments share (private): seeding, reset options, the step
loop over one C++ batch, and the arrays it hands back."""

from __future__ import annotations

import numbers
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import VectorEnv
from gymnasium.vector.utils import batch_space
from gymnasium.vector.vector_env import AutoresetMode

from parlour._args import check_choice
from parlour.envs._common import options_dict
from parlour.errors import InvalidValueError, PhaseError, WrongTypeError, _shown, _wrong_type

Obs = dict[str, npt.NDArray[np.int8]]

_MODES = {"next_step": AutoresetMode.NEXT_STEP, "same_step": AutoresetMode.SAME_STEP}
_ILLEGAL = ("raise", "penalty", "terminate")


class Batch(Protocol):
    """The C++ batches of ``parlour._core.envs`` as the wrappers use them."""

    @property
    def num_envs(self) -> int: ...
    @property
    def observations(self) -> npt.NDArray[Any]: ...
    @property
    def action_masks(self) -> npt.NDArray[Any]: ...
    @property
    def rewards(self) -> npt.NDArray[Any]: ...
    @property
    def terminations(self) -> npt.NDArray[Any]: ...
    @property
    def truncations(self) -> npt.NDArray[Any]: ...
    @property
    def illegal(self) -> npt.NDArray[Any]: ...
    @property
    def final_observations(self) -> npt.NDArray[Any]: ...
    @property
    def has_final(self) -> npt.NDArray[Any]: ...
    @property
    def episodes(self) -> npt.NDArray[Any]: ...
    def reset(self, seeds: Any = None, reset_mask: Any = None, episodes: Any = None) -> None: ...
    def step(self, actions: Any) -> None: ...


def check_settings(num_envs: object, illegal_action: object, autoreset_mode: object) -> int:
    """num_envs as an int; InvalidValueError / WrongTypeError for bad values of the shared arguments."""
    if isinstance(num_envs, bool) or not isinstance(num_envs, numbers.Integral):
        raise WrongTypeError(f"num_envs must be an int, got {type(num_envs).__name__}")
    check_choice(illegal_action, "illegal_action", _ILLEGAL)
    check_choice(autoreset_mode, "autoreset_mode", _MODES)
    return int(num_envs)


def slot_seeds(seed: object, n: int) -> npt.NDArray[np.uint64]:
    """The per-game seeds of ``reset(seed=...)``: ``seed + i`` for an int (Gymnasium's
    convention), or one non-negative int per game."""
    if isinstance(seed, (numbers.Integral, np.integer)) and not isinstance(seed, bool):
        s = int(seed)
        if s < 0:
            raise InvalidValueError(f"seed must be >= 0, got {s}")
        return (np.arange(n, dtype=np.uint64) + np.uint64(s % 2**64)).astype(np.uint64)
    try:
        values = [int(v) for v in seed]  # type: ignore[attr-defined]
    except TypeError:
        raise WrongTypeError(f"seed must be an int or a sequence of {n} ints, got {type(seed).__name__}") from None
    if len(values) != n:
        raise InvalidValueError(f"seed must have {n} values (one per game), got {len(values)}")
    if any(v < 0 or v >= 2**64 for v in values):
        raise InvalidValueError("every seed must be in 0..2**64-1")
    return np.array(values, dtype=np.uint64)


class BatchedVectorEnv(VectorEnv):
    """A Gymnasium VectorEnv over one C++ batch (see parlour.envs.vector)."""

    _batch: Batch
    _episode_key: str

    def _setup(
        self,
        batch: Batch,
        *,
        observation: spaces.Box,
        num_actions: int,
        copy: bool,
        autoreset_mode: str,
        episode_key: str,
        options: tuple[str, ...],
    ) -> None:
        self._batch = batch
        self.num_envs = batch.num_envs
        self.copy = bool(copy)
        self._episode_key = episode_key
        self._options = ("reset_mask", episode_key + "s", *options)
        self.single_observation_space = spaces.Dict(
            {"observation": observation, "action_mask": spaces.Box(0, 1, (num_actions,), np.int8)}
        )
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.single_action_space = spaces.Discrete(num_actions)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self.metadata = {"autoreset_mode": _MODES[autoreset_mode], "render_modes": []}
        self.render_mode = None
        self.closed = False
        self._started = False

    # -- reading the batch
    def _obs(self, final: bool = False) -> Obs:
        b = self._batch
        obs = b.final_observations if final else b.observations
        if self.copy:
            return {"observation": obs.copy(), "action_mask": b.action_masks.copy()}
        return {"observation": obs, "action_mask": b.action_masks}

    def _infos(self) -> dict[str, Any]:
        b = self._batch
        every = np.ones(self.num_envs, dtype=np.bool_)
        infos: dict[str, Any] = {
            self._episode_key: b.episodes.copy(),
            "_" + self._episode_key: every,
            "illegal": b.illegal.copy(),
            "_illegal": every,
        }
        if self.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP and b.has_final.any():
            infos["final_obs"] = b.final_observations.copy()
            infos["_final_obs"] = b.has_final.copy()
        return infos

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions of every game now, (num_envs, num actions) bool (a copy)."""
        return self._batch.action_masks.astype(np.bool_)

    # -- the Gymnasium API
    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        """Start new episodes (all games, or those of ``options["reset_mask"]``).

        ``seed``: an int (game i's episode stream starts from ``seed + i``), one int per
        game, or None (the first reset draws fresh seeds from the operating system, later
        ones continue every game's stream).  ``options``: ``"reset_mask"`` (bool, one per
        game) resets only those games; the game-specific key (see the class) fixes the
        next episode of each game.
        """
        options = options_dict(options, type(self).__name__)
        unknown = sorted(set(options) - set(self._options))
        if unknown:
            raise InvalidValueError(
                f"unknown reset options {_shown(unknown)} (known: {', '.join(map(repr, self._options))})"
            )
        seeds: npt.NDArray[Any] | None
        if seed is not None:
            seeds = slot_seeds(seed, self.num_envs)
            self._np_random, self._np_random_seed = _np_random(int(seeds[0]))
        elif not self._started:
            seeds = np.random.SeedSequence().generate_state(self.num_envs, dtype=np.uint64)
        else:
            seeds = None
        mask = options.get("reset_mask")
        if mask is not None:
            mask = np.asarray(mask)
        episodes = options.get(self._episode_key + "s")
        self._batch.reset(seeds, mask, None if episodes is None else np.asarray(episodes))
        self._started = True
        return self._obs(), self._infos()

    def step(
        self, actions: Any
    ) -> tuple[Obs, npt.NDArray[np.float64], npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]]:
        """Apply one action id per game; returns observations, rewards, terminations, truncations, infos."""
        if not self._started:
            raise PhaseError("call reset() first")
        b = self._batch
        try:
            ids = np.asarray(actions)
        except (ValueError, TypeError, RecursionError) as e:  # ragged or too deep: not an array of ids
            raise _wrong_type("actions", f"an integer array of {self.num_envs} action ids", actions) from e
        b.step(ids)
        obs = self._obs()
        if self.copy:
            return obs, b.rewards.copy(), b.terminations.copy(), b.truncations.copy(), self._infos()
        return obs, b.rewards, b.terminations, b.truncations, self._infos()

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release (the C++ batch is freed with the object)."""


def _np_random(seed: int) -> tuple[np.random.Generator, Any]:
    from gymnasium.utils import seeding

    out: tuple[np.random.Generator, Any] = seeding.np_random(seed)
    return out
