// Bindings for parlour._core.yahtzee, part three: objectives beyond the mean — the
// exact score distribution of a fixed strategy (ScoreDistribution, evaluate,
// Solver.distribution), ThresholdSolver and HeadsUpSolver.  Glue only: conversions,
// GIL release, NumPy arrays.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "../interrupt.hpp"
#include "parlour/yahtzee/bots.hpp"
#include "parlour/yahtzee/distribution.hpp"
#include "parlour/yahtzee/headsup.hpp"
#include "parlour/yahtzee/solver.hpp"
#include "parlour/yahtzee/threshold.hpp"
#include "yahtzee.hpp"

namespace parlour::bindings {

using namespace parlour::yahtzee;

namespace {

using DoubleArray = py::array_t<double, py::array::c_style | py::array::forcecast>;

py::array_t<double> to_numpy(const std::vector<double>& v) {
  py::array_t<double> out(static_cast<py::ssize_t>(v.size()));
  if (!v.empty()) std::memcpy(out.mutable_data(), v.data(), v.size() * sizeof(double));
  return out;
}

std::vector<double> to_doubles(py::handle obj, const char* what) {
  DoubleArray a;
  try {
    a = DoubleArray::ensure(obj);
  } catch (const py::error_already_set&) { a = DoubleArray(); }
  if (!a) {
    PyErr_Clear();
    throw core::WrongType(std::string("expected ") + what + " (a 1-D array of numbers), got " + type_name(obj));
  }
  if (a.ndim() != 1)
    throw core::InvalidValue(std::string(what) + " must be 1-D, got " + std::to_string(a.ndim()) + " dimensions");
  return std::vector<double>(a.data(), a.data() + a.size());
}

std::string dist_repr(const ScoreDistribution& d) {
  char buf[200];
  std::snprintf(buf, sizeof buf, "<ScoreDistribution %s mean=%.6f sd=%.6f scores=%d..%d%s>",
                d.exact() ? "exact" : "simulated", d.mean(), d.sd(), d.min(), d.max(),
                d.exact() ? "" : (" games=" + std::to_string(d.games())).c_str());
  return buf;
}

State state_arg(py::handle obj) { return cast_arg<State>(obj, "a State"); }

void register_distribution(py::module_& m) {
  py::class_<ScoreDistribution> dist(
      m, "ScoreDistribution",
      "The probability of each final (or further) score, index = score: exact (from evaluate or "
      "Solver.distribution) or empirical (simulated games, with their count for confidence intervals). "
      "Immutable; pickles.");
  dist.def(py::init([](const py::object& pmf, bool exact, std::int64_t games) {
             return ScoreDistribution::from_pmf(to_doubles(pmf, "probabilities by score"), exact, games);
           }),
           py::arg("pmf"), py::arg("exact") = true, py::arg("games") = 0,
           "A distribution from its probabilities by score (index = score). InvalidValueError for a negative or "
           "non-finite entry or a total that is not 1 (to 1e-9); trailing zeros are dropped.")
      .def_static(
          "from_scores",
          [](const py::object& scores) {
            py::array arr;
            try {
              arr = py::module_::import("numpy").attr("asarray")(scores);
            } catch (py::error_already_set&) { arr = py::array(); }
            const char kind = arr ? arr.dtype().kind() : 'O';
            if (!arr || arr.ndim() != 1 || !(kind == 'i' || kind == 'u' || (kind == 'f' && arr.size() == 0)))
              throw core::WrongType("scores must be a 1-D sequence or array of ints, got " + type_name(scores) + " " +
                                    quoted_repr(scores));
            const auto ints = py::array_t<std::int64_t, py::array::forcecast>::ensure(arr);
            std::vector<std::int32_t> v(static_cast<std::size_t>(ints.size()));
            for (py::ssize_t i = 0; i < ints.size(); ++i) {
              const std::int64_t x = ints.data()[i];
              if (x < 0 || x > 1575)
                throw core::InvalidValue("scores[" + std::to_string(i) +
                                         "] is not a final score (0..1575): " + std::to_string(x));
              v[static_cast<std::size_t>(i)] = static_cast<std::int32_t>(x);
            }
            return ScoreDistribution::from_scores(v);
          },
          py::arg("scores"), "The empirical distribution of simulated final scores (exact False, games = their count).")
      .def_static("point", &ScoreDistribution::point, py::arg("score"), "A sure score (an opponent who has finished).")
      .def_property_readonly(
          "pmf", [](const ScoreDistribution& d) { return to_numpy(d.pmf()); },
          "A new float64 array: the probability of each score 0..max.")
      .def_property_readonly("exact", &ScoreDistribution::exact,
                             "Whether the probabilities are exact (else simulated).")
      .def_property_readonly("games", &ScoreDistribution::games, "The number of simulated games (0 when exact).")
      .def_property_readonly("min", &ScoreDistribution::min, "The least score with a positive probability.")
      .def_property_readonly("max", &ScoreDistribution::max, "The greatest score with a positive probability.")
      .def_property_readonly("mean", &ScoreDistribution::mean, "The expected score.")
      .def_property_readonly("variance", &ScoreDistribution::variance, "The variance of the score.")
      .def_property_readonly("sd", &ScoreDistribution::sd, "The standard deviation of the score.")
      .def("prob", &ScoreDistribution::prob, py::arg("score"), "P(score = x).")
      .def("cdf", &ScoreDistribution::cdf, py::arg("score"), "P(score <= x).")
      .def("sf", &ScoreDistribution::sf, py::arg("score"), "P(score >= x): the probability of reaching x.")
      .def("quantile", &ScoreDistribution::quantile, py::arg("q"),
           "The least score x with P(score <= x) >= q (q in 0..1; quantile(0) is min).")
      .def(
          "percentile", [](const ScoreDistribution& d, double p) { return d.quantile(p / 100.0); }, py::arg("p"),
          "quantile(p / 100).")
      .def("shifted", &ScoreDistribution::shifted, py::arg("points"),
           "The distribution of score + points (points already scored).")
      .def("mean_ci", &ScoreDistribution::mean_ci, py::arg("level") = 0.95,
           "A confidence interval for the mean (normal approximation over the games); (mean, mean) when exact.")
      .def("sf_ci", &ScoreDistribution::sf_ci, py::arg("score"), py::arg("level") = 0.95,
           "A confidence interval (Wilson) for P(score >= x); (p, p) when exact.")
      .def("__str__", &ScoreDistribution::str)
      .def("__repr__", &dist_repr)
      .def("__hash__",
           [](const ScoreDistribution& d) {
             return py::hash(py::make_tuple(
                 py::bytes(reinterpret_cast<const char*>(d.pmf().data()), d.pmf().size() * sizeof(double)), d.exact(),
                 d.games()));
           })
      .def(py::pickle(
          [](const ScoreDistribution& d) {
            return py::make_tuple(
                1, py::bytes(reinterpret_cast<const char*>(d.pmf().data()), d.pmf().size() * sizeof(double)), d.exact(),
                d.games());
          },
          [](const py::tuple& t) {
            if (t.size() != 4 || !py::isinstance<py::int_>(t[0]) || t[0].cast<int>() != 1 ||
                !py::isinstance<py::bytes>(t[1]))
              throw core::FormatError("not a pickled ScoreDistribution (version 1)");
            const std::string raw = t[1].cast<std::string>();
            if (raw.size() % sizeof(double) != 0)
              throw core::FormatError("a pickled ScoreDistribution has a torn array");
            std::vector<double> pmf(raw.size() / sizeof(double));
            std::memcpy(pmf.data(), raw.data(), raw.size());
            try {
              return ScoreDistribution::from_pmf(std::move(pmf), t[2].cast<bool>(), t[3].cast<std::int64_t>());
            } catch (const core::InvalidValue& e) {
              throw core::FormatError(std::string("a pickled ScoreDistribution is invalid: ") + e.what());
            }
          }));
  def_equality<ScoreDistribution>(dist);

  m.def(
      "evaluate",
      [](const std::shared_ptr<Bot>& bot, const Arg<State>& state, int threads) {
        if (!bot) throw core::InvalidValue("evaluate needs a bot");
        const State s = state_arg(state);
        return run_interruptible([&](core::StopToken& stop) { return evaluate(*bot, s, threads, &stop); });
      },
      py::arg("bot"), py::arg("state") = kStart, py::arg("threads") = 0,
      "The exact distribution of the further score the bot makes from the start of a turn in state (a fixed "
      "strategy: its action depends only on state, dice and rolls left). A forward pass over the states reachable "
      "from state, in C++ with the GIL released (threads 0: all cores); bit-identical for any thread count.");

  auto solver = py::reinterpret_borrow<py::class_<Solver, std::shared_ptr<Solver>>>(m.attr("Solver"));
  solver.def(
      "distribution",
      [](const std::shared_ptr<Solver>& s, const Arg<State>& state, int points, int threads) {
        const State st = state_arg(state);
        if (points < 0) throw core::InvalidValue("points must be >= 0, got " + std::to_string(points));
        OptimalBot bot(s);
        auto d = run_interruptible([&](core::StopToken& stop) { return evaluate(bot, st, threads, &stop); });
        return points ? d.shifted(points) : d;
      },
      py::arg("state") = kStart, py::arg("points") = 0, py::arg("threads") = 0,
      "The exact distribution of the final score when the optimal expected-score strategy (best_action, with its "
      "tie-breaks) is played from the start of a turn in state with `points` already scored: its mean is "
      "points + value(state). Solves the states reachable from state first if needed; GIL released.");
}

// Solving lazily with the GIL released (queries on an unsolved state).
template <class T>
void ensure_solved(T& t, State s) {
  if (!t.is_solved(s)) run_interruptible([&](core::StopToken& stop) { t.solve_from(s, 0, {}, &stop); });
}

// What ThresholdSolver and HeadsUpSolver share: solving, marks and sizes.
template <class T, class Cls>
void def_table(Cls& cls) {
  cls.def_property_readonly("rules", &T::rules, "The rules.")
      .def(
          "solve",
          [](T& t, int threads, const py::object& progress) {
            auto cb = wrap_progress(progress);
            run_interruptible([&](core::StopToken& stop) { t.solve(threads, cb, &stop); });
          },
          py::arg("threads") = 0, py::arg("progress") = py::none(),
          "Fills the whole table (threads 0: all cores), releasing the GIL; progress(tier, seconds) after each tier "
          "of filled boxes (13 .. 0).")
      .def(
          "solve_from",
          [](T& t, const Arg<State>& state, int threads) {
            const State s = state_arg(state);
            run_interruptible([&](core::StopToken& stop) { t.solve_from(s, threads, {}, &stop); });
          },
          py::arg("state"), py::arg("threads") = 0, "Solves only the category sets that contain the boxes of state.")
      .def(
          "is_solved",
          [](const T& t, const std::optional<py::object>& state) {
            return state ? t.is_solved(state_arg(*state)) : t.is_solved();
          },
          py::arg("state") = py::none(), "Whether the whole table (or this state's row) is solved.")
      .def_property_readonly("table_bytes", &T::table_bytes,
                             "The memory of the solved rows (values, padding, row index).")
      .def_property_readonly("rows", &T::row_count,
                             "The number of rows laid out (states that cannot differ share one).");
}

void register_threshold(py::module_& m) {
  py::class_<ThresholdSolver> cls(
      m, "ThresholdSolver",
      "The strategy that maximises the probability of reaching a target score, for every target 0..max_target in "
      "one table: probability(state, points, target) is the largest P(final score >= target) with `points` already "
      "scored, from the start of a turn in state. Each target has its own strategy (best_action takes it). Solved "
      "lazily from the queried state, or wholly by solve() (all targets from every state).");
  cls.def(py::init([](const std::optional<YahtzeeRules>& r, int max_target) {
            return ThresholdSolver(r ? *r : YahtzeeRules{}, max_target);
          }),
          py::arg("rules") = py::none(), py::arg("max_target") = 400,
          "An empty table for these rules and targets - points up to max_target (0..4000).")
      .def_property_readonly("max_target", &ThresholdSolver::max_target,
                             "The most points still needed the table covers.")
      .def(
          "probability",
          [](ThresholdSolver& t, const Arg<State>& state, int points, int target) {
            const State s = state_arg(state);
            const int x = t.needed(points, target);
            if (x > 0) ensure_solved(t, s);
            return t.value(s, x);
          },
          py::arg("state"), py::arg("points"), py::arg("target"),
          "The largest probability that the final score reaches target, with points already scored (1 once reached).")
      .def(
          "probabilities",
          [](ThresholdSolver& t, const Arg<State>& state) {
            const State s = state_arg(state);
            ensure_solved(t, s);
            return to_numpy(t.probabilities(s));
          },
          py::arg("state"),
          "A new float64 array: for t = 0..max_target, the largest P(further score >= t) from the start of a turn in "
          "state (each t under its own best strategy).")
      .def(
          "best_action",
          [](ThresholdSolver& t, const Arg<State>& state, int points, int target, const DiceLike& d, int rolls_left) {
            const State s = state_arg(state);
            const Dice dice = to_dice(d);
            const int x = t.needed(points, target);
            ensure_solved(t, s);
            return yahtzee_action_object(t.ObjectiveTable::best_action(s, x, dice, rolls_left));
          },
          py::arg("state"), py::arg("points"), py::arg("target"), py::arg("dice"), py::arg("rolls_left"),
          "The action that maximises the probability of reaching target (ties as Solver.best_action).")
      .def(
          "category_values",
          [](ThresholdSolver& t, const Arg<State>& state, int points, int target, const DiceLike& d) {
            const State s = state_arg(state);
            const Dice dice = to_dice(d);
            const int x = t.needed(points, target);
            ensure_solved(t, s);
            return t.ObjectiveTable::category_values(s, x, dice);
          },
          py::arg("state"), py::arg("points"), py::arg("target"), py::arg("dice"),
          "(category, probability of reaching target after writing the dice there) for each legal box, card order.")
      .def(
          "keep_values",
          [](ThresholdSolver& t, const Arg<State>& state, int points, int target, const DiceLike& d, int rolls_left) {
            const State s = state_arg(state);
            const Dice dice = to_dice(d);
            const int x = t.needed(points, target);
            ensure_solved(t, s);
            return t.ObjectiveTable::keep_values(s, x, dice, rolls_left);
          },
          py::arg("state"), py::arg("points"), py::arg("target"), py::arg("dice"), py::arg("rolls_left"),
          "(keep, probability of reaching target) for each keep of the dice with 1 or 2 rolls left, Dice.keeps() "
          "order.")
      .def("__repr__", [](const ThresholdSolver& t) {
        return "<yahtzee.ThresholdSolver rules=" + t.rules().str() + " max_target=" + std::to_string(t.max_target()) +
               (t.is_solved() ? " solved" : "") + ">";
      });
  def_table<ThresholdSolver>(cls);
}

ScoreDistribution opponent_arg(py::handle obj) {
  if (py::isinstance<ScoreDistribution>(obj)) return obj.cast<ScoreDistribution>();
  if (py::isinstance<py::bool_>(obj))
    throw core::WrongType("expected an opponent's final score or its distribution, got bool");
  if (py::isinstance<py::int_>(obj)) {
    return ScoreDistribution::point(static_cast<int>(to_int(obj, "a final score", 0, 1575)));
  }
  return ScoreDistribution::from_pmf(to_doubles(obj, "an opponent's final score, or its distribution"));
}

void register_headsup(py::module_& m) {
  using OpponentLike = py::typing::Union<ScoreDistribution, py::int_, py::typing::Iterable<py::float_>>;
  py::class_<HeadsUpSolver> cls(
      m, "HeadsUpSolver",
      "The strategy that maximises the probability of beating an opponent whose final score has a known "
      "distribution that does not depend on our play (a sure score once they have finished, or the distribution "
      "of a strategy they play unseen, such as Solver.distribution()): win_probability(state, points) is the "
      "largest P(our final score > theirs) + tie * P(equal) with `points` already scored. Exact for that model; "
      "solved lazily from the queried state, or wholly by solve().");
  cls.def(py::init([](const OpponentLike& opponent, const std::optional<YahtzeeRules>& r, double tie) {
            return HeadsUpSolver(opponent_arg(opponent), r ? *r : YahtzeeRules{}, tie);
          }),
          py::arg("opponent"), py::arg("rules") = py::none(), py::arg("tie") = 0.0,
          "A table against this opponent: a ScoreDistribution, probabilities by score, or a final score; tie is what "
          "a tie is worth (0: only a win counts, 0.5: half a win).")
      .def_property_readonly("opponent", &HeadsUpSolver::opponent, "The opponent's final-score distribution.")
      .def_property_readonly("tie", &HeadsUpSolver::tie, "What a tie is worth (0..1).")
      .def(
          "win_probability",
          [](HeadsUpSolver& t, const Arg<State>& state, int points) {
            const State s = state_arg(state);
            const int x = t.needed(points);
            if (x >= 0) ensure_solved(t, s);
            return t.value(s, x);
          },
          py::arg("state"), py::arg("points"),
          "The largest P(win) + tie * P(tie) from the start of a turn in state with points already scored. "
          "InvalidValueError for more points than a card in that state can have scored.")
      .def(
          "win_probabilities",
          [](HeadsUpSolver& t, const Arg<State>& state) {
            const State s = state_arg(state);
            ensure_solved(t, s);
            std::vector<double> row = t.row(s);  // by x = N - points
            std::reverse(row.begin(), row.end());
            return to_numpy(row);
          },
          py::arg("state"),
          "A new float64 array indexed by the points already scored (0 .. opponent.max + 1): the win probability "
          "from the start of a turn in state (NaN for more points than such a card can hold).")
      .def(
          "best_action",
          [](HeadsUpSolver& t, const Arg<State>& state, int points, const DiceLike& d, int rolls_left) {
            const State s = state_arg(state);
            const Dice dice = to_dice(d);
            const int x = t.needed(points);
            ensure_solved(t, s);
            return yahtzee_action_object(t.ObjectiveTable::best_action(s, x, dice, rolls_left));
          },
          py::arg("state"), py::arg("points"), py::arg("dice"), py::arg("rolls_left"),
          "The action that maximises the win probability (ties as Solver.best_action).")
      .def(
          "category_values",
          [](HeadsUpSolver& t, const Arg<State>& state, int points, const DiceLike& d) {
            const State s = state_arg(state);
            const Dice dice = to_dice(d);
            const int x = t.needed(points);
            ensure_solved(t, s);
            return t.ObjectiveTable::category_values(s, x, dice);
          },
          py::arg("state"), py::arg("points"), py::arg("dice"),
          "(category, win probability after writing the dice there) for each legal box, card order.")
      .def(
          "keep_values",
          [](HeadsUpSolver& t, const Arg<State>& state, int points, const DiceLike& d, int rolls_left) {
            const State s = state_arg(state);
            const Dice dice = to_dice(d);
            const int x = t.needed(points);
            ensure_solved(t, s);
            return t.ObjectiveTable::keep_values(s, x, dice, rolls_left);
          },
          py::arg("state"), py::arg("points"), py::arg("dice"), py::arg("rolls_left"),
          "(keep, win probability) for each keep of the dice with 1 or 2 rolls left, Dice.keeps() order.")
      .def("__repr__", [](const HeadsUpSolver& t) {
        char buf[160];
        std::snprintf(buf, sizeof buf, "<yahtzee.HeadsUpSolver rules=%s opponent mean=%.4f scores=%d..%d tie=%g%s>",
                      t.rules().str().c_str(), t.opponent().mean(), t.opponent().min(), t.opponent().max(), t.tie(),
                      t.is_solved() ? " solved" : "");
        return std::string(buf);
      });
  def_table<HeadsUpSolver>(cls);
}

}  // namespace

void register_yahtzee_objectives(py::module_& m) {
  register_distribution(m);
  register_threshold(m);
  register_headsup(m);
}

}  // namespace parlour::bindings
