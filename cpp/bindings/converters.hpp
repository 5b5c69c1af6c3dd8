// Argument converters shared by every binding file: Python objects in, engine values out.
// Each raises the library's own errors (WrongTypeError, InvalidValueError,
// NotationError, StateFormatError) naming what it expected and quoting what it got, so
// no pybind11 TypeError ever reaches a user.  Definitions: converters.cpp (and
// convert_json.cpp for JSON).
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <pybind11/typing.h>

#include <cstdint>
#include <string>
#include <vector>

#include "parlour/core/card.hpp"
#include "parlour/core/cardset.hpp"
#include "parlour/core/errors.hpp"
#include "parlour/core/json.hpp"
#include "parlour/core/rng.hpp"

// Order matters here (each in its own block, so that sorting keeps it): the guarded casters
// come before any caster of a bound class is used, cardset_type.hpp's included.
#include "guarded.hpp"

#include "cardset_type.hpp"

namespace parlour::bindings {

namespace py = pybind11;

// ---- stub types: an argument the function converts itself shows as T in the stubs.
template <class T>
using Arg = py::typing::Union<T>;
template <class T>
using OptArg = py::typing::Optional<T>;
// A Card or its text ("As", "10h", "Jack of Diamonds").
using CardLike = py::typing::Union<core::Card, py::str>;
// A CardSet, a Card, text ("As 2s 3s"), an int mask, or an iterable of Card / text.
using CardsLike = py::typing::Union<core::CardSet, core::Card, py::str, py::int_,
                                    py::typing::Iterable<py::typing::Union<core::Card, py::str>>>;
// A seed (a non-negative int below 2**64) or an Rng to draw from.
using SeedLike = py::typing::Union<py::int_, core::Rng>;
// A JSON-ready dict.
using JsonDict = py::typing::Dict<py::str, py::object>;
using MaskArray = py::array_t<std::uint64_t, py::array::c_style | py::array::forcecast>;

// ---- messages
std::string type_name(py::handle obj);    // "int", "Card", ...
std::string quoted_repr(py::handle obj);  // repr(obj), shortened for a message

// ---- numbers
// An int (not a bool) in lo..hi: WrongTypeError / InvalidValueError naming `what`.
long long to_int(py::handle obj, const char* what, long long lo, long long hi);
// Whether obj is an integer (an int or anything with __index__, such as a NumPy
// integer), not a bool.
bool is_integer(py::handle obj);
// A bool (exactly True or False).
bool to_bool(py::handle obj, const char* what);
// A thread count: 0 (one per core) .. core::kMaxThreads.
int to_threads(py::handle obj, const char* what = "threads");
// The ints of an iterable (at most max_items of them), each an int in lo..hi.
std::vector<int> to_int_list(py::handle obj, const char* what, std::size_t max_items, int lo, int hi);

// ---- text
// A str as UTF-8: InvalidValueError naming `what` for a str that is not valid Unicode
// (a lone surrogate such as '\ud800'), WrongTypeError for anything but a str.
std::string to_text(py::handle obj, const char* what = "text");

// ---- cards and randomness
core::Card to_card(py::handle obj);
std::uint64_t to_seed(py::handle obj);
// A pointer to the Rng inside obj when obj is an Rng (so drawing advances it), else
// the fresh generator `local` seeded from the int.
core::Rng* rng_from(py::handle obj, core::Rng& local);
// A 1-D C-contiguous uint64 array from any array-like; WrongTypeError / InvalidValueError.
MaskArray to_mask_array(py::handle obj, const char* what = "masks");

// ---- JSON (convert_json.cpp): json_from_python raises StateFormatError naming `what`
// for anything that is not plain JSON data (dict with str keys, list/tuple, str, int in
// 64 bits, float, bool, None; at most 64 levels deep).
core::Json json_from_python(py::handle obj, const char* what);
py::object json_to_python(const core::Json& value);

// obj as a bound T, or WrongTypeError naming what was expected.
template <class T>
T cast_arg(py::handle obj, const char* expected) {
  try {
    return obj.cast<T>();
  } catch (const py::cast_error&) {
    throw core::WrongType(std::string("expected ") + expected + ", got " + type_name(obj) + " " + quoted_repr(obj));
  }
}

}  // namespace parlour::bindings
