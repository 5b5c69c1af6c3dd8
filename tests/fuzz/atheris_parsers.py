"""An atheris fuzzer for the text parsers, the snapshot loaders and the batched games.

Every input is turned into one call of a parser (card, card-set, action, move, dice,
state, category and rules text; FreeCell boards) or of a loader (a snapshot or pickled
state of every registered game, a game's observation, a Yahtzee scorecard), fed either
the fuzzer's text or a real document damaged where the fuzzer says, or into a short
life of a batched environment (parlour._core.envs: a constructor given fuzzed numbers
and names, then resets, steps and reads with fuzzed arrays of any dtype and shape and
fuzzed indices).  Each call must give a value or raise an error of parlour.errors;
anything else (another exception, a crash, a sanitizer report) is a finding, and
atheris stops with the input that caused it.

Run by hand (``-runs`` bounds the work; ``-seed`` makes the run repeatable)::

    PYTHONPATH=src python tests/fuzz/atheris_parsers.py -runs=200000 -seed=1 -len_control=0

tests/test_fuzz.py runs it for a fixed number of inputs in the slow tier, on the
extension built with Clang under AddressSanitizer and UndefinedBehaviorSanitizer and
with libFuzzer's coverage instrumentation (``-fsanitize=fuzzer-no-link``), as atheris
documents for native extensions.  The same build makes ``asan_with_fuzzer.so``, Clang's
ASan runtime with libFuzzer linked in, which the interpreter preloads::

    cmake -S . -B build/sanitize-clang -G Ninja -DPARLOUR_SANITIZE=ON -DPARLOUR_PYTHON=ON -DCMAKE_CXX_COMPILER=clang++
    cmake --build build/sanitize-clang -j2
    export LD_PRELOAD=build/sanitize-clang/asan_with_fuzzer.so ASAN_OPTIONS=detect_leaks=0
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
import numpy as np  # not instrumented: the fuzzer's coverage is the library's

with atheris.instrument_imports():
    from parlour import games
    from parlour._core.envs import FreeCellBatch, GinBatch, YahtzeeBatch
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


BATCHES = [YahtzeeBatch, FreeCellBatch, GinBatch]
DTYPES = [np.int64, np.int8, np.uint8, np.uint64, np.int32, np.float64, np.bool_]


@atheris.instrument_func
def _number(fdp: atheris.FuzzedDataProvider) -> Any:
    """Mostly small ints, sometimes anything _value gives."""
    if fdp.ConsumeIntInRange(0, 3):
        return fdp.ConsumeIntInRange(-2, 6)
    return _value(fdp)


@atheris.instrument_func
def _array(fdp: atheris.FuzzedDataProvider, n: int, hi: int) -> Any:
    """An array for a batch: mostly n values of a fuzzed dtype in range, sometimes of the wrong shape."""
    how = fdp.ConsumeIntInRange(0, 5)
    if how == 0:
        return None
    if how == 1:
        return _value(fdp)
    size = n if how > 2 else fdp.ConsumeIntInRange(0, 8)
    dtype = DTYPES[fdp.ConsumeIntInRange(0, len(DTYPES) - 1)]
    values = [fdp.ConsumeIntInRange(-1, hi) for _ in range(size)]
    try:
        a = np.array(values, dtype=dtype) if dtype is not np.bool_ else np.array([v > 0 for v in values])
    except (OverflowError, ValueError):
        a = np.array(values)
    return a.reshape(1, -1) if how == 2 and a.size else a


@atheris.instrument_func
def _batch_life(fdp: atheris.FuzzedDataProvider) -> None:
    """A batch made from fuzzed arguments, then a few fuzzed resets, steps and reads."""
    cls = BATCHES[fdp.ConsumeIntInRange(0, len(BATCHES) - 1)]
    n = _number(fdp)
    kwargs: dict[str, Any] = {}
    names = ["threads", "illegal_action", "autoreset_mode", "illegal_reward"]
    names += {YahtzeeBatch: [], FreeCellBatch: ["max_steps", "max_deal"], GinBatch: ["opponent", "seat"]}[cls]
    choices = {
        "illegal_action": ["raise", "penalty", "terminate", "x"],
        "autoreset_mode": ["next_step", "same_step", ""],
        "opponent": [None, "random", "easy", "simple", "nobody"],
    }
    for name in names:
        if fdp.ConsumeBool():
            kwargs[name] = (
                choices[name][fdp.ConsumeIntInRange(0, len(choices[name]) - 1)]
                if name in choices and fdp.ConsumeIntInRange(0, 3)
                else _number(fdp)
            )
    if isinstance(n, int) and 64 < n <= 2**22:
        # within the documented caps a batch may take gigabytes (a FreeCell game holds ~2 KB)
        # and each step of thousands of games seconds under the sanitizers: the harness looks
        # for crashes, not for the machine's limits, so it stays small (64 games are still
        # shared out over several threads)
        n = 64
    batch = cls(n, **kwargs)
    size = batch.num_envs
    actions = {YahtzeeBatch: 223, FreeCellBatch: 924, GinBatch: 265}[cls]
    for _ in range(fdp.ConsumeIntInRange(1, 6)):
        op = fdp.ConsumeIntInRange(0, 4)
        try:
            if op == 0:
                batch.reset(_array(fdp, size, 9), _array(fdp, size, 1), _array(fdp, size, 12))
            elif op in (1, 2):
                if op == 1:  # mostly legal: the first legal action of each game
                    ids = np.array([np.flatnonzero(m)[0] if m.any() else 0 for m in np.asarray(batch.action_masks)])
                else:
                    ids = _array(fdp, size, actions)
                batch.step(ids)
            elif op == 3:
                reader = {YahtzeeBatch: "game", FreeCellBatch: "state", GinBatch: "round"}[cls]
                getattr(batch, reader)(_number(fdp))
            else:
                for view in (batch.observations, batch.action_masks, batch.rewards, batch.episodes):
                    np.asarray(view).sum()
        except ParlourError:
            pass


@atheris.instrument_func
def one_input(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    target = fdp.ConsumeIntInRange(0, len(TEXT_PARSERS) + len(DOCUMENTS))
    try:
        if target == len(TEXT_PARSERS) + len(DOCUMENTS):
            _batch_life(fdp)
            return
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
