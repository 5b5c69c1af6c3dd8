"""The gin coach: CPU time of one piece of advice and of the review of a whole hand.

Groups (``extra_info`` holds the figure to compare):

- ``gin-coach``: ``advise`` at the default budget (COACH_DEFAULT_NODES) on every
  decision of a few seeded hands of a match (ExpertBot against HardBot, the observations
  of gin.Game, so the chance to win the match is computed too), beside ExpertBot's own
  search of the same decisions (the baseline: the short list of candidates);
  ``ms_per_decision``.  Target: <= 300 ms a decision.
- ``gin-coach``: ``review`` of one seat's whole hand, ``s_per_hand``.  Target: <= 3 s.

    PYTHONPATH=src python -m pytest benchmarks/bench_gin_coach.py      # timed
    PYTHONPATH=src python benchmarks/bench_gin_coach.py [hands]        # the figures of docs/gin-bots.md (CPU time)
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any

import pytest

from parlour.gin import ExpertBot, Game, HardBot, Observation, Player, Rules, advise, review
from parlour.gin.bots import EXPERT_BENCH_NODES

SEED = 20261129


def hands(n: int) -> list[dict[Player, list[tuple[Observation, Any]]]]:
    """The decisions of each seat in the first n hands of seeded matches (ExpertBot vs HardBot)."""
    out: list[dict[Player, list[tuple[Observation, Any]]]] = []
    m = 0
    while len(out) < n:
        g = Game(Rules(), SEED + m)
        bots = {Player.ONE: ExpertBot(m, nodes=EXPERT_BENCH_NODES // 4), Player.TWO: HardBot(m)}
        current: dict[Player, list[tuple[Observation, Any]]] = {Player.ONE: [], Player.TWO: []}
        hands_before = 0
        while not g.is_terminal and len(out) < n:
            p = g.current_player
            assert p is not None
            obs = g.observation(p)
            a = bots[p].act(obs)
            current[p].append((obs, a))
            g.apply(a)
            if len(g.match.hands) > hands_before:
                hands_before = len(g.match.hands)
                out.append(current)
                current = {Player.ONE: [], Player.TWO: []}
        m += 1
    return out


HANDS: list[dict[Player, list[tuple[Observation, Any]]]] = []


def _decisions() -> list[Observation]:
    if not HANDS:
        HANDS.extend(hands(4))
    return [o for h in HANDS for seat in h.values() for o, _ in seat if len(o.legal_actions()) > 1]


@pytest.mark.benchmark(group="gin-coach")
def test_advice(benchmark: Any) -> None:
    obs = _decisions()

    def run() -> int:
        for o in obs:
            advise(o)
        return len(obs)

    n = benchmark.pedantic(run, rounds=1, iterations=1)
    assert n > 10
    if benchmark.stats is not None:
        benchmark.extra_info["ms_per_decision"] = 1000 * benchmark.stats.stats.mean / n


@pytest.mark.benchmark(group="gin-coach")
def test_expert_search_baseline(benchmark: Any) -> None:
    obs = _decisions()
    bot = ExpertBot(0, nodes=EXPERT_BENCH_NODES * 2)

    def run() -> int:
        for o in obs:
            bot.search(o)
        return len(obs)

    n = benchmark.pedantic(run, rounds=1, iterations=1)
    if benchmark.stats is not None:
        benchmark.extra_info["ms_per_decision"] = 1000 * benchmark.stats.stats.mean / n


@pytest.mark.benchmark(group="gin-coach")
def test_review_of_a_hand(benchmark: Any) -> None:
    if not HANDS:
        HANDS.extend(hands(4))
    histories = [h[Player.ONE] for h in HANDS]

    def run() -> int:
        for h in histories:
            review(h)
        return len(histories)

    n = benchmark.pedantic(run, rounds=1, iterations=1)
    if benchmark.stats is not None:
        benchmark.extra_info["s_per_hand"] = benchmark.stats.stats.mean / n


def _load() -> str:
    try:
        return "load average " + ", ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:  # pragma: no cover
        return "load average unknown"


def main(argv: list[str]) -> None:
    """CPU time of advice and reviews on the decisions of `hands` seeded hands (default 12)."""
    n = int(argv[1]) if len(argv) > 1 else 12
    hs = hands(n)
    times: list[float] = []
    searched = 0
    for h in hs:
        for seat in h.values():
            for o, _ in seat:
                if len(o.legal_actions()) < 2:
                    continue
                t = time.process_time()
                advise(o)
                times.append(time.process_time() - t)
                searched += 1
    times.sort()
    print(
        f"advise at {os.environ.get('NODES', 'the default budget')}: {searched} decisions of {n} hands, "
        f"CPU per decision: mean {1000 * sum(times) / len(times):.1f} ms, median {1000 * times[len(times) // 2]:.1f} "
        f"ms, 95th percentile {1000 * times[int(0.95 * len(times))]:.1f} ms, max {1000 * times[-1]:.1f} ms"
    )
    per_hand: list[float] = []
    for h in hs:
        for seat in h.values():
            t = time.process_time()
            review(seat)
            per_hand.append(time.process_time() - t)
    per_hand.sort()
    print(
        f"review of one seat's hand: {len(per_hand)} hands, CPU per hand: mean {sum(per_hand) / len(per_hand):.2f} s, "
        f"max {per_hand[-1]:.2f} s ({_load()}; one thread)"
    )


if __name__ == "__main__":
    main(sys.argv)
