"""RL environment steps per second: the batched environments (parlour.envs.vector) at
N = 1, 64, 1024 and 4096 games on one and two threads, beside the single environments,
the bare engine loops they wrap and, for gin, OpenSpiel's ``gin_rummy`` with observation
tensors (when pyspiel is installed).

Every row is random play from the action mask with the observation written: the
single environments and engine loops choose with ``rng.choice`` over the legal ids,
the batched ones choose in NumPy from the whole (N, actions) mask at once (a uniform
draw per game among its legal ids: ``sample_by_index``; ``--sampler noise`` uses the
argmax of uniform noise times the mask instead, which draws a number for every action).  ``extra_info["steps_per_s"]``
holds the throughput; each group is one game, so the table shows the ratios.

    PYTHONPATH=src python -m pytest benchmarks/bench_envs.py
    PYTHONPATH=src python benchmarks/bench_envs.py        # the same as a table
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

STEPS = 3000


def once(benchmark: Any, fn: Any) -> Any:
    return benchmark.pedantic(fn, rounds=3, iterations=1, warmup_rounds=1)


def _record(benchmark: Any, steps: int) -> None:
    benchmark.extra_info["steps"] = steps
    benchmark.extra_info["steps_per_s"] = round(steps / benchmark.stats.stats.min)


# ---- the two Gymnasium environments ---------------------------------------------------


def gym_env(env: Any, steps: int) -> int:
    """Random masked steps of a Gymnasium environment (reset when an episode ends)."""
    rng = np.random.default_rng(1)
    _, info = env.reset(seed=1)
    for _ in range(steps):
        _, _, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        if term or trunc:
            _, info = env.reset()
    return steps


def freecell_env(steps: int) -> int:
    from parlour.envs.freecell import FreeCellEnv

    return gym_env(FreeCellEnv(), steps)


def yahtzee_env(steps: int) -> int:
    from parlour.envs.yahtzee import YahtzeeEnv

    return gym_env(YahtzeeEnv(), steps)


# ---- the bare engine loops ----------------------------------------------------------------


def freecell_engine(steps: int) -> int:
    from parlour.freecell import Game

    rng = np.random.default_rng(1)
    deal = 1
    game = Game(deal=deal)
    for _ in range(steps):
        legal = game.legal_actions()
        if not legal or game.is_terminal:
            deal += 1
            game = Game(deal=deal)
            legal = game.legal_actions()
        game.apply(legal[int(rng.integers(len(legal)))])
    return steps


def yahtzee_engine(steps: int) -> int:
    from parlour.yahtzee import Game

    rng = np.random.default_rng(1)
    seed = 1
    game = Game(players=1, seed=seed)
    for _ in range(steps):
        if game.is_terminal:
            seed += 1
            game = Game(players=1, seed=seed)
        legal = game.legal_actions()
        game.apply(legal[int(rng.integers(len(legal)))])
    return steps


# ---- gin rummy --------------------------------------------------------------------------


def gin_env(steps: int) -> int:
    from parlour.envs.gin import GinEnv

    rng = np.random.default_rng(1)
    env = GinEnv()
    env.reset(seed=1)
    done = 0
    while done < steps:
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            if not env.agents:
                env.reset()
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        done += 1
    return steps


def gin_engine(steps: int) -> int:
    from parlour.gin import Player, Round, Rules

    rng = np.random.default_rng(1)
    rules = Rules()
    seed = 1
    r = Round.deal(rules, Player.ONE, seed)
    for _ in range(steps):
        if r.is_terminal:
            seed += 1
            r = Round.deal(rules, Player.ONE, seed)
        player = r.current_player
        assert player is not None
        r.observation(player)  # what an agent would look at
        legal = r.legal_action_ids()
        r.apply(legal[int(rng.integers(len(legal)))])
    return steps


def gin_openspiel(steps: int) -> int:
    import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]

    rng = np.random.default_rng(1)
    game = pyspiel.load_game("gin_rummy")
    s = game.new_initial_state()
    done = 0
    while done < steps:
        if s.is_terminal():
            s = game.new_initial_state()
        if s.is_chance_node():
            outcomes = s.chance_outcomes()
            s.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
            continue
        s.observation_tensor(s.current_player())
        legal = s.legal_actions()
        s.apply_action(legal[int(rng.integers(len(legal)))])
        done += 1
    return steps


# ---- the batched environments ---------------------------------------------------------------

BATCH_SIZES = (1, 64, 1024, 4096)
THREADS = (1, 2)


def make_batched(game: str, n: int, threads: int) -> Any:
    from parlour.envs.vector import FreeCellVectorEnv, GinVectorEnv, YahtzeeVectorEnv

    if game == "yahtzee":
        return YahtzeeVectorEnv(n, threads=threads, copy=False)
    if game == "freecell":
        return FreeCellVectorEnv(n, threads=threads, copy=False)
    return GinVectorEnv(n, opponent="random", threads=threads, copy=False)


def sample_by_noise(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One uniformly random legal action per row of an (N, actions) 0/1 mask: the argmax
    of uniform noise times the mask (a random number for every action of every game)."""
    return (rng.random(masks.shape, dtype=np.float32) * masks).argmax(axis=1)


def sample_by_index(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One uniformly random legal action per row of an (N, actions) 0/1 mask: the legal
    ids of all rows at once (np.flatnonzero), one random number per game picks among its
    own; a row without a legal action gets action 0."""
    n, width = masks.shape
    ids = np.flatnonzero(masks.view(np.bool_) if masks.dtype.itemsize == 1 else masks)
    rows = ids // width
    counts = np.bincount(rows, minlength=n)
    starts = np.cumsum(counts) - counts
    pick = starts + (rng.random(n) * counts).astype(np.int64)
    out = np.zeros(n, dtype=np.int64)
    some = counts > 0
    out[some] = ids[pick[some]] - rows[pick[some]] * width
    return out


#: The NumPy samplers: "index" is the benchmark's (its cost grows with the legal actions),
#: "noise" the one earlier figures used (its cost grows with the whole mask).
SAMPLERS = {"index": sample_by_index, "noise": sample_by_noise}


def batched(game: str, n: int, threads: int, steps: int, sampler: str = "index") -> int:
    """Random masked steps of a batched environment: steps // n calls of n games."""
    env = make_batched(game, n, threads)
    obs, _ = env.reset(seed=1)
    masks = obs["action_mask"]  # a view the batch rewrites on every step
    rng = np.random.default_rng(1)
    sample = SAMPLERS[sampler]
    calls = max(1, steps // n)
    for _ in range(calls):
        env.step(sample(masks, rng))
    return calls * n


def batched_steps(game: str, n: int) -> int:
    """How many steps a batched case runs (enough calls to time, few enough to be quick)."""
    return max(20 * n, 200_000 if game == "yahtzee" else 100_000)


CASES = {
    ("freecell", "env"): freecell_env,
    ("freecell", "engine"): freecell_engine,
    ("yahtzee", "env"): yahtzee_env,
    ("yahtzee", "engine"): yahtzee_engine,
    ("gin", "env"): gin_env,
    ("gin", "engine"): gin_engine,
    ("gin", "openspiel"): gin_openspiel,
}


@pytest.mark.parametrize(("game", "impl"), list(CASES))
def test_steps(benchmark: Any, game: str, impl: str) -> None:
    """A single environment, an engine loop or OpenSpiel: STEPS random masked steps."""
    pytest.importorskip("gymnasium")
    pytest.importorskip("pettingzoo")
    if impl == "openspiel":
        pytest.importorskip("pyspiel")
    benchmark.group = f"env-steps-{game}"
    fn = CASES[(game, impl)]
    assert once(benchmark, lambda: fn(STEPS)) == STEPS
    if benchmark.enabled:
        _record(benchmark, STEPS)


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize("n", BATCH_SIZES)
@pytest.mark.parametrize("game", ["yahtzee", "freecell", "gin"])
def test_batched_steps(benchmark: Any, game: str, n: int, threads: int) -> None:
    """A batched environment of n games on `threads` threads."""
    pytest.importorskip("gymnasium")
    benchmark.group = f"env-steps-{game}"
    steps = batched_steps(game, n) if benchmark.enabled else 2 * n
    done = once(benchmark, lambda: batched(game, n, threads, steps))
    assert done >= n
    if benchmark.enabled:
        _record(benchmark, done)


def main() -> None:
    """Print every case's steps per second, best of three runs, as a Markdown table."""
    import argparse
    import importlib.util
    import time

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="yahtzee,freecell,gin")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--sampler", choices=sorted(SAMPLERS), default="index", help="how the batched rows draw actions"
    )
    parser.add_argument("--sizes", default=",".join(map(str, BATCH_SIZES)), help="the batch sizes N")
    parser.add_argument("--threads", default=",".join(map(str, THREADS)), help="the thread counts")
    parser.add_argument("--no-single", action="store_true", help="only the batched rows")
    args = parser.parse_args()
    import os

    print(f"load average at the start: {os.getloadavg()[0]:.1f}; sampler {args.sampler}")

    def best(fn: Any) -> float:
        rates = []
        for _ in range(args.repeat):
            t = time.perf_counter()
            done = fn()
            rates.append(done / (time.perf_counter() - t))
        return max(rates)

    print("| game | implementation | steps/s |")
    print("|---|---|---:|")
    for game in args.games.split(","):
        rows: list[tuple[str, float]] = []
        for (g, impl), fn in CASES.items():
            if args.no_single or g != game or (impl == "openspiel" and importlib.util.find_spec("pyspiel") is None):
                continue
            rows.append((f"{impl} (Python loop)", best(lambda fn=fn: fn(STEPS))))
        for threads in map(int, args.threads.split(",")):
            for n in map(int, args.sizes.split(",")):
                steps = batched_steps(game, n)
                rows.append(
                    (
                        f"batched N={n}, {threads} thread(s)",
                        best(
                            lambda game=game, n=n, threads=threads, steps=steps: batched(
                                game, n, threads, steps, args.sampler
                            )
                        ),
                    )
                )
        for name, rate in rows:
            print(f"| {game} | {name} | {rate:,.0f} |", flush=True)
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
