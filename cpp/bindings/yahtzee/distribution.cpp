// Bindings for parlour._core.yahtzee: the exact score distribution of a fixed strategy
// (ScoreDistribution, evaluate, Solver.distribution).  Glue only: conversions, GIL
// release, NumPy arrays; the distributions live in cpp/src/yahtzee/distribution.cpp.
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "../exclusive.hpp"
#include "../interrupt.hpp"
#include "parlour/yahtzee/bots.hpp"
#include "parlour/yahtzee/distribution.hpp"
#include "parlour/yahtzee/solver.hpp"
#include "yahtzee.hpp"

namespace parlour::bindings {

using namespace parlour::yahtzee;

namespace {

using DoubleArray = py::array_t<double, py::array::c_style | py::array::forcecast>;

// A new float64 array with a copy of v.
py::array_t<double> copy_to_numpy(const std::vector<double>& v) {
  py::array_t<double> out(static_cast<py::ssize_t>(v.size()));
  if (!v.empty()) std::memcpy(out.mutable_data(), v.data(), v.size() * sizeof(double));
  return out;
}

}  // namespace

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

namespace {

std::string dist_repr(const ScoreDistribution& d) {
  char buf[200];
  std::snprintf(buf, sizeof buf, "<ScoreDistribution %s mean=%.6f sd=%.6f scores=%d..%d%s>",
                d.exact() ? "exact" : "simulated", d.mean(), d.sd(), d.min(), d.max(),
                d.exact() ? "" : (" games=" + std::to_string(d.games())).c_str());
  return buf;
}

State state_arg(py::handle obj) { return cast_arg<State>(obj, "a State"); }

}  // namespace

void register_yahtzee_distribution(py::module_& m) {
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
          "pmf", [](const ScoreDistribution& d) { return copy_to_numpy(d.pmf()); },
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
        return run_interruptible([&](core::StopToken& stop) {
          const Exclusive one_call({bot.get(), solver_of(*bot)}, stop);
          return evaluate(*bot, s, threads, &stop);
        });
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
        auto d = run_interruptible([&](core::StopToken& stop) {
          const Exclusive one_call(s.get(), stop);
          return evaluate(bot, st, threads, &stop);
        });
        return points ? d.shifted(points) : d;
      },
      py::arg("state") = kStart, py::arg("points") = 0, py::arg("threads") = 0,
      "The exact distribution of the final score when the optimal expected-score strategy (best_action, with its "
      "tie-breaks) is played from the start of a turn in state with `points` already scored: its mean is "
      "points + value(state). Solves the states reachable from state first if needed; GIL released.");
}

}  // namespace parlour::bindings
