"""The server's own routes: ``GET /api/health``, and the web table's static files at ``/``.

``GET /api/health`` answers 200 when this worker can serve (its database answers; with
several workers, it holds its lease) and 503 otherwise (the database is away, or the
worker is stopping), so that a load balancer sends clients elsewhere; the body says
which worker answered and what it sees of the database.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI
from fastapi.responses import JSONResponse
from starlette.staticfiles import StaticFiles

from parlour._version import __version__
from parlour.server.routes import TablesDep
from parlour.server.tables import Tables

__all__ = ["WEB_DIR", "mount_web", "router"]

#: Where a web frontend's static files live (served at ``/`` when present).
WEB_DIR = Path(__file__).resolve().parent.parent.parent / "web"

router = APIRouter()


@router.get("/api/health")
async def health(tables: TablesDep) -> JSONResponse:
    """Whether this worker can serve: `ok`, `version`, `database` (`backend`, `ok`, `ms` for a round trip),
    `tables_in_play`, and `worker` (its `id` and `pid`, its `lease` of the tables it runs, its
    connections and tables in memory, the races the database decided); 503 when it cannot."""
    body = await report(tables)
    return JSONResponse(body, status_code=200 if body["ok"] else 503)


async def report(tables: Tables) -> dict[str, Any]:
    """What ``GET /api/health`` answers: the worker, the database, the tables."""
    db: dict[str, Any] = {"backend": tables.store.backend}
    try:
        db["ms"] = round(1000 * await asyncio.to_thread(tables.store.ping), 2)
        db["ok"] = True
    except Exception as e:  # noqa: BLE001 - reported, not raised
        db.update(ok=False, error=type(e).__name__)
    in_play: int | None = None
    if db["ok"] or not tables.shared:
        try:
            in_play = await tables.count_in_play()
        except Exception:  # noqa: BLE001 - the database went away meanwhile
            db["ok"] = False
    worker = {
        **tables.worker.describe(),
        "connections": len(tables.connections),
        "tables_in_memory": len(tables.tables),
        "bot_tables_run_here": sum(1 for t in tables.tables.values() if t.has_bots and tables.owns(t)),
        "conflicts": tables.conflicts,
        "followed_actions": tables.follow.replayed,
        "bot_retries": tables.bots.retries,
        "draining": tables.draining,
    }
    ok = bool(db["ok"]) and tables.worker.lease and not tables.draining
    return {"ok": ok, "version": __version__, "database": db, "tables_in_play": in_play, "worker": worker}


def mount_web(app: FastAPI, web_dir: Path | None) -> None:
    """Serve the static files of ``web_dir`` at ``/`` when it holds an ``index.html`` (routes come first)."""
    if web_dir is not None and (web_dir / "index.html").is_file():
        app.mount("/", StaticFiles(directory=web_dir, html=True), name="web")
