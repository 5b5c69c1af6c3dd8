// Bindings of the Yahtzee game (parlour._core.yahtzee): Phase, Observation and Game
// behind the game protocol (protocol.hpp).  Glue only; the rules live in
// cpp/src/yahtzee/game.cpp, the JSON forms in snapshot.cpp, the encoding in encode.cpp.
#include <pybind11/native_enum.h>

#include <span>
#include <string>

#include "../protocol.hpp"
#include "parlour/yahtzee/encode.hpp"
#include "parlour/yahtzee/game.hpp"
#include "parlour/yahtzee/observation.hpp"
#include "parlour/yahtzee/snapshot.hpp"
#include "yahtzee.hpp"

namespace parlour::bindings {

using yahtzee::Game;
using yahtzee::Observation;
using yahtzee::Phase;

template <>
struct GameTraits<Game> {
  static constexpr const char* kName = "yahtzee";
  static constexpr const char* kSnapshotWhat = "a yahtzee game snapshot";
  using ActionLike = bindings::ActionLike;
  using ActionStub = ActionObject;
  static yahtzee::Action to_action(py::handle a) { return to_yahtzee_action(a); }
  static py::object action_object(const Game&, int id) { return yahtzee_action_object(yahtzee::action_from_id(id)); }
  static py::object event(const Game& g) {
    const auto& e = g.last_event();
    const core::Json j = yahtzee::event_to_json(*e, g);
    return py::cast(Event{e->seat, yahtzee_action_object(e->action), yahtzee::action_str(e->action), j, j});
  }
  static core::Json to_json(const Game& g) { return yahtzee::game_to_json(g); }
  static Game from_json(const core::Json& doc) { return yahtzee::game_from_json(doc); }
};

namespace {

std::string game_str(const Game& g) {
  std::string s = "Yahtzee, " + std::to_string(g.num_players()) + " player" + (g.num_players() > 1 ? "s" : "") +
                  ", rules " + g.rules().str() + "\n";
  if (g.is_terminal()) {
    s += "game over; scores:";
    for (int t : g.returns()) s += " " + std::to_string(t);
    return s + "\n";
  }
  s += "player " + std::to_string(g.player()) + ", turn " + std::to_string(g.turn() + 1) + "/13, ";
  if (g.dice())
    s += "dice " + g.dice()->str() + ", " + std::to_string(g.rolls_left()) + " roll(s) left\n";
  else
    s += "to roll" + (g.kept().size() ? " (kept " + g.kept().str() + ")" : std::string()) + "\n";
  s += g.scorecard(g.player()).str();
  return s;
}

py::array_t<std::int8_t> encode(const Observation& o) {
  py::array_t<std::int8_t> out(yahtzee::kObsSize);
  const yahtzee::Dice dice = o.dice ? *o.dice : o.last_dice.value_or(yahtzee::Dice::parse("11111"));
  yahtzee::encode_observation(o.state(), dice, o.dice ? o.rolls_left : 0,
                              std::span<std::int8_t, yahtzee::kObsSize>(out.mutable_data(), yahtzee::kObsSize));
  return out;
}

Observation observation_from_dict(py::handle d) {
  return yahtzee::observation_from_json(json_from_python(d, "a yahtzee observation"));
}

void register_observation(py::module_& m) {
  py::class_<Observation> cls(m, "Observation",
                              "What one seat may see of a Game: every scorecard, the dice, the kept dice, the rolls "
                              "left and the legal actions when it is this seat's turn — never the generator. A "
                              "spectator's observation has seat None. to_dict() is JSON-ready (with what each open "
                              "box would score now); to_array() is the int8 vector of parlour.envs.yahtzee.");
  cls.def_readonly("seat", &Observation::seat, "The observing seat, or None for a spectator.")
      .def_readonly("rules", &Observation::rules, "The rules.")
      .def_readonly("scorecards", &Observation::scorecards, "Copies of every player's scorecard, by seat.")
      .def_readonly("current_player", &Observation::current_player, "The seat to act, or None once the game is over.")
      .def_property_readonly(
          "phase", [](const Observation& o) { return Member<Phase>{o.phase}; }, "ROLL, DECIDE or OVER.")
      .def_readonly("rolls_left", &Observation::rolls_left, "Rolls still available this turn.")
      .def_readonly("dice", &Observation::dice, "The dice on the table (phase DECIDE), else None.")
      .def_readonly("kept", &Observation::kept, "The dice kept for the pending roll (phase ROLL).")
      .def_property_readonly("state", &Observation::state,
                             "The State of the observing seat (a spectator: of the player to act).")
      .def_property_readonly("is_my_turn", &Observation::is_my_turn, "Whether the observing seat is to act.")
      .def(
          "legal_action_ids", [](const Observation& o) { return id_list(o.legal); },
          "The ids of the seat's legal actions, ascending (empty unless it is to act).")
      .def(
          "legal_actions",
          [](const Observation& o) {
            std::vector<ActionObject> out;
            for (const auto id : o.legal) out.push_back(yahtzee_action_object(yahtzee::action_from_id(id)));
            return out;
          },
          "The seat's legal actions (empty unless it is to act).")
      .def(
          "legal_action_mask", [](const Observation& o) { return mask_array(o.legal, yahtzee::kNumActions); },
          "A NumPy bool array of NUM_ACTIONS entries, True at the legal action ids.")
      .def(
          "to_dict", [](const Observation& o) { return JsonDict(json_to_python(yahtzee::observation_to_json(o))); },
          "A JSON-ready dict: every scorecard with its totals, the dice, what each open box would score now, the "
          "legal actions as {'id', 'text'}.")
      .def(
          "to_json", [](const Observation& o) { return core::to_text(yahtzee::observation_to_json(o)); },
          "to_dict() as compact JSON text, made without building Python objects: json.loads(to_json()) == to_dict().")
      .def("to_array", &encode,
           "The int8 vector (21,) of parlour.envs.yahtzee: dice, rolls left, filled boxes, upper "
           "subtotal, Yahtzee-50 flag (the observing seat's card).")
      .def_static(
          "from_dict", [](const Arg<JsonDict>& d) { return observation_from_dict(d); }, py::arg("data"),
          "The observation of a to_dict() dict; StateFormatError when malformed.")
      .def(py::pickle([](const Observation& o) { return JsonDict(json_to_python(yahtzee::observation_to_json(o))); },
                      [](const py::object& d) { return observation_from_dict(d); }))
      .def("__eq__", value_eq<Observation>(), py::arg("other"), py::is_operator())
      .def("__repr__", [](const Observation& o) {
        return "<yahtzee.Observation seat=" + (o.seat ? std::to_string(*o.seat) : std::string("None")) + " " +
               yahtzee::phase_name(o.phase) + (o.dice ? " dice=" + o.dice->str() : std::string()) + ">";
      });
  cls.attr("__hash__") = py::none();
}

void def_game_specific(py::class_<Game>& game) {
  game.def(py::init([](const Arg<py::int_>& players, const OptArg<yahtzee::YahtzeeRules>& r, const SeedLike& seed,
                       const Arg<py::bool_>& auto_roll) {
             core::Rng local;
             core::Rng* rng = rng_from(seed, local);
             const auto rules = r.is_none() ? yahtzee::YahtzeeRules{} : cast_arg<yahtzee::YahtzeeRules>(r, "a Rules");
             return Game(static_cast<int>(to_int(players, "players", 1, 8)), rules, *rng,
                         to_bool(auto_roll, "auto_roll"));
           }),
           py::arg("players") = 1, py::arg("rules") = py::none(), py::arg("seed") = 0, py::arg("auto_roll") = true,
           "A new game for 1..8 players; seed is an int or an Rng (copied). With auto_roll the first roll is made.")
      .def_property_readonly("rules", &Game::rules, "The rules.")
      .def_property_readonly("auto_roll", &Game::auto_roll, "Whether the game rolls the dice by itself.")
      .def_property_readonly(
          "phase", [](const Game& g) { return Member<Phase>{g.phase()}; }, "ROLL, DECIDE or OVER.")
      .def_property_readonly("turn", &Game::turn, "The current player's turn, 0..12 (their filled boxes).")
      .def_property_readonly("rolls_left", &Game::rolls_left,
                             "Rolls still available this turn: 3 before the first roll, 2 after it, 0 after the third.")
      .def_property_readonly("dice", &Game::dice, "The dice in phase DECIDE, else None.")
      .def_property_readonly("kept", &Game::kept, "The dice kept for the pending roll (phase ROLL).")
      .def_property_readonly(
          "scorecards", [](const Game& g) { return g.scorecards(); }, "Copies of the players' cards.")
      .def(
          "scorecard",
          [](const Game& g, const Arg<py::int_>& p) {
            return g.scorecard(static_cast<int>(to_int(p, "the player", 0, g.num_players() - 1)));
          },
          py::arg("player"), "A copy of a player's card.")
      .def_property_readonly(
          "state", [](const Game& g) { return g.scorecard(g.player()).state(); }, "The State of the player to act.")
      .def(
          "roll",
          [](Game& g, const OptArg<py::typing::Union<DiceLike, core::Rng>>& dice) {
            if (dice.is_none())
              g.roll();
            else if (py::isinstance<core::Rng>(dice))
              g.roll(dice.cast<core::Rng&>());
            else
              g.roll(to_dice(dice));
          },
          py::arg("dice") = py::none(),
          "Rolls the dice that are not kept: with the game's generator (no argument), with another Rng (advanced "
          "by the roll), or takes injected dice (all five, including the kept ones). PhaseError outside phase ROLL; "
          "IllegalActionError when injected dice lack the kept ones.")
      .def(
          "can_roll", [](const Game& g, const DiceLike& d) { return g.can_roll(to_dice(d)); }, py::arg("dice"),
          "Whether roll(dice) would be accepted.")
      .def(
          "act",
          [](Game& g, const ActionLike& a) {
            deprecated("Game.act(action) is deprecated: use apply(action) (and last_event for what it scored)");
            return g.apply(to_yahtzee_action(a));
          },
          py::arg("action"), "Deprecated: apply(action), returning the ScoreDelta.")
      .def(
          "can_act",
          [](const Game& g, const ActionLike& a) {
            deprecated("Game.can_act(action) is deprecated: use can_apply(action)");
            return g.can_apply(to_yahtzee_action(a));
          },
          py::arg("action"), "Deprecated: can_apply(action).")
      .def(
          "view",
          [](const Game& g) {
            deprecated("Game.view() is deprecated: use observation(seat) (its state, dice and rolls_left)");
            return py::make_tuple(g.scorecard(g.player()).state(), g.dice(), g.dice() ? g.rolls_left() : 0);
          },
          "Deprecated: (state, dice, rolls_left) of the player to act; use observation(seat).")
      .def("__str__", &game_str)
      .def("__repr__", [](const Game& g) {
        return "<yahtzee.Game players=" + std::to_string(g.num_players()) + " player=" + std::to_string(g.player()) +
               " phase=" + yahtzee::phase_name(g.phase()) + (g.dice() ? " dice=" + g.dice()->str() : std::string()) +
               ">";
      });
}

}  // namespace

void register_yahtzee_game(py::module_& m) {
  py::native_enum<Phase>(m, "Phase", "enum.Enum",
                         "The phase of a Game: ROLL (the dice must be rolled), DECIDE (score or reroll), OVER.")
      .value("ROLL", Phase::Roll)
      .value("DECIDE", Phase::Decide)
      .value("OVER", Phase::Over)
      .finalize();
  cache_members<Phase>(m.attr("Phase"), 3);
  register_observation(m);
  py::class_<Game> game(m, "Game",
                        "Solitaire Yahtzee for one or more players, 13 turns each in seat order. A turn: the dice "
                        "are rolled, then the player scores them in a box or keeps 0-4 dice and rerolls the rest "
                        "(three rolls in all; rolls_left is 3 before the first roll, 2 after it).\n\n"
                        "Dice come from the game's own generator (xoshiro256**, each new die 1 + below(6)) or are "
                        "injected with roll(dice). With auto_roll (default) the game rolls whenever dice are "
                        "needed, so a frontend only applies actions.\n\n"
                        "It follows the game protocol (parlour.protocol.Game): 223 action ids (Score c -> c, Reroll k "
                        "-> 13 + k.index), apply(), is_terminal, returns() (each player's total), observation(seat), "
                        "last_event (what a Score added), to_dict() / Game.from_dict(), pickle. A refused action "
                        "raises and leaves the game as it was.");
  def_game_specific(game);
  def_game_protocol(game);
}

}  // namespace parlour::bindings
