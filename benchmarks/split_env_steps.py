"""Where the time of a batched environment step goes, at N games on one thread: CPU
time (time.process_time, so other processes on a shared machine count less than in
wall-clock figures) of

* ``sample``: the benchmark's NumPy choice of one random legal action per game from
  the (N, actions) mask (each sampler of bench_envs.py),
* ``batch.step``: the C++ step alone (``env.batch.step(actions)``), replaying action
  arrays recorded from a random run, so every action is legal as in the benchmark,
* ``VectorEnv.step``: the Python wrapper around it (the wrapper's total minus the
  C++ step).

    PYTHONPATH=src python benchmarks/split_env_steps.py [--n 1024] [--calls 200]
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

import numpy as np
from bench_envs import SAMPLERS, make_batched  # type: ignore[import-not-found]


def record(game: str, n: int, calls: int) -> list[np.ndarray]:
    """The action arrays of a random run of `calls` steps (seed 1)."""
    env = make_batched(game, n, 1)
    obs, _ = env.reset(seed=1)
    rng = np.random.default_rng(1)
    out = []
    for _ in range(calls):
        a = SAMPLERS["index"](obs["action_mask"], rng)
        out.append(a)
        obs, *_ = env.step(a)
    return out


def cpu(fn: Any, repeat: int = 3) -> float:
    """The least CPU time of `repeat` runs of fn (seconds)."""
    best = float("inf")
    for _ in range(repeat):
        t = time.process_time()
        fn()
        best = min(best, time.process_time() - t)
    return best


def split(game: str, n: int, calls: int) -> dict[str, float]:
    actions = record(game, n, calls)

    def c_step() -> None:
        env = make_batched(game, n, 1)
        env.reset(seed=1)
        b = env.batch
        for a in actions:
            b.step(a)

    def wrapper() -> None:
        env = make_batched(game, n, 1)
        env.reset(seed=1)
        for a in actions:
            env.step(a)

    def reset_only() -> None:
        env = make_batched(game, n, 1)
        env.reset(seed=1)

    env = make_batched(game, n, 1)
    obs, _ = env.reset(seed=1)
    masks = [obs["action_mask"].copy()]
    for a in actions[: min(20, calls)]:
        obs, *_ = env.step(a)
        masks.append(obs["action_mask"].copy())
    rng = np.random.default_rng(2)
    out: dict[str, float] = {}
    base = cpu(reset_only)
    out["batch.step"] = (cpu(c_step) - base) / calls
    out["VectorEnv.step"] = (cpu(wrapper) - base) / calls - out["batch.step"]
    for name, fn in SAMPLERS.items():
        out[f"sample ({name})"] = cpu(
            lambda fn=fn: [fn(m, rng) for _ in range(calls // len(masks) + 1) for m in masks]
        ) / ((calls // len(masks) + 1) * len(masks))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="yahtzee,freecell,gin")
    parser.add_argument("--n", type=int, default=1024)
    parser.add_argument("--calls", type=int, default=200)
    args = parser.parse_args()
    print(f"N={args.n}, 1 thread, CPU ms per call (load average {os.getloadavg()[0]:.1f})")
    print("| game | part | CPU ms / call | steps/s of CPU |")
    print("|---|---|---:|---:|")
    for game in args.games.split(","):
        for part, sec in split(game, args.n, args.calls).items():
            print(f"| {game} | {part} | {sec * 1e3:.3f} | {args.n / sec:,.0f} |", flush=True)
    print(f"(load average at the end {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
