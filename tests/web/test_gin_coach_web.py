"""The gin coach in the web table (Chromium driven by Playwright against the real server):
the Hint button and the advisor panel (best action, the value of the card in focus,
every action on request, keyboard access), checked against the library's advice on the
observation the server's log replays to; and, in the slow tier, a whole hand played on
the advice with the review shown when it ends."""

from __future__ import annotations

import json
import time

import pytest

from parlour.gin._advice import advise as gin_advise

from ..server.conftest import Server
from .conftest import Page
from .test_web import gin_turn, replay, start, wait_acked


def wait_my_turn(pg: object) -> None:
    pg.wait_for_function("document.body.dataset.turn === 'mine'")  # type: ignore[attr-defined]


def test_gin_hint_and_advisor(page: Page, web: Server) -> None:
    p, pg = page, page.page
    table = start(p, "gin", opponents=["bot:normal"])
    wait_my_turn(pg)
    pg.click("#hint")
    pg.wait_for_selector("#advice-best")
    p.shot("hint")
    best = pg.get_attribute("#advice-best", "data-action")
    legal = [a["text"] for a in p.rec.states()[-1]["legal_actions"]]
    assert best in legal
    text = pg.inner_text("#advisor")
    assert "points" in text and "Play it" in text
    # every action on request (the v key), each with its value
    pg.locator("body").press("v")
    pg.wait_for_selector("#advisor ol.advice-list")
    rows = pg.locator("#advisor ol.advice-list li")
    assert rows.count() == len(legal)
    # the advice the page got is the library's, on the seat's own observation (replayed from the log)
    _, states = replay(web, table)
    sent = [json.loads(body) for url, body in p.rec.http if "/advice" in url and "ranking=false" not in url]
    assert sent
    a = sent[-1]
    ref = gin_advise(states[a["seq"]].observation(0))
    assert [r["text"] for r in a["actions"]] == [r["text"] for r in ref["actions"]]
    assert a["actions"][0]["text"] == best
    # play it with the keyboard (a): the server accepts exactly that action
    seq = int(pg.get_attribute("body", "data-seq"))
    pg.locator("body").press("a")
    wait_acked(p)
    ev = next(s for s in p.rec.states() if s["seq"] == seq + 1)["last_event"]
    assert ev["action"] == best or best.startswith(ev["action"])


@pytest.mark.slow
def test_gin_hand_on_the_advisor_and_its_review(page: Page, web: Server) -> None:
    p, pg = page, page.page
    start(p, "gin", opponents=["bot:normal"])
    pg.check("#advisor-on")
    deadline = time.monotonic() + 240
    while pg.locator("#result[hidden]").count():
        assert time.monotonic() < deadline, "the hand did not end"
        pg.wait_for_function("document.body.dataset.turn === 'mine' || !document.querySelector('#result').hidden")
        if not pg.locator("#result[hidden]").count():
            break
        pg.wait_for_selector("#advice-best", timeout=20_000)
        if pg.locator("#advice-play").count():
            pg.click("#advice-play")
        else:
            gin_turn(pg)
        wait_acked(p)
    pg.wait_for_selector("#review [data-mistakes]", timeout=60_000)
    p.shot("review")
    reviews = [json.loads(body) for url, body in p.rec.http if "/review?hand=1" in url]
    assert reviews and reviews[-1]["hand"] == 1 and reviews[-1]["seat"] == 0
    shown = int(pg.get_attribute("#review [data-mistakes]", "data-mistakes"))
    assert shown == len(reviews[-1]["mistakes"])
