// parlour::core::to_text — a Json value as compact JSON text (RFC 8259), the snapshot or
// observation a server stores or sends without building Python objects first.
//
// Objects keep their insertion order; strings are written as UTF-8 with `"`, `\` and
// the control characters escaped; floats in their shortest form that reads back to the
// same double (a non-finite float, which no snapshot holds, is written as null).
#pragma once

#include <string>

#include "parlour/core/json.hpp"

namespace parlour::core {

[[nodiscard]] std::string to_text(const Json& value);

}  // namespace parlour::core
