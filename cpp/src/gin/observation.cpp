#include "parlour/gin/observation.hpp"

namespace parlour::gin {

Observation observe(const Round& round, Player player) noexcept {
  Observation o;
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
  if (o.turn && *o.turn == player) o.legal = round.legal_mask();
  return o;
}

Action RandomPolicy::act(const Observation& obs) {
  const int n = obs.legal.count();
  if (n == 0) return Action::finish_layoffs();
  const int k = static_cast<int>(rng_.below(static_cast<std::uint64_t>(n)));
  return Action::from_id(obs.legal.nth(k));
}

}  // namespace parlour::gin
