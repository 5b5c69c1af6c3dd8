// The gin argument converters and shared action objects declared in gin.hpp.
#include <array>
#include <string>

#include "gin.hpp"

namespace parlour::bindings {

using gin::Action;
using gin::Meld;
using gin::Melds;
using gin::Player;

namespace {

// One shared immutable Python object per action id (filled on first use), so
// legal_actions() allocates nothing but its list.
std::array<PyObject*, gin::kActionCount> g_actions{};

}  // namespace

Player to_player(py::handle obj, const char* what) {
  if (py::isinstance<py::bool_>(obj) || !(py::isinstance<py::int_>(obj) || py::hasattr(obj, "__index__")))
    throw core::WrongType(std::string("expected ") + what + " (a Player, or 0 / 1), got " + type_name(obj) + " " +
                          quoted_repr(obj));
  return to_int(obj, what, 0, 1) == 0 ? Player::One : Player::Two;
}

std::optional<Player> to_opt_player(py::handle obj, const char* what) {
  if (obj.is_none()) return std::nullopt;
  return to_player(obj, what);
}

gin::Rules to_rules(py::handle obj) { return cast_arg<gin::Rules>(obj, "a Rules"); }

Action to_gin_action(py::handle obj) {
  if (py::isinstance<Action>(obj)) return obj.cast<Action>();
  if (py::isinstance<py::str>(obj)) return Action::parse(to_text(obj, "action text"));
  if (is_integer(obj)) return Action::from_id(static_cast<int>(to_int(obj, "an action id", 0, gin::kActionCount - 1)));
  throw core::WrongType("expected an Action, an action id or action text, got " + type_name(obj) + " " +
                        quoted_repr(obj));
}

Meld to_meld(py::handle obj) {
  if (py::isinstance<Meld>(obj)) return obj.cast<Meld>();
  return Meld::from_cards(to_cardset(obj));
}

std::vector<Meld> to_melds(py::handle obj) {
  if (py::isinstance<Melds>(obj)) {
    const auto s = obj.cast<const Melds&>().melds();
    return {s.begin(), s.end()};
  }
  if (py::isinstance<Meld>(obj)) return {obj.cast<Meld>()};
  if (py::isinstance<py::str>(obj) || !py::isinstance<py::iterable>(obj))
    throw core::WrongType("expected melds (a Melds, or an iterable of Meld), got " + type_name(obj) + " " +
                          quoted_repr(obj));
  std::vector<Meld> v;
  for (py::handle h : py::reinterpret_borrow<py::iterable>(obj)) {
    if (v.size() >= 64) throw core::InvalidValue("too many melds (a hand has at most 3)", "gin.InvalidMeld");
    v.push_back(to_meld(h));
  }
  return v;
}

py::object action_object(int id) {
  auto& slot = g_actions[static_cast<std::size_t>(id)];
  if (!slot) slot = py::cast(Action::from_id(id)).release().ptr();
  return py::reinterpret_borrow<py::object>(slot);
}

py::object action_object(const Action& a) { return a.has_melds() ? py::cast(a) : action_object(a.id()); }

py::list action_list(std::span<const std::uint16_t> ids) {
  py::list out(ids.size());
  for (std::size_t i = 0; i < ids.size(); ++i) {
    PyObject* o = action_object(ids[i]).release().ptr();
    PyList_SET_ITEM(out.ptr(), static_cast<py::ssize_t>(i), o);
  }
  return out;
}

py::object player_object(Player p) { return py::cast(Member<Player>{p}); }

}  // namespace parlour::bindings
