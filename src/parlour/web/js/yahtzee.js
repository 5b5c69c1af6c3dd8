// Yahtzee: the dice with keep toggles, the roll button, every player's scorecard with what each open
// box would score now, and an optional advisor (the server's exact solver: the expected final score
// of every choice, the best one marked; optionally the best choice for each objective: the mean,
// reaching a target, beating the others).  Keys: 1-5 toggle a die, r roll, a play the advice.
import { h, clear, dieSvg } from "./dom.js";

const BOXES = [
  ["aces", "Aces"], ["twos", "Twos"], ["threes", "Threes"], ["fours", "Fours"], ["fives", "Fives"], ["sixes", "Sixes"],
  ["three_of_a_kind", "Three of a kind"], ["four_of_a_kind", "Four of a kind"], ["full_house", "Full house"],
  ["small_straight", "Small straight"], ["large_straight", "Large straight"], ["yahtzee", "Yahtzee"], ["chance", "Chance"],
];

function keepText(faces) {
  return faces.length ? `keep ${[...faces].sort().join("")}` : "keep -";
}

export class YahtzeeView {
  constructor(root, table) {
    this.root = root;
    this.t = table;
    this.kept = new Set(); // indexes into the dice string
    this.diceKey = null;
    this.advice = null;
    this.adviceOn = localStorage.getItem("parlour.yahtzee.advisor") === "1";
    this.diceBox = h("div", { class: "dice", role: "group", "aria-label": "dice: press to keep or release" });
    this.rollBtn = h("button", { type: "button", id: "roll", class: "primary", "aria-keyshortcuts": "r", onclick: () => this.roll() }, "Roll");
    this.rollsLeft = h("span", { class: "muted", id: "rolls-left" });
    const toggle = h("input", { type: "checkbox", id: "advisor-on", checked: this.adviceOn, onchange: (ev) => {
      this.adviceOn = ev.target.checked;
      localStorage.setItem("parlour.yahtzee.advisor", this.adviceOn ? "1" : "0");
      this.advice = null;
      this.render(this.s);
    } });
    this.objectivesOn = localStorage.getItem("parlour.yahtzee.objectives") === "1";
    this.target = localStorage.getItem("parlour.yahtzee.target") || "";
    const objToggle = h("input", { type: "checkbox", id: "objectives-on", checked: this.objectivesOn, onchange: (ev) => {
      this.objectivesOn = ev.target.checked;
      localStorage.setItem("parlour.yahtzee.objectives", this.objectivesOn ? "1" : "0");
      this.refetch();
    } });
    const targetBox = h("input", { type: "number", id: "objectives-target", min: "0", max: "1575", step: "1",
      placeholder: "none", value: this.target, "aria-label": "target final score", onchange: (ev) => {
        this.target = ev.target.value.trim();
        localStorage.setItem("parlour.yahtzee.target", this.target);
        this.refetch();
      } });
    this.advBox = h("div", { class: "advisor", id: "advisor", "aria-live": "polite" });
    this.card = h("table", { class: "scorecard", id: "scorecard" });
    this.eventLine = h("p", { class: "event muted", id: "event", "aria-live": "polite" });
    this.root.append(
      h("div", { class: "dice-row" }, this.diceBox, h("div", { class: "roll-col" }, this.rollBtn, this.rollsLeft)),
      h("div", { class: "advisor-row" }, h("label", { for: "advisor-on" }, toggle, " Advisor (exact solver)"),
        " ", h("label", { for: "objectives-on" }, objToggle, " Objectives"),
        " ", h("label", { for: "objectives-target" }, "target score ", targetBox), this.advBox),
      this.eventLine, h("div", { class: "card-wrap" }, this.card),
      h("p", { class: "muted keys" }, "Keys: 1–5 keep or release a die, r roll, a follow the advisor; score by pressing a box."));
  }

  render(s) {
    this.s = s;
    const o = s.observation;
    const me = s.seat;
    const key = `${s.seq}:${o.dice}`;
    if (key !== this.diceKey) {
      if (!this.diceKey || this.diceKey.split(":")[1] !== String(o.dice)) {
        // after your reroll the dice you kept stay kept (the dice come back sorted, so find them by face)
        this.kept = new Set();
        const ev = s.last_event;
        if (ev && ev.kind === "REROLL" && ev.seat === me && ev.kept && o.dice && o.rolls_left > 0) {
          const dice = String(o.dice);
          for (const f of ev.kept) {
            for (let i = 0; i < dice.length; i++) if (!this.kept.has(i) && dice[i] === f) { this.kept.add(i); break; }
          }
        }
      }
      this.diceKey = key;
    }
    const mine = this.t.isMyTurn();
    // dice
    clear(this.diceBox);
    const dice = o.dice ? String(o.dice) : "";
    [...dice].forEach((f, i) => {
      const on = this.kept.has(i);
      this.diceBox.append(h("button", {
        type: "button", class: `die${on ? " kept" : ""}`, "aria-pressed": String(on), disabled: !mine || o.rolls_left === 0,
        "aria-label": `die ${i + 1}: ${f}${on ? ", kept" : ""}`, "data-face": f, "aria-keyshortcuts": String(i + 1),
        onclick: () => { this.toggle(i); },
      }, dieSvg(Number(f)), h("span", { class: "die-label", "aria-hidden": "true" }, on ? "kept" : "")));
    });
    if (!dice) this.diceBox.append(h("p", { class: "muted" }, s.terminal ? "All boxes are filled." : "No dice on the table."));
    const rollAction = this.rollAction();
    this.rollBtn.disabled = !mine || !rollAction;
    this.rollBtn.textContent = this.kept.size ? `Roll the other ${5 - this.kept.size}` : "Roll all five";
    this.rollsLeft.textContent = o.dice ? `${o.rolls_left} roll${o.rolls_left === 1 ? "" : "s"} left` : "";
    // last event
    const ev = s.last_event;
    if (ev) this.eventLine.textContent = this.describe(ev);
    if (s.terminal && o.players.length === 1) this.eventLine.textContent = `Final score: ${o.players[0].total}.`;
    else if (s.terminal) {
      const totals = o.players.map((p) => p.total);
      const top = Math.max(...totals);
      const winners = totals.map((t, i) => (t === top ? i : -1)).filter((i) => i >= 0);
      const names = winners.map((i) => (i === me ? "you" : this.t.seatName(i)));
      this.eventLine.textContent = `Final score: ${o.players.map((p, i) => `${i === me ? "you" : this.t.seatName(i)} ${p.total}`).join(", ")}. ` +
        (winners.length > 1 ? `A tie between ${names.join(" and ")}.` : winners[0] === me ? "You win!" : `${names[0]} wins.`);
    }
    this.drawCard(o, me, mine);
    this.drawAdvice(mine);
    if (this.adviceOn && mine && (!this.advice || this.advice.seq !== s.seq || this.advice.query !== this.adviceQuery()) && !this.loading) this.fetchAdvice();
  }

  describe(ev) {
    const who = ev.seat === this.s.seat ? "You" : this.t.seatName(ev.seat);
    if (ev.kind === "REROLL") return `${who}: ${ev.kept ? `kept ${ev.kept}` : "kept nothing"} and rolled ${ev.dice}.`;
    if (ev.kind === "SCORE") {
      let text = `${who}: ${ev.dice} in ${String(ev.category).replaceAll("_", " ")} for ${ev.points}`;
      if (ev.upper_bonus) text += `, upper bonus ${ev.upper_bonus}`;
      if (ev.yahtzee_bonus) text += `, Yahtzee bonus ${ev.yahtzee_bonus}`;
      return `${text} (total ${ev.total}).`;
    }
    return `${who}: ${ev.action}${ev.dice ? ` (dice ${ev.dice})` : ""}.`;
  }

  drawCard(o, me, mine) {
    clear(this.card);
    const players = o.players;
    const legal = new Map(this.s.legal_actions.map((a) => [a.text, a.id]));
    const best = this.advice && this.advice.seq === this.s.seq ? this.advice.best : null;
    const values = new Map((this.advice && this.advice.seq === this.s.seq ? this.advice.actions : []).map((a) => [a.text, a]));
    const head = h("tr", {}, h("th", { scope: "col" }, "Box"),
      ...players.map((_, i) => h("th", { scope: "col", class: i === me ? "me" : "" }, this.t.seatName(i))));
    const body = [];
    const row = (label, cells, cls = "") => body.push(h("tr", { class: cls }, h("th", { scope: "row" }, label), ...cells));
    BOXES.forEach(([name, label], bi) => {
      row(label, players.map((p, i) => {
        const v = p.boxes[name];
        if (v !== null && v !== undefined) return h("td", { class: "filled", "data-box": name }, String(v));
        if (i !== me) return h("td", { class: "open" }, "");
        const now = o.scores_now ? o.scores_now[name] : null;
        const text = `score ${name}`;
        const adv = values.get(text);
        const can = mine && legal.has(text);
        const isBest = adv && best === adv.id;
        return h("td", { class: `open mine${isBest ? " best" : ""}` },
          h("button", { type: "button", class: "box", disabled: !can, "data-box": name, "data-action": text,
            "aria-label": `score ${label}${now !== null && now !== undefined ? ` for ${now}` : ""}${adv ? `, expected final ${adv.value.toFixed(1)}` : ""}${isBest ? ", best" : ""}`,
            onclick: () => this.t.act(legal.get(text), text) },
            now !== null && now !== undefined ? String(now) : "–"),
          adv ? h("small", { class: "ev", "aria-hidden": "true" }, adv.value.toFixed(1)) : null);
      }));
      if (bi === 5) {
        row("Upper subtotal", players.map((p) => h("td", {}, String(p.upper_subtotal))), "sub");
        row("Upper bonus (63+)", players.map((p) => h("td", { "data-bonus": "upper" }, String(p.upper_bonus))), "sub");
      }
    });
    row("Yahtzee bonuses", players.map((p) => h("td", { "data-bonus": "yahtzee" }, `${p.yahtzee_bonuses} × 100`)), "sub");
    row("Total", players.map((p, i) => h("td", { class: "total", "data-total": i }, String(p.total))), "total");
    this.card.append(h("caption", {}, "Scorecards: pressing an open box writes the dice in it"), h("thead", {}, head), h("tbody", {}, ...body));
  }

  rollAction() {
    const o = this.s.observation;
    if (!o.dice) return null;
    const faces = [...this.kept].map((i) => String(o.dice)[i]);
    if (faces.length === 5) return null;
    return this.s.legal_actions.find((a) => a.text === keepText(faces)) || null;
  }

  toggle(i) {
    if (!this.t.isMyTurn()) return;
    if (this.kept.has(i)) this.kept.delete(i); else this.kept.add(i);
    this.render(this.s);
  }

  roll() {
    const a = this.rollAction();
    if (a) this.t.act(a.id, a.text);
  }

  // The query for the objectives (the mean, reaching the target, beating the others), or "".
  adviceQuery() {
    if (!this.objectivesOn) return "";
    const t = /^\d+$/.test(this.target) ? `&target=${this.target}` : "";
    return `?objectives=true${t}`;
  }

  refetch() {
    this.advice = null;
    if (this.s) this.render(this.s);
  }

  async fetchAdvice() {
    this.loading = true;
    const seq = this.s.seq;
    const query = this.adviceQuery();
    this.advBox.textContent = "The solver is thinking…";
    try {
      this.advice = await this.t.advice(query);
      if (this.advice) this.advice.query = query;
    } catch (e) {
      this.advice = null;
      this.advBox.textContent = `No advice: ${e.message}`;
    } finally {
      this.loading = false;
    }
    if (this.s && this.advice && this.advice.seq === this.s.seq && this.advice.query === this.adviceQuery()) this.render(this.s);
    else if (this.s && (this.s.seq !== seq || query !== this.adviceQuery()) && this.adviceOn && this.t.isMyTurn()) this.fetchAdvice();
  }

  drawAdvice(mine) {
    clear(this.advBox);
    delete this.advBox.dataset.seq;
    if (!this.adviceOn) return;
    if (this.s.terminal) return;
    if (!mine) { this.advBox.append(h("span", { class: "muted" }, "The advisor speaks on your turn.")); return; }
    const a = this.advice;
    if (!a || a.seq !== this.s.seq || a.query !== this.adviceQuery()) { this.advBox.append(h("span", { class: "muted" }, "The solver is thinking…")); return; }
    const rows = [...a.actions].sort((x, y) => y.value - x.value);
    const best = rows[0];
    const current = this.rollAction();
    const cur = current ? a.actions.find((x) => x.id === current.id) : null;
    this.advBox.dataset.best = best ? best.text : "";
    this.advBox.dataset.seq = String(a.seq);
    // (Element.append writes null as the text "null": the parts not shown are left out.)
    this.advBox.append(...[
      h("p", {}, "Best: ", h("strong", { id: "advice-best", "data-action": best?.text }, this.plain(best?.text)),
        ` — expected final score ${best?.value.toFixed(2)}`,
        " ", h("button", { type: "button", id: "advice-play", "aria-keyshortcuts": "a", onclick: () => this.followAdvice() }, "Play it")),
      cur ? h("p", { class: "muted" }, `Your dice choice (${this.plain(cur.text)}): ${cur.value.toFixed(2)}`) : null,
      h("details", {}, h("summary", {}, `Every choice (${rows.length})`),
        h("ol", { class: "advice-list" }, ...rows.map((r) => h("li", { class: r.id === a.best ? "best" : "" },
          `${this.plain(r.text)}: ${r.value.toFixed(2)}`)))),
      this.drawObjectives(a)].filter(Boolean));
  }

  // One line per objective: its best choice, what that choice is worth on every objective, and
  // what it gives up on the others against their own best choices.
  drawObjectives(a) {
    if (!this.objectivesOn) return null;
    if (a.objectives_from !== undefined && !a.objectives.length) {
      return h("p", { class: "muted", id: "objectives" }, `Objectives from ${a.objectives_from} open boxes on (the tables grow with the open boxes).`);
    }
    if (!a.objectives || !a.objectives.length) return null;
    const pct = (p) => `${(100 * p).toFixed(1)}%`;
    const names = { mean: "mean", reach: `P(reach ${a.target})`, win: "P(win)" };
    const worth = (o) => [`mean ${o.mean.toFixed(2)}`, o.reach !== null ? `${names.reach} ${pct(o.reach)}` : null,
      o.win !== null ? `${names.win} ${pct(o.win)}` : null].filter(Boolean).join(", ");
    const lost = (o) => Object.entries(o.gives_up).filter(([, v]) => v > 0)
      .map(([k, v]) => (k === "mean" ? `${v.toFixed(2)} points` : `${pct(v)} on ${names[k]}`)).join(", ");
    return h("div", { id: "objectives" }, h("p", {}, "By objective:"),
      h("ul", { class: "advice-list" }, ...a.objectives.map((o) => h("li", { "data-objective": o.objective, "data-action": o.text },
        `${o.objective}: `, h("strong", {}, this.plain(o.text)), ` — ${worth(o)}`,
        lost(o) ? ` (gives up ${lost(o)})` : ""))));
  }

  plain(text) {
    if (!text) return "";
    if (text === "keep -") return "reroll all five";
    if (text.startsWith("keep ")) return `keep ${text.slice(5).split("").join(" ")} and reroll`;
    return text.replace("score ", "score ").replaceAll("_", " ");
  }

  // Set the dice toggles to the advised keep and roll, or press the advised box: the same controls a person uses.
  followAdvice() {
    const a = this.advice;
    if (!a || a.seq !== this.s.seq || a.best === null) return;
    const best = a.actions.find((x) => x.id === a.best);
    if (best.text.startsWith("score ")) {
      this.root.querySelector(`button.box[data-action="${best.text}"]`)?.click();
      return;
    }
    const want = best.text === "keep -" ? [] : [...best.text.slice(5)];
    const dice = String(this.s.observation.dice);
    this.kept = new Set();
    const used = new Set();
    for (const f of want) {
      for (let i = 0; i < 5; i++) if (!used.has(i) && dice[i] === f) { used.add(i); this.kept.add(i); break; }
    }
    this.render(this.s);
    this.rollBtn.click();
  }

  refused() {}

  key(ev) {
    if (ev.target.closest && ev.target.closest("input, select, textarea")) return;
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (/^[1-5]$/.test(ev.key)) { this.toggle(Number(ev.key) - 1); return; }
    if (ev.key === "r") { this.roll(); return; }
    if (ev.key === "a") { this.followAdvice(); }
  }
}
