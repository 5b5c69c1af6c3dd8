// Bindings for parlour._core.yahtzee: objectives beyond the mean — ThresholdSolver (the
// best probability of reaching a target) and HeadsUpSolver (beating an opponent's final
// score).  Glue only: conversions, GIL release, NumPy arrays.
#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "../exclusive.hpp"
#include "../interrupt.hpp"
#include "parlour/yahtzee/distribution.hpp"
#include "parlour/yahtzee/headsup.hpp"
#include "parlour/yahtzee/threshold.hpp"
#include "yahtzee.hpp"

namespace parlour::bindings {

using namespace parlour::yahtzee;

namespace {

State state_arg(py::handle obj) { return cast_arg<State>(obj, "a State"); }

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
            auto cb = wrap_progress(progress, &t);
            run_interruptible([&](core::StopToken& stop) {
              const Exclusive one_call(&t, stop);
              t.solve(threads, cb, &stop);
            });
          },
          py::arg("threads") = 0, py::arg("progress") = py::none(),
          "Fills the whole table (threads 0: all cores), releasing the GIL; progress(tier, seconds) after each tier "
          "of filled boxes (13 .. 0).")
      .def(
          "solve_from",
          [](T& t, const Arg<State>& state, int threads) {
            const State s = state_arg(state);
            run_interruptible([&](core::StopToken& stop) {
              const Exclusive one_call(&t, stop);
              t.solve_from(s, threads, {}, &stop);
            });
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
            return claimed(&t, [&] {
              if (x > 0) ensure_solved(t, s);
              return t.value(s, x);
            });
          },
          py::arg("state"), py::arg("points"), py::arg("target"),
          "The largest probability that the final score reaches target, with points already scored (1 once reached).")
      .def(
          "probabilities",
          [](ThresholdSolver& t, const Arg<State>& state) {
            const State s = state_arg(state);
            return claimed(&t, [&] {
              ensure_solved(t, s);
              return to_numpy(t.probabilities(s));
            });
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
            return claimed(&t, [&] {
              ensure_solved(t, s);
              return yahtzee_action_object(t.ObjectiveTable::best_action(s, x, dice, rolls_left));
            });
          },
          py::arg("state"), py::arg("points"), py::arg("target"), py::arg("dice"), py::arg("rolls_left"),
          "The action that maximises the probability of reaching target (ties as Solver.best_action).")
      .def(
          "category_values",
          [](ThresholdSolver& t, const Arg<State>& state, int points, int target, const DiceLike& d) {
            const State s = state_arg(state);
            const Dice dice = to_dice(d);
            const int x = t.needed(points, target);
            return claimed(&t, [&] {
              ensure_solved(t, s);
              return t.ObjectiveTable::category_values(s, x, dice);
            });
          },
          py::arg("state"), py::arg("points"), py::arg("target"), py::arg("dice"),
          "(category, probability of reaching target after writing the dice there) for each legal box, card order.")
      .def(
          "keep_values",
          [](ThresholdSolver& t, const Arg<State>& state, int points, int target, const DiceLike& d, int rolls_left) {
            const State s = state_arg(state);
            const Dice dice = to_dice(d);
            const int x = t.needed(points, target);
            return claimed(&t, [&] {
              ensure_solved(t, s);
              return t.ObjectiveTable::keep_values(s, x, dice, rolls_left);
            });
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
            return claimed(&t, [&] {
              if (x >= 0) ensure_solved(t, s);
              return t.value(s, x);
            });
          },
          py::arg("state"), py::arg("points"),
          "The largest P(win) + tie * P(tie) from the start of a turn in state with points already scored. "
          "InvalidValueError for more points than a card in that state can have scored.")
      .def(
          "win_probabilities",
          [](HeadsUpSolver& t, const Arg<State>& state) {
            const State s = state_arg(state);
            return claimed(&t, [&] {
              ensure_solved(t, s);
              std::vector<double> row = t.row(s);  // by x = N - points
              std::reverse(row.begin(), row.end());
              return to_numpy(std::move(row));
            });
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
            return claimed(&t, [&] {
              ensure_solved(t, s);
              return yahtzee_action_object(t.ObjectiveTable::best_action(s, x, dice, rolls_left));
            });
          },
          py::arg("state"), py::arg("points"), py::arg("dice"), py::arg("rolls_left"),
          "The action that maximises the win probability (ties as Solver.best_action).")
      .def(
          "category_values",
          [](HeadsUpSolver& t, const Arg<State>& state, int points, const DiceLike& d) {
            const State s = state_arg(state);
            const Dice dice = to_dice(d);
            const int x = t.needed(points);
            return claimed(&t, [&] {
              ensure_solved(t, s);
              return t.ObjectiveTable::category_values(s, x, dice);
            });
          },
          py::arg("state"), py::arg("points"), py::arg("dice"),
          "(category, win probability after writing the dice there) for each legal box, card order.")
      .def(
          "keep_values",
          [](HeadsUpSolver& t, const Arg<State>& state, int points, const DiceLike& d, int rolls_left) {
            const State s = state_arg(state);
            const Dice dice = to_dice(d);
            const int x = t.needed(points);
            return claimed(&t, [&] {
              ensure_solved(t, s);
              return t.ObjectiveTable::keep_values(s, x, dice, rolls_left);
            });
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
  register_threshold(m);
  register_headsup(m);
}

}  // namespace parlour::bindings
