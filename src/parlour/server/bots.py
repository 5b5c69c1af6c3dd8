"""Server-side bots: which worker runs them, when they play, and how they try again.

A table's bots play at one worker, the table's owner (every table, with SQLite where
there is one process; with several workers on PostgreSQL, the worker whose lease the
database names: :mod:`parlour.server.workers`).  When it is a bot's turn the owner waits
the bot's think delay, asks the bot for an action from its seat's observation only, and
plays it through the table's one move path, as a person's action but for the table's
``seq`` it was chosen at (``expect``), so that a bot never plays on a state it has not seen.

A bot's move that the database did not take (the database is down) is tried again, after
0.5, 1, 2, 4 and then every 5 seconds, for as long as the table is still this worker's and
still at the bot's turn: a bot never stops for good because of a failed write.  With
several workers, a lost lease stops this worker's bots (another worker takes the tables
over); a regained one starts them again.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from parlour.errors import ParlourError
from parlour.server.errors import InternalError, NotYourTurn, StaleAction

if TYPE_CHECKING:  # pragma: no cover
    from parlour.server.table import Table
    from parlour.server.tables import Tables

__all__ = ["RETRY_FIRST", "RETRY_MAX", "Bots"]

log = logging.getLogger("parlour.server")

#: Seconds before a bot tries a move again that the database did not take (doubling up to :data:`RETRY_MAX`).
RETRY_FIRST = 0.5
RETRY_MAX = 5.0


class Bots:
    """The bots of a worker's tables: made from the registry, scheduled at their turn, retried after a failed write."""

    def __init__(self, tables: Tables) -> None:
        """The bots of ``tables``."""
        self.tables = tables
        self.stopped = False
        #: Moves tried again after the database did not take them.
        self.retries = 0

    def make(self, t: Table) -> None:
        """Give each bot seat of ``t`` its bot (from the registry, with the table's preset)."""
        info = self.tables.registry.get(t.game_name)
        rules = info.presets[t.preset]() if t.preset is not None and t.preset in info.presets else None
        for s in t.seats:
            if s.kind == "bot" and s.bot_name is not None:
                # A fresh seed per load: a bot's choices never depend on anything a client can see.
                s.bot = info.bot(s.bot_name, seed=(t.seed + 7919 * (s.seat + 1) + 104_729 * t.seq) % 2**63, rules=rules)

    def schedule(self, t: Table) -> None:
        """Let the bot play if it is a bot's turn at a table this worker runs (and it is not already at it)."""
        if self.stopped or t.bot_task is not None:
            return
        cp = t.game.current_player
        if cp is None or t.seats[cp].kind != "bot" or not self.tables.owns(t):
            return
        t.bot_task = asyncio.get_running_loop().create_task(self._turn(t, cp))

    async def stop(self) -> None:
        """Start no more bot turns; cancel the ones not in the middle of a move."""
        self.stopped = True
        tasks = [t.bot_task for t in self.tables.tables.values() if t.bot_task is not None and not t.lock.locked()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def _go_on(self, t: Table, seat: int) -> bool:
        return not self.stopped and self.tables.owns(t) and t.game.current_player == seat

    async def _turn(self, t: Table, seat: int) -> None:
        s = t.seats[seat]
        failures = 0
        try:
            if s.think_ms:
                await asyncio.sleep(s.think_ms / 1000)
            while self._go_on(t, seat):
                seq = t.seq
                action: Any = await asyncio.to_thread(s.bot.act, t.game.observation(seat))
                try:
                    await self.tables.act(t, seat, int(action.id) if hasattr(action, "id") else action, expect=seq)
                    break
                except (StaleAction, NotYourTurn):
                    break  # another worker's move came first; the table follows it: look again below
                except InternalError as e:
                    failures += 1
                    self.retries += 1
                    delay = min(RETRY_MAX, RETRY_FIRST * 2 ** min(failures - 1, 8))
                    log.warning(
                        "table %s: bot %s in seat %d could not store its move (%s); trying again in %.1f s",
                        t.id,
                        s.bot_name,
                        seat,
                        e.__cause__ or e,
                        delay,
                    )
                    await asyncio.sleep(delay)
        except asyncio.CancelledError:
            raise
        except ParlourError as e:
            log.error("table %s: bot %s in seat %d could not play: %s: %s", t.id, s.bot_name, seat, type(e).__name__, e)
            return
        except Exception:
            log.exception("table %s: bot in seat %d failed", t.id, seat)
            return
        finally:
            t.bot_task = None
        self.tables.settled(t)
