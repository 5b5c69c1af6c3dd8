"""FreeCellEnv: Gymnasium's checker, observations decoded against the engine, masks,
rewards, seeding, illegal actions, truncation, rendering and the docs section."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from parlour.cards import Card  # noqa: E402
from parlour.envs import FreeCellEnv  # noqa: E402
from parlour.envs.freecell import ENV_ID, MAX_CASCADE, MAX_DEAL  # noqa: E402
from parlour.errors import InvalidValueError, PhaseError, WrongTypeError  # noqa: E402
from parlour.freecell import NUM_ACTIONS, Game, GameState, IllegalMove, PositionKind, Solution, solve  # noqa: E402

from .docs import run_doc_section  # noqa: E402

DOC = Path(__file__).resolve().parents[2] / "docs" / "envs-gym.md"


def decode_cascade(row: np.ndarray) -> list[Card]:
    """The cards of one row of "cascades" (bottom first), stopping at the first 0."""
    cards = []
    for v in row:
        if v == 0:
            break
        cards.append(Card.from_index(int(v) - 1))
    assert not row[len(cards) :].any(), "a card above an empty slot"
    return cards


def check_obs_against_engine(obs: dict[str, np.ndarray], info: dict[str, Any], game: Game) -> None:
    """The observation decoded equals the engine's position, and the masks its legal actions."""
    state = game.state
    assert set(obs) == {"cascades", "freecells", "foundations", "action_mask"}
    assert obs["cascades"].shape == (8, MAX_CASCADE) and obs["cascades"].dtype == np.int8
    for row, cascade in zip(obs["cascades"], state.cascades):
        assert decode_cascade(row) == list(cascade)
    cells = [None if v == 0 else Card.from_index(int(v) - 1) for v in obs["freecells"]]
    assert cells == list(state.freecells)
    assert tuple(obs["foundations"]) == state.foundations.heights
    assert sorted(np.flatnonzero(obs["action_mask"]).tolist()) == game.legal_action_ids()
    assert info["action_mask"].dtype == np.bool_
    assert np.array_equal(info["action_mask"], obs["action_mask"].astype(bool))
    assert np.array_equal(info["action_mask"], game.legal_action_mask())
    assert info["deal"] == game.deal


@pytest.mark.parametrize("render_mode", [None, "ansi"])
def test_gymnasium_check_env_passes_with_the_defaults(render_mode: str | None) -> None:
    env = gymnasium.make(ENV_ID, render_mode=render_mode).unwrapped  # check_env wants the raw env
    assert isinstance(env, FreeCellEnv) and env.illegal_action == "terminate"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a checker warning fails the test
        check_env(env)
    check_env(gymnasium.make(ENV_ID, illegal_action="penalty").unwrapped)


def test_registered_and_made_through_gymnasium() -> None:
    assert ENV_ID == "parlour/FreeCell-v0" and ENV_ID in gymnasium.registry
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the passive checker of make() finds nothing to say
        env = gymnasium.make(ENV_ID, render_mode="ansi", max_steps=50)
        obs, info = env.reset(seed=0)
        assert env.observation_space.contains(obs)
        action = int(np.flatnonzero(info["action_mask"])[0])
        obs, reward, terminated, truncated, info = env.step(action)
        assert env.observation_space.contains(obs)
        assert isinstance(env.render(), str)
    assert isinstance(env.unwrapped, FreeCellEnv) and env.unwrapped.max_steps == 50


def test_random_masked_episodes_match_the_engine() -> None:
    rng = np.random.default_rng(11)
    env = FreeCellEnv(max_steps=300)
    ends = []
    for episode in range(4):
        obs, info = env.reset(seed=episode)
        assert 1 <= info["deal"] <= MAX_DEAL
        reference = Game(deal=info["deal"])  # an independent engine game fed the same moves
        check_obs_against_engine(obs, info, env.game)
        assert env.game.state == reference.state
        total = 0.0
        terminated = truncated = False
        while not (terminated or truncated):
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            before = len(reference.state.foundations)
            reference.apply(action)
            move = reference.history[-1]
            obs, reward, terminated, truncated, info = env.step(action)
            assert env.observation_space.contains(obs)
            check_obs_against_engine(obs, info, env.game)
            assert env.game.state == reference.state
            to_home = move.count if move.to.kind == PositionKind.FOUNDATION else 0
            assert reward * 52 == pytest.approx(to_home)  # no automatic moves
            assert reward * 52 == pytest.approx(len(reference.state.foundations) - before)
            total += reward
            assert terminated == reference.is_terminal
        assert total == pytest.approx(len(env.game.state.foundations) / 52)
        assert truncated == (env.steps == 300)
        ends.append(terminated)
        with pytest.raises(PhaseError):
            env.step(0)
    assert any(ends)  # random play gets stuck within 300 moves on some deals


def test_a_solution_played_through_the_env_sums_to_one() -> None:
    env = FreeCellEnv()
    obs, info = env.reset(options={"deal": 1})
    assert info["deal"] == 1 and env.game.state == GameState.from_ms_deal(1)
    solution = solve(GameState.from_ms_deal(1))
    assert isinstance(solution, Solution)
    rewards = []
    terminated = False
    for move in solution.moves:
        assert not terminated
        obs, reward, terminated, truncated, info = env.step(move.id)
        rewards.append(reward)
        assert not truncated
    assert terminated and env.game.state.is_solved and env.game.returns() == (1.0,)
    assert sum(rewards) == pytest.approx(1.0)
    assert obs["foundations"].tolist() == [13, 13, 13, 13]
    assert not obs["cascades"].any() and not obs["freecells"].any() and not obs["action_mask"].any()


def test_same_seed_same_episode_and_unseeded_resets_continue() -> None:
    def episode(env: FreeCellEnv, seed: int | None) -> list[Any]:
        obs, info = env.reset(seed=seed)
        rng = np.random.default_rng(3)
        trace: list[Any] = [info["deal"], obs["cascades"].tobytes()]
        for _ in range(40):
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            obs, reward, terminated, truncated, info = env.step(action)
            trace += [action, reward, terminated, obs["cascades"].tobytes(), obs["freecells"].tobytes()]
            if terminated:
                break
        return trace

    a, b = FreeCellEnv(), FreeCellEnv()
    assert episode(a, 42) == episode(b, 42)
    # without a seed, reset continues from the env's generator: different, but reproducible
    second_a, second_b = episode(a, None), episode(b, None)
    assert second_a == second_b
    assert second_a[0] != episode(FreeCellEnv(), 42)[0]
    deals = {FreeCellEnv().reset(seed=s)[1]["deal"] for s in range(20)}
    assert len(deals) == 20 and all(1 <= d <= MAX_DEAL for d in deals)


def test_illegal_actions_raise_and_change_nothing() -> None:
    env = FreeCellEnv(illegal_action="raise")
    obs, info = env.reset(options={"deal": 617})
    state, steps = env.game.state, env.steps
    illegal = np.flatnonzero(~info["action_mask"])
    for action in [int(illegal[0]), int(illegal[-1]), np.int64(illegal[len(illegal) // 2])]:
        with pytest.raises(IllegalMove):
            env.step(action)
    with pytest.raises(InvalidValueError):
        env.step(NUM_ACTIONS)
    with pytest.raises(WrongTypeError):
        env.step("3a")  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError):
        env.step(True)
    assert env.game.state == state and env.steps == steps and not env.game.history
    np.testing.assert_array_equal(env.action_masks(), info["action_mask"])
    # the env still plays on afterwards
    obs2, *_ = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert env.steps == 1


def test_reset_options_and_constructor_arguments() -> None:
    env = FreeCellEnv()
    with pytest.raises(PhaseError):
        env.step(0)
    with pytest.raises(PhaseError):
        _ = env.game
    with pytest.raises(InvalidValueError):
        env.reset(options={"seed": 3})
    with pytest.raises(WrongTypeError):
        env.reset(options={"deal": "1"})
    with pytest.raises(InvalidValueError):
        env.reset(options={"deal": 0})  # the engine's own check of the deal number
    with pytest.raises(InvalidValueError):
        FreeCellEnv(max_steps=0)
    with pytest.raises(InvalidValueError):
        FreeCellEnv(render_mode="human")
    obs, info = env.reset(seed=5, options={"deal": 11982})
    assert info["deal"] == 11982 and env.game.deal == 11982
    assert np.array_equal(FreeCellEnv.encode(GameState.from_ms_deal(11982))["cascades"], obs["cascades"])


def test_truncation_after_max_steps() -> None:
    env = FreeCellEnv(max_steps=3)
    obs, info = env.reset(options={"deal": 1})
    flags = []
    for _ in range(3):
        obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        flags.append((terminated, truncated))
    assert flags == [(False, False), (False, False), (False, True)]
    with pytest.raises(PhaseError):
        env.step(int(np.flatnonzero(info["action_mask"])[0]))
    env.reset()
    assert env.steps == 0


def test_render() -> None:
    env = FreeCellEnv(render_mode="ansi")
    env.reset(options={"deal": 1})
    assert env.render() == str(GameState.from_ms_deal(1))
    quiet = FreeCellEnv()
    quiet.reset(options={"deal": 1})
    assert quiet.render() is None


def test_docs_section_runs() -> None:
    result = run_doc_section(DOC, "FreeCellEnv")
    assert result.attempted > 3 and result.failed == 0


@pytest.mark.parametrize("mode", ["penalty", "terminate"])
def test_illegal_actions_under_penalty_and_terminate(mode: str) -> None:
    env = FreeCellEnv(illegal_action=mode, illegal_reward=-0.5, max_steps=50)
    obs, info = env.reset(options={"deal": 617})
    state = env.game.state
    illegal = int(np.flatnonzero(~info["action_mask"])[3])
    assert not env.game.can_apply(illegal) and not info["illegal_action"]
    obs2, reward, terminated, truncated, info2 = env.step(illegal)
    assert reward == -0.5 and info2["illegal_action"] and not truncated
    assert terminated == (mode == "terminate") and env.steps == 1
    assert env.game.state == state and not env.game.history  # the game is unchanged
    for key in obs:
        np.testing.assert_array_equal(obs[key], obs2[key])
    if mode == "terminate":
        with pytest.raises(PhaseError):
            env.step(int(np.flatnonzero(info["action_mask"])[0]))
        return
    # penalty: the episode goes on, the steps count towards truncation
    obs3, reward, terminated, truncated, info3 = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert not info3["illegal_action"] and env.steps == 2 and len(env.game.history) == 1
    for _ in range(48):
        *_, terminated, truncated, _ = env.step(illegal if env.game.state == state else NUM_ACTIONS - 1)
    assert truncated and env.steps == 50
    with pytest.raises(InvalidValueError):
        FreeCellEnv(illegal_action="ignore")
    with pytest.raises(WrongTypeError):
        FreeCellEnv(illegal_reward="-1")  # type: ignore[arg-type]


def test_a_move_outside_the_mask_is_illegal_in_every_mode() -> None:
    """The mask marks exactly the legal moves: a card goes to the first empty free cell."""
    for mode in ("raise", "penalty", "terminate"):
        env = FreeCellEnv(illegal_action=mode)
        obs, info = env.reset(options={"deal": 1})
        to_cell_a, to_cell_b = 0 * 13 + 8, 0 * 13 + 9  # cascade 1 to free cell a / b
        assert info["action_mask"][to_cell_a] and env.game.can_apply(to_cell_a)
        assert not info["action_mask"][to_cell_b] and not env.game.can_apply(to_cell_b)
        before = env.game.state
        if mode == "raise":
            with pytest.raises(IllegalMove, match="first empty free cell"):
                env.step(to_cell_b)
        else:
            obs, reward, terminated, truncated, info = env.step(to_cell_b)
            assert info["illegal_action"] and reward == -1.0 and terminated == (mode == "terminate")
        assert env.game.state == before
