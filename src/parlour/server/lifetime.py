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
refused (:func:`close_table`).  :func:`expire` is the task that looks, started with the
server; the idle time of the tables it finds at its start counts from then, so that a
restart costs nobody their table.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

from parlour.server import messages
from parlour.server.errors import TableClosed
from parlour.server.schema import ConflictError

if TYPE_CHECKING:
    from parlour.server.table import Limits, Table
    from parlour.server.tables import Tables

__all__ = ["cannot_go_on", "close_expired", "close_table", "expire", "sweep_interval"]

log = logging.getLogger("parlour.server")


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


async def close_table(tables: Tables, t: Table, why: str) -> bool:
    """Close a table in play before its game's end; True if it was closed now.

    Stored (status ``"closed"``, conditional on the table's sequence number, so that a table that has just
    moved stays open), it frees its place under the table limit; its connections are told (``TableClosed``)
    and every later action, take-back or seat is refused.
    """
    async with t.lock:
        if t.status != "playing":
            return False
        seq = t.seq
        try:
            await tables.writer.submit_async(lambda conn: tables.store.close_table(conn, t.id, seq))
        except ConflictError:
            return False  # it moved or was closed meanwhile (another server on the database)
        except Exception as e:  # noqa: BLE001 - the database is away: tried again at the next sweep
            log.warning("table %s: could not store its closing: %s", t.id, type(e).__name__)
            return False
        t.closed = why
        tables.open_count -= 1
        if t.bot_task is not None:
            t.bot_task.cancel()
        text = messages.error_text(TableClosed(f"table {t.id} is closed: {why}"))
        for c in list(t.conns):
            c.push(text)
        if tables.tables.get(t.id) is t:
            del tables.tables[t.id]
    log.info("table %s closed: %s", t.id, why)
    return True


async def close_expired(
    tables: Tables,
    limits: Limits,
    now: float | None = None,
    checked: dict[str, int] | None = None,
    since: float = 0.0,
) -> int:
    """Close every table in play that cannot go on or has had no action for the idle time; how many.

    ``checked`` remembers the sequence number at which each table was last found able to go on, so that a
    table is asked again only after it moved (the sweep of ten thousand tables stays a few milliseconds);
    idle times count from ``since`` at the earliest (the server's start).
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
        elif idle > 0 and now - max(t.updated, since) >= idle:
            why = f"no action for {_duration(idle)}"
        else:
            seen[t.id] = t.seq
            continue
        closed += await close_table(tables, t, why)
    for gone in seen.keys() - tables.tables.keys():
        del seen[gone]
    return closed


async def expire(tables: Tables, limits: Limits) -> None:
    """Close expired tables (:func:`close_expired`) every :func:`sweep_interval` seconds, until cancelled."""
    checked: dict[str, int] = {}
    since = time.time()
    while True:
        await close_expired(tables, limits, checked=checked, since=since)
        await asyncio.sleep(sweep_interval(limits.idle_timeout))
