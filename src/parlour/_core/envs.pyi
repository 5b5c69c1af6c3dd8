"""
Batched games stepped in C++ into NumPy arrays (parlour.envs.vector).
"""
from __future__ import annotations
import numpy
import parlour._core.freecell
import parlour._core.gin
import parlour._core.yahtzee
import typing
__all__: list[str] = ['FreeCellBatch', 'GinBatch', 'YahtzeeBatch']
class FreeCellBatch:
    """
    num_envs games of FreeCell from Microsoft deals stepped together in C++ (the engine of parlour.envs.vector.FreeCellVectorEnv).
    """
    def __init__(self, num_envs: int, *, max_steps: int = 1000, max_deal: int = 1000000, threads: int = 1, illegal_action: str = 'terminate', illegal_reward: typing.SupportsFloat | typing.SupportsIndex = -1.0, autoreset_mode: str = 'next_step') -> None:
        """
        A batch of num_envs games, deals drawn from 1..max_deal, truncated after max_steps steps.
        """
    def __repr__(self) -> str:
        ...
    def reset(self, seeds: typing.Any = None, reset_mask: typing.Any = None, episodes: typing.Any = None) -> None:
        """
        Start new episodes in the games where reset_mask is true (all when None; the first reset must reset all): a game whose seed is given restarts its episode stream from it; `episodes` sets the engine seed (or deal) of the next episode instead of drawing it. Writes the first observations and masks; GIL released.
        """
    def state(self, index: int) -> parlour._core.freecell.GameState:
        """
        The position of game `index` (0 .. num_envs - 1).
        """
    def step(self, actions: typing.Any) -> None:
        """
        Apply one action id per game (an integer array of num_envs), writing observations, masks, rewards, terminations, truncations and the illegal flags into this object's arrays; GIL released.
        """
    def steps(self, index: int) -> int:
        """
        The steps taken in game `index`'s episode (0 .. num_envs - 1).
        """
    @property
    def action_masks(self) -> numpy.ndarray[typing.Any, numpy.dtype[typing.Any]]:
        """
        (num_envs, num actions) int8 0/1, read-only view.
        """
    @property
    def autoreset_mode(self) -> str:
        """
        'next_step' or 'same_step'.
        """
    @property
    def episodes(self) -> numpy.ndarray[typing.Any, numpy.dtype[typing.Any]]:
        """
        uint64: the engine seed (or deal) of each game's current episode, read-only view.
        """
    @property
    def final_observations(self) -> numpy.ndarray[typing.Any, numpy.dtype[typing.Any]]:
        """
        same_step: the last observation of the episodes that ended on the last step, read-only view.
        """
    @property
    def has_final(self) -> numpy.ndarray[typing.Any, numpy.dtype[typing.Any]]:
        """
        same_step: which rows of final_observations were written by the last step, read-only view.
        """
    @property
    def illegal(self) -> numpy.ndarray[typing.Any, numpy.dtype[typing.Any]]:
        """
        bool: the last step's action was illegal in that game, read-only view.
        """
    @property
    def illegal_action(self) -> str:
        """
        'raise', 'penalty' or 'terminate'.
        """
    @property
    def illegal_reward(self) -> float:
        """
        The reward of an illegal action under 'penalty' or 'terminate'.
        """
    @property
    def num_envs(self) -> int:
        """
        The number of games.
        """
    @property
    def observations(self) -> numpy.ndarray[typing.Any, numpy.dtype[typing.Any]]:
        """
        (num_envs, obs size) int8, read-only view.
        """
    @property
    def rewards(self) -> numpy.ndarray[typing.Any, numpy.dtype[typing.Any]]:
        """
        float64 rewards of the last step, read-only view.
        """
    @property
    def terminations(self) -> numpy.ndarray[typing.Any, numpy.dtype[typing.Any]]:
        """
        bool, read-only view.
        """
    @property
    def threads(self) -> int:
        """
        The threads a step may use.
        """
    @property
    def truncations(self) -> numpy.ndarray[typing.Any, numpy.dtype[typing.Any]]:
        """
        bool, read-only view.
        """
class GinBatch:
    """
    num_envs hands of gin rummy stepped together in C++: self-play (opponent None; the observation of the seat to act, both seats' rewards) or against a registered policy playing the other seat inside C++ (the engine of parlour.envs.vector's gin environments).
    """
    def __init__(self, num_envs: int, *, rules: parlour._core.gin.Rules = ..., opponent: str | None = None, seat: int = -1, reward_scale: typing.SupportsFloat | typing.SupportsIndex = 1.0, threads: int = 1, illegal_action: str = 'terminate', illegal_reward: typing.SupportsFloat | typing.SupportsIndex = -1.0, autoreset_mode: str = 'next_step') -> None:
        """
        A batch of num_envs hands under `rules`; `opponent` a policy name ('random', 'easy', 'normal', 'hard', or any registered) or None for self-play; `seat` the caller's seat against an opponent (0, 1, or -1: drawn each episode).
        """
    def __repr__(self) -> str:
        ...
    def reset(self, seeds: typing.Any = None, reset_mask: typing.Any = None, episodes: typing.Any = None) -> None:
        """
        Start new episodes in the games where reset_mask is true (all when None; the first reset must reset all): a game whose seed is given restarts its episode stream from it; `episodes` sets the engine seed (or deal) of the next episode instead of drawing it. Writes the first observations and masks; GIL released.
        """
    def round(self, index: int) -> parlour._core.gin.Round:
        """
        A copy of hand `index`'s Round (0 .. num_envs - 1).
        """
    def step(self, actions: typing.Any) -> None:
        """
        Apply one action id per game (an integer array of num_envs), writing observations, masks, rewards, terminations, truncations and the illegal flags into this object's arrays; GIL released.
        """
    @property
    def action_masks(self) -> numpy.ndarray[typing.Any, numpy.dtype[typing.Any]]:
        """
        (num_envs, num actions) int8 0/1, read-only view.
        """
    @property
    def autoreset_mode(self) -> str:
        """
        'next_step' or 'same_step'.
        """
    @property
    def episodes(self) -> numpy.ndarray[typing.Any, numpy.dtype[typing.Any]]:
        """
        uint64: the engine seed (or deal) of each game's current episode, read-only view.
        """
    @property
    def final_observations(self) -> numpy.ndarray[typing.Any, numpy.dtype[typing.Any]]:
        """
        same_step: the last observation of the episodes that ended on the last step, read-only view.
        """
    @property
    def has_final(self) -> numpy.ndarray[typing.Any, numpy.dtype[typing.Any]]:
        """
        same_step: which rows of final_observations were written by the last step, read-only view.
        """
    @property
    def illegal(self) -> numpy.ndarray[typing.Any, numpy.dtype[typing.Any]]:
        """
        bool: the last step's action was illegal in that game, read-only view.
        """
    @property
    def illegal_action(self) -> str:
        """
        'raise', 'penalty' or 'terminate'.
        """
    @property
    def illegal_reward(self) -> float:
        """
        The reward of an illegal action under 'penalty' or 'terminate'.
        """
    @property
    def num_envs(self) -> int:
        """
        The number of games.
        """
    @property
    def observations(self) -> numpy.ndarray[typing.Any, numpy.dtype[typing.Any]]:
        """
        (num_envs, obs size) int8, read-only view.
        """
    @property
    def opponent(self) -> str | None:
        """
        The opponent's policy name, or None for self-play.
        """
    @property
    def rewards(self) -> numpy.ndarray[typing.Any, numpy.dtype[typing.Any]]:
        """
        float64 rewards of the last step, read-only view.
        """
    @property
    def seats(self) -> numpy.ndarray[typing.Any, numpy.dtype[typing.Any]]:
        """
        int8: the seat (0 Player.ONE, 1 Player.TWO) whose view each row of observations holds.
        """
    @property
    def terminations(self) -> numpy.ndarray[typing.Any, numpy.dtype[typing.Any]]:
        """
        bool, read-only view.
        """
    @property
    def threads(self) -> int:
        """
        The threads a step may use.
        """
    @property
    def truncations(self) -> numpy.ndarray[typing.Any, numpy.dtype[typing.Any]]:
        """
        bool, read-only view.
        """
class YahtzeeBatch:
    """
    num_envs games of solitaire Yahtzee stepped together in C++ (the engine of parlour.envs.vector.YahtzeeVectorEnv).
    """
    def __init__(self, num_envs: int, *, rules: parlour._core.yahtzee.Rules | None = None, threads: int = 1, illegal_action: str = 'terminate', illegal_reward: typing.SupportsFloat | typing.SupportsIndex = -1.0, autoreset_mode: str = 'next_step') -> None:
        """
        A batch of num_envs games under `rules` (default YahtzeeRules()).
        """
    def __repr__(self) -> str:
        ...
    def game(self, index: int) -> parlour._core.yahtzee.Game:
        """
        A copy of game `index` (0 .. num_envs - 1).
        """
    def reset(self, seeds: typing.Any = None, reset_mask: typing.Any = None, episodes: typing.Any = None) -> None:
        """
        Start new episodes in the games where reset_mask is true (all when None; the first reset must reset all): a game whose seed is given restarts its episode stream from it; `episodes` sets the engine seed (or deal) of the next episode instead of drawing it. Writes the first observations and masks; GIL released.
        """
    def step(self, actions: typing.Any) -> None:
        """
        Apply one action id per game (an integer array of num_envs), writing observations, masks, rewards, terminations, truncations and the illegal flags into this object's arrays; GIL released.
        """
    @property
    def action_masks(self) -> numpy.ndarray[typing.Any, numpy.dtype[typing.Any]]:
        """
        (num_envs, num actions) int8 0/1, read-only view.
        """
    @property
    def autoreset_mode(self) -> str:
        """
        'next_step' or 'same_step'.
        """
    @property
    def episodes(self) -> numpy.ndarray[typing.Any, numpy.dtype[typing.Any]]:
        """
        uint64: the engine seed (or deal) of each game's current episode, read-only view.
        """
    @property
    def final_observations(self) -> numpy.ndarray[typing.Any, numpy.dtype[typing.Any]]:
        """
        same_step: the last observation of the episodes that ended on the last step, read-only view.
        """
    @property
    def has_final(self) -> numpy.ndarray[typing.Any, numpy.dtype[typing.Any]]:
        """
        same_step: which rows of final_observations were written by the last step, read-only view.
        """
    @property
    def illegal(self) -> numpy.ndarray[typing.Any, numpy.dtype[typing.Any]]:
        """
        bool: the last step's action was illegal in that game, read-only view.
        """
    @property
    def illegal_action(self) -> str:
        """
        'raise', 'penalty' or 'terminate'.
        """
    @property
    def illegal_reward(self) -> float:
        """
        The reward of an illegal action under 'penalty' or 'terminate'.
        """
    @property
    def num_envs(self) -> int:
        """
        The number of games.
        """
    @property
    def observations(self) -> numpy.ndarray[typing.Any, numpy.dtype[typing.Any]]:
        """
        (num_envs, obs size) int8, read-only view.
        """
    @property
    def rewards(self) -> numpy.ndarray[typing.Any, numpy.dtype[typing.Any]]:
        """
        float64 rewards of the last step, read-only view.
        """
    @property
    def terminations(self) -> numpy.ndarray[typing.Any, numpy.dtype[typing.Any]]:
        """
        bool, read-only view.
        """
    @property
    def threads(self) -> int:
        """
        The threads a step may use.
        """
    @property
    def truncations(self) -> numpy.ndarray[typing.Any, numpy.dtype[typing.Any]]:
        """
        bool, read-only view.
        """
