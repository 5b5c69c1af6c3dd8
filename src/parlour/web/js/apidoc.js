// The HTTP API page (api.html, this file apidoc.js): the server's OpenAPI document as a list of calls, their
// parameters, bodies and answers, drawn here from /openapi.json alone (no script or style
// from anywhere else, so it works offline, unlike a Swagger UI page loaded from a CDN).
import { h } from "./dom.js";

const root = document.getElementById("api");

function refName(ref) {
  return ref.split("/").pop();
}

// A schema in a few words: "string", "integer or null", "array of NewSeat", "CreateTable".
function typeText(s) {
  if (!s) return "";
  if (s.$ref) return refName(s.$ref);
  if (s.anyOf) return s.anyOf.map(typeText).join(" or ");
  if (s.type === "array") return `array of ${typeText(s.items) || "values"}`;
  if (s.type === "object" && s.additionalProperties) return `object of ${typeText(s.additionalProperties)}`;
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  return s.type || "any";
}

function fields(schema) {
  const props = schema.properties || {};
  const required = new Set(schema.required || []);
  return h("table", { class: "api-fields" },
    h("tr", {}, h("th", {}, "field"), h("th", {}, "type"), h("th", {}, "meaning")),
    ...Object.entries(props).map(([name, p]) =>
      h("tr", {},
        h("td", {}, h("code", {}, name), required.has(name) ? " (required)" : ""),
        h("td", {}, typeText(p)),
        h("td", {}, p.description || p.title || ""))));
}

function operation(path, method, op) {
  const params = (op.parameters || []).map((p) =>
    h("li", {}, h("code", {}, p.name), ` (${p.in}${p.required ? ", required" : ""}): ${typeText(p.schema)}`,
      p.description ? ` — ${p.description}` : ""));
  const body = op.requestBody?.content?.["application/json"]?.schema;
  const answers = Object.entries(op.responses || {}).map(([code, r]) => h("li", {}, `${code}: ${r.description || ""}`));
  return h("section", { class: "api-call" },
    h("h2", {}, h("code", {}, `${method.toUpperCase()} ${path}`)),
    h("p", {}, op.description || op.summary || ""),
    params.length ? h("div", {}, h("h3", {}, "Parameters"), h("ul", {}, ...params)) : "",
    body ? h("div", {}, h("h3", {}, "Body"), h("p", {}, "JSON: ", h("a", { href: `#${typeText(body)}` }, typeText(body)))) : "",
    h("h3", {}, "Answers"), h("ul", {}, ...answers));
}

async function main() {
  let doc;
  try {
    const r = await fetch("/openapi.json");
    if (!r.ok) throw new Error(`HTTP ${r.status}`);
    doc = await r.json();
  } catch (e) {
    root.append(h("p", { role: "alert" }, `The server did not answer (${e.message}).`));
    return;
  }
  root.prepend(h("h1", {}, `${doc.info.title} ${doc.info.version}: the HTTP API`));
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) root.append(operation(path, method, op));
  }
  const schemas = doc.components?.schemas || {};
  root.append(h("h2", {}, "Bodies and their fields"));
  for (const [name, s] of Object.entries(schemas)) {
    root.append(h("section", { class: "api-schema", id: name }, h("h3", {}, name),
      s.description ? h("p", {}, s.description) : "", fields(s)));
  }
}

main();
