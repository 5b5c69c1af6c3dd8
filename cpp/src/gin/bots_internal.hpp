// Pieces shared by the gin bots' implementations (bots.cpp, simple.cpp, expert.cpp):
// legality against an observation, the pile top, the discard order of the rule card,
// the layoff step, the cards the opponent declined, and the per-decision seed.
// Private to cpp/src/gin (not an installed header).
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>

#include "parlour/core/rng.hpp"
#include "parlour/gin/bots.hpp"
#include "parlour/gin/deadwood.hpp"
#include "parlour/gin/observation.hpp"
#include "parlour/gin/scoring.hpp"

namespace parlour::gin::detail {

inline bool legal(const Observation& obs, const Action& a) {
  const auto ids = obs.legal();  // ascending
  return std::binary_search(ids.begin(), ids.end(), static_cast<std::uint16_t>(a.id()));
}

inline Card pile_top(const Observation& obs) { return obs.pile[static_cast<std::size_t>(obs.pile_size - 1)]; }

// The discard order of the rule card's "highest value": value, then rank, then suit
// (diamonds > hearts > spades > clubs) — the tie-break of best_discard.
inline bool higher(Card a, Card b) noexcept {
  if (card_value(a) != card_value(b)) return card_value(a) > card_value(b);
  if (a.rank() != b.rank()) return a.rank() > b.rank();
  return static_cast<int>(a.suit()) > static_cast<int>(b.suit());
}

// The cards the player may discard now (not the card just taken from the pile).
inline CardSet discardable(const Observation& obs) {
  CardSet c = obs.hand;
  if (obs.taken) c -= *obs.taken;
  return c;
}

// The legal discard leaving the least deadwood (ties: the higher card).
struct Choice {
  Card card{};
  int deadwood = 1000;
};
inline Choice best_legal_discard(const Observation& obs) {
  Choice best;
  for (Card c : discardable(obs)) {
    const int dw = deadwood(obs.hand - c);
    if (dw < best.deadwood || (dw == best.deadwood && higher(c, best.card))) best = {c, dw};
  }
  return best;
}

// The optimal next layoff: a card of best_layoff's plan that extends its meld now.
inline Action layoff_step(const Observation& obs) {
  const auto spread = obs.spread_melds();
  if (!obs.hand.empty() && !spread.empty()) {
    const Layoff lo = best_layoff(obs.hand, spread);
    for (std::size_t i = 0; i < lo.laid_on.size(); ++i)
      for (Card c : lo.laid_on[i]) {
        const Action a = Action::lay_off(c, static_cast<int>(i));
        if (legal(obs, a)) return a;
      }
  }
  return Action::finish_layoffs();
}

// The upcard / draw decision: take the pile top when `take` says so and it is legal.
// No bot of the rule card takes back a card it discarded itself: besides being
// pointless, two bots swapping the same cards through the pile would never run the
// stock down.
inline Action draw_choice(const Observation& obs, bool take) {
  if (take && legal(obs, Action::take_discard()) && !obs.own_discards.contains(pile_top(obs)))
    return Action::take_discard();
  if (legal(obs, Action::pass())) return Action::pass();
  return Action::draw_stock();
}

inline bool melds_with(CardSet hand, int hand_dw, Card c) noexcept {
  return deadwood(hand | c) < hand_dw + card_value(c);
}

// Whether `c` with two of `cards` makes a meld (a set of three, or a run of three):
// whether c is part of some meld of cards + c.
inline bool completes_with(CardSet cards, Card c) noexcept {
  const std::uint64_t m = cards.mask();
  const int b = std::countr_zero(c.mask());
  const int r = b & 15;
  // same rank in the other suits
  const std::uint64_t rank_bits = (std::uint64_t{1} << r) * 0x0001000100010001ULL;
  if (std::popcount(m & rank_bits & ~c.mask()) >= 2) return true;
  auto has = [&](int d) { return ((m >> (b + d)) & 1) != 0; };  // bits 0, 14, 15 of a suit are never cards
  return (b >= 2 && has(-1) && has(-2)) || (has(1) && has(2)) || (b >= 1 && has(-1) && has(1));
}

// The cards the opponent declined: pile cards it covered with its own discard, and
// the upcard when it passed on it.
inline CardSet declined_by_opponent(const Observation& obs) {
  CardSet out;
  for (int i = 0; i + 1 < obs.pile_size; ++i)
    if (obs.opponent_discards.contains(obs.pile[static_cast<std::size_t>(i + 1)]))
      out |= obs.pile[static_cast<std::size_t>(i)];
  const Player opp = opponent(obs.player);
  const Player nd = opponent(obs.dealer);
  if (obs.passes >= 1 && opp == nd) out |= obs.initial_upcard;
  if (obs.passes >= 2 && opp == obs.dealer) out |= obs.initial_upcard;
  return out;
}

inline std::uint64_t mix(std::uint64_t h, std::uint64_t v) noexcept {
  std::uint64_t x = h ^ (v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2));
  return core::splitmix64(x);
}

// A seed for one decision: the bot's seed and everything public about the position.
inline std::uint64_t decision_seed(std::uint64_t seed, const Observation& obs) noexcept {
  std::uint64_t h = mix(seed, obs.hand.mask());
  h = mix(h, obs.opponent_known.mask());
  h = mix(h, obs.opponent_discards.mask());
  h = mix(h, obs.own_discards.mask());
  h = mix(h, static_cast<std::uint64_t>(obs.pile_size) << 8 | static_cast<std::uint64_t>(obs.stock_size));
  h = mix(h, static_cast<std::uint64_t>(obs.phase) << 4 | static_cast<std::uint64_t>(obs.passes));
  if (obs.pile_size > 0) h = mix(h, pile_top(obs).mask());
  return h;
}

}  // namespace parlour::gin::detail
