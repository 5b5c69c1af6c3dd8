#include "parlour/core/json.hpp"

#include <charconv>
#include <cmath>

#include "parlour/core/json_text.hpp"

namespace parlour::core {

const Json* Json::find(std::string_view key) const {
  if (kind() != Kind::Object) return nullptr;
  for (const auto& [k, v] : as_object())
    if (k == key) return &v;
  return nullptr;
}

Json& Json::set(std::string_view key, Json value) {
  if (is_null()) v_ = Object{};
  auto& obj = as_object();
  for (auto& [k, v] : obj)
    if (k == key) return v = std::move(value);
  obj.emplace_back(std::string(key), std::move(value));
  return obj.back().second;
}

Json& Json::push(Json value) {
  if (is_null()) v_ = Array{};
  auto& arr = as_array();
  arr.push_back(std::move(value));
  return arr.back();
}

namespace {

const char* kind_name(Json::Kind k) {
  switch (k) {
    case Json::Kind::Null: return "null";
    case Json::Kind::Bool: return "a bool";
    case Json::Kind::Int: return "an int";
    case Json::Kind::Float: return "a float";
    case Json::Kind::String: return "a string";
    case Json::Kind::Array: return "a list";
    case Json::Kind::Object: return "an object";
  }
  return "?";
}

}  // namespace

void JsonReader::fail(const std::string& why) const {
  throw FormatError(*what_ + ": " + (path_.empty() ? std::string("the document") : path_) + ": " + why);
}

JsonReader JsonReader::operator[](std::string_view key) const {
  if (v_->kind() != Json::Kind::Object) fail(std::string("must be an object, got ") + kind_name(v_->kind()));
  const Json* f = v_->find(key);
  const std::string sub = path_.empty() ? std::string(key) : path_ + "." + std::string(key);
  if (!f) JsonReader(*v_, what_, sub).fail("missing");
  return {*f, what_, sub};
}

bool JsonReader::has(std::string_view key) const { return v_->find(key) != nullptr; }

namespace {

// Equal as JSON data: objects whatever their key order, ints and floats by value.
bool same_json(const Json& a, const Json& b) {
  using K = Json::Kind;
  if ((a.kind() == K::Int || a.kind() == K::Float) && (b.kind() == K::Int || b.kind() == K::Float)) {
    if (a.kind() == K::Int && b.kind() == K::Int) return a.as_int() == b.as_int();
    const double x = a.kind() == K::Int ? static_cast<double>(a.as_int()) : a.as_float();
    const double y = b.kind() == K::Int ? static_cast<double>(b.as_int()) : b.as_float();
    return x == y;
  }
  if (a.kind() != b.kind()) return false;
  if (a.kind() == K::Array) {
    const auto &x = a.as_array(), &y = b.as_array();
    if (x.size() != y.size()) return false;
    for (std::size_t i = 0; i < x.size(); ++i)
      if (!same_json(x[i], y[i])) return false;
    return true;
  }
  if (a.kind() == K::Object) {
    if (a.as_object().size() != b.as_object().size()) return false;
    for (const auto& [k, v] : a.as_object()) {
      const Json* w = b.find(k);
      if (w == nullptr || !same_json(v, *w)) return false;
    }
    return true;
  }
  return a == b;
}

}  // namespace

void JsonReader::check_derived(const Json& written, std::initializer_list<std::string_view> keys) const {
  if (v_->kind() != Json::Kind::Object) fail(std::string("must be an object, got ") + kind_name(v_->kind()));
  for (const std::string_view key : keys) {
    const Json* want = written.find(key);
    const Json* got = v_->find(key);
    if (got == nullptr) continue;  // not claimed: the reader's own value stands
    const std::string sub = path_.empty() ? std::string(key) : path_ + "." + std::string(key);
    const JsonReader field(*got, what_, sub);
    if (want == nullptr) field.fail("is not part of this document (the rest of it says there is none)");
    if (!same_json(*got, *want))
      field.fail("does not match the rest of the document, which gives " + clip(to_text(*want)));
  }
}

void JsonReader::only(std::initializer_list<std::string_view> keys) const {
  if (v_->kind() != Json::Kind::Object) fail(std::string("must be an object, got ") + kind_name(v_->kind()));
  for (const auto& [k, v] : v_->as_object()) {
    bool known = false;
    for (auto key : keys) known = known || key == k;
    if (!known) fail("unknown field " + quote(k));
  }
}

std::vector<JsonReader> JsonReader::items(std::size_t lo, std::size_t hi) const {
  if (v_->kind() != Json::Kind::Array) fail(std::string("must be a list, got ") + kind_name(v_->kind()));
  const auto& arr = v_->as_array();
  if (arr.size() < lo || arr.size() > hi)
    fail("must have " + (lo == hi ? std::to_string(lo) : std::to_string(lo) + ".." + std::to_string(hi)) +
         " items, got " + std::to_string(arr.size()));
  std::vector<JsonReader> out;
  out.reserve(arr.size());
  for (std::size_t i = 0; i < arr.size(); ++i)
    out.push_back(JsonReader(arr[i], what_, path_ + "[" + std::to_string(i) + "]"));
  return out;
}

bool JsonReader::boolean() const {
  if (v_->kind() != Json::Kind::Bool) fail(std::string("must be true or false, got ") + kind_name(v_->kind()));
  return v_->as_bool();
}

std::int64_t JsonReader::integer(std::int64_t lo, std::int64_t hi) const {
  if (v_->kind() != Json::Kind::Int) fail(std::string("must be an int, got ") + kind_name(v_->kind()));
  const std::int64_t x = v_->as_int();
  if (x < lo || x > hi)
    fail("must be in " + std::to_string(lo) + ".." + std::to_string(hi) + ", got " + std::to_string(x));
  return x;
}

double JsonReader::number() const {
  if (v_->kind() == Json::Kind::Int) return static_cast<double>(v_->as_int());
  if (v_->kind() != Json::Kind::Float) fail(std::string("must be a number, got ") + kind_name(v_->kind()));
  const double x = v_->as_float();
  if (!std::isfinite(x)) fail("must be a finite number");
  return x;
}

const std::string& JsonReader::string() const {
  if (v_->kind() != Json::Kind::String) fail(std::string("must be a string, got ") + kind_name(v_->kind()));
  return v_->as_string();
}

int JsonReader::name_of(std::initializer_list<std::string_view> names) const {
  const std::string& s = string();
  int i = 0;
  std::string all;
  for (auto n : names) {
    if (n == s) return i;
    all += (i ? ", " : "") + std::string(n);
    ++i;
  }
  fail("must be one of " + all + ", got " + quote(s));
}

Json rng_to_json(const Rng& rng) {
  Json out = Json::array();
  for (const std::uint64_t w : rng.state()) {
    static const char* const hex = "0123456789abcdef";
    std::string t(16, '0');
    for (int i = 0; i < 16; ++i) t[static_cast<std::size_t>(15 - i)] = hex[(w >> (4 * i)) & 15];
    out.push(std::move(t));
  }
  return out;
}

Rng rng_from_json(const JsonReader& in) {
  Rng::State s{};
  const auto words = in.items(4, 4);
  for (std::size_t i = 0; i < 4; ++i) {
    const std::string& t = words[i].string();
    if (t.empty() || t.size() > 16) words[i].fail("must be 1..16 hex digits");
    std::uint64_t w = 0;
    for (const char c : t) {
      int d = -1;
      if (c >= '0' && c <= '9')
        d = c - '0';
      else if (c >= 'a' && c <= 'f')
        d = c - 'a' + 10;
      else if (c >= 'A' && c <= 'F')
        d = c - 'A' + 10;
      if (d < 0) words[i].fail("must be hex digits, got " + quote(t));
      w = (w << 4) | static_cast<std::uint64_t>(d);
    }
    s[i] = w;
  }
  Rng rng;
  try {
    rng.set_state(s);
  } catch (const Error& e) { in.fail(e.what()); }
  return rng;
}

Json envelope(std::string_view game, int version, Json rules, Json state) {
  Json doc = Json::object();
  doc.set("game", game);
  doc.set("version", version);
  doc.set("rules", std::move(rules));
  doc.set("state", std::move(state));
  return doc;
}

Envelope open_envelope(const Json& doc, std::string_view game, int current, std::string_view legacy_format) {
  JsonReader top(doc, "corrupt " + std::string(game) + " snapshot");
  if (doc.kind() != Json::Kind::Object) top.fail("must be an object (a snapshot envelope)");
  if (!legacy_format.empty() && top.has("format") && !top.has("game")) {
    if (top["format"].string() != legacy_format)
      top["format"].fail("not a " + std::string(game) + " snapshot (expected " + quote(legacy_format) + ")");
    if (top["version"].integer(INT64_MIN, INT64_MAX) != 1)
      top["version"].fail("unsupported version of the first snapshot format (this library reads version 1)");
    return {0, top.has("rules") ? top["rules"] : JsonReader(doc, "corrupt " + std::string(game) + " snapshot"), top};
  }
  top.only({"game", "version", "rules", "state"});
  if (top["game"].string() != game)
    top["game"].fail("not a " + std::string(game) + " snapshot (this one is of " + quote(top["game"].string()) + ")");
  const auto version = top["version"].integer(INT64_MIN, INT64_MAX);
  if (version < 1 || version > current)
    top["version"].fail("unsupported version " + std::to_string(version) + " (this library reads versions 1.." +
                        std::to_string(current) + ")");
  return {static_cast<int>(version), top["rules"], top["state"]};
}

// ---- JSON text

namespace {

void write_string(std::string& out, const std::string& s) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += '"';
  for (const char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (u < 0x20) {
      out += "\\u00";
      out += kHex[u >> 4];
      out += kHex[u & 0xF];
    } else {
      out += c;
    }
  }
  out += '"';
}

void write(std::string& out, const Json& v) {
  switch (v.kind()) {
    case Json::Kind::Null: out += "null"; return;
    case Json::Kind::Bool: out += v.as_bool() ? "true" : "false"; return;
    case Json::Kind::Int: out += std::to_string(v.as_int()); return;
    case Json::Kind::Float: {
      const double d = v.as_float();
      if (!std::isfinite(d)) {
        out += "null";
        return;
      }
      char buf[32];
      const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, d);
      std::string_view text(buf, static_cast<std::size_t>(end - buf));
      out += text;
      // "1e+20" and "5" read back as floats only with a fraction or an exponent; keep them floats.
      if (ec == std::errc{} && text.find_first_of(".eEn") == std::string_view::npos) out += ".0";
      return;
    }
    case Json::Kind::String: write_string(out, v.as_string()); return;
    case Json::Kind::Array: {
      out += '[';
      bool first = true;
      for (const auto& x : v.as_array()) {
        if (!first) out += ',';
        first = false;
        write(out, x);
      }
      out += ']';
      return;
    }
    case Json::Kind::Object: {
      out += '{';
      bool first = true;
      for (const auto& [k, x] : v.as_object()) {
        if (!first) out += ',';
        first = false;
        write_string(out, k);
        out += ':';
        write(out, x);
      }
      out += '}';
      return;
    }
  }
}

}  // namespace

std::string to_text(const Json& value) {
  std::string out;
  out.reserve(1024);
  write(out, value);
  return out;
}

}  // namespace parlour::core
