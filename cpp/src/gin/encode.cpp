#include "parlour/gin/encode.hpp"

#include <algorithm>

namespace parlour::gin {

namespace {

// The parts of a player's view that the planes read (from an Observation or a Round).
struct View {
  CardSet hand, pile_rest, opponent_known, opponent_discards, own_discards, spread, laid_off;
  std::uint64_t pile_top = 0, taken = 0;
  int stock_size = 0, knock_limit = 0, opponent_hand_size = 0, passes = 0;
  Phase phase = Phase::Upcard;
  bool my_turn = false, i_dealt = false, i_knocked = false, opponent_knocked = false;
};

void card_plane(std::uint64_t mask, std::int8_t* row) noexcept {
  for (int s = 0; s < 4; ++s) {
    const auto bits = static_cast<unsigned>(mask >> (16 * s));
    for (int r = 0; r < 13; ++r) row[13 * s + r] = static_cast<std::int8_t>((bits >> (r + 1)) & 1u);
  }
}

void thermometer(int n, std::int8_t* row) noexcept {
  const int k = std::clamp(n, 0, kObsColumns);
  std::fill(row, row + k, std::int8_t{1});
  std::fill(row + k, row + kObsColumns, std::int8_t{0});
}

void encode_view(const View& v, std::int8_t* out) noexcept {
  auto row = [out](int plane) { return out + plane * kObsColumns; };
  card_plane(v.hand.mask(), row(kPlaneHand));
  card_plane(v.pile_top, row(kPlanePileTop));
  card_plane(v.pile_rest.mask(), row(kPlanePileRest));
  card_plane(v.opponent_known.mask(), row(kPlaneOpponentKnown));
  card_plane(v.opponent_discards.mask(), row(kPlaneOpponentDiscards));
  card_plane(v.own_discards.mask(), row(kPlaneOwnDiscards));
  card_plane(v.spread.mask(), row(kPlaneSpread));
  card_plane(v.laid_off.mask(), row(kPlaneLaidOff));
  card_plane(v.taken, row(kPlaneTaken));
  thermometer(v.stock_size, row(kPlaneStockSize));
  thermometer(v.knock_limit, row(kPlaneKnockLimit));
  thermometer(v.opponent_hand_size, row(kPlaneOpponentHandSize));
  std::int8_t* status = row(kPlaneStatus);
  std::fill(status, status + kObsColumns, std::int8_t{0});
  status[kStatusPhase + static_cast<int>(v.phase)] = 1;
  status[kStatusMyTurn] = v.my_turn;
  status[kStatusIDealt] = v.i_dealt;
  status[kStatusIKnocked] = v.i_knocked;
  status[kStatusOpponentKnocked] = v.opponent_knocked;
  status[kStatusPassedOnce] = v.passes >= 1;
  status[kStatusPassedTwice] = v.passes >= 2;
}

void set_pile(View& v, std::span<const Card> pile) noexcept {
  if (pile.empty()) return;
  v.pile_top = pile.back().mask();
  std::uint64_t rest = 0;
  for (std::size_t i = 0; i + 1 < pile.size(); ++i) rest |= pile[i].mask();
  v.pile_rest = CardSet::unchecked(rest);
}

CardSet spread_cards(std::span<const Meld> melds) noexcept {
  CardSet s;
  for (const Meld& m : melds) s |= m.cards();
  return s;
}

}  // namespace

void encode_observation(const Observation& obs, std::span<std::int8_t, kObsSize> out) noexcept {
  View v;
  v.hand = obs.hand;
  set_pile(v, obs.discard_pile());
  v.opponent_known = obs.opponent_known;
  v.opponent_discards = obs.opponent_discards;
  v.own_discards = obs.own_discards;
  v.spread = spread_cards(obs.spread_melds());
  v.laid_off = obs.laid_off;
  v.taken = obs.taken ? obs.taken->mask() : 0;
  v.stock_size = obs.stock_size;
  v.knock_limit = obs.knock_limit;
  v.opponent_hand_size = obs.opponent_hand_size;
  v.passes = obs.passes;
  v.phase = obs.phase;
  v.my_turn = obs.is_my_turn();
  v.i_dealt = obs.dealer == obs.player;
  v.i_knocked = obs.knocker && *obs.knocker == obs.player;
  v.opponent_knocked = obs.knocker && *obs.knocker != obs.player;
  encode_view(v, out.data());
}

void encode_round(const Round& round, Player player, std::span<std::int8_t, kObsSize> out) noexcept {
  const Player opp = opponent(player);
  View v;
  v.hand = round.hand(player);
  set_pile(v, round.discard_pile());
  v.opponent_known = round.known_cards(opp);
  v.opponent_discards = round.discards_of(opp);
  v.own_discards = round.discards_of(player);
  v.spread = spread_cards(round.spread());
  v.laid_off = round.laid_off();
  const auto taken = round.taken();
  v.taken = taken ? taken->mask() : 0;
  v.stock_size = round.stock_size();
  v.knock_limit = round.knock_limit();
  v.opponent_hand_size = round.hand(opp).size();
  v.passes = round.passes();
  v.phase = round.phase();
  const auto turn = round.turn();
  v.my_turn = turn && *turn == player;
  v.i_dealt = round.dealer() == player;
  const auto knocker = round.knocker();
  v.i_knocked = knocker && *knocker == player;
  v.opponent_knocked = knocker && *knocker != player;
  encode_view(v, out.data());
}

}  // namespace parlour::gin
