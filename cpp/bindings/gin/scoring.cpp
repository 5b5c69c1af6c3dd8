// Bindings for parlour._core.gin scoring (glue only; the rules live in cpp/src/gin):
// Rules, OklahomaAce, Shutout, RoundResult, best_layoff, settle, match_result.
// Why one file: rules, round results, layoffs and match results are the scoring API
// of one rule card, bound with shared converters; each class has its own bind_*
// function and most of the length is docstrings.
#include <pybind11/native_enum.h>

#include <limits>
#include <string>
#include <vector>

#include "../common.hpp"
#include "gin.hpp"
#include "parlour/gin/rules.hpp"
#include "parlour/gin/scoring.hpp"

namespace parlour::bindings {

using gin::Meld;
using gin::Melds;
using gin::RoundResult;
using gin::Rules;
using gin::Shutout;

namespace {

Rules make_rules(int knock_limit, std::optional<gin::OklahomaAce> oklahoma, int gin_bonus,
                 std::optional<int> big_gin_bonus, int undercut_bonus, bool undercut_on_tie, int box_bonus,
                 bool immediate_boxes, int game_bonus, int game_target, std::optional<Shutout> shutout,
                 bool alternate_dealer) {
  Rules r;
  r.knock_limit = knock_limit;
  r.oklahoma = oklahoma;
  r.gin_bonus = gin_bonus;
  r.big_gin_bonus = big_gin_bonus;
  r.undercut_bonus = undercut_bonus;
  r.undercut_on_tie = undercut_on_tie;
  r.box_bonus = box_bonus;
  r.immediate_boxes = immediate_boxes;
  r.game_bonus = game_bonus;
  r.game_target = game_target;
  r.shutout = shutout;
  r.alternate_dealer = alternate_dealer;
  r.validate();
  return r;
}

const char* const kRulesFields[] = {"knock_limit",    "oklahoma",        "gin_bonus", "big_gin_bonus",
                                    "undercut_bonus", "undercut_on_tie", "box_bonus", "immediate_boxes",
                                    "game_bonus",     "game_target",     "shutout",   "alternate_dealer"};

py::dict rules_fields(const Rules& r) {
  py::dict d;
  d["knock_limit"] = r.knock_limit;
  d["oklahoma"] = py::cast(r.oklahoma);
  d["gin_bonus"] = r.gin_bonus;
  d["big_gin_bonus"] = py::cast(r.big_gin_bonus);
  d["undercut_bonus"] = r.undercut_bonus;
  d["undercut_on_tie"] = r.undercut_on_tie;
  d["box_bonus"] = r.box_bonus;
  d["immediate_boxes"] = r.immediate_boxes;
  d["game_bonus"] = r.game_bonus;
  d["game_target"] = r.game_target;
  d["shutout"] = py::cast(r.shutout);
  d["alternate_dealer"] = r.alternate_dealer;
  return d;
}

// Keyword values: exact ints and bools (a float or a bool where an int is due raises).
int int_field(const py::dict& d, const char* name) {
  return static_cast<int>(to_int(d[name], (std::string("Rules.") + name).c_str(), -1000000, 1000000));
}

bool bool_field(const py::dict& d, const char* name) {
  return to_bool(d[name], (std::string("Rules.") + name).c_str());
}

Rules rules_from(const py::dict& d) {
  for (auto item : d) {
    const std::string key = py::str(item.first).cast<std::string>();
    bool known = false;
    for (const char* f : kRulesFields) known = known || key == f;
    if (!known) throw core::WrongType("Rules() has no field " + core::quote(key));
  }
  std::optional<gin::OklahomaAce> ok;
  py::handle okv = d["oklahoma"];
  if (!okv.is_none()) {
    try {
      ok = okv.cast<gin::OklahomaAce>();
    } catch (const py::cast_error&) {
      throw core::WrongType("Rules.oklahoma must be None or an OklahomaAce, got " + type_name(okv) + " " +
                            quoted_repr(okv));
    }
  }
  std::optional<int> big;
  if (!d["big_gin_bonus"].is_none()) big = int_field(d, "big_gin_bonus");
  std::optional<Shutout> sh;
  py::handle shv = d["shutout"];
  if (!shv.is_none()) {
    if (!py::isinstance<Shutout>(shv))
      throw core::WrongType("Rules.shutout must be None or a Shutout, got " + type_name(shv) + " " + quoted_repr(shv));
    sh = shv.cast<Shutout>();
  }
  return make_rules(int_field(d, "knock_limit"), ok, int_field(d, "gin_bonus"), big, int_field(d, "undercut_bonus"),
                    bool_field(d, "undercut_on_tie"), int_field(d, "box_bonus"), bool_field(d, "immediate_boxes"),
                    int_field(d, "game_bonus"), int_field(d, "game_target"), sh,
                    d.contains("alternate_dealer") ? bool_field(d, "alternate_dealer") : false);
}

std::string opt_player(std::optional<gin::Player> p) {
  if (!p) return "None";
  return *p == gin::Player::One ? "Player.ONE" : "Player.TWO";
}

int int_arg(py::handle obj, const char* name) { return static_cast<int>(to_int(obj, name, -1000000, 1000000)); }

using IntPair = py::typing::Tuple<py::int_, py::int_>;
template <std::size_t N>
IntPair pair(const std::array<int, N>& a) {
  return py::reinterpret_steal<IntPair>(py::make_tuple(a[0], a[1]).release());
}

}  // namespace

namespace {

void bind_constants(py::module_& m) {
  m.attr("GIN_BONUS") = gin::kGinBonus;
  m.attr("UNDERCUT_BONUS") = gin::kUndercutBonus;
  m.attr("BIG_GIN_BONUS") = gin::kBigGinBonus;
  m.attr("TARGET") = gin::kTarget;
  m.attr("MAX_TURNS") = gin::kMaxTurns;
  m.attr("BOX_BONUS") = gin::kBoxBonus;
  m.attr("GAME_BONUS") = gin::kGameBonus;

  py::native_enum<gin::OklahomaAce>(m, "OklahomaAce", "enum.Enum",
                                    "Oklahoma gin: the opening upcard caps the knock limit at its value; an Ace "
                                    "upcard means a limit of 1 (ONE) or gin only (GIN_ONLY).")
      .value("ONE", gin::OklahomaAce::One)
      .value("GIN_ONLY", gin::OklahomaAce::GinOnly)
      .finalize();
  py::native_enum<Shutout::Kind>(m, "ShutoutKind", "enum.Enum",
                                 "How a shutout (the loser won no hand) is paid: DOUBLE_TOTAL, DOUBLE_HAND_POINTS "
                                 "(before the boxes are added) or FLAT (a fixed amount).")
      .value("DOUBLE_TOTAL", Shutout::Kind::DoubleTotal)
      .value("DOUBLE_HAND_POINTS", Shutout::Kind::DoubleHandPoints)
      .value("FLAT", Shutout::Kind::Flat)
      .finalize();

  py::class_<Shutout>(m, "Shutout",
                      "The shutout convention of a match (the loser won no hand): Shutout.double_total() doubles the "
                      "winner's final total; Shutout.double_hand_points() doubles the winner's hand points before the "
                      "box bonuses are added (Game::Gin, ginrummy.com); Shutout.flat(n) adds n.")
      .def_static("double_total", &Shutout::double_total, "The winner's final total is doubled.")
      .def_static("double_hand_points", &Shutout::double_hand_points,
                  "The winner's hand points are doubled before the box bonuses are added.")
      .def_static(
          "flat", [](const Arg<py::int_>& amount) { return Shutout::flat(int_arg(amount, "Shutout.flat amount")); },
          py::arg("amount"), "The winner gets `amount` more (InvalidValueError if < 0).")
      .def_property_readonly("kind", &Shutout::kind, "DOUBLE_TOTAL, DOUBLE_HAND_POINTS or FLAT.")
      .def_property_readonly("amount", &Shutout::amount, "The flat amount (0 for the doubling kinds).")
      .def("__repr__", &Shutout::repr)
      .def("__eq__", value_eq<Shutout>(), py::arg("other"), py::is_operator())
      .def("__hash__",
           [](const Shutout& s) { return py::hash(py::make_tuple(static_cast<int>(s.kind()), s.amount())); })
      .def(py::pickle([](const Shutout& s) { return py::make_tuple(static_cast<int>(s.kind()), s.amount()); },
                      [](const py::tuple& t) {
                        try {
                          if (t.size() != 2) throw core::FormatError("expected (kind, amount)");
                          const int k = t[0].cast<int>();
                          if (k == 0) return Shutout::double_total();
                          if (k == 1) return Shutout::double_hand_points();
                          if (k == 2) return Shutout::flat(t[1].cast<int>());
                          throw core::FormatError("unknown kind");
                        } catch (const std::exception& e) {
                          throw core::FormatError(std::string("corrupt Shutout pickle: ") + e.what());
                        }
                      }));
}

void bind_rules(py::module_& m) {
  py::class_<Rules> rules_cls(
      m, "Rules",
      "The rules of a game of gin rummy; immutable, every field validated (InvalidValueError).\n\n"
      "Rules() is the rule card's variant (knock limit 10, gin 25, big gin off, undercut 25, a tie "
      "is an undercut, no box/game/shutout bonuses, to 100); Rules.modern(), Rules.classic() and "
      "Rules.palace() are the other presets; any field can be set by keyword: "
      "Rules(knock_limit=0) is straight gin, Rules.modern().replace(big_gin_bonus=None).");
  rules_cls
      .def(
          py::init([](const Arg<py::int_>& knock_limit, const OptArg<gin::OklahomaAce>& oklahoma,
                      const Arg<py::int_>& gin_bonus, const OptArg<py::int_>& big_gin_bonus,
                      const Arg<py::int_>& undercut_bonus, const Arg<py::bool_>& undercut_on_tie,
                      const Arg<py::int_>& box_bonus, const Arg<py::bool_>& immediate_boxes,
                      const Arg<py::int_>& game_bonus, const Arg<py::int_>& game_target, const OptArg<Shutout>& shutout,
                      const Arg<py::bool_>& alternate_dealer, const py::kwargs& unknown) {
            for (auto item : unknown)
              throw core::WrongType("Rules() has no field " + core::quote(py::str(item.first).cast<std::string>()));
            py::dict d;
            d["knock_limit"] = knock_limit;
            d["oklahoma"] = oklahoma;
            d["gin_bonus"] = gin_bonus;
            d["big_gin_bonus"] = big_gin_bonus;
            d["undercut_bonus"] = undercut_bonus;
            d["undercut_on_tie"] = undercut_on_tie;
            d["box_bonus"] = box_bonus;
            d["immediate_boxes"] = immediate_boxes;
            d["game_bonus"] = game_bonus;
            d["game_target"] = game_target;
            d["shutout"] = shutout;
            d["alternate_dealer"] = alternate_dealer;
            return rules_from(d);
          }),
          py::kw_only(), py::arg("knock_limit") = 10, py::arg("oklahoma") = py::none(), py::arg("gin_bonus") = 25,
          py::arg("big_gin_bonus") = py::none(), py::arg("undercut_bonus") = 25, py::arg("undercut_on_tie") = true,
          py::arg("box_bonus") = 0, py::arg("immediate_boxes") = false, py::arg("game_bonus") = 0,
          py::arg("game_target") = 100, py::arg("shutout") = py::none(), py::arg("alternate_dealer") = false,
          "The rule card's variant, with any field changed by keyword (each validated: InvalidValueError "
          "out of its domain, WrongTypeError for a wrong type).")
      .def_static("card", &Rules::card, "The rule card's variant, the same as Rules().")
      .def_static("modern", &Rules::modern,
                  "The modern scoring (the gin-rummy crate's default, Wikipedia): gin 25, big gin 31, undercut 25, box "
                  "25, game 100, "
                  "shutout doubles the total.")
      .def_static("classic", &Rules::classic,
                  "The older published scoring (Pagat, Bicycle): gin 20, no big gin, undercut 10, box 20, game 100, "
                  "shutout flat 100.")
      .def_static("palace", &Rules::palace,
                  "Palace rules: gin 25, no big gin, undercut 20, box 10 counted immediately, no game bonus.")
      .def_static("eaai", &Rules::eaai,
                  "The EAAI Gin Rummy competition's rules (Neller et al., AAAI 2021): the rule card's scoring (knock "
                  "10, gin 25, undercut 25 with ties to the defender, no big gin, no bonuses, dead hand at two stock "
                  "cards) with alternate_dealer=True: the first player alternates from hand to hand.")
      .def_readonly("knock_limit", &Rules::knock_limit, "The most deadwood a knock may keep, 0..10 (0: straight gin).")
      .def_readonly("oklahoma", &Rules::oklahoma, "None, or the Oklahoma ace rule: the upcard caps the knock limit.")
      .def_readonly("gin_bonus", &Rules::gin_bonus, "The gin bonus, paid on top of the defender's deadwood.")
      .def_readonly("big_gin_bonus", &Rules::big_gin_bonus, "The big gin bonus, or None when big gin is disabled.")
      .def_readonly("undercut_bonus", &Rules::undercut_bonus, "The undercut bonus, paid on top of the difference.")
      .def_readonly("undercut_on_tie", &Rules::undercut_on_tie,
                    "Whether equal deadwood is an undercut (else the knocker wins 0).")
      .def_readonly("box_bonus", &Rules::box_bonus, "Paid per hand won at the end of a match.")
      .def_readonly("immediate_boxes", &Rules::immediate_boxes,
                    "Whether box bonuses count at once, towards the target.")
      .def_readonly("game_bonus", &Rules::game_bonus, "Paid to the winner of a match.")
      .def_readonly("game_target", &Rules::game_target, "The score a match runs to.")
      .def_readonly("shutout", &Rules::shutout, "None, or the shutout convention.")
      .def_readonly("alternate_dealer", &Rules::alternate_dealer,
                    "Who deals the next hand of a match: the other player when True (the first turn alternates, as "
                    "in the EAAI competition), the winner of the hand when False (the rule card); a dead hand is "
                    "redealt by the same dealer either way.")
      .def_property_readonly(
          "big_gin_enabled", [](const Rules& r) { return r.big_gin_bonus.has_value(); },
          "Whether big gin (11 cards melded) is allowed.")
      .def(
          "knock_limit_for", [](const Rules& r, const CardLike& upcard) { return r.knock_limit_for(to_card(upcard)); },
          py::arg("upcard"),
          "The knock limit of a round opened by this upcard: knock_limit, or under Oklahoma min(knock_limit, the "
          "upcard's value), an Ace meaning 1 or 0 (gin only).")
      .def(
          "replace",
          [](const Rules& r, const py::kwargs& kw) {
            py::dict d = rules_fields(r);
            for (auto item : kw) d[item.first] = item.second;
            return rules_from(d);
          },
          "A copy with the given fields changed (validated).")
      .def(
          "to_dict",
          [](const Rules& r) {
            py::dict d = rules_fields(r);
            if (r.oklahoma) d["oklahoma"] = *r.oklahoma == gin::OklahomaAce::One ? "ONE" : "GIN_ONLY";
            if (r.shutout) {
              py::dict s;
              s["kind"] = r.shutout->kind() == Shutout::Kind::DoubleTotal        ? "DOUBLE_TOTAL"
                          : r.shutout->kind() == Shutout::Kind::DoubleHandPoints ? "DOUBLE_HAND_POINTS"
                                                                                 : "FLAT";
              s["amount"] = r.shutout->amount();
              d["shutout"] = s;
            }
            return d;
          },
          "The fields as a JSON-ready dict (enums as their names).")
      .def("__repr__", &Rules::repr)
      .def("__eq__", value_eq<Rules>(), py::arg("other"), py::is_operator())
      .def("__hash__", [](const Rules& r) { return py::hash(py::str(r.repr())); })
      .def("__copy__", [](const Rules& r) { return r; })
      .def(
          "__deepcopy__", [](const Rules& r, const py::object&) { return r; }, py::arg("memo"))
      .def(py::pickle([](const Rules& r) { return py::make_tuple(1, rules_fields(r)); },
                      [](const py::tuple& t) {
                        try {
                          if (t.size() != 2 || t[0].cast<int>() != 1) throw core::FormatError("unknown version");
                          return rules_from(t[1].cast<py::dict>());
                        } catch (const std::exception& e) {
                          throw core::FormatError(std::string("corrupt Rules pickle: ") + e.what());
                        }
                      }));
}

void bind_round_result(py::module_& m) {
  py::native_enum<gin::ResultKind>(m, "ResultKind", "enum.Enum",
                                   "How a hand ended: DEAD (stock down to two cards), KNOCK, UNDERCUT, GIN, BIG_GIN.")
      .value("DEAD", gin::ResultKind::Dead)
      .value("KNOCK", gin::ResultKind::Knock)
      .value("UNDERCUT", gin::ResultKind::Undercut)
      .value("GIN", gin::ResultKind::Gin)
      .value("BIG_GIN", gin::ResultKind::BigGin)
      .finalize();

  py::class_<RoundResult>(m, "RoundResult",
                          "The outcome of one hand, independent of bonus values: kind, knocker, winner, both "
                          "deadwoods and the cards laid off; points(rules) prices it. Build one with "
                          "RoundResult.knock(...) (which decides KNOCK or UNDERCUT by the rules), .gin, .big_gin, "
                          ".dead, or the validated raw constructor.")
      .def(py::init([](const Arg<gin::ResultKind>& kind, const OptArg<gin::Player>& knocker, const Arg<py::int_>& kdw,
                       const Arg<py::int_>& ddw, const CardsLike& laid) {
             return RoundResult(cast_arg<gin::ResultKind>(kind, "a ResultKind"), to_opt_player(knocker),
                                int_arg(kdw, "knocker_deadwood"), int_arg(ddw, "defender_deadwood"), to_cardset(laid));
           }),
           py::arg("kind"), py::arg("knocker") = py::none(), py::arg("knocker_deadwood") = 0,
           py::arg("defender_deadwood") = 0, py::arg("laid_off") = core::CardSet(),
           "The raw constructor; InvalidValueError when the fields do not fit the kind.")
      .def_static("dead", &RoundResult::dead, "A dead hand: nobody scores.")
      .def_static(
          "knock",
          [](const Arg<gin::Player>& knocker, const Arg<py::int_>& kdw, const Arg<py::int_>& ddw, const CardsLike& laid,
             const Arg<Rules>& rules) {
            return RoundResult::knock(to_player(knocker), int_arg(kdw, "knocker_deadwood"),
                                      int_arg(ddw, "defender_deadwood"), to_cardset(laid), to_rules(rules));
          },
          py::arg("knocker"), py::arg("knocker_deadwood"), py::arg("defender_deadwood"),
          py::arg("laid_off") = core::CardSet(), py::arg("rules") = Rules{},
          "A knock: KNOCK, or UNDERCUT when the defender holds less (or equal under rules.undercut_on_tie).")
      .def_static(
          "gin",
          [](const Arg<gin::Player>& knocker, const Arg<py::int_>& ddw) {
            return RoundResult::gin(to_player(knocker), int_arg(ddw, "defender_deadwood"));
          },
          py::arg("knocker"), py::arg("defender_deadwood"), "A gin: the knocker melded all 10 cards.")
      .def_static(
          "big_gin",
          [](const Arg<gin::Player>& knocker, const Arg<py::int_>& ddw) {
            return RoundResult::big_gin(to_player(knocker), int_arg(ddw, "defender_deadwood"));
          },
          py::arg("knocker"), py::arg("defender_deadwood"), "A big gin: the knocker melded all 11 cards.")
      .def_property_readonly("kind", &RoundResult::kind, "DEAD, KNOCK, UNDERCUT, GIN or BIG_GIN.")
      .def_property_readonly("knocker", &RoundResult::knocker, "Who knocked (or went gin); None for a dead hand.")
      .def_property_readonly("defender", &RoundResult::defender, "The knocker's opponent; None for a dead hand.")
      .def_property_readonly("winner", &RoundResult::winner, "Who scores: the knocker, or the defender on an undercut.")
      .def_property_readonly("loser", &RoundResult::loser, "The winner's opponent; None for a dead hand.")
      .def_property_readonly("knocker_deadwood", &RoundResult::knocker_deadwood, "The knocker's deadwood.")
      .def_property_readonly("defender_deadwood", &RoundResult::defender_deadwood,
                             "The defender's deadwood after its layoffs (none against gin).")
      .def_property_readonly("laid_off", &RoundResult::laid_off, "The cards the defender laid off.")
      .def(
          "points", [](const RoundResult& r, const Arg<Rules>& rules) { return r.points(to_rules(rules)); },
          py::arg("rules") = Rules{},
          "The winner's points under the rules: KNOCK the deadwood difference, UNDERCUT the difference + undercut "
          "bonus, GIN gin bonus + the defender's deadwood, BIG_GIN big gin bonus + it, DEAD 0.")
      .def("__repr__", &RoundResult::repr)
      .def("__eq__", value_eq<RoundResult>(), py::arg("other"), py::is_operator())
      .def("__hash__",
           [](const RoundResult& r) {
             return py::hash(py::make_tuple(static_cast<int>(r.kind()),
                                            r.knocker() ? static_cast<int>(*r.knocker()) : -1, r.knocker_deadwood(),
                                            r.defender_deadwood(), r.laid_off().mask()));
           })
      .def("__copy__", [](const RoundResult& r) { return r; })
      .def(
          "__deepcopy__", [](const RoundResult& r, const py::object&) { return r; }, py::arg("memo"))
      .def(py::pickle(
          [](const RoundResult& r) {
            return py::make_tuple(static_cast<int>(r.kind()), r.knocker() ? static_cast<int>(*r.knocker()) : -1,
                                  r.knocker_deadwood(), r.defender_deadwood(), r.laid_off().mask());
          },
          [](const py::tuple& t) {
            try {
              if (t.size() != 5) throw core::FormatError("expected 5 fields");
              const int k = t[0].cast<int>(), p = t[1].cast<int>();
              if (k < 0 || k > 4 || p < -1 || p > 1) throw core::FormatError("bad kind or knocker");
              std::optional<gin::Player> knocker;
              if (p >= 0) knocker = static_cast<gin::Player>(p);
              return RoundResult(static_cast<gin::ResultKind>(k), knocker, t[2].cast<int>(), t[3].cast<int>(),
                                 core::CardSet::from_mask(t[4].cast<std::uint64_t>()));
            } catch (const std::exception& e) {
              throw core::FormatError(std::string("corrupt RoundResult pickle: ") + e.what());
            }
          }));
}

void bind_layoffs(py::module_& m) {
  py::class_<gin::Layoff>(m, "Layoff",
                          "The result of best_layoff: the cards laid off (in all and per meld), the grown melds, and "
                          "the kept cards arranged optimally with their deadwood.")
      .def_readonly("laid", &gin::Layoff::laid, "Every card laid off.")
      .def_readonly("laid_on", &gin::Layoff::laid_on, "Per meld (same index as the input melds): the cards laid on it.")
      .def_readonly("melds", &gin::Layoff::melds, "The grown melds, in the input order.")
      .def_readonly("remaining", &gin::Layoff::remaining, "The cards kept, arranged optimally among themselves.")
      .def_readonly("deadwood", &gin::Layoff::deadwood, "The deadwood left after the layoff.")
      .def("__repr__",
           [](const gin::Layoff& l) {
             return "<Layoff laid='" + l.laid.str() + "' deadwood=" + std::to_string(l.deadwood) + " remaining='" +
                    l.remaining.str() + "'>";
           })
      .def("__eq__", value_eq<gin::Layoff>(), py::arg("other"), py::is_operator())
      .def(py::pickle(
          [](const gin::Layoff& l) { return py::make_tuple(l.laid, l.laid_on, l.melds, l.remaining, l.deadwood); },
          [](const py::tuple& t) {
            try {
              if (t.size() != 5) throw core::FormatError("expected 5 fields");
              gin::Layoff l;
              l.laid = t[0].cast<core::CardSet>();
              l.laid_on = t[1].cast<std::vector<core::CardSet>>();
              l.melds = t[2].cast<std::vector<Meld>>();
              l.remaining = t[3].cast<Melds>();
              l.deadwood = t[4].cast<int>();
              return l;
            } catch (const std::exception& e) {
              throw core::FormatError(std::string("corrupt Layoff pickle: ") + e.what());
            }
          }));

  using MeldsArg = py::typing::Union<Melds, py::typing::Iterable<py::typing::Union<Meld, core::CardSet, py::str>>>;
  m.def(
      "best_layoff",
      [](const CardsLike& cards, const MeldsArg& melds) {
        const core::CardSet c = to_cardset(cards);
        const std::vector<Meld> v = to_melds(melds);
        return gin::best_layoff(c, v);
      },
      py::arg("cards"), py::arg("melds"),
      "The layoff of `cards` (the defender's hand, at most 11 cards) onto the knocker's `melds` that leaves the least "
      "deadwood, the kept cards melded optimally among themselves: the joint optimum, so a card may leave one of the "
      "defender's own melds to be laid off. Searched, not greedy: a 3-set takes its fourth card, a run extends at "
      "either end and chains. Ties: more cards laid, then the first found. ArrangeError on overlapping input.");

  py::class_<gin::Settlement>(m, "Settlement",
                              "The result of settle(): the RoundResult, its points under the rules, the knocker's "
                              "melds after the layoffs and the defender's kept cards arranged.")
      .def_readonly("result", &gin::Settlement::result, "The RoundResult.")
      .def_readonly("points", &gin::Settlement::points, "The winner's points under the rules given to settle().")
      .def_readonly("spread", &gin::Settlement::spread, "The knocker's melds, grown by the layoffs.")
      .def_readonly("defender_melds", &gin::Settlement::defender_melds, "The defender's kept cards, arranged.")
      .def_property_readonly(
          "kind", [](const gin::Settlement& s) { return s.result.kind(); }, "KNOCK, UNDERCUT, GIN or BIG_GIN.")
      .def_property_readonly(
          "winner", [](const gin::Settlement& s) { return s.result.winner(); }, "Who scores.")
      .def_property_readonly(
          "loser", [](const gin::Settlement& s) { return s.result.loser(); }, "The other player.")
      .def_property_readonly(
          "knocker", [](const gin::Settlement& s) { return s.result.knocker(); }, "Who knocked.")
      .def_property_readonly(
          "knocker_deadwood", [](const gin::Settlement& s) { return s.result.knocker_deadwood(); },
          "The knocker's deadwood.")
      .def_property_readonly(
          "defender_deadwood", [](const gin::Settlement& s) { return s.result.defender_deadwood(); },
          "The defender's deadwood after layoffs.")
      .def_property_readonly(
          "laid_off", [](const gin::Settlement& s) { return s.result.laid_off(); }, "The cards laid off.")
      .def("__repr__",
           [](const gin::Settlement& s) {
             return "<Settlement " + s.result.repr() + " points=" + std::to_string(s.points) + ">";
           })
      .def("__eq__", value_eq<gin::Settlement>(), py::arg("other"), py::is_operator())
      .def(py::pickle(
          [](const gin::Settlement& s) { return py::make_tuple(s.result, s.points, s.spread, s.defender_melds); },
          [](const py::tuple& t) {
            try {
              if (t.size() != 4) throw core::FormatError("expected 4 fields");
              gin::Settlement s;
              s.result = t[0].cast<RoundResult>();
              s.points = t[1].cast<int>();
              s.spread = t[2].cast<std::vector<Meld>>();
              s.defender_melds = t[3].cast<Melds>();
              return s;
            } catch (const std::exception& e) {
              throw core::FormatError(std::string("corrupt Settlement pickle: ") + e.what());
            }
          }));

  m.def(
      "settle",
      [](const Arg<Melds>& knocker_melds, const CardsLike& defender_cards, const Arg<Rules>& rules,
         const Arg<gin::Player>& knocker) {
        return gin::settle(cast_arg<Melds>(knocker_melds, "the knocker's Melds (use best_melds(hand))"),
                           to_cardset(defender_cards), to_rules(rules), to_player(knocker));
      },
      py::arg("knocker_melds"), py::arg("defender_cards"), py::arg("rules") = Rules{},
      py::arg_v("knocker", gin::Player::One, "Player.ONE"),
      "Settle a hand: gin when the knocker's arrangement has no deadwood (big gin with 11 cards; InvalidValueError "
      "when the rules disable it), else a knock where the defender lays off optimally (the joint optimum over "
      "layoffs and its own melds; none against gin). A tie is an undercut when rules.undercut_on_tie. "
      "InvalidValueError over the knock limit; ArrangeError when the hands overlap.");
}

void bind_match_result(py::module_& m) {
  py::class_<gin::MatchResult>(
      m, "MatchResult",
      "What a whole match came to (Game::Gin::Scoring's match_result): the winner (who reached the "
      "target), per-player hand points, hands won, box bonuses and totals (tuples indexed by "
      "Player), whether it was a shutout, the target and the hands played.")
      .def_readonly("winner", &gin::MatchResult::winner, "Who reached the target first; None if nobody has.")
      .def_readonly("loser", &gin::MatchResult::loser, "The winner's opponent; None if nobody has won.")
      .def_property_readonly(
          "hand_points", [](const gin::MatchResult& r) { return pair(r.hand_points); },
          "The points of the hands each player won.")
      .def_property_readonly(
          "hands_won", [](const gin::MatchResult& r) { return pair(r.hands_won); },
          "The hands each player won (dead hands count for nobody).")
      .def_property_readonly(
          "boxes", [](const gin::MatchResult& r) { return pair(r.boxes); }, "The box bonuses: box_bonus per hand won.")
      .def_property_readonly(
          "totals", [](const gin::MatchResult& r) { return pair(r.totals); },
          "The final scores with every bonus (they may invert: the winner is who reached the target).")
      .def_readonly("shutout", &gin::MatchResult::shutout, "Whether the loser won no hand.")
      .def_readonly("target", &gin::MatchResult::target, "The target score.")
      .def_readonly("hands_played", &gin::MatchResult::hands_played, "The hands up to the deciding one.")
      .def_property_readonly(
          "is_over", [](const gin::MatchResult& r) { return r.winner.has_value(); },
          "Whether somebody reached the target.")
      .def("__repr__",
           [](const gin::MatchResult& r) {
             return "<MatchResult winner=" + opt_player(r.winner) + " totals=(" + std::to_string(r.totals[0]) + ", " +
                    std::to_string(r.totals[1]) + ") hands_won=(" + std::to_string(r.hands_won[0]) + ", " +
                    std::to_string(r.hands_won[1]) + ") shutout=" + (r.shutout ? "True" : "False") + ">";
           })
      .def("__eq__", value_eq<gin::MatchResult>(), py::arg("other"), py::is_operator())
      .def(py::pickle(
          [](const gin::MatchResult& r) {
            auto p = [](std::optional<gin::Player> x) { return x ? static_cast<int>(*x) : -1; };
            return py::make_tuple(p(r.winner), p(r.loser), r.hand_points, r.hands_won, r.boxes, r.shutout, r.totals,
                                  r.target, r.hands_played);
          },
          [](const py::tuple& t) {
            try {
              if (t.size() != 9) throw core::FormatError("expected 9 fields");
              auto p = [](int x) -> std::optional<gin::Player> {
                if (x < -1 || x > 1) throw core::FormatError("bad player");
                if (x < 0) return std::nullopt;
                return static_cast<gin::Player>(x);
              };
              gin::MatchResult r;
              r.winner = p(t[0].cast<int>());
              r.loser = p(t[1].cast<int>());
              r.hand_points = t[2].cast<std::array<int, 2>>();
              r.hands_won = t[3].cast<std::array<int, 2>>();
              r.boxes = t[4].cast<std::array<int, 2>>();
              r.shutout = t[5].cast<bool>();
              r.totals = t[6].cast<std::array<int, 2>>();
              r.target = t[7].cast<int>();
              r.hands_played = t[8].cast<int>();
              return r;
            } catch (const std::exception& e) {
              throw core::FormatError(std::string("corrupt MatchResult pickle: ") + e.what());
            }
          }));

  m.def(
      "match_result",
      [](const py::typing::Union<py::typing::Iterable<RoundResult>>& hands, const OptArg<py::int_>& target_arg,
         const Arg<Rules>& rules) {
        if (!py::isinstance<py::iterable>(hands))
          throw core::WrongType("match_result takes an iterable of RoundResult, got " + type_name(hands) + " " +
                                quoted_repr(hands));
        std::optional<int> target;
        if (!target_arg.is_none()) target = int_arg(target_arg, "target");
        std::vector<RoundResult> v;
        for (py::handle h : hands) {
          if (!py::isinstance<RoundResult>(h))
            throw core::WrongType("match_result takes RoundResult objects, got " + type_name(h) + " " + quoted_repr(h));
          v.push_back(h.cast<RoundResult>());
        }
        return gin::match_result(v, to_rules(rules), target);
      },
      py::arg("hands"), py::arg("target") = py::none(), py::arg("rules") = Rules{},
      "What a match came to, from its hands in order: the first to reach the target (rules.game_target when None; "
      "box bonuses count towards it under rules.immediate_boxes) wins; then each hand won pays rules.box_bonus, the "
      "winner gets rules.game_bonus, and a shutout (the loser won no hand) applies rules.shutout. A dead hand pays "
      "no box and breaks no shutout. InvalidValueError for a hand after the deciding one.");
}

}  // namespace

void register_gin_scoring(py::module_& m) {
  bind_constants(m);
  bind_rules(m);
  bind_round_result(m);
  bind_layoffs(m);
  bind_match_result(m);
}

}  // namespace parlour::bindings
