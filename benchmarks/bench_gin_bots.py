"""The gin bots: rounds per second, time per decision, and strength (the arena).

Groups (``extra_info`` holds the figure to compare):

- ``gin-bots-rounds``: whole rounds Easy vs Easy — ``simulate_rounds`` in C++ (one core,
  GIL released) beside the same bot written here in pure Python and stepped through
  the Python protocol (the baseline); ``rounds_per_s``.  Target: >= 50,000 rounds/s.
- ``gin-bots-decision``: one decision of each bot on the same fixed set of
  observations (collected from seeded games, every phase); ``ms_per_decision``.
  Target: HardBot <= 20 ms on average.
- Strength (``python benchmarks/bench_gin_bots.py``, and checked by the slow test
  tests/gin/test_strength.py): the arena hard-vs-normal and normal-vs-easy in matches
  to 100 under the default rules, each with its 95 % interval (entirely above 50 %).

    PYTHONPATH=src python -m pytest benchmarks/bench_gin_bots.py          # timed
    PYTHONPATH=src python benchmarks/bench_gin_bots.py [matches]          # the figures of docs/gin-bots.md
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any

import pytest

from parlour.gin import (
    Action,
    ActionKind,
    EasyBot,
    ExpertBot,
    HardBot,
    NormalBot,
    Observation,
    Phase,
    Player,
    ResultKind,
    Round,
    Rules,
    SimpleBot,
    arena,
    best_melds,
    deadwood,
    play_match,
    simulate_rounds,
)
from parlour.gin.arena import wilson_interval
from parlour.gin.bots import EXPERT_BENCH_NODES, EXPERT_DEFAULT_NODES

SEED = 20261129
N_SIM = 50_000  # Easy vs Easy rounds in C++
N_PY = 100  # rounds of the pure-Python Easy bot


class PyEasy:
    """The rule card's easy bot in plain Python (the baseline): same rules as EasyBot."""

    @staticmethod
    def _higher(c: Any) -> tuple[int, int, int]:
        return (c.deadwood, int(c.rank), int(c.suit))

    def act(self, obs: Observation) -> Action:
        legal = obs.legal_actions()
        if obs.phase in (Phase.UPCARD, Phase.DRAW):
            top = obs.discard_pile[-1]
            takes = Action.take_discard() in legal and top not in obs.own_discards
            if takes and top in best_melds(obs.hand | top).melded:
                return Action.take_discard()
            return Action.pass_() if Action.pass_() in legal else Action.draw_stock()
        if obs.phase is Phase.DISCARD:
            cands = [c for c in obs.hand if c != obs.taken]
            best = min(cands, key=lambda c: (deadwood(obs.hand - c), tuple(-x for x in self._higher(c))))
            if deadwood(obs.hand - best) <= obs.knock_limit and Action.knock(best) in legal:
                return Action.knock(best)
            loose = [c for c in best_melds(obs.hand).deadwood_cards if c != obs.taken]
            return Action.discard(max(loose, key=self._higher) if loose else best)
        for a in legal:  # layoffs: any that fits, then finish
            return a
        return Action.finish_layoffs()


def py_rounds(n: int) -> int:
    bot = PyEasy()
    actions = 0
    for i in range(n):
        r = Round.deal(Rules(), Player.ONE if i % 2 == 0 else Player.TWO, SEED + i)
        while not r.is_terminal:
            r.apply(bot.act(r.observation(r.turn)))
            actions += 1
    return actions


def observations(n_rounds: int = 12) -> list[Observation]:
    """Every decision of a few seeded Normal-vs-Normal rounds, as observations of the player to act."""
    out = []
    bot = NormalBot()
    for i in range(n_rounds):
        r = Round.deal(Rules(), Player.ONE if i % 2 == 0 else Player.TWO, SEED + i)
        while not r.is_terminal:
            obs = r.observation(r.turn)
            out.append(obs)
            r.apply(bot.act(obs))
    return out


@pytest.mark.benchmark(group="gin-bots-rounds")
def test_easy_vs_easy_simulate_rounds(benchmark: Any) -> None:
    n = N_SIM
    st = benchmark.pedantic(simulate_rounds, args=(n, SEED, ("easy", "easy")), rounds=3, iterations=1)
    assert st.rounds == n
    if benchmark.stats is not None:
        benchmark.extra_info["rounds_per_s"] = n / benchmark.stats.stats.mean


@pytest.mark.benchmark(group="gin-bots-rounds")
def test_easy_vs_easy_pure_python(benchmark: Any) -> None:
    actions = benchmark.pedantic(py_rounds, args=(N_PY,), rounds=1, iterations=1)
    assert actions > N_PY * 10
    if benchmark.stats is not None:
        benchmark.extra_info["rounds_per_s"] = N_PY / benchmark.stats.stats.mean


OBS: list[Observation] = []


@pytest.mark.parametrize("cls", [EasyBot, NormalBot, HardBot], ids=["easy", "normal", "hard"])
@pytest.mark.benchmark(group="gin-bots-decision")
def test_decision_time(benchmark: Any, cls: Any) -> None:
    if not OBS:
        OBS.extend(observations())
    bot = cls(1)

    def run() -> int:
        for o in OBS:
            bot.act(o)
        return len(OBS)

    n = benchmark.pedantic(run, rounds=3, iterations=1)
    assert n > 100
    if benchmark.stats is not None:
        benchmark.extra_info["ms_per_decision"] = 1000 * benchmark.stats.stats.mean / n


def _load() -> str:
    """The machine's load average (1, 5, 15 min): the figures are measured on a shared machine."""
    try:
        return "load average " + ", ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:  # pragma: no cover
        return "load average unknown"


def _arena(bots: list[Any], matches: int, rules: Rules, jobs: int, duplicate: bool = False, seed: int = SEED) -> None:
    t, cpu = time.perf_counter(), time.process_time()
    res = arena(bots, matches=matches, seed=seed, jobs=jobs, rules=rules, duplicate=duplicate)
    dt, cpu = time.perf_counter() - t, time.process_time() - cpu
    print(res.table())
    for p in res.pairs:
        lo, hi = p.interval
        extra = ""
        if p.duplicate:
            wlo, whi = wilson_interval(p.wins[0], p.matches)
            extra = (
                f"; duplicate: {p.deals} deals, {p.split_deals} split; as independent matches [{wlo:.1%}, {whi:.1%}]"
            )
        print(
            f"  {p.a} vs {p.b}: {p.win_rate:.1%} [{lo:.1%}, {hi:.1%}] (interval width {hi - lo:.1%}), "
            f"{p.raw.decisions} decisions{extra}"
        )
    n = sum(p.raw.decisions for p in res.pairs)
    print(
        f"  ({dt:.0f}s on {jobs} jobs, {cpu:.0f}s of CPU: {1000 * cpu / max(1, n):.3f} ms of CPU per decision of "
        f"either bot; {rules!r}, seed {seed}, {_load()})",
        flush=True,
    )


def speed() -> None:
    """Rounds per second and time per decision of every bot."""
    t = time.perf_counter()
    st = simulate_rounds(200_000, SEED, ("easy", "easy"))
    dt = time.perf_counter() - t
    print(
        f"Easy vs Easy, simulate_rounds, one core: {st.rounds / dt:,.0f} rounds/s ({st.actions / st.rounds:.1f} actions/round)"
    )
    t = time.perf_counter()
    py_rounds(N_PY)
    print(f"Easy vs Easy, pure-Python bot through the protocol: {N_PY / (time.perf_counter() - t):,.0f} rounds/s")
    obs = observations(40)
    for cls in (EasyBot, NormalBot, HardBot, SimpleBot):
        bot = cls(1)
        t = time.perf_counter()
        for o in obs:
            bot.act(o)
        dt = time.perf_counter() - t
        print(f"{cls.__name__}: {1000 * dt / len(obs):.3f} ms per decision over {len(obs)} decisions")
    # ExpertBot: every decision (trivial ones included) and the searched ones alone, in
    # CPU time of this process (one thread; the machine may be shared), and the time
    # budget kept in wall-clock time.
    few = obs[:120]
    for nodes in (EXPERT_BENCH_NODES // 10, EXPERT_BENCH_NODES, EXPERT_DEFAULT_NODES):
        bot = ExpertBot(1, nodes=nodes)
        cpu = time.process_time()
        searched = 0
        for o in few:
            searched += bool(bot.search(o).candidates)
        dt = time.process_time() - cpu
        print(
            f"ExpertBot(nodes={nodes}): {1000 * dt / len(few):.2f} ms of CPU per decision over {len(few)} "
            f"decisions ({searched} searched: {1000 * dt / max(1, searched):.2f} ms each), one thread"
        )
    for ms in (1.0, 10.0, 100.0):
        bot = ExpertBot(1, budget_ms=ms)
        t = time.perf_counter()
        nodes = 0
        for o in few:
            nodes += bot.search(o).nodes
        dt = time.perf_counter() - t
        print(
            f"ExpertBot(budget_ms={ms:g}): {1000 * dt / len(few):.2f} ms per decision (wall clock), "
            f"{nodes / len(few):,.0f} nodes per decision"
        )
    # HardBot in play (its knock decisions run rollouts): time of a Hard-vs-Hard simulation per action.
    t = time.perf_counter()
    st = simulate_rounds(1000, SEED, ("hard", "hard"))
    dt = time.perf_counter() - t
    print(f"HardBot in Hard-vs-Hard play: {1000 * dt / st.actions:.3f} ms per decision ({st.actions} decisions)")
    knock_obs = [o for o in obs if any(a.kind is ActionKind.KNOCK for a in o.legal_actions())]
    hb = HardBot(1)
    t = time.perf_counter()
    for o in knock_obs:
        hb.estimate_knock(o)
    dt = time.perf_counter() - t
    print(f"HardBot knock estimate (samples + rollouts) where a knock is legal: {1000 * dt / len(knock_obs):.3f} ms")
    print(f"({_load()})")


def hands(matches: int, nodes: int, against: str = "simple", seed: int = SEED) -> None:
    """How the hands of a bot's matches end, by who won each hand and how.

    ``against="simple"``: ExpertBot and, for comparison, HardBot each play ``matches``
    matches against SimpleBot under ``Rules.eaai()``; ``against="hard"``: ExpertBot plays
    them against HardBot under ``Rules()``.  The seats alternate; every hand is classed by
    who won it and how (a knock, a gin, an undercut of the other's knock), with its share
    of the hands and its mean points.  Match *m* is dealt from ``seed + m``.
    """
    rules = Rules() if against == "hard" else Rules.eaai()
    other = "HardBot" if against == "hard" else "SimpleBot"
    for name in ("expert",) if against == "hard" else ("expert", "hard"):
        count: dict[str, int] = {}
        points: dict[str, int] = {}
        won = 0
        cpu = time.process_time()
        for m in range(matches):
            bot = ExpertBot(seed + m, nodes=nodes) if name == "expert" else HardBot(seed + m)
            seat = Player.ONE if m % 2 == 0 else Player.TWO
            opponent = HardBot(seed + matches + m) if against == "hard" else SimpleBot(seed + matches + m)
            pair = (bot, opponent)
            match = play_match(*(pair if seat is Player.ONE else pair[::-1]), rules, seed=seed + m)
            won += match.winner == seat
            for h in match.hands:
                if h.kind is ResultKind.DEAD:
                    key = "a dead hand"
                else:
                    winner = "the bot" if h.winner == seat else other
                    key = f"won by {winner}: {h.kind.name.lower().replace('_', ' ')}"
                count[key] = count.get(key, 0) + 1
                points[key] = points.get(key, 0) + h.points(rules)
        total = sum(count.values())
        label = f"ExpertBot ({nodes:,} nodes)" if name == "expert" else "HardBot"
        print(f"{label} vs {other}, {matches} matches, won {won} ({time.process_time() - cpu:.0f}s of CPU):")
        for key in sorted(count):
            print(f"  {key:27s} {count[key] / total:6.1%} of {total} hands, {points[key] / count[key]:5.1f} points")


def main(argv: list[str]) -> None:
    import argparse

    ap = argparse.ArgumentParser(description="The gin bot figures of docs/gin-bots.md.")
    ap.add_argument(
        "what",
        choices=["speed", "levels", "expert", "budget", "hands"],
        help="speed: rounds/s and time per decision; levels: every pair of easy, normal, hard, simple "
        "under both rule sets; expert: expert vs simple (EAAI rules) and vs hard (rule card); "
        "budget: the same at 1/10, 1 and 10 times the benchmark node budget; hands: how the hands of "
        "expert and hard against simple (EAAI rules) end, or with --against hard of expert against hard",
    )
    ap.add_argument("--matches", type=int, default=2000, help="matches per pair (default 2000)")
    ap.add_argument(
        "--nodes",
        type=int,
        default=EXPERT_BENCH_NODES,
        help=f"ExpertBot's node budget (default {EXPERT_BENCH_NODES}, about 10 ms of CPU a decision on average)",
    )
    ap.add_argument("--jobs", type=int, default=2, help="threads (default 2)")
    ap.add_argument(
        "--seed",
        type=int,
        default=SEED,
        help=f"levels/expert/budget/hands: the seed the matches are dealt from (default {SEED})",
    )
    ap.add_argument("--duplicate", action="store_true", help="duplicate matches: each deal twice, the seats swapped")
    ap.add_argument(
        "--against",
        choices=["both", "simple", "hard"],
        default="both",
        help="expert/budget: the opponents (simple under Rules.eaai(), hard under Rules(); default both); "
        "hands: hard for ExpertBot against HardBot",
    )
    ap.add_argument("--points", action="store_true", help="ExpertBot values hands by points, not the match chance")
    ap.add_argument(
        "--opponent", choices=["greedy", "defensive"], default="greedy", help="ExpertBot's playout opponent"
    )
    ap.add_argument("--proposals", type=int, default=32, help="ExpertBot's opponent hands proposed per world")
    ap.add_argument(
        "--tempo", type=float, default=None, help="ExpertBot's belief tempo (default: the bot's own, ExpertBot().tempo)"
    )
    args = ap.parse_args(argv[1:])
    dup = args.duplicate

    def expert(nodes: int) -> ExpertBot:
        tempo = ExpertBot().tempo if args.tempo is None else args.tempo
        return ExpertBot(
            1,
            nodes=nodes,
            match_aware=not args.points,
            opponent=args.opponent,
            proposals=args.proposals,
            tempo=tempo,
        )

    def versus(nodes: int) -> None:
        if args.against in ("both", "simple"):
            _arena([expert(nodes), "simple"], args.matches, Rules.eaai(), args.jobs, dup, args.seed)
        if args.against in ("both", "hard"):
            _arena([expert(nodes), "hard"], args.matches, Rules(), args.jobs, dup, args.seed)

    if args.what == "speed":
        speed()
    elif args.what == "levels":
        for rules in (Rules(), Rules.eaai()):
            _arena(["hard", "normal", "easy", "simple"], args.matches, rules, args.jobs, dup, args.seed)
    elif args.what == "expert":
        versus(args.nodes)
    elif args.what == "hands":
        hands(args.matches, args.nodes, "hard" if args.against == "hard" else "simple", args.seed)
    else:
        for nodes in (args.nodes // 10, args.nodes, args.nodes * 10):
            versus(nodes)


if __name__ == "__main__":
    main(sys.argv)
