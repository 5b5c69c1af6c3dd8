"""Argument checks shared by the Python layer, and the caps on the counts it takes
(docs/limits.md lists every cap).

A count of work whose result is a total is at most :data:`MAX_COUNT` (the engine's own
cap, ``parlour._core.MAX_COUNT``); a run cut into chunks is at most :data:`MAX_CHUNKS`
chunks and :data:`MAX_RUN_ITEMS` items (its plan is held in memory); a call that returns
one Python object per deal takes at most :data:`MAX_DEALS_IN_MEMORY` deals.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from parlour._core import MAX_COUNT
from parlour.errors import InvalidValueError, ParlourError, _wrong_type

__all__ = [
    "MAX_CHUNKS",
    "MAX_COUNT",
    "MAX_DEALS_IN_MEMORY",
    "MAX_RUN_ITEMS",
    "check_choice",
    "check_chunks",
    "check_count",
    "check_executor",
]

#: The most chunks one chunked run is cut into (its plan and its store's manifest list each).
MAX_CHUNKS = 2**20
#: The most items (deals, games) one chunked run covers: its plan holds them in memory.
MAX_RUN_ITEMS = 2**27
#: The most deals a call that returns their solutions as Python objects takes.
MAX_DEALS_IN_MEMORY = 2**20


def check_count(value: object, what: str, hi: int, lo: int = 0, *, beyond: str = "") -> int:
    """``value`` as an int in ``lo .. hi``: WrongTypeError for a non-int (a bool included),
    InvalidValueError outside the range (``beyond`` says what to do instead)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise _wrong_type(what, "an int", value)
    if not lo <= value <= hi:
        limit = f"{lo} .. {hi}" if hi < 10**6 else f"{lo} .. {hi:,}"
        raise InvalidValueError(f"{what} must be in {limit}, got {value!r:.40}" + (f" ({beyond})" if beyond else ""))
    return value


def check_number(value: object, what: str) -> float:
    """``value`` as a finite float: WrongTypeError for a non-number (a bool included),
    InvalidValueError for a NaN or an infinity."""
    import math
    import numbers

    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise _wrong_type(what, "a number", value)
    out = float(value)
    if not math.isfinite(out):
        raise InvalidValueError(f"{what} must be a finite number, got {out!r}")
    return out


def check_chunks(items: int, size: object, what: str, *, groups: int = 1) -> None:
    """InvalidValueError when ``groups`` runs of ``items`` items, each cut into chunks of
    ``size``, make more than :data:`MAX_CHUNKS` chunks (a ``size`` that is not a positive
    int is left to the caller's own check)."""
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        return
    if groups * -(-items // size) > MAX_CHUNKS:
        raise InvalidValueError(
            f"{what}: {items:,} in chunks of {size:,} make more than {MAX_CHUNKS:,} chunks; "
            "use a larger chunk_size or split the run"
        )


def iter_items(values: object, what: str, cap: int | None = None, *, beyond: str = "") -> Iterator[Any]:
    """The items of an iterable, read one by one (never through ``len``) and at most ``cap``
    of them: WrongTypeError when ``values`` is not iterable or iterating it fails,
    InvalidValueError past ``cap`` items (no more are read)."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise _wrong_type(what, "an iterable", values)
    count = 0
    try:
        it = iter(values)
    except Exception as e:  # an __iter__ that fails: the caller's object, not ours
        raise _wrong_type(what, "an iterable", values) from e
    while True:
        try:
            item = next(it)
        except StopIteration:
            return
        except ParlourError:
            raise
        except Exception as e:  # a __next__ that fails
            raise _wrong_type(what, "an iterable", values) from e
        if cap is not None and count == cap:
            raise InvalidValueError(f"{what} holds more than {cap:,} items" + (f" ({beyond})" if beyond else ""))
        count += 1
        yield item


def items_of(values: object, what: str, cap: int | None = None, *, beyond: str = "") -> list[Any]:
    """The items of an iterable as a list (see :func:`iter_items`)."""
    return list(iter_items(values, what, cap, beyond=beyond))


def check_choice(value: object, what: str, choices: Iterable[str | None]) -> None:
    """InvalidValueError (WrongTypeError for a value that is not a str or None) unless
    ``value`` is one of ``choices``; compares without calling the value's ``==`` (a NumPy
    array would answer with an array)."""
    allowed = list(choices)
    if not (value is None or isinstance(value, str)) or value not in allowed:
        shown = ", ".join(repr(c) for c in allowed)
        if value is not None and not isinstance(value, str):
            raise _wrong_type(what, f"one of {shown}", value)
        raise InvalidValueError(f"{what} must be one of {shown}, got {value!r}")


def check_executor(executor: object) -> None:
    """WrongTypeError unless ``executor`` is None or an executor (an object with ``submit``,
    like every :class:`concurrent.futures.Executor`)."""
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise _wrong_type("executor", "a concurrent.futures.Executor or None", executor)
