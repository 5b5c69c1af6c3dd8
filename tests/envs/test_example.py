"""The learning example (examples/ppo_numpy.py): its hand-written gradients against
finite differences, and a smoke-sized run of each game (the full runs take minutes)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "ppo_numpy.py"


@pytest.fixture(scope="module")
def ppo() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ppo_numpy", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["ppo_numpy"] = module
    spec.loader.exec_module(module)
    return module


def test_gradients_equal_finite_differences(ppo: ModuleType) -> None:
    rng = np.random.default_rng(0)
    net = ppo.Net(7, 5, 6, rng)
    for p in net.params.values():
        p[...] = rng.standard_normal(p.shape).astype(np.float32) * 0.5
    n = 9
    x = rng.standard_normal((n, 7)).astype(np.float32)
    mask = rng.random((n, 6)) < 0.6
    mask[:, 0] = True
    actions = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
    old_logp = np.log(rng.uniform(0.05, 0.9, n)).astype(np.float32)
    adv = rng.standard_normal(n).astype(np.float32)
    ret = rng.standard_normal(n).astype(np.float32)
    cfg = ppo.Config(clip=10.0)  # no clipping: the loss is smooth
    _, grads = ppo.ppo_loss_grads(net, x, mask, actions, old_logp, adv, ret, cfg)
    params64 = {k: v.astype(np.float64) for k, v in net.params.items()}

    def loss_at(name: str, j: int, delta: float) -> float:
        p = params64[name].ravel().copy()
        p[j] += delta
        net.params[name] = p.reshape(params64[name].shape).astype(np.float32)
        loss, _ = ppo.ppo_loss_grads(net, x, mask, actions, old_logp, adv, ret, cfg)
        net.params[name] = params64[name].astype(np.float32)
        return float(loss)

    for name, grad in grads.items():
        size = params64[name].size
        for j in rng.choice(size, size=min(6, size), replace=False):
            h = 1e-2
            numeric = (loss_at(name, j, h) - loss_at(name, j, -h)) / (2 * h)
            assert abs(numeric - grad.ravel()[j]) < 2e-3 + 0.03 * abs(numeric), (name, j)


def test_yahtzee_features_score_the_dice(ppo: ModuleType) -> None:
    from parlour._core.yahtzee import category_score, encode_observation
    from parlour.yahtzee import State

    for text in ["11111", "12345", "23456", "22333", "66654", "13466"]:
        obs = encode_observation(State(), text, 2)[None, :]
        f = ppo.yahtzee_features(obs)
        scores = np.round(f[0, 36 + 3 + 13 : 36 + 3 + 13 + 13] * 50).astype(int)
        natural = [category_score(c, text) for c in range(13)]
        assert scores.tolist() == natural, text


@pytest.mark.slow
@pytest.mark.parametrize("game", ["yahtzee", "gin"])
def test_smoke_run(ppo: ModuleType, game: str) -> None:
    summary = ppo.main([game, "--minutes", "0.05", "--envs", "32", "--eval-episodes", "40"])
    assert summary["steps"] > 0 and summary["updates"] >= 1
    assert np.isfinite(summary["eval_mean"]) and summary["eval_episodes"] == 40
    if game == "yahtzee":
        assert 0 <= summary["eval_mean"] <= 1575 and summary["reference"]["heuristic"] > 150
    else:
        assert 0 <= summary["win_rate"] <= 1
