// Bindings of the Yahtzee solver (parlour._core.yahtzee): Solver, the bots and simulate.
// Glue only: conversions and GIL release; the dynamic program lives in
// cpp/src/yahtzee/solver.cpp.
#include <pybind11/functional.h>
#include <pybind11/native_enum.h>

#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "../interrupt.hpp"
#include "../protocol.hpp"
#include "parlour/yahtzee/bots.hpp"
#include "parlour/yahtzee/game.hpp"
#include "parlour/yahtzee/observation.hpp"
#include "parlour/yahtzee/solver.hpp"
#include "yahtzee.hpp"

namespace parlour::bindings {

using namespace parlour::yahtzee;

namespace {

std::string path_of(const py::object& p) {
  if (!(py::isinstance<py::str>(p) || py::isinstance<py::bytes>(p) || py::hasattr(p, "__fspath__")))
    throw core::WrongType("path must be a str or os.PathLike, got " + type_name(p) + " " + quoted_repr(p));
  const py::object path = py::module_::import("os").attr("fsdecode")(p);
  return to_text(path, "path");
}

}  // namespace

Solver::Progress wrap_progress(const py::object& cb) {
  if (cb.is_none()) return {};
  return [cb](int tier, double secs) {
    py::gil_scoped_acquire gil;
    cb(tier, secs);
  };
}

namespace {

using SolverClass = py::class_<Solver, std::shared_ptr<Solver>>;

// Solves the states reachable from st first, when its value is not known yet (the GIL
// released meanwhile).
void solve_lazily(Solver& s, State st) {
  if (s.is_solved(st)) return;
  py::gil_scoped_release release;
  s.solve_from(st, 0);
}

// The queries of a solved (or lazily solved) table.
void def_solver_queries(SolverClass& solver) {
  solver
      .def(
          "value",
          [](Solver& s, State st) {
            solve_lazily(s, st);
            return s.value(st);
          },
          py::arg("state"), "The expected further score from the start of a turn in state (solving lazily).")
      .def_property_readonly(
          "values",
          [](const Solver& s) {
            auto v = s.values();
            py::array_t<double> out(static_cast<py::ssize_t>(v.size()));
            std::copy(v.begin(), v.end(), out.mutable_data());
            return out;
          },
          "A new float64 array of 2**20 values by State.index (NaN for invalid or unsolved indices).")
      .def(
          "category_values",
          [](Solver& s, State st, const DiceLike& d) {
            const Dice dice = to_dice(d);
            solve_lazily(s, st);
            return s.category_values(st, dice);
          },
          py::arg("state"), py::arg("dice"),
          "(category, expected further score) for each legal box in card order: the reward of the write plus the "
          "value of the next state.")
      .def(
          "keep_values",
          [](Solver& s, State st, const DiceLike& d, int rolls_left) {
            const Dice dice = to_dice(d);
            solve_lazily(s, st);
            return s.keep_values(st, dice, rolls_left);
          },
          py::arg("state"), py::arg("dice"), py::arg("rolls_left"),
          "(keep, expected further score) for each keep of the dice with 1 or 2 rolls left, in Dice.keeps() order "
          "(keeping all five = not rerolling now).")
      .def(
          "best_category",
          [](Solver& s, State st, const DiceLike& d) {
            const Dice dice = to_dice(d);
            solve_lazily(s, st);
            return s.best_category(st, dice);
          },
          py::arg("state"), py::arg("dice"), "The best box for the dice (first in card order on ties).")
      .def(
          "best_action",
          [](Solver& s, State st, const DiceLike& d, int rolls_left) {
            const Dice dice = to_dice(d);
            solve_lazily(s, st);
            return yahtzee_action_object(s.best_action(st, dice, rolls_left));
          },
          py::arg("state"), py::arg("dice"), py::arg("rolls_left"),
          "The optimal action with 0..2 rolls left: Score(category) or Reroll(keep) (see the tie-breaks).");
}

void bind_solver(py::module_& m) {
  SolverClass solver(
      m, "Solver",
      "The exact optimal strategy: the expected further score of optimal play from the start of a turn in every "
      "state (f64). solve() fills the table over the 20-bit state index (tiers of filled boxes in parallel; "
      "bit-identical for any thread count); queries on an unsolved state first solve the states reachable from it.\n\n"
      "Tie-breaks: best_category takes the first legal box in card order; keeps are compared in Dice.keeps() order "
      "(all five first, then four, ..., each size by Keep.index) and the first maximum wins; when that is keeping "
      "all five, best_action decides as with one roll fewer, down to Score(best box) with no roll left.");
  solver
      .def(py::init(
               [](const std::optional<YahtzeeRules>& r) { return std::make_shared<Solver>(r ? *r : YahtzeeRules{}); }),
           py::arg("rules") = py::none(), "An empty table for these rules (default: forced joker, both bonuses).")
      .def_property_readonly("rules", &Solver::rules, "The rules.")
      .def(
          "solve",
          [](Solver& s, int threads, const py::object& progress) {
            auto cb = wrap_progress(progress);
            run_interruptible([&](core::StopToken& stop) { s.solve(threads, cb, &stop); });
          },
          py::arg("threads") = 0, py::arg("progress") = py::none(),
          "Fills the whole table (threads <= 0: all cores), releasing the GIL. progress(tier, seconds) is called "
          "after each tier (filled-box count 13 .. 0).")
      .def(
          "solve_from",
          [](Solver& s, State st, int threads) {
            run_interruptible([&](core::StopToken& stop) { s.solve_from(st, threads, {}, &stop); });
          },
          py::arg("state"), py::arg("threads") = 0,
          "Solves only the states reachable from state (supersets of its boxes, upper subtotals >= its own).")
      .def(
          "is_solved",
          [](const Solver& s, const std::optional<State>& st) { return st ? s.is_solved(*st) : s.is_solved(); },
          py::arg("state") = py::none(), "Whether the whole table (or this state's value) is solved.")
      .def_property_readonly("solved_count", &Solver::solved_count, "The number of states with a value.")
      .def_property_readonly("table_bytes", &Solver::table_bytes, "The size of the value table in bytes.")
      .def_property_readonly("checksum", &Solver::checksum, "FNV-1a over the table's 64-bit words.")
      .def(
          "save",
          [](const Solver& s, const py::object& path) {
            const std::string p = path_of(path);
            py::gil_scoped_release release;
            s.save(p);
          },
          py::arg("path"),
          "Writes the solved table: a header (magic, version, rules, count, checksum) then the values. PhaseError "
          "unless fully solved.")
      .def_static(
          "load",
          [](const py::object& path) {
            const std::string p = path_of(path);
            py::gil_scoped_release release;
            return std::make_shared<Solver>(Solver::load(p));
          },
          py::arg("path"),
          "Reads a table written by save(); StateFormatError for a corrupt, truncated or foreign file.")
      .def(py::pickle(
          [](const Solver& s) {
            const auto& marks = s.solved_marks();
            const auto& t = s.raw_table();
            return py::make_tuple(
                2, s.rules().str(), py::bytes(reinterpret_cast<const char*>(marks.data()), marks.size()),
                py::bytes(reinterpret_cast<const char*>(t.data()), t.size() * sizeof(double)), s.state_checksum());
          },
          [](const py::tuple& t) {
            // Version 2: the checksum covers the rules and the solved marks with the table
            // (version 1, whose checksum covered the table only, is refused).
            if (t.size() != 5 || !is_integer(t[0]) || !py::int_(t[0]).equal(py::int_(2)) ||
                !py::isinstance<py::str>(t[1]) || !py::isinstance<py::bytes>(t[2]) ||
                !py::isinstance<py::bytes>(t[3]) || !is_integer(t[4]))
              throw core::FormatError("not a pickled Yahtzee Solver of this version (version 2)");
            YahtzeeRules rules;
            try {
              rules = YahtzeeRules::parse(t[1].cast<std::string>());
            } catch (const core::ParseError& e) { throw core::FormatError(e.what()); }
            const std::string marks_raw = t[2].cast<std::string>();
            const std::string table_raw = t[3].cast<std::string>();
            std::array<std::uint8_t, 8192> marks{};
            if (marks_raw.size() != marks.size() || table_raw.size() % sizeof(double) != 0)
              throw core::FormatError("a pickled Solver has parts of the wrong size");
            std::memcpy(marks.data(), marks_raw.data(), marks.size());
            std::vector<double> table(table_raw.size() / sizeof(double));
            std::memcpy(table.data(), table_raw.data(), table_raw.size());
            auto s = std::make_shared<Solver>(Solver::from_parts(rules, marks, table));
            if (!py::int_(t[4]).equal(py::int_(s->state_checksum())))
              throw core::FormatError(
                  "a pickled Solver is corrupt or altered (checksum of its rules, marks and table)");
            return s;
          }))
      .def("__repr__", [](const Solver& s) {
        return "<yahtzee.Solver rules=" + s.rules().str() + " solved=" + std::to_string(s.solved_count()) + "/" +
               std::to_string(kNumValidStates) + ">";
      });
  def_solver_queries(solver);
}

void bind_bots(py::module_& m) {
  py::class_<Bot, std::shared_ptr<Bot>> bot(m, "Bot", "A Yahtzee strategy: choose(state, dice, rolls_left) -> action.");
  bot.def(
         "choose",
         [](const Bot& b, State st, const DiceLike& d, int rolls_left) {
           const Dice dice = to_dice(d);
           return yahtzee_action_object(b.choose(st, dice, rolls_left));
         },
         py::arg("state"), py::arg("dice"), py::arg("rolls_left"), "The bot's action with 0..2 rolls left.")
      .def(
          "act",
          [](const Bot& b, const py::object& obs) -> py::object {
            if (py::isinstance<Game>(obs)) {  // the first releases' act(game), which played the move itself
              deprecated(
                  "Bot.act(game) is deprecated: act(observation) returns the action; apply it with game.apply()");
              Game& g = obs.cast<Game&>();
              if (g.phase() != Phase::Decide) throw core::PhaseError("the bot can act only in phase DECIDE");
              return py::cast(g.apply(b.choose(g.scorecard(g.player()).state(), *g.dice(), g.rolls_left())));
            }
            const Observation& o = cast_arg<const Observation&>(obs, "an Observation (game.observation(seat))");
            if (!o.is_my_turn() || !o.dice)
              throw core::PhaseError("the bot acts on the observation of the seat to act, with the dice rolled");
            return yahtzee_action_object(b.choose(o.state(), *o.dice, o.rolls_left));
          },
          py::arg("observation"),
          "The action for the seat of the observation (game.observation(game.current_player)); the game is not "
          "changed. (act(game), which applied the action, is deprecated.)")
      .def_property_readonly("rules", &Bot::rules, "The rules the bot plays by.")
      .def_property_readonly("name", &Bot::name, "The bot's name.")
      .def("__repr__", [](const Bot& b) { return "<yahtzee." + b.name() + " rules=" + b.rules().str() + ">"; });
  py::class_<OptimalBot, Bot, std::shared_ptr<OptimalBot>>(m, "OptimalBot",
                                                           "Plays the Solver's best_action (solving lazily or, in "
                                                           "simulate, fully beforehand).")
      .def(py::init<std::shared_ptr<Solver>>(), py::arg("solver"), "A bot following this solver.")
      .def_property_readonly("solver", &OptimalBot::solver, "The solver.");
  py::class_<HeuristicBot, Bot, std::shared_ptr<HeuristicBot>>(
      m, "HeuristicBot",
      "A simple rule of thumb for contrast: scores a made Yahtzee, large straight or full house at once, keeps a run "
      "of four towards the straights, else keeps the most frequent face; with no roll left takes the best immediate "
      "value (Chance discounted) or dumps a zero in the cheapest box.")
      .def(py::init([](const std::optional<YahtzeeRules>& r) {
             return std::make_shared<HeuristicBot>(r ? *r : YahtzeeRules{});
           }),
           py::arg("rules") = py::none(), "A heuristic bot for these rules.");

  m.def(
      "simulate",
      [](std::int64_t n, const std::shared_ptr<Bot>& b, const SeedLike& seed, int threads, std::int64_t first) {
        if (!b) throw core::InvalidValue("simulate needs a bot");
        core::Rng local;
        const std::uint64_t s = rng_from(seed, local)->next();  // an Rng is advanced by one draw
        const std::vector<std::int32_t> scores =
            run_interruptible([&](core::StopToken& stop) { return simulate(*b, n, s, threads, &stop, first); });
        py::array_t<std::int32_t> out(static_cast<py::ssize_t>(scores.size()));
        std::copy(scores.begin(), scores.end(), out.mutable_data());
        return out;
      },
      py::arg("n"), py::arg("bot"), py::arg("seed") = 0, py::arg("threads") = 0, py::arg("first") = 0,
      "Plays n solitaire games with the bot (in C++, GIL released, threads <= 0: all cores) and returns the "
      "final scores as an int32 NumPy array. The base is the first draw of Rng(seed) (or of the Rng given); game i "
      "draws its dice from Rng(splitmix64(base + i)), so the result depends only on (n, bot, seed). The games are "
      "first .. first+n-1: consecutive ranges give, end to end, the scores of one call over the whole range.");
}

}  // namespace

void register_yahtzee_solver(py::module_& m) {
  bind_solver(m);
  bind_bots(m);
}

}  // namespace parlour::bindings
