"""``parlour serve``: run the game server (needs ``pip install 'parlour[server]'``)."""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import urllib.parse
from pathlib import Path
from typing import Any, TextIO

from parlour.errors import InvalidValueError, ParlourError


def default_db_path() -> Path:
    """The default SQLite file: ``$XDG_DATA_HOME/parlour/server.sqlite3`` (``~/.local/share`` when unset)."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "parlour" / "server.sqlite3"


def _port(text: str) -> int:
    """A TCP port number, 1..65535."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a port is a whole number, got {text!r}") from None
    if not 1 <= n <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 1..65535, got {n}")
    return n


def register(sub: Any) -> None:
    """Add the ``serve`` command to the ``parlour`` command's subparsers."""
    p = sub.add_parser(
        "serve",
        help="run the game server (HTTP + WebSocket); needs parlour[server]",
        description="Run the game server: tables of every game over HTTP and WebSockets, "
        "stored in a database (see docs/server.md).",
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=_port, default=8000, help="port to listen on, 1..65535 (default 8000)")
    p.add_argument(
        "--db",
        metavar="URL",
        default=None,
        help="database URL: sqlite:///path/file.sqlite3 or postgresql://user:pass@host/db "
        f"(default: the SQLite file {default_db_path()})",
    )
    p.add_argument("--schema", action="store_true", help="print the JSON Schema of every WebSocket message and exit")
    p.add_argument("--max-tables", type=int, default=10_000, metavar="N", help="tables in play at most (10000)")
    p.add_argument(
        "--max-message-bytes", type=int, default=4096, metavar="N", help="longest WebSocket message accepted (4096)"
    )
    p.add_argument(
        "--rate",
        type=float,
        default=50.0,
        metavar="N",
        help="messages per second per connection (50, bursts of twice that)",
    )
    p.add_argument(
        "--max-connections",
        type=int,
        default=10_000,
        metavar="N",
        help="open connections at most, HTTP and WebSocket (10000); more are refused (HTTP 503)",
    )
    p.add_argument(
        "--max-body-bytes", type=int, default=16_384, metavar="N", help="longest HTTP request body accepted (16384)"
    )
    p.add_argument(
        "--request-timeout",
        type=float,
        default=10.0,
        metavar="S",
        help="seconds for a request's line and headers to arrive, as many for its body, and twice that for "
        "a client to take what it is sent (10)",
    )
    p.add_argument(
        "--max-spectators", type=int, default=100, metavar="N", help="spectator tokens per table at most (100)"
    )
    p.add_argument(
        "--idle-timeout",
        type=float,
        default=3600.0,
        metavar="S",
        help="seconds without an action after which a table in play is closed (3600; 0: never)",
    )
    p.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="a web origin besides the server's own whose pages may use it, e.g. https://games.example.org "
        "(repeat for more; '*' for any)",
    )
    p.add_argument(
        "--log-level",
        default="info",
        choices=["critical", "error", "warning", "info", "debug"],
        help="the least important log messages shown (default info)",
    )
    p.set_defaults(func=run)


def _missing(e: ImportError, out: TextIO) -> int:
    print(
        f"parlour serve needs the server extra ({e.name} is missing): pip install 'parlour[server]' "
        "(in a checkout: pip install '.[server]')",
        file=sys.stderr,
    )
    del out
    return 1


def _origin(text: str) -> str:
    if text == "*":
        return text
    u = urllib.parse.urlsplit(text.strip().rstrip("/"))
    if u.scheme not in ("http", "https") or not u.hostname or u.path or u.query or u.fragment:
        raise InvalidValueError(f"--allow-origin takes an origin like https://games.example.org, not {text!r}")
    return f"{u.scheme}://{u.netloc}".lower()


def _limits(args: argparse.Namespace) -> Any:
    """The server's limits from the command line (InvalidValueError, in the option's words, for one out of range)."""
    from parlour.server.table import Limits

    for name in ("max_tables", "max_message_bytes", "max_connections", "max_body_bytes", "max_spectators"):
        if getattr(args, name) < 1:
            raise InvalidValueError(f"--{name.replace('_', '-')} must be at least 1, not {getattr(args, name)}")
    for name in ("rate", "request_timeout"):
        if not (math.isfinite(getattr(args, name)) and getattr(args, name) > 0):
            raise InvalidValueError(f"--{name.replace('_', '-')} must be a positive number, not {getattr(args, name)}")
    if not (math.isfinite(args.idle_timeout) and args.idle_timeout >= 0):
        raise InvalidValueError(f"--idle-timeout must be a number of seconds, 0 or more, not {args.idle_timeout}")
    return Limits(
        max_open_tables=args.max_tables,
        max_message_bytes=args.max_message_bytes,
        messages_per_second=args.rate,
        burst=max(1, int(2 * args.rate)),
        max_connections=args.max_connections,
        max_body_bytes=args.max_body_bytes,
        request_timeout=args.request_timeout,
        write_timeout=2 * args.request_timeout,
        max_spectators=args.max_spectators,
        idle_timeout=args.idle_timeout,
        allowed_origins=tuple(_origin(o) for o in args.allow_origin),
    )


def run(args: argparse.Namespace, out: TextIO, registry: Any = None) -> int:
    """Run the server until Ctrl-C (or print the message schema with ``--schema``).

    ``registry`` is the game registry (:mod:`parlour.games` when None).
    """
    try:
        from parlour.server import messages
    except ImportError as e:
        return _missing(e, out)
    if args.schema:
        print(json.dumps(messages.schema(), indent=2, sort_keys=True), file=out)
        return 0
    try:
        import uvicorn

        from parlour.server.app import create_app
        from parlour.server.store import Store
        from parlour.server.transport import http_protocol, quiet_client_noise, ws_protocol
    except ImportError as e:
        return _missing(e, out)
    if registry is None:
        import importlib.util

        if importlib.util.find_spec("parlour.games") is None:
            print(
                "parlour serve: this parlour has no game registry (parlour.games); the server drives the games "
                "only through it",
                file=sys.stderr,
            )
            return 1
        from parlour.server.games import default_registry

        registry = default_registry()
    limits = _limits(args)
    url = args.db
    if url is None:
        path = default_db_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        url = f"sqlite:///{path}"
    try:
        store = Store(url)
    except ParlourError:
        raise
    except Exception as e:  # noqa: BLE001 - a bad URL or an unreachable server: one line, no traceback
        print(
            f"parlour serve: cannot open the database {url!r}: {type(e).__name__}: {e}".splitlines()[0], file=sys.stderr
        )
        return 1
    if store.backend == "sqlite":
        print(f"parlour serve: database: SQLite file {store.engine.url.database}", file=out, flush=True)
    else:
        print(f"parlour serve: database: {store.display_url()}", file=out, flush=True)
    print(f"parlour serve: http://{args.host}:{args.port}/ (HTTP API at /api.html)", file=out, flush=True)
    app = create_app(store, registry=registry, limits=limits)
    quiet_client_noise()
    try:
        uvicorn.run(
            app,
            host=args.host,
            port=args.port,
            log_level=args.log_level,
            ws_max_size=max(65536, 4 * args.max_message_bytes),
            ws_ping_interval=20,
            ws_ping_timeout=20,
            ws_per_message_deflate=False,
            http=http_protocol(limits),  # the connection limit and the request head's size and time
            ws=ws_protocol(limits),  # cut when the client reads nothing
            h11_max_incomplete_event_size=limits.max_header_bytes,
            timeout_graceful_shutdown=5,
        )
    finally:
        store.close()
    return 0
