// SimpleBot: the EAAI competition's starter player (see bots.hpp), and the list of
// every minimum-deadwood arrangement of a hand that it chooses its melds from.
#include <algorithm>
#include <vector>

#include "bots_internal.hpp"
#include "parlour/core/errors.hpp"
#include "parlour/gin/bots.hpp"
#include "parlour/gin/deadwood.hpp"

namespace parlour::gin {

std::vector<Melds> best_arrangements(CardSet hand) {
  if (hand.size() > kMaxHandCards)
    throw core::InvalidValue(
        "an arrangement holds at most 11 cards, got " + std::to_string(hand.size()) + ": '" + hand.str() + "'",
        "gin.ArrangeError");
  std::vector<Meld> inside;
  for (const Meld& m : all_melds())
    if (m.cards().is_subset_of(hand)) inside.push_back(m);
  std::sort(inside.begin(), inside.end());
  const int best = deadwood(hand);
  std::vector<Melds> out;
  std::array<Meld, kMaxMelds> chosen{};
  // Disjoint meld sets in index order (each set once); keep those at the minimum.
  auto rec = [&](auto&& self, std::size_t from, int count, CardSet used) -> void {
    if (cards_value(hand - used) == best) {
      std::array<Meld, kMaxMelds> ordered = chosen;
      out.push_back(Melds(hand, std::span<const Meld>(ordered.data(), static_cast<std::size_t>(count))));
      return;  // a meld added now would lower the deadwood below the minimum
    }
    if (count == kMaxMelds) return;
    for (std::size_t i = from; i < inside.size(); ++i) {
      if (!inside[i].cards().is_disjoint(used)) continue;
      chosen[static_cast<std::size_t>(count)] = inside[i];
      self(self, i + 1, count + 1, used | inside[i].cards());
    }
  };
  rec(rec, 0, 0, CardSet{});
  return out;
}

namespace {

using detail::completes_with;
using detail::legal;
using detail::pile_top;

// The EAAI Java engine's card order: by suit clubs, hearts, spades, diamonds, then rank.
int java_order(Card c) noexcept {
  static constexpr int kSuitRank[4] = {0, 2, 1, 3};  // CLUB 0, SPADE 1, HEART 2, DIAMOND 3
  return kSuitRank[static_cast<int>(c.suit())] * 13 + c.rank();
}

Melds random_best_arrangement(CardSet hand, core::Rng& rng) {
  const std::vector<Melds> all = best_arrangements(hand);
  return all[static_cast<std::size_t>(rng.below(all.size()))];
}

// The defender's next layoff: its arrangement of the hand it held when the knock came
// (chosen at random among the best, from a seed that stays the same through the
// layoffs), then the competition engine's greedy layoff of its unmelded cards.
Action simple_layoff(std::uint64_t seed, const Observation& obs) {
  const CardSet original = obs.hand | obs.laid_off;
  std::vector<Meld> spread;
  std::uint64_t h = detail::mix(seed, original.mask());
  for (const Meld& m : obs.spread_melds()) {
    const Meld base = Meld::from_cards(m.cards() - obs.laid_off);
    spread.push_back(base);
    h = detail::mix(h, base.mask());
  }
  core::Rng rng(h);
  const Melds mine = random_best_arrangement(original, rng);
  std::vector<Card> loose(mine.deadwood_cards().begin(), mine.deadwood_cards().end());
  std::sort(loose.begin(), loose.end(), [](Card a, Card b) { return java_order(a) < java_order(b); });
  for (bool laid = true; laid;) {
    laid = false;
    for (std::size_t k = 0; k < loose.size() && !laid; ++k)
      for (std::size_t i = 0; i < spread.size(); ++i) {
        const auto grown = spread[i].extended(loose[k]);
        if (!grown) continue;
        const Action a = Action::lay_off(loose[k], static_cast<int>(i));
        if (obs.hand.contains(loose[k])) return legal(obs, a) ? a : Action::finish_layoffs();
        spread[i] = *grown;  // laid off already
        loose.erase(loose.begin() + static_cast<std::ptrdiff_t>(k));
        laid = true;
        break;
      }
  }
  return Action::finish_layoffs();
}

}  // namespace

std::vector<CardSet> SimpleBot::pairs(Player seat) const { return memory_[static_cast<std::size_t>(seat)].pairs; }

Action SimpleBot::act(const Observation& obs) {
  Memory& m = memory_[static_cast<std::size_t>(obs.player)];
  const bool same_hand = m.valid && m.dealer == obs.dealer && m.upcard == obs.initial_upcard &&
                         obs.stock_size <= m.stock && m.own_discards.is_subset_of(obs.own_discards);
  if (!same_hand) m = Memory{true, obs.dealer, obs.initial_upcard, obs.stock_size, {}, {}, false, {}};
  m.stock = obs.stock_size;
  m.own_discards = obs.own_discards;
  // Its random choices follow its seed and what it holds and sees on the pile — nothing the opponent did.
  std::uint64_t h = detail::mix(seed_, obs.hand.mask());
  h = detail::mix(h, obs.own_discards.mask());
  h = detail::mix(h, (obs.pile_size > 0 ? pile_top(obs).mask() : 0) ^ static_cast<std::uint64_t>(obs.phase));
  core::Rng rng(h);
  switch (obs.phase) {
    case Phase::Upcard:
    case Phase::Draw: {
      m.before_draw = obs.hand;
      m.drew = true;
      if (obs.pile_size > 0 && completes_with(obs.hand, pile_top(obs)) && legal(obs, Action::take_discard()))
        return Action::take_discard();
      return legal(obs, Action::pass()) ? Action::pass() : Action::draw_stock();
    }
    case Phase::Discard: {
      // The card drawn this turn: the one taken from the pile, else the one the hand gained.
      std::optional<Card> drawn = obs.taken;
      if (!drawn && m.drew && m.before_draw.is_subset_of(obs.hand) && (obs.hand - m.before_draw).size() == 1)
        drawn = (obs.hand - m.before_draw).first();
      m.drew = false;
      auto repeats = [&](Card c) {
        if (!drawn) return false;
        const CardSet pair = CardSet::of(*drawn) | c;
        return std::find(m.pairs.begin(), m.pairs.end(), pair) != m.pairs.end();
      };
      std::vector<Card> candidates;
      int least = 1 << 20;
      for (bool allow_repeat : {false, true}) {  // (a repeat only if nothing else is left)
        for (Card c : detail::discardable(obs)) {
          if (!allow_repeat && repeats(c)) continue;
          const int dw = deadwood(obs.hand - c);
          if (dw < least) {
            least = dw;
            candidates.clear();
          }
          if (dw == least) candidates.push_back(c);
        }
        if (!candidates.empty()) break;
      }
      const Card pick = candidates[static_cast<std::size_t>(rng.below(candidates.size()))];
      if (drawn && !repeats(pick)) m.pairs.push_back(CardSet::of(*drawn) | pick);
      if (least <= obs.knock_limit && legal(obs, Action::knock(pick))) {
        const Melds melds = random_best_arrangement(obs.hand - pick, rng);
        return Action::knock(pick, melds.melds());
      }
      return Action::discard(pick);
    }
    case Phase::Layoff: return simple_layoff(seed_, obs);
    case Phase::Finished: break;
  }
  return Action::finish_layoffs();
}

}  // namespace parlour::gin
