"""The error hierarchy and the one translator in the bindings."""

from __future__ import annotations

import enum

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
            assert issubclass(obj, errors.ParlourError)


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
        for name, obj in vars(mod).items():
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

    with pytest.raises(WrongTypeError, match="observation.. takes the seat"):
        gin.Round.deal(gin.Rules(), 0, 1).observation()  # type: ignore[call-arg]
    with pytest.raises(WrongTypeError, match="solve.. takes a GameState, a Game or a deal number"):
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
