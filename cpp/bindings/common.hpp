// Shared glue for the binding files: the converters, the value-type helpers, the
// registration functions each file provides, and fast enum members.  No game logic.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <pybind11/typing.h>

#include <cstdint>
#include <vector>

#include "converters.hpp"

namespace parlour::bindings {

// The Python Card object for c: one shared immutable instance per card, so returning
// cards (iteration, hands, deals) allocates nothing.  Valid after register_cards.
py::object card_object(core::Card c);
// A list of the cards of s in bit order, as shared Card objects.
py::list card_list(core::CardSet s);

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

// A 1-D NumPy array that takes over v's buffer (no copy).
template <class T>
py::array_t<T> to_numpy(std::vector<T>&& v) {
  auto* owned = new std::vector<T>(std::move(v));
  py::capsule owner(owned, [](void* p) { delete static_cast<std::vector<T>*>(p); });
  return py::array_t<T>(static_cast<py::ssize_t>(owned->size()), owned->data(), owner);
}

// The registration functions, one per area and file; module.cpp calls each exactly once,
// in dependency order (a type is registered before a default argument uses it).
void register_errors(py::module_& m);                 // errors.cpp
void register_protocol(py::module_& m);               // protocol.cpp: Event
void register_cards(py::module_& m);                  // core/cards.cpp
void register_rng(py::module_& m);                    // core/cards.cpp
void register_gin(py::module_& m);                    // gin/meld.cpp: Player, melds, deadwood
void register_gin_scoring(py::module_& m);            // gin/scoring.cpp: Rules, results, settle
void register_gin_action(py::module_& m);             // gin/action.cpp: Phase, Action, the ids
void register_gin_observation(py::module_& m);        // gin/observation.cpp
void register_gin_round(py::module_& m);              // gin/round.cpp
void register_gin_match(py::module_& m);              // gin/match.cpp: Match, Game, simulate_rounds
void register_gin_bots(py::module_& m);               // gin/bots.cpp: the bots and the arena
void register_gin_coach(py::module_& m);              // gin/coach.cpp: advise, review, match odds
void register_yahtzee(py::module_& m);                // yahtzee/values.cpp: dice, categories, states, rules
void register_yahtzee_game(py::module_& m);           // yahtzee/game.cpp: Phase, Observation, Game
void register_yahtzee_solver(py::module_& m);         // yahtzee/solver.cpp: Solver, bots, simulate
void register_yahtzee_objectives(py::module_& m);     // yahtzee/objective.cpp: distributions, targets, heads-up
void register_freecell(py::module_& m);               // freecell/state.cpp: positions and moves
void register_freecell_solver(py::module_& m);        // freecell/solver.cpp: search, prove, surveys
void register_freecell_game(py::module_& m);          // freecell/game.cpp: Observation, Game
void register_constructor_errors(py::module_& root);  // errors.cpp: X() without a constructor raises WrongTypeError
void register_argument_errors(py::module_& root);  // errors.cpp: arguments that fit no signature raise WrongTypeError
void register_envs(py::module_& root);             // envs/envs.cpp: the encoders, parlour._core.envs
void register_platform(py::module_& root);         // core/platform.cpp: parlour._core.platform

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
    } catch (py::error_already_set&) {}
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
