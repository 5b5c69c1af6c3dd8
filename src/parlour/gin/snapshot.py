"""JSON text for gin rounds: :func:`dumps` / :func:`loads` around ``Round.to_dict`` / ``Round.from_dict``.

A snapshot is a versioned dict (``"format": "parlour.gin.Round"``, ``"version": 1``)
with every card as text; :func:`loads` turns malformed JSON into
:class:`~parlour.errors.StateFormatError` like any other corrupt snapshot, and the
engine re-validates every invariant of the round it describes.

>>> from parlour.gin import Round
>>> r = Round.deal(seed=7)
>>> loads(dumps(r)) == r
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from parlour._core.gin import Round
from parlour.errors import StateFormatError, _wrong_type

__all__ = ["dumps", "loads", "replay"]


def dumps(round_: Round, *, indent: int | None = None) -> str:
    """The JSON text of a round's snapshot."""
    _check_round(round_)
    if indent is not None and (isinstance(indent, bool) or not isinstance(indent, int) or indent < 0):
        raise _wrong_type("indent", "None or an int >= 0", indent)
    return json.dumps(round_.to_dict(), indent=indent)


def _check_round(round_: object) -> None:
    if not isinstance(round_, Round):
        raise _wrong_type("the round", "a parlour.gin.Round", round_)


def loads(text: str | bytes) -> Round:
    """The round of a JSON snapshot; StateFormatError on malformed JSON or a corrupt snapshot."""
    try:
        data: Any = json.loads(text)
    except (ValueError, TypeError) as exc:
        raise StateFormatError(f"corrupt gin round snapshot: not JSON ({exc})") from None
    return Round.from_dict(data)


def replay(round_: Round, actions: list[Any]) -> Round:
    """Apply actions (ids, text or Action objects) to a clone of the round and return it."""
    _check_round(round_)
    if isinstance(actions, (str, bytes)) or not isinstance(actions, Iterable):
        raise _wrong_type("actions", "a list of actions (ids, text or Action objects)", actions)
    r = round_.clone()
    for a in actions:
        r.apply(a)
    return r
