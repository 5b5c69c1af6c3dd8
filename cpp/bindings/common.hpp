// Shared glue for the binding files: argument coercion for cards and seeds, and the
// registration functions each file provides.  No game logic lives here.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <pybind11/typing.h>

#include <cstdint>
#include <vector>

#include "parlour/core/card.hpp"
#include "parlour/core/cardset.hpp"
#include "parlour/core/errors.hpp"
#include "parlour/core/rng.hpp"
#include "cardset_type.hpp"

namespace parlour::bindings {

namespace py = pybind11;

// An argument that may be a Card or its text ("As", "10h", "Jack of Diamonds").
using CardLike = py::typing::Union<core::Card, py::str>;
// An argument that may be a CardSet, a Card, text ("As 2s 3s"), an int mask, or an
// iterable of Card / text.
using CardsLike = py::typing::Union<core::CardSet, core::Card, py::str, py::int_,
                                    py::typing::Iterable<py::typing::Union<core::Card, py::str>>>;
// An argument of any type whose stub shows T (the function converts and checks it
// itself, raising the library's own errors instead of pybind11's TypeError).
template <class T>
using Typed = py::typing::Union<T>;
using MaskArray = py::array_t<std::uint64_t, py::array::c_style | py::array::forcecast>;
// A 1-D C-contiguous uint64 array from any array-like; WrongTypeError / InvalidValueError.
MaskArray to_mask_array(py::handle obj, const char* what = "masks");
// A seed (a non-negative int below 2**64) or an Rng to draw from.
using SeedLike = py::typing::Union<py::int_, core::Rng>;

// Coercions (to_cardset is declared in cardset_type.hpp); they raise the library's own errors (WrongTypeError, NotationError,
// InvalidValueError) quoting what they were given.
core::Card to_card(py::handle obj);
std::uint64_t to_seed(py::handle obj);
// A pointer to the Rng inside obj when obj is an Rng (so drawing advances it), else
// the fresh generator `local` seeded from the int.
core::Rng* rng_from(py::handle obj, core::Rng& local);
// The Python Card object for c: one shared immutable instance per card, so returning
// cards (iteration, hands, deals) allocates nothing.  Valid after register_cards.
py::object card_object(core::Card c);
// A list of the cards of s in bit order, as shared Card objects.
py::list card_list(core::CardSet s);
// The name of obj's type, for messages.
std::string type_name(py::handle obj);

// The value-type protocol of bound immutable classes: ==/!= that answer NotImplemented
// for a foreign type (so comparing with anything else is False, never an error).
template <class T>
auto value_eq() {
  return [](const T& a, const py::object& b) -> py::object {
    if (!py::isinstance<T>(b)) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
    return py::bool_(a == b.cast<const T&>());
  };
}
template <class T>
auto value_ne() {
  return [](const T& a, const py::object& b) -> py::object {
    if (!py::isinstance<T>(b)) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
    return py::bool_(!(a == b.cast<const T&>()));
  };
}

// Both on a bound class.
template <class T, class Cls>
void def_equality(Cls& cls) {
  cls.def("__eq__", value_eq<T>(), py::arg("other"), py::is_operator())
      .def("__ne__", value_ne<T>(), py::arg("other"), py::is_operator());
}

// Typed arguments that accept any object, so a wrong type raises WrongTypeError (the
// library's own error, quoting the value) rather than pybind11's TypeError; the stub
// shows T.
template <class T>
using Arg = py::typing::Union<T>;
template <class T>
using OptArg = py::typing::Optional<T>;
// obj as a T, or WrongTypeError naming what was expected and quoting what came.
template <class T>
T cast_arg(py::handle obj, const char* expected) {
  try {
    return obj.cast<T>();
  } catch (const py::cast_error&) {
    throw core::WrongType(std::string("expected ") + expected + ", got " + type_name(obj) + " " +
                          core::quote(py::repr(obj).cast<std::string>()));
  }
}

// A 1-D NumPy array that takes over v's buffer (no copy).
template <class T>
py::array_t<T> to_numpy(std::vector<T>&& v) {
  auto* owned = new std::vector<T>(std::move(v));
  py::capsule owner(owned, [](void* p) { delete static_cast<std::vector<T>*>(p); });
  return py::array_t<T>(static_cast<py::ssize_t>(owned->size()), owned->data(), owner);
}

void register_errors(py::module_& m);
void register_cards(py::module_& m);
void register_rng(py::module_& m);
void register_gin(py::module_& m);
void register_gin_round(py::module_& m);  // the round, match and actions (bind_gin_round.cpp)
void register_gin_bots(py::module_& m);   // the bots and the arena (bind_gin_bots.cpp)
void register_yahtzee(py::module_& m);
void register_yahtzee_objectives(py::module_& m);  // distributions, targets, heads-up (bind_yahtzee_objectives.cpp)
void register_freecell(py::module_& m);
void register_envs(py::module_& root);  // encoders in each game's submodule + the envs submodule (bind_envs.cpp)

// ---- enum members, returned fast
// pybind11 converts a C++ enum to its native Python enum by calling the enum class
// (~0.4 µs a value).  A binding that returns Member<E>{v} instead hands out the
// member object cached by cache_members<E>() when the enum was registered; the
// signature (and so the stub) names the enum exactly as before.
template <class E>
struct Member {
  E value;
};
template <class E>
inline std::vector<PyObject*> g_members;  // by underlying value; null where none

// Fetches cls(v) for v in 0..count-1 (values the enum lacks stay null).
template <class E>
void cache_members(const py::object& cls, int count) {
  auto& table = g_members<E>;
  table.assign(static_cast<std::size_t>(count), nullptr);
  for (int v = 0; v < count; ++v) {
    try {
      table[static_cast<std::size_t>(v)] = cls(v).release().ptr();
    } catch (py::error_already_set&) {
    }
  }
}

}  // namespace parlour::bindings

namespace pybind11::detail {
template <class E>
struct type_caster<parlour::bindings::Member<E>> {
  PYBIND11_TYPE_CASTER(parlour::bindings::Member<E>, make_caster<E>::name);
  bool load(handle, bool) { return false; }
  static handle cast(parlour::bindings::Member<E> m, return_value_policy policy, handle parent) {
    const auto& table = parlour::bindings::g_members<E>;
    const auto i = static_cast<std::size_t>(m.value);
    if (i < table.size() && table[i]) {
      Py_INCREF(table[i]);
      return table[i];
    }
    return make_caster<E>::cast(m.value, policy, parent);
  }
};
}  // namespace pybind11::detail
