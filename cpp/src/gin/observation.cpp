#include "parlour/gin/observation.hpp"

#include <algorithm>
#include <iterator>
#include <string>

#include "parlour/core/errors.hpp"

namespace parlour::gin {

void observe_into(const Round& round, Player player, Observation& o) noexcept {
  const Player opp = opponent(player);
  o.player = player;
  o.spectator = false;
  o.dealer = round.dealer();
  o.phase = round.phase();
  o.turn = round.turn();
  o.rules = round.rules();
  o.hand = round.hand(player);
  const auto pile = round.discard_pile();
  std::copy(pile.begin(), pile.end(), o.pile.begin());
  o.pile_size = static_cast<std::uint8_t>(pile.size());
  o.own_known = round.known_cards(player);
  o.own_hand_size = o.hand.size();
  o.opponent_known = round.known_cards(opp);
  o.opponent_discards = round.discards_of(opp);
  o.own_discards = round.discards_of(player);
  o.stock_size = round.stock_size();
  o.opponent_hand_size = round.hand(opp).size();
  o.knock_limit = round.knock_limit();
  o.initial_upcard = round.initial_upcard();
  o.taken = round.taken();
  o.passes = round.passes();
  o.knocker = round.knocker();
  const auto spread = round.spread();
  std::copy(spread.begin(), spread.end(), o.spread.begin());
  o.spread_size = static_cast<std::uint8_t>(spread.size());
  o.laid_off = round.laid_off();
  o.result = round.result();
  o.legal_count = (o.turn && *o.turn == player) ? static_cast<std::uint8_t>(round.legal_ids(o.legal_ids)) : 0;
}

Observation observe(const Round& round, Player player) noexcept {
  Observation o;
  observe_into(round, player, o);
  return o;
}

Observation observe_public(const Round& round) noexcept {
  Observation o = observe(round, Player::One);
  o.spectator = true;
  o.hand = {};
  o.legal_count = 0;
  return o;
}

Observation observe(const Round& round, std::optional<int> seat) {
  if (!seat) return observe_public(round);
  if (*seat != 0 && *seat != 1)
    throw core::InvalidValue("no seat " + std::to_string(*seat) + " in a game of 2 players");
  return observe(round, static_cast<Player>(*seat));
}

ActionMask Observation::legal_mask() const noexcept {
  ActionMask m;
  for (std::uint16_t id : legal()) m.set(id);
  return m;
}

namespace {
// std::ranges::equal, which libc++ 14 lacks.
template <class R>
bool same_range(const R& x, const R& y) {
  return std::equal(std::begin(x), std::end(x), std::begin(y), std::end(y));
}
}  // namespace

bool operator==(const Observation& a, const Observation& b) noexcept {
  return a.player == b.player && a.spectator == b.spectator && a.own_known == b.own_known &&
         a.own_hand_size == b.own_hand_size && a.match_scores == b.match_scores && a.match_target == b.match_target &&
         a.hands_played == b.hands_played && a.dealer == b.dealer && a.phase == b.phase && a.turn == b.turn &&
         a.rules == b.rules && a.hand == b.hand && same_range(a.discard_pile(), b.discard_pile()) &&
         a.opponent_known == b.opponent_known && a.opponent_discards == b.opponent_discards &&
         a.own_discards == b.own_discards && a.stock_size == b.stock_size &&
         a.opponent_hand_size == b.opponent_hand_size && a.knock_limit == b.knock_limit &&
         a.initial_upcard == b.initial_upcard && a.taken == b.taken && a.passes == b.passes && a.knocker == b.knocker &&
         same_range(a.spread_melds(), b.spread_melds()) && a.laid_off == b.laid_off && a.result == b.result &&
         same_range(a.legal(), b.legal());
}

void validate(const Observation& o) {
  auto bad = [](const std::string& why) { throw core::InvalidValue("inconsistent gin observation: " + why); };
  CardSet pile;
  for (Card c : o.discard_pile()) {
    if (pile.contains(c)) bad("the card " + c.str() + " is twice in the discard pile");
    pile |= c;
  }
  if (o.spectator && (!o.hand.empty() || o.legal_count != 0)) bad("a spectator has no hand and no legal actions");
  if (!o.spectator && o.hand.size() != o.own_hand_size) bad("hand_size does not match the hand");
  if (!o.hand.is_disjoint(o.opponent_known)) bad("the hand and the opponent's known cards overlap");
  if (!o.own_known.is_subset_of(o.spectator ? o.own_known : o.hand)) bad("known cards of the player not in the hand");
  if (!(o.hand | o.own_known | o.opponent_known).is_disjoint(pile | o.laid_off))
    bad("a card is both held and on the table");
  const int on_table = static_cast<int>(o.pile_size) + o.laid_off.size();
  if (o.own_hand_size + o.opponent_hand_size + on_table + o.stock_size != core::kDeckSize)
    bad("hands, pile, layoffs and stock do not add up to 52 cards");
  if (o.taken && !(o.own_known | o.opponent_known).contains(*o.taken)) bad("the card taken is not known to be held");
  // As in a round: a discard is on the pile, known to be taken back or laid off, and a
  // known card was discarded or is the upcard.
  const CardSet discards = o.own_discards | o.opponent_discards;
  if (!discards.is_subset_of(pile | o.own_known | o.opponent_known | o.laid_off))
    bad("a discarded card is neither on the pile, nor known to be taken back, nor laid off");
  if (!(o.own_known | o.opponent_known).is_subset_of(discards | o.initial_upcard))
    bad("a known card was never on the discard pile");
  if (!pile.is_subset_of(discards | o.initial_upcard)) bad("a card of the discard pile was never discarded");
  // Hand sizes by phase: the player to act holds 11 cards while discarding, else 10
  // (fewer for a defender who laid off, 11 for a big gin).
  for (int side = 0; side < 2; ++side) {
    const Player p = side == 0 ? o.player : opponent(o.player);
    const int n = side == 0 ? o.own_hand_size : o.opponent_hand_size;
    const bool acting = o.turn && *o.turn == p;
    const bool defender = o.knocker && *o.knocker != p;
    const int want = o.phase == Phase::Discard && acting ? 11 : 10;
    if (defender && (o.phase == Phase::Layoff || o.phase == Phase::Finished)) {
      if (n > 10 || n < 10 - o.laid_off.size()) bad("the defender's hand size does not fit the layoffs");
    } else if (o.phase == Phase::Finished && o.result && o.result->kind() == ResultKind::BigGin && o.knocker == p) {
      if (n != 11) bad("a big gin hand holds 11 cards");
    } else if (n != want) {
      bad("a hand of " + std::to_string(n) + " cards in phase " + phase_name(o.phase));
    }
  }
  if (o.is_my_turn() == (o.legal_count == 0) && !o.spectator && o.phase != Phase::Finished)
    bad(o.is_my_turn() ? "the player to act has no legal action" : "legal actions for a player who is not to act");
  for (const std::uint16_t id : o.legal()) {
    const Action a = Action::from_id(id);
    bool fits = false;
    switch (o.phase) {
      case Phase::Upcard: fits = id == kIdPass || id == kIdTakeDiscard; break;
      case Phase::Draw: fits = id == kIdTakeDiscard || id == kIdDrawStock; break;
      case Phase::Discard:
        fits = (a.kind() == ActionKind::Discard || a.kind() == ActionKind::Knock) ? o.hand.contains(a.card())
                                                                                  : a.kind() == ActionKind::BigGin;
        break;
      case Phase::Layoff:
        fits = a.kind() == ActionKind::FinishLayoffs ||
               (a.kind() == ActionKind::LayOff && o.hand.contains(a.card()) && a.meld() < o.spread_size);
        break;
      case Phase::Finished: break;
    }
    if (!fits) bad("the legal action '" + a.str() + "' does not fit phase " + phase_name(o.phase) + " and the hand");
  }
}

Action RandomPolicy::act(const Observation& obs) {
  const int n = obs.legal_count;
  if (n == 0) return Action::finish_layoffs();
  return Action::from_id(obs.legal_ids[static_cast<std::size_t>(rng_.below(static_cast<std::uint64_t>(n)))]);
}

}  // namespace parlour::gin
