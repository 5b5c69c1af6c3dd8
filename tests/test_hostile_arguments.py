"""Hostile values in every parameter of every public call: a library error, never a crash.

Every function and method the engine binds (read from the committed stubs, so a new
binding is swept without being listed here), the batched environments and their
constructors included, is called once per parameter and hostile value, the other
parameters given ordinary values.  The hostile values are those a careless or malicious
caller passes: objects whose ``__index__``, ``__float__``, ``__len__``, ``__iter__`` or
``__repr__`` raise, the type ``int`` itself, a NumPy array where an int is expected, a
list nested 10,000 deep, huge and non-finite numbers, a lone surrogate, None.  Each call
must return or raise an error of :mod:`parlour.errors` whose message is the library's
own (never pybind11's list of overloads, "Unable to cast", or a C++ standard-library
message); an argument that fits no signature gets a message naming the parameter.  A
segmentation fault or an abort fails the run.

The default run sweeps a fixed sample of the bindings' calls (one in SAMPLE) and every
call of the Python layer; the slow tier sweeps every call of the bindings.
"""

from __future__ import annotations

import ast
import contextlib
import signal
import sys
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from parlour.errors import ParlourError

STUBS = Path(__file__).parents[1] / "src" / "parlour" / "_core"
SAMPLE = 3  # the default run takes one call of the bindings' sweep in SAMPLE

# Words only pybind11 or the C++ standard library write.
RAW = (
    "incompatible function arguments",
    "incompatible constructor arguments",
    "Unable to cast",
    "Invoked with",
    "typing.Supports",
    "vector::",
    "_M_range_check",
    "std::",
    "bad_alloc",
    "basic_string",
)


# ---- the hostile values


class IndexFails:
    def __index__(self) -> int:
        raise ValueError("no index here")

    def __repr__(self) -> str:
        return "IndexFails()"


class FloatFails:
    def __float__(self) -> float:
        raise ValueError("no float here")

    def __repr__(self) -> str:
        return "FloatFails()"


class LenFails:
    def __len__(self) -> int:
        raise ValueError("no length here")

    def __getitem__(self, i: int) -> int:
        raise IndexError(i)

    def __iter__(self) -> Iterator[int]:
        return iter([1, 2])

    def __repr__(self) -> str:
        return "LenFails()"


class IterFails:
    def __iter__(self) -> Iterator[int]:
        raise ValueError("no iteration here")

    def __repr__(self) -> str:
        return "IterFails()"


class ReprFails:
    def __repr__(self) -> str:
        raise ValueError("no repr here")


def _deep(depth: int = 10_000) -> list[Any]:
    out: list[Any] = []
    for _ in range(depth):
        out = [out]
    return out


_DEEP = _deep()  # made once: building (and freeing) it costs milliseconds

HOSTILE: dict[str, Callable[[], Any]] = {
    "__index__ fails": IndexFails,
    "__float__ fails": FloatFails,
    "__len__ fails": LenFails,
    "__iter__ fails": IterFails,
    "__repr__ fails": ReprFails,
    "the type int": lambda: int,
    "an int array": lambda: np.array([1, 2]),
    "nested 10,000 deep": lambda: _DEEP,
    "2**70": lambda: 2**70,
    "-2**70": lambda: -(2**70),
    "nan": lambda: float("nan"),
    "a lone surrogate": lambda: "\ud800",
    "None": lambda: None,
    "object()": object,
}


# ---- what the stubs say


class Param:
    def __init__(self, name: str, annotation: str, has_default: bool, keyword: bool) -> None:
        self.name, self.annotation, self.has_default, self.keyword = name, annotation, has_default, keyword


class Call:
    def __init__(self, module: str, owner: str | None, name: str, params: list[Param]) -> None:
        self.module, self.owner, self.name, self.params = module, owner, name, params

    @property
    def label(self) -> str:
        return ".".join(p for p in (self.module, self.owner, self.name) if p)


# Calls that touch files or run for as long as asked: swept with ordinary values would
# write to the working directory or play a whole series.
SKIP = {"save", "load", "prove", "from_file", "to_file", "solve_deals", "search_deals", "survey_deals"}


def _params(fn: ast.FunctionDef) -> list[Param]:
    a = fn.args
    out: list[Param] = []
    positional = a.posonlyargs + a.args
    defaults = [None] * (len(positional) - len(a.defaults)) + list(a.defaults)
    for arg, default in zip(positional, defaults):
        out.append(
            Param(arg.arg, ast.unparse(arg.annotation) if arg.annotation else "object", default is not None, False)
        )
    for arg, kwd in zip(a.kwonlyargs, a.kw_defaults):
        out.append(Param(arg.arg, ast.unparse(arg.annotation) if arg.annotation else "object", kwd is not None, True))
    return out


def stub_calls() -> list[Call]:
    calls: list[Call] = []
    for stub in sorted(STUBS.glob("*.pyi")):
        module = stub.stem if stub.stem != "__init__" else ""
        tree = ast.parse(stub.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.name not in SKIP:
                calls.append(Call(module, None, node.name, _params(node)))
            elif isinstance(node, ast.ClassDef):
                for item in node.body:
                    if not isinstance(item, ast.FunctionDef) or item.name in SKIP:
                        continue
                    decorators = {ast.unparse(d) for d in item.decorator_list}
                    if "property" in decorators or any(d.endswith(".setter") for d in decorators):
                        continue
                    if item.name.startswith("__") and item.name not in ("__init__", "__call__", "__getitem__"):
                        continue
                    params = _params(item)
                    if params and params[0].name == "self":
                        params = params[1:]
                    elif "staticmethod" not in decorators:
                        continue
                    calls.append(Call(module, node.name, item.name, params))
    return calls


# ---- ordinary values for the other parameters


def _samples() -> dict[str, Any]:
    from parlour._core import envs, freecell, gin, yahtzee
    from parlour._core.cards import Card, CardSet, Rng, Suit

    r = gin.Round.deal(gin.Rules(), 0, 1)
    late = yahtzee.State.parse("aces twos threes fours fives sixes 3k 4k fh ss ls upper=40")
    yg = yahtzee.Game(seed=1)
    fg = freecell.Game(deal=1)
    gg = gin.Game(seed=1)
    gg.apply(gg.legal_action_ids()[0])
    position = freecell.GameState.from_ms_deal(1)
    return {
        "Card": Card("As"),
        "CardSet": CardSet("As 2s 3s"),
        "Rng": Rng(1),
        "Suit": Suit.SPADE,
        "Event": gg.last_event,
        "gin.Rules": gin.Rules(),
        "gin.Round": r,
        "gin.Game": gg,
        "gin.Match": gin.Match(),
        "gin.Observation": r.observation(r.turn),
        "gin.Action": gin.Action.parse("pass"),
        "gin.Meld": gin.Meld(CardSet("As 2s 3s")),
        "gin.Melds": gin.best_melds("As 2s 3s 5h"),
        "gin.Player": gin.Player.ONE,
        "gin.ResultKind": gin.ResultKind.GIN,
        "gin.RoundResult": gin.RoundResult.gin(gin.Player.ONE, 10),
        "gin.Bot": gin.EasyBot(1),
        "gin.EasyBot": gin.EasyBot(1),
        "gin.HardBot": gin.HardBot(1, samples=2, rollouts=2),
        "gin.SimpleBot": gin.SimpleBot(1),
        "gin.ExpertBot": gin.ExpertBot(1, nodes=300),
        "gin.SimulationStats": gin.simulate_rounds(1),
        "yahtzee.State": late,
        "yahtzee.Dice": yahtzee.Dice("12345"),
        "yahtzee.Keep": yahtzee.Keep("66"),
        "yahtzee.Rules": yahtzee.Rules(),
        "yahtzee.Scorecard": yahtzee.Scorecard(),
        "yahtzee.Category": yahtzee.Category.CHANCE,
        "yahtzee.Game": yg,
        "yahtzee.Observation": yg.observation(0),
        "yahtzee.Bot": yahtzee.HeuristicBot(),
        "yahtzee.Solver": yahtzee.Solver(),
        "yahtzee.ThresholdSolver": yahtzee.ThresholdSolver(max_target=60),
        "yahtzee.HeadsUpSolver": yahtzee.HeadsUpSolver(200),
        "yahtzee.ScoreDistribution": yahtzee.ScoreDistribution.point(200),
        "freecell.GameState": position,
        "freecell.Game": fg,
        "freecell.Move": freecell.Move.parse("3a"),
        "freecell.Observation": fg.observation(0),
        "freecell.Position": freecell.Position.cascade(0),
        "freecell.Cascade": position.cascades[0],
        "freecell.Foundations": position.foundations,
        "freecell.Foundation": position.foundations[Suit.SPADE]
        if hasattr(position.foundations, "__getitem__")
        else None,
        "freecell.Freecells": position.freecells,
        "envs.batches": (envs.YahtzeeBatch, envs.FreeCellBatch, envs.GinBatch),
        # by the annotation's text
        "dict[str, typing.Any]": {},
        "collections.abc.Iterable[int]": [1, 2, 3],
        "list[typing.Any]": [],
        "collections.abc.Sequence[Meld]": [gin.Meld(CardSet("As 2s 3s"))],
        "collections.abc.Iterable[RoundResult]": [gin.RoundResult.gin(gin.Player.ONE, 10)],
    }


# Required parameters typed typing.Any: what each name takes.
ANY_BY_NAME: dict[str, Callable[[dict[str, Any]], Any]] = {
    "bot_a": lambda s: s["gin.EasyBot"],
    "bot_b": lambda s: s["gin.EasyBot"],
    "bot_one": lambda s: s["gin.EasyBot"],
    "bot_two": lambda s: s["gin.EasyBot"],
    "actions": lambda s: np.zeros(4, dtype=np.int64),
    "masks": lambda s: np.array([7], dtype=np.uint64),
}


def _value_for(annotation: str, module: str, samples: dict[str, Any], name: str = "") -> Any:
    """An ordinary value of the annotation's first alternative we can make."""
    if annotation in samples:
        return samples[annotation]
    if annotation == "typing.Any" and name in ANY_BY_NAME:
        return ANY_BY_NAME[name](samples)
    if annotation.startswith("typing.Annotated[numpy.typing.ArrayLike"):
        return np.array([7], dtype=np.uint64)
    for alt in (a.strip() for a in annotation.split("|")):
        short = alt.rsplit(".", 1)[-1]
        where = alt.rsplit(".", 2)[-2] if alt.count(".") >= 2 else module
        if alt in ("int", "typing.SupportsInt", "typing.SupportsIndex"):
            return 1
        if alt in ("float", "typing.SupportsFloat"):
            return 1.0
        if alt == "bool":
            return False
        if alt == "str":
            return "1"
        if alt == "None":
            return None
        for key in (f"{where}.{short}", short):
            if key in samples and samples[key] is not None:
                return samples[key]
    return None


def _instance(call: Call, samples: dict[str, Any]) -> Any:
    """A made object of the call's class (a fresh batch, reset), or None when we have none."""
    from parlour._core import envs

    if call.module == "envs":
        b = getattr(envs, call.owner or "")(4)
        b.reset()
        return b
    for key in (f"{call.module}.{call.owner}", call.owner or ""):
        if key in samples and samples[key] is not None:
            return samples[key]
    return None


#: Parameters that take a callback: what a callable hostile value raises when the engine
#: calls it is the caller's own error.
CALLBACKS = {"progress"}


class TooLong(Exception):
    pass


@contextlib.contextmanager
def _at_most(seconds: float) -> Iterator[None]:
    """Stops a call that runs longer (the engine sees the signal within milliseconds)."""

    def handler(signum: int, frame: Any) -> None:
        raise TooLong

    old = signal.signal(signal.SIGALRM, handler)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _cases() -> list[tuple[Call, int, str]]:
    out = []
    for call in stub_calls():
        for i in range(len(call.params)):
            for h in HOSTILE:
                out.append((call, i, h))
    return out


def _sweep(cases: list[tuple[Call, int, str]]) -> tuple[int, list[str]]:
    import importlib

    samples = _samples()
    problems: list[str] = []
    ran = 0
    for call, index, hostile in cases:
        module = importlib.import_module("parlour._core" + (f".{call.module}" if call.module else ""))
        if call.owner is None:
            target: Any = getattr(module, call.name, None)
        else:
            cls = getattr(module, call.owner, None)
            if cls is None:
                continue
            if call.name == "__init__":
                target = cls
            elif isinstance(vars(cls).get(call.name), staticmethod):
                target = getattr(cls, call.name)
            else:
                obj = _instance(call, samples)
                if obj is None:
                    continue
                target = getattr(obj, call.name, None)
        if target is None:
            continue
        args: list[Any] = []
        kwargs: dict[str, Any] = {}
        usable = True
        gap = False  # a positional parameter left to its default: the later ones go by keyword
        for i, p in enumerate(call.params):
            if i == index:
                value = HOSTILE[hostile]()
            elif p.has_default:
                gap = True
                continue
            else:
                value = _value_for(p.annotation, call.module, samples, p.name)
                if value is None and "None" not in p.annotation:
                    usable = False
                    break
            if p.keyword or gap:
                kwargs[p.name] = value
            else:
                args.append(value)
        if not usable:
            continue
        ran += 1
        name = call.params[index].name
        try:
            with warnings.catch_warnings(), _at_most(2.0):
                warnings.simplefilter("ignore")
                target(*args, **kwargs)
        except TooLong:
            continue  # accepted and working: a value the call may take
        except ParlourError as e:
            message = str(e)
            raw = [w for w in RAW if w in message]
            if raw:
                problems.append(f"{call.label}({name}={hostile}): raw message {message[:300]!r}")
            elif "\n" in message:
                problems.append(f"{call.label}({name}={hostile}): a message of several lines {message[:300]!r}")
            elif message.startswith(f"{call.owner or call.name}") and "(): " in message[:80]:
                said = message.split("(): ", 1)[1]
                if name not in said and not any(q.name in said for q in call.params):
                    problems.append(f"{call.label}({name}={hostile}): names no parameter: {message[:300]!r}")
        except BaseException as e:  # noqa: BLE001 - what comes out is what is checked
            if name in CALLBACKS and callable(HOSTILE[hostile]()) and not any(w in str(e) for w in RAW):
                continue  # a callback (the type int) that fails when called: its own error, passed on as raised
            problems.append(f"{call.label}({name}={hostile}): {type(e).__name__}: {str(e)[:300]}")
    return ran, problems


def test_the_sweep_reads_every_binding_from_the_stubs() -> None:
    calls = stub_calls()
    labels = {c.label for c in calls}
    for expected in (
        "envs.GinBatch.__init__",
        "envs.YahtzeeBatch.step",
        "envs.FreeCellBatch.state",
        "yahtzee.encode_observation",
        "cards.Card.from_index",
        "gin.arena_matches",
    ):
        assert expected in labels
    assert len(calls) > 350


@pytest.mark.skipif(sys.platform == "win32", reason="the per-call time guard uses SIGALRM")
def test_hostile_values_in_a_sample_of_every_parameter() -> None:
    cases = _cases()[::SAMPLE]
    ran, problems = _sweep(cases)
    assert ran > 1800
    assert not problems, f"{len(problems)} of {ran} calls:\n" + "\n".join(problems[:60])


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="the per-call time guard uses SIGALRM")
def test_hostile_values_in_every_parameter() -> None:
    ran, problems = _sweep(_cases())
    assert ran > 5500
    assert not problems, f"{len(problems)} of {ran} calls:\n" + "\n".join(problems[:100])


def test_the_calls_the_full_sweep_found_answer_in_the_librarys_words() -> None:
    """What the slow sweep found, checked on every run: None, a failing __len__ or __float__."""
    from parlour import gin, yahtzee
    from parlour._core.cards import CardSet, Rng
    from parlour._core.gin import layoff_deadwood
    from parlour.errors import InvalidValueError, WrongTypeError

    with pytest.raises(WrongTypeError, match=r"^Bot.act\(\): observation must not be None$"):
        yahtzee.HeuristicBot().act(None)
    with pytest.raises(WrongTypeError, match=r"^ScoreDistribution.quantile\(\): q must be a number, got FloatFails"):
        yahtzee.ScoreDistribution.point(200).quantile(FloatFails())
    with pytest.raises(InvalidValueError, match="four 64-bit words, got 2"):
        Rng.from_state(LenFails())  # read by iterating it: two words
    with pytest.raises(InvalidValueError, match="at most 11 cards and 3 melds"):
        layoff_deadwood("Ks", [gin.Meld(CardSet("As 2s 3s"))] * 4)
    assert Rng.from_state(Rng(7).state).next_u64() == Rng(7).next_u64()


# ---- the Python layer: every public function, class and method written in Python

PYTHON_HOSTILE = (
    "__index__ fails",
    "__len__ fails",
    "__iter__ fails",
    "the type int",
    "an int array",
    "nested 10,000 deep",
)


def _python_sweep(every: int) -> tuple[int, list[str]]:
    from .test_errors import PYTHON_ARITY, _made_python_objects, _python_callables

    targets: list[tuple[str, Any]] = list(_python_callables())
    for obj in _made_python_objects():
        cls = type(obj)
        for attr_name in dir(cls):
            attr = getattr(cls, attr_name, None)
            owner = next((k for k in cls.__mro__ if attr_name in vars(k)), cls)
            if attr_name.startswith("_") or attr_name in ("close", "render") or isinstance(attr, property):
                continue
            if callable(attr) and owner.__module__.startswith("parlour"):
                targets.append((f"{cls.__qualname__}.{attr_name}", getattr(obj, attr_name)))
    problems: list[str] = []
    ran = 0
    k = 0
    for name, fn in targets:
        for arity in (1, 2, 3):
            for slot in range(arity):
                for hostile in PYTHON_HOSTILE:
                    k += 1
                    if k % every:
                        continue
                    args = [HOSTILE[hostile]() if i == slot else None for i in range(arity)]
                    ran += 1
                    try:
                        with warnings.catch_warnings(), _at_most(2.0):
                            warnings.simplefilter("ignore")
                            fn(*args)
                    except (ParlourError, TooLong):
                        pass
                    except TypeError as e:
                        if type(e) is not TypeError or not any(m in str(e) for m in PYTHON_ARITY):
                            problems.append(f"{name}(slot {slot} of {arity}: {hostile}): TypeError: {str(e)[:200]}")
                    except BaseException as e:  # noqa: BLE001 - what comes out is what is checked
                        problems.append(
                            f"{name}(slot {slot} of {arity}: {hostile}): {type(e).__name__}: {str(e)[:200]}"
                        )
    return ran, problems


@pytest.mark.skipif(sys.platform == "win32", reason="the per-call time guard uses SIGALRM")
def test_hostile_values_in_the_python_layer() -> None:
    ran, problems = _python_sweep(1)
    assert ran > 2000
    assert not problems, f"{len(problems)} of {ran} calls:\n" + "\n".join(problems[:60])
