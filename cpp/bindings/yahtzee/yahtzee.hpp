// Shared glue of the Yahtzee binding files (cpp/bindings/yahtzee/): argument coercions
// and reprs.  No game logic.
#pragma once

#include <functional>
#include <string>

#include "../common.hpp"
#include "parlour/yahtzee/action.hpp"
#include "parlour/yahtzee/scorecard.hpp"
#include "parlour/yahtzee/state.hpp"

namespace parlour::bindings {

namespace py = pybind11;

// A Category, its name ("full_house", "fh") or 0..12.
using CategoryLike = py::typing::Union<yahtzee::Category, py::str, py::int_>;
// Dice, their text ("35556") or five faces.
using DiceLike = py::typing::Union<yahtzee::Dice, py::str, py::typing::Iterable<py::int_>>;
// A Keep (or Dice), its text ("66") or up to five faces.
using KeepLike = py::typing::Union<yahtzee::Keep, yahtzee::Dice, py::str, py::typing::Iterable<py::int_>>;
// An action: Score, Reroll, an id 0..222 or text ("keep 66", "score chance").
using ActionLike = py::typing::Union<yahtzee::Score, yahtzee::Reroll, py::int_, py::str>;
// Categories, one Category, an iterable of categories (or names), comma-separated names or the 13-bit int.
using CategoriesLike =
    py::typing::Union<yahtzee::Categories, yahtzee::Category, py::typing::Iterable<CategoryLike>, py::str, py::int_>;
using ActionObject = py::typing::Union<yahtzee::Score, yahtzee::Reroll>;

yahtzee::Category to_category(py::handle obj);
yahtzee::Dice to_dice(py::handle obj);
yahtzee::Keep to_keep(py::handle obj);
yahtzee::Action to_yahtzee_action(py::handle obj);
ActionObject yahtzee_action_object(const yahtzee::Action& a);
std::string upper_name(yahtzee::Category c);
std::string keep_repr(yahtzee::Keep k);
std::string dice_repr(yahtzee::Dice d);
std::string action_repr(const yahtzee::Action& a);
std::string yahtzee_state_repr(yahtzee::State s);
// A Scorecard as a JSON-ready dict with its rules, and back (StateFormatError).
JsonDict scorecard_to_dict(const yahtzee::Scorecard& s);
yahtzee::Scorecard scorecard_from_dict(py::handle d);
// A progress(tier, seconds) callback from a Python callable or None (called with the GIL).
std::function<void(int, double)> wrap_progress(const py::object& cb);

}  // namespace parlour::bindings
