"""Argument checks shared by the environments (private)."""

from __future__ import annotations

import numbers
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from parlour._args import check_choice
from parlour.errors import InvalidValueError, WrongTypeError, _shown, _wrong_type


def action_id(action: object, game: str) -> int:
    """An action id as an int: an int, a NumPy integer or a 0-d integer array; WrongTypeError otherwise.

    Whether the id is legal (or in range) is the engine's to say.
    """
    if isinstance(action, np.ndarray) and action.shape == () and np.issubdtype(action.dtype, np.integer):
        return int(action)
    if isinstance(action, bool) or not isinstance(action, numbers.Integral):
        raise WrongTypeError(f"a {game} action is an int id, got {type(action).__name__} {_shown(action)}")
    return int(action)


def flat_observation(flat: object, size: int) -> npt.NDArray[np.int8]:
    """One flat observation checked: a NumPy array of shape ``(size,)`` (WrongTypeError /
    InvalidValueError otherwise)."""
    if not isinstance(flat, np.ndarray):
        raise WrongTypeError(f"a flat observation is a NumPy array, got {type(flat).__name__}")
    if flat.shape != (size,):
        raise InvalidValueError(f"a flat observation has shape ({size},), got {flat.shape}")
    return flat


def seed_value(seed: object) -> int | None:
    """The ``seed`` of ``reset(seed=...)`` checked: None, or a non-negative int (WrongTypeError /
    InvalidValueError otherwise, before Gymnasium's own seeding sees it)."""
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, (numbers.Integral, np.integer)):
        raise WrongTypeError(f"seed must be an int or None, got {type(seed).__name__}")
    if int(seed) < 0:
        raise InvalidValueError(f"seed must be >= 0, got {int(seed)}")
    return int(seed)


def options_dict(options: object, env: str) -> dict[str, Any]:
    """A copy of reset's ``options`` (None: empty); WrongTypeError unless a mapping with str keys."""
    if options is None:
        return {}
    if not isinstance(options, Mapping) or not all(isinstance(k, str) for k in options):
        raise _wrong_type(f"{env}.reset(options=...)", "a dict of named options or None", options)
    return dict(options)


def reset_options(options: dict[str, Any] | None, allowed: tuple[str, ...], env: str) -> dict[str, Any]:
    """A copy of ``options``; InvalidValueError naming any key outside ``allowed``."""
    out = options_dict(options, env)
    unknown = sorted(set(out) - set(allowed))
    if unknown:
        raise InvalidValueError(
            f"unknown reset options {_shown(unknown)} ({env} takes {', '.join(map(repr, allowed))})"
        )
    return out


def int_option(options: dict[str, Any], key: str) -> int | None:
    """``options[key]`` as an int (None when absent or None); WrongTypeError for a non-integer."""
    value = options.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise WrongTypeError(f"options[{_shown(key)}] must be an int, got {type(value).__name__}")
    return int(value)


#: The ``illegal_action=`` choices of every environment: ``"raise"`` the engine's error
#: (nothing changes), ``"penalty"`` reward ``illegal_reward`` with the game unchanged,
#: ``"terminate"`` end the episode with reward ``illegal_reward``.
ILLEGAL_ACTIONS: tuple[str, ...] = ("raise", "penalty", "terminate")

#: The default: ``"terminate"``, so that an agent that samples from the whole action space
#: (Gymnasium's ``check_env``, an unmasked learner) always ends its episodes.
DEFAULT_ILLEGAL_ACTION = "terminate"


def illegal_settings(mode: object, reward: object) -> tuple[str, float]:
    """``(illegal_action, illegal_reward)`` checked: InvalidValueError / WrongTypeError otherwise."""
    check_choice(mode, "illegal_action", ILLEGAL_ACTIONS)
    if isinstance(reward, bool) or not isinstance(reward, numbers.Real):
        raise WrongTypeError(f"illegal_reward must be a number, got {type(reward).__name__}")
    return str(mode), float(reward)
