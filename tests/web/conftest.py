"""The web table's test harness: the real server on a loopback port and a real browser.

- ``web``: ``parlour serve`` in a subprocess (the server tests' :class:`Server`) on a fresh
  SQLite file, for the whole module.
- ``browser``: Debian's ``chromium`` driven by Playwright for Python.  The tests pass the
  browser's path (``PARLOUR_CHROMIUM`` or ``chromium`` on the PATH); ``.ci/run`` installs the
  package when it is missing.  A machine without it fails here with the command that installs it.
- ``page``: a fresh browser context (empty localStorage) whose WebSocket frames and HTTP
  answers are recorded; a page error fails the test.  It lets Playwright's own scripts past
  the server's Content-Security-Policy (``wait_for_function`` evaluates its text in the
  page, which the policy forbids the page itself); ``strict_page`` keeps the policy, and a
  report of it refusing anything fails the test.  Each test saves screenshots under
  ``build/test-artefacts/web/`` (or ``$PARLOUR_TEST_ARTEFACTS``).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from ..server.conftest import Server

ROOT = Path(__file__).resolve().parent.parent.parent


def chromium_path() -> str:
    path = os.environ.get("PARLOUR_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if not path:
        raise RuntimeError(
            "Chromium is not installed: apt-get update && apt-get install -y chromium "
            "(.ci/run does this when it is missing)"
        )
    return path


def artefacts() -> Path:
    d = Path(os.environ.get("PARLOUR_TEST_ARTEFACTS") or ROOT / "build" / "test-artefacts" / "web")
    d.mkdir(parents=True, exist_ok=True)
    return d


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("web")
    s = Server(f"sqlite:///{tmp / 'server.sqlite3'}", tmp / "server.log")
    s.start()
    try:
        yield s
    finally:
        s.stop()


@pytest.fixture(scope="module")  # module: Playwright's event loop must be gone before asyncio tests run
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    args = ["--no-sandbox"] if os.geteuid() == 0 else []  # Chromium's sandbox refuses root
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=chromium_path(), args=[*args, "--disable-gpu"])
        try:
            yield b
        finally:
            b.close()


@dataclass
class Recorder:
    """Everything the page received from the server: WebSocket frames and /api answers."""

    frames: list[str] = field(default_factory=list)
    sent: list[str] = field(default_factory=list)
    http: list[tuple[str, str]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def states(self) -> list[dict[str, Any]]:
        out = []
        for f in self.frames:
            m = json.loads(f)
            if m.get("type") == "state":
                out.append(m)
        return out


@dataclass
class Page:
    """A page of the web table with its recorder and a screenshot helper."""

    page: Any
    rec: Recorder
    base: str
    name: str

    def shot(self, label: str) -> Path:
        p = artefacts() / f"{self.name}-{label}.png"
        self.page.screenshot(path=str(p), full_page=True)
        return p


@pytest.fixture
def page(browser: Any, web: Server, request: pytest.FixtureRequest) -> Iterator[Page]:
    yield from _page(browser, web, request, bypass_csp=True)


@pytest.fixture
def strict_page(browser: Any, web: Server, request: pytest.FixtureRequest) -> Iterator[Page]:
    yield from _page(browser, web, request, bypass_csp=False)


def _page(browser: Any, web: Server, request: pytest.FixtureRequest, *, bypass_csp: bool) -> Iterator[Page]:
    ctx = browser.new_context(viewport={"width": 1000, "height": 900}, bypass_csp=bypass_csp)
    ctx.set_default_timeout(20_000)
    pg = ctx.new_page()
    rec = Recorder()

    def on_ws(ws: Any) -> None:
        ws.on(
            "framereceived",
            lambda payload: rec.frames.append(payload if isinstance(payload, str) else payload.decode()),
        )
        ws.on("framesent", lambda payload: rec.sent.append(payload if isinstance(payload, str) else payload.decode()))

    def on_response(resp: Any) -> None:
        if "/api/" in resp.url:
            with contextlib.suppress(Exception):  # a response the page dropped (a navigation)
                rec.http.append((resp.url, resp.text()))

    pg.on("websocket", on_ws)
    pg.on("response", on_response)
    pg.on("pageerror", lambda e: rec.errors.append(str(e)))
    pg.on(
        "console",
        lambda m: rec.errors.append(m.text) if "Content Security Policy" in m.text else None,
    )
    p = Page(pg, rec, web.base, request.node.name)
    try:
        yield p
        p.shot("end")
        assert rec.errors == [], rec.errors
    finally:
        ctx.close()
