// core::to_text, the JSON text of a Json value, against literal expected texts: escapes,
// numbers (floats in their shortest round-trip form, ints of every size), nesting and the
// insertion order of object keys.
#include <cstdint>
#include <limits>
#include <string>

#include "check.hpp"
#include "parlour/core/json.hpp"
#include "parlour/core/json_text.hpp"

namespace {

using parlour::core::Json;
using parlour::core::to_text;

TEST_CASE(scalars) {
  CHECK_EQ(to_text(Json()), std::string("null"));
  CHECK_EQ(to_text(Json(true)), std::string("true"));
  CHECK_EQ(to_text(Json(false)), std::string("false"));
  CHECK_EQ(to_text(Json(0)), std::string("0"));
  CHECK_EQ(to_text(Json(-42)), std::string("-42"));
  CHECK_EQ(to_text(Json(std::numeric_limits<std::int64_t>::min())), std::string("-9223372036854775808"));
  CHECK_EQ(to_text(Json(std::numeric_limits<std::int64_t>::max())), std::string("9223372036854775807"));
}

TEST_CASE(floats_read_back_as_the_same_double) {
  CHECK_EQ(to_text(Json(0.5)), std::string("0.5"));
  CHECK_EQ(to_text(Json(-3.0)), std::string("-3.0"));
  CHECK_EQ(to_text(Json(0.1)), std::string("0.1"));
  CHECK_EQ(to_text(Json(1.0 / 3.0)), std::string("0.3333333333333333"));
  CHECK_EQ(to_text(Json(1e300)), std::string("1e+300"));
  CHECK_EQ(to_text(Json(std::numeric_limits<double>::infinity())), std::string("null"));
  CHECK_EQ(to_text(Json(std::numeric_limits<double>::quiet_NaN())), std::string("null"));
}

TEST_CASE(strings_escape_quotes_backslashes_and_control_characters) {
  CHECK_EQ(to_text(Json("Qs")), std::string("\"Qs\""));
  CHECK_EQ(to_text(Json("a\"b\\c")), std::string("\"a\\\"b\\\\c\""));
  CHECK_EQ(to_text(Json(std::string("\n\t\x01\x1f", 4))), std::string("\"\\u000a\\u0009\\u0001\\u001f\""));
  CHECK_EQ(to_text(Json("caf\xc3\xa9 \xe2\x99\xa0")), std::string("\"caf\xc3\xa9 \xe2\x99\xa0\""));  // UTF-8 as is
  CHECK_EQ(to_text(Json("")), std::string("\"\""));
}

TEST_CASE(arrays_and_objects_in_insertion_order) {
  CHECK_EQ(to_text(Json::array()), std::string("[]"));
  CHECK_EQ(to_text(Json::object()), std::string("{}"));
  Json doc;
  doc.set("game", "gin");
  doc.set("version", 1);
  doc.set("rules", Json());
  Json& state = doc.set("state", Json::object());
  Json& z = state.set("z", Json::array());
  z.push(1);
  z.push(Json::array());
  state.set("a", 2.5);
  Json& list = state.set("cards", Json::array());
  list.push("As");
  list.push("Td");
  CHECK_EQ(to_text(doc),
           std::string(R"({"game":"gin","version":1,"rules":null,"state":{"z":[1,[]],"a":2.5,"cards":["As","Td"]}})"));
}

}  // namespace

int main() { return parlour::test::run_all(); }
