// Small DOM helpers and the drawing of cards and dice (CSS and SVG: no image downloads).

export function h(tag, attrs = {}, ...children) {
  const el = document.createElementNS(tag === "svg" || attrs.svg ? "http://www.w3.org/2000/svg" : "http://www.w3.org/1999/xhtml", tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false || k === "svg") continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(el.dataset, v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === undefined || c === null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

let toastTimer = null;
export function toast(text, kind = "error") {
  const t = document.getElementById("toast");
  t.textContent = text;
  t.className = `toast ${kind}`;
  t.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { t.hidden = true; }, 6000);
}

export const SUITS = { c: "♣", s: "♠", h: "♥", d: "♦" };
export const SUIT_NAMES = { c: "clubs", s: "spades", h: "hearts", d: "diamonds" };
const RANK_NAMES = { A: "ace", T: "10", J: "jack", Q: "queen", K: "king" };
const RANK_SHOW = { T: "10" };

export function cardName(card) {
  const r = card[0], s = card[1];
  return `${RANK_NAMES[r] || r} of ${SUIT_NAMES[s]}`;
}

// A face-up card: a <button> when clickable (onclick given), else a <span>.
export function cardEl(card, opts = {}) {
  const r = card[0], s = card[1];
  const red = s === "h" || s === "d";
  const tag = opts.onclick ? "button" : "span";
  return h(tag, {
    class: `card ${red ? "red" : "black"} ${opts.cls || ""}`,
    "data-card": card,
    "aria-label": opts.label || cardName(card),
    "aria-pressed": opts.pressed === undefined ? null : String(!!opts.pressed),
    title: opts.title || null,
    type: tag === "button" ? "button" : null,
    onclick: opts.onclick,
    ondblclick: opts.ondblclick,
    draggable: opts.ondragstart ? "true" : null,
    ondragstart: opts.ondragstart,
    role: tag === "span" ? "img" : null,
  }, h("span", { class: "corner", "aria-hidden": "true" }, RANK_SHOW[r] || r, h("span", { class: "suit" }, SUITS[s])),
     h("span", { class: "pip", "aria-hidden": "true" }, SUITS[s]));
}

export function backEl(label, opts = {}) {
  const tag = opts.onclick ? "button" : "span";
  return h(tag, {
    class: `card back ${opts.cls || ""}`, "aria-label": label, type: tag === "button" ? "button" : null,
    onclick: opts.onclick, role: tag === "span" ? "img" : null,
  });
}

export function slotEl(label, opts = {}) {
  const tag = opts.onclick ? "button" : "span";
  return h(tag, {
    class: `card slot ${opts.cls || ""}`, "aria-label": label, type: tag === "button" ? "button" : null,
    onclick: opts.onclick, role: tag === "span" ? "img" : null, "data-slot": opts.slot || null,
  }, h("span", { class: "slot-text", "aria-hidden": "true" }, opts.text || ""));
}

const PIPS = {
  1: [[50, 50]], 2: [[28, 28], [72, 72]], 3: [[28, 28], [50, 50], [72, 72]],
  4: [[28, 28], [72, 28], [28, 72], [72, 72]], 5: [[28, 28], [72, 28], [50, 50], [28, 72], [72, 72]],
  6: [[28, 26], [72, 26], [28, 50], [72, 50], [28, 74], [72, 74]],
};

export function dieSvg(face) {
  return h("svg", { viewBox: "0 0 100 100", class: "die-face", "aria-hidden": "true" },
    h("rect", { svg: true, x: 4, y: 4, width: 92, height: 92, rx: 16 }),
    ...(PIPS[face] || []).map(([x, y]) => h("circle", { svg: true, cx: x, cy: y, r: 9 })));
}

// Make `el` a drop target: `drop()` runs when something of this page is dropped on it.
export function dropTarget(el, drop) {
  el.addEventListener("dragover", (ev) => { ev.preventDefault(); el.classList.add("drag-over"); });
  el.addEventListener("dragleave", () => el.classList.remove("drag-over"));
  el.addEventListener("drop", (ev) => { ev.preventDefault(); el.classList.remove("drag-over"); drop(); });
  return el;
}

export function dragData(ev, text) {
  ev.dataTransfer.setData("text/plain", text);
  ev.dataTransfer.effectAllowed = "move";
}
