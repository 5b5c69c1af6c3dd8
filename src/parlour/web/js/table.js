// One table: the WebSocket to the server, the seat's sequence numbers, and the game's view.
import { h, clear, toast } from "./dom.js";
import { api, seats } from "./api.js";
import { GinView } from "./gin.js";
import { YahtzeeView } from "./yahtzee.js";
import { FreecellView } from "./freecell.js";

const VIEWS = { gin: GinView, yahtzee: YahtzeeView, freecell: FreecellView };

export class TableView {
  constructor(root, table, info) {
    this.root = root;
    this.table = table;
    this.token = info ? info.token : null;
    this.seat = info ? info.seat : null;
    this.ws = null;
    this.closed = false;
    this.nextSeq = 1;
    this.state = null;
    this.welcome = null;
    this.view = null;
    this.retry = 0;
    this.pending = new Map(); // client seq -> what it was, to report its refusal
    this.onKey = (ev) => this.view?.key?.(ev);
  }

  open() {
    clear(this.root);
    this.status = h("p", { class: "muted" }, "Connecting…");
    this.offlineBox = h("p", { class: "problem offline", id: "offline", role: "alert", hidden: true });
    this.root.append(this.offlineBox, this.status);
    document.getElementById("where").textContent = `table ${this.table}`;
    document.addEventListener("keydown", this.onKey);
    this.connect();
  }

  close() {
    this.closed = true;
    clearTimeout(this.seatPoll);
    delete document.body.dataset.seq;
    delete document.body.dataset.turn;
    document.removeEventListener("keydown", this.onKey);
    this.view?.close?.();
    if (this.ws) this.ws.close();
  }

  setConn(text) { document.getElementById("conn").textContent = text; }

  // While the server cannot be reached the table's controls are off (and say so): a move
  // made then would be lost.  The first state after reconnecting redraws them as they are.
  setOffline(on) {
    if (Boolean(this.offline) === on) return; // each failed reconnection calls again
    this.offline = on;
    this.offlineBox.hidden = !on;
    this.offlineBox.textContent = on ? "The server cannot be reached: reconnecting… Moves are off until it answers." : "";
    if (!this.stage) return;
    this.root.classList.toggle("offline-table", on);
    if (on) {
      this.disabledByUs = [...this.root.querySelectorAll("button, input, select, textarea")]
        .filter((el) => !el.disabled && !this.offlineBox.contains(el));
      for (const el of this.disabledByUs) el.disabled = true;
    } else {
      for (const el of this.disabledByUs || []) el.disabled = false;
      this.disabledByUs = [];
    }
  }

  connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}/ws/tables/${this.table}`);
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 0;
      this.setConn("connected");
      this.setOffline(false);
      ws.send(JSON.stringify({ type: "hello", token: this.token }));
    };
    ws.onmessage = (ev) => this.message(JSON.parse(ev.data));
    ws.onclose = (ev) => {
      if (this.closed) return;
      if (ev.code === 4404) { this.setConn(""); return; }
      this.setConn("reconnecting…");
      this.setOffline(true);
      const delay = Math.min(5000, 250 * 2 ** this.retry++);
      setTimeout(() => { if (!this.closed) this.connect(); }, delay);
    };
  }

  message(m) {
    if (m.type === "welcome") {
      this.welcome = m;
      if (m.role !== "player" && this.token) toast("This browser's token holds no seat here: watching.", "info");
    } else if (m.type === "state") {
      if (this.state && m.seq < this.state.seq) return;
      const first = !this.state;
      this.state = m;
      if (m.ack !== null && m.ack !== undefined) this.nextSeq = Math.max(this.nextSeq, m.ack + 1);
      for (const k of [...this.pending.keys()]) if (m.ack !== null && k <= m.ack) this.pending.delete(k);
      if (first) this.mount();
      const keep = this.focusKey();
      this.view.render(m);
      this.renderCommon(m);
      this.refocus(keep);
      // for scripts and tests: the table's sequence number and whether it is this seat's turn
      document.body.dataset.seq = String(m.seq);
      document.body.dataset.turn = m.terminal ? "over" : m.current_player === m.seat ? "mine" : "theirs";
    } else if (m.type === "error" && !this.state) {
      clear(this.root);
      this.root.append(h("p", { class: "problem", role: "alert" }, `${m.message} (${m.error})`),
        h("a", { href: "#/" }, "Back to the lobby"));
    } else if (m.type === "error") {
      const what = m.ref !== null && this.pending.has(m.ref) ? `${this.pending.get(m.ref)}: ` : "";
      if (m.ref !== null) this.pending.delete(m.ref);
      this.lastError = m;
      this.errorBox.textContent = `${what}${m.message} (${m.error})`;
      this.errorBox.hidden = false;
      this.view?.refused?.(m);
    }
  }

  // Each state redraws the table: keep the keyboard focus on the same control (same id, card, box or action).
  focusKey() {
    const el = document.activeElement;
    if (!el || !this.root.contains(el) || el === this.root) return null;
    for (const a of ["id", "data-card", "data-box", "data-action", "data-slot", "aria-label"]) {
      const v = el.getAttribute(a);
      if (v) return [a, v];
    }
    return null;
  }

  refocus(key) {
    if (!key || (document.activeElement && document.activeElement !== document.body && this.root.contains(document.activeElement))) return;
    const [a, v] = key;
    const el = [...this.root.querySelectorAll(`[${a}]`)].find((e) => e.getAttribute(a) === v && !e.disabled);
    if (el) el.focus({ preventScroll: true });
  }

  // Send an action by id or text; returns the client sequence number used.
  act(action, label) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) { toast("Not connected: the move was not sent"); return null; }
    const seq = this.nextSeq++;
    this.pending.set(seq, label || String(action));
    this.errorBox.hidden = true;
    this.ws.send(JSON.stringify({ type: "action", seq, action, expect: this.state ? this.state.seq : undefined }));
    return seq;
  }

  undo() {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return null;
    const seq = this.nextSeq++;
    this.pending.set(seq, "undo");
    this.errorBox.hidden = true;
    this.ws.send(JSON.stringify({ type: "undo", seq }));
    return seq;
  }

  advice(query = "") { return api.advice(this.table, this.token, query); }

  review(hand) { return api.review(this.table, this.token, hand); }

  isMyTurn() { return this.state && this.seat !== null && this.state.current_player === this.seat && this.state.legal_actions.length > 0; }

  seatName(i) {
    const s = this.welcome?.seats?.[i];
    if (!s) return `seat ${i}`;
    if (i === this.state?.seat) return s.name ? `${s.name} (you)` : "you";
    if (s.kind === "bot") return s.name && s.name !== s.bot ? `${s.name} (${s.bot} bot)` : `${s.bot} bot`;
    if (s.kind === "open") return "open seat";
    return s.name || `player ${i + 1}`;
  }

  mount() {
    clear(this.root);
    const Game = VIEWS[this.state.game];
    this.turnLine = h("p", { class: "turn", id: "turn", "aria-live": "polite" });
    this.errorBox = h("p", { class: "problem", id: "refusal", role: "alert", hidden: true });
    this.joinBox = h("div", { class: "join" });
    this.stage = h("div", { class: `stage ${this.state.game}` });
    this.legalBox = h("div", { class: "legal-list" });
    const input = h("input", { id: "action-text", autocomplete: "off", spellcheck: "false",
      placeholder: "type an action, e.g. the notation", "aria-describedby": "action-help" });
    const typed = h("form", { class: "typed", onsubmit: (ev) => {
      ev.preventDefault();
      const v = input.value.trim();
      if (v) { this.act(v, v); input.value = ""; }
    } }, h("label", { for: "action-text" }, "Action"), input, h("button", { type: "submit" }, "Send"));
    const more = h("details", { class: "more" }, h("summary", {}, "Every legal action (keyboard and screen-reader friendly)"),
      h("p", { id: "action-help", class: "muted" }, "Any action the server accepts can be typed as its text or picked here."),
      typed, this.legalBox);
    this.root.append(this.offlineBox, this.turnLine, this.errorBox, this.joinBox, this.stage, more);
    this.view = new Game(this.stage, this);
  }

  // Open seats get a join link; while one is open the seats are read again every few seconds.
  renderJoin() {
    clear(this.joinBox);
    const open = (this.welcome?.seats || []).filter((x) => x.kind === "open");
    for (const o of open) {
      const link = `${location.origin}${location.pathname}#/join/${this.table}`;
      this.joinBox.append(h("p", {}, `Seat ${o.seat + 1} is open: send this link to a friend — `,
        h("input", { readonly: true, value: link, "aria-label": "join link", size: Math.min(60, link.length),
          onfocus: (ev) => ev.target.select() })));
    }
    if (open.length && !this.seatPoll && !this.closed) {
      this.seatPoll = setTimeout(async () => {
        try {
          const t = await api.table(this.table);
          if (this.welcome) this.welcome.seats = t.seats;
        } catch { /* try again later */ }
        this.seatPoll = null;
        if (!this.closed && this.state) { this.renderJoin(); this.view.render(this.state); }
      }, 1500);
    }
  }

  renderCommon(s) {
    let who;
    if (s.terminal) who = "The game is over.";
    else if (s.current_player === s.seat) who = "Your turn.";
    else who = `Waiting for ${this.seatName(s.current_player)}…`;
    this.turnLine.textContent = who;
    this.turnLine.classList.toggle("mine", s.current_player === s.seat && !s.terminal);
    this.renderJoin();
    clear(this.legalBox);
    for (const a of s.legal_actions) {
      this.legalBox.append(h("button", { type: "button", class: "small", "data-action": a.text,
        onclick: () => this.act(a.id, a.text) }, a.text));
    }
    if (!s.legal_actions.length) this.legalBox.append(h("p", { class: "muted" }, "None now."));
  }
}

export { seats };
