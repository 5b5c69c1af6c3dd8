// Bindings for the gin coach in parlour._core.gin: advise, review, their result types
// and the match odds (glue only; the search and the reasons live in cpp/src/gin).
// Why one file: the four result types nest (an Advice holds ActionAdvice, a Review its
// ReviewItems, each holding two ActionAdvice), so their to_dict, pickling and repr
// helpers build on each other; most of the length is docstrings.
#include <cmath>
#include <limits>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <pybind11/stl.h>

#include "../interrupt.hpp"
#include "gin.hpp"
#include "parlour/gin/coach.hpp"
#include "parlour/gin/match_odds.hpp"

namespace parlour::bindings {

using gin::ActionAdvice;
using gin::Advice;
using gin::Review;
using gin::ReviewItem;

namespace {

// The coach's budgets from Python values, as ExpertBot takes them: nodes an int >= 1 or
// None, budget_ms a number > 0 or None (both None: the default node budget).
gin::CoachParams coach_params(py::handle nodes, py::handle budget_ms, py::handle threads, py::handle seed) {
  gin::CoachParams p;
  p.nodes = 0;
  if (!budget_ms.is_none()) {
    if (py::isinstance<py::bool_>(budget_ms) ||
        !(py::isinstance<py::float_>(budget_ms) || py::isinstance<py::int_>(budget_ms)))
      throw core::WrongType("budget_ms must be a number of milliseconds or None, got " + type_name(budget_ms) + " " +
                            quoted_repr(budget_ms));
    try {
      p.budget_ms = budget_ms.cast<double>();
    } catch (const py::cast_error&) { p.budget_ms = std::numeric_limits<double>::infinity(); }
    if (!(p.budget_ms > 0.0) || !std::isfinite(p.budget_ms))
      throw core::InvalidValue("budget_ms must be a finite number > 0, got " + quoted_repr(budget_ms));
  }
  if (!nodes.is_none()) {
    p.nodes = to_int(nodes, "nodes", 1, std::int64_t{1} << 48);
  } else if (budget_ms.is_none()) {
    p.nodes = gin::kCoachDefaultNodes;
  }
  p.threads = core::resolve_threads(to_int(threads, "threads", 0, 1 << 20), "threads");
  p.seed = to_seed(seed);
  p.validate();
  return p;
}

const gin::Observation& observation_arg(py::handle obj) {
  if (!py::isinstance<gin::Observation>(obj))
    throw core::WrongType("advice is for an Observation (round.observation(round.turn)), got " + type_name(obj) + " " +
                          quoted_repr(obj));
  return obj.cast<const gin::Observation&>();
}

py::object opt_float(const std::optional<double>& x) { return x ? py::object(py::float_(*x)) : py::none(); }

py::list text_list(const std::vector<std::string>& v) {
  py::list out;
  for (const std::string& s : v) out.append(s);
  return out;
}

py::list card_texts(core::CardSet s) {
  py::list out;
  for (core::Card c : s) out.append(c.str());
  return out;
}

std::string fixed(double x, int digits) {
  std::ostringstream o;
  o.precision(digits);
  o << std::fixed << x;
  return o.str();
}

// ---------------------------------------------------------------- to_dict

JsonDict action_dict(const ActionAdvice& a) {
  JsonDict d;
  d["action"] = a.action.str();
  d["id"] = a.action.id();
  d["rank"] = a.rank;
  d["value"] = a.value;
  d["points"] = a.points;
  d["match_win"] = opt_float(a.match_win);
  d["win_hand"] = a.win_hand;
  d["opponent_ends_soon"] = a.opponent_ends_soon;
  d["opponent_uses"] = opt_float(a.opponent_uses);
  d["loss"] = a.loss;
  d["loss_se"] = a.loss_se;
  d["points_loss"] = a.points_loss;
  d["points_loss_se"] = a.points_loss_se;
  d["worlds"] = a.worlds;
  d["kept"] = a.kept;
  d["exact"] = a.exact;
  py::list melds;
  for (const gin::Meld& m : a.melds_after.melds()) melds.append(card_texts(m.cards()));
  d["melds_after"] = melds;
  d["deadwood_cards"] = card_texts(a.melds_after.deadwood_cards());
  d["deadwood_after"] = a.deadwood_after;
  d["expected_deadwood"] = opt_float(a.expected_deadwood);
  d["outs"] = card_texts(a.outs);
  d["opponent_took_near"] = card_texts(a.opponent_took_near);
  d["opponent_threw_near"] = card_texts(a.opponent_threw_near);
  d["reasons"] = text_list(a.reasons);
  return d;
}

JsonDict advice_dict(const Advice& a) {
  JsonDict d;
  d["seat"] = static_cast<int>(a.seat);
  d["phase"] = gin::phase_name(a.phase);
  py::list actions;
  for (const ActionAdvice& x : a.actions) actions.append(action_dict(x));
  d["actions"] = actions;
  d["best"] = a.actions.empty() ? py::object(py::none()) : py::object(py::str(a.best().action.str()));
  d["by_match"] = a.by_match;
  d["match_scores"] =
      a.match_target > 0 ? py::object(py::make_tuple(a.match_scores[0], a.match_scores[1])) : py::object(py::none());
  d["match_target"] = a.match_target > 0 ? py::object(py::int_(a.match_target)) : py::object(py::none());
  d["worlds"] = a.worlds;
  d["nodes"] = a.nodes;
  d["effective_worlds"] = a.effective_worlds;
  d["live"] = card_texts(a.live);
  d["opponent_took"] = card_texts(a.opponent_took);
  d["opponent_declined"] = card_texts(a.opponent_declined);
  d["opponent_discarded"] = card_texts(a.opponent_discarded);
  py::list quiet;
  for (core::Suit s : a.opponent_quiet_suits) quiet.append(core::suit_name(s));
  d["opponent_quiet_suits"] = quiet;
  py::list likely;
  for (const auto& [c, p] : a.opponent_likely) likely.append(py::make_tuple(c.str(), p));
  d["opponent_likely"] = likely;
  d["opponent_can_knock"] = a.opponent_can_knock;
  d["summary"] = text_list(a.summary);
  return d;
}

JsonDict item_dict(const ReviewItem& r) {
  JsonDict d;
  d["index"] = r.index;
  d["phase"] = gin::phase_name(r.phase);
  d["stock_size"] = r.stock_size;
  d["hand"] = card_texts(r.hand);
  d["played"] = action_dict(r.played);
  d["better"] = action_dict(r.better);
  d["loss"] = r.loss;
  d["points_loss"] = r.points_loss;
  d["by_match"] = r.by_match;
  d["reasons"] = text_list(r.reasons);
  return d;
}

JsonDict review_dict(const Review& r) {
  JsonDict d;
  d["seat"] = static_cast<int>(r.seat);
  d["decisions"] = r.decisions;
  d["searched"] = r.searched;
  py::list items;
  for (const ReviewItem& x : r.mistakes) items.append(item_dict(x));
  d["mistakes"] = items;
  d["points_lost"] = r.points_lost;
  d["nodes"] = r.nodes;
  return d;
}

// ---------------------------------------------------------------- pickling (tuples of fields)

py::tuple action_state(const ActionAdvice& a) {
  return py::make_tuple(a.action, a.rank, a.value, a.points, opt_float(a.match_win), a.win_hand, a.opponent_ends_soon,
                        opt_float(a.opponent_uses), a.loss, a.loss_se, a.points_loss, a.points_loss_se, a.worlds,
                        a.kept, a.exact, a.melds_after, a.deadwood_after, opt_float(a.expected_deadwood), a.outs,
                        a.opponent_took_near, a.opponent_threw_near, a.reasons);
}

std::optional<double> opt_from(py::handle h) {
  if (h.is_none()) return std::nullopt;
  return h.cast<double>();
}

ActionAdvice action_from(const py::tuple& t) {
  if (t.size() != 22) throw core::FormatError("not a pickled gin ActionAdvice");
  ActionAdvice a;
  a.action = t[0].cast<gin::Action>();
  a.rank = t[1].cast<int>();
  a.value = t[2].cast<double>();
  a.points = t[3].cast<double>();
  a.match_win = opt_from(t[4]);
  a.win_hand = t[5].cast<double>();
  a.opponent_ends_soon = t[6].cast<double>();
  a.opponent_uses = opt_from(t[7]);
  a.loss = t[8].cast<double>();
  a.loss_se = t[9].cast<double>();
  a.points_loss = t[10].cast<double>();
  a.points_loss_se = t[11].cast<double>();
  a.worlds = t[12].cast<int>();
  a.kept = t[13].cast<bool>();
  a.exact = t[14].cast<bool>();
  a.melds_after = t[15].cast<gin::Melds>();
  a.deadwood_after = t[16].cast<int>();
  a.expected_deadwood = opt_from(t[17]);
  a.outs = t[18].cast<core::CardSet>();
  a.opponent_took_near = t[19].cast<core::CardSet>();
  a.opponent_threw_near = t[20].cast<core::CardSet>();
  a.reasons = t[21].cast<std::vector<std::string>>();
  return a;
}

py::tuple advice_state(const Advice& a) {
  py::list actions;
  for (const ActionAdvice& x : a.actions) actions.append(action_state(x));
  py::list quiet;
  for (core::Suit s : a.opponent_quiet_suits) quiet.append(static_cast<int>(s));
  py::list likely;
  for (const auto& [c, p] : a.opponent_likely) likely.append(py::make_tuple(c, p));
  return py::make_tuple(static_cast<int>(a.seat), static_cast<int>(a.phase), actions, a.by_match, a.match_scores[0],
                        a.match_scores[1], a.match_target, a.worlds, a.nodes, a.effective_worlds, a.live,
                        a.opponent_took, a.opponent_declined, a.opponent_discarded, quiet, likely, a.opponent_can_knock,
                        a.summary);
}

Advice advice_from(const py::tuple& t) {
  if (t.size() != 18) throw core::FormatError("not a pickled gin Advice");
  Advice a;
  a.seat = static_cast<gin::Player>(t[0].cast<int>());
  a.phase = static_cast<gin::Phase>(t[1].cast<int>());
  for (const py::handle x : t[2]) a.actions.push_back(action_from(x.cast<py::tuple>()));
  a.by_match = t[3].cast<bool>();
  a.match_scores = {t[4].cast<int>(), t[5].cast<int>()};
  a.match_target = t[6].cast<int>();
  a.worlds = t[7].cast<int>();
  a.nodes = t[8].cast<std::int64_t>();
  a.effective_worlds = t[9].cast<double>();
  a.live = t[10].cast<core::CardSet>();
  a.opponent_took = t[11].cast<core::CardSet>();
  a.opponent_declined = t[12].cast<core::CardSet>();
  a.opponent_discarded = t[13].cast<core::CardSet>();
  for (const py::handle x : t[14]) a.opponent_quiet_suits.push_back(static_cast<core::Suit>(x.cast<int>()));
  for (const py::handle x : t[15]) {
    const auto pair = x.cast<py::tuple>();
    a.opponent_likely.emplace_back(pair[0].cast<core::Card>(), pair[1].cast<double>());
  }
  a.opponent_can_knock = t[16].cast<double>();
  a.summary = t[17].cast<std::vector<std::string>>();
  return a;
}

py::tuple item_state(const ReviewItem& r) {
  return py::make_tuple(r.index, static_cast<int>(r.phase), r.stock_size, r.hand, action_state(r.played),
                        action_state(r.better), r.loss, r.points_loss, r.by_match, r.reasons);
}

ReviewItem item_from(const py::tuple& t) {
  if (t.size() != 10) throw core::FormatError("not a pickled gin ReviewItem");
  ReviewItem r;
  r.index = t[0].cast<int>();
  r.phase = static_cast<gin::Phase>(t[1].cast<int>());
  r.stock_size = t[2].cast<int>();
  r.hand = t[3].cast<core::CardSet>();
  r.played = action_from(t[4].cast<py::tuple>());
  r.better = action_from(t[5].cast<py::tuple>());
  r.loss = t[6].cast<double>();
  r.points_loss = t[7].cast<double>();
  r.by_match = t[8].cast<bool>();
  r.reasons = t[9].cast<std::vector<std::string>>();
  return r;
}

// ---------------------------------------------------------------- reprs

std::string action_repr(const ActionAdvice& a) {
  std::string s = "<gin.ActionAdvice #" + std::to_string(a.rank) + " " + core::quote(a.action.str()) +
                  " points=" + fixed(a.points, 2);
  if (a.match_win) s += " match_win=" + fixed(*a.match_win, 3);
  return s + " worlds=" + std::to_string(a.worlds) + ">";
}

std::string advice_repr(const Advice& a) {
  std::string s = std::string("<gin.Advice for Player.") + (a.seat == gin::Player::One ? "ONE" : "TWO") + " " +
                  gin::phase_name(a.phase);
  if (!a.actions.empty()) s += " best=" + core::quote(a.best().action.str());
  return s + " " + std::to_string(a.actions.size()) + " actions, " + std::to_string(a.worlds) + " worlds>";
}

std::string review_repr(const Review& r) {
  return std::string("<gin.Review of Player.") + (r.seat == gin::Player::One ? "ONE" : "TWO") + " " +
         std::to_string(r.decisions) + " decisions, " + std::to_string(r.mistakes.size()) + " mistakes, " +
         fixed(r.points_lost, 1) + " points lost>";
}

std::vector<gin::Decision> decisions_from(py::handle history) {
  if (py::isinstance<py::str>(history) || !py::hasattr(history, "__iter__"))
    throw core::WrongType("a history is a sequence of (observation, action) pairs, got " + type_name(history));
  std::vector<gin::Decision> out;
  for_each_item(history, "history", [&](py::handle item) {
    if (!py::isinstance<py::tuple>(item) && !py::isinstance<py::list>(item))
      throw core::WrongType("each decision of a history is an (observation, action) pair, got " + type_name(item) +
                            " " + quoted_repr(item));
    const auto seq = py::reinterpret_borrow<py::sequence>(item);
    if (seq.size() != 2)
      throw core::WrongType("each decision of a history is an (observation, action) pair, got " +
                            std::to_string(seq.size()) + " items");
    out.push_back({observation_arg(seq[0]), to_gin_action(seq[1])});
  });
  return out;
}

void bind_advice_results(py::module_& m) {
  py::class_<ActionAdvice>(m, "ActionAdvice",
                           "One legal action as the coach weighs it: ExpertBot's search values and the checkable "
                           "facts behind them.")
      .def_readonly("action", &ActionAdvice::action, "The action (a knock with the arrangement it was valued with).")
      .def_readonly("rank", &ActionAdvice::rank, "Its place in the ranking, 1 for the best.")
      .def_readonly("value", &ActionAdvice::value,
                    "What the ranking uses: the expected points of the hand, or in a match the chance to win the "
                    "match after the hand.")
      .def_readonly("points", &ActionAdvice::points, "The expected points of the hand for the seat.")
      .def_property_readonly(
          "match_win", [](const ActionAdvice& a) { return a.match_win; },
          "In a match, the chance to win the match after the hand (a model of the hands to come); None otherwise.")
      .def_readonly("win_hand", &ActionAdvice::win_hand,
                    "The share of the sampled deals in which the seat wins the hand.")
      .def_readonly("opponent_ends_soon", &ActionAdvice::opponent_ends_soon,
                    "The share of the sampled deals in which the opponent knocks or goes gin within its next two "
                    "turns.")
      .def_property_readonly(
          "opponent_uses", [](const ActionAdvice& a) { return a.opponent_uses; },
          "A discard: the share of the opponent hands the search sampled with which the card makes a meld; None for "
          "other actions.")
      .def_readonly("loss", &ActionAdvice::loss,
                    "Its value below the best action's, on the deals both were weighed on.")
      .def_readonly("loss_se", &ActionAdvice::loss_se, "The standard error of loss.")
      .def_readonly("points_loss", &ActionAdvice::points_loss, "The same loss in expected points.")
      .def_readonly("points_loss_se", &ActionAdvice::points_loss_se, "The standard error of points_loss.")
      .def_readonly("worlds", &ActionAdvice::worlds, "The sampled deals it was weighed on.")
      .def_readonly("kept", &ActionAdvice::kept,
                    "Whether it was still in the running when the search stopped (else dropped as clearly worse).")
      .def_readonly("exact", &ActionAdvice::exact, "A knock, big gin or layoff: settled exactly in each deal.")
      .def_readonly("melds_after", &ActionAdvice::melds_after,
                    "The best arrangement of the ten cards kept after the action (after taking the face-up card: "
                    "after its best discard).")
      .def_readonly("deadwood_after", &ActionAdvice::deadwood_after, "The deadwood of melds_after.")
      .def_property_readonly(
          "expected_deadwood", [](const ActionAdvice& a) { return a.expected_deadwood; },
          "A stock draw: the deadwood after the best discard, on average over the live cards; None otherwise.")
      .def_readonly("outs", &ActionAdvice::outs, "The live cards that would lower deadwood_after if drawn.")
      .def_readonly("opponent_took_near", &ActionAdvice::opponent_took_near,
                    "A discard: the cards of its rank or of its suit within two ranks that the opponent took from "
                    "the pile.")
      .def_readonly("opponent_threw_near", &ActionAdvice::opponent_threw_near,
                    "A discard: such cards the opponent threw or passed on.")
      .def_property_readonly(
          "reasons", [](const ActionAdvice& a) { return a.reasons; }, "The reasons, as plain sentences.")
      .def("to_dict", &action_dict, "A JSON-ready dict (cards and actions as text).")
      .def("__repr__", &action_repr)
      .def(py::pickle(&action_state, &action_from));

  py::class_<Advice>(m, "Advice",
                     "Every legal action of the seat to act, ranked by ExpertBot's search (best first), with what the "
                     "seat knows of the opponent.")
      .def_property_readonly(
          "seat", [](const Advice& a) { return player_object(a.seat); }, "The seat advised.")
      .def_property_readonly(
          "phase", [](const Advice& a) { return Member<gin::Phase>{a.phase}; }, "The phase of the decision.")
      .def_readonly("actions", &Advice::actions, "Every legal action's ActionAdvice, best first.")
      .def_property_readonly(
          "best", [](const Advice& a) { return a.best(); }, "The best action's ActionAdvice.")
      .def_readonly("by_match", &Advice::by_match, "Whether the ranking is by the chance to win the match.")
      .def_property_readonly(
          "match_scores",
          [](const Advice& a) -> std::optional<std::pair<int, int>> {
            if (a.match_target == 0) return std::nullopt;
            return std::make_pair(a.match_scores[0], a.match_scores[1]);
          },
          "In a match, the scores (the seat's, the opponent's); None otherwise.")
      .def_property_readonly(
          "match_target",
          [](const Advice& a) -> py::object {
            return a.match_target ? py::object(py::int_(a.match_target)) : py::none();
          },
          "In a match, the score it runs to; None otherwise.")
      .def_readonly("worlds", &Advice::worlds, "The deals the search sampled.")
      .def_readonly("nodes", &Advice::nodes, "The playout actions it simulated.")
      .def_readonly("effective_worlds", &Advice::effective_worlds, "The effective number of deals (weights).")
      .def_readonly("live", &Advice::live,
                    "The cards the seat has not seen: the stock and the opponent's hidden cards.")
      .def_readonly("opponent_took", &Advice::opponent_took, "The cards the opponent took from the pile and holds.")
      .def_readonly("opponent_declined", &Advice::opponent_declined, "The face-up cards it passed on or covered.")
      .def_readonly("opponent_discarded", &Advice::opponent_discarded, "Every card it threw.")
      .def_property_readonly(
          "opponent_quiet_suits",
          [](const Advice& a) {
            py::list out;
            for (core::Suit s : a.opponent_quiet_suits)
              out.append(py::module_::import("parlour.cards").attr("Suit")(static_cast<int>(s)));
            return out;
          },
          "The suits the opponent threw earlier but not in its last three discards (after five or more).")
      .def_readonly("opponent_likely", &Advice::opponent_likely,
                    "The live cards the opponent holds in at least 40 % of the hands the search sampled, with that "
                    "share, most likely first.")
      .def_readonly("opponent_can_knock", &Advice::opponent_can_knock,
                    "The share of the sampled opponent hands already within the knock limit.")
      .def_property_readonly(
          "summary", [](const Advice& a) { return a.summary; }, "The position, as plain sentences.")
      .def(
          "find",
          [](const Advice& a, const Arg<GinActionLike>& action) -> std::optional<ActionAdvice> {
            const ActionAdvice* x = a.find(to_gin_action(action));
            if (x == nullptr) return std::nullopt;
            return *x;
          },
          py::arg("action"), "The ActionAdvice of an action (object, id or text), or None when it is not legal here.")
      .def("to_dict", &advice_dict, "A JSON-ready dict (cards and actions as text).")
      .def("__repr__", &advice_repr)
      .def(py::pickle(&advice_state, &advice_from));
}

void bind_review_results(py::module_& m) {
  py::class_<ReviewItem>(m, "ReviewItem", "A decision clearly below the best: what was played, what was better, why.")
      .def_readonly("index", &ReviewItem::index, "The decision's index in the history.")
      .def_property_readonly(
          "phase", [](const ReviewItem& r) { return Member<gin::Phase>{r.phase}; }, "The phase of the decision.")
      .def_readonly("stock_size", &ReviewItem::stock_size, "The cards left in the stock.")
      .def_readonly("hand", &ReviewItem::hand, "The seat's hand when it decided.")
      .def_readonly("played", &ReviewItem::played, "The ActionAdvice of the action played.")
      .def_readonly("better", &ReviewItem::better, "The ActionAdvice of the best action.")
      .def_readonly("loss", &ReviewItem::loss, "The value lost (points, or in a match the chance to win it).")
      .def_readonly("points_loss", &ReviewItem::points_loss, "The expected points lost.")
      .def_readonly("by_match", &ReviewItem::by_match, "Whether the value is the chance to win the match.")
      .def_property_readonly(
          "reasons", [](const ReviewItem& r) { return r.reasons; },
          "Why the better action is better, as plain sentences.")
      .def("to_dict", &item_dict, "A JSON-ready dict.")
      .def("__repr__",
           [](const ReviewItem& r) {
             return "<gin.ReviewItem #" + std::to_string(r.index) + " played " + core::quote(r.played.action.str()) +
                    " better " + core::quote(r.better.action.str()) + " points_loss=" + fixed(r.points_loss, 2) + ">";
           })
      .def(py::pickle(&item_state, &item_from));

  py::class_<Review>(m, "Review", "The decisions of one seat clearly below the best, with the loss and the reasons.")
      .def_property_readonly(
          "seat", [](const Review& r) { return player_object(r.seat); }, "The seat reviewed.")
      .def_readonly("decisions", &Review::decisions, "The decisions in the history.")
      .def_readonly("searched", &Review::searched, "Those with more than one legal action (each searched).")
      .def_readonly("mistakes", &Review::mistakes, "The ReviewItem of each decision clearly below the best, in order.")
      .def_readonly("points_lost", &Review::points_lost, "The expected points lost, summed over the mistakes.")
      .def_readonly("nodes", &Review::nodes, "The playout actions simulated in all.")
      .def("to_dict", &review_dict, "A JSON-ready dict.")
      .def("__repr__", &review_repr)
      .def(py::pickle(
          [](const Review& r) {
            py::list items;
            for (const ReviewItem& x : r.mistakes) items.append(item_state(x));
            return py::make_tuple(static_cast<int>(r.seat), r.decisions, r.searched, items, r.points_lost, r.nodes);
          },
          [](const py::tuple& t) {
            if (t.size() != 6) throw core::FormatError("not a pickled gin Review");
            Review r;
            r.seat = static_cast<gin::Player>(t[0].cast<int>());
            r.decisions = t[1].cast<int>();
            r.searched = t[2].cast<int>();
            for (const py::handle x : t[3]) r.mistakes.push_back(item_from(x.cast<py::tuple>()));
            r.points_lost = t[4].cast<double>();
            r.nodes = t[5].cast<std::int64_t>();
            return r;
          }));
}

}  // namespace

void register_gin_coach(py::module_& m) {
  bind_advice_results(m);
  bind_review_results(m);
  m.attr("COACH_DEFAULT_NODES") = gin::kCoachDefaultNodes;
  m.def(
      "advise",
      [](const py::handle observation, const py::object& nodes, const py::object& budget_ms,
         const Arg<py::int_>& threads, const SeedLike& seed) {
        const gin::Observation obs = observation_arg(observation);
        const gin::CoachParams p = coach_params(nodes, budget_ms, threads, seed);
        return run_interruptible([&](core::StopToken& stop) { return gin::advise(obs, p, stop); });
      },
      py::arg("observation"), py::kw_only(), py::arg("nodes") = py::none(), py::arg("budget_ms") = py::none(),
      py::arg("threads") = 1, py::arg("seed") = 0,
      "Every legal action of the observation's player (who must be to act: WrongPhase otherwise), ranked by "
      "ExpertBot's search over every legal action: expected points of the hand, and in a match the chance to win it; "
      "with reasons a player can check. nodes= (default COACH_DEFAULT_NODES) makes it deterministic; budget_ms= "
      "bounds the time instead (whichever comes first). Reads the observation only. The GIL is released; Ctrl-C "
      "stops it.");
  m.def(
      "review",
      [](const py::handle history, const py::object& nodes, const py::object& budget_ms, const Arg<py::int_>& threads,
         const SeedLike& seed) {
        const std::vector<gin::Decision> decisions = decisions_from(history);
        const gin::CoachParams p = coach_params(nodes, budget_ms, threads, seed);
        return run_interruptible([&](core::StopToken& stop) { return gin::review(decisions, p, stop); });
      },
      py::arg("history"), py::kw_only(), py::arg("nodes") = py::none(), py::arg("budget_ms") = py::none(),
      py::arg("threads") = 1, py::arg("seed") = 0,
      "Review one seat's decisions, a sequence of (observation, action) pairs: the advice of each, and the decisions "
      "clearly below the best (by at least 1 point, or 1 % of the chance to win the match, and by more than two "
      "standard errors) with the loss, the better action and why. InvalidValueError when the decisions are not one "
      "seat's or an action was not legal.");
  m.def(
      "match_win_chance",
      [](const Arg<gin::Rules>& rules, const Arg<py::int_>& mine, const Arg<py::int_>& theirs) {
        const gin::Rules r = to_rules(rules);
        const auto odds = gin::match_odds(r);
        return odds->win(static_cast<int>(to_int(mine, "mine", -1000000, 1000000)),
                         static_cast<int>(to_int(theirs, "theirs", -1000000, 1000000)));
      },
      py::arg("rules"), py::arg("mine"), py::arg("theirs"),
      "The chance that a player with `mine` points wins a match against `theirs` under the rules, in the model of "
      "equal players the coach and ExpertBot use (each hand won by either with probability 1/2, its points as hands "
      "between strong bots end).");
}

}  // namespace parlour::bindings
