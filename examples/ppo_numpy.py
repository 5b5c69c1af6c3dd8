"""Proximal policy optimisation in plain NumPy on parlour's batched environments.

A small actor-critic (a two-layer tanh MLP with a policy head over the legal actions and
a value head) trained by PPO (Schulman et al. 2017, "Proximal Policy Optimization
Algorithms", arXiv:1707.06347) with generalised advantage estimation, on

* ``yahtzee``: :class:`parlour.envs.vector.YahtzeeVectorEnv`, scored against the engine's
  ``HeuristicBot`` and ``OptimalBot`` (the exact optimum, 254.59 points on average);
* ``gin``: :class:`parlour.envs.vector.GinVectorEnv` against the engine's ``EasyBot``,
  which plays inside C++; the win rate of the learned policy is measured.

Everything is NumPy (no deep-learning framework): the forward pass, the hand-written
backward pass (checked against finite differences in the tests) and Adam.  Run::

    PYTHONPATH=src python examples/ppo_numpy.py yahtzee --minutes 10
    PYTHONPATH=src python examples/ppo_numpy.py gin --minutes 10
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

F = npt.NDArray[np.float32]

# ---- features -----------------------------------------------------------------------

_FACES = np.arange(1, 7, dtype=np.float32)


def yahtzee_features(obs: npt.NDArray[np.int8]) -> F:
    """Features of the flat Yahtzee observation (dice, rolls left, filled, upper, Yahtzee-50):
    the face counts one-hot, what each box would score now, and the card."""
    dice = obs[:, 0:5].astype(np.int64)
    counts = np.stack([(dice == f).sum(axis=1) for f in range(1, 7)], axis=1)  # (N, 6)
    total = dice.sum(axis=1)
    most = counts.max(axis=1)
    present = counts > 0
    run4 = (present[:, 0:4].all(1)) | (present[:, 1:5].all(1)) | (present[:, 2:6].all(1))
    run5 = (present[:, 0:5].all(1)) | (present[:, 1:6].all(1))
    full = (np.sort(counts, axis=1)[:, -2:] == [2, 3]).all(axis=1)
    scores = np.concatenate(
        [
            counts * _FACES,
            np.stack(
                [
                    np.where(most >= 3, total, 0),
                    np.where(most >= 4, total, 0),
                    np.where(full, 25, 0),
                    np.where(run4, 30, 0),
                    np.where(run5, 40, 0),
                    np.where(most == 5, 50, 0),
                    total,
                ],
                axis=1,
            ),
        ],
        axis=1,
    ).astype(np.float32)
    onehot_counts = (counts[:, :, None] == np.arange(6)).reshape(len(obs), 36)
    rolls = obs[:, 5:6] == np.arange(3)
    filled = obs[:, 6:19].astype(np.float32)
    upper = obs[:, 19:20].astype(np.float32) / 63.0
    return np.concatenate(
        [onehot_counts, rolls, filled, scores / 50.0, scores / 50.0 * (1 - filled), upper, obs[:, 20:21]], axis=1
    ).astype(np.float32)


def gin_features(obs: npt.NDArray[np.int8]) -> F:
    """The gin planes, flattened (13 x 52 values of 0/1)."""
    return obs.reshape(len(obs), -1).astype(np.float32)


# ---- the network: x -> tanh(W1) -> tanh(W2) -> (logits, value) ----------------------


class Net:
    """A two-hidden-layer tanh MLP with a policy head and a value head."""

    def __init__(self, n_in: int, n_hidden: int, n_actions: int, rng: np.random.Generator) -> None:
        def layer(a: int, b: int, scale: float) -> F:
            return (rng.standard_normal((a, b)) * scale / np.sqrt(a)).astype(np.float32)

        self.params: dict[str, F] = {
            "W1": layer(n_in, n_hidden, 1.0),
            "b1": np.zeros(n_hidden, np.float32),
            "W2": layer(n_hidden, n_hidden, 1.0),
            "b2": np.zeros(n_hidden, np.float32),
            "Wp": layer(n_hidden, n_actions, 0.01),
            "bp": np.zeros(n_actions, np.float32),
            "Wv": layer(n_hidden, 1, 1.0),
            "bv": np.zeros(1, np.float32),
        }

    def forward(self, x: F) -> tuple[F, F, tuple[F, F, F]]:
        p = self.params
        h1 = np.tanh(x @ p["W1"] + p["b1"])
        h2 = np.tanh(h1 @ p["W2"] + p["b2"])
        return h2 @ p["Wp"] + p["bp"], (h2 @ p["Wv"] + p["bv"])[:, 0], (x, h1, h2)

    def backward(self, cache: tuple[F, F, F], dlogits: F, dvalue: F) -> dict[str, F]:
        p = self.params
        x, h1, h2 = cache
        g: dict[str, F] = {
            "Wp": h2.T @ dlogits,
            "bp": dlogits.sum(0),
            "Wv": h2.T @ dvalue[:, None],
            "bv": dvalue.sum(0, keepdims=True),
        }
        dh2 = (dlogits @ p["Wp"].T + dvalue[:, None] @ p["Wv"].T) * (1 - h2 * h2)
        g["W2"], g["b2"] = h1.T @ dh2, dh2.sum(0)
        dh1 = (dh2 @ p["W2"].T) * (1 - h1 * h1)
        g["W1"], g["b1"] = x.T @ dh1, dh1.sum(0)
        return g


def masked_log_softmax(logits: F, mask: npt.NDArray[np.bool_]) -> F:
    z = np.where(mask, logits, -1e9).astype(np.float32)
    z = z - z.max(axis=1, keepdims=True)
    return (z - np.log(np.exp(z).sum(axis=1, keepdims=True))).astype(np.float32)


@dataclass
class Config:
    envs: int = 256
    horizon: int = 32
    hidden: int = 256
    lr: float = 3e-4
    gamma: float = 1.0
    lam: float = 0.95
    clip: float = 0.2
    epochs: int = 3
    minibatch: int = 2048
    value_coef: float = 0.5
    entropy_coef: float = 0.01
    reward_scale: float = 0.01


def ppo_loss_grads(
    net: Net,
    x: F,
    mask: npt.NDArray[np.bool_],
    actions: npt.NDArray[np.int64],
    old_logp: F,
    adv: F,
    ret: F,
    cfg: Config,
) -> tuple[float, dict[str, F]]:
    """The PPO loss (clipped surrogate + value + entropy bonus) of a minibatch and its gradients."""
    logits, value, cache = net.forward(x)
    logp_all = masked_log_softmax(logits, mask)
    prob = np.exp(logp_all) * mask
    rows = np.arange(len(x))
    logp = logp_all[rows, actions]
    ratio = np.exp(logp - old_logp)
    clipped = np.clip(ratio, 1 - cfg.clip, 1 + cfg.clip)
    surrogate = np.minimum(ratio * adv, clipped * adv)
    entropy = -(prob * np.where(mask, logp_all, 0)).sum(axis=1)
    n = len(x)
    loss = -surrogate.mean() + cfg.value_coef * ((value - ret) ** 2).mean() - cfg.entropy_coef * entropy.mean()
    # d loss / d logp: -adv * ratio where the unclipped term is the minimum (else 0)
    use = (ratio * adv) <= (clipped * adv)
    dlogp = np.where(use, -adv * ratio, 0.0).astype(np.float32) / n
    onehot = np.zeros_like(logits)
    onehot[rows, actions] = 1.0
    dlogits = dlogp[:, None] * (onehot - prob)
    # entropy H = -sum p log p; dH/dz_j = -p_j (log p_j + H)
    dH = -prob * (np.where(mask, logp_all, 0) + entropy[:, None])
    dlogits -= cfg.entropy_coef * dH / n
    dvalue = (2 * cfg.value_coef * (value - ret) / n).astype(np.float32)
    return float(loss), net.backward(cache, dlogits.astype(np.float32), dvalue)


class Adam:
    def __init__(self, params: dict[str, F], lr: float) -> None:
        self.lr, self.t = lr, 0
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}

    def step(self, params: dict[str, F], grads: dict[str, F]) -> None:
        self.t += 1
        norm = np.sqrt(sum(float((g * g).sum()) for g in grads.values()))
        scale = min(1.0, 0.5 / (norm + 1e-8))  # clip the global gradient norm at 0.5
        for k, g in grads.items():
            g = g * scale
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            mhat = self.m[k] / (1 - 0.9**self.t)
            vhat = self.v[k] / (1 - 0.999**self.t)
            params[k] -= (self.lr * mhat / (np.sqrt(vhat) + 1e-8)).astype(np.float32)


def sample(logits: F, mask: npt.NDArray[np.bool_], rng: np.random.Generator, greedy: bool = False) -> tuple[Any, F]:
    logp = masked_log_softmax(logits, mask)
    if greedy:
        a = np.where(mask, logits, -np.inf).argmax(axis=1)
    else:
        g = -np.log(-np.log(rng.random(logits.shape, dtype=np.float32) + 1e-12) + 1e-12)
        a = np.where(mask, logp + g, -np.inf).argmax(axis=1)
    return a, logp[np.arange(len(a)), a]


def train(
    env: Any, features: Callable[[Any], F], cfg: Config, seconds: float, seed: int, log: Callable[[str], None] = print
) -> tuple[Net, dict[str, Any]]:
    """PPO on a batched environment for `seconds` of wall time; returns the net and a summary."""
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    n_actions = obs["action_mask"].shape[1]
    net = Net(features(obs["observation"]).shape[1], cfg.hidden, n_actions, rng)
    opt = Adam(net.params, cfg.lr)
    start, steps, updates = time.perf_counter(), 0, 0
    ep_returns: list[float] = []
    running = np.zeros(env.num_envs)
    while time.perf_counter() - start < seconds:
        T, N = cfg.horizon, env.num_envs
        xs, masks, acts, logps, vals = [], [], [], [], []
        rews = np.zeros((T, N), np.float32)
        dones = np.zeros((T, N), np.float32)
        valid = np.ones((T, N), bool)
        pending = np.zeros(N, bool)  # next_step autoreset: a finished game's next step is a reset
        for t in range(T):
            x = features(obs["observation"])
            mask = obs["action_mask"].astype(bool)
            mask[~mask.any(axis=1)] = True  # rows waiting for their reset: any action is ignored
            logits, value, _ = net.forward(x)
            a, lp = sample(logits, mask, rng)
            xs.append(x), masks.append(mask), acts.append(a), logps.append(lp), vals.append(value)
            valid[t] = ~pending
            obs, r, term, trunc, _ = env.step(a)
            rews[t] = r * cfg.reward_scale
            done = term | trunc
            dones[t] = done
            running += np.where(pending, 0, r)
            ep_returns += running[done].tolist()
            running[done] = 0
            pending = done
        _, last_value, _ = net.forward(features(obs["observation"]))
        # GAE over the rollout; an episode's end cuts the bootstrap
        adv = np.zeros((T, N), np.float32)
        gae = np.zeros(N, np.float32)
        for t in reversed(range(T)):
            nxt = last_value if t == T - 1 else vals[t + 1]
            nonterminal = 1.0 - dones[t]
            delta = rews[t] + cfg.gamma * nxt * nonterminal - vals[t]
            gae = delta + cfg.gamma * cfg.lam * nonterminal * gae
            gae = np.where(valid[t], gae, 0.0).astype(np.float32)
            adv[t] = gae
        ret = adv + np.stack(vals)
        keep = valid.ravel()
        X = np.concatenate(xs)[keep]
        M = np.concatenate(masks)[keep]
        A = np.concatenate(acts)[keep]
        LP = np.concatenate(logps)[keep]
        RET = ret.ravel()[keep]
        ADV = adv.ravel()[keep]
        ADV = ((ADV - ADV.mean()) / (ADV.std() + 1e-8)).astype(np.float32)
        for _ in range(cfg.epochs):
            order = rng.permutation(len(X))
            for k in range(0, len(X), cfg.minibatch):
                idx = order[k : k + cfg.minibatch]
                _, grads = ppo_loss_grads(net, X[idx], M[idx], A[idx], LP[idx], ADV[idx], RET[idx], cfg)
                opt.step(net.params, grads)
        steps += T * N
        updates += 1
        if updates % 20 == 0 and ep_returns:
            log(
                f"{time.perf_counter() - start:6.0f} s  {steps:>10,} steps  mean return (last 2000 episodes) "
                f"{np.mean(ep_returns[-2000:]):8.2f}"
            )
    return net, {
        "steps": steps,
        "updates": updates,
        "seconds": time.perf_counter() - start,
        "episodes": len(ep_returns),
    }


def evaluate(env: Any, net: Net, features: Callable[[Any], F], episodes: int, seed: int) -> npt.NDArray[np.float64]:
    """Returns of `episodes` episodes played greedily by the net (NEXT_STEP autoreset)."""
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    out: list[float] = []
    running = np.zeros(env.num_envs)
    pending = np.zeros(env.num_envs, bool)
    while len(out) < episodes:
        mask = obs["action_mask"].astype(bool)
        mask[~mask.any(axis=1)] = True
        logits, _, _ = net.forward(features(obs["observation"]))
        a, _ = sample(logits, mask, rng, greedy=True)
        obs, r, term, trunc, _ = env.step(a)
        running += np.where(pending, 0, r)
        done = term | trunc
        out += running[done].tolist()
        running[done] = 0
        pending = done
    return np.array(out[:episodes])


def yahtzee_reference(games: int, seed: int) -> dict[str, float]:
    """Mean scores of the engine's bots over the same number of games (C++ simulation)."""
    from parlour.yahtzee import HeuristicBot, simulate

    heuristic = simulate(games, HeuristicBot(), seed=seed, threads=1)
    return {"heuristic": float(heuristic.mean()), "optimal (exact)": 254.5877287345}


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description="PPO in NumPy on parlour's batched environments")
    parser.add_argument("game", choices=["yahtzee", "gin"])
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--envs", type=int, default=256)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--eval-episodes", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    from parlour.envs.vector import GinVectorEnv, YahtzeeVectorEnv

    if args.game == "yahtzee":
        cfg = Config(envs=args.envs, reward_scale=0.01)
        make = lambda: YahtzeeVectorEnv(args.envs, threads=args.threads, copy=False)  # noqa: E731
        features = yahtzee_features
    else:
        cfg = Config(envs=args.envs, reward_scale=0.01, horizon=64, entropy_coef=0.003)
        make = lambda: GinVectorEnv(args.envs, opponent="easy", threads=args.threads, copy=False)  # noqa: E731
        features = gin_features
    net, summary = train(make(), features, cfg, 60 * args.minutes, args.seed)
    returns = evaluate(make(), net, features, args.eval_episodes, args.seed + 1)
    summary["eval_mean"] = float(returns.mean())
    summary["eval_episodes"] = len(returns)
    if args.game == "yahtzee":
        summary["reference"] = yahtzee_reference(args.eval_episodes, args.seed + 1)
        print(
            f"learned policy: mean score {returns.mean():.1f} over {len(returns)} games "
            f"(HeuristicBot {summary['reference']['heuristic']:.1f}, OptimalBot 254.59)"
        )
    else:
        summary["win_rate"] = float((returns > 0).mean())
        summary["loss_rate"] = float((returns < 0).mean())
        print(
            f"learned policy vs EasyBot: won {summary['win_rate']:.1%}, lost {summary['loss_rate']:.1%} of "
            f"{len(returns)} hands, mean {returns.mean():+.1f} points a hand"
        )
    print(f"{summary['steps']:,} training steps in {summary['seconds']:.0f} s")
    return summary


if __name__ == "__main__":
    main()
