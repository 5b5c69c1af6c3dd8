// Deadwood, the best discard and the best arrangement of a gin hand (deadwood.hpp).
// Why one file: all three, one hand or a batch, run on the lookup tables and the branch
// over set choices at the top, kept in one translation unit so they inline.
#include "parlour/gin/deadwood.hpp"

#include <algorithm>
#include <bit>
#include <functional>
#include <limits>
#include <utility>

#include "parlour/core/errors.hpp"

namespace parlour::gin {

namespace {

constexpr int kPatterns = 1 << 13;
constexpr std::uint64_t kLanes = 0x0001000100010001ull;  // bit 16*suit of each suit lane
constexpr std::uint64_t kLaneMask = 0x1FFF1FFF1FFF1FFFull;

// Work on "patterns": the hand mask shifted right by one, so that suit s, rank r is
// bit 16*s + r - 1 and each suit is a 13-bit lane.
constexpr std::uint64_t patterns_of(std::uint64_t mask) noexcept { return mask >> 1; }
constexpr unsigned lane(std::uint64_t m, int s) noexcept { return static_cast<unsigned>(m >> (16 * s)) & 0x1FFFu; }

// Cards of a lane that lie in a block of three or more consecutive cards.
constexpr unsigned run_cards(unsigned p) noexcept {
  const unsigned t = p & (p >> 1) & (p >> 2);
  return (t | (t << 1) | (t << 2)) & 0x1FFFu;
}
constexpr std::uint64_t run_cards64(std::uint64_t m) noexcept {
  const std::uint64_t t = m & (m >> 1) & (m >> 2);
  return (t | (t << 1) | (t << 2)) & m;
}

constexpr int pattern_value(unsigned p) noexcept {
  int v = 0;
  for (int k = 0; k < 13; ++k)
    if (p >> k & 1u) v += rank_value(k + 1);
  return v;
}

struct Tables {
  std::uint8_t dw[kPatterns];        // run-only deadwood of a lane
  std::uint8_t dwd[kPatterns];       // min over one card removed of dw (255: empty lane)
  std::uint8_t dwd_rank[kPatterns];  // the highest rank whose removal reaches dwd
  Tables() noexcept {
    for (unsigned p = 0; p < kPatterns; ++p) dw[p] = static_cast<std::uint8_t>(pattern_value(p & ~run_cards(p)));
    for (unsigned p = 0; p < kPatterns; ++p) {
      int best = 255;
      int best_rank = 0;
      for (int k = 12; k >= 0; --k) {
        if (!(p >> k & 1u)) continue;
        const int d = dw[p & ~(1u << k)];
        if (d < best) {
          best = d;
          best_rank = k + 1;
        }
      }
      dwd[p] = static_cast<std::uint8_t>(best);
      dwd_rank[p] = static_cast<std::uint8_t>(best_rank);
    }
  }
};

const Tables& tables() noexcept {
  static const Tables t;
  return t;
}

inline int leaf(const Tables& t, std::uint64_t m) noexcept {
  return t.dw[lane(m, 0)] + t.dw[lane(m, 1)] + t.dw[lane(m, 2)] + t.dw[lane(m, 3)];
}

// The candidate set ranks of a pattern word: lanes with the rank in at least three
// suits (bit k = rank k+1), and the forced ones (no card of the rank can be in a run).
struct Candidates {
  unsigned open = 0;    // ranks to branch on
  unsigned forced = 0;  // ranks whose set is always taken
};

inline Candidates candidates(std::uint64_t m) noexcept {
  const unsigned a = lane(m, 0), b = lane(m, 1), c = lane(m, 2), d = lane(m, 3);
  const unsigned c3 = (a & b & (c | d)) | (c & d & (a | b));
  if (c3 == 0) return {};
  const std::uint64_t runs = run_cards64(m) & kLaneMask;
  const unsigned runnable = lane(runs, 0) | lane(runs, 1) | lane(runs, 2) | lane(runs, 3);
  return {c3 & runnable, c3 & ~runnable};
}

inline std::uint64_t rank_lanes(int k) noexcept { return kLanes << k; }

// Exhaustive branch over the open candidate ranks (lowest first).
int branch(const Tables& t, std::uint64_t m, unsigned open, std::uint64_t runs) noexcept {
  if (open == 0) return leaf(t, m);
  const int k = std::countr_zero(open);
  const unsigned rest = open & (open - 1);
  const std::uint64_t rank = rank_lanes(k) & m;
  int best = branch(t, m, rest, runs);  // no set of this rank
  if (best == 0) return 0;
  best = std::min(best, branch(t, m & ~rank, rest, runs));  // all its cards (3 or 4)
  if (std::popcount(rank) == 4) {
    // Each 3-set; a 3-set that leaves out a card which cannot run is beaten by the 4-set.
    for (std::uint64_t r = rank & runs; r != 0 && best != 0; r &= r - 1)
      best = std::min(best, branch(t, m & ~(rank & ~(r & (0 - r))), rest, runs));
  }
  return best;
}

// Exact dynamic program over ranks for any number of cards: per suit the length of
// the open run (0, 1, 2, 3 = three or more); a card is in a run, in the set of its
// rank (kept only when three or more cards of the rank are not in runs), or deadwood.
int deadwood_dp(std::uint64_t mask) noexcept {
  constexpr int kNeg = std::numeric_limits<int>::min() / 2;
  std::array<int, 256> dp;
  dp.fill(kNeg);
  dp[0] = 0;
  const std::uint64_t m = patterns_of(mask);
  for (int k = 0; k < 13; ++k) {
    const int value = rank_value(k + 1);
    unsigned present = 0;
    for (int s = 0; s < 4; ++s)
      if (m >> (16 * s + k) & 1u) present |= 1u << s;
    std::array<int, 256> next;
    next.fill(kNeg);
    for (unsigned st = 0; st < 256; ++st) {
      if (dp[st] == kNeg) continue;
      // Suits whose open run must continue (length 1 or 2) need their card in a run.
      unsigned must = 0;
      for (int s = 0; s < 4; ++s) {
        const unsigned len = st >> (2 * s) & 3u;
        if (len == 1 || len == 2) must |= 1u << s;
      }
      if ((must & ~present) != 0) continue;
      // Enumerate the run subsets R with must <= R <= present.
      const unsigned free = present & ~must;
      unsigned sub = free;
      while (true) {
        const unsigned r = must | sub;
        unsigned ns = 0;
        for (int s = 0; s < 4; ++s) {
          if (r >> s & 1u) {
            const unsigned len = st >> (2 * s) & 3u;
            ns |= std::min(len + 1, 3u) << (2 * s);
          }
        }
        const int in_runs = std::popcount(r);
        const int rest = std::popcount(present & ~r);
        const int save = value * (in_runs + (rest >= 3 ? rest : 0));
        next[ns] = std::max(next[ns], dp[st] + save);
        if (sub == 0) break;
        sub = (sub - 1) & free;
      }
    }
    dp = next;
  }
  int best = 0;
  for (unsigned st = 0; st < 256; ++st) {
    bool closed = true;
    for (int s = 0; s < 4; ++s) {
      const unsigned len = st >> (2 * s) & 3u;
      if (len == 1 || len == 2) closed = false;
    }
    if (closed) best = std::max(best, dp[st]);
  }
  return cards_value(CardSet::unchecked(mask)) - best;
}

constexpr int kMaxBranchRanks = 4;

inline int deadwood_fast(const Tables& t, std::uint64_t mask) noexcept {
  std::uint64_t m = patterns_of(mask);
  const Candidates c = candidates(m);
  if ((c.open | c.forced) == 0) return leaf(t, m);
  for (unsigned f = c.forced; f != 0; f &= f - 1) m &= ~rank_lanes(std::countr_zero(f));
  if (c.open == 0) return leaf(t, m);
  if (std::popcount(c.open) > kMaxBranchRanks) return deadwood_dp(mask);
  return branch(t, m, c.open, run_cards64(patterns_of(mask)) & kLaneMask);
}

// best_discard over one leaf: the best (key = deadwood*64 + 63 - (4*rank + suit)).
struct DiscardSearch {
  const Tables& t;
  std::uint64_t runs;
  int best_key = std::numeric_limits<int>::max();

  static int key(int dw, int rank, int suit) noexcept { return dw * 64 + 63 - (4 * rank + suit); }

  // m: the remaining lanes; four: the ranks taken as 4-sets (bits); broken: the
  // deadwood-if-broken key contributions of forced 3-sets are handled by the caller.
  void leaf_eval(std::uint64_t m, unsigned four_sets) noexcept {
    const int base = leaf(t, m);
    for (int s = 0; s < 4; ++s) {
      const unsigned p = lane(m, s);
      if (p == 0) continue;
      const int dw = base - t.dw[p] + t.dwd[p];
      best_key = std::min(best_key, key(dw, t.dwd_rank[p], s));
    }
    if (four_sets != 0) {
      // Discard one card of a 4-set: a 3-set remains and nothing else changes.
      const int rank = std::bit_width(four_sets);  // highest such rank (bit k = rank k+1)
      best_key = std::min(best_key, key(base, rank, 3));
    }
  }

  void branch_eval(std::uint64_t m, unsigned open, unsigned four_sets) noexcept {
    if (open == 0) {
      leaf_eval(m, four_sets);
      return;
    }
    const int k = std::countr_zero(open);
    const unsigned rest = open & (open - 1);
    const std::uint64_t rank = rank_lanes(k) & m;
    branch_eval(m, rest, four_sets);
    const bool four = std::popcount(rank) == 4;
    branch_eval(m & ~rank, rest, four ? four_sets | (1u << k) : four_sets);
    if (four) {
      // Every 3-set here (a discard may take the runnable or the unrunnable card).
      for (std::uint64_t r = rank; r != 0; r &= r - 1) branch_eval(m & ~(rank & ~(r & (0 - r))), rest, four_sets);
    }
  }
};

int discard_key(const Tables& t, std::uint64_t mask) noexcept {
  std::uint64_t m = patterns_of(mask);
  const Candidates c = candidates(m);
  const std::uint64_t runs = run_cards64(m) & kLaneMask;
  DiscardSearch search{t, runs};
  unsigned four_sets = 0;
  // Forced 3-sets: discarding one of their cards leaves the other two as deadwood.
  int forced3_extra = 0;
  int forced3_rank = 0;
  for (unsigned f = c.forced; f != 0; f &= f - 1) {
    const int k = std::countr_zero(f);
    const std::uint64_t rank = rank_lanes(k) & m;
    if (std::popcount(rank) == 4) {
      four_sets |= 1u << k;
    } else {
      const int extra = 2 * rank_value(k + 1);
      // The cheapest forced 3-set to break; at equal cost the highest rank.
      if (forced3_rank == 0 || extra <= forced3_extra) {
        forced3_extra = extra;
        forced3_rank = k + 1;
      }
    }
    m &= ~rank;
  }
  search.branch_eval(m, c.open, four_sets);
  if (forced3_rank != 0) {
    // The leaf value with every forced set kept is the optimum without the discard;
    // recompute it as the minimum over the open branches.
    const int full = branch(t, m, c.open, runs);
    // Highest suit among the set's cards.
    const std::uint64_t cards = rank_lanes(forced3_rank - 1) & patterns_of(mask);
    const int suit = static_cast<int>(std::bit_width(cards) - 1) / 16;
    search.best_key = std::min(search.best_key, DiscardSearch::key(full + forced3_extra, forced3_rank, suit));
  }
  return search.best_key;
}

// The sets of the best arrangement (tie-break: deadwood, sets, set cards, set mask).
struct MeldSearch {
  const Tables& t;
  std::uint64_t runs;
  struct Key {
    int dw, sets, set_cards;
    std::uint64_t set_mask;
    friend auto operator<=>(const Key&, const Key&) = default;
  };
  Key best{std::numeric_limits<int>::max(), 0, 0, 0};

  void go(std::uint64_t m, unsigned open, std::uint64_t set_mask, int sets) noexcept {
    if (open == 0) {
      const Key k{leaf(t, m), sets, std::popcount(set_mask), set_mask};
      if (k < best) best = k;
      return;
    }
    const int r = std::countr_zero(open);
    const unsigned rest = open & (open - 1);
    const std::uint64_t rank = rank_lanes(r) & m;
    go(m, rest, set_mask, sets);
    go(m & ~rank, rest, set_mask | rank, sets + 1);
    if (std::popcount(rank) == 4)
      for (std::uint64_t x = rank & runs; x != 0; x &= x - 1) {
        const std::uint64_t three = rank & ~(x & (0 - x));
        go(m & ~three, rest, set_mask | three, sets + 1);
      }
  }
};

bool meld_order(const Meld& a, const Meld& b) noexcept {
  if (a.low() != b.low()) return a.low() < b.low();
  if (a.kind() != b.kind()) return a.is_set();
  return static_cast<int>(a.suit()) < static_cast<int>(b.suit());
}

// Insertion sort of a few elements (std::sort on a 3-element array trips GCC 12's
// -Warray-bounds on its unrolled 16-element threshold).
template <class T, class Less>
void small_sort(T* first, int n, Less less) noexcept {
  for (int i = 1; i < n; ++i)
    for (int j = i; j > 0 && less(first[j], first[j - 1]); --j) std::swap(first[j], first[j - 1]);
}

[[noreturn]] void arrange_error(const std::string& why) { throw core::InvalidValue(why, "gin.ArrangeError"); }

}  // namespace

int suit_run_deadwood(unsigned pattern) noexcept { return tables().dw[pattern & 0x1FFFu]; }

int deadwood(CardSet hand) noexcept { return deadwood_fast(tables(), hand.mask()); }

void deadwood_batch(std::span<const std::uint64_t> masks, std::span<std::uint8_t> out) noexcept {
  const Tables& t = tables();
  const std::size_t n = std::min(masks.size(), out.size());
  for (std::size_t i = 0; i < n; ++i) {
    const int d = deadwood_fast(t, masks[i]);
    out[i] = static_cast<std::uint8_t>(std::min(d, 255));
  }
}

Discard best_discard(CardSet hand) {
  if (hand.empty()) throw core::InvalidValue("best_discard needs at least one card, got an empty hand");
  int best = std::numeric_limits<int>::max();
  CardSet ties;
  Card chosen;
  for (Card c : hand) {
    const int d = deadwood(hand - c);
    if (d < best) {
      best = d;
      ties = CardSet::of(c);
      chosen = c;
    } else if (d == best) {
      ties |= c;
      // Tie-break: the highest rank, then the highest suit.
      if (c.rank() > chosen.rank() || (c.rank() == chosen.rank() && c.suit() > chosen.suit())) chosen = c;
    }
  }
  return Discard{chosen, best, ties};
}

void best_discard_batch(std::span<const std::uint64_t> masks, std::span<std::uint8_t> dw,
                        std::span<std::uint8_t> card) noexcept {
  const Tables& t = tables();
  const std::size_t n = std::min({masks.size(), dw.size(), card.size()});
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint64_t mask = masks[i];
    if (mask == 0) {
      dw[i] = 0;
      card[i] = 255;
      continue;
    }
    const Candidates c = candidates(patterns_of(mask));
    if (std::popcount(c.open) > kMaxBranchRanks) {
      const Discard d = best_discard(CardSet::unchecked(mask));
      dw[i] = static_cast<std::uint8_t>(std::min(d.deadwood, 255));
      card[i] = static_cast<std::uint8_t>(d.card.index());
      continue;
    }
    const int key = discard_key(t, mask);
    const int order = 63 - key % 64;  // 4*rank + suit
    dw[i] = static_cast<std::uint8_t>(std::min(key / 64, 255));
    card[i] = static_cast<std::uint8_t>(Card(order / 4, static_cast<Suit>(order % 4)).index());
  }
}

Melds best_melds(CardSet hand) {
  if (hand.size() > kMaxHandCards)
    arrange_error("best_melds arranges at most 11 cards, got " + std::to_string(hand.size()) + ": '" + hand.str() +
                  "' (use deadwood() for the count of a larger set)");
  const Tables& t = tables();
  std::uint64_t m = patterns_of(hand.mask());
  const Candidates c = candidates(m);
  std::uint64_t forced_mask = 0;
  int forced_sets = 0;
  for (unsigned f = c.forced; f != 0; f &= f - 1) {
    forced_mask |= rank_lanes(std::countr_zero(f)) & m;
    ++forced_sets;
  }
  m &= ~forced_mask;
  MeldSearch search{t, run_cards64(patterns_of(hand.mask())) & kLaneMask};
  search.go(m, c.open, forced_mask, forced_sets);
  const std::uint64_t set_pattern = search.best.set_mask;

  std::array<Meld, kMaxMelds> melds{};
  int count = 0;
  for (int k = 0; k < 13; ++k) {
    const std::uint64_t cards = rank_lanes(k) & set_pattern;
    if (cards != 0)
      melds[static_cast<std::size_t>(count++)] = Meld::unchecked(CardSet::unchecked(cards << 1), MeldKind::Set);
  }
  const std::uint64_t rest = patterns_of(hand.mask()) & ~set_pattern;
  for (int s = 0; s < 4; ++s) {
    unsigned runs = run_cards(lane(rest, s));
    while (runs != 0) {
      const int low = std::countr_zero(runs);
      const int len = std::countr_one(runs >> low);
      melds[static_cast<std::size_t>(count++)] = Meld::run(static_cast<Suit>(s), low + 1, low + len);
      runs &= ~(((1u << len) - 1u) << low);
    }
  }
  small_sort(melds.data(), count, meld_order);
  return Melds::unchecked(hand, std::span<const Meld>(melds.data(), static_cast<std::size_t>(count)));
}

// ---- Melds -------------------------------------------------------------------------

Melds::Melds(CardSet hand, std::span<const Meld> melds) {
  if (hand.size() > kMaxHandCards)
    arrange_error("an arrangement holds at most 11 cards, got " + std::to_string(hand.size()) + ": '" + hand.str() +
                  "'");
  CardSet used;
  for (const Meld& meld : melds) {
    if (meld.cards().empty() || !Meld::is_meld(meld.cards())) arrange_error("not a meld: '" + meld.str() + "'");
    if (!meld.cards().is_subset_of(hand))
      arrange_error("meld '" + meld.str() + "' is not in the hand '" + hand.str() + "' (missing '" +
                    (meld.cards() - hand).str() + "')");
    if (!meld.cards().is_disjoint(used))
      arrange_error("melds overlap: '" + (meld.cards() & used).str() + "' is in two melds");
    used |= meld.cards();
  }
  if (melds.size() > static_cast<std::size_t>(kMaxMelds)) arrange_error("more than 3 melds");  // implied above
  hand_ = hand;
  melded_ = used;
  count_ = static_cast<int>(melds.size());
  std::copy(melds.begin(), melds.end(), melds_.begin());
}

Melds Melds::unchecked(CardSet hand, std::span<const Meld> melds) noexcept {
  Melds out;
  out.hand_ = hand;
  out.count_ = static_cast<int>(std::min(melds.size(), static_cast<std::size_t>(kMaxMelds)));
  for (int i = 0; i < out.count_; ++i) {
    out.melds_[static_cast<std::size_t>(i)] = melds[static_cast<std::size_t>(i)];
    out.melded_ |= melds[static_cast<std::size_t>(i)].cards();
  }
  return out;
}

int Melds::set_count() const noexcept {
  int n = 0;
  for (const Meld& m : melds())
    if (m.is_set()) ++n;
  return n;
}

namespace {
template <class F>
std::string render(const Melds& a, F card_text) {
  std::string s;
  for (const Meld& m : a.melds()) {
    if (!s.empty()) s += ' ';
    for (Card c : m.cards()) s += card_text(c);
  }
  const CardSet dead = a.deadwood_cards();
  if (!dead.empty()) {
    s += s.empty() ? "| " : " | ";
    for (Card c : dead) s += card_text(c);
  } else if (!s.empty()) {
    s += " |";
  }
  return s;
}
}  // namespace

std::string Melds::str() const {
  return render(*this, [](Card c) { return c.str(); });
}
std::string Melds::unicode() const {
  return render(*this, [](Card c) { return c.unicode(); });
}

bool operator==(const Melds& a, const Melds& b) noexcept {
  if (a.hand_ != b.hand_ || a.count_ != b.count_) return false;
  std::array<std::uint64_t, kMaxMelds> x{}, y{};
  for (int i = 0; i < a.count_; ++i) {
    x[static_cast<std::size_t>(i)] = a.melds_[static_cast<std::size_t>(i)].mask();
    y[static_cast<std::size_t>(i)] = b.melds_[static_cast<std::size_t>(i)].mask();
  }
  small_sort(x.data(), a.count_, std::less<>());
  small_sort(y.data(), b.count_, std::less<>());
  return x == y;
}

}  // namespace parlour::gin
