"""Any game of the registry as a single-agent Gymnasium environment (``parlour/Game-v0``), through the protocol alone.

:class:`GameEnv` plays one seat of any registered game (:mod:`parlour.games`) — parlour's
own or one registered by another package — driving it only through the members every
game shares (:class:`parlour.protocol.Game`): the legal action mask, ``apply``,
``returns()`` and the seat's ``observation(seat).to_array()``.  The other seats are
played by the game's registered bots.  Importing this module registers it, so
``gymnasium.make("parlour/Game-v0", game="yahtzee")`` works.  The games' own
environments (``parlour/FreeCell-v0``, ``parlour/Yahtzee-v0``, the PettingZoo gin
environment) encode their observations more richly; this one works for every game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, SupportsInt, cast

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from parlour import games
from parlour.envs._common import DEFAULT_ILLEGAL_ACTION, action_id, illegal_settings, reset_options, seed_value
from parlour.errors import InvalidValueError, PhaseError, WrongTypeError

__all__ = ["ENV_ID", "GameEnv"]

#: The id this module registers with Gymnasium.
ENV_ID: Final = "parlour/Game-v0"

#: Game seeds are drawn from 0 .. MAX_SEED - 1 with the environment's ``np_random``.
MAX_SEED: Final = 2**63

GameObs = dict[str, npt.NDArray[np.int8]]


class GameEnv(gymnasium.Env[GameObs, np.int64]):
    """One seat of any registered game, one action per step; the other seats are the game's bots.

    * ``game``: the registry's name; ``seat``: the agent's seat (default 0); ``players``,
      ``preset`` and ``options`` as :meth:`parlour.games.GameInfo.new_game` takes them;
      ``opponents``: the bot of each other seat, by registered name (one name for all, or
      a list; default the game's first bot).
    * Action space: ``Discrete(num_actions)``, the game's action ids.
    * Observation space, a ``Dict``: ``"observation"``, the seat's
      ``observation(seat).to_array()`` (``int8``, the game's fixed shape), and
      ``"action_mask"`` ``MultiBinary(num_actions)``.
    * Reward: the change of the seat's ``returns()`` since its previous action (the other
      seats' moves in between included), so an episode's rewards sum to its final return.
    * Illegal actions (``illegal_action=``): ``"terminate"`` (the default) ends the episode
      with reward ``illegal_reward`` and the game as it was, ``"penalty"`` gives
      ``illegal_reward`` and changes nothing, ``"raise"`` raises the game's own error and
      changes nothing; ``info["illegal_action"]`` marks such a step.  An id out of range
      raises InvalidValueError, a step after the end PhaseError.
    * ``reset(seed=..., options={"game_seed": s})``: the game is dealt from ``s`` or a
      draw from ``np_random``, and the bots are seeded from it too.  ``info``:
      ``"game_seed"``, ``"returns"`` (every seat's), ``"action_mask"`` (NumPy bool) and
      ``"illegal_action"``.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(
        self,
        game: str,
        *,
        seat: int = 0,
        players: int | None = None,
        preset: str | None = None,
        opponents: str | Sequence[str] | None = None,
        options: dict[str, Any] | None = None,
        render_mode: str | None = None,
        illegal_action: str = DEFAULT_ILLEGAL_ACTION,
        illegal_reward: float = -1.0,
    ) -> None:
        """The environment of ``game`` (a registered name); see the class docstring."""
        self.illegal_action, self.illegal_reward = illegal_settings(illegal_action, illegal_reward)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.info = games.get(game)
        self.render_mode = render_mode
        self._new = {"players": players, "preset": preset, **dict(options or {})}
        sample = self.info.new_game(seed=0, **self._new)  # checks the options, gives the shapes
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < sample.num_players:
            raise InvalidValueError(f"seat must be an int in 0..{sample.num_players - 1}, got {seat!r}")
        self.seat = seat
        others = sample.num_players - 1
        names = [opponents] * others if opponents is None or isinstance(opponents, str) else list(opponents)
        if len(names) != others:
            raise InvalidValueError(f"{others} opponent(s) to name, got {len(names)}")
        default = next(iter(self.info.bots), None)
        self._opponents: list[str] = []
        for name in names:
            name = default if name is None else name
            if not isinstance(name, str):
                raise WrongTypeError(f"an opponent is a bot's registered name, got {name!r}")
            self.info.bot(name)  # an unknown name fails here, not at the first reset
            self._opponents.append(name)
        self.num_actions = int(sample.num_actions)
        shape = sample.observation(seat).to_array().shape
        self.action_space: spaces.Space[np.int64] = spaces.Discrete(self.num_actions)
        self.observation_space: spaces.Space[GameObs] = cast(
            "spaces.Space[GameObs]",
            spaces.Dict(
                {
                    "observation": spaces.Box(-128, 127, shape, np.int8),
                    "action_mask": spaces.MultiBinary(self.num_actions),
                }
            ),
        )
        self._game: Any = None
        self._bots: dict[int, Any] = {}
        self._done = False
        self._game_seed = 0
        self._mask: npt.NDArray[np.bool_] = np.zeros(self.num_actions, dtype=np.bool_)
        self._return = 0.0

    @property
    def game(self) -> Any:
        """The game being played (read it, do not change it); PhaseError before reset()."""
        if self._game is None:
            raise PhaseError("the environment has no game yet: call reset() first")
        return self._game

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now (NumPy bool): the method sb3-contrib's MaskablePPO calls."""
        return self._mask.copy()

    def _others_play(self) -> None:
        game = self.game
        while not game.is_terminal and game.current_player != self.seat:
            seat = int(game.current_player)
            game.apply(self._bots[seat].act(game.observation(seat)))

    def _observation(self) -> GameObs:
        arr = np.asarray(self.game.observation(self.seat).to_array(), dtype=np.int8)
        return {"observation": arr, "action_mask": self._mask.astype(np.int8)}

    def _info(self, illegal: bool = False) -> dict[str, Any]:
        return {
            "game_seed": self._game_seed,
            "returns": tuple(self.game.returns()),
            "action_mask": self._mask.copy(),
            "illegal_action": illegal,
        }

    def _sync(self) -> float:
        """Let the bots play to the agent's turn; the change of the agent's return."""
        self._others_play()
        game = self.game
        self._done = bool(game.is_terminal)
        self._mask = np.asarray(game.legal_action_mask(), dtype=np.bool_).copy()
        now = float(game.returns()[self.seat])
        gained, self._return = now - self._return, now
        return gained

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[GameObs, dict[str, Any]]:
        """Start a game: dealt from ``options={"game_seed": s}`` or from a draw from np_random."""
        super().reset(seed=seed_value(seed))
        opts = reset_options(options, ("game_seed",), "GameEnv")
        game_seed = opts.get("game_seed")
        if game_seed is None:
            game_seed = int(self.np_random.integers(0, MAX_SEED))
        elif isinstance(game_seed, bool) or not isinstance(game_seed, int) or not 0 <= game_seed < MAX_SEED:
            raise InvalidValueError(f"options['game_seed'] must be an int in 0..2**63-1, got {game_seed!r}")
        self._game_seed = game_seed
        self._game = self.info.new_game(seed=game_seed, **self._new)
        others = [s for s in range(self._game.num_players) if s != self.seat]
        rules = self.info.rules(self._new["preset"])
        self._bots = {
            s: self.info.bot(name, seed=(game_seed + 7919 * (s + 1)) % MAX_SEED, rules=rules)
            for s, name in zip(others, self._opponents)
        }
        self._return = 0.0
        self._sync()
        return self._observation(), self._info()

    def step(self, action: SupportsInt) -> tuple[GameObs, float, bool, bool, dict[str, Any]]:
        """Play this action id for the agent's seat, then let the bots play to its next turn."""
        game = self.game
        if self._done:
            raise PhaseError("the game is over: call reset() to start another")
        move = action_id(action, self.info.title)
        if not 0 <= move < self.num_actions:
            raise InvalidValueError(f"a {self.info.title} action id is 0..{self.num_actions - 1}, got {move}")
        if self.illegal_action != "raise" and not self._mask[move]:
            self._done = self.illegal_action == "terminate"
            return self._observation(), self.illegal_reward, self._done, False, self._info(illegal=True)
        game.apply(move)  # raises before changing anything
        reward = self._sync()
        return self._observation(), reward, self._done, False, self._info()

    def render(self) -> str | None:
        """The game as text (``str(game)``) in ``"ansi"`` mode; None otherwise."""
        if self.render_mode is None:
            return None
        return str(self.game)


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="parlour.envs.game:GameEnv")
