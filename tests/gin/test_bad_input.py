"""Every bad input raises the library's own error (a ParlourError), quoting the input."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from parlour.errors import InvalidValueError, NotationError, ParlourError, WrongTypeError
from parlour.gin import (
    ArrangeError,
    InvalidMeld,
    Meld,
    Melds,
    Player,
    RoundResult,
    Rules,
    Shutout,
    best_discard,
    best_discard_batch,
    best_layoff,
    best_melds,
    deadwood,
    deadwood_batch,
    match_result,
    settle,
)

KNOCKER = best_melds("As 2s 3s 5h 6h 7h 8c 8d 8s 4c")

CASES: list[tuple[str, Callable[[], Any], type[ParlourError]]] = [
    ("deadwood float", lambda: deadwood(2.5), WrongTypeError),
    ("deadwood None", lambda: deadwood(None), WrongTypeError),
    ("deadwood text", lambda: deadwood("As Zz"), NotationError),
    ("deadwood mask", lambda: deadwood(1), InvalidValueError),
    ("deadwood repeated", lambda: deadwood("As As"), NotationError),
    ("best_melds 12", lambda: best_melds("As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs"), ArrangeError),
    ("best_discard empty", lambda: best_discard(""), InvalidValueError),
    ("batch text", lambda: deadwood_batch("x"), WrongTypeError),
    ("batch floats", lambda: best_discard_batch(np.array([0.5])), WrongTypeError),
    ("batch 2-D", lambda: best_discard_batch(np.zeros((1, 1), dtype=np.uint64)), InvalidValueError),
    ("batch bad bit", lambda: deadwood_batch([4, 1 << 15]), InvalidValueError),
    ("Meld None", lambda: Meld(None), WrongTypeError),
    ("Meld two", lambda: Meld("As 2s"), InvalidMeld),
    ("Meld.set str", lambda: Meld.set("7"), WrongTypeError),
    ("Meld.set huge", lambda: Meld.set(10**30), InvalidMeld),
    ("Meld.set suit 9", lambda: Meld.set(7, missing=9), InvalidMeld),
    ("Meld.run None", lambda: Meld.run(None, 1, 3), WrongTypeError),
    ("Meld.run short", lambda: Meld.run(0, 1, 2), InvalidMeld),
    ("extended int", lambda: Meld("As 2s 3s").extended(5), WrongTypeError),
    ("Melds int", lambda: Melds("As 2s 3s", 5), WrongTypeError),
    ("Melds str", lambda: Melds("As 2s 3s", "As 2s 3s"), WrongTypeError),
    ("Melds not in hand", lambda: Melds("As 2s", ["As 2s 3s"]), ArrangeError),
    ("Rules field", lambda: Rules(knock=5), WrongTypeError),
    ("Rules float", lambda: Rules(gin_bonus=2.0), WrongTypeError),
    ("Rules huge", lambda: Rules(knock_limit=10**30), InvalidValueError),
    ("Rules oklahoma int", lambda: Rules(oklahoma=1), WrongTypeError),
    ("Rules shutout str", lambda: Rules(shutout="flat"), WrongTypeError),
    ("Rules knock 11", lambda: Rules(knock_limit=11), InvalidValueError),
    ("Rules negative bonus", lambda: Rules(undercut_bonus=-5), InvalidValueError),
    ("replace bad", lambda: Rules().replace(box_bonus=-1), InvalidValueError),
    ("Shutout str", lambda: Shutout.flat("x"), WrongTypeError),
    ("Shutout negative", lambda: Shutout.flat(-1), InvalidValueError),
    ("knock_limit_for int", lambda: Rules().knock_limit_for(5), WrongTypeError),
    ("RoundResult kind", lambda: RoundResult(5), WrongTypeError),
    ("RoundResult knocker", lambda: RoundResult.knock("ONE", 2, 3), WrongTypeError),
    ("RoundResult seat", lambda: RoundResult.knock(2, 2, 3), InvalidValueError),
    ("RoundResult huge", lambda: RoundResult.gin(Player.ONE, 10**40), InvalidValueError),
    ("RoundResult negative", lambda: RoundResult.gin(Player.ONE, -1), InvalidValueError),
    ("points rules", lambda: RoundResult.dead().points(5), WrongTypeError),
    ("settle str", lambda: settle("As 2s 3s", "Kd"), WrongTypeError),
    ("settle None", lambda: settle(KNOCKER, None), WrongTypeError),
    ("settle player", lambda: settle(KNOCKER, "Kd", Rules(), "ONE"), WrongTypeError),
    ("settle overlap", lambda: settle(KNOCKER, "As"), ArrangeError),
    ("layoff int", lambda: best_layoff("Ks", 5), WrongTypeError),
    ("layoff 12 cards", lambda: best_layoff("Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc", []), ArrangeError),
    ("match int", lambda: match_result(5), WrongTypeError),
    ("match item", lambda: match_result([3]), WrongTypeError),
    ("match target", lambda: match_result([], target=1.5), WrongTypeError),
    ("match target 0", lambda: match_result([], target=0), InvalidValueError),
]


@pytest.mark.parametrize(("name", "call", "error"), CASES, ids=[c[0] for c in CASES])
def test_bad_input_raises_library_error(name: str, call: Callable[[], Any], error: type[ParlourError]) -> None:
    with pytest.raises(error):
        call()


def test_messages_quote_the_input() -> None:
    with pytest.raises(NotationError, match="Zz"):
        deadwood("As Zz")
    with pytest.raises(InvalidMeld, match="4s 5s 7s"):
        Meld("4s 5s 7s")
    with pytest.raises(InvalidValueError, match="11"):
        Rules(knock_limit=11)
    with pytest.raises(WrongTypeError, match=r"2\.5"):
        deadwood(2.5)
