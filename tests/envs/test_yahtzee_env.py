"""YahtzeeEnv: Gymnasium's checker, observations decoded against the engine, masks,
rewards summing to the score, seeding, illegal actions, the engine's bots played
through the env, rules, rendering and the docs section."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from parlour.envs import YahtzeeEnv  # noqa: E402
from parlour.envs.yahtzee import ENV_ID, MAX_GAME_SEED  # noqa: E402
from parlour.errors import IllegalActionError, InvalidValueError, PhaseError, WrongTypeError  # noqa: E402
from parlour.yahtzee import (  # noqa: E402
    NUM_ACTIONS,
    Bot,
    Categories,
    Dice,
    Game,
    HeuristicBot,
    Joker,
    OptimalBot,
    Rules,
    Solver,
    State,
)

from .docs import run_doc_section  # noqa: E402

DOC = Path(__file__).resolve().parents[2] / "docs" / "envs-gym.md"


def decode_state(obs: dict[str, Any]) -> State:
    """The engine State an observation describes."""
    scored = Categories(np.flatnonzero(obs["filled"]).tolist())
    return State(scored, int(obs["upper_total"][0]), bool(obs["yahtzee_50"]))


def check_obs_against_engine(obs: dict[str, Any], info: dict[str, Any], game: Game) -> None:
    """The observation decoded equals the engine's view, and the masks its legal actions."""
    assert set(obs) == {"dice", "rolls_left", "filled", "upper_total", "yahtzee_50", "action_mask"}
    seen = game.observation(0)
    state, dice, rolls_left = seen.state, seen.dice, seen.rolls_left
    assert decode_state(obs) == state
    card = game.scorecard(0)
    assert obs["filled"].tolist() == [int(b is not None) for b in card.boxes]
    assert int(obs["upper_total"][0]) == min(63, card.upper_subtotal)
    assert bool(obs["yahtzee_50"]) == (card.get("yahtzee") == 50)
    if game.is_terminal:
        assert dice is None and obs["rolls_left"] == 0 and not obs["action_mask"].any()
    else:
        assert dice is not None
        assert obs["dice"].tolist() == dice.faces and Dice.from_faces(obs["dice"].tolist()) == dice
        assert obs["rolls_left"] == rolls_left == game.rolls_left
    assert np.flatnonzero(obs["action_mask"]).tolist() == game.legal_action_ids()
    assert info["action_mask"].dtype == np.bool_
    assert np.array_equal(info["action_mask"], obs["action_mask"].astype(bool))
    assert info["score"] == game.returns()[0]


@pytest.mark.parametrize("render_mode", [None, "ansi"])
def test_gymnasium_check_env_passes_with_the_defaults(render_mode: str | None) -> None:
    env = gymnasium.make(ENV_ID, render_mode=render_mode).unwrapped  # check_env wants the raw env
    assert isinstance(env, YahtzeeEnv) and env.illegal_action == "terminate"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a checker warning fails the test
        check_env(env)
    check_env(gymnasium.make(ENV_ID, illegal_action="penalty").unwrapped)


def test_registered_and_made_through_gymnasium() -> None:
    assert ENV_ID == "parlour/Yahtzee-v0" and ENV_ID in gymnasium.registry
    rules = Rules("free", yahtzee_bonus=False)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        env = gymnasium.make(ENV_ID, rules=rules, render_mode="ansi")
        obs, info = env.reset(seed=0)
        assert env.observation_space.contains(obs)
        obs, *_ = env.step(int(np.flatnonzero(info["action_mask"])[-1]))
        assert env.observation_space.contains(obs)
        assert isinstance(env.render(), str)
    assert isinstance(env.unwrapped, YahtzeeEnv) and env.unwrapped.game.rules == rules


def test_random_masked_episodes_match_the_engine() -> None:
    rng = np.random.default_rng(5)
    env = YahtzeeEnv()
    for episode in range(25):
        obs, info = env.reset(seed=episode)
        reference = Game(seed=info["game_seed"])  # the engine's own game with the same dice
        check_obs_against_engine(obs, info, env.game)
        total, steps, terminated = 0.0, 0, False
        while not terminated:
            # bias towards rerolls so that the episodes are long
            legal = np.flatnonzero(obs["action_mask"])
            rerolls = legal[legal >= 13]
            action = int(rng.choice(rerolls if len(rerolls) and rng.random() < 0.6 else legal))
            before = reference.returns()[0]
            reference.apply(action)
            event = reference.last_event.to_dict()
            obs, reward, terminated, truncated, info = env.step(action)
            steps += 1
            assert env.observation_space.contains(obs) and not truncated
            check_obs_against_engine(obs, info, env.game)
            assert env.game.to_dict() == reference.to_dict()
            assert reward == event.get("reward", 0) == reference.returns()[0] - before
            total += reward
            assert terminated == reference.is_terminal
        assert total == info["score"] == reference.returns()[0] == env.game.scorecard(0).total
        assert 13 <= steps <= 39 and obs["filled"].all()
        with pytest.raises(PhaseError):
            env.step(0)


def play_through_env(env: YahtzeeEnv, bot: Bot, game_seed: int) -> float:
    """Play a game with the bot, deciding from the decoded observation only."""
    obs, info = env.reset(options={"game_seed": game_seed})
    total, terminated = 0.0, False
    while not terminated:
        action = bot.choose(decode_state(obs), obs["dice"].tolist(), obs["rolls_left"])
        obs, reward, terminated, truncated, info = env.step(action.id)
        total += reward
    assert total == info["score"]
    return total


def play_in_engine(bot: Bot, game_seed: int, rules: Rules | None = None) -> int:
    game = Game(rules=rules, seed=game_seed)
    while not game.is_terminal:
        game.apply(bot.act(game.observation(0)))
    return game.returns()[0]


@pytest.fixture(scope="module")
def optimal_bot() -> OptimalBot:
    solver = Solver()
    solver.solve()
    return OptimalBot(solver)


def test_bots_score_the_same_through_the_env(optimal_bot: OptimalBot) -> None:
    env = YahtzeeEnv()
    heuristic = HeuristicBot()
    scores = []
    for game_seed in [0, 1, 7, 12345, MAX_GAME_SEED - 1]:
        for bot in (heuristic, optimal_bot):
            score = play_through_env(env, bot, game_seed)
            assert score == play_in_engine(bot, game_seed)
            scores.append(score)
    assert len(set(scores)) > 1


def test_rules_are_passed_to_the_game() -> None:
    rules = Rules(Joker.NONE, yahtzee_bonus=False, upper_bonus=False)
    env = YahtzeeEnv(rules=rules)
    env.reset(seed=1)
    assert env.rules == rules and env.game.rules == rules
    bot = HeuristicBot(rules)
    for game_seed in range(6):
        assert play_through_env(env, bot, game_seed) == play_in_engine(bot, game_seed, rules)
    with pytest.raises(WrongTypeError):
        YahtzeeEnv(rules="forced")  # type: ignore[arg-type]


def test_same_seed_same_episode_and_unseeded_resets_continue() -> None:
    def episode(env: YahtzeeEnv, seed: int | None) -> list[Any]:
        obs, info = env.reset(seed=seed)
        rng = np.random.default_rng(9)
        trace: list[Any] = [info["game_seed"], obs["dice"].tolist()]
        terminated = False
        while not terminated:
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            obs, reward, terminated, truncated, info = env.step(action)
            trace += [action, reward, obs["dice"].tolist(), obs["rolls_left"]]
        return trace

    a, b = YahtzeeEnv(), YahtzeeEnv()
    assert episode(a, 2024) == episode(b, 2024)
    second_a, second_b = episode(a, None), episode(b, None)
    assert second_a == second_b and second_a[0] != episode(YahtzeeEnv(), 2024)[0]
    seeds = {YahtzeeEnv().reset(seed=s)[1]["game_seed"] for s in range(20)}
    assert len(seeds) == 20 and all(0 <= s < MAX_GAME_SEED for s in seeds)
    # options={"game_seed": s} gives the engine's Game(seed=s)
    obs, info = YahtzeeEnv().reset(seed=3, options={"game_seed": 7})
    assert info["game_seed"] == 7 and obs["dice"].tolist() == Game(seed=7).dice.faces


def test_illegal_actions_raise_and_change_nothing() -> None:
    env = YahtzeeEnv(illegal_action="raise")
    obs, info = env.reset(seed=4)
    env.step(int(np.flatnonzero(info["action_mask"])[0]))  # a box filled: scoring it again is illegal
    obs, info = env.step(int(np.flatnonzero(env.action_masks())[-1]))[::4]
    snapshot = env.game.to_dict()  # includes the generator state
    illegal = np.flatnonzero(~info["action_mask"])
    assert 0 in illegal
    for action in [0, int(illegal[-1]), np.int64(illegal[len(illegal) // 2])]:
        with pytest.raises(IllegalActionError):
            env.step(action)
    with pytest.raises(InvalidValueError):
        env.step(NUM_ACTIONS)
    with pytest.raises(WrongTypeError):
        env.step("score chance")  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError):
        env.step(False)
    assert env.game.to_dict() == snapshot
    np.testing.assert_array_equal(env.action_masks(), info["action_mask"])
    check_obs_against_engine(env._observation(), info, env.game)


def test_reset_options_and_constructor_arguments() -> None:
    env = YahtzeeEnv()
    with pytest.raises(PhaseError):
        env.step(0)
    with pytest.raises(InvalidValueError):
        env.reset(options={"deal": 3})
    with pytest.raises(WrongTypeError):
        env.reset(options={"game_seed": 1.5})
    with pytest.raises(InvalidValueError):
        YahtzeeEnv(render_mode="rgb_array")


def test_render() -> None:
    env = YahtzeeEnv(render_mode="ansi")
    env.reset(options={"game_seed": 7})
    assert env.render() == str(Game(seed=7))
    quiet = YahtzeeEnv()
    quiet.reset(seed=0)
    assert quiet.render() is None


def test_docs_section_runs() -> None:
    result = run_doc_section(DOC, "YahtzeeEnv")
    assert result.attempted > 3 and result.failed == 0


@pytest.mark.parametrize("mode", ["penalty", "terminate"])
def test_illegal_actions_under_penalty_and_terminate(mode: str) -> None:
    env = YahtzeeEnv(illegal_action=mode, illegal_reward=-3.0)
    obs, info = env.reset(seed=4)
    snapshot = env.game.to_dict()
    illegal = int(np.flatnonzero(~info["action_mask"])[-1])
    obs2, reward, terminated, truncated, info2 = env.step(illegal)
    assert reward == -3.0 and info2["illegal_action"] and not truncated
    assert terminated == (mode == "terminate")
    assert env.game.to_dict() == snapshot  # dice and generator untouched
    for key in obs:
        np.testing.assert_array_equal(obs[key], obs2[key])
    if mode == "terminate":
        with pytest.raises(PhaseError):
            env.step(0)
        return
    total = 0.0
    while not terminated:  # the game goes on and its rewards still sum to the score
        obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        assert not info["illegal_action"]
        total += reward
    assert total == info["score"]
    env.reset()
    with pytest.raises(InvalidValueError):
        env.step(NUM_ACTIONS)
