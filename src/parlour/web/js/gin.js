// Gin rummy: your hand sorted with its melds grouped (the server's best arrangement) and its
// deadwood, the upcard offer, stock and pile, discard by pressing a card, knock (and gin), layoffs,
// the hand's result explained, the match score and every visible discard.  The opponent's cards stay
// face down: the server never sends them until the hand is scored.
// The coach (the server's advice: ExpertBot's search over every legal action, from this seat's
// observation only): a Hint button and an advisor panel with the best action and its reasons, the
// value of the card in focus and of the choice just made, every action on request; and, when a hand
// ends, the review of this seat's decisions in it.
// Keys: d draw from the stock, t take the discard, p pass, k knock mode, f finish layoffs,
// h hint, a play the advice, v every action's value.
import { h, clear, cardEl, backEl, cardName, dropTarget, dragData } from "./dom.js";

const RANKS = "A23456789TJQK";
const SUIT_ORDER = "cdsh";

function sortCards(cards) {
  return [...cards].sort((a, b) => SUIT_ORDER.indexOf(a[1]) - SUIT_ORDER.indexOf(b[1]) || RANKS.indexOf(a[0]) - RANKS.indexOf(b[0]));
}

export class GinView {
  constructor(root, table) {
    this.root = root;
    this.t = table;
    this.knockMode = false;
    this.arr = null; // {key, melds, deadwood, deadwood_points}
    this.arrKey = null;
    this.lastResult = null;
    this.choice = null; // a card with several layoff targets
    this.score = h("p", { class: "match", id: "match" });
    this.opp = h("section", { class: "opp", "aria-label": "opponent" });
    this.middle = h("section", { class: "middle", "aria-label": "stock and discard pile" });
    this.spread = h("section", { class: "spread", "aria-label": "the knocker's melds", hidden: true });
    this.actions = h("div", { class: "actions", role: "toolbar", "aria-label": "actions" });
    this.hand = h("section", { class: "hand", id: "hand", "aria-label": "your hand" });
    // The hand's arrangement can arrive while a card is being dragged: redrawing the hand
    // then would remove the dragged card and cancel the drag, so it waits for the drag's end.
    this.handStale = false;
    this.hand.addEventListener("dragend", () => {
      this.dragged = null;
      if (this.handStale && this.s) { this.handStale = false; this.drawHand(this.s.observation); }
    });
    this.result = h("section", { class: "result", id: "result", "aria-live": "polite", hidden: true });
    this.discards = h("section", { class: "discards", id: "discards", "aria-label": "discards" });
    this.eventLine = h("p", { class: "event muted", id: "event", "aria-live": "polite" });
    this.prompt = h("p", { class: "prompt", id: "prompt" });
    // the coach
    this.advice = null; // the server's advice, with the seq it is for
    this.loading = null; // the seq being fetched
    this.hinted = null; // the seq a Hint was asked for
    this.adviceOn = localStorage.getItem("parlour.gin.advisor") === "1";
    this.showAll = false;
    this.focusCard = null;
    this.lastChoice = null; // {text, row, best}: this seat's last action against the advice it had
    this.reviews = new Map(); // hand number -> the review, or "loading"
    const toggle = h("input", { type: "checkbox", id: "advisor-on", checked: this.adviceOn, onchange: (ev) => {
      this.adviceOn = ev.target.checked;
      localStorage.setItem("parlour.gin.advisor", this.adviceOn ? "1" : "0");
      this.render(this.s);
    } });
    this.hintBtn = h("button", { type: "button", id: "hint", "aria-keyshortcuts": "h", onclick: () => this.hint() }, "Hint");
    this.advBox = h("section", { class: "advisor", id: "advisor", "aria-live": "polite", "aria-label": "advisor" });
    this.root.append(this.score, this.opp, this.middle, this.spread, this.eventLine, this.prompt, this.actions, this.hand,
      h("div", { class: "advisor-row" }, h("label", { for: "advisor-on" }, toggle, " Advisor (ExpertBot's search)"), " ",
        this.hintBtn, this.advBox),
      this.result, this.discards,
      h("p", { class: "muted keys" }, "Keys: d draw from the stock, t take the discard, p pass, k knock mode, ",
        "f finish layoffs, h hint, a play the advice, v every action's value; ",
        "Tab to a card and Enter to discard (or knock, or lay off) it."));
  }

  me() { return this.s.seat ?? 0; }
  them() { return 1 - this.me(); }

  legal(text) { return this.s.legal_actions.find((a) => a.text === text) || null; }
  legalStarting(prefix) { return this.s.legal_actions.filter((a) => a.text.startsWith(prefix)); }

  render(s) {
    this.s = s;
    const o = s.observation;
    const ev = s.last_event;
    // The knocker's melds, from the knock or the layoff phase, for the last hand's display.
    if (ev && ev.spread) this.seenSpread = { knocker: ev.seat, melds: ev.spread };
    else if (o.spread && o.spread.length) this.seenSpread = { knocker: o.knocker, melds: o.spread };
    if (ev && ev.result) {
      this.lastResult = { ev, seq: s.seq, spread: this.seenSpread?.knocker === ev.result.knocker ? this.seenSpread : null,
        hand: o.match ? o.match.hands_played : null };
    }
    this.noteChoice(ev);
    if (!this.legalStarting("knock ").length) this.knockMode = false;
    const key = (o.hand || []).join(" ");
    if (key !== this.arrKey) {
      this.arrKey = key;
      this.arr = null;
      if (s.seat !== null && key) this.fetchArrangement(key);
    }
    const m = o.match || { scores: [0, 0], target: 100, hands_played: 0 };
    this.score.textContent = `Match to ${m.target}: ${this.t.seatName(this.me())} ${m.scores[this.me()]} — ` +
      `${this.t.seatName(this.them())} ${m.scores[this.them()]} · hands played ${m.hands_played}`;
    this.score.dataset.scores = m.scores.join(",");
    this.eventLine.textContent = ev ? this.describeEvent(ev) : "";
    this.prompt.textContent = this.t.isMyTurn() ? this.promptFor(o.phase) : "";
    this.drawOpp(o);
    this.drawMiddle(o);
    this.drawSpread(o);
    this.drawActions(o);
    this.drawHand(o);
    this.drawResult();
    this.drawDiscards(o);
    if ((this.adviceOn || this.hinted === s.seq) && this.t.isMyTurn() && this.advice?.seq !== s.seq && this.loading !== s.seq) {
      this.fetchAdvice();
    }
    this.drawAdvisor();
  }

  promptFor(phase) {
    if (phase === "UPCARD") return "Take the upcard or pass.";
    if (phase === "DRAW") return "Draw from the stock, or take the top of the discard pile.";
    if (phase === "DISCARD") {
      const k = this.legalStarting("knock ").length ? " You may knock: press Knock…, then the card to discard." : "";
      return this.knockMode ? "Press the card to discard as you knock." : `Discard: press a card or drag it onto the pile.${k}`;
    }
    if (phase === "LAYOFF") return "Lay off cards on the knocker's melds (press them), then finish laying off.";
    return "";
  }

  describeEvent(ev) {
    const who = ev.seat === this.me() ? "You" : this.t.seatName(ev.seat);
    if (ev.kind === "DRAW_STOCK") return `${who}: draw from the stock${ev.card ? ` (${ev.card})` : ""}.`;
    return `${who}: ${ev.action}${ev.card ? ` (${ev.card})` : ""}.`;
  }

  async fetchArrangement(key) {
    try {
      const a = await this.t.advice("?ranking=false");
      if (key !== this.arrKey) return;
      this.arr = a;
      if (this.dragged) this.handStale = true;
      else this.drawHand(this.s.observation);
    } catch { /* the plain sorted hand stays */ }
  }

  // ---- the coach

  hint() {
    if (!this.s) return;
    this.hinted = this.s.seq;
    if (this.t.isMyTurn() && this.advice?.seq !== this.s.seq && this.loading !== this.s.seq) this.fetchAdvice();
    this.drawAdvisor();
    this.advBox.focus?.();
  }

  async fetchAdvice() {
    const seq = this.s.seq;
    this.loading = seq;
    this.drawAdvisor();
    try {
      const a = await this.t.advice();
      if (a && a.seq === seq) this.advice = a;
    } catch (e) {
      this.advice = { seq, error: e.message };
    } finally {
      if (this.loading === seq) this.loading = null;
    }
    if (this.s) this.drawAdvisor();
  }

  // This seat's action just played, weighed against the advice it had (the value of its own choice).
  noteChoice(ev) {
    if (!ev || ev.seat !== this.me() || !this.advice || !this.advice.actions) return;
    if (this.noted === this.s.seq) return;
    this.noted = this.s.seq;
    const rows = this.advice.actions;
    const row = rows.find((r) => r.text === ev.action) || rows.find((r) => ev.action && r.text.startsWith(ev.action));
    if (row) this.lastChoice = { text: row.text, row, best: rows[0] };
    this.advice = null;
  }

  rowText(r) {
    const pts = `${r.points >= 0 ? "+" : ""}${r.points.toFixed(1)} points`;
    const match = r.match_win !== null && r.match_win !== undefined ? `, match ${(100 * r.match_win).toFixed(0)} %` : "";
    return `${pts}${match}`;
  }

  lossText(r) {
    if (r.rank === 1) return "the best";
    const lost = this.advice?.by_match && r.loss > 0 ? ` (${(100 * r.loss).toFixed(1)} % of the match)` : "";
    return `${r.points_loss.toFixed(1)} points below the best${lost}`;
  }

  focusRow() {
    if (!this.focusCard || !this.advice?.actions) return null;
    const mode = this.knockMode ? "knock " : "discard ";
    return this.advice.actions.find((r) => r.text === `${mode}${this.focusCard}` ||
      (mode === "knock " && r.text.startsWith(`knock ${this.focusCard}`))) || null;
  }

  followAdvice() {
    const a = this.advice;
    if (!a || a.seq !== this.s?.seq || !a.actions?.length || !this.t.isMyTurn()) return;
    const best = a.actions[0];
    this.t.act(best.id, best.text);
  }

  drawAdvisor() {
    const box = this.advBox;
    clear(box);
    const s = this.s;
    if (!s) return;
    const wanted = this.adviceOn || this.hinted === s.seq;
    if (this.lastChoice && wanted) {
      const c = this.lastChoice;
      box.append(h("p", { id: "advice-last", "data-loss": c.row.points_loss.toFixed(2) },
        `Your last choice, ${c.text}: ${this.rowText(c.row)}, ${c.row.rank === 1 ? "the best" : `${c.row.points_loss.toFixed(1)} points below ${c.best.text}`}.`));
    }
    if (!wanted) return;
    if (s.seat === null) return;
    if (!this.t.isMyTurn()) { box.append(h("p", { class: "muted" }, "The coach speaks on your turn.")); return; }
    const a = this.advice;
    if (!a || a.seq !== s.seq) { box.append(h("p", { class: "muted" }, "The coach is thinking…")); return; }
    if (a.error) { box.append(h("p", { class: "problem" }, `No advice: ${a.error}`)); return; }
    if (!a.actions || !a.actions.length) { box.append(h("p", { class: "muted" }, "No advice for this decision.")); return; }
    const best = a.actions[0];
    box.append(h("p", {}, "Best: ", h("strong", { id: "advice-best", "data-action": best.text }, best.text), ` — ${this.rowText(best)} `,
      h("button", { type: "button", id: "advice-play", "aria-keyshortcuts": "a", onclick: () => this.followAdvice() }, "Play it")),
      h("ul", { class: "reasons" }, ...best.reasons.map((r) => h("li", {}, r))));
    const mine = this.focusRow();
    if (mine && mine.rank !== 1) {
      box.append(h("p", { id: "advice-mine", "data-action": mine.text }, `Your choice, ${mine.text}: ${this.rowText(mine)}, ${this.lossText(mine)}.`),
        h("ul", { class: "reasons" }, ...mine.reasons.map((r) => h("li", {}, r))));
    }
    box.append(h("button", { type: "button", id: "advice-all", class: "link", "aria-expanded": String(this.showAll),
      "aria-keyshortcuts": "v", onclick: () => { this.showAll = !this.showAll; this.drawAdvisor(); } },
    this.showAll ? "Hide the other actions" : `Every action (${a.actions.length})`));
    if (this.showAll) {
      box.append(h("ol", { class: "advice-list" }, ...a.actions.map((r) => h("li", { class: r.rank === 1 ? "best" : "", "data-action": r.text },
        `${r.text}: ${this.rowText(r)}${r.rank === 1 ? "" : ` (−${r.points_loss.toFixed(1)})`}`))));
      if (a.summary) box.append(...a.summary.map((x) => h("p", { class: "muted" }, x)));
    }
  }

  async fetchReview(hand) {
    if (this.reviews.has(hand)) return;
    this.reviews.set(hand, "loading");
    try {
      this.reviews.set(hand, await this.t.review(hand));
    } catch (e) {
      this.reviews.set(hand, { error: e.message });
    }
    this.drawResult();
  }

  reviewEl(hand) {
    const r = this.reviews.get(hand);
    const box = h("div", { class: "review", id: "review", "data-hand": String(hand) });
    box.append(h("h3", {}, "The coach's review of your decisions"));
    if (!r || r === "loading") { box.append(h("p", { class: "muted" }, "Reviewing the hand…")); return box; }
    if (r.error) { box.append(h("p", { class: "problem" }, `No review: ${r.error}`)); return box; }
    if (!r.mistakes.length) {
      box.append(h("p", { "data-mistakes": "0" }, `${r.searched} decisions weighed: none clearly below the best.`));
      return box;
    }
    box.append(h("p", { "data-mistakes": String(r.mistakes.length) },
      `${r.mistakes.length} of ${r.searched} decisions clearly below the best, ${r.points_lost.toFixed(1)} expected points lost in all:`),
    h("ol", { class: "advice-list" }, ...r.mistakes.map((m) => h("li", {},
      h("p", {}, `With ${m.stock_size} cards in the stock you played ${m.played.action}; better: `, h("strong", {}, m.better.action),
        ` (${m.points_loss.toFixed(1)} points).`),
      h("ul", { class: "reasons" }, ...m.reasons.map((x) => h("li", {}, x)))))));
    return box;
  }

  drawOpp(o) {
    clear(this.opp);
    const p = o.players[this.them()];
    const known = new Set(p.known || []);
    const row = h("div", { class: "cards fan" });
    for (const c of sortCards(known)) row.append(cardEl(c, { cls: "known", label: `${cardName(c)}, known to be in their hand` }));
    for (let i = known.size; i < p.hand_size; i++) row.append(backEl(i === known.size ? `${p.hand_size - known.size} face-down cards` : "face-down card"));
    this.opp.append(h("h2", {}, `${this.t.seatName(this.them())} · ${p.hand_size} cards`), row);
    this.opp.dataset.handSize = String(p.hand_size);
  }

  drawMiddle(o) {
    clear(this.middle);
    const draw = this.legal("draw stock");
    const take = this.legal("take discard");
    const stock = o.stock_size > 0
      ? backEl(`stock, ${o.stock_size} cards${draw ? ": draw" : ""}`, { cls: "stock", onclick: draw ? () => this.t.act(draw.id, draw.text) : null })
      : h("span", { class: "card slot" }, "empty");
    const pile = o.discard_pile || [];
    const top = pile[pile.length - 1];
    const upcard = o.phase === "UPCARD";
    const pileEl = top
      ? cardEl(top, { cls: "pile-top", label: `discard pile: ${cardName(top)}${take ? (upcard ? ": take the upcard" : ": take it") : ""}`,
        onclick: take ? () => this.t.act(take.id, take.text) : null })
      : h("span", { class: "card slot" }, "");
    // a card of the hand dragged onto the pile is discarded (or knocked with, in knock mode)
    const pileFig = dropTarget(h("figure", { class: "pile" }, pileEl, h("figcaption", {}, upcard ? "Upcard" : `Discard pile (${pile.length})`)),
      () => { const c = this.dragged; this.dragged = null; const a = c && this.cardAction(c); if (a && !a.choose && !a.text.startsWith("lay off")) { this.knockMode = false; this.t.act(a.id, a.text); } });
    this.middle.append(h("figure", {}, stock, h("figcaption", {}, `Stock (${o.stock_size})`)), pileFig);
  }

  drawSpread(o) {
    clear(this.spread);
    const spread = o.spread || [];
    this.spread.hidden = !spread.length;
    if (!spread.length) return;
    const laid = new Set(o.laid_off || []);
    const knocker = o.knocker === this.me() ? "Your" : `${this.t.seatName(o.knocker)}'s`;
    this.spread.append(h("h2", {}, `${knocker} melds`),
      h("div", { class: "melds" }, ...spread.map((meld, i) => h("div", { class: "meld", role: "group", "aria-label": `meld ${i}` },
        h("span", { class: "meld-no" }, String(i)), ...meld.map((c) => cardEl(c, { cls: laid.has(c) ? "laid" : "" }))))));
  }

  drawActions(o) {
    clear(this.actions);
    const add = (text, label, keyName) => {
      const a = this.legal(text);
      if (a) this.actions.append(h("button", { type: "button", "data-action": a.text, "aria-keyshortcuts": keyName,
        onclick: () => this.t.act(a.id, a.text) }, label));
    };
    add("take discard", o.phase === "UPCARD" ? "Take the upcard" : "Take the discard", "t");
    add("pass", "Pass", "p");
    add("draw stock", "Draw from the stock", "d");
    add("finish layoffs", "Finish laying off", "f");
    const knocks = this.legalStarting("knock ");
    if (knocks.length) {
      this.actions.append(h("button", { type: "button", id: "knock-mode", "aria-pressed": String(this.knockMode), "aria-keyshortcuts": "k",
        class: this.knockMode ? "on" : "", onclick: () => { this.knockMode = !this.knockMode; this.render(this.s); } },
        this.knockMode ? "Knocking: press the card to discard" : "Knock…"));
    }
    const covered = /^(take discard|pass|draw stock|finish layoffs|discard |knock |lay off )/;
    for (const a of this.s.legal_actions) {
      if (!covered.test(a.text)) this.actions.append(h("button", { type: "button", "data-action": a.text, onclick: () => this.t.act(a.id, a.text) }, a.text));
    }
    if (this.choice) {
      const opts = this.legalStarting(`lay off ${this.choice} on `);
      this.actions.append(h("span", {}, `Lay off ${this.choice} on: `),
        ...opts.map((a) => h("button", { type: "button", "data-action": a.text, onclick: () => { this.choice = null; this.t.act(a.id, a.text); } },
          `meld ${a.text.split(" on ")[1]}`)));
    }
  }

  cardAction(c) {
    if (this.knockMode) return this.legal(`knock ${c}`);
    const d = this.legal(`discard ${c}`);
    if (d) return d;
    const lays = this.legalStarting(`lay off ${c} on `);
    if (lays.length === 1) return lays[0];
    if (lays.length > 1) return { choose: c };
    return null;
  }

  drawHand(o) {
    this.handStale = false;
    clear(this.hand);
    const hand = o.hand || [];
    const a = this.arr && this.arr.melds ? this.arr : null;
    const groups = [];
    if (a) {
      a.melds.forEach((m) => groups.push({ cards: m, meld: true }));
      if (a.deadwood.length) groups.push({ cards: sortCards(a.deadwood), meld: false });
    } else if (hand.length) groups.push({ cards: sortCards(hand), meld: false });
    const ev = this.s.last_event;
    const fresh = ev && ev.seat === this.me() && ev.card ? ev.card : null; // the card just drawn or taken
    const title = a ? `Your hand · deadwood ${a.deadwood_points}${a.deadwood_points === 0 ? " (gin!)" : ""}` : "Your hand";
    this.hand.append(h("h2", { id: "hand-title", "data-deadwood": a ? a.deadwood_points : "" }, title));
    const row = h("div", { class: "groups" });
    for (const g of groups) {
      const box = h("div", { class: g.meld ? "meld" : "deadwood", role: "group", "aria-label": g.meld ? "meld" : "deadwood" });
      for (const c of g.cards) {
        const act = this.s.seat !== null ? this.cardAction(c) : null;
        const verb = this.knockMode ? "knock discarding" : act && act.text?.startsWith("lay off") ? "lay off" : act?.choose ? "lay off" : "discard";
        const el = cardEl(c, {
          cls: `${act ? "playable" : ""}${this.choice === c ? " selected" : ""}${c === fresh ? " fresh" : ""}`,
          label: `${cardName(c)}${c === fresh ? " (just drawn)" : ""}${act ? `: ${verb}` : ""}${g.meld ? ", in a meld" : ", deadwood"}`,
          onclick: act ? () => {
            if (act.choose) { this.choice = act.choose; this.render(this.s); return; }
            this.knockMode = false;
            this.t.act(act.id, act.text);
          } : null,
          ondragstart: act && !act.choose && !act.text.startsWith("lay off") ? (ev) => { this.dragged = c; dragData(ev, c); } : null,
        });
        // the advisor shows the value of the card in focus (or under the pointer)
        const show = () => { if (this.focusCard !== c) { this.focusCard = c; this.drawAdvisor(); } };
        el.addEventListener("focus", show);
        el.addEventListener("mouseenter", show);
        box.append(el);
      }
      row.append(box);
    }
    this.hand.append(row);
  }

  drawResult() {
    const r = this.lastResult;
    clear(this.result);
    this.result.hidden = !r;
    if (!r) return;
    const ev = r.ev, res = ev.result;
    const Name = (i) => (i === this.me() ? "You" : this.t.seatName(i));
    const name = (i) => (i === this.me() ? "you" : this.t.seatName(i));
    const lines = [];
    const kd = res.knocker_deadwood, dd = res.defender_deadwood, pts = ev.points;
    const laid = res.laid_off && res.laid_off.length ? ` after laying off ${res.laid_off.join(" ")}` : "";
    if (res.kind === "DEAD") lines.push("The stock ran down to its last cards: a dead hand, nobody scores.");
    else if (res.kind === "GIN" || res.kind === "BIG_GIN") {
      const bonus = pts - dd;
      lines.push(`${Name(res.knocker)} went ${res.kind === "GIN" ? "gin" : "big gin"}: no deadwood.`);
      lines.push(`${Name(res.winner)} score${res.winner === this.me() ? "" : "s"} the other hand's deadwood ${dd}` +
        `${bonus ? ` + the ${res.kind === "GIN" ? "gin" : "big gin"} bonus ${bonus}` : ""} = ${pts} points.`);
    } else if (res.kind === "UNDERCUT") {
      const diff = kd - dd, bonus = pts - diff;
      lines.push(`${Name(res.knocker)} knocked with ${kd} deadwood; ${name(1 - res.knocker)} had ${dd}${laid}: an undercut.`);
      lines.push(`${Name(res.winner)} score${res.winner === this.me() ? "" : "s"} the difference ${diff}${bonus ? ` + the undercut bonus ${bonus}` : ""} = ${pts} points.`);
    } else {
      const diff = dd - kd, bonus = pts - diff;
      lines.push(`${Name(res.knocker)} knocked with ${kd} deadwood; ${name(1 - res.knocker)} had ${dd}${laid}.`);
      lines.push(`${Name(res.winner)} score${res.winner === this.me() ? "" : "s"} the difference ${dd} − ${kd} = ${diff}${bonus ? ` + bonus ${bonus} = ${pts}` : ""} points.`);
    }
    const match = ev.match;
    if (match) {
      lines.push(match.over ? `The match is over: ${name(match.winner)} ${match.winner === this.me() ? "win" : "wins"} ${match.scores.join(" to ")}.`
        : `Match: ${match.scores[this.me()]} to ${match.scores[this.them()]}.`);
    }
    this.result.dataset.kind = res.kind;
    this.result.dataset.points = String(pts);
    this.result.dataset.winner = String(res.winner);
    this.result.append(h("h2", {}, "Last hand"), ...lines.map((l) => h("p", {}, l)));
    if (ev.hands) {
      // Side by side without overlap, the knocker's melds grouped as in the hand above.
      const groups = (hand, i) => {
        const melds = r.spread && i === res.knocker ? r.spread.melds : [];
        const inMeld = new Set(melds.flat());
        const rest = sortCards(hand.filter((c) => !inMeld.has(c)));
        return h("div", { class: "groups" },
          ...melds.map((m, k) => h("div", { class: "meld", role: "group", "aria-label": `meld ${k}` }, ...m.map((c) => cardEl(c)))),
          rest.length ? h("div", { class: "deadwood", role: "group", "aria-label": melds.length ? "deadwood" : "cards" }, ...rest.map((c) => cardEl(c))) : "");
      };
      this.result.append(h("div", { class: "shown" }, ...ev.hands.map((hand, i) => h("div", { class: "cards small", "data-seat": String(i) },
        h("h3", {}, i === this.me() ? "Your hand" : `${name(i)}'s hand`), groups(hand, i)))));
    }
    if (this.s.seat !== null && r.hand) {
      this.fetchReview(r.hand);
      this.result.append(this.reviewEl(r.hand));
    }
    this.result.append(h("button", { type: "button", class: "link", onclick: () => { this.lastResult = null; this.drawResult(); } }, "Hide"));
  }

  drawDiscards(o) {
    clear(this.discards);
    const line = (i) => {
      const d = o.players[i].discards || [];
      return h("p", {}, h("strong", {}, i === this.me() ? "Your discards: " : `${this.t.seatName(i)}'s discards: `),
        d.length ? d.join(" ") : "none yet");
    };
    this.discards.append(h("h2", {}, "Visible discards"), line(this.them()), line(this.me()),
      h("p", { class: "muted" }, `Pile, oldest first: ${(o.discard_pile || []).join(" ") || "empty"}`));
  }

  refused() { this.choice = null; }

  key(ev) {
    if (ev.target.closest && ev.target.closest("input, select, textarea")) return;
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const map = { d: "draw stock", t: "take discard", p: "pass", f: "finish layoffs" };
    if (map[ev.key]) { const a = this.legal(map[ev.key]); if (a) this.t.act(a.id, a.text); return; }
    if (ev.key === "k" && this.legalStarting("knock ").length) { this.knockMode = !this.knockMode; this.render(this.s); }
    if (ev.key === "h") this.hint();
    if (ev.key === "a") this.followAdvice();
    if (ev.key === "v" && this.advice?.actions) { this.showAll = !this.showAll; this.drawAdvisor(); }
  }
}
