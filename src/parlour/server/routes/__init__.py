"""The server's routes, one :class:`fastapi.APIRouter` per area.

- :mod:`.tables`: the games (``GET /api/games``) and the tables (create, list, read);
- :mod:`.seats`: seats and spectator tokens over HTTP, and the table WebSocket
  (``/ws/tables/{id}``) where a seat plays;
- :mod:`.advice`: advice for a seat (``GET /api/tables/{id}/advice``);
- :mod:`.health`: ``GET /api/health`` and the web table's static files.

A route reaches the server's state through :func:`tables_of` (the :class:`Tables` the
application holds in ``app.state``); the application itself is put together in
:mod:`parlour.server.app`.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from parlour.server.errors import AuthError
from parlour.server.tables import Tables

__all__ = ["TablesDep", "bearer", "tables_of"]


def tables_of(request: Request) -> Tables:
    """The server's tables (a FastAPI dependency)."""
    tables: Tables = request.app.state.tables
    return tables


#: A route's parameter that receives the server's tables.
TablesDep = Annotated[Tables, Depends(tables_of)]


def bearer(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header (None without one; AuthError for another scheme)."""
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token:
        raise AuthError("Authorization must be 'Bearer <token>'")
    return token.strip()
