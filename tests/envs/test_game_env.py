"""GameEnv (parlour/Game-v0): every game of the registry as a Gymnasium environment, through the protocol alone."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium", reason="the environments need gymnasium: pip install 'parlour[rl]'")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from parlour import games  # noqa: E402
from parlour.envs.game import GameEnv  # noqa: E402
from parlour.errors import IllegalActionError, InvalidValueError, PhaseError, WrongTypeError  # noqa: E402

from .docs import run_doc_section  # noqa: E402

DOC = Path(__file__).resolve().parents[2] / "docs" / "envs-gym.md"
OPTIONS = {"gin": {}, "yahtzee": {"players": 2}, "freecell": {"options": {"deal": 5}}}


@pytest.mark.parametrize("name", games.names())
def test_every_registered_game_passes_the_checker_and_plays_out(name: str) -> None:
    env = GameEnv(name, **OPTIONS.get(name, {}))  # type: ignore[arg-type]
    check_env(env, skip_render_check=True)
    obs, info = env.reset(seed=1)
    game = env.game
    assert obs["observation"].tolist() == game.observation(0).to_array().tolist()
    assert info["action_mask"].tolist() == game.legal_action_mask().tolist() and game.current_player == 0
    rng, total, done, steps = np.random.default_rng(2), 0.0, False, 0
    while not done and steps < 300:
        obs, reward, done, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        total += reward
        steps += 1
        assert not truncated and (done or env.game.current_player == 0)
    assert total == pytest.approx(info["returns"][0])  # the rewards sum to the seat's return


def test_the_same_seed_plays_the_same_game() -> None:
    def play(seed: int) -> list[object]:
        env = GameEnv("gin", opponents="normal")
        obs, info = env.reset(seed=seed)
        seen: list[object] = [obs["observation"].tobytes()]
        for _ in range(30):
            obs, r, done, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
            seen += [obs["observation"].tobytes(), r]
            if done:
                break
        return seen

    assert play(5) == play(5) and play(5) != play(6)


def test_illegal_actions_and_bad_arguments() -> None:
    env = GameEnv("yahtzee", illegal_action="penalty", illegal_reward=-2.0)
    obs, info = env.reset(seed=3)
    before = env.game.to_dict()
    illegal = int(np.flatnonzero(~info["action_mask"])[0])
    _, reward, done, _, info = env.step(illegal)
    assert (reward, done, info["illegal_action"]) == (-2.0, False, True) and env.game.to_dict() == before
    strict = GameEnv("yahtzee", illegal_action="raise")
    strict.reset(seed=3)
    with pytest.raises(IllegalActionError):
        strict.step(illegal)
    assert strict.game.to_dict() == before
    with pytest.raises(InvalidValueError):
        strict.step(10_000)
    with pytest.raises(WrongTypeError):
        strict.step("score chance")  # type: ignore[arg-type]
    ended = GameEnv("yahtzee")
    _, info = ended.reset(seed=3)
    ended.step(illegal)  # "terminate", the default
    with pytest.raises(PhaseError):
        ended.step(0)
    with pytest.raises(PhaseError):
        GameEnv("freecell").game
    for bad in ({"seat": 2}, {"opponents": "nobody"}, {"opponents": ["heuristic", "heuristic"]}, {"players": 9}):
        with pytest.raises(InvalidValueError):
            GameEnv("yahtzee", **({"players": 2} | bad))  # type: ignore[arg-type]
    with pytest.raises(InvalidValueError):
        GameEnv("chess")


def test_the_docs_section_runs() -> None:
    result = run_doc_section(DOC, "GameEnv")
    assert result.attempted > 3 and result.failed == 0
