"""The web table's finish, in a real browser (Chromium driven by Playwright) against the real
server: the pages work offline, the advisor and the move list say what they mean, the
controls follow the connection, a friend joining by link is asked for a name."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from .conftest import Page


def offline(p: Page) -> list[str]:
    """Let the page reach its own server only, as on a machine without a network; the
    addresses it tried to reach elsewhere are listed in the returned list."""
    elsewhere: list[str] = []

    def route(r: Any) -> None:
        if r.request.url.startswith(p.base):
            r.continue_()
        else:
            elsewhere.append(r.request.url)
            r.abort()

    p.page.route("**/*", route)
    return elsewhere


def test_the_http_api_page_works_offline(page: Page) -> None:
    elsewhere = offline(page)
    pg = page.page
    pg.goto(page.base + "/")
    pg.get_by_role("link", name="HTTP API").click()
    expect(pg.get_by_role("heading", name=re.compile(r"the HTTP API$"))).to_be_visible()
    for call in ("POST /api/tables", "POST /api/tables/{table_id}/seats", "GET /api/games", "GET /api/health"):
        expect(pg.get_by_role("heading", name=call, exact=True)).to_be_visible()
    create = pg.locator("section.api-call", has=pg.get_by_role("heading", name="POST /api/tables", exact=True))
    expect(create).to_contain_text("201: Successful Response")
    expect(create.get_by_role("link", name="CreateTable")).to_be_visible()
    body = pg.locator("section#CreateTable")
    expect(body).to_contain_text("game (required)")
    expect(body).to_contain_text("A registered game")
    assert elsewhere == []
    page.shot("api")
