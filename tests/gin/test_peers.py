"""Cross-check against OpenSpiel's GinRummyUtils.min_deadwood, an independent engine
(skipped when open_spiel is not installed; the brute-force tests do not need it)."""

from __future__ import annotations

import random

import pytest

from parlour.cards import Card, CardSet
from parlour.gin import best_discard, deadwood


def test_openspiel_min_deadwood_agrees() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    rng = random.Random(3)
    for n in (10, 11):
        for _ in range(1000):
            ids = rng.sample(range(52), n)
            hand = CardSet([Card(utils.card_string(i)) for i in ids])
            ours = deadwood(hand) if n == 10 else best_discard(hand).deadwood
            assert utils.min_deadwood(ids) == ours, hand
