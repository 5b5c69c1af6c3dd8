// The protocol's shared pieces: Event, the terminal flag, id lists, masks and seats.
#include "protocol.hpp"

#include <string>

namespace parlour::bindings {

BoolLike terminal_flag(bool value) {
  // Two shared instances, fetched once from parlour.protocol (never freed: the module
  // keeps them alive for the interpreter's lifetime anyway).
  static PyObject* flags[2] = {nullptr, nullptr};
  if (!flags[0]) {
    py::object mod = py::module_::import("parlour.protocol");
    flags[0] = py::object(mod.attr("_NOT_TERMINAL")).release().ptr();
    flags[1] = py::object(mod.attr("_TERMINAL")).release().ptr();
  }
  return py::reinterpret_borrow<BoolLike>(flags[value ? 1 : 0]);
}

py::typing::List<py::int_> id_list(std::span<const std::uint16_t> ids) {
  py::list out(ids.size());
  for (std::size_t i = 0; i < ids.size(); ++i)
    PyList_SET_ITEM(out.ptr(), static_cast<py::ssize_t>(i), PyLong_FromLong(ids[i]));
  return py::typing::List<py::int_>(std::move(out));
}

py::array_t<bool> mask_array(std::span<const std::uint16_t> ids, int n) {
  py::array_t<bool> arr(n);
  auto* p = arr.mutable_data();
  std::fill(p, p + n, false);
  for (std::uint16_t id : ids) p[id] = true;
  return arr;
}

std::optional<int> to_seat(py::handle obj, int players, bool allow_none) {
  if (obj.is_none()) {
    if (allow_none) return std::nullopt;
    throw core::WrongType("expected a seat (an int 0.." + std::to_string(players - 1) + "), got None");
  }
  if (!is_integer(obj))
    throw core::WrongType("expected a seat (an int 0.." + std::to_string(players - 1) + (allow_none ? " or None" : "") +
                          "), got " + type_name(obj) + " " + quoted_repr(obj));
  const py::int_ v = to_index(obj, "a seat");
  if (v < py::int_(0) || v >= py::int_(players))
    throw core::InvalidValue("no seat " + py::repr(obj).cast<std::string>() + " in a game of " +
                             std::to_string(players) + " player" + (players == 1 ? "" : "s"));
  return v.cast<int>();
}

void deprecated(const char* message) {
  if (PyErr_WarnEx(PyExc_DeprecationWarning, message, 1) != 0) throw py::error_already_set();
}

void register_protocol(py::module_& m) {
  py::class_<Event>(m, "Event",
                    "What the last accepted action of a game did: the seat that acted, the action, its text, and "
                    "to_dict(seat) — a JSON-ready description as that seat may see it (None: anyone else, e.g. a "
                    "spectator). A card drawn face down is shown to its drawer only.")
      .def_readonly("seat", &Event::seat, "The seat that acted.")
      .def_readonly("action", &Event::action, "The action applied (the game's action object).")
      .def_readonly("text", &Event::text, "The action's text.")
      .def(
          "to_dict",
          [](const Event& e, const py::object& seat) {
            if (!seat.is_none() && !is_integer(seat))
              throw core::WrongType("seat must be an int or None, got " + type_name(seat) + " " + quoted_repr(seat));
            const bool actor = !seat.is_none() && to_index(seat, "seat").equal(py::int_(e.seat));
            return JsonDict(json_to_python(actor ? e.for_actor : e.for_others));
          },
          py::arg("seat") = py::none(), "The event as `seat` may see it (None: the public view).")
      .def(
          "__eq__",
          [](const Event& a, const py::object& b) -> py::object {
            if (!py::isinstance<Event>(b)) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
            const Event& o = b.cast<const Event&>();
            return py::bool_(a.seat == o.seat && a.text == o.text && a.for_actor == o.for_actor &&
                             a.for_others == o.for_others);
          },
          py::arg("other"), py::is_operator())
      .def("__repr__",
           [](const Event& e) { return "<Event seat=" + std::to_string(e.seat) + " " + core::quote(e.text) + ">"; })
      .def(py::pickle(
          [](const Event& e) {
            return py::make_tuple(e.seat, e.action, e.text, json_to_python(e.for_actor), json_to_python(e.for_others));
          },
          [](const py::tuple& t) {
            if (t.size() != 5 || !is_integer(t[0]) || !py::isinstance<py::str>(t[2]) || t[1].is_none())
              throw core::FormatError("corrupt Event pickle: expected (seat, action, text, for_actor, for_others)");
            // The most seats of any game (Yahtzee's eight players).
            const py::int_ seat = to_index(t[0], "an Event's seat");
            if (seat < py::int_(0) || seat > py::int_(7))
              throw core::FormatError("corrupt Event pickle: seat out of range");
            Event e{seat.cast<int>(), t[1], to_text(t[2], "an Event's text"), json_from_python(t[3], "an Event pickle"),
                    json_from_python(t[4], "an Event pickle")};
            if (e.text.empty() || e.for_actor.kind() != core::Json::Kind::Object ||
                e.for_others.kind() != core::Json::Kind::Object)
              throw core::FormatError("corrupt Event pickle: an event has a text and two JSON objects");
            return e;
          }));
  py::object cls = m.attr("Event");
  cls.attr("__hash__") = py::none();
}

}  // namespace parlour::bindings
