// The web table: a frontend that uses nothing but parlour serve's HTTP API and WebSocket messages
// (docs/server.md).  Routes: #/ the lobby, #/t/<table> a table, #/join/<table> take an open seat.
import { h, clear, toast } from "./dom.js";
import { renderLobby } from "./lobby.js";
import { TableView } from "./table.js";

export const api = {
  async call(method, path, body, token) {
    const headers = {};
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (token) headers["Authorization"] = `Bearer ${token}`;
    const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const data = await r.json().catch(() => ({}));
    if (!r.ok) {
      const e = new Error(data.message || `HTTP ${r.status}`);
      e.payload = data;
      throw e;
    }
    return data;
  },
  games() { return this.call("GET", "/api/games"); },
  create(body) { return this.call("POST", "/api/tables", body); },
  take(table, seat, name) { return this.call("POST", `/api/tables/${table}/seats`, { seat, name }); },
  table(table, token) { return this.call("GET", `/api/tables/${table}`, undefined, token); },
  advice(table, token, query = "") { return this.call("GET", `/api/tables/${table}/advice${query}`, undefined, token); },
  review(table, token, hand) { return this.call("GET", `/api/tables/${table}/review?hand=${hand}`, undefined, token); },
};

// Seat tokens live in this browser only (localStorage): a reload resumes the table.
export const seats = {
  key: "parlour.seats",
  all() {
    try { return JSON.parse(localStorage.getItem(this.key) || "{}"); } catch { return {}; }
  },
  get(table) { return this.all()[table] || null; },
  put(table, info) {
    const a = this.all();
    a[table] = { ...info, saved: Date.now() };
    localStorage.setItem(this.key, JSON.stringify(a));
  },
  drop(table) {
    const a = this.all();
    delete a[table];
    localStorage.setItem(this.key, JSON.stringify(a));
  },
};

let current = null;

async function route() {
  const app = document.getElementById("app");
  if (current) { current.close(); current = null; }
  const hash = location.hash || "#/";
  let m;
  if ((m = hash.match(/^#\/t\/([A-Za-z0-9_-]{1,40})$/))) {
    const info = seats.get(m[1]);
    current = new TableView(app, m[1], info);
    current.open();
  } else if ((m = hash.match(/^#\/join\/([A-Za-z0-9_-]{1,40})$/))) {
    clear(app);
    app.append(h("p", {}, "Taking a seat…"));
    try {
      const got = await api.take(m[1], null, null);
      seats.put(m[1], { token: got.token, seat: got.seat });
      location.hash = `#/t/${m[1]}`;
    } catch (e) {
      clear(app);
      app.append(h("p", { class: "problem" }, `Could not join: ${e.message}`), h("a", { href: "#/" }, "Back to the lobby"));
    }
  } else {
    document.getElementById("where").textContent = "";
    await renderLobby(app);
  }
  app.focus({ preventScroll: true });
}

window.addEventListener("hashchange", route);
window.addEventListener("unhandledrejection", (ev) => toast(String(ev.reason?.message || ev.reason)));
route();
