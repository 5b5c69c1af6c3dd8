"""The NumPy samplers of benchmarks/bench_envs.py draw a uniformly random legal action
per game from a batch of masks (the figures of docs/envs-vector.md rely on it)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest


def bench() -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_envs.py"
    spec = importlib.util.spec_from_file_location("bench_envs", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", ["index", "noise"])
def test_samplers_draw_legal_actions_uniformly(name: str) -> None:
    sample = bench().SAMPLERS[name]
    rng = np.random.default_rng(0)
    masks = (rng.random((300, 924)) < 0.03).astype(np.int8)
    masks[7] = 0  # no legal action: the index sampler answers 0
    masks[8] = 0
    masks[8, 923] = 1  # the last id only
    for _ in range(5):
        actions = sample(masks, rng)
        assert actions.shape == (300,)
        assert all(masks[i, a] == 1 for i, a in enumerate(actions) if i != 7)
        assert actions[8] == 923
        if name == "index":
            assert actions[7] == 0
    # uniform among a row's legal ids: 30,000 draws over 3 ids, each within 5 % of 1/3
    rows = np.zeros((30_000, 223), dtype=np.int8)
    rows[:, [4, 100, 222]] = 1
    counts = np.bincount(sample(rows, rng), minlength=223)[[4, 100, 222]]
    assert counts.sum() == 30_000 and np.all(np.abs(counts / 30_000 - 1 / 3) < 0.05 / 3)
