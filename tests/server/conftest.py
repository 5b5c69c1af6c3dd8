"""The game server's test harness: real servers, real databases, real WebSocket clients.

- ``server``: starts the server in a subprocess on a free loopback port (``Server.kill()``
  sends SIGKILL; ``Server.start()`` runs it again on the same database).  It runs through
  ``serve_checked.py``, which validates every message the server sends against the
  message models (docs/server-schema.json); ``Server.stop()`` fails on any that did not.
- ``db_url``: each test once on a fresh SQLite file and once on a fresh database of a
  PostgreSQL cluster that the session starts in a temporary directory (Debian's
  ``postgresql`` package; ``.ci/run`` installs it).  It is never skipped: a machine
  without PostgreSQL fails these tests with the command that installs it.  The
  PostgreSQL runs are in the slow tier (``pytest -m slow``, which CI runs).
- ``workers``: three servers on one PostgreSQL database, each on its own port, behind a
  stand-in for a load balancer (:class:`Workers`: each new connection and each HTTP
  request goes to the next worker).  ``deployment`` is a test's server once alone on
  SQLite and once as those workers (slow tier): the tests that take it run unchanged
  against both.
"""

from __future__ import annotations

import glob
import itertools
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

import parlour

HERE = Path(__file__).resolve().parent
# Where the parlour the tests import lives (the source tree in development, the
# environment's site-packages after `pip install`), for the server subprocesses.
SRC = Path(parlour.__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# -- PostgreSQL ---------------------------------------------------------------------------


def _pg_bin() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return Path(found[-1]).parent
    which = shutil.which("initdb")
    if which:
        return Path(which).resolve().parent
    raise RuntimeError(
        "PostgreSQL is not installed: apt-get update && apt-get install -y postgresql "
        "(.ci/run does this when it is missing)"
    )


class Postgres:
    """A throwaway PostgreSQL cluster in a temporary directory, reached by its Unix socket."""

    def __init__(self) -> None:
        self.bin = _pg_bin()
        self.dir = Path(tempfile.mkdtemp(prefix="parlour-pg-"))
        self.data = self.dir / "data"
        self.port = free_port()
        self.as_root = os.geteuid() == 0
        if self.as_root:  # PostgreSQL refuses to run as root: run it as the package's postgres user
            shutil.chown(self.dir, "postgres", "postgres")
        self._run(
            [str(self.bin / "initdb"), "-D", str(self.data), "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]
        )
        self.start()
        self._dbs = itertools.count()

    def start(self) -> None:
        """Start the cluster (again, after :meth:`halt`: the same data, port and socket)."""
        self._run(
            [
                str(self.bin / "pg_ctl"),
                "-D",
                str(self.data),
                "-w",
                "-t",
                "60",
                "-l",
                str(self.dir / "log"),
                "-o",
                f"-k {self.dir} -p {self.port} -c listen_addresses='' -c fsync=on "
                "-c max_connections=200 -c shared_buffers=64MB",
                "start",
            ]
        )

    def postmaster(self) -> int:
        """The pid of the cluster's postmaster (its first process)."""
        return int((self.data / "postmaster.pid").read_text().split()[0])

    def halt(self) -> None:
        """Stop the cluster at once, as a crash or an outage would (:meth:`start` brings it back)."""
        self._run([str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop"])

    def _run(self, cmd: list[str]) -> None:
        if self.as_root:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=120)

    def url(self, db: str = "postgres") -> str:
        return f"postgresql://postgres@/{db}?host={self.dir}&port={self.port}"

    def new_database(self) -> str:
        import psycopg

        name = f"t{os.getpid()}_{next(self._dbs)}"
        with psycopg.connect(
            host=str(self.dir), port=self.port, user="postgres", dbname="postgres", autocommit=True
        ) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        try:
            self._run([str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop"])
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    pg = Postgres()
    try:
        yield pg
    finally:
        pg.stop()


# PostgreSQL (a cluster started for the session) runs in the slow tier: CI runs it, the
# quick default run checks the same code on SQLite.
@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'server.sqlite3'}"
    pg: Postgres = request.getfixturevalue("postgres")
    return pg.new_database()


# -- the server ---------------------------------------------------------------------------


class Api:
    """The HTTP calls of the tests, over :meth:`http` (one server, or several workers in turn)."""

    def http(self, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
        raise NotImplementedError

    def create(self, **body: Any) -> dict[str, Any]:
        status, out = self.http("POST", "/api/tables", body)
        assert status == 201, out
        return dict(out)

    def bot(self, game: str) -> str:
        """The name of the game's first registered bot."""
        status, games = self.http("GET", "/api/games")
        assert status == 200
        return str(next(g for g in games if g["name"] == game)["bots"][0])

    def take(self, table: str, seat: int | None = None) -> str:
        status, out = self.http("POST", f"/api/tables/{table}/seats", {"seat": seat})
        assert status == 201, out
        return str(out["token"])


class Server(Api):
    """``parlour serve`` in a subprocess on a loopback port."""

    def __init__(self, db: str, log: Path, **options: Any) -> None:
        self.db = db
        self.port = free_port()
        self.log = log
        self.options = options
        self.proc: subprocess.Popen[bytes] | None = None
        self.starts = 0
        self.messages = log.with_name(log.name + ".messages")  # what serve_checked.py reports

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def ws_url(self, table: str) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/tables/{table}"

    def start(self) -> None:
        launch = os.environ.get("PARLOUR_SERVER_LAUNCH")  # another way to start it, e.g. a script
        cmd = [
            sys.executable,
            launch or str(HERE / "serve_checked.py"),
            "--port",
            str(self.port),
            "--db",
            self.db,
            "--log-level",
            "warning",
        ]
        for k, v in self.options.items():
            cmd += [f"--{k.replace('_', '-')}", str(v)]
        env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")]),
            "PARLOUR_TEST_MESSAGE_LOG": str(self.messages),
        }
        self.starts += 1
        with open(self.log, "ab") as logf:
            self.proc = subprocess.Popen(cmd, stdout=logf, stderr=subprocess.STDOUT, env=env)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited with {self.proc.returncode}:\n{self.log.read_text()[-3000:]}")
            try:
                with urllib.request.urlopen(self.base + "/api/health", timeout=2) as r:
                    if r.status == 200:
                        if not launch:
                            checking = [json.loads(x) for x in self.messages.read_text().splitlines()]
                            assert {"checking": self.proc.pid} in checking, "the message checks are not on"
                        return
            except (urllib.error.URLError, ConnectionError, OSError):
                time.sleep(0.05)
        raise RuntimeError(f"the server did not start:\n{self.log.read_text()[-3000:]}")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=30)

    def check_messages(self) -> None:
        """Fail when the server sent a message that the message models refuse (see serve_checked.py)."""
        if not self.messages.exists():
            return
        bad = [json.loads(x) for x in self.messages.read_text().splitlines() if '"bad"' in x]
        assert not bad, f"the server sent {len(bad)} message(s) outside the schema, e.g.:\n" + "\n".join(
            json.dumps(b)[:1500] for b in bad[:3]
        )

    def stop(self) -> None:
        self._stop()
        self.check_messages()

    def _stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=15)

    # HTTP calls (the standard library's client)

    def http(self, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method)
        if data is not None:
            req.add_header("Content-Type", "application/json")
        if token is not None:
            req.add_header("Authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read())

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def health(self) -> dict[str, Any]:
        status, out = self.http("GET", "/api/health")
        assert status in (200, 503), out
        return dict(out)


class Workers(Api):
    """Several servers on one PostgreSQL database, each on its own port (as on several hosts), and
    a stand-in for the load balancer in front of them: each new connection and each HTTP request
    goes to the next live worker in turn."""

    def __init__(self, servers: list[Server]) -> None:
        self.servers = servers
        self.db = servers[0].db
        self._turn = itertools.count()

    def next(self) -> Server:
        live = [s for s in self.servers if s.alive]
        assert live, "no worker is alive"
        return live[next(self._turn) % len(live)]

    def ws_url(self, table: str) -> str:
        return self.next().ws_url(table)

    def http(self, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
        return self.next().http(method, path, body, token)

    def stop(self) -> None:
        for s in self.servers:
            s.stop()


def start_workers(pg: Postgres, folder: Path, n: int = 3, **options: Any) -> Workers:
    """``n`` servers on a fresh database of ``pg``."""
    db = pg.new_database()
    servers = [Server(db, folder / f"worker{i}.log", **options) for i in range(n)]
    for s in servers:
        s.start()
    return Workers(servers)


@pytest.fixture(scope="session")
def workers(postgres: Postgres, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workers]:
    """Three workers on one PostgreSQL database, shared by the tests that take them (each plays at
    tables of its own)."""
    w = start_workers(postgres, tmp_path_factory.mktemp("workers"))
    try:
        yield w
    finally:
        w.stop()


@pytest.fixture(params=["one", pytest.param("workers", marks=pytest.mark.slow)])
def deployment(request: pytest.FixtureRequest, make_server: Any, tmp_path: Path) -> tuple[Api, str]:
    """A server and its database URL: one process on SQLite, or three workers on PostgreSQL."""
    if request.param == "one":
        db = f"sqlite:///{tmp_path / 'db.sqlite3'}"
        return make_server(db), db
    w: Workers = request.getfixturevalue("workers")
    return w, w.db


@contextmanager
def sqlite_server(folder: Path, **options: Any) -> Iterator[Server]:
    """A server on a new SQLite database in ``folder`` (its log beside it), stopped on leaving."""
    s = Server(f"sqlite:///{folder / 'db.sqlite3'}", folder / "server.log", **options)
    s.start()
    try:
        yield s
    finally:
        s.stop()


def stored_game(srv: Server, table: str) -> Any:
    """The game of ``table`` as the server's database holds it."""
    from parlour import games
    from parlour.server import store as st

    store = st.Store(srv.db)
    try:
        return games.load(store.load_tables(status=None, table_id=table)[0].snapshot)
    finally:
        store.close()


@pytest.fixture
def make_server(tmp_path: Path) -> Iterator[Any]:
    servers: list[Server] = []

    def make(db: str, **options: Any) -> Server:
        s = Server(db, tmp_path / f"server{len(servers)}.log", **options)
        servers.append(s)
        s.start()
        return s

    yield make
    for s in servers:
        s.stop()


@pytest.fixture
def server(make_server: Any, db_url: str) -> Server:
    return make_server(db_url)  # type: ignore[no-any-return]


@pytest.fixture(autouse=True)
def _collect_garbage_after_each_test() -> Iterator[None]:
    """A connection a test leaves open is reported on that test, not on whichever runs when the
    garbage collector next passes (psycopg warns when an open connection is collected)."""
    import gc

    yield
    gc.collect()
