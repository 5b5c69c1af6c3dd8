"""The web table in a real browser (Chromium driven by Playwright) against the real server.

Each test plays through the page as a person would (clicks and keys), then checks the
result against the server's own records: the table's seed and action log, replayed by the
library, give the true state after every action.

A gin hand and a FreeCell verdict run in the default test run; the longer walks (a whole
Yahtzee game with the advisor, a FreeCell deal won through hints, the objectives, reloads, a
second person, the narrow layout) run in the slow tier.
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest

from parlour import games
from parlour.server import store as st

from ..server.conftest import Server
from .conftest import Page

CARD_RUN = re.compile(r"(?<![A-Za-z0-9])((?:[A2-9TJQK][cdhs])+)(?![A-Za-z0-9])")


# -- helpers -----------------------------------------------------------------------------


def start(p: Page, game: str, *, deal: int | None = None, opponents: list[str] | None = None) -> str:
    """Start a table from the lobby; returns its id."""
    pg = p.page
    pg.goto(p.base + "/")
    pg.check(f"input[name=game][value={game}]")
    if deal is not None:
        pg.fill("#deal", str(deal))
    if opponents is not None:
        if pg.locator("#nopp").count():
            pg.fill("#nopp", str(len(opponents)))
            pg.dispatch_event("#nopp", "change")
        for i, o in enumerate(opponents):
            pg.select_option(f"#opp-{i}", o)
        pg.select_option("#pace", "0")
    pg.click("#start")
    pg.wait_for_selector("body[data-seq]")
    m = re.search(r"#/t/([A-Za-z0-9_-]+)$", pg.url)
    assert m, pg.url
    return m.group(1)


def my_acks(p: Page) -> int:
    """The seat's last accepted client sequence number, from the frames the page received."""
    acks = [s["ack"] for s in p.rec.states() if s.get("ack") is not None]
    return max(acks, default=0)


def last_sent_seq(p: Page) -> int:
    seqs = [json.loads(f).get("seq", 0) for f in p.rec.sent if '"seq"' in f]
    return max(seqs, default=0)


def wait_acked(p: Page, timeout: float = 20) -> None:
    """Wait until the server has accepted the page's last action (its state came back)."""
    want = last_sent_seq(p)
    deadline = time.monotonic() + timeout
    while my_acks(p) < want:
        assert time.monotonic() < deadline, f"action {want} not acknowledged; frames: {p.rec.frames[-3:]}"
        p.page.wait_for_timeout(20)


def replay(web: Server, table: str) -> tuple[st.TableRow, dict[int, Any]]:
    """The table as stored and the true game after each seq: the library replays the server's log."""
    store = st.Store(web.db)
    try:
        row = store.load_tables(status=None, table_id=table)[0]
        log = store.actions_of(table)
    finally:
        store.close()
    g = games.get(row.game).new_game(players=row.players, preset=row.preset, seed=row.seed, **row.options)
    states = {0: g.clone()}
    for seq, _seat, action_id, text, _cs in log:
        if action_id < 0:
            assert text == "undo"
            g.undo()
        else:
            g.apply(action_id)
        states[seq] = g.clone()
    return row, states


def cards_in(text: str) -> set[str]:
    out: set[str] = set()
    for run in CARD_RUN.findall(text):
        out.update(run[i : i + 2] for i in range(0, len(run), 2))
    return out


# -- FreeCell ----------------------------------------------------------------------------


def fc_place(pg: Any, place: str, count: int = 1) -> Any:
    if place.isdigit():
        cards = pg.locator(f'.cascade[data-cascade="{place}"] > .card')
        n = cards.count()
        return cards.nth(max(0, n - count))
    if place == "h":
        return pg.locator(".fc-founds > .card").first
    return pg.locator(".fc-cells > .card").nth("abcd".index(place))


def fc_moves(pg: Any) -> int:
    return int(pg.get_attribute(".fc-info", "data-moves"))


def fc_play(p: Page, move: str, keyboard: bool = False, drag: bool = False) -> None:
    m = re.fullmatch(r"([1-8a-d])([1-8a-dh])(?:v(\d+))?", move)
    assert m, move
    src, dst, count = m.group(1), m.group(2), int(m.group(3) or 1)
    if drag:
        fc_place(p.page, src, count).drag_to(fc_place(p.page, dst))
    elif keyboard and count == 1:
        p.page.locator("body").press(src)
        p.page.locator("body").press(dst)
    else:
        fc_place(p.page, src, count).click()
        fc_place(p.page, dst).click()
    wait_acked(p)


def hint(p: Page) -> str:
    pg = p.page
    pg.click("#fc-hint")
    pg.wait_for_selector("#verdict[data-hint]")
    return str(pg.get_attribute("#verdict", "data-hint"))


@pytest.mark.slow
def test_freecell_deal_won_through_hints_undo_and_an_illegal_move(page: Page, web: Server) -> None:
    p, pg = page, page.page
    table = start(p, "freecell", deal=1)
    assert pg.inner_text(".fc-info").startswith("Deal #1 · 0 moves")
    pg.select_option("#fc-speed", "0")
    # twelve moves from the hints, by clicks and by the notation keys
    for i in range(12):  # by clicks, by the notation keys, and by dragging
        fc_play(p, hint(p), keyboard=i % 3 == 1, drag=i % 3 == 2)
        assert fc_moves(pg) == i + 1
    p.shot("hints")
    assert pg.locator("#notation li").count() == 12
    # undo takes the last one back (button, then the key)
    pg.click("#fc-undo")
    wait_acked(p)
    pg.locator("body").press("z")
    wait_acked(p)
    assert fc_moves(pg) == 10
    assert pg.locator("#notation li").count() == 10
    # an illegal move through the UI: the server's reason is shown
    s = p.rec.states()[-1]
    legal = {a["text"] for a in s["legal_actions"]}
    src, dst = next(
        (i, j)
        for i in "12345678"
        for j in "12345678"
        if i != j and not any(t.startswith(i + j) for t in legal) and s["observation"]["cascades"][int(j) - 1]
    )
    fc_place(pg, src).click()
    fc_place(pg, dst).click()
    pg.wait_for_selector("#refusal:not([hidden])")
    err = [json.loads(f) for f in p.rec.frames if '"type":"error"' in f.replace(" ", "")][-1]
    assert err["kind"] == "IllegalActionError" and err["message"] in pg.inner_text("#refusal")
    p.shot("illegal")
    assert fc_moves(pg) == 10
    # every card that can go home goes (the position after these hints has some)
    assert pg.is_enabled("#fc-home")
    pg.click("#fc-home")
    pg.wait_for_selector("#fc-home:disabled")
    pg.wait_for_selector("#fc-stop", state="hidden")
    home = fc_moves(pg) - 10
    assert home > 0 and not any(re.fullmatch(r"[1-8a-d]h", a["text"]) for a in p.rec.states()[-1]["legal_actions"])
    # solve from here: the page animates the solver's moves through the server
    pg.click("#fc-solve")
    pg.wait_for_function("document.querySelector('#verdict').textContent.startsWith('Solved in')", timeout=60_000)
    moves = fc_moves(pg)
    assert pg.locator("#notation li").count() == moves
    p.shot("solved")
    # the server's records agree: the replayed log wins the deal
    row, states = replay(web, table)
    final = states[max(states)]
    assert row.status == "over" and final.is_terminal and final.returns() == (1.0,)
    assert final.observation(0).to_dict()["moves"] == moves
    notation = [li.strip() for li in pg.locator("#notation li").all_inner_texts()]
    assert [str(m) for m in final.history] == notation


def test_freecell_unsolvable_from_here(strict_page: Page) -> None:
    """Under the server's Content-Security-Policy (the page's modules, styles, fetches and WebSocket)."""
    p, pg = strict_page, strict_page.page
    start(p, "freecell", deal=11982)  # the one Microsoft deal of 1..32000 that cannot be won
    pg.click("#fc-hint")
    pg.wait_for_selector('#verdict[data-verdict="UNSOLVABLE"]')
    # At move 0 there is nothing to undo: the verdict says the deal cannot be won.
    assert "This deal cannot be won" in pg.inner_text("#verdict") and "Undo" not in pg.inner_text("#verdict")
    assert pg.locator("#fc-undo").is_disabled()
    fc_play(p, "1a")
    pg.click("#fc-hint")
    # A locator, not wait_for_function: the page's policy forbids evaluating text (this test keeps it).
    pg.locator("#verdict", has_text="Unsolvable from here").wait_for()
    assert pg.inner_text("#verdict").startswith("Unsolvable from here")
    assert "Undo a few moves" in pg.inner_text("#verdict")


@pytest.mark.slow
def test_reload_resumes_the_table_with_its_seat(page: Page, web: Server) -> None:
    p, pg = page, page.page
    table = start(p, "freecell", deal=7)
    for _ in range(3):
        fc_play(p, hint(p), keyboard=False)
    board = pg.inner_text(".fc-board")
    token = json.loads(pg.evaluate("localStorage.getItem('parlour.seats')"))[table]["token"]
    pg.reload()
    pg.wait_for_selector("body[data-seq='3']")
    assert pg.inner_text(".fc-board") == board and fc_moves(pg) == 3
    assert pg.inner_text("#turn") == "Your turn."
    hello = [json.loads(f) for f in p.rec.sent if '"hello"' in f]
    assert len(hello) == 2 and hello[-1]["token"] == token  # the same seat, from the browser's storage
    fc_play(p, hint(p), keyboard=False)  # and play goes on
    assert fc_moves(pg) == 4
    _, states = replay(web, table)
    assert states[4].observation(0).to_dict()["moves"] == 4


# -- Yahtzee -----------------------------------------------------------------------------


@pytest.mark.slow
def test_yahtzee_game_following_the_advisor_against_a_bot(page: Page, web: Server) -> None:
    p, pg = page, page.page
    status, listed = web.http("GET", "/api/games")
    assert status == 200
    bot = next(g for g in listed if g["name"] == "yahtzee")["bots"][0]
    table = start(p, "yahtzee", opponents=[f"bot:{bot}"])
    pg.check("#advisor-on")
    followed: list[tuple[int, str, float]] = []
    while True:
        pg.wait_for_function(
            "document.body.dataset.turn === 'over' || (document.body.dataset.turn === 'mine'"
            " && document.querySelector('#advisor').dataset.seq === document.body.dataset.seq)",
            timeout=30_000,
        )
        if pg.get_attribute("body", "data-turn") == "over":
            break
        seq = int(pg.get_attribute("body", "data-seq"))
        best = pg.get_attribute("#advice-best", "data-action")
        value = float(pg.inner_text("#advisor").split("expected final score ")[1].split()[0])
        if not followed:
            p.shot("advisor")
        pg.click("#advice-play")
        wait_acked(p)
        followed.append((seq, str(best), value))
    p.shot("over")
    _, states = replay(web, table)
    final = states[max(states)]
    me = 0
    mine = [json.loads(f) for f in p.rec.sent if '"action"' in f]
    # every action of this seat was the advisor's best, and the final score is the engine's replay
    accepted = [s for s in p.rec.states() if s["last_event"] and s["last_event"]["seat"] == me]
    assert [s["last_event"]["action"] for s in accepted] == [b for _, b, _ in followed]
    assert len(mine) == len(followed) and final.is_terminal and len(states) > 2 * 13
    shown = int(pg.inner_text(f'td[data-total="{me}"]'))
    assert shown == final.returns()[me] == p.rec.states()[-1]["returns"][me]
    # the advisor's last values are exact: at the last box the expected final score is the final score
    assert abs(followed[-1][2] - shown) < 1e-6


@pytest.mark.slow
def test_yahtzee_advisor_objectives(page: Page, web: Server) -> None:
    """With "Objectives" on and a target, the advisor shows the best choice for the mean,
    for reaching the target and for beating the other seat: first a note until the card
    has few enough open boxes, then one row per objective, as the server computed them."""
    from parlour.server.advice import YAHTZEE_OBJECTIVES_MAX_OPEN

    p, pg = page, page.page
    status, listed = web.http("GET", "/api/games")
    assert status == 200
    bot = next(g for g in listed if g["name"] == "yahtzee")["bots"][0]
    start(p, "yahtzee", opponents=[f"bot:{bot}"])
    pg.check("#advisor-on")
    pg.check("#objectives-on")
    pg.fill("#objectives-target", "400")
    pg.dispatch_event("#objectives-target", "change")
    noted = False
    while True:
        pg.wait_for_function(
            "document.body.dataset.turn === 'mine' && document.querySelector('#advisor').dataset.seq === document.body.dataset.seq"
            " && document.querySelector('#objectives') !== null",
            timeout=60_000,
        )
        rows = pg.locator("#objectives li[data-objective]")
        if rows.count() == 0:
            assert f"Objectives from {YAHTZEE_OBJECTIVES_MAX_OPEN} open boxes on" in pg.inner_text("#objectives")
            noted = True
            pg.click("#advice-play")
            wait_acked(p)
            continue
        break
    assert noted
    p.shot("objectives")
    seq = int(pg.get_attribute("body", "data-seq"))
    sent = [json.loads(body) for url, body in p.rec.http if "/advice?objectives=true&target=400" in url]
    advice = [a for a in sent if a.get("seq") == seq][-1]
    names = [rows.nth(i).get_attribute("data-objective") for i in range(rows.count())]
    assert names == [o["objective"] for o in advice["objectives"]] == ["mean", "reach 400", "beat the opponent"]
    assert [rows.nth(i).get_attribute("data-action") for i in range(rows.count())] == [
        o["text"] for o in advice["objectives"]
    ]
    assert advice["objectives"][0]["id"] == advice["best"]
    text = pg.inner_text("#objectives")
    for o in advice["objectives"]:
        assert f"P(reach 400) {100 * o['reach']:.1f}%" in text and f"P(win) {100 * o['win']:.1f}%" in text


# -- gin ---------------------------------------------------------------------------------


def my_discards(p: Page) -> int:
    return len(
        {
            s["seq"]
            for s in p.rec.states()
            if s["last_event"] and s["last_event"]["seat"] == 0 and s["last_event"]["kind"] == "DISCARD"
        }
    )


def gin_turn(pg: Any, drag: bool = False) -> None:
    """One action of a simple player, through the page's controls (a discard by drag when ``drag``)."""
    acts = pg.locator("#app .actions [data-action]")
    texts = [acts.nth(i).get_attribute("data-action") for i in range(acts.count())]
    playable = pg.locator("#hand button.card.playable")
    if "finish layoffs" in texts:
        if playable.count():
            playable.first.click()
            if pg.locator('#app .actions [data-action^="lay off"]').count():
                pg.locator('#app .actions [data-action^="lay off"]').first.click()
        else:
            pg.click('[data-action="finish layoffs"]')
    elif pg.locator("#knock-mode").count():
        pg.click("#knock-mode")
        dead = pg.locator("#hand .deadwood button.card.playable")
        (dead.last if dead.count() else pg.locator("#hand button.card.playable").last).click()
    elif "pass" in texts:
        pg.click('[data-action="pass"]')
    elif "draw stock" in texts:
        pg.click("button.stock")  # the stock itself
    else:
        dead = pg.locator("#hand .deadwood button.card.playable")
        card = dead.last if dead.count() else playable.last
        if drag:
            card.drag_to(pg.locator("figure.pile"))
        else:
            card.click()


def test_gin_hand_to_its_result_and_nothing_hidden_reaches_the_page(page: Page, web: Server) -> None:
    p, pg = page, page.page
    table = start(p, "gin", opponents=["bot:normal"])
    shot_mid = False
    dragged = 0
    idle: list[str] = []  # what the page offered on the turns at which the player's try sent nothing
    # A hand gives one seat at most about 35 draws and discards (and some layoffs), each
    # taking a try or two: bounded by tries, not by the clock, so a slow machine cannot fail it.
    for _ in range(200):
        pg.wait_for_function("document.body.dataset.turn === 'mine' || !document.querySelector('#result').hidden")
        if not pg.locator("#result[hidden]").count():
            break
        discards, sent = my_discards(p), last_sent_seq(p)
        # every other discard by drag, the first one too; after a drag that did not take, a click
        drag = discards % 2 == 0 and len(idle) == 0
        gin_turn(pg, drag=drag)
        wait_acked(p)
        if last_sent_seq(p) > sent:
            idle.clear()
        else:
            idle.append(f"{pg.inner_text('#app .actions')!r} hand {pg.inner_text('#hand')!r}")
            assert len(idle) < 5, f"the page took no action in 5 tries: {idle}"
        if drag and my_discards(p) > discards:
            dragged += 1
        if not shot_mid and int(pg.get_attribute("body", "data-seq")) > 8:
            p.shot("hand")
            shot_mid = True
    else:
        raise AssertionError("the hand did not end in 200 tries")
    p.shot("result")
    assert dragged > 0 or my_discards(p) == 0, f"none of {my_discards(p)} discards was dragged onto the pile"
    # The last hand's cards side by side, none over another (a fan hid their suits), the
    # knocker's melds grouped as in the hand above.
    # The coach's review arrives after the result and redraws it: wait for it, then measure
    # every card in one evaluation (between two separate queries the cards could be redrawn).
    pg.wait_for_selector("#review [data-mistakes]", timeout=60_000)
    boxes = pg.eval_on_selector_all(
        "#result .shown .card",
        "els => els.map((e) => { const r = e.getBoundingClientRect();"
        " return { x: r.x, y: r.y, width: r.width, height: r.height }; })",
    )
    assert len(boxes) >= 18 and all(b["width"] > 0 and b["height"] > 0 for b in boxes), boxes
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            apart = a["x"] + a["width"] <= b["x"] + 0.5 or b["x"] + b["width"] <= a["x"] + 0.5
            assert apart or a["y"] + a["height"] <= b["y"] + 0.5 or b["y"] + b["height"] <= a["y"] + 0.5
    if pg.get_attribute("#result", "data-kind") != "DEAD":
        assert pg.locator("#result .shown .meld").count() >= 1
    kind = pg.get_attribute("#result", "data-kind")
    points = int(pg.get_attribute("#result", "data-points"))
    text = pg.inner_text("#result")
    scores = [int(x) for x in pg.get_attribute("#match", "data-scores").split(",")]
    if kind == "DEAD":  # the stock ran out: nobody scores
        assert points == 0 and scores == [0, 0] and "dead hand" in text
    else:
        winner = int(pg.get_attribute("#result", "data-winner"))
        assert f"= {points} points" in text or f"= {points}" in text
        assert scores[winner] == points and scores[1 - winner] == 0

    # Information hiding, against the server's records: after each action the true game (the
    # library replaying the stored seed and log) says which cards are the opponent's hidden
    # cards and the stock; none of them is in any frame or /api answer the page received
    # (the showdown, which shows the scored hand's cards, is checked against that hand's stock).
    _, states = replay(web, table)
    me, them = 0, 1

    def hidden(seq: int) -> set[str]:
        r = states[seq].to_dict()["state"]["round"]
        public = set(r["known"][them]) | {c for meld in r["spread"] for c in meld}  # a knocker's melds are shown
        return (set(r["hands"][them]) - public) | set(r["stock"])

    checked = 0
    for f in p.rec.frames:
        m = json.loads(f)
        if m.get("type") != "state":
            continue
        r = states[m["seq"]].to_dict()["state"]["round"]
        assert set(m["observation"]["hand"]) == set(r["hands"][me])  # the replay is the game the page saw
        if m["last_event"] and "result" in m["last_event"]:
            # the event that scores a hand shows that hand (both hands, the layoffs) while the
            # observation is already the next deal: check it against the scored hand's stock
            ev = m.pop("last_event")
            old = states[m["seq"] - 1].to_dict()["state"]["round"]
            assert not cards_in(json.dumps(ev)) & set(old["stock"]), ev
        leaked = cards_in(json.dumps(m)) & hidden(m["seq"])
        assert not leaked, (m["seq"], leaked)
        checked += 1
    advice = 0
    for url, body in p.rec.http:
        if "/advice" in url:
            a = json.loads(body)
            assert set(a["deadwood"]) | {c for meld in a["melds"] for c in meld} == set(
                states[a["seq"]].to_dict()["state"]["round"]["hands"][me]
            )  # the page's own hand, arranged
            assert not cards_in(body) & hidden(a["seq"]), url
            advice += 1
    assert checked > 5 and advice > 0


# -- a person by join link; narrow screens ---------------------------------------------------


@pytest.mark.slow
def test_a_person_joins_by_link_and_both_play(page: Page, browser: Any) -> None:
    p, pg = page, page.page
    table = start(p, "gin", opponents=["person"])
    link = pg.input_value(".join input")
    assert link.endswith(f"#/join/{table}")
    ctx = browser.new_context(viewport={"width": 800, "height": 900})
    try:
        friend = ctx.new_page()
        friend.goto(link)
        friend.fill("#join-name", "Ada")  # a friend is asked for a name first
        friend.click("#join")
        friend.wait_for_selector("body[data-seq]")
        assert friend.url.endswith(f"#/t/{table}")
        seats = json.loads(friend.evaluate("localStorage.getItem('parlour.seats')"))
        assert seats[table]["seat"] == 1
        # whoever's turn it is plays the upcard offer; the other page sees it
        first, other = (pg, friend) if pg.get_attribute("body", "data-turn") == "mine" else (friend, pg)
        assert (
            first.get_attribute("body", "data-turn") == "mine" and other.get_attribute("body", "data-turn") == "theirs"
        )
        first.click('[data-action="pass"]')
        other.wait_for_selector("body[data-seq='1'][data-turn='mine']")
        assert "pass" in other.inner_text("#event")
        pg.wait_for_function("!document.querySelector('.join input')")  # the seat is no longer open
    finally:
        ctx.close()


@pytest.mark.slow
def test_readable_at_360_pixels(page: Page) -> None:
    p, pg = page, page.page
    pg.set_viewport_size({"width": 360, "height": 740})
    for game in ("freecell", "yahtzee", "gin"):
        start(p, game)
        pg.wait_for_timeout(300)
        width = pg.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, (game, width)  # nothing runs off a phone's screen
        sizes = pg.eval_on_selector_all(
            ".card .corner", "els => els.map(e => parseFloat(getComputedStyle(e).fontSize))"
        )
        assert all(s >= 12 for s in sizes), (game, min(sizes, default=None))
        p.shot(f"360-{game}")
