// The lobby: choose a game, its rules preset or deal number and the opponents; resume your tables.
import { h, clear, toast } from "./dom.js";
import { api, seats } from "./api.js";

const BLURB = {
  gin: "A match to the target score against a bot or a friend.",
  yahtzee: "Thirteen turns, five dice; an advisor from the exact solver if you want one.",
  freecell: "Any deal number; hints, undo and a solver that finishes the game for you.",
};

// What each rules preset of the registry means (the wording of the engine's own docs).
const PRESET_NOTES = {
  gin: {
    default: "The rule card: knock at 10 or less, gin 25, undercut 25, no big gin, no box or game bonus; match to 100.",
    card: "The rule card: knock at 10 or less, gin 25, undercut 25, no big gin, no box or game bonus; match to 100.",
    modern: "Modern scoring: gin 25, big gin 31, undercut 25, box 25, game 100, a shutout doubles the total.",
    classic: "The older published scoring (Pagat, Bicycle): gin 20, no big gin, undercut 10, box 20, game 100, shutout 100.",
    palace: "Palace rules: gin 25, no big gin, undercut 20, box 10 counted at once, no game bonus.",
    eaai: "The EAAI competition's rules: the rule card's scoring, and the first player alternates from hand to hand.",
  },
  yahtzee: {
    default: "The official rules: the forced joker, the upper bonus (35 at 63) and the Yahtzee bonus (100 each).",
    "free-joker": "The free joker: a second Yahtzee may fill any box as a joker, its upper box open or not.",
    "no-joker": "No joker: a second Yahtzee still earns the Yahtzee bonus but fills a box only as its dice are.",
    "no-bonuses": "The forced joker, without the upper bonus and without the Yahtzee bonus.",
  },
};

export async function renderLobby(app) {
  clear(app);
  let games;
  try {
    games = await api.games();
  } catch (e) {
    app.append(h("p", { class: "problem" }, `The server did not answer: ${e.message}`));
    return;
  }
  const byName = Object.fromEntries(games.map((g) => [g.name, g]));
  const form = h("form", { class: "lobby", "aria-labelledby": "lobby-title" });
  const opponents = h("div", { class: "opponents" });
  const options = h("div", { class: "options" });
  const state = { game: games[0].name };

  function botSelect(g, i, value) {
    const id = `opp-${i}`;
    const sel = h("select", { id, name: id },
      ...g.bots.map((b) => h("option", { value: `bot:${b}`, selected: value === `bot:${b}` }, `bot: ${b}`)),
      h("option", { value: "person", selected: value === "person" }, "a person (join link)"));
    return h("div", { class: "row" }, h("label", { for: id }, `Opponent ${i + 1}`), sel);
  }

  function renderOptions() {
    const g = byName[state.game];
    clear(options);
    clear(opponents);
    if (g.presets.length > 1) {
      const notes = PRESET_NOTES[g.name] || {};
      const note = h("p", { class: "muted preset-note", id: "preset-note", "aria-live": "polite" });
      const explain = () => { note.textContent = notes[select.value] || ""; };
      const select = h("select", { id: "preset", name: "preset", "aria-describedby": "preset-note", onchange: explain },
        ...g.presets.map((p) => h("option", { value: p, title: notes[p] || "" }, p)));
      options.append(h("div", { class: "row" }, h("label", { for: "preset" }, "Rules"), select), note);
      explain();
    }
    if (g.name === "freecell") {
      options.append(h("div", { class: "row" }, h("label", { for: "deal" }, "Deal number"),
        h("input", { id: "deal", name: "deal", type: "number", min: 1, max: 8589934591, placeholder: "random",
          inputmode: "numeric" })));
    }
    const maxOpp = g.max_players - 1;
    if (maxOpp > 0) {
      const minOpp = Math.max(0, g.min_players - 1);
      const count = h("input", { id: "nopp", type: "number", min: minOpp, max: maxOpp, value: Math.max(1, minOpp) });
      const list = h("div", { class: "opp-list" });
      const fill = () => {
        const n = Math.min(maxOpp, Math.max(minOpp, Number(count.value) || 0));
        const old = [...list.querySelectorAll("select")].map((s) => s.value);
        clear(list);
        for (let i = 0; i < n; i++) list.append(botSelect(g, i, old[i] || `bot:${g.bots[Math.min(1, g.bots.length - 1)]}`));
      };
      count.addEventListener("change", fill);
      if (maxOpp > 1) opponents.append(h("div", { class: "row" }, h("label", { for: "nopp" }, "Opponents"), count));
      else count.value = String(1);
      opponents.append(list);
      fill();
      opponents.append(h("div", { class: "row" }, h("label", { for: "pace" }, "Bots play"),
        h("select", { id: "pace" }, h("option", { value: "700" }, "at a pace you can follow"),
          h("option", { value: "0" }, "at once"))));
    }
  }

  const gamePick = h("fieldset", { class: "games" }, h("legend", {}, "Game"),
    ...games.map((g) => h("label", { class: "game-choice" },
      h("input", { type: "radio", name: "game", value: g.name, checked: g.name === state.game,
        onchange: () => { state.game = g.name; renderOptions(); } }),
      h("span", {}, h("strong", {}, g.title), h("br"), h("small", {}, BLURB[g.name] || "")))));

  form.append(h("h1", { id: "lobby-title" }, "New table"), gamePick, options, opponents,
    h("div", { class: "row" }, h("label", { for: "name" }, "Your name"),
      h("input", { id: "name", maxlength: 64, autocomplete: "nickname", placeholder: "optional",
        value: localStorage.getItem("parlour.name") || "" })),
    h("button", { type: "submit", class: "primary", id: "start" }, "Start"));

  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const g = byName[state.game];
    const name = form.querySelector("#name").value.trim() || null;
    if (name) localStorage.setItem("parlour.name", name);
    const body = { game: g.name, seats: [{ kind: "open", name }] };
    const preset = form.querySelector("#preset");
    if (preset) body.preset = preset.value;
    const deal = form.querySelector("#deal");
    if (deal && deal.value) body.options = { deal: Number(deal.value) };
    const pace = Number(form.querySelector("#pace")?.value || 0);
    for (const sel of form.querySelectorAll(".opp-list select")) {
      if (sel.value === "person") body.seats.push({ kind: "open" });
      else body.seats.push({ kind: "bot", bot: sel.value.slice(4), think_ms: pace });
    }
    body.players = body.seats.length;
    try {
      const t = await api.create(body);
      const got = await api.take(t.table, 0, name);
      seats.put(t.table, { token: got.token, seat: got.seat, game: g.name });
      location.hash = `#/t/${t.table}`;
    } catch (e) {
      toast(`${e.payload?.error || "Error"}: ${e.message}`);
    }
  });

  renderOptions();
  const mine = Object.entries(seats.all()).sort((a, b) => b[1].saved - a[1].saved).slice(0, 12);
  const resume = h("section", { class: "resume", "aria-labelledby": "resume-title" },
    h("h2", { id: "resume-title" }, "Your tables"),
    mine.length ? h("ul", {}, ...mine.map(([id, info]) => h("li", {},
      h("a", { href: `#/t/${id}` }, `${info.game || "table"} ${id}`), " ",
      h("small", {}, new Date(info.saved).toLocaleString()), " ",
      h("button", { type: "button", class: "link", "aria-label": `forget table ${id}`,
        onclick: () => { seats.drop(id); renderLobby(app); } }, "forget"))))
      : h("p", {}, "None yet: tables you start or join are kept in this browser, so a reload takes you back."));
  app.append(h("div", { class: "lobby-wrap" }, form, resume));
}
