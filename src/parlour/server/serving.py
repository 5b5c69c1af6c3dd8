"""Running the server: one process, or several workers sharing one port, each stopping without losing anything.

:class:`ParlourServer` is uvicorn's server with the parlour way of stopping (SIGTERM or
Ctrl-C): it stops accepting connections, lets the moves in flight commit and be answered,
closes every table WebSocket with code 1012 ("Service Restart": connect again, to any
worker), then lets uvicorn finish the HTTP requests and the application commit what is
queued and let its lease go.

:func:`supervise` runs ``N`` workers (``parlour serve --workers N``, PostgreSQL only): it
forks them, each a whole server with its own listening socket on the same port
(``SO_REUSEPORT``: the kernel spreads new connections over the workers, and a dead
worker's share goes to the others at once), starts a new worker when one dies, and on
SIGTERM or Ctrl-C stops them all the graceful way.  Where the system has no
``SO_REUSEPORT`` the workers share one socket that the supervisor opened.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import multiprocessing.connection
import os
import signal
import socket
import sys
import time
from collections import deque
from collections.abc import Callable
from typing import Any, TextIO

import uvicorn

__all__ = ["ParlourServer", "listen", "serve", "supervise"]

log = logging.getLogger("parlour.server")

#: Seconds the application has to finish its moves in flight when stopping.
DRAIN_SECONDS = 10.0


class ParlourServer(uvicorn.Server):
    """uvicorn's server that stops the parlour way (see the module's text).

    ``app`` is the application (it has ``drain()``); with ``parent`` (a supervisor's pid)
    the server also stops when its supervisor is gone."""

    def __init__(self, config: uvicorn.Config, app: Any, parent: int | None = None) -> None:
        """A server for ``config`` running ``app``."""
        super().__init__(config)
        self.parlour_app = app
        self.parent = parent

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        """Stop accepting, drain the application (moves answered, WebSockets closed with 1012), then as uvicorn."""
        for server in self.servers:
            server.close()
        try:
            await asyncio.wait_for(self.parlour_app.drain(), DRAIN_SECONDS)
        except Exception as e:  # noqa: BLE001 - uvicorn's own shutdown still closes everything
            log.warning("parlour serve: the graceful stop did not finish: %s: %s", type(e).__name__, e)
        await super().shutdown(sockets)

    async def on_tick(self, counter: int) -> bool:
        """uvicorn's tick, and a look every second at whether the supervisor is still there."""
        if self.parent is not None and counter % 10 == 0 and os.getppid() != self.parent:
            self.should_exit = True
        return await super().on_tick(counter)


def listen(host: str, port: int, *, reuse_port: bool, backlog: int | None = 2048) -> socket.socket:
    """A TCP socket bound to ``host:port`` (with ``SO_REUSEPORT``, one of several on the same port),
    listening unless ``backlog`` is None: then the server listens once it is ready, so that the
    kernel gives a starting worker no connection before it can answer."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if reuse_port:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    if backlog is not None:
        sock.listen(backlog)
    sock.set_inheritable(True)
    return sock


def serve(
    config: uvicorn.Config, app: Any, sockets: list[socket.socket] | None = None, parent: int | None = None
) -> None:
    """Run one server until it is told to stop; after SIGTERM (uvicorn passes it on once it has
    stopped) the process ends with status 0, a stop as asked."""
    signal.signal(signal.SIGTERM, _stopped)
    ParlourServer(config, app, parent).run(sockets=sockets)


def _stopped(_sig: int, _frame: Any) -> None:
    raise SystemExit(0)


def supervise(
    workers: int,
    run_worker: Callable[[socket.socket | None, int], None],
    host: str,
    port: int,
    out: TextIO,
    *,
    max_restarts: int = 10,
) -> int:
    """Run ``workers`` processes, each ``run_worker(shared_socket, supervisor_pid)``, until SIGTERM or
    Ctrl-C; a worker that dies is replaced (at most ``max_restarts`` a minute).  The exit status."""
    reuse_port = hasattr(socket, "SO_REUSEPORT") and sys.platform.startswith("linux")
    shared = None if reuse_port else listen(host, port, reuse_port=False)
    if reuse_port:  # the port is free (or held by other parlour workers): say so now, not once per worker
        listen(host, port, reuse_port=True, backlog=None).close()
    ctx = multiprocessing.get_context("fork")
    me = os.getpid()
    stopping = False

    def start() -> Any:
        p = ctx.Process(target=_worker, args=(run_worker, shared, me), name="parlour-worker")
        p.start()
        return p

    def stop(_sig: int, _frame: Any) -> None:
        nonlocal stopping
        stopping = True
        for p in procs:
            if p.is_alive() and p.pid is not None:
                os.kill(p.pid, signal.SIGTERM)

    procs = [start() for _ in range(workers)]
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    print(
        f"parlour serve: {workers} workers (pids {', '.join(str(p.pid) for p in procs)}) on one port",
        file=out,
        flush=True,
    )
    restarts: deque[float] = deque()
    status = 0
    while not stopping:
        multiprocessing.connection.wait([p.sentinel for p in procs], timeout=1.0)
        for i, p in enumerate(procs):
            if p.exitcode is None or stopping:
                continue
            now = time.monotonic()
            restarts.append(now)
            while restarts and restarts[0] < now - 60:
                restarts.popleft()
            if len(restarts) > max_restarts:
                print(f"parlour serve: workers keep dying ({len(restarts)} in a minute); stopping", file=sys.stderr)
                stop(signal.SIGTERM, None)
                status = 1
                break
            print(f"parlour serve: worker {p.pid} exited with {p.exitcode}; starting another", file=sys.stderr)
            procs[i] = start()
    deadline = time.monotonic() + 30
    for p in procs:
        p.join(max(0.1, deadline - time.monotonic()))
        if p.exitcode is None:
            p.kill()
            p.join(5)
    if shared is not None:
        shared.close()
    return status


def _worker(run_worker: Callable[[socket.socket | None, int], None], shared: socket.socket | None, parent: int) -> None:
    # A group of its own: Ctrl-C reaches the supervisor alone, which tells each worker once (a
    # second signal would make uvicorn skip the graceful stop).
    os.setpgid(0, 0)
    signal.signal(signal.SIGTERM, _stopped)  # the supervisor's handlers are not the worker's
    signal.signal(signal.SIGINT, signal.default_int_handler)
    run_worker(shared, parent)
