"""Damaged input never crashes the engine and never escapes the library's errors.

Snapshots (JSON documents and pickled states) and observations of every registered game
are damaged at random, one change at a time (a field removed, replaced by a value of
another type or out of range, a list cut short or repeated, text garbled), starting
from positions met in random play.  Loading each damaged document either fails with an
error of the library's hierarchy, or gives an object that works: it writes itself back,
lists its legal actions, shows every seat its observation and plays on.  The runs are
seeded, so a failure reproduces.
"""

from __future__ import annotations

import copy
import json
import pickle
import platform
import random
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from parlour import games
from parlour.errors import ParlourError

from .sanitized import ROOT, build, clang_ready

GAMES = [("gin", {}), ("yahtzee", {"players": 2}), ("freecell", {"deal": 11})]
VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    1,
    2,
    7,
    13,
    52,
    2**31,
    2**63,
    -(2**70),
    1.5,
    float("nan"),
    "",
    "x",
    "Ah",
    "ONE",
    "DRAW",
    "é\x00",
    "9" * 40,
    [],
    [None],
    ["Ah", "Ah"],
    {},
    {"a": 1},
]


def positions(name: str, options: dict[str, Any], seed: int, count: int) -> Iterator[Any]:
    """Games in the middle of random play (and the start)."""
    rng = random.Random(seed)
    game = games.get(name).new_game(seed=seed, **options)
    yield game.clone()
    for _ in range(400):
        if game.is_terminal or count == 0:
            return
        game.apply(rng.choice(game.legal_action_ids()))
        if rng.random() < 0.15:
            count -= 1
            yield game.clone()


def paths(doc: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a JSON document: keys of objects and indices of lists."""
    yield prefix
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from paths(v, (*prefix, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from paths(v, (*prefix, i))


def damaged(doc: Any, rng: random.Random) -> Any:
    """A copy of doc with one random change."""
    doc = copy.deepcopy(doc)
    where = rng.choice([p for p in paths(doc) if p])
    parent = doc
    for k in where[:-1]:
        parent = parent[k]
    key, old = where[-1], parent[where[-1]]
    how = rng.randrange(6)
    if how == 0 and isinstance(parent, dict):
        del parent[key]
    elif how == 1 and isinstance(old, list) and old:
        parent[key] = old[: rng.randrange(len(old))] if rng.random() < 0.5 else old + [rng.choice(old)]
    elif how == 2 and isinstance(old, str) and old:
        i = rng.randrange(len(old))
        parent[key] = old[:i] + rng.choice("AhTXz9\\'\"{ ") + old[i + 1 :]
    elif how == 3 and isinstance(old, int) and not isinstance(old, bool):
        parent[key] = old + rng.choice([-1, 1, -100, 100, 2**32])
    elif how == 4 and isinstance(parent, dict):
        parent[rng.choice(["extra", "Hands", ""])] = rng.choice(VALUES)
    else:
        parent[key] = rng.choice(VALUES)
    return doc


def works(game: Any) -> None:
    """A loaded game is usable: it writes itself back and plays on."""
    again = games.load(json.loads(json.dumps(game.to_dict())))
    assert again.to_dict() == game.to_dict()
    for seat in [None, *range(game.num_players)]:
        obs = game.observation(seat)
        json.dumps(obs.to_dict())
        obs.to_array()
    if not game.is_terminal:
        ids = game.legal_action_ids()
        assert ids and list(game.legal_action_mask().nonzero()[0]) == ids
        game.apply(ids[-1])
    pickle.loads(pickle.dumps(game))


@pytest.mark.parametrize(("name", "options"), GAMES, ids=[g for g, _ in GAMES])
def test_damaged_snapshots_load_into_a_working_game_or_raise_the_library_error(
    name: str, options: dict[str, Any]
) -> None:
    rng = random.Random(f"snapshots {name}")
    loaded = refused = 0
    for seed in range(6):
        for game in positions(name, options, seed, 4):
            doc = json.loads(json.dumps(game.to_dict()))
            for _ in range(60):
                bad = damaged(doc, rng)
                try:
                    g = games.load(bad)
                except ParlourError:
                    refused += 1
                    continue
                works(g)
                loaded += 1
    assert refused > 100  # the damage is found, not ignored
    assert loaded > 0 or name == "freecell"


@pytest.mark.parametrize(("name", "options"), GAMES, ids=[g for g, _ in GAMES])
def test_damaged_pickled_states_raise_the_library_error(name: str, options: dict[str, Any]) -> None:
    rng = random.Random(f"pickles {name}")
    refused = 0
    for game in positions(name, options, 3, 6):
        cls, state = type(game), game.__getstate__()
        for _ in range(80):
            if isinstance(state, tuple):
                bad: Any = tuple(damaged(list(state), rng))
            elif isinstance(state, (dict, list)) and state:
                bad = damaged(state, rng)
            else:
                bad = rng.choice(VALUES)
            obj = cls.__new__(cls)
            try:
                obj.__setstate__(bad)
            except ParlourError:
                refused += 1
                continue
            works(obj)
    assert refused > 50


@pytest.mark.parametrize(("name", "options"), GAMES, ids=[g for g, _ in GAMES])
def test_damaged_observations_raise_the_library_error(name: str, options: dict[str, Any]) -> None:
    rng = random.Random(f"observations {name}")
    refused = 0
    for game in positions(name, options, 5, 4):
        for seat in [None, *range(game.num_players)]:
            obs = game.observation(seat)
            doc = json.loads(json.dumps(obs.to_dict()))
            assert type(obs).from_dict(doc) == obs
            for _ in range(25):
                try:
                    back = type(obs).from_dict(damaged(doc, rng))
                except ParlourError:
                    refused += 1
                    continue
                json.dumps(back.to_dict())
                back.to_array()
    assert refused > 50


def test_every_class_refuses_a_foreign_pickled_state_with_the_library_error() -> None:
    import parlour._core as core

    checked = 0
    for mod in (core.cards, core.gin, core.yahtzee, core.freecell):
        for cls in vars(mod).values():
            if not isinstance(cls, type) or "__setstate__" not in cls.__dict__:
                continue
            for value in [None, "x", 7, (), ("x", 1), {"a": 1}, [1, 2], b"\x00\xff"]:
                obj = cls.__new__(cls)
                try:
                    obj.__setstate__(value)
                except ParlourError:
                    continue
                repr(obj)  # a state that happens to fit gives a working object
            checked += 1
    assert checked >= 30


FUZZ_RUNS = 200000


def _sanitized_parlour(tmp: Path) -> tuple[Path, dict[str, str]]:
    """Build the extension under ASan + UBSan with libFuzzer's coverage instrumentation
    (tests/sanitized.py: Clang, one kept build with the C++ tests), lay out a parlour tree
    in tmp holding it, and give the built module and the environment that loads it: the
    sanitizer runtime with libFuzzer linked in, preloaded."""
    import os

    where = build(python=True)
    (so,) = where.glob("_core*.so")
    # A copy of the package, not symlinks: code that finds files from parlour.__file__
    # (resolved) must stay in this tree, whose extension is the sanitized one.
    package = tmp / "parlour"
    shutil.copytree(
        ROOT / "src" / "parlour", package, ignore=shutil.ignore_patterns("_core.*.so", "_core.*.pyd", "__pycache__")
    )
    shutil.copy2(so, package / so.name)
    env = dict(
        os.environ,
        PYTHONPATH=str(tmp),
        LD_PRELOAD=str(where / "asan_with_fuzzer.so"),
        # the interpreter itself is not sanitized: its allocations at exit are no finding
        ASAN_OPTIONS="detect_leaks=0:abort_on_error=1",
        UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1",
    )
    return package / so.name, env


# Run in the sanitized environment: which parlour._core loads, whether the process holds the
# ASan runtime and libFuzzer, and the first bytes of a fresh block from the process's malloc.
PROBE = """
import ctypes, parlour._core as core
proc = ctypes.CDLL(None)
proc.malloc.restype = ctypes.c_void_p
print(core.__file__)
print(hasattr(proc, "__asan_init"), hasattr(proc, "LLVMFuzzerRunDriver"))
print(ctypes.string_at(proc.malloc(64), 64).hex())
"""


@pytest.mark.slow
@pytest.mark.skipif(
    not (sys.platform.startswith("linux") and platform.machine() == "x86_64"),
    reason="the test extra installs atheris on x86-64 Linux, where it has wheels",
)
@pytest.mark.skipif(
    not clang_ready() or shutil.which("nm") is None,
    reason="needs cmake (pip install cmake) and Clang with its compiler-rt (apt-get install clang)",
)
def test_atheris_over_the_parsers_and_loaders_under_the_sanitizers(tmp_path: Path) -> None:
    """tests/fuzz/atheris_parsers.py for a fixed number of inputs, on the extension built under
    AddressSanitizer and UndefinedBehaviorSanitizer: no finding (a sanitizer report aborts)."""
    import re
    import subprocess

    so, env = _sanitized_parlour(tmp_path)
    # The module is instrumented: it calls into ASan, UBSan and libFuzzer's coverage.
    undefined = subprocess.run(
        ["nm", "-D", "--undefined-only", str(so)], capture_output=True, text=True, check=True
    ).stdout.split()
    assert "__asan_init" in undefined
    assert any(name.startswith("__ubsan_handle_") for name in undefined)
    assert "__sanitizer_cov_8bit_counters_init" in undefined
    # The interpreter loads that module, runs under the preloaded runtime, and the runtime
    # reads ASAN_OPTIONS: with malloc_fill_byte=0x5a, ASan fills fresh blocks with 0x5a.
    probe = subprocess.run(
        [sys.executable, "-c", PROBE],
        capture_output=True,
        text=True,
        env=dict(env, ASAN_OPTIONS=env["ASAN_OPTIONS"] + ":malloc_fill_byte=90"),
        timeout=120,
    )
    assert probe.returncode == 0, probe.stderr[-2000:]
    where, symbols, block = probe.stdout.split("\n")[:3]
    assert Path(where).resolve() == so.resolve()
    assert symbols == "True True"
    assert block == "5a" * 64
    out = subprocess.run(
        [
            sys.executable,
            str(ROOT / "tests" / "fuzz" / "atheris_parsers.py"),
            f"-runs={FUZZ_RUNS}",
            "-seed=1",
            "-max_len=600",
            "-len_control=0",
            "-rss_limit_mb=4096",
        ],
        capture_output=True,
        text=True,
        timeout=3600,
        env=env,
        cwd=tmp_path,
    )
    assert out.returncode == 0, out.stderr[-4000:]
    assert f"Done {FUZZ_RUNS} runs" in out.stderr, out.stderr[-2000:]
    # libFuzzer counted the engine's edges (not only the Python code's): the module's
    # coverage reached the preloaded libFuzzer.
    counters = [int(n) for n in re.findall(r"Loaded \d+ modules\s+\((\d+) inline 8-bit counters\)", out.stderr)]
    assert counters and max(counters) > 10000, out.stderr[:3000]
