"""The error hierarchy and the one translator in the bindings."""

from __future__ import annotations

import copy
import enum
from typing import Any

import pytest

from parlour import errors
from parlour.cards import Card, CardSet
from parlour.errors import ParlourError, WrongTypeError


def test_hierarchy_has_the_builtin_bases() -> None:
    assert issubclass(errors.NotationError, ValueError)
    assert issubclass(errors.IllegalActionError, ValueError)
    assert issubclass(errors.PhaseError, RuntimeError)
    assert issubclass(errors.StateFormatError, ValueError)
    assert issubclass(errors.InvalidValueError, ValueError)
    assert issubclass(errors.WrongTypeError, TypeError)
    for name in errors.__all__:
        obj = getattr(errors, name)
        assert obj.__doc__, name
        if isinstance(obj, type):
            assert issubclass(obj, errors.ParlourError) or (
                obj is errors.ParlourWarning and issubclass(obj, UserWarning)
            )


def test_translator_maps_kinds() -> None:
    with pytest.raises(errors.NotationError, match="'1x'"):
        Card.parse("1x")
    with pytest.raises(errors.InvalidValueError):
        CardSet.from_mask(1 << 63)
    with pytest.raises(errors.WrongTypeError, match="float"):
        CardSet(2.5)  # type: ignore[arg-type]


def test_class_for_codes_and_register() -> None:
    assert errors._class_for("parse", "") is errors.NotationError
    assert errors._class_for("nonsense", "") is errors.ParlourError
    assert errors._class_for("phase", "nogame.Unknown") is errors.PhaseError

    @errors.register("testgame.Special")
    class Special(errors.IllegalActionError):
        """A registered subclass."""

    try:
        assert errors._class_for("illegal_action", "testgame.Special") is Special
        with pytest.raises(ValueError, match="already registered"):
            errors.register("testgame.Special")(errors.PhaseError)
    finally:
        del errors._BY_CODE["testgame.Special"]


def _bound_classes():
    import parlour._core as core

    for mod in (core, core.cards, core.gin, core.yahtzee, core.freecell, core.envs):
        for obj in vars(mod).values():
            if isinstance(obj, type) and obj.__module__.startswith("parlour._core") and not issubclass(obj, enum.Enum):
                yield obj


def test_classes_without_a_constructor_raise_wrong_type_naming_themselves() -> None:
    import parlour._core as core

    checked = 0
    for cls in _bound_classes():
        init = cls.__dict__.get("__init__")
        if init is None or type(init).__name__ != "instancemethod":
            continue
        try:
            cls()
        except WrongTypeError as e:
            if "not made by" in str(e):
                assert f"{cls.__name__} objects are not made by {cls.__name__}(...)" in str(e)
                checked += 1
        except (ParlourError, TypeError):
            pass  # a real constructor, which needs arguments
    assert checked >= 5
    with pytest.raises(WrongTypeError, match=r"Round.deal"):
        core.gin.Round()
    with pytest.raises(WrongTypeError, match="not made by Observation"):
        core.gin.Observation()


def test_missing_seat_and_wrong_solve_argument_are_the_library_errors() -> None:
    from parlour import freecell, gin

    with pytest.raises(WrongTypeError, match=r"observation.. takes the seat"):
        gin.Round.deal(gin.Rules(), 0, 1).observation()  # type: ignore[call-arg]
    with pytest.raises(WrongTypeError, match=r"solve.. takes a GameState, a Game or a deal number"):
        freecell.solve("617")  # type: ignore[arg-type]
    game = freecell.Game(deal=1)
    assert freecell.solve(game).verdict == freecell.solve(game.state).verdict


def test_objects_made_without_a_constructor_refuse_every_use() -> None:
    import pickle

    from parlour.errors import StateFormatError
    from parlour.freecell import GameState
    from parlour.gin import Melds, Round

    with pytest.raises(StateFormatError, match="GameState was never made"):
        pickle.loads(b"\x80\x04\x8c\x16parlour._core.freecell\x94\x8c\tGameState\x94\x93\x94)\x81\x94.").to_text()
    with pytest.raises(StateFormatError, match="Round was never made"):
        Round.__new__(Round).phase
    with pytest.raises(StateFormatError):
        repr(Melds.__new__(Melds))
    assert isinstance(GameState.from_ms_deal(1).to_text(), str)  # made ones still work
    checked = 0
    for cls in _bound_classes():
        obj = cls.__new__(cls)
        if cls.__name__ == "CardSet":
            assert repr(obj) == "CardSet()"  # CardSet.__new__ makes the empty set: a valid value
            continue
        if "__repr__" in vars(cls):  # a class without its own repr prints object's, which reads nothing
            with pytest.raises(StateFormatError, match="was never made"):
                repr(obj)
        for name, attr in vars(cls).items():
            if isinstance(attr, property):
                with pytest.raises(StateFormatError, match="was never made"):
                    getattr(obj, name)
        checked += 1
        obj.__class__  # the object itself is fine to drop
    assert checked >= 40


# ---- wrong-typed arguments anywhere in the engine's API

SENTINEL = object()


def _engine_callables() -> list[tuple[str, Any]]:
    """Every function and method the engine binds, with a name to report."""
    import parlour._core as core

    out: list[tuple[str, Any]] = []
    for mod in (core, core.cards, core.gin, core.yahtzee, core.freecell, core.envs):
        for name, obj in sorted(vars(mod).items()):
            if type(obj).__name__ == "builtin_function_or_method":
                out.append((f"{mod.__name__}.{name}", obj))
    for cls in _bound_classes():
        for name, attr in sorted(vars(cls).items()):
            if type(attr).__name__ in ("instancemethod", "staticmethod", "builtin_function_or_method"):
                out.append((f"{cls.__module__}.{cls.__qualname__}.{name}", getattr(cls, name)))
    return out


def _sample_objects() -> list[Any]:
    """One made object of as many engine classes as the games give easily."""
    from parlour import games
    from parlour.cards import Rng
    from parlour.freecell import GameState, Move
    from parlour.gin import Rules as GinRules
    from parlour.yahtzee import Dice, HeuristicBot, Keep, Scorecard, State

    objs: list[Any] = [
        Card("As"),
        Rng(1),
        GinRules(),
        Dice("12345"),
        Keep("66"),
        State.START,
        Scorecard(),
        HeuristicBot(),
        GameState.from_ms_deal(1),
        Move.parse("3a"),
    ]
    for name in games.names():
        game = games.get(name).new_game(seed=1)
        objs += [game, game.observation(0), game.legal_actions()[0]]
        if getattr(game, "rules", None) is not None:
            objs.append(game.rules)
        bot_names = games.get(name).bots if hasattr(games.get(name), "bots") else {}
        for bot_name in list(bot_names)[:3]:
            try:
                objs.append(games.get(name).make_bot(bot_name, seed=1))
            except Exception:  # noqa: BLE001 - a bot that needs more than a seed
                pass
    from parlour._core.gin import Round as GinRound

    r = GinRound.deal(GinRules(), 0, 1)
    objs += [r, r.observation(r.turn)]
    return objs


# The interpreter's own answers to calling a C method of CardSet (a type written against
# the C API for speed) with the wrong number of arguments, or its __new__ on a non-type:
# the calling convention, not a conversion of an argument.
INTERPRETER_ARITY = ("takes exactly one argument", "takes no arguments", "is not a type object")


def _calls_with_sentinels(fn: Any, arity: int) -> BaseException | None:
    import warnings

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # deprecated aliases still answer
            fn(*[SENTINEL] * arity)
    except BaseException as e:  # noqa: BLE001 - what comes out is what is checked
        if type(e) is TypeError and any(m in str(e) for m in INTERPRETER_ARITY):
            return None
        return e
    return None


def test_every_engine_callable_answers_wrong_types_with_the_library_error() -> None:
    """object() in every argument slot (one, two and three arguments): a ParlourError or a result, nothing else."""
    leaks: list[str] = []
    checked = 0
    for name, fn in _engine_callables():
        for arity in (1, 2, 3):
            e = _calls_with_sentinels(fn, arity)
            checked += 1
            if e is not None and not isinstance(e, ParlourError):
                leaks.append(f"{name} x{arity}: {type(e).__name__}: {str(e)[:120]}")
    assert checked > 1500
    assert not leaks, "\n".join(leaks)


def _fresh(obj: Any) -> Any:
    try:
        return copy.copy(obj)
    except TypeError:  # a class that does not copy (a bot holding a solver): the object itself
        return obj


def test_every_method_of_made_objects_answers_wrong_types_with_the_library_error() -> None:
    leaks: list[str] = []
    checked = 0
    for obj in _sample_objects():
        for name in dir(type(obj)):
            if name.startswith("__") and name not in (
                "__contains__",
                "__getitem__",
                "__or__",
                "__and__",
                "__sub__",
                "__lt__",
                "__le__",
                "__eq__",
                "__setstate__",
                "__call__",
            ):
                continue
            attr = getattr(type(obj), name, None)
            if isinstance(attr, property):
                if attr.fset is not None:
                    try:
                        setattr(_fresh(obj), name, SENTINEL)
                    except ParlourError:
                        pass
                    except BaseException as e:  # noqa: BLE001
                        leaks.append(f"{type(obj).__name__}.{name} = object(): {type(e).__name__}: {str(e)[:120]}")
                continue
            if type(attr).__name__ not in ("instancemethod", "method_descriptor", "builtin_function_or_method"):
                continue
            for arity in (1, 2):
                e = _calls_with_sentinels(getattr(_fresh(obj), name), arity)
                checked += 1
                if e is not None and not isinstance(e, ParlourError):
                    leaks.append(f"{type(obj).__name__}.{name} x{arity}: {type(e).__name__}: {str(e)[:120]}")
    assert checked > 300
    assert not leaks, "\n".join(leaks)


def test_arguments_that_fit_no_signature_name_the_parameter_and_its_type() -> None:
    from fractions import Fraction

    import numpy as np

    from parlour._core.envs import GinBatch
    from parlour._core.gin import Action
    from parlour.yahtzee import HeadsUpSolver, Solver

    cases = [
        (lambda: Card.from_index("x"), "Card.from_index(): index must be an int, got str 'x'"),
        (lambda: Card.from_index(Fraction(7, 2)), "Card.from_index(): index must be an int, got Fraction"),
        (lambda: Card.from_index(True), "Card.from_index(): index must be an int, got bool True"),
        (lambda: Card.from_index(2**70), "Card.from_index(): index is out of range, got 1180591620717411303424"),
        (lambda: Solver(5), "Solver(): rules must be a Rules or None, got int 5"),
        (lambda: HeadsUpSolver(200).best_action(None, 0, "11111", 0), "state must be a State, got NoneType None"),
        (lambda: Action.discard("As", "Ks"), "Action.discard(): takes 1 positional argument, got 2"),
        (lambda: Action.discard(card="As", colour=1), "Action.discard(): has no parameter colour"),
        (lambda: GinBatch(4, threads=int), "threads must be an int, got type"),
        (lambda: GinBatch(np.array([1, 2])), "num_envs must be an int, got ndarray"),
        (
            lambda: Card(1.5),
            "Card(): text must be a str, got float 1.5 (it is called as Card(rank, suit) or Card(text))",
        ),
    ]
    for call, message in cases:
        with pytest.raises(WrongTypeError) as info:
            call()
        assert message in str(info.value), str(info.value)
        for raw in ("incompatible", "Invoked with", "typing.Supports", "Unable to cast", "parlour._core"):
            assert raw not in str(info.value)
    # The message stays short whatever the arguments print as, and never fails to be built.
    deep: list[object] = []
    for _ in range(100_000):
        deep = [deep]
    for call in (lambda: Card.from_index(["x" * 100] * 1000), lambda: Action.discard(deep)):
        with pytest.raises(WrongTypeError) as info:
            call()  # type: ignore[no-untyped-call]
        assert len(str(info.value)) < 2100
    from parlour.cards import CardSet

    with pytest.raises(WrongTypeError):
        CardSet.of_suit(deep)  # type: ignore[arg-type]
    # Overloads still resolve, conversions included (a NumPy int where an int is expected).
    assert Card.from_index(np.int64(3)) == Card.from_index(3)
    assert Card(1, 0) == Card("Ac")


@pytest.mark.parametrize(
    ("call", "match"),
    [
        ("freecell.solve(1, max_states='10')", "max_states must be a positive int"),
        ("freecell.solve(1, max_states=2**64 - 1)", "max_states must be in 1"),
        ("freecell.solve(1, time_limit='1')", "time_limit must be seconds"),
        ("freecell.solve(1, time_limit=float('inf'))", "time_limit must be a positive, finite"),
        ("yahtzee.Rules(1.5)", "joker"),
        ("yahtzee.Dice([None] * 5)", "a die face must be an int"),
        ("yahtzee.Dice([2**70] * 5)", "a die face must be in"),
        ("yahtzee.Keep.from_faces([None])", "faces must be an int, got NoneType None"),
        ("yahtzee.Reroll([None])", "a kept face must be an int"),
        ("yahtzee.Score(2**70)", "a category must be in 0..12"),
        ("yahtzee.Game(seed=1).apply(2**70)", "action id must be in"),
        ("cards.CardSet('\\ud800')", "not valid Unicode"),
        ("cards.Card('\\ud800')", "text is not valid Unicode"),
        ("gin.Action.parse('\\ud800')", "not valid Unicode"),
        ("yahtzee.parse_category('\\ud800')", "is not valid Unicode"),
        ("yahtzee.Dice('\\ud800')", "not valid Unicode"),
    ],
)
def test_named_slots_raise_the_library_error_naming_the_argument(call: str, match: str) -> None:
    from parlour import cards, freecell, gin, yahtzee  # noqa: F401 - used by the calls

    with pytest.raises(ParlourError, match=match):
        eval(call)


# The pure-Python layer: the public modules whose names are not bound C++ (the engine's are swept above).
PYTHON_MODULES = (
    "parlour.cards",
    "parlour.protocol",
    "parlour.games",
    "parlour.gin",
    "parlour.yahtzee",
    "parlour.freecell",
    "parlour.envs.gin",
    "parlour.envs.yahtzee",
    "parlour.envs.freecell",
    "parlour.envs.vector",
    "parlour.distributed",
)

# Python's own answers to a call with the wrong number of arguments: the calling convention.
PYTHON_ARITY = (
    "positional argument",
    "required keyword-only argument",
    "required positional argument",
    "takes no arguments",
)


def _python_callables() -> list[tuple[str, Any]]:
    """Every public function, class and static/class method written in Python, with a name to report."""
    import importlib
    import inspect

    out: list[tuple[str, Any]] = []
    seen: set[int] = set()
    for module in PYTHON_MODULES:
        mod = importlib.import_module(module)
        for name in mod.__all__:
            obj = getattr(mod, name)
            if id(obj) in seen or getattr(obj, "__module__", "").startswith("parlour._core"):
                continue
            seen.add(id(obj))
            if inspect.isfunction(obj):
                out.append((f"{module}.{name}", obj))
            elif (
                inspect.isclass(obj) and not getattr(obj, "_is_protocol", False) and not issubclass(obj, BaseException)
            ):
                out.append((f"{module}.{name}", obj))
                for attr_name, attr in vars(obj).items():
                    if not attr_name.startswith("_") and isinstance(attr, (staticmethod, classmethod)):
                        out.append((f"{module}.{name}.{attr_name}", getattr(obj, attr_name)))
    return out


def _made_python_objects() -> list[Any]:
    """One made object of the Python classes that games, environments and batches return."""
    from parlour import games
    from parlour.envs.freecell import FreeCellEnv
    from parlour.envs.gin import GinEnv
    from parlour.envs.vector import FreeCellVectorEnv, GinVectorEnv, YahtzeeVectorEnv
    from parlour.envs.yahtzee import YahtzeeEnv
    from parlour.freecell import GameState, solve, solve_deals
    from parlour.gin import arena

    objs: list[Any] = []
    for name in games.names():
        info = games.get(name)
        game = info.new_game(seed=1)
        objs += [info, game, game.observation(0), *[info.bot(b, seed=1) for b in list(info.bots)[:2]]]
    for env_cls in (GinEnv, YahtzeeEnv, FreeCellEnv):
        env = env_cls()
        env.reset(seed=1)
        objs.append(env)
    for vec_cls in (YahtzeeVectorEnv, FreeCellVectorEnv, GinVectorEnv):
        vec = vec_cls(4)
        vec.reset(seed=1)
        objs.append(vec)
    objs += [
        arena(["easy", "normal"], matches=2, seed=1),
        solve_deals(range(1, 3))[0],
        solve(GameState.from_ms_deal(1)),
    ]
    return [o for o in objs if not type(o).__module__.startswith(("parlour._core", "builtins"))]


def _python_leak(name: str, fn: Any, arity: int) -> str | None:
    import warnings

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            fn(*[SENTINEL] * arity)
    except ParlourError:
        return None
    except TypeError as e:
        if type(e) is TypeError and any(m in str(e) for m in PYTHON_ARITY):
            return None
        return f"{name} x{arity}: {type(e).__name__}: {str(e)[:120]}"
    except BaseException as e:  # noqa: BLE001 - what comes out is what is checked
        return f"{name} x{arity}: {type(e).__name__}: {str(e)[:120]}"
    return None


def test_every_python_function_answers_wrong_types_with_the_library_error() -> None:
    """object() in every argument slot of the Python layer's functions, constructors and static
    methods (one to three arguments), and of the methods of the Python objects the games,
    environments and batches hand out: a ParlourError or a result, never an AttributeError, a
    bare TypeError from deep inside, or an error of another library."""
    leaks: list[str] = []
    checked = 0
    for name, fn in _python_callables():
        for arity in (1, 2, 3):
            checked += 1
            leak = _python_leak(name, fn, arity)
            if leak:
                leaks.append(leak)
    for obj in _made_python_objects():
        cls = type(obj)
        for attr_name in dir(cls):
            if attr_name.startswith("_") or attr_name in ("close", "render"):
                continue
            attr = getattr(cls, attr_name, None)
            # methods the class inherits from Gymnasium, PettingZoo or Python answer in their own way
            owner = next((k for k in cls.__mro__ if attr_name in vars(k)), cls)
            if isinstance(attr, property) or not callable(attr) or not owner.__module__.startswith("parlour"):
                continue
            for arity in (1, 2):
                checked += 1
                leak = _python_leak(f"{cls.__qualname__}.{attr_name}", getattr(obj, attr_name), arity)
                if leak:
                    leaks.append(leak)
    assert checked > 200
    assert not leaks, "\n".join(leaks)
