"""GinEnv: PettingZoo's own checks, and the env against the engine it wraps.

Every observation is decoded back to cards and compared with the referee's view of the
Round (not with the Observation the encoder reads), masks with the Round's legal ids,
rewards with Round.returns().
"""

from __future__ import annotations

import doctest
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

from parlour.cards import Card, CardSet
from parlour.envs.gin import (
    AGENTS,
    NUM_PLANES,
    PLANES,
    STATUS_COLUMNS,
    GinEnv,
    agent_of,
    env,
    player_of,
)
from parlour.errors import InvalidValueError, PhaseError, WrongTypeError
from parlour.gin import NUM_ACTIONS, NormalBot, Phase, Player, Round, RoundError, Rules

DOCS = Path(__file__).resolve().parents[2] / "docs" / "envs-pz.md"

# api_test's advice for environments it does not know by name; a Dict observation
# {"observation", "action_mask"} is the documented PettingZoo convention for masks.
EXPECTED_ADVICE = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box",
)


def row(planes: np.ndarray, name: str) -> np.ndarray:
    return planes[PLANES.index(name)]


def cards_of(plane: np.ndarray) -> CardSet:
    """The cards marked in a 52-column plane (column = dense index), decoded one by one."""
    assert set(np.unique(plane)) <= {0, 1}
    return CardSet([Card.from_index(int(i)) for i in np.flatnonzero(plane)])


def thermometer(plane: np.ndarray) -> int:
    n = int(plane.sum())
    assert plane[:n].all() and not plane[n:].any(), "a count plane is 1s then 0s"
    return n


def check_observation(e: GinEnv, agent: str) -> None:
    """The agent's observation equals what the referee's Round says it may see."""
    r = e.round
    me = player_of(agent)
    opp = me.opponent
    obs = e.observe(agent)
    planes, mask = obs["observation"], obs["action_mask"]
    assert planes.shape == (NUM_PLANES, 52) and planes.dtype == np.int8
    assert mask.shape == (NUM_ACTIONS,) and mask.dtype == np.int8
    pile = r.discard_pile
    assert cards_of(row(planes, "hand")) == r.hand(me)
    assert cards_of(row(planes, "pile_top")) == (CardSet([pile[-1]]) if pile else CardSet())
    assert cards_of(row(planes, "pile_rest")) == CardSet(pile[:-1])
    assert cards_of(row(planes, "opponent_known")) == r.known_cards(opp)
    assert cards_of(row(planes, "opponent_discards")) == r.discards_of(opp)
    assert cards_of(row(planes, "own_discards")) == r.discards_of(me)
    spread = CardSet()
    for meld in r.spread:
        spread = spread | meld.cards
    assert cards_of(row(planes, "spread")) == spread
    assert cards_of(row(planes, "laid_off")) == r.laid_off
    assert cards_of(row(planes, "taken")) == (CardSet([r.taken]) if r.taken is not None else CardSet())
    assert thermometer(row(planes, "stock_size")) == r.stock_size
    assert thermometer(row(planes, "knock_limit")) == r.knock_limit
    assert thermometer(row(planes, "opponent_hand_size")) == len(r.hand(opp))
    status = dict(zip(STATUS_COLUMNS, row(planes, "status")[: len(STATUS_COLUMNS)].tolist()))
    assert not row(planes, "status")[len(STATUS_COLUMNS) :].any()
    phases = [Phase.UPCARD, Phase.DRAW, Phase.DISCARD, Phase.LAYOFF, Phase.FINISHED]
    assert [status[f"phase_{p.name.lower()}"] for p in phases] == [int(r.phase == p) for p in phases]
    assert status["my_turn"] == int(r.current_player == me)
    assert status["i_dealt"] == int(r.dealer == me)
    assert status["i_knocked"] == int(r.knocker == me)
    assert status["opponent_knocked"] == int(r.knocker == opp)
    assert (status["upcard_passed_once"], status["upcard_passed_twice"]) == (int(r.passes >= 1), int(r.passes >= 2))
    # the mask: the Round's legal ids for the agent to act, nothing for the other
    if r.current_player == me:
        assert np.array_equal(mask.astype(bool), r.legal_action_mask())
        assert np.flatnonzero(mask).tolist() == r.legal_action_ids()
    else:
        assert not mask.any()
    assert e.observation_space(agent).contains(obs)


def play_random(
    e: GinEnv, rng: np.random.Generator, check: bool = True, bot_share: float = 0.0
) -> tuple[list[int], dict[str, float]]:
    """Play the hand with random legal ids from the mask; return the actions and each agent's summed rewards.

    Uniformly random play almost always ends in a dead hand, so with ``bot_share`` > 0
    that share of decisions follows NormalBot (reading the engine's observation), which
    reaches knocks, layoffs and gins.
    """
    bot = NormalBot()
    actions: list[int] = []
    total = dict.fromkeys(AGENTS, 0.0)
    for agent in e.agent_iter(1000):
        obs, reward, term, trunc, info = e.last()
        total[agent] += reward
        assert not trunc
        if term:
            e.step(None)
            continue
        assert agent == agent_of(e.round.current_player)
        if check:
            for a in AGENTS:
                check_observation(e, a)
        legal = np.flatnonzero(obs["action_mask"])
        if rng.random() < bot_share:
            action = bot.act(e.round.observation(player_of(agent))).id
        else:
            action = int(rng.choice(legal))
        assert action in legal
        actions.append(action)
        e.step(action)
    assert not e.agents, "both agents were removed after termination"
    return actions, total


# ---- PettingZoo's checks -------------------------------------------------------------


def test_pettingzoo_api_test() -> None:
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        api_test(env(), num_cycles=300)
    unexpected = [str(w.message) for w in seen if not str(w.message).startswith(EXPECTED_ADVICE)]
    assert not unexpected


def test_pettingzoo_seed_test() -> None:
    seed_test(env, num_cycles=300)


def test_raw_env_passes_api_test_too() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(GinEnv(rules=Rules.modern()), num_cycles=300)


# ---- the env against the engine ------------------------------------------------------


@pytest.mark.parametrize("rules", [Rules(), Rules.modern(), Rules(knock_limit=0), Rules.palace()], ids=repr)
def test_random_episodes_match_the_engine(rules: Rules) -> None:
    rng = np.random.default_rng(7)
    e = GinEnv(rules=rules)
    kinds, laid = set(), False
    for seed in range(8):
        e.reset(seed=seed)
        assert e.agent_selection == agent_of(e.round.current_player)
        assert e.round.rules == rules
        r = e.round
        _, total = play_random(e, rng, bot_share=0.0 if seed % 2 == 0 else 0.7)
        assert r.is_terminal and r.result is not None
        returns = r.returns()
        assert total == {a: float(returns[int(player_of(a))]) for a in AGENTS}
        assert sum(total.values()) == 0
        kinds.add(r.result.kind.name)
        laid |= bool(r.laid_off)
    # the episodes reach the end of a hand by knock or gin, not only dead hands
    assert kinds & {"KNOCK", "UNDERCUT", "GIN", "BIG_GIN"}, kinds
    if rules == Rules():
        assert laid, "some episode checked observations through layoffs"


def test_terminal_step_and_infos() -> None:
    e = GinEnv()
    e.reset(seed=11)
    bot = NormalBot()
    while not e.round.is_terminal:
        e.step(bot.act(e.round.observation(player_of(e.agent_selection))).id)
    assert e.round.returns() != (0, 0)
    assert all(e.terminations.values()) and not any(e.truncations.values())
    for a in AGENTS:
        assert e.infos[a]["result"] == e.round.result
        check_observation(e, a)  # a finished round still observes; masks are empty
    with pytest.raises(ValueError):
        e.step(0)  # a terminated agent may only step None


def test_reward_scale() -> None:
    e = GinEnv(reward_scale=0.01)
    scored = 0
    for seed in range(5):
        e.reset(seed=seed)
        r = e.round
        _, total = play_random(e, np.random.default_rng(seed), check=False, bot_share=0.8)
        for a in AGENTS:
            assert total[a] == pytest.approx(0.01 * r.returns()[int(player_of(a))])
        scored += r.returns() != (0, 0)
    assert scored


def test_same_seed_same_episode_and_unseeded_resets_continue() -> None:
    def run(seed: int) -> list[Any]:
        e = GinEnv()
        e.reset(seed=seed)
        trace: list[Any] = []
        for _ in range(3):  # then two unseeded resets, continuing np_random
            trace.append(e.round.to_dict())
            actions, total = play_random(e, np.random.default_rng(1), check=False)
            trace += [actions, total]
            e.reset()
        return trace

    a, b = run(42), run(42)
    assert a == b
    assert a[0] != a[3] != a[6], "unseeded resets deal new hands"
    assert run(43)[0] != a[0]


def test_dealer_option_and_random_dealer() -> None:
    e = GinEnv()
    dealers = set()
    for seed in range(12):
        e.reset(seed=seed)
        dealers.add(e.round.dealer)
    assert dealers == {Player.ONE, Player.TWO}, "the dealer is drawn from np_random"
    for given, want in [(Player.TWO, Player.TWO), (0, Player.ONE), ("player_1", Player.TWO)]:
        e.reset(seed=3, options={"dealer": given})
        assert e.round.dealer == want
        assert e.agent_selection == agent_of(want.opponent)  # the non-dealer has the upcard offer
    with pytest.raises(InvalidValueError):
        e.reset(seed=3, options={"dealer": 2})
    with pytest.raises(WrongTypeError):
        e.reset(seed=3, options={"round": "not a round"})


def test_round_option_starts_from_a_copy() -> None:
    r = Round.deal(Rules(), Player.ONE, 5)
    r.apply("pass")
    e = GinEnv()
    e.reset(options={"round": r})
    assert e.round == r and e.round is not r
    assert e.agent_selection == agent_of(r.current_player)
    e.step(0)  # the dealer passes too
    assert r.passes == 1 and e.round.passes == 2


@pytest.mark.parametrize("wrapped", [False, True])
def test_illegal_action_raises_and_changes_nothing(wrapped: bool) -> None:
    e: Any = env(illegal_action="raise") if wrapped else GinEnv(illegal_action="raise")
    raw: GinEnv = e.unwrapped
    rng = np.random.default_rng(3)
    bot = NormalBot()
    e.reset(seed=9)
    phases = set()
    while not raw.round.is_terminal:
        phases.add(raw.round.phase)
        agent = e.agent_selection
        mask = e.observe(agent)["action_mask"]
        illegal = int(rng.choice(np.flatnonzero(mask == 0)))
        before = (
            raw.round.to_dict(),
            {a: e.observe(a)["observation"].copy() for a in AGENTS},
            dict(raw.rewards),
            dict(raw._cumulative_rewards),
            dict(raw.terminations),
            agent,
        )
        with pytest.raises(RoundError):
            e.step(illegal)
        after = (
            raw.round.to_dict(),
            {a: e.observe(a)["observation"] for a in AGENTS},
            dict(raw.rewards),
            dict(raw._cumulative_rewards),
            dict(raw.terminations),
            e.agent_selection,
        )
        assert before[0] == after[0] and before[2:] == after[2:]
        assert all(np.array_equal(before[1][a], after[1][a]) for a in AGENTS)
        e.step(bot.act(raw.round.observation(player_of(agent))).id)
    assert Phase.LAYOFF in phases  # refused in every phase, the layoffs included
    if wrapped:
        e.reset(seed=9)
        with pytest.raises(AssertionError):
            e.step(NUM_ACTIONS)  # out of Discrete(265): the bounds wrapper


def test_observations_never_show_hidden_cards() -> None:
    """Two deals that differ only in the opponent's hand and the stock's bottom look the same."""
    a = Round.deal(Rules(), Player.ONE, 21)
    me, opp = a.non_dealer, a.dealer
    stock = a.stock  # draw order: last drawn first; the bottom two are never drawn
    held = sorted(a.hand(opp))
    swapped = {held[0]: stock[0], held[1]: stock[1]}
    opp_hand = CardSet([swapped.get(c, c) for c in held])
    new_stock = [held[0], held[1]] + stock[2:]
    hands = (a.hand(Player.ONE), opp_hand) if opp == Player.TWO else (opp_hand, a.hand(Player.TWO))
    b = Round.from_deal(Rules(), a.dealer, hands, a.initial_upcard, new_stock)
    assert b.hand(me) == a.hand(me) and b.hand(opp) != a.hand(opp)

    ea, eb = GinEnv(), GinEnv()
    ea.reset(options={"round": a})
    eb.reset(options={"round": b})
    rng = np.random.default_rng(4)
    mine, steps = agent_of(me), 0
    while not ea.round.is_terminal and steps < 80:
        oa, ob = ea.observe(mine), eb.observe(mine)
        assert np.array_equal(oa["observation"], ob["observation"])
        assert np.array_equal(oa["action_mask"], ob["action_mask"])
        assert ea.agent_selection == eb.agent_selection
        agent = ea.agent_selection
        ma = ea.observe(agent)["action_mask"].astype(bool)
        mb = eb.observe(agent)["action_mask"].astype(bool)
        both = np.flatnonzero(ma & mb)
        if agent != mine:  # the opponent plays only moves that reveal the same thing in both deals
            both = both[(both < 55) | (both > 107)]  # no knock / big gin (they show the hand)
            both = both[both != 264]  # finishing layoffs shows the defender's deadwood
        if both.size == 0:
            break
        action = int(rng.choice(both))
        ea.step(action)
        eb.step(action)
        steps += 1
    assert steps > 20


def test_normal_bot_against_a_random_masked_agent() -> None:
    rng = np.random.default_rng(5)
    for seed in range(4):
        e = env()
        e.reset(seed=seed)
        raw: GinEnv = e.unwrapped
        bot, bot_agent = NormalBot(seed), AGENTS[seed % 2]
        total = dict.fromkeys(AGENTS, 0.0)
        for agent in e.agent_iter(1000):
            obs, reward, term, trunc, _ = e.last()
            total[agent] += reward
            if term or trunc:
                e.step(None)
            elif agent == bot_agent:
                e.step(bot.act(raw.round.observation(player_of(agent))).id)
            else:
                e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        r = raw.round
        assert r.is_terminal
        assert total == {a: float(r.returns()[int(player_of(a))]) for a in AGENTS}


def test_spaces_render_and_names() -> None:
    e = GinEnv(render_mode="ansi")
    assert e.possible_agents == ["player_0", "player_1"]
    assert [player_of(a) for a in AGENTS] == [Player.ONE, Player.TWO]
    assert e.observation_space("player_0") is e.observation_space("player_0")
    assert e.action_space("player_1").n == NUM_ACTIONS
    e.reset(seed=2)
    text = e.render()
    assert isinstance(text, str) and str(e.round) == text
    assert GinEnv().render() is None
    with pytest.raises(InvalidValueError):
        GinEnv(render_mode="human")
    with pytest.raises(InvalidValueError):
        player_of("player_2")
    with pytest.raises(PhaseError):
        GinEnv().round
    # Library errors for bad actions, the env unchanged.
    before = e.observe(e.agent_selection)["observation"].copy()
    for bad in (1.5, "3", True):
        with pytest.raises(WrongTypeError):
            e.step(bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidValueError):
        e.step(None)
    assert (e.observe(e.agent_selection)["observation"] == before).all()
    e.step(np.int64(e.round.legal_action_ids()[0]))  # NumPy integers are ids


def test_lazy_import_from_the_package() -> None:
    import parlour.envs

    assert parlour.envs.GinEnv is GinEnv


def test_docs_examples_run() -> None:
    result = doctest.testfile(str(DOCS), module_relative=False, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0 and result.attempted >= 3


@pytest.mark.parametrize("mode", ["penalty", "terminate"])
def test_illegal_action_under_penalty_and_terminate(mode: str) -> None:
    e = GinEnv(illegal_action=mode, illegal_reward=-2.0)
    e.reset(seed=9)
    assert GinEnv().illegal_action == "terminate"
    agent = e.agent_selection
    other = AGENTS[1 - AGENTS.index(agent)]
    before = e.round.to_dict()
    illegal = int(np.flatnonzero(e.observe(agent)["action_mask"] == 0)[5])
    e.step(illegal)
    assert e.round.to_dict() == before  # the hand is unchanged
    assert e.infos[agent] == {"illegal_action": True} and e.infos[other] == {"illegal_action": False}
    assert e.rewards == {agent: -2.0, other: 0.0}
    if mode == "penalty":
        assert e.agent_selection == agent and not any(e.terminations.values())
        e.step(int(np.flatnonzero(e.observe(agent)["action_mask"])[0]))  # it acts again, legally
        assert e.rewards == {agent: 0.0, other: 0.0} and e.infos[agent] == {}
        return
    assert all(e.terminations.values()) and e.agent_selection == other
    seen = {}
    for a in e.agent_iter():  # both agents see their last reward, then step None
        obs, reward, terminated, truncated, info = e.last()
        assert terminated
        seen[a] = reward
        e.step(None)
    assert seen == {agent: -2.0, other: 0.0} and not e.agents
    with pytest.raises(InvalidValueError):
        GinEnv(illegal_action="skip")


def test_pettingzoo_api_test_with_every_illegal_action_choice() -> None:
    for mode in ("raise", "penalty", "terminate"):
        with warnings.catch_warnings(record=True):
            warnings.simplefilter("always")
            api_test(env(illegal_action=mode), num_cycles=100)
