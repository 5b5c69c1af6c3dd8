"""Solitaire Yahtzee as a single-agent Gymnasium environment (``parlour/Yahtzee-v0``).

:class:`YahtzeeEnv` drives a one-player :class:`parlour.yahtzee.Game` whose dice come
from the engine's own generator (auto-rolled), seeded from the environment's
``np_random``.  Importing this module registers it, so
``gymnasium.make("parlour/Yahtzee-v0")`` works.  The observation is what the engine's
:class:`~parlour.yahtzee.State` says matters for play, plus the dice, the rolls left
and the legal actions.
"""

from __future__ import annotations

from typing import Any, Final, SupportsInt, cast

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from parlour._args import check_choice
from parlour._core.yahtzee import encode_observation
from parlour.envs._common import (
    DEFAULT_ILLEGAL_ACTION,
    action_id,
    flat_observation,
    illegal_settings,
    int_option,
    reset_options,
    seed_value,
)
from parlour.errors import InvalidValueError, PhaseError, WrongTypeError
from parlour.yahtzee import NUM_ACTIONS, Dice, Game, Rules, State

__all__ = ["ENV_ID", "MAX_GAME_SEED", "OBS_SIZE", "OBS_SLICES", "YahtzeeEnv", "split_observation"]

#: The id this module registers with Gymnasium.
ENV_ID: Final = "parlour/Yahtzee-v0"

#: Without ``options={"game_seed": s}``, :meth:`YahtzeeEnv.reset` draws the engine's seed
#: uniformly from 0..MAX_GAME_SEED - 1 with ``np_random``.
MAX_GAME_SEED: Final = 2**63

#: The engine's flat observation (``parlour._core.yahtzee.encode_observation``, shape
#: (OBS_SIZE,) int8) by entry: the single environment's ``Dict`` entries are these slices
#: (``"rolls_left"`` and ``"yahtzee_50"`` as ints), the batched environment's rows are the
#: whole vector.
OBS_SLICES: Final = {
    "dice": slice(0, 5),
    "rolls_left": slice(5, 6),
    "filled": slice(6, 19),
    "upper_total": slice(19, 20),
    "yahtzee_50": slice(20, 21),
}

#: The length of the flat observation.
OBS_SIZE: Final = 21

YahtzeeObs = dict[str, npt.NDArray[np.int8] | int]


def split_observation(flat: npt.NDArray[np.int8]) -> YahtzeeObs:
    """The single environment's ``Dict`` entries (``"action_mask"`` aside) of one flat observation."""
    flat = flat_observation(flat, OBS_SIZE)
    return {
        "dice": flat[0:5],
        "rolls_left": int(flat[5]),
        "filled": flat[6:19],
        "upper_total": flat[19:20],
        "yahtzee_50": int(flat[20]),
    }


class YahtzeeEnv(gymnasium.Env[YahtzeeObs, np.int64]):
    """One player's game of solitaire Yahtzee (13 turns), one decision per step.

    * Action space: ``Discrete(223)``, the engine's ids: ``Score(c)`` is ``c`` (0..12, card
      order ACES .. CHANCE) and ``Reroll(keep)`` is ``13 + keep.index`` (13..222).  The dice
      are rolled by the engine: every step is a decision.
    * Illegal actions (``illegal_action=``): ``"terminate"`` (the default) ends the
      episode with reward ``illegal_reward`` (default -1.0) and the game as it was;
      ``"penalty"`` gives ``illegal_reward`` and changes nothing (the episode goes on);
      ``"raise"`` raises :class:`parlour.errors.IllegalActionError` and changes nothing.
      ``info["illegal_action"]`` is True on such a step.  An id outside 0..222 raises
      :class:`parlour.errors.InvalidValueError` whatever the choice.
    * Observation space, a ``Dict``: ``"dice"`` (5,) ``int8`` faces 1..6 ascending (at the
      end of the game, the dice last scored); ``"rolls_left"`` ``Discrete(3)`` (2 after the
      first roll of a turn, 0 after the third and at the end); ``"filled"``
      ``MultiBinary(13)`` the filled boxes in card order; ``"upper_total"`` ``int8`` (1,)
      the upper-section subtotal capped at 63 as :class:`~parlour.yahtzee.State` keeps
      it; ``"yahtzee_50"`` ``Discrete(2)`` whether the Yahtzee box holds 50;
      ``"action_mask"`` ``MultiBinary(223)``.
    * Reward: the points the action adds to the total as the engine counts them (the box
      value, the 35 upper bonus on the write that reaches 63, a 100 Yahtzee bonus; 0 for a
      reroll): an episode's rewards sum to the final score.
    * Termination: after the 13th box is filled (or an illegal action under
      ``"terminate"``).  No truncation (an episode is 13 to 39 legal steps).
    * ``info``: ``"game_seed"`` (the engine's seed), ``"score"`` (the total so far),
      ``"action_mask"`` (NumPy bool) and ``"illegal_action"``.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(
        self,
        render_mode: str | None = None,
        rules: Rules | None = None,
        illegal_action: str = DEFAULT_ILLEGAL_ACTION,
        illegal_reward: float = -1.0,
    ) -> None:
        """An environment; ``render_mode`` ``"ansi"`` or None, ``rules`` the variant (default
        Rules()), ``illegal_action`` and ``illegal_reward`` what an illegal action does."""
        self.illegal_action, self.illegal_reward = illegal_settings(illegal_action, illegal_reward)
        check_choice(render_mode, "render_mode", [None, *self.metadata["render_modes"]])
        if rules is None:
            rules = Rules()
        elif not isinstance(rules, Rules):
            raise WrongTypeError(f"rules must be a Rules, got {type(rules).__name__}")
        self.render_mode = render_mode
        self.rules: Rules = rules
        self.action_space: spaces.Space[np.int64] = spaces.Discrete(NUM_ACTIONS)
        self.observation_space: spaces.Space[YahtzeeObs] = cast(
            "spaces.Space[YahtzeeObs]",
            spaces.Dict(
                {
                    "dice": spaces.Box(1, 6, (5,), np.int8),
                    "rolls_left": spaces.Discrete(3),
                    "filled": spaces.MultiBinary(13),
                    "upper_total": spaces.Box(0, 63, (1,), np.int8),
                    "yahtzee_50": spaces.Discrete(2),
                    "action_mask": spaces.MultiBinary(NUM_ACTIONS),
                }
            ),
        )
        self._game: Game | None = None
        self._done: bool = False
        self._game_seed: int = 0
        self._dice: Dice = Dice("11111")
        self._mask: npt.NDArray[np.bool_] = np.zeros(NUM_ACTIONS, dtype=np.bool_)
        self._score: float = 0.0

    # -- the engine
    @property
    def game(self) -> Game:
        """The engine's game being played (read it, do not change it); PhaseError before reset()."""
        if self._game is None:
            raise PhaseError("the environment has no game yet: call reset() first")
        return self._game

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now (NumPy bool, length 223): the method sb3-contrib's MaskablePPO calls."""
        return self._mask.copy()

    # -- encoding
    @staticmethod
    def encode(state: State, dice: Dice, rolls_left: int) -> YahtzeeObs:
        """The observation entries other than ``"action_mask"`` for a state, dice and rolls left.

        Slices (:data:`OBS_SLICES`) of the engine's flat encoding
        ``parlour._core.yahtzee.encode_observation`` (the batched environment's observation).
        """
        return split_observation(encode_observation(state, dice, rolls_left))

    def _observation(self) -> YahtzeeObs:
        game = self.game
        over = bool(game.is_terminal)
        obs = self.encode(game.state, self._dice, 0 if over else game.rolls_left)
        obs["action_mask"] = self._mask.astype(np.int8)
        return obs

    def _info(self, illegal: bool = False) -> dict[str, Any]:
        return {
            "game_seed": self._game_seed,
            "score": self._score,
            "action_mask": self._mask.copy(),
            "illegal_action": illegal,
        }

    def _sync(self) -> None:
        game = self.game
        if game.dice is not None:
            self._dice = game.dice
        self._mask = game.legal_action_mask().astype(np.bool_)
        self._score = game.returns()[0]  # the points so far (read once per step)

    # -- the Gymnasium API
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[YahtzeeObs, dict[str, Any]]:
        """Start a game: the engine seeded by ``options={"game_seed": s}`` or by a draw from np_random."""
        super().reset(seed=seed_value(seed))
        game_seed = int_option(reset_options(options, ("game_seed",), "YahtzeeEnv"), "game_seed")
        if game_seed is None:
            game_seed = int(self.np_random.integers(0, MAX_GAME_SEED))
        self._game_seed = game_seed
        self._game = Game(players=1, rules=self.rules, seed=self._game_seed)
        self._done = False
        self._sync()
        return self._observation(), self._info()

    def step(self, action: SupportsInt) -> tuple[YahtzeeObs, float, bool, bool, dict[str, Any]]:
        """Score or reroll with this action id; an illegal one as ``illegal_action`` says."""
        game = self.game
        if self._done:
            raise PhaseError("the game is over: call reset() to start another")
        move = action_id(action, "Yahtzee")
        if not 0 <= move < NUM_ACTIONS:
            raise InvalidValueError(f"a Yahtzee action id is 0..{NUM_ACTIONS - 1}, got {move}")
        if self.illegal_action != "raise" and not self._mask[move]:
            self._done = self.illegal_action == "terminate"
            return self._observation(), self.illegal_reward, self._done, False, self._info(illegal=True)
        before = self._score
        game.apply(move)  # raises before changing anything
        self._sync()
        self._done = bool(game.is_terminal)
        return self._observation(), self._score - before, self._done, False, self._info()

    def render(self) -> str | None:
        """The game as text (``str(game)``: the turn, the dice and the scorecard) in ``"ansi"`` mode; None otherwise."""
        if self.render_mode is None:
            return None
        return str(self.game)


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="parlour.envs.yahtzee:YahtzeeEnv")
