"""The error hierarchy and the one translator in the bindings."""

from __future__ import annotations

import pytest

from parlour import errors
from parlour.cards import Card, CardSet


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
