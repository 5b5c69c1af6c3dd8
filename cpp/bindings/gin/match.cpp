// Bindings of gin matches (parlour._core.gin): Match (the score keeper), Game (a whole
// match behind the game protocol), SimulationStats and simulate_rounds (glue only; the
// rules live in cpp/src/gin/match.cpp, game.cpp and simulate.cpp).
#include <string>
#include <vector>

#include "../interrupt.hpp"
#include "../protocol.hpp"
#include "gin.hpp"
#include "parlour/gin/game.hpp"
#include "parlour/gin/match.hpp"
#include "parlour/gin/simulate.hpp"
#include "parlour/gin/snapshot.hpp"

namespace parlour::bindings {

using gin::Game;
using gin::Match;
using gin::Observation;
using gin::Player;
using gin::RoundResult;
using gin::Rules;

template <>
struct GameTraits<Game> {
  static constexpr const char* kName = "gin";
  static constexpr const char* kSnapshotWhat = "a gin game snapshot";
  using ActionLike = GinActionLike;
  using ActionStub = gin::Action;
  static gin::Action to_action(py::handle a) { return to_gin_action(a); }
  static py::object action_object(const Game&, int id) { return bindings::action_object(id); }
  static py::object event(const Game& g) {
    const auto& e = g.last_event();
    const gin::Action& a = e->event.action;
    return py::cast(Event{static_cast<int>(e->event.seat), bindings::action_object(a), a.str(),
                          gin::event_to_json(*e, g, e->event.seat), gin::event_to_json(*e, g, std::nullopt)});
  }
  static core::Json to_json(const Game& g) { return gin::game_to_json(g); }
  static Game from_json(const core::Json& doc) { return gin::game_from_json(doc); }
};

namespace {

py::typing::Tuple<py::int_, py::int_> pair(const std::array<int, 2>& a) { return py::make_tuple(a[0], a[1]); }

void register_match(py::module_& m) {
  py::class_<Match>(m, "Match",
                    "A match's score keeper: hands in order until a player's running total reaches "
                    "rules.game_target. record(result) adds a hand; the winner of a hand deals the next (the same "
                    "dealer after a dead hand); final_score() is match_result of the hands once over. (gin.Game plays "
                    "a whole match.)")
      .def(py::init([](const Arg<Rules>& rules, const Arg<PlayerLike>& first_dealer) {
             return Match(to_rules(rules), to_player(first_dealer, "the first dealer"));
           }),
           py::arg("rules") = Rules{}, py::arg_v("first_dealer", Player::One, "Player.ONE"),
           "A new match under the rules, first dealt by first_dealer.")
      .def_property_readonly("rules", &Match::rules, "The rules of the match.")
      .def_property_readonly(
          "first_dealer", [](const Match& mt) { return Member<Player>{mt.first_dealer()}; },
          "Who dealt the first hand.")
      .def_property_readonly(
          "hands",
          [](const Match& mt) {
            const auto h = mt.hands();
            return std::vector<RoundResult>(h.begin(), h.end());
          },
          "The results recorded so far, in order.")
      .def_property_readonly(
          "scores", [](const Match& mt) { return pair(mt.scores()); },
          "The running totals toward the target (Player.ONE, Player.TWO): hand points, plus box "
          "bonuses under immediate_boxes.")
      .def_property_readonly(
          "boxes", [](const Match& mt) { return pair(mt.boxes()); },
          "The box bonuses earned (box_bonus per hand won) by (Player.ONE, Player.TWO).")
      .def_property_readonly(
          "next_dealer", [](const Match& mt) { return Member<Player>{mt.next_dealer()}; },
          "Who deals the next hand: the winner of the last, the same dealer after a dead hand.")
      .def_property_readonly("is_over", &Match::is_over, "Whether a player has reached the target.")
      .def_property_readonly("winner", &Match::winner, "The winner once over, else None.")
      .def(
          "record",
          [](Match& mt, const Arg<RoundResult>& result) { mt.record(cast_arg<RoundResult>(result, "a RoundResult")); },
          py::arg("result"), "Add a hand's result; WrongPhase once the match is over.")
      .def("final_score", &Match::final_score,
           "The MatchResult (winner, totals with every bonus, shutout) of the hands; WrongPhase while the match goes "
           "on.")
      .def(
          "new_round",
          [](const Match& mt, const SeedLike& seed) {
            core::Rng local;
            return mt.new_round(*rng_from(seed, local));
          },
          py::arg("seed"), "A new round dealt by next_dealer (a seed or an Rng); WrongPhase once over.")
      .def(
          "observation",
          [](const Match& mt, const gin::Round& round, const Arg<PlayerLike>& seat) {
            return mt.observe(round, to_player(seat));
          },
          py::arg("round"), py::arg("seat"),
          "What `seat` sees of `round`, a hand of this match, with the match scores (as Game.observation gives it): "
          "what bots and the coach read to play for the match.")
      .def("__repr__",
           [](const Match& mt) {
             const auto s = mt.scores();
             return "<gin.Match " + std::to_string(mt.hands().size()) + " hands, " + std::to_string(s[0]) + " to " +
                    std::to_string(s[1]) + (mt.is_over() ? ", over>" : ">");
           })
      .def(py::pickle(
          [](const Match& mt) {
            core::Json hands = core::Json::array();
            for (const auto& h : mt.hands()) hands.push(gin::result_to_json(h));
            return py::make_tuple(1, mt.rules(), static_cast<int>(mt.first_dealer()), json_to_python(hands));
          },
          [](const py::tuple& t) {
            if (t.size() != 4 || !py::isinstance<py::int_>(t[0]) || t[0].cast<long long>() != 1 ||
                !py::isinstance<Rules>(t[1]))
              throw core::FormatError("corrupt Match pickle");
            try {
              Match mt(t[1].cast<Rules>(), to_player(t[2]));
              const core::Json hands = json_from_python(t[3], "a Match pickle");
              for (const auto& h : core::JsonReader(hands, "corrupt Match pickle").items())
                mt.record(gin::result_from_json(h));
              return mt;
            } catch (const core::FormatError&) { throw; } catch (const core::Error& e) {
              throw core::FormatError(std::string("corrupt Match pickle: ") + e.what());
            }
          }));
}

void register_game(py::module_& m) {
  py::class_<Game> cls(m, "Game",
                       "A whole match of gin rummy as one game (parlour.protocol.Game): the hands are dealt one after "
                       "another from the game's own generator until a player reaches rules.game_target. The legal "
                       "actions and apply() are those of the hand in play; when a hand ends its result is recorded "
                       "and the next hand is dealt at once (the last event then holds the finished hand: result, "
                       "points and both hands). returns() is (0, 0) until the match is over, then each player's final "
                       "total minus the opponent's. Observations carry the match scores.");
  cls.def(py::init([](const Arg<Rules>& rules, const SeedLike& seed, const Arg<PlayerLike>& first_dealer) {
            return Game(to_rules(rules), to_seed(seed), to_player(first_dealer, "the first dealer"));
          }),
          py::arg("rules") = Rules{}, py::arg("seed") = 0, py::arg_v("first_dealer", Player::One, "Player.ONE"),
          "A new match under the rules; the hands are dealt from a generator seeded with `seed`.")
      .def_property_readonly("rules", &Game::rules, "The rules of the match.")
      .def_property_readonly(
          "match", [](const Game& g) { return Match(g.match()); },
          "A copy of the Match: the hands so far, the scores, the winner.")
      .def_property_readonly(
          "round", [](const Game& g) { return gin::Round(g.round()); },
          "A copy of the hand in play (the last hand once the match is over).")
      .def_property_readonly(
          "scores", [](const Game& g) { return pair(g.match().scores()); },
          "The running totals toward the target (Player.ONE, Player.TWO).")
      .def("__repr__", [](const Game& g) {
        const auto s = g.match().scores();
        return "<gin.Game hand " + std::to_string(g.match().hands().size() + (g.is_terminal() ? 0 : 1)) + ", " +
               std::to_string(s[0]) + " to " + std::to_string(s[1]) + (g.is_terminal() ? ", over>" : ">");
      });
  def_game_protocol(cls);
}

void register_simulation(py::module_& m) {
  py::class_<gin::SimulationStats>(
      m, "SimulationStats",
      "The outcome counts of simulate_rounds: rounds, dead hands, knocks, undercuts, gins, "
      "big gins, wins and points per player (Player.ONE, Player.TWO), actions applied.")
      .def_readonly("rounds", &gin::SimulationStats::rounds, "Rounds played.")
      .def_readonly("dead", &gin::SimulationStats::dead, "Dead hands.")
      .def_readonly("knocks", &gin::SimulationStats::knocks, "Knocks won by the knocker.")
      .def_readonly("undercuts", &gin::SimulationStats::undercuts, "Undercuts.")
      .def_readonly("gins", &gin::SimulationStats::gins, "Gins.")
      .def_readonly("big_gins", &gin::SimulationStats::big_gins, "Big gins.")
      .def_property_readonly(
          "wins", [](const gin::SimulationStats& s) { return std::make_tuple(s.wins[0], s.wins[1]); },
          "Rounds won by (Player.ONE, Player.TWO).")
      .def_property_readonly(
          "points", [](const gin::SimulationStats& s) { return std::make_tuple(s.points[0], s.points[1]); },
          "Points won by (Player.ONE, Player.TWO).")
      .def_readonly("actions", &gin::SimulationStats::actions, "Actions applied in all rounds.")
      .def(
          "to_dict",
          [](const gin::SimulationStats& s) -> JsonDict {
            py::dict d;
            d["rounds"] = s.rounds;
            d["dead"] = s.dead;
            d["knocks"] = s.knocks;
            d["undercuts"] = s.undercuts;
            d["gins"] = s.gins;
            d["big_gins"] = s.big_gins;
            d["wins"] = py::make_tuple(s.wins[0], s.wins[1]);
            d["points"] = py::make_tuple(s.points[0], s.points[1]);
            d["actions"] = s.actions;
            return JsonDict(std::move(d));
          },
          "The counts as a dict.")
      .def("__repr__", [](const gin::SimulationStats& s) {
        auto two = [](const std::array<std::int64_t, 2>& a) {
          return "(" + std::to_string(a[0]) + ", " + std::to_string(a[1]) + ")";
        };
        return "SimulationStats(rounds=" + std::to_string(s.rounds) + ", dead=" + std::to_string(s.dead) +
               ", knocks=" + std::to_string(s.knocks) + ", undercuts=" + std::to_string(s.undercuts) +
               ", gins=" + std::to_string(s.gins) + ", big_gins=" + std::to_string(s.big_gins) +
               ", wins=" + two(s.wins) + ", points=" + two(s.points) + ", actions=" + std::to_string(s.actions) + ")";
      });

  m.def(
      "simulate_rounds",
      [](const Arg<py::int_>& n_arg, const SeedLike& seed,
         const py::typing::Union<py::str, py::typing::Tuple<py::str, py::str>>& policy, const Arg<Rules>& rules_obj) {
        const long long n = to_int(n_arg, "the number of rounds", 0, std::int64_t{1} << 48);
        const Rules rules = to_rules(rules_obj);
        const std::uint64_t s = to_seed(seed);
        std::string p1, p2;
        if (py::isinstance<py::str>(policy)) {
          p1 = p2 = to_text(policy, "a policy name");
        } else if (py::isinstance<py::tuple>(policy) && py::len(policy) == 2) {
          p1 = cast_arg<std::string>(policy[py::int_(0)], "a policy name");
          p2 = cast_arg<std::string>(policy[py::int_(1)], "a policy name");
        } else {
          throw core::WrongType("policy must be a name or a pair of names, got " + type_name(policy));
        }
        (void)gin::make_policy(p1, 0);  // unknown names raise before the GIL is released
        (void)gin::make_policy(p2, 0);
        return run_interruptible(
            [&](core::StopToken& stop) { return gin::simulate_rounds(n, s, p1, p2, rules, &stop); });
      },
      py::arg("n"), py::arg("seed") = 0, py::arg("policy") = "random", py::arg("rules") = Rules{},
      "Play n whole rounds in C++ (the GIL released, Ctrl-C stops it) and count the outcomes. Round i is dealt by "
      "Player.ONE when i is even, Player.TWO when odd; `policy` names the policy of both seats ('random': uniform "
      "among the legal actions, or a bot's name) or a pair (Player.ONE's, Player.TWO's). Every decision sees only that "
      "player's observation. Reproducible for a seed.");
}

}  // namespace

void register_gin_match(py::module_& m) {
  register_match(m);
  register_game(m);
  register_simulation(m);
}

}  // namespace parlour::bindings
