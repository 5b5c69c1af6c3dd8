#include "parlour/gin/observation.hpp"

#include <algorithm>

namespace parlour::gin {

void observe_into(const Round& round, Player player, Observation& o) noexcept {
  const Player opp = opponent(player);
  o.player = player;
  o.dealer = round.dealer();
  o.phase = round.phase();
  o.turn = round.turn();
  o.rules = round.rules();
  o.hand = round.hand(player);
  const auto pile = round.discard_pile();
  std::copy(pile.begin(), pile.end(), o.pile.begin());
  o.pile_size = static_cast<std::uint8_t>(pile.size());
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

ActionMask Observation::legal_mask() const noexcept {
  ActionMask m;
  for (std::uint16_t id : legal()) m.set(id);
  return m;
}

bool operator==(const Observation& a, const Observation& b) noexcept {
  return a.player == b.player && a.dealer == b.dealer && a.phase == b.phase && a.turn == b.turn &&
         a.rules == b.rules && a.hand == b.hand && std::ranges::equal(a.discard_pile(), b.discard_pile()) &&
         a.opponent_known == b.opponent_known && a.opponent_discards == b.opponent_discards &&
         a.own_discards == b.own_discards && a.stock_size == b.stock_size &&
         a.opponent_hand_size == b.opponent_hand_size && a.knock_limit == b.knock_limit &&
         a.initial_upcard == b.initial_upcard && a.taken == b.taken && a.passes == b.passes &&
         a.knocker == b.knocker && std::ranges::equal(a.spread_melds(), b.spread_melds()) &&
         a.laid_off == b.laid_off && a.result == b.result && std::ranges::equal(a.legal(), b.legal());
}

Action RandomPolicy::act(const Observation& obs) {
  const int n = obs.legal_count;
  if (n == 0) return Action::finish_layoffs();
  return Action::from_id(obs.legal_ids[static_cast<std::size_t>(rng_.below(static_cast<std::uint64_t>(n)))]);
}

}  // namespace parlour::gin
