// Bindings for the gin bots in parlour._core.gin: EasyBot, NormalBot, HardBot,
// SimpleBot, ExpertBot, play_match and the arena (glue only; the rules live in cpp/src/gin).
// Why one file: every bot shares the trampoline base (Bot) and the argument helpers at
// the top; bind_bots, bind_expert and bind_matches_and_arena keep each part short, and
// most of the length is docstrings.
#include <cmath>
#include <limits>
#include <memory>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>

#include <pybind11/stl.h>

#include "../exclusive.hpp"
#include "../interrupt.hpp"
#include "gin.hpp"
#include "parlour/core/limits.hpp"
#include "parlour/gin/arena.hpp"
#include "parlour/gin/bots.hpp"
#include "parlour/gin/expert.hpp"

namespace parlour::bindings {

using gin::Action;
using gin::Bot;
using gin::Observation;
using gin::Player;
using gin::Policy;
using gin::Rules;

namespace {

// Any Python object with an act(observation) method, as a C++ policy.  The GIL is
// taken for each call (the C++ loops run with it released).
class PyObjectPolicy final : public Policy {
 public:
  explicit PyObjectPolicy(py::object obj) : obj_(std::move(obj)) {}
  PyObjectPolicy(const PyObjectPolicy&) = delete;
  PyObjectPolicy& operator=(const PyObjectPolicy&) = delete;
  ~PyObjectPolicy() override {
    py::gil_scoped_acquire gil;
    obj_ = py::object();
  }
  Action act(const Observation& obs) override {
    py::gil_scoped_acquire gil;
    return to_gin_action(obj_.attr("act")(obs));
  }

 private:
  py::object obj_;
};

// A side of a match: a C++ bot (a fresh copy per arena match) or a Python object.
struct Side {
  std::shared_ptr<Bot> bot;
  std::shared_ptr<Policy> py_policy;
  [[nodiscard]] Policy& policy() const { return bot ? static_cast<Policy&>(*bot) : *py_policy; }
  [[nodiscard]] gin::PolicyMaker maker() const {
    if (bot) {
      const std::shared_ptr<Bot> b = bot;
      return [b](std::int64_t m) -> std::shared_ptr<Policy> { return b->fresh(gin::match_seed(b->seed(), m)); };
    }
    const std::shared_ptr<Policy> p = py_policy;
    return [p](std::int64_t) { return p; };
  }
};

Side side_from(const py::handle obj, const char* what) {
  Side s;
  if (py::isinstance<Bot>(obj)) {
    s.bot = obj.cast<std::shared_ptr<Bot>>();
  } else if (py::hasattr(obj, "act")) {
    s.py_policy = std::make_shared<PyObjectPolicy>(py::reinterpret_borrow<py::object>(obj));
  } else {
    throw core::WrongType(std::string(what) + " must be a bot (an object with an act(observation) method), got " +
                          type_name(obj) + " " + quoted_repr(obj));
  }
  return s;
}

const Observation& observation_from(py::handle obj) {
  if (!py::isinstance<Observation>(obj))
    throw core::WrongType("a bot acts on an Observation (round.observation(player)), got " + type_name(obj) + " " +
                          quoted_repr(obj));
  return obj.cast<const Observation&>();
}

long long count_from(py::handle obj, const char* what) { return to_int(obj, what, 0, core::kMaxCount); }

// The arguments arena_pair and arena_matches share, read and checked in their order.
struct ArenaCall {
  gin::PolicyMaker a, b;
  Rules rules;
  std::uint64_t seed = 0;
  long long first = 0;
  int jobs = 1;
  bool duplicate = false;
  ArenaCall(const py::object& a_obj, const py::object& b_obj, const Arg<Rules>& rules_obj, const SeedLike& seed_obj,
            const Arg<py::int_>& first_obj, const Arg<py::int_>& jobs_obj, const Arg<py::bool_>& duplicate_obj)
      : a(side_from(a_obj, "bot_a").maker()), b(side_from(b_obj, "bot_b").maker()), rules(to_rules(rules_obj)) {
    rules.validate();
    seed = to_seed(seed_obj);
    first = count_from(first_obj, "first");
    jobs = static_cast<int>(to_int(jobs_obj, "jobs", 1, core::kMaxThreads));
    duplicate = to_bool(duplicate_obj, "duplicate");
  }
};

// arena_matches keeps a row of totals per match (some 250 bytes with its columns): 2**22
// matches, about 1 GiB, in one call; arena(..., out=...) runs longer series chunk by chunk.
constexpr long long kMaxArenaRows = 1LL << 22;

Action bot_act(Bot& bot, const py::handle obs_obj) {
  const Observation& obs = observation_from(obs_obj);
  if (!obs.is_my_turn())
    throw core::PhaseError("the observation's player is not to act (observe the player whose turn it is)",
                           "gin.WrongPhase");
  const Observation copy = obs;
  return run_interruptible([&](core::StopToken& stop) {
    const Exclusive one_call(&bot, stop);
    return bot.act_until(copy, stop);
  });
}

// ExpertBot's budgets from Python values: budget_ms a float or int >= 0 (None: none),
// nodes an int >= 0 (None: none), threads an int 1..256.
gin::ExpertParams expert_params(py::handle budget_ms, py::handle nodes, py::handle threads) {
  gin::ExpertParams p;
  if (!budget_ms.is_none()) {
    if (py::isinstance<py::bool_>(budget_ms) ||
        !(py::isinstance<py::float_>(budget_ms) || py::isinstance<py::int_>(budget_ms)))
      throw core::WrongType("budget_ms must be a number of milliseconds or None, got " + type_name(budget_ms) + " " +
                            quoted_repr(budget_ms));
    try {
      p.budget_ms = budget_ms.cast<double>();
    } catch (const py::cast_error&) {  // an int too large for a float
      p.budget_ms = std::numeric_limits<double>::infinity();
    }
    if (!(p.budget_ms > 0.0) || !std::isfinite(p.budget_ms))
      throw core::InvalidValue("budget_ms must be a finite number > 0, got " + quoted_repr(budget_ms));
  }
  if (!nodes.is_none()) {
    p.nodes = count_from(nodes, "nodes");
    if (p.nodes == 0) throw core::InvalidValue("nodes must be >= 1 (or None), got 0");
  }
  const long long t = count_from(threads, "threads");
  p.threads = core::resolve_threads(t, "threads");
  return p;
}

// What a bot class adds to its seed: its parameters, as its pickle holds them after the
// seed and its repr shows them.  A bot without parameters has none.
template <class T>
struct BotParams {
  using Pickled = std::tuple<std::uint64_t>;
  static std::tuple<> pickled(const T&) { return {}; }
  static std::shared_ptr<T> make(const Pickled& t) { return std::make_shared<T>(std::get<0>(t)); }
  static std::string repr(const T&) { return ""; }
};

template <>
struct BotParams<gin::HardBot> {
  using Pickled = std::tuple<std::uint64_t, int, int>;
  static std::tuple<int, int> pickled(const gin::HardBot& b) { return {b.params().samples, b.params().rollouts}; }
  static std::shared_ptr<gin::HardBot> make(const Pickled& t) {
    return std::make_shared<gin::HardBot>(std::get<0>(t), gin::HardParams{std::get<1>(t), std::get<2>(t)});
  }
  static std::string repr(const gin::HardBot& b) {
    return ", samples=" + std::to_string(b.params().samples) + ", rollouts=" + std::to_string(b.params().rollouts);
  }
};

template <>
struct BotParams<gin::ExpertBot> {
  // (seed, budget_ms, nodes, threads, match_aware, opponent, proposals, tempo)
  using Pickled = std::tuple<std::uint64_t, double, std::int64_t, int, bool, int, int, double>;
  static std::tuple<double, std::int64_t, int, bool, int, int, double> pickled(const gin::ExpertBot& b) {
    const auto& p = b.params();
    return {p.budget_ms, p.nodes, p.threads, p.match_aware, static_cast<int>(p.opponent), p.proposals, p.tempo};
  }
  static std::shared_ptr<gin::ExpertBot> make(const Pickled& t) {
    gin::ExpertParams p{std::get<1>(t), std::get<2>(t), std::get<3>(t)};
    p.match_aware = std::get<4>(t);
    const int opponent = std::get<5>(t);
    const int proposals = std::get<6>(t);
    if (opponent < 0 || opponent > 1 || proposals < 1 || proposals > 256)
      throw core::InvalidValue("not a pickled ExpertBot: opponent " + std::to_string(opponent) + ", proposals " +
                               std::to_string(proposals));
    p.opponent = static_cast<gin::OpponentModel>(opponent);
    p.proposals = proposals;
    p.tempo = std::get<7>(t);  // the constructor refuses a value out of range
    return std::make_shared<gin::ExpertBot>(std::get<0>(t), p);
  }
  static std::string repr(const gin::ExpertBot& b) {  // the arguments given, as the constructor takes them
    std::string s;
    const auto& p = b.params();
    if (p.budget_ms > 0) {
      std::ostringstream ms;
      ms << p.budget_ms;
      s += ", budget_ms=" + ms.str();
    }
    if (p.nodes > 0) s += ", nodes=" + std::to_string(p.nodes);
    if (p.threads != 1) s += ", threads=" + std::to_string(p.threads);
    if (!p.match_aware) s += ", match_aware=False";
    if (p.opponent == gin::OpponentModel::Defensive) s += ", opponent='defensive'";
    if (p.proposals != gin::kProposals) s += ", proposals=" + std::to_string(p.proposals);
    if (p.tempo != gin::kTempo) {
      std::ostringstream t;
      t << p.tempo;
      s += ", tempo=" + t.str();
    }
    return s;
  }
};

// ExpertBot(tempo=): a number in kMinTempo..kMaxTempo.
double tempo_from(py::handle obj) {
  if (py::isinstance<py::bool_>(obj) || !(py::isinstance<py::float_>(obj) || py::isinstance<py::int_>(obj)))
    throw core::WrongType("tempo must be a number, got " + type_name(obj) + " " + quoted_repr(obj));
  double v = 0.0;
  try {
    v = obj.cast<double>();
  } catch (const py::cast_error&) {  // an int too large for a float
    v = std::numeric_limits<double>::infinity();
  }
  if (!(v >= gin::kMinTempo && v <= gin::kMaxTempo))
    throw core::InvalidValue("tempo must be in 0.25..8, got " + quoted_repr(obj));
  return v;
}

gin::OpponentModel opponent_model(py::handle obj) {
  if (!py::isinstance<py::str>(obj))
    throw core::WrongType("opponent must be 'greedy' or 'defensive', got " + type_name(obj) + " " + quoted_repr(obj));
  const auto s = obj.cast<std::string>();
  if (s == "greedy") return gin::OpponentModel::Greedy;
  if (s == "defensive") return gin::OpponentModel::Defensive;
  throw core::InvalidValue("opponent must be 'greedy' or 'defensive', got " + quoted_repr(obj));
}

// One C++ bot class T (a Bot held by shared_ptr) as `name`: its repr, which can be
// pasted back, and its pickle, (seed, parameters...).  With seed_doc, the constructor
// from a seed alone (the bots without parameters); the others bind their own.
template <class T>
py::class_<T, Bot, std::shared_ptr<T>> bind_bot(py::module_& m, const char* name, const char* doc,
                                                const char* seed_doc = nullptr) {
  using P = BotParams<T>;
  py::class_<T, Bot, std::shared_ptr<T>> cls(m, name, doc);
  if (seed_doc)
    cls.def(py::init([](const SeedLike& seed) { return std::make_shared<T>(to_seed(seed)); }), py::arg("seed") = 0,
            seed_doc);
  auto get = [](const T& b) -> typename P::Pickled { return std::tuple_cat(std::make_tuple(b.seed()), P::pickled(b)); };
  auto set = [](const typename P::Pickled& t) { return P::make(t); };
  cls.def("__repr__",
          [name](const T& b) { return std::string(name) + "(seed=" + std::to_string(b.seed()) + P::repr(b) + ")"; })
      .def(py::pickle(get, set));
  return cls;
}

}  // namespace

namespace {

// Bot, the rule card's bots and SimpleBot.
void bind_bots(py::module_& m) {
  gin::register_bots();

  py::class_<Bot, std::shared_ptr<Bot>>(m, "Bot",
                                        "A computer player in C++: act(observation) -> Action. EasyBot, NormalBot and "
                                        "HardBot are bots; any object with an act(observation) method can play too.")
      .def("act", &bot_act, py::arg("observation"),
           "The bot's action for an observation in which it is to act (round.observation(round.turn)); deterministic "
           "for the bot's seed and the observation.")
      .def_property_readonly(
          "name", [](const Bot& b) { return std::string(b.name()); },
          "The bot's name: 'easy', 'normal', 'hard', 'simple' or 'expert'.")
      .def_property_readonly("seed", &Bot::seed, "The seed of the bot's randomness.");

  bind_bot<gin::EasyBot>(
      m, "EasyBot",
      "The rule card's easy bot: keeps the melds it has formed and discards its unmatched card of highest value; takes "
      "the upcard or the pile top only when it completes a meld; knocks as soon as it may.",
      "An easy bot (it uses no randomness; the seed is kept for a uniform interface).");
  bind_bot<gin::NormalBot>(
      m, "NormalBot",
      "The rule card's normal bot: plays from the best meld partition (takes the pile top when the deadwood it reaches "
      "beats the expected deadwood of a stock draw), avoids discards the opponent can use judged from what it took and "
      "threw, knocks as soon as it may and lays off optimally.",
      "A normal bot (deterministic; the seed is kept for a uniform interface).");

  bind_bot<gin::SimpleBot>(
      m, "SimpleBot",
      "The starter player of the EAAI Gin Rummy competition (SimpleGinRummyPlayer, Todd W. Neller), ported as a "
      "reference opponent: draws the face-up card only when it would be part of a meld of its hand, discards at random "
      "among the cards leaving the least deadwood (never the card just taken, never repeating a draw/discard pair of "
      "this hand), knocks as soon as it may with a random best arrangement, lays off greedily, ignores the opponent.",
      "A simple bot; its random choices (among equal discards and arrangements) follow the seed.")
      .def(
          "draw_discard_pairs", [](const gin::SimpleBot& b, const py::handle seat) { return b.pairs(to_player(seat)); },
          py::arg("seat"),
          "The draw/discard pairs the bot has made this hand in `seat` (each a CardSet of one or two cards); it never "
          "repeats one.");

  m.def(
      "best_arrangements", [](const CardsLike& hand) { return gin::best_arrangements(to_cardset(hand)); },
      py::arg("hand"),
      "Every minimum-deadwood arrangement of a hand (at most 11 cards) into disjoint melds, each once (a six-card run "
      "is one arrangement whole and another as two runs): the list SimpleBot draws its melds from, as the EAAI "
      "GinRummyUtil.cardsToBestMeldSets lists them. ArrangeError above 11 cards.");

  py::class_<gin::HardBot::KnockEstimate>(m, "KnockEstimate",
                                          "HardBot's estimate of knocking now against playing on, in expected points.")
      .def_readonly("knock", &gin::HardBot::KnockEstimate::knock, "Expected points of knocking now with knock_card.")
      .def_readonly("play_on", &gin::HardBot::KnockEstimate::play_on,
                    "Expected points of discarding play_card and playing on (rollouts).")
      .def_readonly("knock_card", &gin::HardBot::KnockEstimate::knock_card, "The card the knock would discard.")
      .def_readonly("play_card", &gin::HardBot::KnockEstimate::play_card, "The card playing on would discard.")
      .def("__repr__", [](const gin::HardBot::KnockEstimate& e) {
        return "KnockEstimate(knock=" + std::to_string(e.knock) + ", play_on=" + std::to_string(e.play_on) +
               ", knock_card=" + e.knock_card.str() + ", play_card=" + e.play_card.str() + ")";
      });

  bind_bot<gin::HardBot>(
      m, "HardBot",
      "The rule card's hard bot: samples the opponent's hidden cards consistently with the observation, discards by "
      "the "
      "expected deadwood after its next draw and the chance the card helps the opponent, and weighs knocking now "
      "against playing on (toward gin, away from an undercut) by rollouts.")
      .def(py::init([](const SeedLike& seed, const Arg<py::int_>& samples, const Arg<py::int_>& rollouts) {
             const long long s = count_from(samples, "samples"), r = count_from(rollouts, "rollouts");
             if (s < 1 || s > 100000) throw core::InvalidValue("samples must be 1 .. 100000, got " + std::to_string(s));
             if (r > 100000) throw core::InvalidValue("rollouts must be 0 .. 100000, got " + std::to_string(r));
             return std::make_shared<gin::HardBot>(to_seed(seed),
                                                   gin::HardParams{static_cast<int>(s), static_cast<int>(r)});
           }),
           py::arg("seed") = 0, py::arg("samples") = 48, py::arg("rollouts") = 48,
           "A hard bot: `samples` opponent hands per decision, `rollouts` per option when it may knock.")
      .def_property_readonly(
          "samples", [](const gin::HardBot& b) { return b.params().samples; }, "Sampled opponent hands per decision.")
      .def_property_readonly(
          "rollouts", [](const gin::HardBot& b) { return b.params().rollouts; },
          "Rollouts of playing on when it may knock.")
      .def(
          "estimate_knock",
          [](const gin::HardBot& b, const py::handle obs_obj) {
            const Observation obs = observation_from(obs_obj);
            return run_interruptible([&](core::StopToken& stop) {
              const Exclusive one_call(&b, stop);
              return b.estimate_knock(obs);
            });
          },
          py::arg("observation"),
          "The expected points of knocking now and of playing on, where the observation's player may knock (WrongPhase "
          "outside its DISCARD phase, TooMuchDeadwood when no knock is legal; at zero deadwood `knock` is gin's "
          "value).");
}

namespace {

// What one ExpertBot search returns: its candidates and their values.
void bind_expert_search(py::module_& m) {
  py::class_<gin::ExpertBot::Candidate>(m, "ExpertCandidate",
                                        "One action ExpertBot weighed: its estimated points for the bot and on how "
                                        "many sampled worlds.")
      .def_readonly("action", &gin::ExpertBot::Candidate::action, "The action.")
      .def_readonly("value", &gin::ExpertBot::Candidate::value,
                    "What the search ranks by (weighted mean over the worlds): the bot's points at the end of the "
                    "hand, or in a match (an observation with match scores) the chance to win the match after it.")
      .def_readonly("points", &gin::ExpertBot::Candidate::points,
                    "Its estimated points for the bot at the end of the hand (weighted mean over the worlds).")
      .def_readonly("worlds", &gin::ExpertBot::Candidate::worlds,
                    "The worlds it was evaluated on (fewer once dropped).")
      .def_readonly("settled", &gin::ExpertBot::Candidate::settled,
                    "Whether it is a knock, settled exactly in each world (no playout).")
      .def_readonly("kept", &gin::ExpertBot::Candidate::kept,
                    "Whether it was still in the running when the search stopped (the others were dropped as "
                    "clearly worse).")
      .def("__repr__", [](const gin::ExpertBot::Candidate& c) {
        std::ostringstream v;
        v.precision(3);
        v << std::fixed << c.value;
        return "<gin.ExpertCandidate " + core::quote(c.action.str()) + " value=" + v.str() +
               " worlds=" + std::to_string(c.worlds) + ">";
      });
  py::class_<gin::ExpertBot::Search>(m, "ExpertSearch", "What one ExpertBot search found.")
      .def_readonly("best", &gin::ExpertBot::Search::best, "The action chosen.")
      .def_readonly("candidates", &gin::ExpertBot::Search::candidates,
                    "The actions weighed, in the order they were generated (empty for a decision with one sensible "
                    "action: the only legal one, gin, big gin, a layoff).")
      .def_readonly("worlds", &gin::ExpertBot::Search::worlds, "Opponent hands and stock orders sampled.")
      .def_readonly("nodes", &gin::ExpertBot::Search::nodes, "Playout actions simulated.")
      .def_readonly("effective_worlds", &gin::ExpertBot::Search::effective_worlds,
                    "The effective number of worlds, (sum of weights)^2 / sum of squared weights.")
      .def_readonly("by_match", &gin::ExpertBot::Search::by_match,
                    "Whether the values are chances to win the match (the observation was of a match) rather than "
                    "points.")
      .def("__repr__", [](const gin::ExpertBot::Search& s) {
        return "<gin.ExpertSearch best=" + core::quote(s.best.str()) + " " + std::to_string(s.candidates.size()) +
               " candidates, " + std::to_string(s.worlds) + " worlds, " + std::to_string(s.nodes) + " nodes>";
      });
}

}  // namespace

// ExpertBot, what its search returns, and the fast paths tests check against references.
void bind_expert(py::module_& m) {
  bind_expert_search(m);
  bind_bot<gin::ExpertBot>(
      m, "ExpertBot",
      "A search bot that uses the budget it is given: determinized Monte Carlo search over opponent hands sampled "
      "from a model of the opponent's takes, passes and discards, every candidate draw, discard and knock played out "
      "to the end of the hand (knocks settled exactly, layoffs optimal) on the same worlds. Deterministic for a seed "
      "and a node budget (nodes=); budget_ms= bounds the wall-clock time of a decision instead (not deterministic); "
      "threads= shares one search between threads. Sees only its observation.")
      .def(py::init([](const SeedLike& seed, const py::object& budget_ms, const py::object& nodes,
                       const Arg<py::int_>& threads, const Arg<py::bool_>& match_aware, const Arg<py::str>& opponent,
                       const Arg<py::int_>& proposals, const Arg<py::float_>& tempo) {
             gin::ExpertParams p = expert_params(budget_ms, nodes, threads);
             p.match_aware = to_bool(match_aware, "match_aware");
             p.opponent = opponent_model(opponent);
             p.proposals = static_cast<int>(to_int(proposals, "proposals", 1, 256));
             p.tempo = tempo_from(tempo);
             return std::make_shared<gin::ExpertBot>(to_seed(seed), p);
           }),
           py::arg("seed") = 0, py::kw_only(), py::arg("budget_ms") = py::none(), py::arg("nodes") = py::none(),
           py::arg("threads") = 1, py::arg("match_aware") = true, py::arg("opponent") = "greedy",
           py::arg("proposals") = gin::kProposals, py::arg("tempo") = gin::kTempo,
           "An expert bot. With neither budget given it searches EXPERT_DEFAULT_NODES playout actions a decision "
           "(a few tens of ms of one core on average: a search stops early once one candidate is clearly best); nodes= "
           "sets that budget, budget_ms= a time limit per decision (with both, "
           "whichever comes first); threads= (1..256, 0: one per core) shares each search. match_aware=False values "
           "every hand by its points, also in a match (else by the chance to win the match it leads to); "
           "opponent='defensive' has the opponent's playout discards avoid the cards the bot visibly collects; "
           "proposals= (1..256) is the number of opponent hands proposed for each sampled world; tempo= (0.25..8; 1 is "
           "the rate measured in games between the other bots, 2 the default) "
           "multiplies the rate at which the belief takes the opponent's deadwood to fall as the hand goes on (higher: "
           "the opponent is believed nearer a knock).")
      .def_property_readonly(
          "tempo", [](const gin::ExpertBot& b) { return b.params().tempo; },
          "How fast the belief takes the opponent's deadwood to fall, as a multiple of the rate measured in games "
          "between the other bots.")
      .def_property_readonly(
          "proposals", [](const gin::ExpertBot& b) { return b.params().proposals; },
          "Opponent hands proposed for each sampled world (the belief's sampling-importance-resampling).")
      .def_property_readonly(
          "match_aware", [](const gin::ExpertBot& b) { return b.params().match_aware; },
          "Whether, in a match, a hand is valued by the chance to win the match (else by its points).")
      .def_property_readonly(
          "opponent",
          [](const gin::ExpertBot& b) {
            return std::string(b.params().opponent == gin::OpponentModel::Defensive ? "defensive" : "greedy");
          },
          "The opponent's playout policy: 'greedy' or 'defensive'.")
      .def_property_readonly(
          "budget_ms",
          [](const gin::ExpertBot& b) -> py::object {
            return b.params().budget_ms > 0 ? py::object(py::float_(b.params().budget_ms)) : py::none();
          },
          "The time limit of a decision in milliseconds, or None.")
      .def_property_readonly(
          "nodes",
          [](const gin::ExpertBot& b) -> py::object {
            return b.params().nodes > 0 ? py::object(py::int_(b.params().nodes)) : py::none();
          },
          "The node budget of a decision (playout actions), or None.")
      .def_property_readonly(
          "threads", [](const gin::ExpertBot& b) { return b.params().threads; }, "Threads per search.")
      .def(
          "search",
          [](const gin::ExpertBot& b, const py::handle obs_obj) {
            const Observation obs = observation_from(obs_obj);
            return run_interruptible([&](core::StopToken& stop) {
              const Exclusive one_call(&b, stop);
              return b.search(obs, stop);
            });
          },
          py::arg("observation"),
          "The search behind act(): the action chosen and every candidate's estimated points. WrongPhase unless "
          "the observation's player is to act.");
  m.attr("EXPERT_DEFAULT_NODES") = gin::kExpertDefaultNodes;
  m.attr("EXPERT_BENCH_NODES") = gin::kExpertBenchNodes;

  m.def(
      "expert_playout",
      [](const gin::Round& round, const Arg<py::bool_>& fast) {
        const bool f = py::cast<bool>(fast);
        const gin::Round copy = round;
        return run_interruptible([&](core::StopToken& stop) {
          const gin::PlayoutResult r = f ? gin::fast_playout(copy) : gin::reference_playout(copy, &stop);
          return std::make_pair(std::make_tuple(r.returns[0], r.returns[1]), r.actions);
        });
      },
      py::arg("round"), py::arg("fast") = true,
      "Plays a copy of the round to its end with ExpertBot's playout policy on both sides: ((returns of ONE, TWO), "
      "actions until the hand was decided). fast=True runs the search's compact simulation, fast=False the Round "
      "itself with the policy as a "
      "bot (the reference: both give the same result). WrongPhase in the LAYOFF phase (fast).");
  m.def(
      "layoff_deadwood",
      [](const CardsLike& cards, const py::typing::Iterable<gin::Meld>& meld_list) {
        const core::CardSet c = to_cardset(cards);
        std::vector<gin::Meld> melds;
        for_each_item(meld_list, "melds", [&](py::handle item) {
          if (melds.size() == gin::kSpreadSlots)
            throw core::InvalidValue("layoff_deadwood takes at most 11 cards and 3 melds", "gin.ArrangeError");
          melds.push_back(cast_arg<gin::Meld>(item, "a Meld"));
        });
        if (c.size() > gin::kMaxHandCards)
          throw core::InvalidValue("layoff_deadwood takes at most 11 cards and 3 melds", "gin.ArrangeError");
        core::CardSet spread;
        for (const gin::Meld& mm : melds) {
          if (!mm.cards().is_disjoint(spread) || !mm.cards().is_disjoint(c))
            throw core::InvalidValue("the melds overlap each other or the cards", "gin.ArrangeError");
          spread |= mm.cards();
        }
        return gin::layoff_deadwood(c, melds);
      },
      py::arg("cards"), py::arg("melds"),
      "The defender's deadwood after the best layoff of `cards` onto `melds` (best_layoff(cards, melds).deadwood, "
      "computed without allocating: ExpertBot's settlement).");
}

void bind_matches(py::module_& m) {
  m.def(
      "play_match",
      [](const py::object& one, const py::object& two, const Arg<Rules>& rules, const SeedLike& seed,
         const Arg<PlayerLike>& first_dealer) {
        const Side a = side_from(one, "bot_one"), b = side_from(two, "bot_two");
        const Rules r = to_rules(rules);
        r.validate();
        const std::uint64_t s = to_seed(seed);
        const Player fd = to_player(first_dealer);
        return run_interruptible([&](core::StopToken& stop) {
          const Exclusive one_call({a.bot.get(), b.bot.get()}, stop);
          return gin::play_match(a.policy(), b.policy(), r, s, fd, nullptr, 10000, &stop);
        });
      },
      py::arg("bot_one"), py::arg("bot_two"), py::arg("rules") = Rules{}, py::arg("seed") = 0,
      py::arg_v("first_dealer", Player::One, "Player.ONE"),
      "Play a whole match in C++ (the GIL released; a Python bot's act() takes it back for each call): bot_one plays "
      "Player.ONE, bot_two Player.TWO. Returns the finished Match (hands, scores, winner, final_score()). "
      "Reproducible for a seed.");
}

void bind_arena(py::module_& m) {
  py::class_<gin::PairResult>(m, "ArenaPairResult",
                              "The totals of arena matches between bots A and B (index 0 = A, 1 = B).")
      .def_readonly("matches", &gin::PairResult::matches, "Matches played.")
      .def_property_readonly(
          "match_wins", [](const gin::PairResult& p) { return std::make_tuple(p.match_wins[0], p.match_wins[1]); },
          "Matches won by (A, B).")
      .def_property_readonly(
          "score", [](const gin::PairResult& p) { return std::make_tuple(p.score[0], p.score[1]); },
          "Final match scores summed, (A, B).")
      .def_property_readonly(
          "hands", [](const gin::PairResult& p) { return p.hands.hands; }, "Hands played.")
      .def_property_readonly(
          "dead", [](const gin::PairResult& p) { return p.hands.dead; }, "Dead hands.")
      .def_property_readonly(
          "hands_won", [](const gin::PairResult& p) { return std::make_tuple(p.hands.won[0], p.hands.won[1]); },
          "Hands won by (A, B).")
      .def_property_readonly(
          "points", [](const gin::PairResult& p) { return std::make_tuple(p.hands.points[0], p.hands.points[1]); },
          "Hand points won by (A, B).")
      .def_property_readonly(
          "knocks", [](const gin::PairResult& p) { return std::make_tuple(p.hands.knocks[0], p.hands.knocks[1]); },
          "Hands won by a knock (not gin, not undercut) by (A, B).")
      .def_property_readonly(
          "gins", [](const gin::PairResult& p) { return std::make_tuple(p.hands.gins[0], p.hands.gins[1]); },
          "Gins (and big gins) by (A, B).")
      .def_property_readonly(
          "undercuts",
          [](const gin::PairResult& p) { return std::make_tuple(p.hands.undercuts[0], p.hands.undercuts[1]); },
          "Undercuts scored by (A, B) as the defender.")
      .def_property_readonly(
          "decisions", [](const gin::PairResult& p) { return p.hands.decisions; }, "Actions applied in all.")
      .def_readonly("deals", &gin::PairResult::deals,
                    "Duplicate matches only: the deals played, each twice with the seats swapped (0 otherwise).")
      .def_readonly("deal_wins_sq", &gin::PairResult::deal_wins_sq,
                    "Duplicate matches only: the sum over the deals of the square of A's wins in the deal (0, 1 or "
                    "2), for an interval that counts the pairing.")
      .def(
          "__iadd__",
          [](gin::PairResult& p, const gin::PairResult& o) {
            p += o;
            return p;
          },
          py::arg("other"), "Add another result's totals.")
      .def("__repr__", [](const gin::PairResult& p) {
        return "<gin.ArenaPairResult " + std::to_string(p.matches) + " matches, " + std::to_string(p.match_wins[0]) +
               " to " + std::to_string(p.match_wins[1]) + ", " + std::to_string(p.hands.hands) + " hands>";
      });

  m.def(
      "arena_match_seed",
      [](const SeedLike& seed, const Arg<py::int_>& m_obj, const Arg<py::bool_>& duplicate) {
        return gin::deal_seed(to_seed(seed), count_from(m_obj, "the match index"), to_bool(duplicate, "duplicate"));
      },
      py::arg("seed"), py::arg("match"), py::kw_only(), py::arg("duplicate") = false,
      "The deal seed of match `match` of an arena_pair seeded with `seed` (with duplicate matches, that of the first "
      "match of its deal).");

  m.def(
      "arena_pair",
      [](const py::object& a_obj, const py::object& b_obj, const Arg<Rules>& rules, const SeedLike& seed,
         const Arg<py::int_>& first, const Arg<py::int_>& count, const Arg<py::int_>& jobs,
         const Arg<py::bool_>& duplicate) {
        const ArenaCall c(a_obj, b_obj, rules, seed, first, jobs, duplicate);
        const long long n = count_from(count, "count");
        return run_interruptible([&](core::StopToken& stop) {
          return gin::arena_pair(c.a, c.b, c.rules, c.seed, c.first, n, c.jobs, &stop, c.duplicate);
        });
      },
      py::arg("bot_a"), py::arg("bot_b"), py::arg("rules") = Rules{}, py::arg("seed") = 0, py::arg("first") = 0,
      py::arg("count") = 1, py::arg("jobs") = 1, py::kw_only(), py::arg("duplicate") = false,
      "Matches first .. first+count-1 between two bots, in C++ on `jobs` threads (the GIL released). Match m: bot_a "
      "plays Player.ONE when m is even, the first dealer is Player.ONE when m // 2 is even; C++ bots are re-seeded per "
      "match from their seed and m. The totals do not depend on jobs. duplicate=True deals matches 2k and 2k+1 alike "
      "(one deal played twice with the seats swapped; first and count even) and counts the deals.");
  m.def(
      "arena_matches",
      [](const py::object& a_obj, const py::object& b_obj, const Arg<Rules>& rules, const SeedLike& seed,
         const Arg<py::int_>& first, const Arg<py::int_>& count, const Arg<py::int_>& jobs,
         const Arg<py::bool_>& duplicate) {
        const ArenaCall c(a_obj, b_obj, rules, seed, first, jobs, duplicate);
        const long long n = to_int(count, "count", 0, kMaxArenaRows);
        const std::vector<gin::PairResult> rows = run_interruptible([&](core::StopToken& stop) {
          return gin::arena_matches(c.a, c.b, c.rules, c.seed, c.first, n, c.jobs, &stop, c.duplicate);
        });
        // One int64 column per total, side A then side B where a total has two.
        std::vector<std::pair<const char*, std::int64_t (*)(const gin::PairResult&)>> fields = {
            {"a_won", [](const gin::PairResult& p) { return p.match_wins[0]; }},
            {"score_a", [](const gin::PairResult& p) { return p.score[0]; }},
            {"score_b", [](const gin::PairResult& p) { return p.score[1]; }},
            {"hands", [](const gin::PairResult& p) { return p.hands.hands; }},
            {"dead", [](const gin::PairResult& p) { return p.hands.dead; }},
            {"hands_won_a", [](const gin::PairResult& p) { return p.hands.won[0]; }},
            {"hands_won_b", [](const gin::PairResult& p) { return p.hands.won[1]; }},
            {"points_a", [](const gin::PairResult& p) { return p.hands.points[0]; }},
            {"points_b", [](const gin::PairResult& p) { return p.hands.points[1]; }},
            {"knocks_a", [](const gin::PairResult& p) { return p.hands.knocks[0]; }},
            {"knocks_b", [](const gin::PairResult& p) { return p.hands.knocks[1]; }},
            {"gins_a", [](const gin::PairResult& p) { return p.hands.gins[0]; }},
            {"gins_b", [](const gin::PairResult& p) { return p.hands.gins[1]; }},
            {"undercuts_a", [](const gin::PairResult& p) { return p.hands.undercuts[0]; }},
            {"undercuts_b", [](const gin::PairResult& p) { return p.hands.undercuts[1]; }},
            {"decisions", [](const gin::PairResult& p) { return p.hands.decisions; }},
        };
        py::dict out;
        std::vector<std::int64_t> match(rows.size());
        for (std::size_t i = 0; i < rows.size(); ++i) match[i] = c.first + static_cast<std::int64_t>(i);
        out["match"] = to_numpy(std::move(match));
        for (const auto& [name, get] : fields) {
          std::vector<std::int64_t> col(rows.size());
          for (std::size_t i = 0; i < rows.size(); ++i) col[i] = get(rows[i]);
          out[name] = to_numpy(std::move(col));
        }
        return out;
      },
      py::arg("bot_a"), py::arg("bot_b"), py::arg("rules") = Rules{}, py::arg("seed") = 0, py::arg("first") = 0,
      py::arg("count") = 1, py::arg("jobs") = 1, py::kw_only(), py::arg("duplicate") = false,
      "The matches of arena_pair one by one, as int64 NumPy columns (one row per match): match, a_won (1 when bot A "
      "won it), score_a, score_b (final match scores), hands, dead, hands_won_a/_b, points_a/_b, knocks_a/_b, "
      "gins_a/_b, undercuts_a/_b, decisions. Summing the rows gives arena_pair's totals (with duplicate=True, the "
      "deals are the pairs of rows 2k, 2k+1). At most ARENA_MAX_ROWS (2**22) matches a call: the rows are kept in "
      "memory.");
  m.attr("ARENA_MAX_ROWS") = kMaxArenaRows;
}

}  // namespace

void register_gin_bots(py::module_& m) {
  bind_bots(m);
  bind_expert(m);
  bind_matches(m);
  bind_arena(m);
}

}  // namespace parlour::bindings
