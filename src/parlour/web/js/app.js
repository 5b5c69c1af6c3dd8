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
    renderJoin(app, m[1]);
    return;
  } else {
    document.getElementById("where").textContent = "";
    await renderLobby(app);
  }
  app.focus({ preventScroll: true });
}

// A friend's link: ask for a name (the one used last in this browser filled in), then take the open seat.
function renderJoin(app, table) {
  clear(app);
  document.getElementById("where").textContent = `table ${table}`;
  const name = h("input", { id: "join-name", maxlength: 64, autocomplete: "nickname", placeholder: "optional",
    value: localStorage.getItem("parlour.name") || "" });
  const problem = h("p", { class: "problem", role: "alert", hidden: true });
  const form = h("form", { class: "lobby join-form", "aria-labelledby": "join-title" },
    h("h1", { id: "join-title" }, "Join the table"),
    h("p", {}, "A seat is kept for you at this table. The other players will see the name you give."),
    h("div", { class: "row" }, h("label", { for: "join-name" }, "Your name"), name),
    h("button", { type: "submit", class: "primary", id: "join" }, "Take the seat"), problem);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const given = name.value.trim();
    if (given) localStorage.setItem("parlour.name", given);
    try {
      const got = await api.take(table, null, given || null);
      seats.put(table, { token: got.token, seat: got.seat });
      location.hash = `#/t/${table}`;
    } catch (e) {
      problem.hidden = false;
      problem.replaceChildren(`Could not join: ${e.message} `, h("a", { href: "#/" }, "Back to the lobby"));
    }
  });
  app.append(form);
  name.focus();
}

window.addEventListener("hashchange", route);
window.addEventListener("unhandledrejection", (ev) => toast(String(ev.reason?.message || ev.reason)));
route();
