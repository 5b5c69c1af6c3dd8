// The web table: a frontend that uses nothing but parlour serve's HTTP API and WebSocket messages
// (docs/server.md).  Routes: #/ the lobby, #/t/<table> a table, #/join/<table> take an open seat.
import { h, clear, toast } from "./dom.js";
import { renderLobby } from "./lobby.js";
import { TableView } from "./table.js";
import { api, seats } from "./api.js";

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
