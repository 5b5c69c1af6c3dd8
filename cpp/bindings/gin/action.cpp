// Bindings of gin's phases and actions (parlour._core.gin): Phase, ActionKind, Action
// and the fixed action ids (glue only; the ids and texts live in cpp/src/gin/action.cpp).
#include <pybind11/native_enum.h>

#include <string>

#include "gin.hpp"
#include "parlour/gin/action.hpp"
#include "parlour/gin/round.hpp"

namespace parlour::bindings {

using gin::Action;
using gin::ActionKind;
using gin::Phase;

namespace {

std::string action_repr(const Action& a) { return "Action.parse('" + a.str() + "')"; }

void register_enums(py::module_& m) {
  py::native_enum<Phase>(m, "Phase", "enum.Enum",
                         "The phase of a round: UPCARD (the opening offer of the upcard), DRAW, DISCARD (discard, "
                         "knock or big gin), LAYOFF (the defender lays off after a knock), FINISHED.")
      .value("UPCARD", Phase::Upcard)
      .value("DRAW", Phase::Draw)
      .value("DISCARD", Phase::Discard)
      .value("LAYOFF", Phase::Layoff)
      .value("FINISHED", Phase::Finished)
      .finalize();
  cache_members<Phase>(m.attr("Phase"), 5);

  py::native_enum<ActionKind>(m, "ActionKind", "enum.Enum",
                              "The kind of an Action: PASS, TAKE_DISCARD, DRAW_STOCK, DISCARD, KNOCK, BIG_GIN, "
                              "LAY_OFF, FINISH_LAYOFFS.")
      .value("PASS", ActionKind::Pass)
      .value("TAKE_DISCARD", ActionKind::TakeDiscard)
      .value("DRAW_STOCK", ActionKind::DrawStock)
      .value("DISCARD", ActionKind::Discard)
      .value("KNOCK", ActionKind::Knock)
      .value("BIG_GIN", ActionKind::BigGin)
      .value("LAY_OFF", ActionKind::LayOff)
      .value("FINISH_LAYOFFS", ActionKind::FinishLayoffs)
      .finalize();
  cache_members<ActionKind>(m.attr("ActionKind"), 8);
}

void register_ids(py::module_& m) {
  m.attr("NUM_ACTIONS") = gin::kActionCount;
  m.attr("PASS_ID") = gin::kIdPass;
  m.attr("TAKE_DISCARD_ID") = gin::kIdTakeDiscard;
  m.attr("DRAW_STOCK_ID") = gin::kIdDrawStock;
  m.attr("DISCARD_ID") = gin::kIdDiscard;
  m.attr("KNOCK_ID") = gin::kIdKnock;
  m.attr("BIG_GIN_ID") = gin::kIdBigGin;
  m.attr("LAY_OFF_ID") = gin::kIdLayOff;
  m.attr("FINISH_LAYOFFS_ID") = gin::kIdFinishLayoffs;
}

}  // namespace

void register_gin_action(py::module_& m) {
  register_enums(m);
  register_ids(m);
  py::class_<Action>(m, "Action",
                     "One move of a round, immutable and hashable, with a fixed integer id (NUM_ACTIONS = 265) and a "
                     "text form.\n\nIds: PASS_ID 0, TAKE_DISCARD_ID 1, DRAW_STOCK_ID 2, discard DISCARD_ID + card "
                     "index (3..54), knock KNOCK_ID + card index (55..106, the best arrangement), BIG_GIN_ID 107, lay "
                     "off LAY_OFF_ID + 3*card index + meld slot 0..2 (108..263), FINISH_LAYOFFS_ID 264; card index = "
                     "13*suit + rank - 1.\n\nText: 'pass', 'take discard', 'draw stock', 'discard Qs', 'knock Qs' or "
                     "'knock Qs with 7h8h9h QcQsQd', 'big gin', 'lay off 9s on 0', 'finish layoffs' (parsing is "
                     "case-insensitive and accepts 'take', 'draw', 'finish').")
      .def(py::init([](const GinActionLike& a) { return to_gin_action(a); }), py::arg("action"),
           "An action from an Action, its integer id, or its text.")
      .def_static("pass_", &Action::pass, "Decline the upcard.")
      .def_static("take_discard", &Action::take_discard, "Take the top card of the discard pile.")
      .def_static("draw_stock", &Action::draw_stock, "Draw the top card of the stock.")
      .def_static(
          "discard", [](const CardLike& c) { return Action::discard(to_card(c)); }, py::arg("card"),
          "Discard a card, ending the turn.")
      .def_static(
          "knock",
          [](const CardLike& c, const OptArg<MeldsLike>& melds) {
            if (melds.is_none()) return Action::knock(to_card(c));
            return Action::knock(to_card(c), to_melds(melds));
          },
          py::arg("card"), py::arg("melds") = py::none(),
          "Discard a card and knock, spreading these melds (default: the best arrangement of the rest).")
      .def_static(
          "big_gin",
          [](const OptArg<MeldsLike>& melds) {
            if (melds.is_none()) return Action::big_gin();
            return Action::big_gin(to_melds(melds));
          },
          py::arg("melds") = py::none(), "Declare big gin (all 11 cards melded; default: the best arrangement).")
      .def_static(
          "lay_off",
          [](const CardLike& c, const Arg<py::int_>& meld) {
            return Action::lay_off(to_card(c),
                                   static_cast<int>(to_int(meld, "the meld slot", 0, gin::kSpreadSlots - 1)));
          },
          py::arg("card"), py::arg("meld"), "Lay a card off onto meld slot 0..2 of the knocker's spread.")
      .def_static("finish_layoffs", &Action::finish_layoffs, "End the layoffs and settle the round.")
      .def_static(
          "from_id",
          [](const Arg<py::int_>& id) -> py::typing::Union<Action> {
            return action_object(static_cast<int>(to_int(id, "an action id", 0, gin::kActionCount - 1)));
          },
          py::arg("id"), "The action with this id (InvalidValueError outside 0 .. 264).")
      .def_static(
          "parse",
          [](const Arg<py::str>& text) {
            if (!py::isinstance<py::str>(text))
              throw core::WrongType("Action.parse needs text, got " + type_name(text));
            return Action::parse(to_text(text, "action text"));
          },
          py::arg("text"), "The action of this text ('discard Qs', 'knock Qs', ...); NotationError quoting bad text.")
      .def_property_readonly(
          "kind", [](const Action& a) { return Member<ActionKind>{a.kind()}; },
          "PASS, TAKE_DISCARD, DRAW_STOCK, DISCARD, KNOCK, BIG_GIN, LAY_OFF or FINISH_LAYOFFS.")
      .def_property_readonly(
          "card",
          [](const Action& a) -> py::typing::Optional<core::Card> {
            return a.has_card() ? card_object(a.card()) : py::none();
          },
          "The card discarded, knocked with or laid off; None for the other kinds.")
      .def_property_readonly(
          "meld",
          [](const Action& a) -> std::optional<int> {
            if (a.kind() == ActionKind::LayOff) return a.meld();
            return std::nullopt;
          },
          "The meld slot of a layoff; None for the other kinds.")
      .def_property_readonly(
          "melds",
          [](const Action& a) -> std::optional<std::vector<gin::Meld>> {
            if (!a.has_melds()) return std::nullopt;
            const auto s = a.melds();
            return std::vector<gin::Meld>(s.begin(), s.end());
          },
          "The explicit arrangement of a knock or big gin; None for the best one (or other kinds).")
      .def_property_readonly("id", &Action::id, "The integer id (an explicit arrangement is not part of it).")
      .def("__int__", &Action::id, "The integer id.")
      .def("__index__", &Action::id, "The integer id.")
      .def("__str__", &Action::str)
      .def("__repr__", &action_repr)
      .def("__eq__", value_eq<Action>(), py::arg("other"), py::is_operator())
      .def("__hash__", [](const Action& a) { return py::hash(py::str(a.str())); })
      .def("__copy__", [](const Action& a) { return a; })
      .def(
          "__deepcopy__", [](const Action& a, const py::object&) { return a; }, py::arg("memo"))
      .def(py::pickle([](const Action& a) { return py::str(a.str()); },
                      [](const py::object& s) {
                        if (!py::isinstance<py::str>(s)) throw core::FormatError("corrupt Action pickle: not text");
                        try {
                          return Action::parse(s.cast<std::string>());
                        } catch (const core::Error& e) {
                          throw core::FormatError(std::string("corrupt Action pickle: ") + e.what());
                        }
                      }));
}

}  // namespace parlour::bindings
