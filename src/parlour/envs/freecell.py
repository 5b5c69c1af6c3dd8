"""FreeCell as a single-agent Gymnasium environment (``parlour/FreeCell-v0``).

:class:`FreeCellEnv` drives a :class:`parlour.freecell.Game` dealt from a Microsoft
deal number.  Importing this module registers it, so ``gymnasium.make("parlour/FreeCell-v0")``
works.  Observations are NumPy ``int8`` arrays with a card written as its dense index
plus one (``13*suit + rank``, suits CLUB 0, SPADE 1, HEART 2, DIAMOND 3) and 0 for
nothing; the legal actions are both in the observation (``"action_mask"``) and in
``info`` (a boolean array).
"""

from __future__ import annotations

import numbers
from typing import Any, Final, SupportsInt

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from parlour._core.freecell import encode_observation
from parlour.envs._common import (
    DEFAULT_ILLEGAL_ACTION,
    action_id,
    flat_observation,
    illegal_settings,
    int_option,
    reset_options,
    seed_value,
)
from parlour.errors import InvalidValueError, PhaseError
from parlour.freecell import NUM_ACTIONS, Game, GameState

__all__ = ["ENV_ID", "FreeCellEnv", "MAX_CASCADE", "MAX_DEAL", "OBS_SIZE", "split_observation"]

#: The id this module registers with Gymnasium.
ENV_ID: Final = "parlour/FreeCell-v0"

#: The rows of the ``"cascades"`` array.  A Microsoft deal puts at most 7 cards in a
#: cascade, and a card may only be put on a cascade below a card of the next rank in the
#: other colour, so the cards added above the dealt ones form one descending sequence of
#: at most 12 (Queen to Ace on a dealt King): no cascade of a game from a deal exceeds
#: 7 + 12 = 19 cards.
MAX_CASCADE: Final = 19

#: Without ``options={"deal": n}``, :meth:`FreeCellEnv.reset` draws the deal uniformly
#: from 1..MAX_DEAL (Windows' extended range of one million deals) with ``np_random``.
MAX_DEAL: Final = 1_000_000

#: The length of the engine's flat observation (``parlour._core.freecell.encode_observation``):
#: the cascades (8 x MAX_CASCADE), the free cells (4) and the foundation heights (4).
OBS_SIZE: Final = 160

FreeCellObs = dict[str, npt.NDArray[np.int8]]


def split_observation(flat: npt.NDArray[np.int8]) -> dict[str, npt.NDArray[np.int8]]:
    """The single environment's ``"cascades"`` (8, 19), ``"freecells"`` and ``"foundations"`` views of a flat observation."""
    flat = flat_observation(flat, OBS_SIZE)
    return {
        "cascades": flat[: 8 * MAX_CASCADE].reshape(8, MAX_CASCADE),
        "freecells": flat[8 * MAX_CASCADE : 8 * MAX_CASCADE + 4],
        "foundations": flat[8 * MAX_CASCADE + 4 :],
    }


class FreeCellEnv(gymnasium.Env[FreeCellObs, np.int64]):
    """A game of FreeCell from a Microsoft deal, one move per step.

    * Action space: ``Discrete(NUM_ACTIONS)`` (924), the ids of
      :class:`parlour.freecell.Game`: single-card moves ``src*13 + dst`` (src 0..7
      cascades, 8..11 free cells; dst 0..7 cascades, 8..11 free cells, 12 foundations)
      and sequence moves ``156 + (src*8 + dst)*12 + count - 2``.  A move is legal when the
      engine accepts it, and the mask marks exactly those moves (a card goes to the first
      empty free cell; no move goes from one free cell to another).
    * Illegal actions (``illegal_action=``): ``"terminate"`` (the default) ends the
      episode with reward ``illegal_reward`` (default -1.0) and the game as it was;
      ``"penalty"`` gives ``illegal_reward`` and changes nothing but the step count;
      ``"raise"`` raises :class:`parlour.freecell.IllegalMove` and changes nothing.
      ``info["illegal_action"]`` is True on such a step.  An id outside 0..923 raises
      :class:`parlour.errors.InvalidValueError` whatever the choice.
    * Observation space, a ``Dict`` of ``int8`` arrays: ``"cascades"`` (8, 19), each row
      a cascade bottom card first, card index + 1, 0 past the top; ``"freecells"`` (4,)
      likewise; ``"foundations"`` (4,) the height of each suit's pile (0..13) by suit;
      ``"action_mask"`` (924,) 1 at the legal action ids.
    * Reward: 1/52 for each card that reaches the foundations on the step (the engine
      makes no automatic moves, so only a move to the foundations scores); a won game's
      rewards sum to 1.
    * Termination: the game is solved or no move is legal (or an illegal action under
      ``"terminate"``).  Truncation: after ``max_steps`` steps.
    * ``info``: ``"deal"`` (the deal number), ``"action_mask"`` (NumPy bool) and
      ``"illegal_action"``.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(
        self,
        render_mode: str | None = None,
        max_steps: int = 1000,
        illegal_action: str = DEFAULT_ILLEGAL_ACTION,
        illegal_reward: float = -1.0,
    ) -> None:
        """An environment; ``render_mode`` ``"ansi"`` or None, ``max_steps`` the truncation
        length, ``illegal_action`` and ``illegal_reward`` what an illegal action does."""
        self.illegal_action, self.illegal_reward = illegal_settings(illegal_action, illegal_reward)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        if isinstance(max_steps, bool) or not isinstance(max_steps, numbers.Integral) or max_steps < 1:
            raise InvalidValueError(f"max_steps must be a positive int, got {max_steps!r}")
        self.render_mode = render_mode
        self.max_steps: int = int(max_steps)
        self.action_space: spaces.Space[np.int64] = spaces.Discrete(NUM_ACTIONS)
        self.observation_space: spaces.Space[FreeCellObs] = spaces.Dict(
            {
                "cascades": spaces.Box(0, 52, (8, MAX_CASCADE), np.int8),
                "freecells": spaces.Box(0, 52, (4,), np.int8),
                "foundations": spaces.Box(0, 13, (4,), np.int8),
                "action_mask": spaces.MultiBinary(NUM_ACTIONS),
            }
        )
        self._game: Game | None = None
        self._steps: int = 0
        self._done: bool = False
        self._mask: npt.NDArray[np.bool_] = np.zeros(NUM_ACTIONS, dtype=np.bool_)

    # -- the engine
    @property
    def game(self) -> Game:
        """The engine's game being played (read it, do not change it); PhaseError before reset()."""
        if self._game is None:
            raise PhaseError("the environment has no game yet: call reset() first")
        return self._game

    @property
    def steps(self) -> int:
        """The number of steps taken in this episode."""
        return self._steps

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now (NumPy bool, length NUM_ACTIONS): the method sb3-contrib's MaskablePPO calls."""
        return self._mask.copy()

    # -- encoding
    @staticmethod
    def encode(state: GameState) -> dict[str, npt.NDArray[np.int8]]:
        """The ``"cascades"``, ``"freecells"`` and ``"foundations"`` arrays of a position.

        Views (:func:`split_observation`) of the engine's flat encoding
        ``parlour._core.freecell.encode_observation`` (the batched environment's observation).
        """
        return split_observation(encode_observation(state))

    def _observation(self) -> FreeCellObs:
        obs = self.encode(self.game.state)
        obs["action_mask"] = self._mask.astype(np.int8)
        return obs

    def _info(self, illegal: bool = False) -> dict[str, Any]:
        return {"deal": self.game.deal, "action_mask": self._mask.copy(), "illegal_action": illegal}

    # -- the Gymnasium API
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[FreeCellObs, dict[str, Any]]:
        """Deal a new game: ``options={"deal": n}`` or a deal drawn from 1..MAX_DEAL with np_random."""
        super().reset(seed=seed_value(seed))
        deal = int_option(reset_options(options, ("deal",), "FreeCellEnv"), "deal")
        if deal is None:
            deal = int(self.np_random.integers(1, MAX_DEAL + 1))
        self._game = Game(deal=deal)
        self._steps = 0
        self._mask = self._game.legal_action_mask()
        self._done = bool(self._game.is_terminal)
        return self._observation(), self._info()

    def step(self, action: SupportsInt) -> tuple[FreeCellObs, float, bool, bool, dict[str, Any]]:
        """Make the move with this action id; an illegal one as ``illegal_action`` says."""
        game = self.game
        if self._done:
            raise PhaseError("the episode is over: call reset() to start another")
        move = action_id(action, "FreeCell")
        if not 0 <= move < NUM_ACTIONS:
            raise InvalidValueError(f"a FreeCell action id is 0..{NUM_ACTIONS - 1}, got {move}")
        if self.illegal_action != "raise" and not game.can_apply(move):
            self._steps += 1
            terminated = self.illegal_action == "terminate"
            truncated = self._steps >= self.max_steps
            self._done = terminated or truncated
            return self._observation(), self.illegal_reward, terminated, truncated, self._info(illegal=True)
        before = len(game.state.foundations)
        game.apply(move)  # raises IllegalMove / InvalidValueError before changing anything
        self._steps += 1
        reward = (len(game.state.foundations) - before) / 52
        self._mask = game.legal_action_mask()
        terminated = bool(game.is_terminal)
        truncated = self._steps >= self.max_steps
        self._done = terminated or truncated
        return self._observation(), reward, terminated, truncated, self._info()

    def render(self) -> str | None:
        """The position as text (``str(state)``) in ``"ansi"`` mode; None without a render mode."""
        if self.render_mode is None:
            return None
        return str(self.game.state)


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="parlour.envs.freecell:FreeCellEnv")
