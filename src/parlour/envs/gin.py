"""A two-player PettingZoo AEC environment for one hand (round) of gin rummy.

:class:`GinEnv` wraps :class:`parlour.gin.Round`: the engine deals, validates and
scores; this module only turns each player's :class:`parlour.gin.Observation` into
arrays.  :func:`env` returns it inside PettingZoo's usual AEC wrappers.

>>> from parlour.envs.gin import env
>>> e = env()
>>> e.reset(seed=1)
>>> e.agent_selection in e.agents
True
"""

from __future__ import annotations

from typing import Any, SupportsIndex, cast

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

# PettingZoo ships no py.typed marker, so mypy sees its classes as Any; the codes below
# name exactly the errors that follow (missing marker or missing package, subclassing
# an Any base), kept harmless if a later PettingZoo becomes typed.
from pettingzoo import AECEnv  # type: ignore[import-untyped,import-not-found,unused-ignore]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped,import-not-found,unused-ignore]

from parlour._args import check_choice, check_number
from parlour._core.gin import NUM_ACTIONS, Observation, Player, Round, Rules
from parlour._core.gin import encode_observation as _encode_observation
from parlour.envs._common import DEFAULT_ILLEGAL_ACTION, action_id, illegal_settings, options_dict, seed_value
from parlour.errors import InvalidValueError, PhaseError, WrongTypeError, _shown, _wrong_type

__all__ = [
    "AGENTS",
    "NUM_PLANES",
    "PLANES",
    "STATUS_COLUMNS",
    "GinEnv",
    "agent_of",
    "encode_observation",
    "env",
    "player_of",
]

#: The agent names, indexed by :class:`~parlour.gin.Player` (``player_0`` is
#: ``Player.ONE``, ``player_1`` is ``Player.TWO``).
AGENTS: tuple[str, str] = ("player_0", "player_1")

#: The rows of the observation planes, in order (see :func:`encode_observation`).
PLANES: tuple[str, ...] = (
    "hand",
    "pile_top",
    "pile_rest",
    "opponent_known",
    "opponent_discards",
    "own_discards",
    "spread",
    "laid_off",
    "taken",
    "stock_size",
    "knock_limit",
    "opponent_hand_size",
    "status",
)

#: The number of planes K: observations have shape (K, 52).
NUM_PLANES: int = len(PLANES)

#: The columns of the ``status`` plane that carry a flag (the others are 0).
STATUS_COLUMNS: tuple[str, ...] = (
    "phase_upcard",
    "phase_draw",
    "phase_discard",
    "phase_layoff",
    "phase_finished",
    "my_turn",
    "i_dealt",
    "i_knocked",
    "opponent_knocked",
    "upcard_passed_once",
    "upcard_passed_twice",
)

Obs = dict[str, npt.NDArray[np.int8]]


def agent_of(player: Player) -> str:
    """The agent name of an engine seat: ``Player.ONE`` -> ``"player_0"``, ``Player.TWO`` -> ``"player_1"``."""
    if not isinstance(player, Player):
        raise WrongTypeError(f"agent_of takes a Player, got {type(player).__name__} {_shown(player)}")
    return AGENTS[int(player)]


def player_of(agent: str) -> Player:
    """The engine seat of an agent name (``"player_0"`` -> ``Player.ONE``); InvalidValueError for another name."""
    if not isinstance(agent, str):
        raise _wrong_type("an agent", "a name like 'player_0'", agent)
    if agent not in AGENTS:
        raise InvalidValueError(f"no agent named {_shown(agent)} (agents: {', '.join(AGENTS)})")
    return Player(AGENTS.index(agent))


def encode_observation(obs: Observation) -> npt.NDArray[np.int8]:
    """The (NUM_PLANES, 52) int8 array of 0/1 planes for one player's observation.

    The engine's own encoder (``parlour._core.gin.encode_observation``, the layout of
    the batched gin environments too).  Card planes (column = dense card index
    13*suit + rank - 1, the library's order):

    0. ``hand`` — the observing player's hand;
    1. ``pile_top`` — the top card of the discard pile (empty if the pile is);
    2. ``pile_rest`` — the other cards of the discard pile;
    3. ``opponent_known`` — cards the opponent took from the pile and still holds;
    4. ``opponent_discards`` — every card the opponent has discarded;
    5. ``own_discards`` — every card the observing player has discarded;
    6. ``spread`` — the knocker's melds on the table, grown by layoffs (after a knock);
    7. ``laid_off`` — the cards the defender has laid off;
    8. ``taken`` — the card taken from the pile this turn, which may not be discarded.

    Count planes (thermometers: the first *n* columns are 1, so ``row.sum() == n``):

    9. ``stock_size`` — cards left in the stock (31 after the deal);
    10. ``knock_limit`` — the round's knock limit (0 = gin only);
    11. ``opponent_hand_size`` — how many cards the opponent holds.

    Flags:

    12. ``status`` — columns 0..4 one-hot the phase (UPCARD, DRAW, DISCARD, LAYOFF,
        FINISHED); 5 it is the observer's turn; 6 the observer dealt; 7 the observer
        knocked; 8 the opponent knocked; 9 at least one player passed the upcard;
        10 both did (:data:`STATUS_COLUMNS`).

    Only what the engine's observation contains is encoded, so the opponent's hidden
    cards and the stock order never appear.
    """
    return _encode_observation(obs)


class GinEnv(AECEnv):  # type: ignore[misc,unused-ignore]
    """One hand of two-player gin rummy as a PettingZoo AEC environment.

    Agents ``"player_0"`` and ``"player_1"`` are the engine's ``Player.ONE`` and
    ``Player.TWO``.  ``agent_selection`` is always the engine's player to act, so the
    same agent acts twice in a row when it draws and then discards, and the defender
    acts alone during layoffs.

    * Actions: ``Discrete(265)``, the engine's fixed action ids (0 pass, 1 take
      discard, 2 draw stock, 3..54 discard, 55..106 knock with the best arrangement,
      107 big gin, 108..263 lay off, 264 finish layoffs).
    * Illegal actions (``illegal_action=``): ``"terminate"`` (the default, as PettingZoo's
      ``TerminateIllegalWrapper`` does) ends the hand: the agent that chose it gets
      ``illegal_reward`` (default -1.0), the other 0, and both are terminated;
      ``"penalty"`` gives that agent ``illegal_reward`` and changes nothing (it acts
      again); ``"raise"`` raises the engine's :class:`~parlour.gin.RoundError` subclass and
      changes nothing.  ``infos[agent]["illegal_action"]`` is True for the agent that chose
      it.  An id outside 0..264 raises InvalidValueError whatever the choice.
    * Observations: ``Dict(observation=Box(0, 1, (13, 52), int8), action_mask=Box(0,
      1, (265,), int8))``; the planes are described in :func:`encode_observation`; the
      mask is 1 at the legal ids when that agent is to act, all 0 otherwise.
    * Rewards: 0 until the hand ends, then ``reward_scale`` times the engine's
      zero-sum :meth:`~parlour.gin.Round.returns` (winner +points, loser -points under
      the rules; 0 each for a dead hand).  With the default scale 1.0 they are the
      points themselves.
    * Termination: every agent is terminated when the round is finished (knock and
      layoffs settled, gin, big gin, or a dead hand); there is no truncation (a hand
      ends after at most about 60 actions).  ``infos[agent]["result"]`` then holds the
      :class:`~parlour.gin.RoundResult`.
    * Seeding: ``reset(seed=s)`` reseeds ``np_random``; each reset draws the deal seed
      and the dealer from it, so a seed fixes the episode and successive unseeded resets
      differ reproducibly.  ``options={"dealer": d}`` fixes the dealer (a Player, 0/1
      or an agent name); ``options={"round": r}`` starts from a copy of the Round ``r``
      (any phase) instead of dealing.
    """

    metadata: dict[str, Any] = {
        "name": "parlour_gin_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    possible_agents: list[str]
    agents: list[str]
    rewards: dict[str, float]
    _cumulative_rewards: dict[str, float]
    terminations: dict[str, bool]
    truncations: dict[str, bool]
    infos: dict[str, dict[str, Any]]
    agent_selection: str
    np_random: np.random.Generator

    def __init__(
        self,
        rules: Rules | None = None,
        render_mode: str | None = None,
        reward_scale: float = 1.0,
        illegal_action: str = DEFAULT_ILLEGAL_ACTION,
        illegal_reward: float = -1.0,
    ) -> None:
        """An environment for hands under ``rules`` (default ``Rules()``, the rule card).

        ``render_mode`` is None or ``"ansi"`` (``render()`` returns the referee's text
        view); ``reward_scale`` multiplies the engine's returns (e.g. 0.01 for points/100);
        ``illegal_action`` and ``illegal_reward`` say what an illegal action does.
        """
        super().__init__()
        self.illegal_action, self.illegal_reward = illegal_settings(illegal_action, illegal_reward)
        check_choice(render_mode, "render_mode", [None, *self.metadata["render_modes"]])
        if rules is not None and not isinstance(rules, Rules):
            raise _wrong_type("rules", "a parlour.gin.Rules or None", rules)
        self.rules: Rules = Rules() if rules is None else rules
        self.render_mode = render_mode
        self.reward_scale = check_number(reward_scale, "reward_scale")
        self.possible_agents = list(AGENTS)
        self.agents = []
        box = spaces.Box(0, 1, (NUM_PLANES, 52), np.int8)
        self.observation_spaces: dict[str, spaces.Dict] = {
            agent: spaces.Dict(
                {
                    "observation": box,
                    "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
                }
            )
            for agent in AGENTS
        }
        self.action_spaces: dict[str, spaces.Discrete] = {agent: spaces.Discrete(NUM_ACTIONS) for agent in AGENTS}
        self.np_random, _ = _seeding_np_random(None)
        self._round: Round | None = None
        self.rewards, self._cumulative_rewards = {}, {}
        self.terminations, self.truncations, self.infos = {}, {}, {}
        self.agent_selection = AGENTS[0]

    # ---- spaces -------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Dict:
        """The observation space of an agent (the same object on every call)."""
        player_of(agent)  # InvalidValueError for a name that is no agent's
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        """The action space of an agent: ``Discrete(265)``, the engine's action ids."""
        player_of(agent)  # InvalidValueError for a name that is no agent's
        return self.action_spaces[agent]

    # ---- the engine ---------------------------------------------------------------

    @property
    def round(self) -> Round:
        """The engine's Round being played (the referee's view; clone it before changing it)."""
        if self._round is None:
            raise PhaseError("call reset() first")
        return self._round

    # ---- AEC protocol -------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand (see the class docstring for seeding, ``dealer`` and ``round``)."""
        if seed_value(seed) is not None:
            self.np_random, _ = _seeding_np_random(seed)
        options = options_dict(options, "GinEnv")  # PettingZoo's api_test passes keys of its own: others are ignored
        deal_seed = int(self.np_random.integers(0, 2**63))
        dealer = Player(int(self.np_random.integers(0, 2)))
        if options.get("dealer") is not None:
            dealer = _as_player(options["dealer"])
        start = options.get("round")
        if start is not None:
            if not isinstance(start, Round):
                raise WrongTypeError(f"options['round'] must be a parlour.gin.Round, not {type(start).__name__}")
            self._round = start.clone()
        else:
            self._round = Round.deal(self.rules, dealer, deal_seed)
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos = {agent: {} for agent in AGENTS}
        self._skip_agent_selection = None
        turn = self._round.current_player
        if turn is None:  # a finished round given in options
            self.agent_selection = AGENTS[0]
            self._finish()
        else:
            self.agent_selection = agent_of(turn)

    def observe(self, agent: str) -> Obs:
        """What ``agent`` may see: its planes and its action mask (all 0 unless it is to act)."""
        obs = self.round.observation(player_of(agent))
        return {
            "observation": encode_observation(obs),
            "action_mask": obs.legal_action_mask().astype(np.int8),
        }

    def step(self, action: SupportsIndex | None) -> None:
        """Apply the selected agent's action id (None once it is terminated).

        An illegal id does what ``illegal_action`` says (by default it ends the hand).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise InvalidValueError(f"{agent} is to act: None is an action only once terminated")
        rnd = self.round
        move = action_id(action, "gin")
        if not 0 <= move < NUM_ACTIONS:
            raise InvalidValueError(f"a gin action id is 0..{NUM_ACTIONS - 1}, got {move}")
        if self.illegal_action != "raise" and not rnd.can_apply(move):
            self._illegal(agent)
            return
        rnd.apply(move)  # validates first: a refusal leaves everything as it was
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if self.illegal_action == "penalty":
            self.infos = {a: {} for a in AGENTS}  # clears a previous step's flag
        turn = rnd.current_player
        if turn is None:
            self.agent_selection = AGENTS[1 - AGENTS.index(agent)]
            self._finish()
        else:
            self.agent_selection = agent_of(turn)
        self._accumulate_rewards()

    def _illegal(self, agent: str) -> None:
        """An illegal action of ``agent`` under "penalty" or "terminate" (the round is unchanged)."""
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.rewards[agent] = self.illegal_reward
        self.infos = {a: {"illegal_action": a == agent} for a in AGENTS}
        if self.illegal_action == "terminate":
            self.terminations = dict.fromkeys(AGENTS, True)
            self.agent_selection = AGENTS[1 - AGENTS.index(agent)]
        self._accumulate_rewards()

    def _finish(self) -> None:
        """Set the final rewards, terminations and infos of a finished round."""
        rnd = self.round
        returns = rnd.returns()
        for agent in AGENTS:
            self.rewards[agent] = self.reward_scale * returns[int(player_of(agent))]
            self.terminations[agent] = True
            self.infos[agent] = {"result": rnd.result}

    def render(self) -> str | None:
        """The referee's text view of the round (both hands) when ``render_mode == "ansi"``, else None."""
        if self.render_mode is None:
            return None
        return str(self.round)

    def close(self) -> None:
        """Nothing to release."""


def _seeding_np_random(seed: int | None) -> tuple[np.random.Generator, Any]:
    """gymnasium's seeding.np_random (typed here)."""
    from gymnasium.utils import seeding

    return cast("tuple[np.random.Generator, Any]", seeding.np_random(seed))


def _as_player(value: object) -> Player:
    """A Player from a Player, 0/1 or an agent name."""
    if isinstance(value, str):
        return player_of(value)
    if isinstance(value, (int, np.integer)) and int(value) in (0, 1):
        return Player(int(value))
    raise InvalidValueError(f"dealer must be a Player, 0, 1 or an agent name, not {_shown(value)}")


def env(**kwargs: Any) -> Any:
    """A :class:`GinEnv` (``kwargs`` passed on) inside PettingZoo's standard AEC wrappers.

    ``AssertOutOfBoundsWrapper`` rejects ids outside ``Discrete(265)`` and
    ``OrderEnforcingWrapper`` enforces ``reset()`` before use.  Illegal in-range ids do
    what ``illegal_action`` says (no wrapper needed).
    """
    wrapped = wrappers.AssertOutOfBoundsWrapper(GinEnv(**kwargs))
    return wrappers.OrderEnforcingWrapper(wrapped)
