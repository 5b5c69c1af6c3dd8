// parlour::core::Json — the JSON values of snapshots, observations and events, and
// JsonReader, which reads them back with one uniform set of checks.
//
// The engine writes every snapshot as a Json tree (cards as text, enum values by name)
// and reads it back through a JsonReader, which knows the path of each value
// ("state.hands[1]") and raises FormatError naming it for anything missing, of the
// wrong type, out of range or unknown.  The bindings convert Json to and from Python
// objects in one place; nothing else in the bindings builds or checks a snapshot.
//
// The snapshot envelope, shared by every game:
//   {"game": "<name>", "version": N, "rules": <rules or null>, "state": <state>}
#pragma once

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "parlour/core/errors.hpp"
#include "parlour/core/rng.hpp"

namespace parlour::core {

class Json {
 public:
  using Array = std::vector<Json>;
  using Object = std::vector<std::pair<std::string, Json>>;  // keys in insertion order, unique
  enum class Kind : std::uint8_t { Null, Bool, Int, Float, String, Array, Object };

  Json() noexcept = default;
  Json(std::nullptr_t) noexcept {}                     // NOLINT: implicit by design, like the other scalars
  Json(bool v) noexcept : v_(v) {}                     // NOLINT
  Json(int v) noexcept : v_(std::int64_t{v}) {}        // NOLINT
  Json(long v) noexcept : v_(std::int64_t{v}) {}       // NOLINT
  Json(long long v) noexcept : v_(std::int64_t{v}) {}  // NOLINT
  Json(unsigned v) noexcept : v_(std::int64_t{v}) {}   // NOLINT
  Json(double v) noexcept : v_(v) {}                   // NOLINT
  Json(std::string v) noexcept : v_(std::move(v)) {}   // NOLINT
  Json(std::string_view v) : v_(std::string(v)) {}     // NOLINT
  Json(const char* v) : v_(std::string(v)) {}          // NOLINT
  Json(Array v) noexcept : v_(std::move(v)) {}         // NOLINT
  Json(Object v) noexcept : v_(std::move(v)) {}        // NOLINT

  static Json array() { return Json(Array{}); }
  static Json object() { return Json(Object{}); }

  [[nodiscard]] Kind kind() const noexcept { return static_cast<Kind>(v_.index()); }
  [[nodiscard]] bool is_null() const noexcept { return kind() == Kind::Null; }
  [[nodiscard]] bool as_bool() const { return std::get<bool>(v_); }
  [[nodiscard]] std::int64_t as_int() const { return std::get<std::int64_t>(v_); }
  [[nodiscard]] double as_float() const { return std::get<double>(v_); }
  [[nodiscard]] const std::string& as_string() const { return std::get<std::string>(v_); }
  [[nodiscard]] const Array& as_array() const { return std::get<Array>(v_); }
  [[nodiscard]] const Object& as_object() const { return std::get<Object>(v_); }
  Array& as_array() { return std::get<Array>(v_); }
  Object& as_object() { return std::get<Object>(v_); }

  // Object access: the value of `key`, or nullptr.
  [[nodiscard]] const Json* find(std::string_view key) const;
  // Object building: sets `key` (replacing a value it had); the object is created from null.
  Json& set(std::string_view key, Json value);
  // Array building: appends (the array is created from null).
  Json& push(Json value);

  friend bool operator==(const Json& a, const Json& b) noexcept { return a.v_ == b.v_; }

 private:
  std::variant<std::nullptr_t, bool, std::int64_t, double, std::string, Array, Object> v_{nullptr};
};

// Reads a Json value with checks: every failure is a FormatError
// "<what>: <path>: <why>", e.g. "corrupt gin snapshot: state.hands[1]: card 'Zz' ...".
class JsonReader {
 public:
  JsonReader(const Json& value, std::string what, std::string path = {})
      : v_(&value), what_(std::make_shared<const std::string>(std::move(what))), path_(std::move(path)) {}

  [[nodiscard]] const Json& json() const noexcept { return *v_; }
  [[nodiscard]] const std::string& path() const noexcept { return path_; }
  [[nodiscard]] bool is_null() const noexcept { return v_->is_null(); }

  // Objects: the field `key` (FormatError when missing, or when this is not an object).
  [[nodiscard]] JsonReader operator[](std::string_view key) const;
  [[nodiscard]] bool has(std::string_view key) const;
  // FormatError for any field not in `keys` (this must be an object).
  void only(std::initializer_list<std::string_view> keys) const;
  // Arrays: the items (FormatError unless an array, or when the size is outside lo..hi).
  [[nodiscard]] std::vector<JsonReader> items(std::size_t lo = 0, std::size_t hi = SIZE_MAX) const;

  [[nodiscard]] bool boolean() const;
  [[nodiscard]] std::int64_t integer(std::int64_t lo, std::int64_t hi) const;
  [[nodiscard]] int small_int(int lo, int hi) const { return static_cast<int>(integer(lo, hi)); }
  [[nodiscard]] double number() const;  // an int or a float (finite)
  [[nodiscard]] const std::string& string() const;
  // One of `names` (an enum value spelled by its name): its position in the list.
  [[nodiscard]] int name_of(std::initializer_list<std::string_view> names) const;

  // FormatError "<what>: <path>: <why>".
  [[noreturn]] void fail(const std::string& why) const;

  // The one check of what a document claims but the reader derives itself (the legal
  // actions of a position, the totals of a scorecard, the cascades of a position's
  // text): every field of `keys` this object has must equal the field of `written` —
  // what the writer makes of the value read (its to_json) — (objects compared whatever
  // their key order, 2 equal to 2.0), and must be absent where the writer leaves it out;
  // a field the document leaves out claims nothing.  FormatError naming the first field
  // that differs.
  void check_derived(const Json& written, std::initializer_list<std::string_view> keys) const;

 private:
  JsonReader(const Json& value, std::shared_ptr<const std::string> what, std::string path)
      : v_(&value), what_(std::move(what)), path_(std::move(path)) {}
  const Json* v_;
  std::shared_ptr<const std::string> what_;
  std::string path_;
};

// ---- generator states: four words of 16 lowercase hex digits each
Json rng_to_json(const Rng& rng);
// Strict: exactly four strings of 1..16 hex digits (no sign, no prefix), not all zero.
Rng rng_from_json(const JsonReader& in);

// ---- the snapshot envelope

// {"game": game, "version": version, "rules": rules, "state": state}
Json envelope(std::string_view game, int version, Json rules, Json state);

struct Envelope {
  int version;
  JsonReader rules;
  JsonReader state;
};

// Opens a snapshot of `game`: checks the envelope's fields and that 1 <= version <=
// `current` (FormatError "corrupt <game> snapshot: ..." otherwise).  A document of the
// first releases, {"format": legacy_format, "version": 1, "rules": ..., <state fields>},
// opens as version 0 with the whole document as its state (so its reader can take the
// fields it knows).  The returned readers point into `doc`.
Envelope open_envelope(const Json& doc, std::string_view game, int current, std::string_view legacy_format = {});

}  // namespace parlour::core
