"""The web table's finish, in a real browser (Chromium driven by Playwright) against the real
server: the pages work offline, the advisor and the move list say what they mean, the
controls follow the connection, a friend joining by link is asked for a name."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from ..server.conftest import Server
from .conftest import Page, Recorder
from .test_web import fc_moves, fc_play, hint, replay, start


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


def test_no_frame_around_the_page_after_load(page: Page) -> None:
    pg = page.page
    pg.goto(page.base + "/")
    pg.wait_for_selector("#start")
    assert pg.evaluate("document.activeElement.id") == "app"  # the main region holds the focus (screen readers)
    assert pg.evaluate("getComputedStyle(document.activeElement).outlineStyle") == "none"
    pg.keyboard.press("Tab")  # a control reached by the keyboard still shows where the focus is
    assert pg.evaluate("getComputedStyle(document.activeElement).outlineStyle") == "solid"


def test_the_lobby_explains_each_rules_preset(page: Page) -> None:
    pg = page.page
    pg.goto(page.base + "/")
    pg.check("input[name=game][value=gin]")
    note = pg.locator("#preset-note")
    presets = pg.locator("#preset option").all_inner_texts()
    assert len(presets) >= 4
    seen = set()
    for preset in presets:
        pg.select_option("#preset", preset)
        text = note.inner_text()
        assert (len(text) > 30 and "gin" in text.lower()) or "EAAI" in text, (preset, text)
        seen.add(text)
    assert len(seen) == len(presets) or len(seen) == len(presets) - 1  # "card" and "default" may be one
    pg.check("input[name=game][value=yahtzee]")
    pg.select_option("#preset", "no-bonuses")
    expect(note).to_contain_text("without the upper bonus")


def test_the_yahtzee_advisor_prints_no_null(page: Page) -> None:
    p, pg = page, page.page
    start(p, "yahtzee", opponents=["bot:heuristic"])
    pg.check("#advisor-on")
    pg.wait_for_function(
        "document.body.dataset.turn === 'mine' && document.querySelector('#advisor').dataset.seq === document.body.dataset.seq"
    )
    assert not pg.locator("#objectives-on").is_checked()  # objectives off, as by default
    pg.click("#advisor summary")  # "Every choice" opened
    text = pg.inner_text("#advisor")
    assert "Every choice" in text and "Best:" in text
    assert "null" not in text and "undefined" not in text, text


@pytest.mark.slow
def test_the_move_list_survives_a_reload_and_follows_solve_from_here(page: Page, web: Server) -> None:
    p, pg = page, page.page
    table = start(p, "freecell", deal=7)
    for _ in range(3):
        fc_play(p, hint(p))
    before = pg.locator("#notation li").all_inner_texts()
    pg.reload()
    pg.wait_for_selector("body[data-seq='3']")
    assert pg.locator("#notation li").all_inner_texts() == before and len(before) == 3
    pg.select_option("#fc-speed", "0")
    pg.click("#fc-solve")
    pg.wait_for_function("document.querySelector('#verdict').textContent.startsWith('Solved in')", timeout=120_000)
    moves = fc_moves(pg)
    shown = [li.strip() for li in pg.locator("#notation li").all_inner_texts()]
    _, states = replay(web, table)
    final = states[max(states)]
    assert len(shown) == moves == len(final.history) and shown == [str(m) for m in final.history]
    assert pg.inner_text("#verdict") == f"Solved in {moves} moves!"


@pytest.mark.slow
def test_a_friend_joining_by_link_is_asked_for_a_name(page: Page, browser: Any) -> None:
    p, pg = page, page.page
    table = start(p, "gin", opponents=["person"])
    link = pg.input_value(".join input")
    ctx = browser.new_context(viewport={"width": 800, "height": 900})
    try:
        friend = ctx.new_page()
        friend.goto(link)
        expect(friend.get_by_role("heading", name="Join the table")).to_be_visible()
        name = friend.get_by_label("Your name")
        expect(name).to_be_focused()
        name.fill("Ada")
        friend.get_by_role("button", name="Take the seat").click()
        friend.wait_for_selector("body[data-seq]")
        assert friend.url.endswith(f"#/t/{table}")
        assert friend.evaluate("localStorage.getItem('parlour.name')") == "Ada"
        # Each page names the other: the seat was taken with the name given.
        pg.wait_for_function("!document.querySelector('.join input')")
        status, seen = p_http(p, f"/api/tables/{table}")
        assert status == 200 and seen["seats"][1]["name"] == "Ada"
    finally:
        ctx.close()


def p_http(p: Page, path: str) -> tuple[int, Any]:
    import json
    import urllib.request

    with urllib.request.urlopen(p.base + path, timeout=30) as r:
        return r.status, json.loads(r.read())


@pytest.mark.slow
def test_the_controls_are_off_while_the_server_is_down(browser: Any, tmp_path: Any) -> None:
    """A server of its own, stopped and started again under the page."""
    server = Server(f"sqlite:///{tmp_path / 'db.sqlite3'}", tmp_path / "server.log")
    server.start()
    ctx = browser.new_context(viewport={"width": 1000, "height": 900})
    ctx.set_default_timeout(20_000)
    try:
        pg = ctx.new_page()
        p = Page(pg, Recorder(), server.base, "offline")
        start(p, "freecell", deal=7)
        undo = pg.locator("#fc-hint")
        expect(undo).to_be_enabled()
        server.stop()
        expect(pg.locator("#offline")).to_contain_text("The server cannot be reached")
        expect(undo).to_be_disabled()
        expect(pg.locator("#action-text")).to_be_disabled()
        pg.screenshot(path=str(tmp_path / "offline.png"))
        server.start()  # the same port and database
        expect(pg.locator("#offline")).to_be_hidden(timeout=30_000)
        expect(undo).to_be_enabled()
        expect(pg.locator("#action-text")).to_be_enabled()
    finally:
        ctx.close()
        server.stop()
