// Bindings for parlour._core.yahtzee, part two: Phase, Game (the frontend protocol),
// Solver, the bots and simulate.  Glue only: conversions, GIL release, dicts.
#include <pybind11/functional.h>
#include <pybind11/native_enum.h>

#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "bind_yahtzee.hpp"
#include "interrupt.hpp"
#include "parlour/yahtzee/bots.hpp"
#include "parlour/yahtzee/game.hpp"
#include "parlour/yahtzee/solver.hpp"

namespace parlour::bindings {

using namespace parlour::yahtzee;

namespace {

constexpr const char* kGameFormat = "parlour.yahtzee.Game";
constexpr int kGameVersion = 1;

const char* phase_name(Phase p) {
  switch (p) {
    case Phase::Roll: return "roll";
    case Phase::Decide: return "decide";
    case Phase::Over: break;
  }
  return "over";
}

Phase parse_phase(const std::string& s) {
  if (s == "roll") return Phase::Roll;
  if (s == "decide") return Phase::Decide;
  if (s == "over") return Phase::Over;
  throw core::FormatError("not a game phase: " + core::quote(s));
}

py::object item(const py::dict& d, const char* key) {
  if (!d.contains(key)) throw core::FormatError(std::string("missing key '") + key + "'");
  return d[key];
}

template <class T>
T field(const py::dict& d, const char* key) {
  py::object v = item(d, key);
  if constexpr (std::is_same_v<T, bool>) {
    if (!py::isinstance<py::bool_>(v)) throw core::FormatError(std::string("'") + key + "' must be a bool");
  } else if constexpr (std::is_integral_v<T>) {
    if (py::isinstance<py::bool_>(v) || !py::isinstance<py::int_>(v))
      throw core::FormatError(std::string("'") + key + "' must be an int");
  } else if constexpr (std::is_same_v<T, std::string>) {
    if (!py::isinstance<py::str>(v)) throw core::FormatError(std::string("'") + key + "' must be a str");
  }
  try {
    return v.cast<T>();
  } catch (const py::cast_error&) {
    throw core::FormatError(std::string("bad value for '") + key + "': " + py::repr(v).cast<std::string>());
  }
}

YahtzeeRules rules_field(const py::dict& d) {
  try {
    return YahtzeeRules::parse(field<std::string>(d, "rules"));
  } catch (const core::ParseError& e) {
    throw core::FormatError(e.what());
  }
}

py::dict game_to_dict(const Game& g, const std::optional<int>& player) {
  if (player && (*player < 0 || *player >= g.num_players()))
    throw core::InvalidValue("no player " + std::to_string(*player) + " in a game of " + std::to_string(g.num_players()));
  py::dict d;
  d["format"] = kGameFormat;
  d["version"] = kGameVersion;
  d["rules"] = g.rules().str();
  d["auto_roll"] = g.auto_roll();
  d["current_player"] = g.current_player();
  d["phase"] = phase_name(g.phase());
  d["rolls_left"] = g.rolls_left();
  d["dice"] = g.dice() ? py::object(py::str(g.dice()->str())) : py::object(py::none());
  d["kept"] = g.kept().str();
  py::list cards;
  for (const auto& c : g.scorecards()) cards.append(scorecard_to_dict(c));
  d["scorecards"] = cards;
  if (player) {
    d["player"] = *player;
  } else {
    py::list rng;
    for (auto w : g.rng().state()) {
      char buf[24];
      std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(w));
      rng.append(py::str(buf));
    }
    d["rng"] = rng;
  }
  return d;
}

Game game_from_dict(const py::dict& d) {
  try {
    if (field<std::string>(d, "format") != kGameFormat) throw core::FormatError("not a Yahtzee game document");
    if (field<int>(d, "version") != kGameVersion)
      throw core::FormatError("unsupported Yahtzee game version " + py::repr(d["version"]).cast<std::string>());
    if (!d.contains("rng"))
      throw core::FormatError("an observation (to_dict(player)) has no generator state and cannot be restored");
    const YahtzeeRules rules = rules_field(d);
    std::vector<Scorecard> cards;
    py::object lst = item(d, "scorecards");
    if (!py::isinstance<py::list>(lst)) throw core::FormatError("'scorecards' must be a list");
    for (py::handle c : lst.cast<py::list>()) {
      if (!py::isinstance<py::dict>(c)) throw core::FormatError("each scorecard must be a dict");
      cards.push_back(scorecard_from_dict(c.cast<py::dict>()));
    }
    core::Rng::State rs{};
    py::object rng = item(d, "rng");
    if (!py::isinstance<py::list>(rng) || py::len(rng) != 4) throw core::FormatError("'rng' must be four hex words");
    for (std::size_t i = 0; i < 4; ++i) {
      py::handle w = rng.cast<py::list>()[i];
      if (!py::isinstance<py::str>(w)) throw core::FormatError("'rng' must be four hex words");
      const std::string t = w.cast<std::string>();
      char* end = nullptr;
      if (t.empty() || t.size() > 16) throw core::FormatError("bad rng word " + core::quote(t));
      rs[i] = std::strtoull(t.c_str(), &end, 16);
      if (*end != '\0') throw core::FormatError("bad rng word " + core::quote(t));
    }
    std::optional<Dice> dice;
    py::object dv = item(d, "dice");
    if (!dv.is_none()) {
      if (!py::isinstance<py::str>(dv)) throw core::FormatError("'dice' must be text or None");
      dice = Dice::parse(dv.cast<std::string>());
    }
    const Keep kept = Keep::parse(field<std::string>(d, "kept"));
    return Game::restore(rules, std::move(cards), field<int>(d, "current_player"), parse_phase(field<std::string>(d, "phase")),
                         field<int>(d, "rolls_left"), dice, kept, rs, field<bool>(d, "auto_roll"));
  } catch (const core::FormatError&) {
    throw;
  } catch (const core::Error& e) {
    throw core::FormatError(std::string("bad Yahtzee game document: ") + e.what());
  }
}

std::string game_str(const Game& g) {
  std::string s = "Yahtzee, " + std::to_string(g.num_players()) + " player" + (g.num_players() > 1 ? "s" : "") +
                  ", rules " + g.rules().str() + "\n";
  if (g.is_terminal()) {
    s += "game over; scores:";
    for (int t : g.returns()) s += " " + std::to_string(t);
    return s + "\n";
  }
  s += "player " + std::to_string(g.current_player()) + ", turn " + std::to_string(g.turn() + 1) + "/13, ";
  if (g.dice()) s += "dice " + g.dice()->str() + ", " + std::to_string(g.rolls_left()) + " roll(s) left\n";
  else s += "to roll" + (g.kept().size() ? " (kept " + g.kept().str() + ")" : std::string()) + "\n";
  s += g.scorecard(g.current_player()).str();
  return s;
}

std::string path_of(const py::object& p) { return py::str(py::module_::import("os").attr("fspath")(p)).cast<std::string>(); }

}  // namespace

Solver::Progress wrap_progress(const py::object& cb) {
  if (cb.is_none()) return {};
  return [cb](int tier, double secs) {
    py::gil_scoped_acquire gil;
    cb(tier, secs);
  };
}

py::dict scorecard_to_dict(const Scorecard& s) {
  py::dict d;
  d["rules"] = s.rules().str();
  py::dict boxes;
  for (int c = 0; c < kNumCategories; ++c) {
    const int v = s.boxes()[static_cast<std::size_t>(c)];
    boxes[py::str(std::string(category_name(static_cast<Category>(c))))] = v < 0 ? py::object(py::none()) : py::object(py::int_(v));
  }
  d["boxes"] = boxes;
  d["yahtzee_bonuses"] = s.yahtzee_bonuses();
  return d;
}

Scorecard scorecard_from_dict(const py::dict& d) {
  const YahtzeeRules rules = rules_field(d);
  py::object bx = item(d, "boxes");
  if (!py::isinstance<py::dict>(bx)) throw core::FormatError("'boxes' must be a dict of category name -> int or None");
  const py::dict boxes = bx.cast<py::dict>();
  if (py::len(boxes) != static_cast<std::size_t>(kNumCategories)) throw core::FormatError("'boxes' must name all 13 categories");
  std::array<int, kNumCategories> arr{};
  for (int c = 0; c < kNumCategories; ++c) {
    const std::string name(category_name(static_cast<Category>(c)));
    if (!boxes.contains(name)) throw core::FormatError("'boxes' lacks " + core::quote(name));
    py::object v = boxes[py::str(name)];
    if (v.is_none()) arr[static_cast<std::size_t>(c)] = -1;
    else if (py::isinstance<py::int_>(v) && !py::isinstance<py::bool_>(v)) {
      const long long x = v.cast<long long>();
      if (x < 0 || x > 50) throw core::FormatError("no roll writes " + std::to_string(x) + " in " + name);
      arr[static_cast<std::size_t>(c)] = static_cast<int>(x);
    } else {
      throw core::FormatError("box " + core::quote(name) + " must be an int or None");
    }
  }
  return Scorecard::from_boxes(rules, arr, field<int>(d, "yahtzee_bonuses"));
}

void register_yahtzee_play(py::module_& m) {
  py::native_enum<Phase>(m, "Phase", "enum.Enum",
                         "The phase of a Game: ROLL (the dice must be rolled), DECIDE (score or reroll), OVER.")
      .value("ROLL", Phase::Roll)
      .value("DECIDE", Phase::Decide)
      .value("OVER", Phase::Over)
      .finalize();
  cache_members<Phase>(m.attr("Phase"), 3);

  py::class_<Game> game(m, "Game",
                        "Solitaire Yahtzee for one or more players, 13 turns each in seat order. A turn: the dice "
                        "are rolled, then the player scores them in a box or keeps 0-4 dice and rerolls the rest "
                        "(three rolls in all; rolls_left is 3 before the first roll, 2 after it).\n\n"
                        "Dice come from the game's own generator (xoshiro256**, each new die 1 + below(6)) or are "
                        "injected with roll(dice). With auto_roll (default) the game rolls whenever dice are "
                        "needed, so a frontend only applies actions.\n\n"
                        "Frontend protocol: current_player, legal_actions(), legal_action_mask() (223 ids: Score c "
                        "-> c, Reroll k -> 13 + k.index), apply(action), is_terminal(), returns(), clone(), "
                        "observation(player), to_dict()/from_dict(); can_act(action) beside act(action). A refused "
                        "action raises and leaves the game as it was.");
  game.def(py::init([](int players, const std::optional<YahtzeeRules>& r, const SeedLike& seed, bool auto_roll) {
             core::Rng local;
             core::Rng* rng = rng_from(seed, local);
             return Game(players, r ? *r : YahtzeeRules{}, *rng, auto_roll);
           }),
           py::arg("players") = 1, py::arg("rules") = py::none(), py::arg("seed") = 0, py::arg("auto_roll") = true,
           "A new game for 1..8 players; seed is an int or an Rng (copied). With auto_roll the first roll is made.")
      .def_property_readonly("num_players", &Game::num_players, "The number of players.")
      .def_property_readonly("rules", &Game::rules, "The rules.")
      .def_property_readonly("auto_roll", &Game::auto_roll, "Whether the game rolls the dice by itself.")
      .def_property_readonly("current_player", &Game::current_player, "The seat to act (0-based).")
      .def_property_readonly("phase", [](const Game& g) { return Member<Phase>{g.phase()}; }, "ROLL, DECIDE or OVER.")
      .def_property_readonly("turn", &Game::turn, "The current player's turn, 0..12 (their filled boxes).")
      .def_property_readonly("rolls_left", &Game::rolls_left,
                             "Rolls still available this turn: 3 before the first roll, 2 after it, 0 after the third.")
      .def_property_readonly("dice", &Game::dice, "The dice in phase DECIDE, else None.")
      .def_property_readonly("kept", &Game::kept, "The dice kept for the pending roll (phase ROLL).")
      .def_property_readonly("scorecards", [](const Game& g) { return g.scorecards(); }, "Copies of the players' cards.")
      .def("scorecard", [](const Game& g, int p) { return g.scorecard(p); }, py::arg("player"), "A copy of a player's card.")
      .def_property_readonly("state", [](const Game& g) { return g.scorecard(g.current_player()).state(); },
                             "The current player's State.")
      .def("roll", [](Game& g, const std::optional<py::typing::Union<DiceLike, core::Rng>>& dice) {
        if (!dice) g.roll();
        else if (py::isinstance<core::Rng>(*dice)) g.roll(dice->cast<core::Rng&>());
        else g.roll(to_dice(*dice));
      }, py::arg("dice") = py::none(),
           "Rolls the dice that are not kept: with the game's generator (no argument), with another Rng (advanced "
           "by the roll), or takes injected dice (all five, including the kept ones). PhaseError outside phase ROLL; "
           "IllegalActionError when injected dice lack the kept ones.")
      .def("can_roll", [](const Game& g, const DiceLike& d) { return g.can_roll(to_dice(d)); }, py::arg("dice"),
           "Whether roll(dice) would be accepted.")
      .def("act", [](Game& g, const ActionLike& a) { return g.act(to_action(a)); }, py::arg("action"),
           "Applies Score(category) or Reroll(keep) (or an id, or text 'keep 66'); returns the ScoreDelta of a "
           "Score (a zero delta for a Reroll). PhaseError outside phase DECIDE, IllegalActionError when illegal; the "
           "game is unchanged then.")
      .def("apply", [](Game& g, const ActionLike& a) { return g.act(to_action(a)); }, py::arg("action"),
           "The frontend protocol's name for act().")
      .def("can_act", [](const Game& g, const ActionLike& a) { return g.is_legal(to_action(a)); }, py::arg("action"),
           "Whether act(action) would be accepted.")
      .def("legal_actions", [](const Game& g) {
        std::vector<ActionObject> out;
        for (const auto& a : g.legal_actions()) out.push_back(action_object(a));
        return out;
      }, "The legal actions in phase DECIDE (Score in card order, then Reroll by keep index), else [].")
      .def("legal_action_ids", [](const Game& g) {
        std::vector<int> out;
        for (const auto& a : g.legal_actions()) out.push_back(action_id(a));
        return out;
      }, "The ids of the legal actions, ascending.")
      .def("legal_action_mask", [](const Game& g) {
        py::array_t<bool> mask(kNumActions);
        auto* p = mask.mutable_data();
        std::fill(p, p + kNumActions, false);
        for (const auto& a : g.legal_actions()) p[action_id(a)] = true;
        return mask;
      }, "A NumPy bool array of length 223, True at the legal action ids.")
      .def("is_terminal", &Game::is_terminal, "Whether the game is over.")
      .def("returns", &Game::returns, "Each player's total (the final scores once the game is over).")
      .def("view", [](const Game& g) {
        return py::make_tuple(g.scorecard(g.current_player()).state(), g.dice(), g.dice() ? g.rolls_left() : 0);
      }, "(state, dice, rolls_left) of the player to act: what a strategy needs (dice None when not rolled).")
      .def("clone", [](const Game& g) { return g; }, "An independent copy (generator included).")
      .def("__copy__", [](const Game& g) { return g; })
      .def("__deepcopy__", [](const Game& g, const py::object&) { return g; }, py::arg("memo"))
      .def("observation", [](const Game& g, int player) { return game_to_dict(g, player); }, py::arg("player"),
           "What a player sees: to_dict(player) (every card and the dice; not the generator state).")
      .def("to_dict", [](const Game& g, const std::optional<int>& player) { return game_to_dict(g, player); },
           py::arg("player") = py::none(),
           "A JSON-ready, versioned dict; with player None it includes the generator state and from_dict restores "
           "the game exactly, with a player it is that player's observation.")
      .def_static("from_dict", [](const py::dict& d) { return game_from_dict(d); }, py::arg("data"),
                  "The inverse of to_dict(); StateFormatError for a foreign, corrupt or inconsistent document.")
      .def("__str__", &game_str)
      .def("__repr__", [](const Game& g) {
        return "<yahtzee.Game players=" + std::to_string(g.num_players()) + " player=" + std::to_string(g.current_player()) +
               " phase=" + phase_name(g.phase()) + (g.dice() ? " dice=" + g.dice()->str() : std::string()) + ">";
      })
      .def(py::pickle([](const Game& g) { return game_to_dict(g, std::nullopt); },
                      [](const py::object& d) {
                        if (!py::isinstance<py::dict>(d)) throw core::FormatError("a pickled Game is a dict");
                        return game_from_dict(d.cast<py::dict>());
                      }));

  py::class_<Solver, std::shared_ptr<Solver>> solver(
      m, "Solver",
      "The exact optimal strategy: the expected further score of optimal play from the start of a turn in every "
      "state (f64). solve() fills the table over the 20-bit state index (tiers of filled boxes in parallel; "
      "bit-identical for any thread count); queries on an unsolved state first solve the states reachable from it.\n\n"
      "Tie-breaks: best_category takes the first legal box in card order; keeps are compared in Dice.keeps() order "
      "(all five first, then four, ..., each size by Keep.index) and the first maximum wins; when that is keeping "
      "all five, best_action decides as with one roll fewer, down to Score(best box) with no roll left.");
  solver.def(py::init([](const std::optional<YahtzeeRules>& r) { return std::make_shared<Solver>(r ? *r : YahtzeeRules{}); }),
             py::arg("rules") = py::none(), "An empty table for these rules (default: forced joker, both bonuses).")
      .def_property_readonly("rules", &Solver::rules, "The rules.")
      .def("solve", [](Solver& s, int threads, const py::object& progress) {
        auto cb = wrap_progress(progress);
        run_interruptible([&](core::StopToken& stop) { s.solve(threads, cb, &stop); });
      }, py::arg("threads") = 0, py::arg("progress") = py::none(),
           "Fills the whole table (threads <= 0: all cores), releasing the GIL. progress(tier, seconds) is called "
           "after each tier (filled-box count 13 .. 0).")
      .def("solve_from", [](Solver& s, State st, int threads) {
        run_interruptible([&](core::StopToken& stop) { s.solve_from(st, threads, {}, &stop); });
      }, py::arg("state"), py::arg("threads") = 0,
           "Solves only the states reachable from state (supersets of its boxes, upper subtotals >= its own).")
      .def("is_solved", [](const Solver& s, const std::optional<State>& st) { return st ? s.is_solved(*st) : s.is_solved(); },
           py::arg("state") = py::none(), "Whether the whole table (or this state's value) is solved.")
      .def_property_readonly("solved_count", &Solver::solved_count, "The number of states with a value.")
      .def_property_readonly("table_bytes", &Solver::table_bytes, "The size of the value table in bytes.")
      .def_property_readonly("checksum", &Solver::checksum, "FNV-1a over the table's 64-bit words.")
      .def("value", [](Solver& s, State st) {
        if (!s.is_solved(st)) {
          py::gil_scoped_release release;
          s.solve_from(st, 0);
        }
        return s.value(st);
      }, py::arg("state"), "The expected further score from the start of a turn in state (solving lazily).")
      .def_property_readonly("values", [](const Solver& s) {
        auto v = s.values();
        py::array_t<double> out(static_cast<py::ssize_t>(v.size()));
        std::copy(v.begin(), v.end(), out.mutable_data());
        return out;
      }, "A new float64 array of 2**20 values by State.index (NaN for invalid or unsolved indices).")
      .def("category_values", [](Solver& s, State st, const DiceLike& d) {
        const Dice dice = to_dice(d);
        if (!s.is_solved(st)) {
          py::gil_scoped_release release;
          s.solve_from(st, 0);
        }
        return s.category_values(st, dice);
      }, py::arg("state"), py::arg("dice"),
           "(category, expected further score) for each legal box in card order: the reward of the write plus the "
           "value of the next state.")
      .def("keep_values", [](Solver& s, State st, const DiceLike& d, int rolls_left) {
        const Dice dice = to_dice(d);
        if (!s.is_solved(st)) {
          py::gil_scoped_release release;
          s.solve_from(st, 0);
        }
        return s.keep_values(st, dice, rolls_left);
      }, py::arg("state"), py::arg("dice"), py::arg("rolls_left"),
           "(keep, expected further score) for each keep of the dice with 1 or 2 rolls left, in Dice.keeps() order "
           "(keeping all five = not rerolling now).")
      .def("best_category", [](Solver& s, State st, const DiceLike& d) {
        const Dice dice = to_dice(d);
        if (!s.is_solved(st)) {
          py::gil_scoped_release release;
          s.solve_from(st, 0);
        }
        return s.best_category(st, dice);
      }, py::arg("state"), py::arg("dice"), "The best box for the dice (first in card order on ties).")
      .def("best_action", [](Solver& s, State st, const DiceLike& d, int rolls_left) {
        const Dice dice = to_dice(d);
        if (!s.is_solved(st)) {
          py::gil_scoped_release release;
          s.solve_from(st, 0);
        }
        return action_object(s.best_action(st, dice, rolls_left));
      }, py::arg("state"), py::arg("dice"), py::arg("rolls_left"),
           "The optimal action with 0..2 rolls left: Score(category) or Reroll(keep) (see the tie-breaks).")
      .def("save", [](const Solver& s, const py::object& path) {
        const std::string p = path_of(path);
        py::gil_scoped_release release;
        s.save(p);
      }, py::arg("path"),
           "Writes the solved table: a header (magic, version, rules, count, checksum) then the values. PhaseError "
           "unless fully solved.")
      .def_static("load", [](const py::object& path) {
        const std::string p = path_of(path);
        py::gil_scoped_release release;
        return std::make_shared<Solver>(Solver::load(p));
      }, py::arg("path"), "Reads a table written by save(); StateFormatError for a corrupt, truncated or foreign file.")
      .def(py::pickle(
          [](const Solver& s) {
            const auto& marks = s.solved_marks();
            const auto& t = s.raw_table();
            return py::make_tuple(
                1, s.rules().str(), py::bytes(reinterpret_cast<const char*>(marks.data()), marks.size()),
                py::bytes(reinterpret_cast<const char*>(t.data()), t.size() * sizeof(double)), s.checksum());
          },
          [](const py::tuple& t) {
            if (t.size() != 5 || !py::isinstance<py::int_>(t[0]) || t[0].cast<int>() != 1 ||
                !py::isinstance<py::str>(t[1]) || !py::isinstance<py::bytes>(t[2]) || !py::isinstance<py::bytes>(t[3]))
              throw core::FormatError("not a pickled Yahtzee Solver (version 1)");
            YahtzeeRules rules;
            try {
              rules = YahtzeeRules::parse(t[1].cast<std::string>());
            } catch (const core::ParseError& e) {
              throw core::FormatError(e.what());
            }
            const std::string marks_raw = t[2].cast<std::string>();
            const std::string table_raw = t[3].cast<std::string>();
            std::array<std::uint8_t, 8192> marks{};
            if (marks_raw.size() != marks.size() || table_raw.size() % sizeof(double) != 0)
              throw core::FormatError("a pickled Solver has parts of the wrong size");
            std::memcpy(marks.data(), marks_raw.data(), marks.size());
            std::vector<double> table(table_raw.size() / sizeof(double));
            std::memcpy(table.data(), table_raw.data(), table_raw.size());
            auto s = std::make_shared<Solver>(Solver::from_parts(rules, marks, table));
            if (s->checksum() != t[4].cast<std::uint64_t>()) throw core::FormatError("a pickled Solver is corrupt (checksum)");
            return s;
          }))
      .def("__repr__", [](const Solver& s) {
        return "<yahtzee.Solver rules=" + s.rules().str() + " solved=" + std::to_string(s.solved_count()) + "/" +
               std::to_string(kNumValidStates) + ">";
      });

  py::class_<Bot, std::shared_ptr<Bot>> bot(m, "Bot", "A Yahtzee strategy: choose(state, dice, rolls_left) -> action.");
  bot.def("choose", [](const Bot& b, State st, const DiceLike& d, int rolls_left) {
        const Dice dice = to_dice(d);
        return action_object(b.choose(st, dice, rolls_left));
      }, py::arg("state"), py::arg("dice"), py::arg("rolls_left"), "The bot's action with 0..2 rolls left.")
      .def("act", [](const Bot& b, Game& g) {
        if (g.phase() != Phase::Decide) throw core::PhaseError("the bot can act only in phase DECIDE");
        return g.act(b.choose(g.scorecard(g.current_player()).state(), *g.dice(), g.rolls_left()));
      }, py::arg("game"), "Chooses for the player to act in game and applies the action; returns its ScoreDelta.")
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
      .def(py::init([](const std::optional<YahtzeeRules>& r) { return std::make_shared<HeuristicBot>(r ? *r : YahtzeeRules{}); }),
           py::arg("rules") = py::none(), "A heuristic bot for these rules.");

  m.def("simulate", [](std::int64_t n, const std::shared_ptr<Bot>& b, const SeedLike& seed, int threads,
                       std::int64_t first) {
        if (!b) throw core::InvalidValue("simulate needs a bot");
        core::Rng local;
        const std::uint64_t s = rng_from(seed, local)->next();  // an Rng is advanced by one draw
        const std::vector<std::int32_t> scores =
            run_interruptible([&](core::StopToken& stop) { return simulate(*b, n, s, threads, &stop, first); });
        py::array_t<std::int32_t> out(static_cast<py::ssize_t>(scores.size()));
        std::copy(scores.begin(), scores.end(), out.mutable_data());
        return out;
      }, py::arg("n"), py::arg("bot"), py::arg("seed") = 0, py::arg("threads") = 0, py::arg("first") = 0,
        "Plays n solitaire games with the bot (in C++, GIL released, threads <= 0: all cores) and returns the "
        "final scores as an int32 NumPy array. The base is the first draw of Rng(seed) (or of the Rng given); game i "
        "draws its dice from Rng(splitmix64(base + i)), so the result depends only on (n, bot, seed). The games are "
        "first .. first+n-1: consecutive ranges give, end to end, the scores of one call over the whole range.");
}

}  // namespace parlour::bindings
