// parlour._core.cards.CardSet as a native CPython type, and its pybind11 caster.
//
// CardSet is the hottest value of the library (every hand, meld and pile is one), so
// it is not a pybind11 class: a pybind11 method call costs ~100 ns of dispatch, more
// than the set operation itself.  Here it is a plain PyTypeObject whose number,
// sequence and comparison slots work on the 64-bit mask directly, as frozenset's do
// on its table.  Bindings use core::CardSet as any other type: the caster below turns
// a CardSet object into core::CardSet (and, when converting, anything CardSet()
// accepts: a Card, text, an int mask, an iterable of cards — raising the library's
// own errors on bad input), and a core::CardSet into a CardSet object.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>

#include "parlour/core/cardset.hpp"

namespace parlour::bindings {

struct PyCardSet {
  PyObject_HEAD std::uint64_t mask;
};

// The type object (valid after register_cardset_type).
PyTypeObject* cardset_type() noexcept;
inline bool is_cardset(PyObject* o) noexcept { return Py_TYPE(o) == cardset_type(); }
// A new reference to a CardSet object holding s (nullptr with a Python error set on failure).
PyObject* make_cardset(core::CardSet s) noexcept;
// Creates the type and adds it to module m as "CardSet".
void register_cardset_type(pybind11::module_& m);
// Sets the Python error for the C++ exception in flight (call inside a catch (...)).
void set_error_from_current_exception() noexcept;
// Anything CardSet() accepts -> core::CardSet (defined in errors.cpp).
core::CardSet to_cardset(pybind11::handle obj);

}  // namespace parlour::bindings

namespace pybind11::detail {

template <>
struct type_caster<parlour::core::CardSet> {
  PYBIND11_TYPE_CASTER(parlour::core::CardSet, const_name("parlour._core.cards.CardSet"));

  bool load(handle src, bool convert) {
    if (src && parlour::bindings::is_cardset(src.ptr())) {
      value = parlour::core::CardSet::unchecked(reinterpret_cast<parlour::bindings::PyCardSet*>(src.ptr())->mask);
      return true;
    }
    if (!convert || !src || src.is_none()) return false;
    value = parlour::bindings::to_cardset(src);  // raises the library's own errors
    return true;
  }

  static handle cast(parlour::core::CardSet s, return_value_policy /*policy*/, handle /*parent*/) {
    PyObject* o = parlour::bindings::make_cardset(s);
    if (!o) throw error_already_set();
    return o;
  }
};

}  // namespace pybind11::detail
