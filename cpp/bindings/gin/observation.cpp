// Binding of gin's Observation (parlour._core.gin): what one seat may see of a hand
// (glue only; built by cpp/src/gin/observation.cpp, written as JSON by snapshot.cpp,
// encoded as planes by encode.cpp).
#include <span>
#include <string>

#include "../protocol.hpp"
#include "gin.hpp"
#include "parlour/gin/encode.hpp"
#include "parlour/gin/observation.hpp"
#include "parlour/gin/snapshot.hpp"

namespace parlour::bindings {

using gin::Observation;
using gin::Phase;
using gin::Player;

namespace {

py::typing::List<core::Card> pile_list(std::span<const core::Card> cards) {
  py::list out;
  for (core::Card c : cards) out.append(card_object(c));
  return py::typing::List<core::Card>(std::move(out));
}

py::object opt_player(std::optional<Player> p) { return p ? player_object(*p) : py::none(); }

py::array_t<std::int8_t> planes(const Observation& o) {
  py::array_t<std::int8_t> out({gin::kObsPlanes, gin::kObsColumns});
  gin::encode_observation(o, std::span<std::int8_t, gin::kObsSize>(out.mutable_data(), gin::kObsSize));
  return out;
}

Observation from_dict(py::handle d) { return gin::observation_from_json(json_from_python(d, "a gin observation")); }

std::string observation_repr(const Observation& o) {
  const std::string who =
      o.spectator ? std::string("a spectator") : std::string("Player.") + (o.player == Player::One ? "ONE" : "TWO");
  return "<gin.Observation of " + who + " " + gin::phase_name(o.phase) + " hand='" + o.hand.str() +
         "' stock=" + std::to_string(o.stock_size) + ">";
}

template <class Cls>
void def_contents(Cls& cls) {
  cls.def_property_readonly(
         "seat", [](const Observation& o) { return o.spectator ? py::none() : player_object(o.player); },
         "The observing seat (a Player), or None for a spectator.")
      .def_property_readonly(
          "player", [](const Observation& o) { return Member<Player>{o.player}; },
          "The observing player (Player.ONE for a spectator, whose view is public).")
      .def_readonly("dealer", &Observation::dealer, "The dealer of the hand.")
      .def_property_readonly(
          "phase", [](const Observation& o) { return Member<Phase>{o.phase}; }, "The phase.")
      .def_property_readonly(
          "turn", [](const Observation& o) { return opt_player(o.turn); }, "The player to act, or None once finished.")
      .def_readonly("rules", &Observation::rules, "The rules of the hand.")
      .def_readonly("hand", &Observation::hand, "The observing player's hand (empty for a spectator).")
      .def_property_readonly(
          "discard_pile", [](const Observation& o) { return pile_list(o.discard_pile()); },
          "The discard pile, top card last.")
      .def_readonly("own_known", &Observation::own_known,
                    "The cards the observing player took from the pile and still holds (the opponent knows them).")
      .def_readonly("opponent_known", &Observation::opponent_known,
                    "The cards the opponent took from the discard pile and still holds.")
      .def_readonly("opponent_discards", &Observation::opponent_discards, "Every card the opponent has discarded.")
      .def_readonly("own_discards", &Observation::own_discards, "Every card the observing player has discarded.")
      .def_readonly("stock_size", &Observation::stock_size, "The number of cards in the stock.")
      .def_readonly("opponent_hand_size", &Observation::opponent_hand_size, "How many cards the opponent holds.")
      .def_readonly("knock_limit", &Observation::knock_limit, "The knock limit of this hand.")
      .def_readonly("initial_upcard", &Observation::initial_upcard, "The opening upcard.")
      .def_property_readonly(
          "taken",
          [](const Observation& o) -> py::typing::Optional<core::Card> {
            return o.taken ? card_object(*o.taken) : py::none();
          },
          "The card taken from the discard pile this turn (it may not be discarded), or None.")
      .def_readonly("passes", &Observation::passes, "How many players passed the upcard (0..2).")
      .def_property_readonly(
          "knocker", [](const Observation& o) { return opt_player(o.knocker); }, "The knocker, or None.")
      .def_property_readonly(
          "spread",
          [](const Observation& o) {
            const auto s = o.spread_melds();
            return std::vector<gin::Meld>(s.begin(), s.end());
          },
          "The knocker's melds, grown by the layoffs.")
      .def_readonly("laid_off", &Observation::laid_off, "The cards laid off onto the spread.")
      .def_readonly("result", &Observation::result, "The result once the hand is finished, else None.")
      .def_property_readonly(
          "match_scores",
          [](const Observation& o) -> std::optional<std::tuple<int, int>> {
            if (o.match_target == 0) return std::nullopt;
            return std::make_tuple(o.match_scores[0], o.match_scores[1]);
          },
          "In a match (gin.Game): the running scores (Player.ONE, Player.TWO); None for a lone hand.")
      .def_property_readonly(
          "match_target",
          [](const Observation& o) -> std::optional<int> {
            if (o.match_target == 0) return std::nullopt;
            return o.match_target;
          },
          "In a match: the score to reach; None for a lone hand.")
      .def_property_readonly("is_my_turn", &Observation::is_my_turn, "Whether the observing player is to act.");
}

}  // namespace

void register_gin_observation(py::module_& m) {
  py::class_<Observation> cls(
      m, "Observation",
      "What one seat may see of a hand: own hand, the discard pile, the cards each player is known to hold (taken "
      "from the pile), both players' discards, the stock size, the phase, the knock limit, the spread and layoffs, the "
      "match scores in a match, and the legal actions when it is this seat's turn — never the opponent's hand or the "
      "stock order. A spectator's observation (seat None) holds the public information only. to_dict() is what a "
      "frontend may send to that seat; to_array() the 13 x 52 int8 planes for learning code.");
  def_contents(cls);
  cls.def(
         "legal_actions", [](const Observation& o) { return py::typing::List<gin::Action>(action_list(o.legal())); },
         "The legal actions (empty unless the observing player is to act).")
      .def(
          "legal_action_ids", [](const Observation& o) { return id_list(o.legal()); },
          "The ids of the legal actions, ascending (empty unless the observing player is to act).")
      .def(
          "legal_action_mask", [](const Observation& o) { return mask_array(o.legal(), gin::kActionCount); },
          "A NumPy bool array of NUM_ACTIONS entries, True at the legal action ids.")
      .def(
          "to_dict", [](const Observation& o) { return JsonDict(json_to_python(gin::observation_to_json(o))); },
          "A JSON-ready dict: cards as text, seats as ints, legal actions as {'id', 'text'}.")
      .def(
          "to_json", [](const Observation& o) { return core::to_text(gin::observation_to_json(o)); },
          "to_dict() as compact JSON text, made without building Python objects: json.loads(to_json()) == to_dict().")
      .def("to_array", &planes,
           "The int8 planes (13, 52) of parlour.envs.gin: card planes, counts as thermometers, phase and flags.")
      .def_static(
          "from_dict", [](const Arg<JsonDict>& d) { return from_dict(d); }, py::arg("data"),
          "The observation of a to_dict() dict, checked for consistency; StateFormatError when malformed.")
      .def("__copy__", [](const Observation& o) { return o; })
      .def(
          "__deepcopy__", [](const Observation& o, const py::object&) { return o; }, py::arg("memo"))
      .def(py::pickle([](const Observation& o) { return JsonDict(json_to_python(gin::observation_to_json(o))); },
                      [](const py::object& d) { return from_dict(d); }))
      .def("__eq__", value_eq<Observation>(), py::arg("other"), py::is_operator())
      .def("__repr__", &observation_repr);
  cls.attr("__hash__") = py::none();
}

}  // namespace parlour::bindings
