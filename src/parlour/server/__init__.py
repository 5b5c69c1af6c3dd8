"""parlour serve: a game server that any frontend can drive (``pip install 'parlour[server]'``).

Tables of every game of the registry over HTTP and WebSockets, each seat a person
(with a secret token) or a server-side bot; every accepted action is committed to a
database (SQLite by default, PostgreSQL by URL) before anyone is told of it.  Run it
with ``parlour serve``; see docs/server.md.  Importing this package imports nothing
of the server's dependencies: :mod:`parlour.server.app` does.
"""

from __future__ import annotations
