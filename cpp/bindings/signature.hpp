// Reading a bound function's signatures (pybind11's "(self: X, a: int = 1, *, b: str) -> R")
// and judging a call's arguments against them in the library's words ("index must be an
// int, got str 'x'"), for the WrongTypeError that arguments.cpp raises when no overload
// takes a call's arguments.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "common.hpp"

namespace parlour::bindings {

struct Param {
  std::string name, type;
  bool has_default = false, keyword_only = false, positional_only = false, star_args = false, star_kwargs = false;
};

// The parameters of a pybind11 signature "(self: X, a: int, *, b: str = 'x') -> R".
std::vector<Param> parse_signature(std::string_view sig);

// "parlour._core.gin.Rules" -> "Rules"
std::string short_name(std::string_view qualified);

// What one overload says about a call: "" when the arguments fit (as far as fits() can tell).
struct Verdict {
  bool arity_ok = true;
  int matched = 0;     // parameters checked before the first that does not fit
  std::string reason;  // empty when everything fits
};

// Matches the call's arguments (``args``: ``npos`` positional ones, then the values of
// ``kwnames``) to ``params`` as Python would and checks each value against its type.
Verdict judge(const std::vector<Param>& params, PyObject* const* args, std::size_t npos, PyObject* kwnames,
              bool skip_self);

}  // namespace parlour::bindings
