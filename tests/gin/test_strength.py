"""The bots' strength, a full sweep (``slow``): in matches to 100 under the rule card,
HardBot beats NormalBot and NormalBot beats EasyBot, each with its 95 % interval entirely
above 50 % over 2,000 duplicate matches per pair (each deal played twice, the seats
swapped, which takes the luck of the cards out of most of the difference; the arena is
deterministic for a seed, whatever the number of threads).  Over 2,000 matches
(the figures of docs/gin-bots.md, ``benchmarks/bench_gin_bots.py levels``) HardBot wins 61.3 %
[59.1 %, 63.4 %] against NormalBot and NormalBot 56.1 % [54.0 %, 58.3 %] against EasyBot."""

from __future__ import annotations

import pytest

from parlour.gin import arena

SEED = 20261129


@pytest.mark.slow
def test_hard_beats_normal_and_normal_beats_easy() -> None:
    res = arena(["hard", "normal", "easy"], matches=2000, seed=SEED, jobs=2, duplicate=True)
    by = {(p.a, p.b): p for p in res.pairs}
    assert by[("hard", "normal")].interval[0] > 0.5, res.table()
    assert by[("normal", "easy")].interval[0] > 0.5, res.table()
    assert by[("hard", "easy")].interval[0] > 0.5, res.table()
