// The server's HTTP API as the web table calls it, and the seat tokens this browser keeps.
// Imported by the router (app.js), the lobby and the table view; it imports nothing of theirs.

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
