// The one game protocol, bound once for every game (parlour.protocol documents it).
//
// Every engine game is a core::Game (parlour/core/game.hpp): def_game_protocol(cls)
// binds that shape, so every protocol member has the same name, signature and
// behaviour in all games.  A game's binding file adds only what Python needs to know
// about the game, a GameTraits<G> specialisation of names and conversions:
//   kName, kSnapshotWhat      the game's name, and its snapshot's name in errors
//   ActionLike, ActionStub    what apply() takes and legal_actions() returns (stubs)
//   to_action(obj)            a Python action (an action object, an id or text) in C++
//   action_object(g, id)      the Python action object of an id
//   event(g)                  the Python Event of g.last_event(), which is set
//   to_json(g), from_json(d)  the snapshot
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "common.hpp"
#include "parlour/core/game.hpp"
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

// The Python value of a seat: an int, or the cached member of a seat enum (gin.Player).
template <class S>
auto seat_value(const std::optional<S>& seat) {
  if constexpr (std::is_enum_v<S>) {
    return seat ? std::optional<Member<S>>(Member<S>{*seat}) : std::nullopt;
  } else {
    return seat;
  }
}

template <std::size_t>
using FloatAt = py::float_;

// returns() as a tuple of floats: tuple[float, float] for a fixed-size array of two, etc.
template <class R>
auto float_tuple(const R& values) {
  py::tuple out(std::size(values));
  std::size_t i = 0;
  for (const auto v : values)
    PyTuple_SET_ITEM(out.ptr(), static_cast<py::ssize_t>(i++), PyFloat_FromDouble(static_cast<double>(v)));
  if constexpr (requires { std::tuple_size<R>::value; }) {
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      return py::typing::Tuple<FloatAt<I>...>(std::move(out));
    }(std::make_index_sequence<std::tuple_size<R>::value>());
  } else {
    return py::typing::Tuple<py::float_, py::ellipsis>(std::move(out));
  }
}

template <core::Game G, class T = GameTraits<G>>
void def_game_protocol(py::class_<G>& cls) {
  using Ids = typename G::LegalIds;
  using Obs = std::remove_cvref_t<decltype(observe(std::declval<const G&>(), std::optional<int>{}))>;
  constexpr auto ids_of = [](const Ids& buf, int n) {
    return std::span<const std::uint16_t>(buf.data(), static_cast<std::size_t>(n));
  };
  cls.attr("game_name") = py::str(T::kName);
  cls.attr("num_actions") = py::int_(G::kNumActions);
  cls.def_property_readonly(
         "num_players", [](const G& g) { return g.num_players(); }, "The number of seats.")
      .def_property_readonly(
          "current_player", [](const G& g) { return seat_value(g.current_player()); },
          "The seat to act (an int), or None once the game is over.")
      .def(
          "legal_action_ids",
          [ids_of](const G& g) {
            Ids buf;
            return id_list(ids_of(buf, g.legal_ids(buf)));
          },
          "The ids of the legal actions, ascending (empty once the game is over).")
      .def(
          "legal_actions",
          [](const G& g) {
            Ids buf;
            const int n = g.legal_ids(buf);
            py::list out(static_cast<std::size_t>(n));
            for (int i = 0; i < n; ++i)
              out[static_cast<std::size_t>(i)] = T::action_object(g, buf[static_cast<std::size_t>(i)]);
            return py::typing::List<typename T::ActionStub>(std::move(out));
          },
          "The legal actions (the game's action objects, in id order).")
      .def(
          "legal_action_mask",
          [ids_of](const G& g) {
            Ids buf;
            return mask_array(ids_of(buf, g.legal_ids(buf)), G::kNumActions);
          },
          "A NumPy bool array of num_actions entries, True at the legal action ids.")
      .def(
          "can_apply",
          [](const G& g, const typename T::ActionLike& a) {
            try {
              return g.can_apply(T::to_action(a));
            } catch (const core::Error&) {
              return false;  // not an action of this game at all
            }
          },
          py::arg("action"), "Whether apply(action) would be accepted (an action object, an id or text).")
      .def(
          "why_not",
          [](const G& g, const typename T::ActionLike& a) -> std::optional<std::string> {
            try {
              return g.why_not(T::to_action(a));
            } catch (const core::Error& e) { return std::string(e.what()); }
          },
          py::arg("action"), "None when apply(action) would be accepted, else the reason it would be refused.")
      .def(
          "apply", [](G& g, const typename T::ActionLike& a) { (void)g.apply(T::to_action(a)); }, py::arg("action"),
          "Applies an action object, an id or text. A refused action raises the library's error (IllegalActionError "
          "or a subclass, NotationError for bad text, PhaseError once the game is over) and changes nothing.")
      .def_property_readonly(
          "is_terminal", [](const G& g) { return terminal_flag(g.is_terminal()); }, "Whether the game is over.")
      .def(
          "returns", [](const G& g) { return float_tuple(g.returns()); },
          "One float per seat, in points (see the game's documentation).")
      .def(
          "observation",
          [](const G& g, const py::object& seat) {
            if (seat.is(py::ellipsis()))
              throw core::WrongType("observation() takes the seat that looks: 0.." +
                                    std::to_string(g.num_players() - 1) + ", or None for a spectator");
            return py::typing::Union<Obs>(py::cast(observe(g, to_seat(seat, g.num_players(), true))));
          },
          py::arg("seat") = py::ellipsis(),
          "What a seat may see (an observation with to_dict() and to_array()); None for a spectator (public "
          "information only).")
      .def_property_readonly(
          "last_event",
          [](const G& g) -> py::typing::Optional<Event> {
            if (!g.last_event()) return py::none();
            return T::event(g);
          },
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
              return JsonDict(py::cast(observe(g, to_seat(seat, g.num_players(), false))).attr("to_dict")());
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
