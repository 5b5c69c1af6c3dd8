"""How long a table stays in play: the server closes the tables that cannot or do not go on.

A table in play holds one of the server's places (``--max-tables``) until its game ends.
So that no table holds one for ever, the server closes a table in play when

- no seat can act in it: the game is not over, yet it offers no legal action (the server
  refuses to create such a table, see :func:`cannot_go_on`; one may still come from an
  older database), or
- no action was accepted and no seat taken at it for ``Limits.idle_timeout`` seconds (an
  hour by default, ``--idle-timeout``; 0 keeps tables for ever).

A closed table keeps its game in the database as it was, with the status ``"closed"``;
its connections are told (``TableClosed``), and every later action, take-back or seat is
refused (:meth:`parlour.server.tables.Tables.close_table`).  :func:`expire` is the task
that looks, started with the server.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from parlour.server.table import Limits
    from parlour.server.tables import Tables

__all__ = ["cannot_go_on", "close_expired", "expire", "sweep_interval"]


def cannot_go_on(game: Any) -> bool:
    """Whether ``game`` is not over but no seat can act in it (asked through the game protocol only)."""
    if game.is_terminal:
        return False
    return game.current_player is None or len(game.legal_action_ids()) == 0


def sweep_interval(idle_timeout: float) -> float:
    """Seconds between two looks: a tenth of the idle time, between 0.2 s and a minute."""
    if idle_timeout <= 0:
        return 60.0
    return min(60.0, max(0.2, idle_timeout / 10))


def _duration(seconds: float) -> str:
    if seconds >= 120:
        return f"{seconds / 60:g} minutes"
    return f"{seconds:g} seconds"


async def close_expired(
    tables: Tables, limits: Limits, now: float | None = None, checked: dict[str, int] | None = None
) -> int:
    """Close every table in play that cannot go on or has had no action for the idle time; how many.

    ``checked`` remembers the sequence number at which each table was last found able to go on, so that a
    table is asked again only after it moved (the sweep of ten thousand tables stays a few milliseconds).
    """
    now = time.time() if now is None else now
    idle = limits.idle_timeout
    seen = {} if checked is None else checked
    closed = 0
    for i, t in enumerate(list(tables.tables.values())):
        if i % 1000 == 999:
            await asyncio.sleep(0)  # let the tables play between the slices of a long sweep
        if t.status != "playing":
            continue
        if seen.get(t.id) != t.seq and cannot_go_on(t.game):
            why = "no seat can act in this game"
        elif idle > 0 and now - t.updated >= idle:
            why = f"no action for {_duration(idle)}"
        else:
            seen[t.id] = t.seq
            continue
        closed += await tables.close_table(t, why)
    for gone in seen.keys() - tables.tables.keys():
        del seen[gone]
    return closed


async def expire(tables: Tables, limits: Limits) -> None:
    """Close expired tables (:func:`close_expired`) every :func:`sweep_interval` seconds, until cancelled."""
    checked: dict[str, int] = {}
    while True:
        await close_expired(tables, limits, checked=checked)
        await asyncio.sleep(sweep_interval(limits.idle_timeout))
