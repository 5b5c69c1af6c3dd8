// FreeCell: click a card (or a free cell's card), then where it goes; supermoves by clicking the
// top card of the run to move.  Keys follow the game's notation: 1-8 cascades, a-d free cells,
// h the foundations (so "3h" moves cascade 3's card home).  Undo (z), hint (n), solve from here (s).
import { h, clear, cardEl, slotEl, SUITS, toast, dropTarget, dragData } from "./dom.js";

const SUIT_ORDER = ["c", "s", "h", "d"];
const RANKS = "A23456789TJQK";
const CELLS = "abcd";

function describe(move) {
  const m = move.match(/^([1-8a-d])([1-8a-dh])(?:v(\d+))?$/);
  if (!m) return move;
  const place = (c) => (c === "h" ? "the foundation" : /[a-d]/.test(c) ? `free cell ${c}` : `cascade ${c}`);
  return `${m[3] ? `${m[3]} cards` : "a card"} from ${place(m[1])} to ${place(m[2])}`;
}

export class FreecellView {
  constructor(root, table) {
    this.root = root;
    this.t = table;
    this.sel = null; // {src, count}
    this.history = null; // read from this browser's storage at the first state
    this.historyKey = `parlour.freecell.moves.${table.table}`;
    this.lastSeq = null;
    this.hint = null;
    this.anim = null; // {moves, i, waiting}
    this.keyBuf = "";
    this.speed = Number(localStorage.getItem("parlour.freecell.ms") || 250);

    this.info = h("p", { class: "fc-info" });
    this.verdict = h("p", { class: "verdict", id: "verdict", role: "status", "aria-live": "polite" });
    const speedSel = h("select", { id: "fc-speed", "aria-label": "animation speed",
      onchange: (ev) => { this.speed = Number(ev.target.value); localStorage.setItem("parlour.freecell.ms", ev.target.value); } },
      ...[[600, "slow"], [250, "normal"], [60, "fast"], [0, "instant"]].map(([v, l]) =>
        h("option", { value: v, selected: v === this.speed }, l)));
    this.btnUndo = h("button", { type: "button", id: "fc-undo", onclick: () => this.doUndo(), "aria-keyshortcuts": "z" }, "Undo");
    this.btnHint = h("button", { type: "button", id: "fc-hint", onclick: () => this.doHint(), "aria-keyshortcuts": "n" }, "Hint");
    this.btnSolve = h("button", { type: "button", id: "fc-solve", onclick: () => this.doSolve(), "aria-keyshortcuts": "s" }, "Solve from here");
    this.btnHome = h("button", { type: "button", id: "fc-home", onclick: () => this.doHome(), "aria-keyshortcuts": "g" }, "All home");
    this.btnStop = h("button", { type: "button", id: "fc-stop", hidden: true, onclick: () => this.stop("Stopped.") }, "Stop");
    this.toolbar = h("div", { class: "toolbar", role: "toolbar", "aria-label": "FreeCell actions" },
      this.btnUndo, this.btnHint, this.btnSolve, this.btnHome, this.btnStop, h("label", { for: "fc-speed" }, "Animation"), speedSel);
    this.top = h("div", { class: "fc-top" });
    this.board = h("div", { class: "fc-board" });
    this.notation = h("ol", { class: "notation", id: "notation", "aria-label": "moves in standard notation" });
    this.root.append(this.info, this.toolbar, this.verdict, this.top, this.board,
      h("details", { class: "history", open: true }, h("summary", {}, "Moves (standard notation)"), this.notation),
      h("p", { class: "muted keys" }, "Keys: 1–8 cascades, a–d free cells, h foundations (type a move like 3h), ",
        "z undo, n hint, s solve from here, g all home, Esc cancels a selection."));
  }

  close() { this.anim = null; }

  render(s) {
    this.s = s;
    const o = s.observation;
    // The move list: each event's move in its place (the event gives its move number), the
    // list as long as the game's moves (an undo shortens it), kept in this browser so that a
    // reload shows it again; a move this browser never saw is shown as such, in its place.
    if (this.history === null) {
      try { this.history = JSON.parse(localStorage.getItem(this.historyKey) || "[]"); } catch { this.history = []; }
    }
    const ev = s.last_event;
    if (ev && ev.action && ev.moves >= 1 && ev.moves <= o.moves) {
      this.history[ev.moves - 1] = ev.count > 1 && !ev.action.includes("v") ? `${ev.action}v${ev.count}` : ev.action;
    }
    this.history.length = Math.min(this.history.length, o.moves);
    try { localStorage.setItem(this.historyKey, JSON.stringify(this.history)); } catch { /* storage full: the list stays for this page */ }
    this.lastSeq = s.seq;
    if (this.hint && this.hint.seq !== s.seq) this.hint = null;
    if (!this.hint) delete this.verdict.dataset.hint;
    this.info.textContent = `Deal #${o.deal ?? "?"} · ${o.moves} move${o.moves === 1 ? "" : "s"}`;
    this.info.dataset.moves = String(o.moves);
    if (o.solved) this.verdict.textContent = `Solved in ${o.moves} moves!`;
    else if (!this.anim && this.verdict.dataset.seq !== String(s.seq)) this.verdict.textContent = "";
    this.btnUndo.disabled = o.moves === 0 || s.terminal;
    this.btnHint.disabled = this.btnSolve.disabled = s.terminal;
    this.btnHome.disabled = !s.legal_actions.some((a) => /^[1-8a-d]h$/.test(a.text));
    this.draw(o);
    clear(this.notation);
    for (let i = 0; i < o.moves; i++) {
      const m = this.history[i];
      this.notation.append(m ? h("li", {}, m) : h("li", { class: "muted" }, "(a move not seen in this browser)"));
    }
    this.notation.dataset.count = String(o.moves);
    this.stepAnimation(s);
  }

  draw(o) {
    const sel = this.sel;
    const hint = this.hint?.move?.match(/^([1-8a-d])([1-8a-dh])/);
    const mark = (place) => {
      let c = "";
      if (sel && sel.src === place) c += " selected";
      if (hint && (hint[1] === place)) c += " hint-from";
      if (hint && hint[2] === place) c += " hint-to";
      return c;
    };
    clear(this.top);
    const cells = h("div", { class: "fc-cells", role: "group", "aria-label": "free cells" });
    o.freecells.forEach((card, i) => {
      const id = CELLS[i];
      cells.append(dropTarget(card
        ? cardEl(card, { cls: mark(id), label: `free cell ${id}: ${card}`, onclick: () => this.clickPlace(id, 1),
          ondblclick: () => this.send(`${id}h`), ondragstart: (ev) => this.drag(ev, id, 1) })
        : slotEl(`free cell ${id}, empty`, { cls: mark(id), text: id, slot: id, onclick: () => this.clickPlace(id, 1) }),
      () => this.dropOn(id)));
    });
    const founds = dropTarget(h("div", { class: "fc-founds", role: "group", "aria-label": "foundations" }), () => this.dropOn("h"));
    for (const suit of SUIT_ORDER) {
      const n = o.foundations[suit] || 0;
      const onclick = () => this.clickPlace("h", 0);
      founds.append(n
        ? cardEl(RANKS[n - 1] + suit, { cls: mark("h"), label: `foundation ${suit}: up to ${RANKS[n - 1]}`, onclick })
        : slotEl(`foundation for ${suit}, empty`, { cls: mark("h"), text: SUITS[suit], slot: "h", onclick }));
    }
    this.top.append(cells, founds);
    clear(this.board);
    o.cascades.forEach((col, i) => {
      const id = String(i + 1);
      const g = dropTarget(h("div", { class: `cascade${mark(id)}`, role: "group", "aria-label": `cascade ${id}`, "data-cascade": id }),
        () => this.dropOn(id));
      if (!col.length) g.append(slotEl(`cascade ${id}, empty`, { text: id, slot: id, onclick: () => this.clickPlace(id, 1) }));
      col.forEach((card, j) => {
        const count = col.length - j;
        const picked = sel && sel.src === id && count <= sel.count;
        g.append(cardEl(card, {
          cls: picked ? "picked" : "",
          label: `${card} in cascade ${id}${count > 1 ? `, ${count - 1} below` : ""}`,
          onclick: () => this.clickPlace(id, count),
          ondblclick: () => this.send(`${id}h`),
          ondragstart: (ev) => this.drag(ev, id, count),
        }));
      });
      this.board.append(g);
    });
  }

  clickPlace(place, count) {
    if (this.anim) return;
    if (!this.sel) {
      if (place === "h") return;
      if (/[a-d]/.test(place) && !this.s.observation.freecells[CELLS.indexOf(place)]) return;
      if (/[1-8]/.test(place) && !this.s.observation.cascades[Number(place) - 1].length) return;
      this.sel = { src: place, count };
      this.draw(this.s.observation);
      return;
    }
    const { src, count: n } = this.sel;
    this.sel = null;
    if (src === place) { this.draw(this.s.observation); return; }
    this.moveTo(src, place, n);
  }

  drag(ev, place, count) {
    if (this.anim) { ev.preventDefault(); return; }
    this.sel = { src: place, count };
    dragData(ev, `${place}${count > 1 ? `v${count}` : ""}`);
  }

  dropOn(place) {
    if (!this.sel || this.anim) return;
    this.clickPlace(place, 1);
  }

  moveTo(src, dst, n) {
    // The move as clicked; when that exact count is not legal but one move from src to dst is, play it.
    let text = `${src}${/[a-d]/.test(dst) && this.freeCellDst(src) ? this.freeCellDst(src) : dst}${n > 1 ? `v${n}` : ""}`;
    const legal = this.s.legal_actions.map((a) => a.text);
    if (!legal.includes(text)) {
      const cands = legal.filter((t) => t[0] === src && (t[1] === dst || (/[a-d]/.test(dst) && /[a-d]/.test(t[1]))));
      if (cands.length === 1) text = cands[0];
    }
    this.send(text);
  }

  freeCellDst(src) {
    const a = this.s.legal_actions.find((x) => x.text.length === 2 && x.text[0] === src && /[a-d]/.test(x.text[1]));
    return a ? a.text[1] : null;
  }

  send(text) {
    if (this.anim) return;
    this.sel = null;
    this.t.act(text, `move ${text} (${describe(text)})`);
  }

  doUndo() {
    if (this.anim) return;
    this.t.undo();
  }

  async ask() {
    this.verdict.textContent = "Thinking…";
    this.verdict.dataset.seq = String(this.s.seq);
    try {
      return await this.t.advice();
    } catch (e) {
      this.verdict.textContent = "";
      toast(e.message);
      return null;
    }
  }

  showVerdict(a) {
    this.verdict.dataset.verdict = a.verdict;
    this.verdict.dataset.seq = String(a.seq);
    if (a.verdict === "UNSOLVABLE") {
      this.verdict.textContent = this.s.observation.moves === 0
        ? "This deal cannot be won: the solver searched every position from the start and found no win. Try another deal."
        : "Unsolvable from here: the solver searched every position and found no win. Undo a few moves.";
    }
    else if (a.verdict === "UNKNOWN") this.verdict.textContent = "The solver found no solution within its limits from here; it may still be won.";
  }

  async doHint() {
    if (this.anim || this.s.terminal) return;
    const a = await this.ask();
    if (!a) return;
    this.showVerdict(a);
    if (a.verdict === "SOLVED" && a.moves.length && a.seq === this.s.seq) {
      this.hint = { seq: a.seq, move: a.moves[0] };
      this.verdict.textContent = `Hint: ${a.moves[0]} — ${describe(a.moves[0])} (${a.moves.length} moves to win from here).`;
      this.verdict.dataset.hint = a.moves[0];
      this.draw(this.s.observation);
    }
  }

  async doSolve() {
    if (this.anim || this.s.terminal) return;
    const a = await this.ask();
    if (!a) return;
    this.showVerdict(a);
    if (a.verdict !== "SOLVED" || a.seq !== this.s.seq) return;
    this.anim = { moves: a.moves, i: 0, waiting: null };
    this.verdict.textContent = `Solving: ${a.moves.length} moves.`;
    this.btnStop.hidden = false;
    this.stepAnimation(this.s);
  }

  // Every card that can go to the foundations now goes, one move at a time (the server's legal moves).
  doHome() {
    if (this.anim || this.s.terminal) return;
    const next = () => this.s.legal_actions.find((a) => /^[1-8a-d]h$/.test(a.text))?.text;
    if (!next()) return;
    this.anim = { moves: null, next, i: 0, waiting: null };
    this.btnStop.hidden = false;
    this.stepAnimation(this.s);
  }

  stepAnimation(s) {
    const an = this.anim;
    if (!an) return;
    if (an.waiting !== null && (s.ack === null || s.ack < an.waiting)) return; // not yet applied
    const move = an.moves ? an.moves[an.i] : an.next();
    if (!move || s.terminal) { this.stop(s.observation.solved ? `Solved in ${s.observation.moves} moves!` : an.moves ? "Done." : ""); return; }
    if (an.timer) return;
    an.timer = setTimeout(() => {
      an.timer = null;
      if (this.anim !== an) return;
      an.i++;
      this.verdict.textContent = an.moves ? `Solving: move ${an.i} of ${an.moves.length} (${move}).` : `Home: ${move}.`;
      an.waiting = this.t.act(move, `move ${move}`);
    }, this.speed);
  }

  stop(text) {
    if (this.anim?.timer) clearTimeout(this.anim.timer);
    this.anim = null;
    this.btnStop.hidden = true;
    if (text) this.verdict.textContent = text;
  }

  refused() {
    if (this.anim) this.stop("The solution was interrupted.");
    this.sel = null;
    if (this.s) this.draw(this.s.observation);
  }

  key(ev) {
    if (ev.target.closest && ev.target.closest("input, select, textarea")) return;
    if (ev.ctrlKey || ev.metaKey || ev.altKey) {
      if ((ev.ctrlKey || ev.metaKey) && ev.key === "z") { ev.preventDefault(); this.doUndo(); }
      return;
    }
    const k = ev.key.toLowerCase();
    if (k === "escape") { this.sel = null; this.keyBuf = ""; this.draw(this.s.observation); return; }
    if (k === "z") { this.doUndo(); return; }
    if (k === "n") { this.doHint(); return; }
    if (k === "s") { this.doSolve(); return; }
    if (k === "g") { this.doHome(); return; }
    if (/^[1-8a-dh]$/.test(k)) {
      ev.preventDefault();
      if (!this.sel) {
        if (k === "h") return;
        this.clickPlace(k, 1);
      } else {
        this.clickPlace(k, 1);
      }
    }
  }
}
