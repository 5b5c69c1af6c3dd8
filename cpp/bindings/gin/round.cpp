// Binding of gin's Round (parlour._core.gin): one hand, behind the game protocol
// (protocol.hpp) and with the rule card's named actions (glue only; the rules live in
// cpp/src/gin/round.cpp, the snapshot in cpp/src/gin/snapshot.cpp).
#include <span>
#include <string>
#include <vector>

#include "../protocol.hpp"
#include "gin.hpp"
#include "parlour/gin/observation.hpp"
#include "parlour/gin/round.hpp"
#include "parlour/gin/snapshot.hpp"

namespace parlour::bindings {

using gin::Action;
using gin::Melds;
using gin::Observation;
using gin::Phase;
using gin::Player;
using gin::Round;
using gin::RoundError;

template <>
struct GameTraits<Round> {
  static constexpr const char* kName = "gin";
  static constexpr const char* kSnapshotWhat = "a gin round snapshot";
  using ActionLike = GinActionLike;
  using ActionStub = gin::Action;
  static Action to_action(py::handle a) { return to_gin_action(a); }
  static py::object action_object(const Round&, int id) { return bindings::action_object(id); }
  static py::object event(const Round& r) {
    const auto e = r.last_event();
    return py::cast(Event{static_cast<int>(e->seat), bindings::action_object(e->action), e->action.str(),
                          gin::event_to_json(*e, r, e->seat), gin::event_to_json(*e, r, std::nullopt)});
  }
  static core::Json to_json(const Round& r) { return gin::round_to_json(r); }
  static Round from_json(const core::Json& doc) { return gin::round_from_json(doc); }
};

namespace {

std::string round_repr(const Round& r) {
  std::string s = "<gin.Round " + std::string(gin::phase_name(r.phase()));
  if (const auto t = r.turn()) s += std::string(" turn=Player.") + (*t == Player::One ? "ONE" : "TWO");
  s += " stock=" + std::to_string(r.stock_size()) + " pile=" + std::to_string(r.discard_pile().size());
  if (const auto res = r.result()) s += " result=" + res->repr();
  return s + ">";
}

std::string round_str(const Round& r) {
  auto name = [](Player p) { return std::string(p == Player::One ? "Player.ONE" : "Player.TWO"); };
  std::string s = "Round (" + std::string(gin::phase_name(r.phase())) + "), dealer " + name(r.dealer()) +
                  ", knock limit " + std::to_string(r.knock_limit()) + "\n";
  for (Player p : {Player::One, Player::Two}) {
    s += "  " + name(p) + ": " + r.hand(p).str() + "  (deadwood " + std::to_string(gin::deadwood(r.hand(p))) + ")";
    if (r.turn() && *r.turn() == p) s += "  <- to act";
    s += "\n";
  }
  const auto pile = r.discard_pile();
  s += "  discard pile: " +
       (pile.empty() ? std::string("(empty)") : "top " + pile.back().str() + " of " + std::to_string(pile.size()));
  s += ", stock: " + std::to_string(r.stock_size()) + " cards\n";
  if (r.knocker()) {
    s += "  spread of " + name(*r.knocker()) + ":";
    for (const gin::Meld& m : r.spread()) s += " [" + m.str() + "]";
    s += "\n";
  }
  if (const auto res = r.result()) s += "  result: " + res->repr() + "\n";
  s.pop_back();
  return s;
}

py::typing::List<core::Card> cards_list(std::span<const core::Card> cards) {
  py::list out;
  for (core::Card c : cards) out.append(card_object(c));
  return py::typing::List<core::Card>(std::move(out));
}

int meld_index(py::handle obj) { return static_cast<int>(to_int(obj, "the meld index", -1000000, 1000000)); }

void def_construction(py::class_<Round>& cls) {
  cls.def(py::init([](const py::args&, const py::kwargs&) -> Round {
            throw core::WrongType(
                "a Round is made by Round.deal(rules, dealer, seed), Round.from_deal(...) or "
                "Round.from_dict(...), not Round(...)");
          }),
          "Not a constructor: a Round is made by Round.deal, Round.from_deal or Round.from_dict (WrongTypeError).");
  cls.def_static(
         "from_deal",
         [](const Arg<gin::Rules>& rules, const Arg<PlayerLike>& dealer,
            const py::typing::Tuple<CardsLike, CardsLike>& hands, const CardLike& upcard,
            const py::typing::Iterable<CardLike>& stock) {
           if (!py::isinstance<py::sequence>(hands) || py::isinstance<py::str>(hands) || py::len(hands) != 2)
             throw core::WrongType("hands must be a pair of hands, got " + type_name(hands));
           const std::array<core::CardSet, 2> hs{to_cardset(hands[py::int_(0)]), to_cardset(hands[py::int_(1)])};
           if (py::isinstance<py::str>(stock) || !py::isinstance<py::iterable>(stock))
             throw core::WrongType("the stock must be a sequence of cards, got " + type_name(stock));
           std::vector<core::Card> st;
           for (py::handle h : stock) {
             if (st.size() > core::kDeckSize)
               throw core::InvalidValue("the stock holds 31 cards", "gin.WrongStockSize");
             st.push_back(to_card(h));
           }
           return Round::from_deal(to_rules(rules), to_player(dealer, "the dealer"), hs, to_card(upcard), st);
         },
         py::arg("rules"), py::arg("dealer"), py::arg("hands"), py::arg("upcard"), py::arg("stock"),
         "A round from a fixed deal: hands[i] is Player i's 10 cards, the upcard starts the pile, the stock is in draw "
         "order (the last element is drawn first). WrongHandSize, WrongStockSize, RepeatedCard (DealError).")
      .def_static(
          "deal",
          [](const Arg<gin::Rules>& rules, const Arg<PlayerLike>& dealer, const SeedLike& seed) {
            const gin::Rules r = to_rules(rules);
            const Player d = to_player(dealer, "the dealer");
            core::Rng local;
            return Round::deal(r, d, *rng_from(seed, local));
          },
          py::arg("rules") = gin::Rules{}, py::arg_v("dealer", Player::One, "Player.ONE"), py::arg("seed") = 0,
          "Shuffle with the engine's generator (a seed or an Rng) and deal: the non-dealer gets deck[0], deck[2], ..., "
          "the dealer deck[1], deck[3], ..., deck[20] is the upcard, deck[21..51] the stock.");
}

void def_properties(py::class_<Round>& cls) {
  cls.def_property_readonly("rules", &Round::rules, "The rules of the round.")
      .def_property_readonly(
          "dealer", [](const Round& r) { return Member<Player>{r.dealer()}; }, "The dealer.")
      .def_property_readonly(
          "non_dealer", [](const Round& r) { return Member<Player>{r.non_dealer()}; },
          "The non-dealer, who has the first upcard offer.")
      .def_property_readonly(
          "phase", [](const Round& r) { return Member<Phase>{r.phase()}; }, "The current phase.")
      .def_property_readonly(
          "turn", [](const Round& r) { return seat_value(r.turn()); },
          "The player to act (the defender during layoffs), None once finished.")
      .def(
          "hand", [](const Round& r, const Arg<PlayerLike>& p) { return r.hand(to_player(p)); }, py::arg("player"),
          "The hand of a player (both are visible: this is the referee's view).")
      .def_property_readonly(
          "discard_pile", [](const Round& r) { return cards_list(r.discard_pile()); },
          "The discard pile, top card last.")
      .def_property_readonly(
          "stock", [](const Round& r) { return cards_list(r.stock()); },
          "The stock in draw order, top card last (visible: the referee's view).")
      .def_property_readonly("stock_size", &Round::stock_size, "The number of cards in the stock.")
      .def_property_readonly("knock_limit", &Round::knock_limit,
                             "The knock limit of this round: the rules', capped by the upcard under Oklahoma.")
      .def_property_readonly("initial_upcard", &Round::initial_upcard, "The opening upcard.")
      .def_property_readonly("knocker", &Round::knocker, "Who knocked or declared big gin, or None.")
      .def_property_readonly(
          "spread",
          [](const Round& r) {
            const auto s = r.spread();
            return std::vector<gin::Meld>(s.begin(), s.end());
          },
          "The knocker's melds, grown by the layoffs (empty before a knock).")
      .def_property_readonly("laid_off", &Round::laid_off, "The cards the defender has laid off.")
      .def_property_readonly("result", &Round::result, "The result once finished, else None.")
      .def_property_readonly(
          "taken",
          [](const Round& r) -> py::typing::Optional<core::Card> {
            return r.taken() ? card_object(*r.taken()) : py::none();
          },
          "The card taken from the discard pile this turn, or None.")
      .def_property_readonly("passes", &Round::passes, "How many players passed the upcard (0..2).")
      .def_property_readonly("turns", &Round::turns,
                             "Turns completed so far (each ends with a discard or a knock). A round whose turn "
                             "MAX_TURNS (200) ends without a knock is a dead hand, as when the stock runs down.")
      .def_property_readonly("knocker_deadwood", &Round::knocker_deadwood, "The knocker's deadwood (0 before a knock).")
      .def(
          "known_cards", [](const Round& r, const Arg<PlayerLike>& p) { return r.known_cards(to_player(p)); },
          py::arg("player"), "The cards a player took from the discard pile and still holds (public).")
      .def(
          "discards_of", [](const Round& r, const Arg<PlayerLike>& p) { return r.discards_of(to_player(p)); },
          py::arg("player"), "Every card a player has discarded (public).")
      .def("__repr__", &round_repr)
      .def("__str__", &round_str);
}

void def_named_actions(py::class_<Round>& cls) {
  cls.def("pass_", &Round::pass, "Decline the upcard; WrongPhase outside the UPCARD phase.")
      .def("take_discard", &Round::take_discard,
           "Take the top of the discard pile (the upcard, or a normal draw) and return it; WrongPhase, "
           "MustDrawFromStock after both players passed.")
      .def("draw_stock", &Round::draw_stock, "Draw the top of the stock and return it; WrongPhase outside DRAW.")
      .def(
          "discard", [](Round& r, const CardLike& c) { r.discard(to_card(c)); }, py::arg("card"),
          "Discard a card, ending the turn (a dead hand when two stock cards remain); WrongPhase, NotInHand, "
          "DiscardJustTaken.")
      .def(
          "knock",
          [](Round& r, const CardLike& c, const OptArg<MeldsLike>& melds) {
            const core::Card card = to_card(c);
            if (melds.is_none()) return r.knock(card);
            if (py::isinstance<Melds>(melds)) return r.knock(card, melds.cast<const Melds&>());
            r.knock(card, to_melds(melds));
          },
          py::arg("card"), py::arg("melds") = py::none(),
          "Discard a card and knock, spreading `melds` (a Melds of the hand without the card, or melds; default "
          "best_melds(hand - card)); zero deadwood is gin and finishes at once. WrongPhase, NotInHand, "
          "DiscardJustTaken, MeldsMismatch, TooMuchDeadwood.")
      .def(
          "declare_big_gin",
          [](Round& r, const OptArg<MeldsLike>& melds) {
            if (melds.is_none()) return r.declare_big_gin();
            if (py::isinstance<Melds>(melds)) return r.declare_big_gin(melds.cast<const Melds&>());
            r.declare_big_gin(to_melds(melds));
          },
          py::arg("melds") = py::none(),
          "Declare big gin: all 11 cards melded, no discard; finishes at once. WrongPhase, BigGinDisabled, "
          "MeldsMismatch, NotBigGin.")
      .def(
          "lay_off",
          [](Round& r, const CardLike& c, const Arg<py::int_>& index) { r.lay_off(to_card(c), meld_index(index)); },
          py::arg("card"), py::arg("index"),
          "Lay a card off onto the spread meld at `index` (indices are stable; chains allowed). WrongPhase, "
          "NotInHand, NoSuchMeld, CannotLayOff.")
      .def("finish_layoffs", &Round::finish_layoffs,
           "End the layoffs and settle (the defender's remaining cards melded optimally); returns the RoundResult.");
}

void def_named_checks(py::class_<Round>& cls) {
  auto ok = [](RoundError e) { return e == RoundError::Ok; };
  cls.def(
         "can_pass", [ok](const Round& r) { return ok(r.check_pass()); }, "Whether pass_() is legal.")
      .def(
          "can_take_discard", [ok](const Round& r) { return ok(r.check_take_discard()); },
          "Whether take_discard() is legal.")
      .def(
          "can_draw_stock", [ok](const Round& r) { return ok(r.check_draw_stock()); }, "Whether draw_stock() is legal.")
      .def(
          "can_discard", [ok](const Round& r, const CardLike& c) { return ok(r.check_discard(to_card(c))); },
          py::arg("card"), "Whether discard(card) is legal.")
      .def(
          "can_knock",
          [ok](const Round& r, const CardLike& c, const OptArg<MeldsLike>& melds) {
            const core::Card card = to_card(c);
            if (melds.is_none()) return ok(r.check_knock(card));
            if (py::isinstance<Melds>(melds)) {
              const Melds& ms = melds.cast<const Melds&>();
              if (!ok(r.check_discard(card)) || !r.turn() || ms.hand() != r.hand(*r.turn()) - card) return false;
              return ok(r.check_knock(card, ms.melds()));
            }
            return ok(r.check_knock(card, to_melds(melds)));
          },
          py::arg("card"), py::arg("melds") = py::none(), "Whether knock(card, melds) is legal.")
      .def(
          "can_declare_big_gin",
          [ok](const Round& r, const OptArg<MeldsLike>& melds) {
            if (melds.is_none()) return ok(r.check_big_gin());
            if (py::isinstance<Melds>(melds)) {
              const Melds& ms = melds.cast<const Melds&>();
              if (!r.turn() || ms.hand() != r.hand(*r.turn())) return false;
              return ok(r.check_big_gin(ms.melds()));
            }
            return ok(r.check_big_gin(to_melds(melds)));
          },
          py::arg("melds") = py::none(), "Whether declare_big_gin(melds) is legal.")
      .def(
          "can_lay_off",
          [ok](const Round& r, const CardLike& c, const Arg<py::int_>& index) {
            return ok(r.check_lay_off(to_card(c), meld_index(index)));
          },
          py::arg("card"), py::arg("index"), "Whether lay_off(card, index) is legal.")
      .def(
          "can_finish_layoffs", [ok](const Round& r) { return ok(r.check_finish_layoffs()); },
          "Whether finish_layoffs() is legal.");
}

}  // namespace

void register_gin_round(py::module_& m) {
  py::class_<Round> cls(m, "Round",
                        "One deal of two-handed gin rummy (the rule card's flow): the upcard offer non-dealer -> "
                        "dealer -> forced stock draw; draw then discard, knock or big gin; the card just taken from "
                        "the pile cannot be discarded that turn; a discard leaving two stock cards ends a dead hand; "
                        "layoffs after a knock, then finish_layoffs() settles.\n\nIt follows the game protocol "
                        "(parlour.protocol.Game): current_player, legal_actions(), apply(), is_terminal, returns() "
                        "(zero-sum points), observation(seat), last_event, to_dict() / Round.from_dict(), pickle. "
                        "Every action validates first: a refused action raises a RoundError subclass and changes "
                        "nothing; can_<op>() and why_not() answer without raising.");
  def_construction(cls);
  def_properties(cls);
  def_named_actions(cls);
  def_named_checks(cls);
  def_game_protocol(cls);
}

}  // namespace parlour::bindings
