// The one game protocol, bound once for every game (parlour.protocol documents it).
//
// A game's binding file specialises GameTraits<G> (how to read an action, list the
// legal ids, apply, observe, snapshot) and calls def_game_protocol(cls); every
// protocol member then has the same name, signature and behaviour in all games.
// def_value_protocol(cls) gives a value type ==, copy and a JSON pickle the same way.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "common.hpp"
#include "parlour/core/json_text.hpp"

namespace parlour::bindings {

// What the last accepted action did (parlour.protocol.Event): who acted, the action
// object, its text, and a JSON description for the acting seat and for everyone else
// (they differ when the action reveals a card to its actor only).
struct Event {
  int seat = 0;
  py::object action;
  std::string text;
  core::Json for_actor;
  core::Json for_others;
};

}  // namespace parlour::bindings

PARLOUR_GUARDED_CASTER(parlour::bindings::Event)

namespace parlour::bindings {

// A Python object that behaves as a bool (its stub type is bool).
class BoolLike : public py::object {
 public:
  PYBIND11_OBJECT_DEFAULT(BoolLike, py::object, PyObject_Type)
};

// parlour.protocol's TerminalFlag for `value`: a bool-like object that also answers
// the deprecated call spelling `is_terminal()`.
BoolLike terminal_flag(bool value);
// A list of ints from ids (no per-item Python call).
py::typing::List<py::int_> id_list(std::span<const std::uint16_t> ids);
// A NumPy bool array of n entries, True at ids.
py::array_t<bool> mask_array(std::span<const std::uint16_t> ids, int n);
// "seat" as a seat of a game of `players`: an int (or an IntEnum such as gin.Player)
// in 0..players-1, or None when allow_none (a spectator); WrongTypeError /
// InvalidValueError otherwise.
std::optional<int> to_seat(py::handle obj, int players, bool allow_none);
// Issues a DeprecationWarning (raising when warnings are errors).
void deprecated(const char* message);
// register_protocol: binds Event (in parlour._core).
void register_protocol(py::module_& m);

template <class G>
struct GameTraits;  // specialised by each game's binding file

template <class G, class T = GameTraits<G>>
void def_game_protocol(py::class_<G>& cls) {
  cls.attr("game_name") = py::str(T::kName);
  cls.attr("num_actions") = py::int_(T::kNumActions);
  cls.def_property_readonly(
         "num_players", [](const G& g) { return T::num_players(g); }, "The number of seats.")
      .def_property_readonly(
          "current_player", [](const G& g) { return T::current_player(g); },
          "The seat to act (an int), or None once the game is over.")
      .def(
          "legal_action_ids",
          [](const G& g) {
            std::array<std::uint16_t, T::kMaxLegal> buf;
            return id_list({buf.data(), static_cast<std::size_t>(T::legal_ids(g, buf))});
          },
          "The ids of the legal actions, ascending (empty once the game is over).")
      .def(
          "legal_actions",
          [](const G& g) {
            std::array<std::uint16_t, T::kMaxLegal> buf;
            const int n = T::legal_ids(g, buf);
            py::list out(static_cast<std::size_t>(n));
            for (int i = 0; i < n; ++i)
              out[static_cast<std::size_t>(i)] = T::action_object(g, buf[static_cast<std::size_t>(i)]);
            return py::typing::List<typename T::ActionStub>(std::move(out));
          },
          "The legal actions (the game's action objects, in id order).")
      .def(
          "legal_action_mask",
          [](const G& g) {
            std::array<std::uint16_t, T::kMaxLegal> buf;
            return mask_array({buf.data(), static_cast<std::size_t>(T::legal_ids(g, buf))}, T::kNumActions);
          },
          "A NumPy bool array of num_actions entries, True at the legal action ids.")
      .def(
          "can_apply",
          [](const G& g, const typename T::ActionLike& a) {
            try {
              return !T::why_not(g, T::to_action(g, a)).has_value();
            } catch (const core::Error&) {
              return false;  // not an action of this game at all
            }
          },
          py::arg("action"), "Whether apply(action) would be accepted (an action object, an id or text).")
      .def(
          "why_not",
          [](const G& g, const typename T::ActionLike& a) -> std::optional<std::string> {
            try {
              return T::why_not(g, T::to_action(g, a));
            } catch (const core::Error& e) { return std::string(e.what()); }
          },
          py::arg("action"), "None when apply(action) would be accepted, else the reason it would be refused.")
      .def(
          "apply", [](G& g, const typename T::ActionLike& a) { T::apply(g, T::to_action(g, a)); }, py::arg("action"),
          "Applies an action object, an id or text. A refused action raises the library's error (IllegalActionError "
          "or a subclass, NotationError for bad text, PhaseError once the game is over) and changes nothing.")
      .def_property_readonly(
          "is_terminal", [](const G& g) { return terminal_flag(T::is_terminal(g)); }, "Whether the game is over.")
      .def(
          "returns", [](const G& g) { return T::returns(g); },
          "One float per seat, in points (see the game's documentation).")
      .def(
          "observation",
          [](const G& g, const py::object& seat) {
            if (seat.is(py::ellipsis()))
              throw core::WrongType("observation() takes the seat that looks: 0.." +
                                    std::to_string(T::num_players(g) - 1) + ", or None for a spectator");
            return T::observe(g, to_seat(seat, T::num_players(g), true));
          },
          py::arg("seat") = py::ellipsis(),
          "What a seat may see (an observation with to_dict() and to_array()); None for a spectator (public "
          "information only).")
      .def_property_readonly(
          "last_event", [](const G& g) { return T::last_event(g); },
          "What the last accepted action did (an Event), or None.")
      .def(
          "clone", [](const G& g) { return G(g); }, "An independent copy.")
      .def("__copy__", [](const G& g) { return G(g); })
      .def(
          "__deepcopy__", [](const G& g, const py::object&) { return G(g); }, py::arg("memo"))
      .def(
          "to_dict",
          [](const G& g, const py::object& seat) -> JsonDict {
            if (!seat.is_none()) {  // the first releases' spelling of observation(seat).to_dict()
              deprecated("to_dict(player) is deprecated: use observation(seat).to_dict()");
              return JsonDict(T::observe(g, to_seat(seat, T::num_players(g), false)).attr("to_dict")());
            }
            return JsonDict(json_to_python(T::to_json(g)));
          },
          py::arg("player") = py::none(),
          "The snapshot: {'game', 'version', 'rules', 'state'}, JSON-ready; from_dict() restores the game exactly. "
          "(The `player` argument is deprecated: use observation(seat).to_dict().)")
      .def(
          "to_json", [](const G& g) { return core::to_text(T::to_json(g)); },
          "The snapshot as compact JSON text, made without building Python objects: json.loads(to_json()) == "
          "to_dict().")
      .def_static(
          "from_dict", [](const Arg<JsonDict>& d) { return T::from_json(json_from_python(d, T::kSnapshotWhat)); },
          py::arg("data"), "The game of a to_dict() snapshot; StateFormatError for a corrupt or foreign one.")
      .def(py::pickle([](const G& g) { return JsonDict(json_to_python(T::to_json(g))); },
                      [](const py::object& d) { return T::from_json(json_from_python(d, T::kSnapshotWhat)); }))
      .def("__eq__", value_eq<G>(), py::arg("other"), py::is_operator());
  cls.attr("__hash__") = py::none();
}

}  // namespace parlour::bindings

namespace pybind11::detail {
template <>
struct handle_type_name<parlour::bindings::BoolLike> {
  static constexpr auto name = const_name("bool");
};
}  // namespace pybind11::detail
