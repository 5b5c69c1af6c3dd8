// Private glue shared by the gin binding files (cpp/bindings/gin/): the converters of gin
// arguments and the shared action objects.  Definitions: convert.cpp.
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "../common.hpp"
#include "parlour/gin/action.hpp"
#include "parlour/gin/deadwood.hpp"
#include "parlour/gin/meld.hpp"
#include "parlour/gin/player.hpp"
#include "parlour/gin/rules.hpp"

namespace parlour::bindings {

// A Player, or the seat as an int (0 = Player.ONE, 1 = Player.TWO).
using PlayerLike = py::typing::Union<gin::Player, py::int_>;
// An Action, an action id, or action text.
using GinActionLike = py::typing::Union<gin::Action, py::int_, py::str>;
// A Melds (its hand must be the cards arranged), or an iterable of Meld / meld cards.
using MeldsLike =
    py::typing::Union<gin::Melds, py::typing::Iterable<py::typing::Union<gin::Meld, py::str, core::CardSet>>>;

gin::Player to_player(py::handle obj, const char* what = "a player");
std::optional<gin::Player> to_opt_player(py::handle obj, const char* what = "a player");
gin::Rules to_rules(py::handle obj);
// An Action, an id (0 .. NUM_ACTIONS-1) or text; what a Python bot's act() may return too.
gin::Action to_gin_action(py::handle obj);
// Melds from a Melds, a Meld, or an iterable of Meld / card collections; WrongTypeError
// for anything else, InvalidMeld for cards that are not a meld.
std::vector<gin::Meld> to_melds(py::handle obj);
// A Meld, or cards forming one.
gin::Meld to_meld(py::handle obj);

// The shared immutable Action object of an id (filled by register_gin_round); an
// action with an explicit arrangement gets a new object.
py::object action_object(int id);
py::object action_object(const gin::Action& a);
// A list of the shared action objects of ids.
py::list action_list(std::span<const std::uint16_t> ids);
// The cached Player member of p.
py::object player_object(gin::Player p);

}  // namespace parlour::bindings
