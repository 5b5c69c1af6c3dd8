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
#include <functional>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "parlour/core/card.hpp"
#include "parlour/core/cardset.hpp"
#include "parlour/core/errors.hpp"
#include "parlour/core/json.hpp"
#include "parlour/core/rng.hpp"

// ---- the integer casters: every C++ integer argument of every binding (int, std::uint64_t,
// ...) is read by to_index's rules (index_or_null), so pybind11 never takes a bool, a float
// or an object with only __int__ for an int; a value out of the C++ type's range does not
// fit the signature (the argument errors of errors.cpp then name the parameter).
namespace parlour::bindings {
// obj as an exact int (a new reference), or nullptr with no Python error set when obj is
// not an integer by to_index's rules; an exception from __index__ that is not an
// Exception (KeyboardInterrupt) is thrown as error_already_set.
PyObject* index_or_null(PyObject* obj);
}  // namespace parlour::bindings

namespace pybind11::detail {
template <class T>
class parlour_int_caster {
 public:
  bool load(handle src, bool /*convert*/) {
    const object v = reinterpret_steal<object>(parlour::bindings::index_or_null(src.ptr()));
    if (!v) return false;
    if constexpr (std::is_signed_v<T>) {
      int overflow = 0;
      const long long x = PyLong_AsLongLongAndOverflow(v.ptr(), &overflow);
      if (overflow != 0 || x < std::numeric_limits<T>::min() || x > std::numeric_limits<T>::max()) return false;
      value = static_cast<T>(x);
    } else {
      if (PyObject_RichCompareBool(v.ptr(), ::pybind11::int_(0).ptr(), Py_LT) != 0) return false;
      const unsigned long long x = PyLong_AsUnsignedLongLong(v.ptr());
      if (PyErr_Occurred() != nullptr) {
        PyErr_Clear();
        return false;
      }
      if (x > std::numeric_limits<T>::max()) return false;
      value = static_cast<T>(x);
    }
    return true;
  }
  static handle cast(T src, return_value_policy /*policy*/, handle /*parent*/) {
    if constexpr (std::is_signed_v<T>)
      return PyLong_FromLongLong(static_cast<long long>(src));
    else
      return PyLong_FromUnsignedLongLong(static_cast<unsigned long long>(src));
  }
  PYBIND11_TYPE_CASTER(T, io_name("typing.SupportsInt | typing.SupportsIndex", "int"));
};
// clang-format off
template <> class type_caster<signed char> : public parlour_int_caster<signed char> {};
template <> class type_caster<unsigned char> : public parlour_int_caster<unsigned char> {};
template <> class type_caster<short> : public parlour_int_caster<short> {};
template <> class type_caster<unsigned short> : public parlour_int_caster<unsigned short> {};
template <> class type_caster<int> : public parlour_int_caster<int> {};
template <> class type_caster<unsigned int> : public parlour_int_caster<unsigned int> {};
template <> class type_caster<long> : public parlour_int_caster<long> {};
template <> class type_caster<unsigned long> : public parlour_int_caster<unsigned long> {};
template <> class type_caster<long long> : public parlour_int_caster<long long> {};
template <> class type_caster<unsigned long long> : public parlour_int_caster<unsigned long long> {};
// clang-format on
}  // namespace pybind11::detail

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
std::string type_name(py::handle obj);  // "int", "Card", ...
// repr(obj), shortened for a message; a nested container is shown a few levels deep
// (reprlib), and an object whose repr fails as "<TYPE object>": building a message
// never raises.
std::string quoted_repr(py::handle obj);

// ---- numbers
// The one integer conversion every binding uses (the int casters below and to_int): obj
// as an exact int, read once through __index__.  An integer is an int or an object whose
// type has __index__ (a NumPy integer), never a bool, a float or an object with only
// __int__ (Fraction(7, 2) is not 3).  WrongTypeError naming `what` for anything else,
// including an object whose __index__ raises (a NumPy array of several values, the type
// int itself); an exception that is not an Exception (KeyboardInterrupt) passes through.
py::int_ to_index(py::handle obj, const char* what);
// An integer in lo..hi: to_index, then InvalidValueError naming `what` outside the range.
long long to_int(py::handle obj, const char* what, long long lo, long long hi);
// Whether obj's type is an integer type (an int or anything with __index__, such as a
// NumPy integer), not a bool; its __index__ is not called.
bool is_integer(py::handle obj);
// A bool (exactly True or False).
bool to_bool(py::handle obj, const char* what);
// A thread count: 0 (one per core) .. core::kMaxThreads.
int to_threads(py::handle obj, const char* what = "threads");
// fn(item) for each item of an iterable; WrongTypeError naming `what` when iterating
// fails (an __iter__ or __next__ that raises an Exception).
void for_each_item(py::handle obj, const char* what, const std::function<void(py::handle)>& fn);
// The ints of an iterable (at most max_items of them: no more are read), each an int in lo..hi.
std::vector<int> to_int_list(py::handle obj, const char* what, std::size_t max_items, int lo, int hi);

// ---- text
// A str as UTF-8: InvalidValueError naming `what` for a str that is not valid Unicode
// (a lone surrogate such as '\ud800'), WrongTypeError for anything but a str.
std::string to_text(py::handle obj, const char* what = "text");

// A callback: None, or anything callable (WrongTypeError naming `what` otherwise), checked
// before a long call starts rather than when it first calls back.
void check_callback(py::handle obj, const char* what = "progress");

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
