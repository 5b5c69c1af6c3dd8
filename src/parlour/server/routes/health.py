"""The server's own routes: ``GET /api/health``, and the web table's static files at ``/``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI
from starlette.staticfiles import StaticFiles

from parlour._version import __version__
from parlour.server.routes import TablesDep

__all__ = ["WEB_DIR", "mount_web", "router"]

#: Where a web frontend's static files live (served at ``/`` when present).
WEB_DIR = Path(__file__).resolve().parent.parent.parent / "web"

router = APIRouter()


@router.get("/api/health")
async def health(tables: TablesDep) -> dict[str, Any]:
    """The server is up: its version, database backend and tables in play."""
    return {"ok": True, "version": __version__, "database": tables.store.backend, "tables_in_play": tables.open_count}


def mount_web(app: FastAPI, web_dir: Path | None) -> None:
    """Serve the static files of ``web_dir`` at ``/`` when it holds an ``index.html`` (routes come first)."""
    if web_dir is not None and (web_dir / "index.html").is_file():
        app.mount("/", StaticFiles(directory=web_dir, html=True), name="web")
