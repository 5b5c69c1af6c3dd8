"""``--max-spectators`` counts the tokens stored for a table, whichever worker gave them out.

Two :class:`Tables` on one database stand in for two workers (as in test_follow.py): each knows
the tokens it gave out itself and those it read at start, so the count that bounds a table's
spectators is made in the database, in the transaction that stores the token, with the table's
row locked (on PostgreSQL two workers giving out the last token at the same moment wait for
each other).
"""

from __future__ import annotations

import asyncio
import threading

import pytest

for _name in ("fastapi", "sqlalchemy"):
    pytest.importorskip(_name, reason=f"the server tests need {_name}: pip install 'parlour[test]'")

import sqlalchemy as sa  # noqa: E402

from parlour.server.errors import SpectatorLimitReached  # noqa: E402
from parlour.server.games import default_registry  # noqa: E402
from parlour.server.schema import ConflictError, spectators  # noqa: E402
from parlour.server.store import Store  # noqa: E402
from parlour.server.table import Limits  # noqa: E402
from parlour.server.tables import Tables  # noqa: E402

from .conftest import Postgres  # noqa: E402


def stored(store: Store, table_id: str) -> int:
    with store.engine.connect() as conn:
        return int(
            conn.execute(
                sa.select(sa.func.count()).select_from(spectators).where(spectators.c.table_id == table_id)
            ).scalar_one()
        )


def test_the_limit_counts_the_tokens_of_every_worker(db_url: str) -> None:
    limits = Limits(max_spectators=3)

    async def main() -> None:
        a = Tables(default_registry(), Store(db_url), limits=limits)
        await a.start()
        t = await a.create("yahtzee", players=1, seed=5)
        b = Tables(default_registry(), Store(db_url), limits=limits)
        await b.start()  # reads the table before any token is given out
        await a.add_spectator(t.id)
        await a.add_spectator(t.id)
        await b.add_spectator(t.id)  # the third: b knows none of a's two
        for x in (a, b):  # a knows two of the three, b one: both refuse the fourth
            with pytest.raises(SpectatorLimitReached, match="limit of 3 spectator tokens"):
                await x.add_spectator(t.id)
        assert stored(a.store, t.id) == 3  # a refused token leaves nothing behind
        for x in (a, b):
            await x.close()
            x.store.close()

    asyncio.run(main())


@pytest.mark.slow
def test_two_workers_giving_out_the_last_token_at_once(postgres: Postgres) -> None:
    url = postgres.new_database()

    async def make() -> str:
        a = Tables(default_registry(), Store(url))
        await a.start()
        t = await a.create("yahtzee", players=1, seed=6)
        await a.close()
        a.store.close()
        return t.id

    table_id = asyncio.run(make())
    store = Store(url)
    first = store.engine.connect()
    tx = first.begin()
    store.add_spectator(first, table_id, "a" * 64, 1)  # holds the table's row until it commits
    outcome: list[BaseException | None] = []

    def second() -> None:
        try:
            with store.engine.begin() as conn:
                store.add_spectator(conn, table_id, "b" * 64, 1)
            outcome.append(None)
        except BaseException as e:  # noqa: BLE001 - checked below
            outcome.append(e)

    th = threading.Thread(target=second)
    th.start()
    th.join(0.5)
    assert th.is_alive()  # waits for the first transaction's lock
    tx.commit()
    first.close()
    th.join(10)
    assert len(outcome) == 1 and isinstance(outcome[0], ConflictError)
    assert stored(store, table_id) == 1
    store.close()
