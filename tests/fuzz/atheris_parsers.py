"""An atheris fuzzer for the text parsers and the snapshot loaders.

Every input is turned into one call of a parser (card, card-set, action, move, dice,
state, category and rules text; FreeCell boards) or of a loader (a snapshot or pickled
state of every registered game, a game's observation, a Yahtzee scorecard), fed either
the fuzzer's text or a real document damaged where the fuzzer says.  Each call must give
a value or raise an error of parlour.errors; anything else (another exception, a crash,
a sanitizer report) is a finding, and atheris stops with the input that caused it.

Run by hand (``-runs`` bounds the work; ``-seed`` makes the run repeatable)::

    PYTHONPATH=src python tests/fuzz/atheris_parsers.py -runs=200000 -seed=1 -len_control=0

tests/test_fuzz.py runs it for a fixed number of inputs in the slow tier, on the
extension built with Clang under AddressSanitizer and UndefinedBehaviorSanitizer and
with libFuzzer's coverage instrumentation (``-fsanitize=fuzzer-no-link``), as atheris
documents for native extensions.  The same build makes ``asan_with_fuzzer.so``, Clang's
ASan runtime with libFuzzer linked in, which the interpreter preloads::

    cmake -S . -B build/sanitize-py -G Ninja -DPARLOUR_SANITIZE=ON -DPARLOUR_PYTHON=ON -DCMAKE_CXX_COMPILER=clang++
    cmake --build build/sanitize-py -j2
    export LD_PRELOAD=build/sanitize-py/asan_with_fuzzer.so ASAN_OPTIONS=detect_leaks=0
    PYTHONPATH=<a parlour tree holding that _core> python tests/fuzz/atheris_parsers.py ...

(GCC's runtimes, preloaded instead, would take the coverage calls of atheris' own
libFuzzer, which then sees no coverage at all: libFuzzer's symbols must come first.)
"""

from __future__ import annotations

import copy
import json
import sys
from collections.abc import Callable
from typing import Any

import atheris

with atheris.instrument_imports():
    from parlour import games
    from parlour._core.gin import Action as GinAction
    from parlour.cards import Card, CardSet
    from parlour.errors import ParlourError
    from parlour.freecell import GameState, Move
    from parlour.gin import Observation as GinObservation
    from parlour.gin import Round
    from parlour.gin import Rules as GinRules
    from parlour.yahtzee import Dice, Keep, Scorecard, State, parse_action, parse_category
    from parlour.yahtzee import Rules as YahtzeeRules

TEXT_PARSERS: list[Callable[[str], Any]] = [
    Card,
    CardSet,
    GinAction.parse,
    Move.parse,
    GameState.parse,
    Dice,
    Keep,
    State.parse,
    parse_category,
    parse_action,
    YahtzeeRules.parse,
]


def _documents() -> list[tuple[Callable[[Any], Any], Any]]:
    """Real documents with their loader: snapshots, pickled states, observations."""
    docs: list[tuple[Callable[[Any], Any], Any]] = []
    for name, options in [("gin", {}), ("yahtzee", {"players": 2}), ("freecell", {"deal": 11})]:
        game = games.get(name).new_game(seed=3, **options)
        for _ in range(12):
            game.apply(game.legal_action_ids()[-1])
        docs.append((games.load, game.to_dict()))
        obs = game.observation(0)
        docs.append((type(obs).from_dict, obs.to_dict()))
        cls = type(game)

        def setstate(state: Any, cls: Any = cls) -> Any:
            obj = cls.__new__(cls)
            obj.__setstate__(state)
            return obj

        state = game.__getstate__()
        if isinstance(state, (dict, list)):
            docs.append((setstate, state))
    r = Round.deal(GinRules(), 0, 5)
    for _ in range(9):
        r.apply(r.legal_action_ids()[0])
    docs.append((Round.from_dict, r.to_dict()))
    docs.append((GinObservation.from_dict, r.observation(r.turn).to_dict()))
    docs.append((Scorecard.from_dict, Scorecard().to_dict()))
    return docs


DOCUMENTS = _documents()


def _places(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _places(v, (*prefix, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += _places(v, (*prefix, i))
    return out


@atheris.instrument_func
def _value(fdp: atheris.FuzzedDataProvider) -> Any:
    kind = fdp.ConsumeIntInRange(0, 6)
    if kind == 0:
        return fdp.ConsumeInt(9)  # up to 72 bits, negative too
    if kind == 1:
        return fdp.ConsumeRegularFloat()
    if kind == 2:
        return fdp.ConsumeUnicode(fdp.ConsumeIntInRange(0, 40))
    if kind == 3:
        return None
    if kind == 4:
        return fdp.ConsumeBool()
    if kind == 5:
        return [fdp.ConsumeUnicode(3) for _ in range(fdp.ConsumeIntInRange(0, 12))]
    return {fdp.ConsumeUnicode(4): fdp.ConsumeInt(2)}


@atheris.instrument_func
def _damaged(doc: Any, fdp: atheris.FuzzedDataProvider) -> Any:
    doc = copy.deepcopy(doc)
    for _ in range(fdp.ConsumeIntInRange(1, 3)):
        places = [p for p in _places(doc) if p]
        if not places:
            return doc
        where = places[fdp.ConsumeIntInRange(0, len(places) - 1)]
        parent = doc
        for k in where[:-1]:
            parent = parent[k]
        old = parent[where[-1]]
        how = fdp.ConsumeIntInRange(0, 3)
        if how == 0 and isinstance(parent, dict):
            del parent[where[-1]]
        elif how == 1 and isinstance(old, str):
            i = fdp.ConsumeIntInRange(0, len(old))
            parent[where[-1]] = old[:i] + fdp.ConsumeUnicode(fdp.ConsumeIntInRange(0, 4)) + old[i + 1 :]
        elif how == 2 and isinstance(old, int) and not isinstance(old, bool):
            parent[where[-1]] = old + fdp.ConsumeIntInRange(-3, 3)
        else:
            parent[where[-1]] = _value(fdp)
    return doc


@atheris.instrument_func
def one_input(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    target = fdp.ConsumeIntInRange(0, len(TEXT_PARSERS) + len(DOCUMENTS) - 1)
    try:
        if target < len(TEXT_PARSERS):
            TEXT_PARSERS[target](fdp.ConsumeUnicode(fdp.ConsumeIntInRange(0, 120)))
            return
        load, doc = DOCUMENTS[target - len(TEXT_PARSERS)]
        bad = _damaged(doc, fdp)
        try:
            json.dumps(bad)
        except (TypeError, ValueError):
            return  # not JSON data (a float NaN key, ...): loaders take JSON documents
        obj = load(bad)
        # A document that loads gives a working object: it writes itself back.
        if hasattr(obj, "to_dict"):
            json.dumps(obj.to_dict())
    except ParlourError:
        pass


def main() -> None:
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
