// ExpertBot: determinized Monte Carlo search with a fast playout (see expert.hpp).
// Why one file: the determinized search (opponent model, sampling of worlds, playouts
// and the candidate statistics) is one algorithm whose parts share private state; each
// part is its own function.
#include "parlour/gin/expert.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cmath>
#include <limits>
#include <optional>
#include <vector>

#include "bots_internal.hpp"
#include "parlour/core/errors.hpp"
#include "parlour/gin/deadwood.hpp"
#include "parlour/gin/match_odds.hpp"
#include "parlour/gin/scoring.hpp"
#include "parlour/gin/simulate.hpp"

namespace parlour::gin {

namespace {

using detail::completes_with;
using detail::decision_seed;
using detail::declined_by_opponent;
using detail::higher;
using detail::layoff_step;
using detail::legal;
using detail::mix;
using detail::pile_top;

constexpr std::size_t idx(Player p) noexcept { return static_cast<std::size_t>(p); }
constexpr Player player_at(int i) noexcept { return i == 0 ? Player::One : Player::Two; }

// The cards of `cards` that are partners of `c`: of its rank, or of its suit within two ranks.
int partners(CardSet cards, Card c) noexcept {
  const std::uint64_t m = cards.mask() & ~c.mask();
  const int b = std::countr_zero(c.mask());
  const std::uint64_t rank_bits = (std::uint64_t{1} << (b & 15)) * 0x0001000100010001ULL;
  std::uint64_t near = (std::uint64_t{1} << (b + 1)) | (std::uint64_t{1} << (b + 2));  // b <= 61
  if (b >= 1) near |= std::uint64_t{1} << (b - 1);
  if (b >= 2) near |= std::uint64_t{1} << (b - 2);
  // (bits 0, 14 and 15 of a suit hold no card, so no neighbour leaks into the next suit)
  return std::popcount(m & rank_bits) + std::popcount(m & near);
}

// ---------------------------------------------------------------- the playout policy

// Whether the playout policy takes `top` into `hand10`.
bool playout_takes(CardSet hand10, Card top, CardSet own_discards) noexcept {
  if (own_discards.contains(top) || !completes_with(hand10, top)) return false;
  const CardSet h = hand10 | top;
  int best = std::numeric_limits<int>::max();
  for (Card c : hand10) best = std::min(best, deadwood(h - c));
  return best < deadwood(hand10);
}

struct PlayoutDiscard {
  Card card{};
  int deadwood = std::numeric_limits<int>::max();
};

// The playout policy's discard from an 11-card hand (not the card just taken).
PlayoutDiscard playout_discard(CardSet hand, std::optional<Card> taken) noexcept {
  PlayoutDiscard best;
  int best_partners = std::numeric_limits<int>::max();
  for (Card c : hand) {
    if (taken && c == *taken) continue;
    const int dw = deadwood(hand - c);
    const int p = partners(hand, c);
    if (dw < best.deadwood ||
        (dw == best.deadwood && (p < best_partners || (p == best_partners && higher(c, best.card))))) {
      best = {c, dw};
      best_partners = p;
    }
  }
  return best;
}

// The defensive variant of the discard: among the discards within kDefensiveSlack of
// the least deadwood, the first (in the playout order) that makes no meld with the
// cards the other player visibly took; the playout discard when there is none.
constexpr int kDefensiveSlack = 3;
PlayoutDiscard defensive_discard(CardSet hand, std::optional<Card> taken, CardSet watched) noexcept {
  const PlayoutDiscard plain = playout_discard(hand, taken);
  if (watched.empty() || !completes_with(watched, plain.card)) return plain;
  PlayoutDiscard best;
  int best_partners = std::numeric_limits<int>::max();
  for (Card c : hand) {
    if ((taken && c == *taken) || completes_with(watched, c)) continue;
    const int dw = deadwood(hand - c);
    if (dw > plain.deadwood + kDefensiveSlack) continue;
    const int p = partners(hand, c);
    if (dw < best.deadwood ||
        (dw == best.deadwood && (p < best_partners || (p == best_partners && higher(c, best.card))))) {
      best = {c, dw};
      best_partners = p;
    }
  }
  return best.deadwood == std::numeric_limits<int>::max() ? plain : best;
}

// ---------------------------------------------------------------- the compact round

// A round reduced to what the playout needs: no observations, no validation.
struct Compact {
  std::array<CardSet, 2> hand{};
  std::array<CardSet, 2> discarded{};
  std::array<Card, core::kDeckSize> pile{};
  std::array<Card, kStockSize> stock{};
  int pile_n = 0;
  int stock_n = 0;
  int turn = 0;
  int dealer = 0;
  int passes = 0;
  Phase phase = Phase::Draw;
  std::optional<Card> taken{};
  int knock_limit = 10;
  bool over = false;
  std::array<int, 2> returns{};
  std::array<int, 2> discards{};   // discards (a knock included) made since the copy was made
  int ender = -1;                  // who knocked or went gin (-1: not over, or a dead hand)
  std::array<CardSet, 2> known{};  // cards each player took from the pile and holds
  int defensive = -1;              // the player whose discards avoid the other's known cards (-1: none)
};

// Settles a knock (or gin) by player `k` discarding `c` and spreading `melds`.
void settle_knock(Compact& s, const Rules& rules, int k, Card c, std::span<const Meld> melds) {
  const CardSet hand10 = s.hand[static_cast<std::size_t>(k)] - c;
  const CardSet opp = s.hand[static_cast<std::size_t>(1 - k)];
  int melded = 0;
  for (const Meld& m : melds) melded += m.value();
  const int kd = cards_value(hand10) - melded;
  RoundResult r = kd == 0 ? RoundResult::gin(player_at(k), deadwood(opp))
                          : RoundResult::knock(player_at(k), kd, layoff_deadwood(opp, melds), CardSet{}, rules);
  const int pts = r.points(rules);
  const std::size_t w = idx(*r.winner());
  s.returns = {0, 0};
  s.returns[w] = pts;
  s.returns[1 - w] = -pts;
  s.over = true;
  s.ender = k;
  ++s.discards[static_cast<std::size_t>(k)];
}

// Settles a big gin by player `k` (all 11 cards melded).
void settle_big_gin(Compact& s, const Rules& rules, int k) {
  const RoundResult r = RoundResult::big_gin(player_at(k), deadwood(s.hand[static_cast<std::size_t>(1 - k)]));
  const int pts = r.points(rules);
  s.returns = {0, 0};
  s.returns[static_cast<std::size_t>(k)] = pts;
  s.returns[static_cast<std::size_t>(1 - k)] = -pts;
  s.over = true;
  s.ender = k;
}

void compact_take(Compact& s) {
  const Card c = s.pile[static_cast<std::size_t>(--s.pile_n)];
  s.hand[static_cast<std::size_t>(s.turn)] |= c;
  s.known[static_cast<std::size_t>(s.turn)] |= c;
  s.taken = c;
  s.phase = Phase::Discard;
}

void compact_draw(Compact& s) {
  const Card c = s.stock[static_cast<std::size_t>(--s.stock_n)];
  s.hand[static_cast<std::size_t>(s.turn)] |= c;
  s.taken.reset();
  s.phase = Phase::Discard;
}

void compact_pass(Compact& s) {
  ++s.passes;
  if (s.passes == 1) {
    s.turn = s.dealer;
  } else {
    s.turn = 1 - s.dealer;
    s.phase = Phase::Draw;
  }
}

void compact_discard(Compact& s, Card c) {
  const auto t = static_cast<std::size_t>(s.turn);
  s.hand[t] -= c;
  s.known[t] -= c;
  s.discarded[t] |= c;
  s.pile[static_cast<std::size_t>(s.pile_n++)] = c;
  s.taken.reset();
  ++s.discards[t];
  if (s.stock_n <= kDeadStock) {
    s.over = true;
    s.returns = {0, 0};
    return;
  }
  s.turn = 1 - s.turn;
  s.phase = Phase::Draw;
}

// One action of the playout policy.
void playout_step(Compact& s, const Rules& rules) {
  const auto t = static_cast<std::size_t>(s.turn);
  switch (s.phase) {
    case Phase::Upcard:
      if (playout_takes(s.hand[t], s.pile[static_cast<std::size_t>(s.pile_n - 1)], s.discarded[t]))
        compact_take(s);
      else
        compact_pass(s);
      return;
    case Phase::Draw: {
      const bool forced = s.passes == 2 && s.stock_n == kStockSize;
      if (!forced && s.pile_n > 0 &&
          playout_takes(s.hand[t], s.pile[static_cast<std::size_t>(s.pile_n - 1)], s.discarded[t]))
        compact_take(s);
      else
        compact_draw(s);
      return;
    }
    case Phase::Discard: {
      const PlayoutDiscard d = s.turn == s.defensive ? defensive_discard(s.hand[t], s.taken, s.known[1 - t])
                                                     : playout_discard(s.hand[t], s.taken);
      if (d.deadwood <= s.knock_limit) {
        const Melds m = best_melds(s.hand[t] - d.card);
        settle_knock(s, rules, s.turn, d.card, m.melds());
      } else {
        compact_discard(s, d.card);
      }
      return;
    }
    case Phase::Layoff:
    case Phase::Finished: break;
  }
  s.over = true;
}

// Plays on to the end; returns the actions played.  A runaway playout (never seen:
// the policy never takes back its own discard, so the stock runs down) is cut short
// as a dead hand.
int playout(Compact& s, const Rules& rules) {
  int n = 0;
  while (!s.over) {
    playout_step(s, rules);
    if (++n > 400) {
      s.over = true;
      s.returns = {0, 0};
    }
  }
  return n;
}

Compact compact_from(const Round& r) {
  Compact s;
  for (int i = 0; i < 2; ++i) {
    s.hand[static_cast<std::size_t>(i)] = r.hand(player_at(i));
    s.discarded[static_cast<std::size_t>(i)] = r.discards_of(player_at(i));
  }
  const auto pile = r.discard_pile();
  std::copy(pile.begin(), pile.end(), s.pile.begin());
  s.pile_n = static_cast<int>(pile.size());
  const auto stock = r.stock();
  std::copy(stock.begin(), stock.end(), s.stock.begin());
  s.stock_n = static_cast<int>(stock.size());
  s.turn = r.turn() ? static_cast<int>(*r.turn()) : 0;
  s.dealer = static_cast<int>(r.dealer());
  s.passes = r.passes();
  s.phase = r.phase();
  s.taken = r.taken();
  s.knock_limit = r.knock_limit();
  s.over = r.is_terminal();
  if (s.over) s.returns = r.returns();
  return s;
}

// ---------------------------------------------------------------- worlds

struct World {
  CardSet opp{};
  std::array<Card, kStockSize> stock{};
  int stock_n = 0;
  double weight = 1.0;
};

// Proposals per world: the world is one of them drawn by weight, and weighs their mean
// (sampling-importance-resampling with the proposals' mean as the weight: unbiased).
// (ExpertParams::proposals: kProposals by default.)

World make_world(const Observation& obs, std::span<const Card> unseen, std::uint64_t seed, int proposals,
                 double tempo) {
  core::Rng rng(seed);
  const WeightedHand h = sample_opponent_hand(obs, unseen, rng, proposals, tempo);
  World out;
  out.opp = h.hand;
  out.weight = h.weight;
  // The stock: the other unseen cards, shuffled.
  for (Card c : unseen)
    if (!out.opp.contains(c)) out.stock[static_cast<std::size_t>(out.stock_n++)] = c;
  rng.shuffle(std::span<Card>(out.stock.data(), static_cast<std::size_t>(out.stock_n)));
  return out;
}

Compact compact_from(const Observation& obs, const World& w) {
  Compact s;
  const auto me = idx(obs.player), opp = 1 - idx(obs.player);
  s.hand[me] = obs.hand;
  s.hand[opp] = w.opp;
  s.discarded[me] = obs.own_discards;
  s.discarded[opp] = obs.opponent_discards;
  std::copy(obs.pile.begin(), obs.pile.begin() + obs.pile_size, s.pile.begin());
  s.pile_n = obs.pile_size;
  s.stock = w.stock;
  s.stock_n = w.stock_n;
  s.turn = static_cast<int>(me);
  s.dealer = static_cast<int>(obs.dealer);
  s.passes = obs.passes;
  s.phase = obs.phase;
  s.taken = obs.taken;
  s.knock_limit = obs.knock_limit;
  s.known[me] = obs.own_known;
  s.known[opp] = obs.opponent_known;
  return s;
}

// ---------------------------------------------------------------- candidates

struct Cand {
  Action action;
  bool settled = false;  // a knock or a big gin: valued by settlement, no playout
  Card card{};
  std::array<Meld, kSpreadSlots> melds{};
  int meld_count = 0;
  // running weighted sums of its values and points, and the worlds it was evaluated on
  double sum = 0.0;
  double points = 0.0;
  int n = 0;
  bool alive = true;
};

// What settling a knock in one world counts for in the node budget (about the cost of
// a few playout actions: a layoff search).
constexpr std::int64_t kSettleNodes = 4;

// What one candidate came to in one world.
struct Outcome {
  int points = 0;                   // the hand's points for the player to act
  bool opponent_ends_soon = false;  // the opponent knocked or went gin within its next two turns
};

// The outcome of candidate `c` in world `w`; adds the playout actions (or kSettleNodes
// for a knock) to `nodes`.
Outcome evaluate(const Observation& obs, const World& w, const Cand& c, std::int64_t& nodes,
                 OpponentModel model = OpponentModel::Greedy) {
  Compact s = compact_from(obs, w);
  const int me = static_cast<int>(obs.player);
  if (model == OpponentModel::Defensive) s.defensive = 1 - me;
  switch (c.action.kind()) {
    case ActionKind::Knock:
      settle_knock(s, obs.rules, me, c.card,
                   std::span<const Meld>(c.melds.data(), static_cast<std::size_t>(c.meld_count)));
      nodes += kSettleNodes;
      return {s.returns[static_cast<std::size_t>(me)], false};
    case ActionKind::BigGin:
      settle_big_gin(s, obs.rules, me);
      nodes += kSettleNodes;
      return {s.returns[static_cast<std::size_t>(me)], false};
    case ActionKind::Discard: compact_discard(s, c.card); break;
    case ActionKind::TakeDiscard: compact_take(s); break;
    case ActionKind::DrawStock: compact_draw(s); break;
    case ActionKind::Pass: compact_pass(s); break;
    default: break;
  }
  nodes += 1 + playout(s, obs.rules);
  const int opp = 1 - me;
  return {s.returns[static_cast<std::size_t>(me)], s.ender == opp && s.discards[static_cast<std::size_t>(opp)] <= 2};
}

Cand knock_cand(Card card, const Melds& m) {
  Cand c;
  c.action = Action::knock(card, m.melds());
  c.settled = true;
  c.card = card;
  c.meld_count = m.count();
  std::copy(m.melds().begin(), m.melds().end(), c.melds.begin());
  return c;
}

// The candidates: the bot's short list, or (every_action) every legal action, each
// legal knock with every minimum-deadwood arrangement of the hand.
std::vector<Cand> candidates(const Observation& obs, bool every_action) {
  std::vector<Cand> out;
  auto add = [&](Action a) {
    Cand c;
    c.action = a;
    c.card = a.card();
    c.settled = a.kind() == ActionKind::BigGin;
    out.push_back(c);
  };
  switch (obs.phase) {
    case Phase::Upcard:
    case Phase::Draw:
      if (obs.pile_size > 0 && legal(obs, Action::take_discard()) &&
          (every_action || !obs.own_discards.contains(pile_top(obs))))
        add(Action::take_discard());
      if (legal(obs, Action::pass())) add(Action::pass());
      if (legal(obs, Action::draw_stock())) add(Action::draw_stock());
      break;
    case Phase::Discard: {
      struct Option {
        Card card;
        int dw;
        int partners;
      };
      std::vector<Option> opts;
      for (Card c : detail::discardable(obs)) opts.push_back({c, deadwood(obs.hand - c), partners(obs.hand, c)});
      std::sort(opts.begin(), opts.end(), [](const Option& a, const Option& b) {
        if (a.dw != b.dw) return a.dw < b.dw;
        if (a.partners != b.partners) return a.partners < b.partners;
        return higher(a.card, b.card);
      });
      if (every_action && legal(obs, Action::big_gin())) add(Action::big_gin());
      // the knocks: every legal knock card, with each minimum-deadwood arrangement
      for (const Option& o : opts) {
        if (o.dw > obs.knock_limit || !legal(obs, Action::knock(o.card))) continue;
        for (const Melds& m : best_arrangements(obs.hand - o.card)) out.push_back(knock_cand(o.card, m));
      }
      const int least = opts.empty() ? 0 : opts.front().dw;
      int taken = 0;
      for (const Option& o : opts)
        if ((every_action || (taken < kMaxDiscardCandidates && o.dw <= least + 12)) &&
            legal(obs, Action::discard(o.card))) {
          add(Action::discard(o.card));
          ++taken;
        }
      break;
    }
    case Phase::Layoff:
    case Phase::Finished: break;
  }
  return out;
}

// ---------------------------------------------------------------- the search loop

constexpr std::size_t kBatchSize = 16;  // worlds per batch
constexpr int kBatch = static_cast<int>(kBatchSize);
constexpr int kMaxWorlds = 1 << 20;          // a bound on any search
constexpr int kMaxDetailWorlds = 1 << 16;    // ... and on one that keeps every world's values
constexpr int kMinWorlds = 32;               // before anything is pruned
constexpr std::int64_t kNodesPerWorld = 32;  // a node budget allows at most nodes / 32 worlds ...
constexpr std::int64_t kMinWorldCap = 4096;  // ... or this many
constexpr double kPruneZ = 2.5;              // z of the paired test that drops a candidate

struct Batch {
  std::vector<World> worlds;
  std::vector<std::vector<double>> values;     // [candidate][world in batch]: what the search ranks by
  std::vector<std::vector<Outcome>> outcomes;  // [candidate][world in batch]
  std::vector<std::int64_t> nodes;             // per world
};

// Every world's outcomes, kept for the details of a search (the coach).
struct Record {
  std::vector<double> weight;                 // [world]
  std::vector<CardSet> opponent;              // [world]
  std::vector<std::vector<double>> value;     // [candidate][world], while it was alive
  std::vector<std::vector<Outcome>> outcome;  // [candidate][world], while it was alive
};

// The weighted mean and standard error of x over the first n worlds.
struct MeanSe {
  double mean = 0.0;
  double se = 0.0;
};
template <class F>
MeanSe weighted_mean(const std::vector<double>& weight, std::size_t n, F&& x) {
  double ws = 0.0, wq = 0.0, sum = 0.0, sq = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    const double w = weight[i], v = x(i);
    ws += w;
    wq += w * w;
    sum += w * v;
    sq += w * v * v;
  }
  if (!(ws > 0.0)) return {};
  const double mean = sum / ws;
  const double var = std::max(0.0, sq / ws - mean * mean);
  const double ess = ws * ws / wq;
  return {mean, ess > 1.0 ? std::sqrt(var / (ess - 1.0)) : 0.0};
}

void fill_details(const Observation& obs, const std::vector<Cand>& cands, const Record& rec, std::size_t best,
                  bool by_match, const MatchOdds* odds, ExpertBot::Search& out) {
  const std::size_t nw = rec.weight.size();
  const int me = static_cast<int>(idx(obs.player));
  for (std::size_t c = 0; c < cands.size(); ++c) {
    ExpertBot::Candidate& o = out.candidates[c];
    const std::size_t n = rec.value[c].size();  // the worlds it was evaluated on (a prefix)
    const auto& oc = rec.outcome[c];
    o.points = weighted_mean(rec.weight, n, [&](std::size_t i) { return double(oc[i].points); }).mean;
    o.win_hand = weighted_mean(rec.weight, n, [&](std::size_t i) { return oc[i].points > 0 ? 1.0 : 0.0; }).mean;
    o.opponent_ends_soon =
        weighted_mean(rec.weight, n, [&](std::size_t i) { return oc[i].opponent_ends_soon ? 1.0 : 0.0; }).mean;
    if (odds != nullptr)
      o.match_win = weighted_mean(rec.weight, n, [&](std::size_t i) {
                      return odds->win_after(obs.match_scores[static_cast<std::size_t>(me)],
                                             obs.match_scores[static_cast<std::size_t>(1 - me)], oc[i].points);
                    }).mean;
    const ActionKind k = cands[c].action.kind();
    if (k == ActionKind::Discard || k == ActionKind::Knock) {
      const Card card = cands[c].card;
      o.opponent_uses = weighted_mean(rec.weight, nw, [&](std::size_t i) {
                          return completes_with(rec.opponent[i] - card, card) ? 1.0 : 0.0;
                        }).mean;
    }
    // Below the best, on the worlds both were evaluated on (the shorter prefix).
    const std::size_t both = std::min(n, rec.value[best].size());
    const MeanSe d =
        weighted_mean(rec.weight, both, [&](std::size_t i) { return rec.value[best][i] - rec.value[c][i]; });
    const MeanSe dp = weighted_mean(rec.weight, both, [&](std::size_t i) {
      return double(rec.outcome[best][i].points - rec.outcome[c][i].points);
    });
    o.loss = d.mean;
    o.loss_se = d.se;
    o.points_loss = dp.mean;
    o.points_loss_se = dp.se;
  }
  out.by_match = by_match;
  // The belief: how likely the opponent holds each card, and already knocks.
  double ws = 0.0, knock = 0.0;
  std::array<double, core::kDeckSize> held{};
  for (std::size_t i = 0; i < nw; ++i) {
    const double w = rec.weight[i];
    ws += w;
    for (Card c : rec.opponent[i]) held[static_cast<std::size_t>(c.index())] += w;
    const CardSet h = rec.opponent[i];
    if (h.size() <= kHandSize && deadwood(h) <= obs.knock_limit) knock += w;
  }
  if (ws > 0.0) {
    for (std::size_t c = 0; c < held.size(); ++c) out.opponent_holds[c] = held[c] / ws;
    out.opponent_can_knock = knock / ws;
  }
}

}  // namespace

// ---------------------------------------------------------------- public pieces

int layoff_deadwood(CardSet cards, std::span<const Meld> melds) noexcept {
  // The options of each meld (the card sets that can be laid on it), as best_layoff.
  constexpr int kMaxOptions = 64;
  std::array<std::array<CardSet, kMaxOptions>, kSpreadSlots + 1> options{};
  std::array<int, kSpreadSlots + 1> count{};
  const std::size_t nm = std::min<std::size_t>(melds.size(), kSpreadSlots + 1);
  bool any = false;
  for (std::size_t i = 0; i < nm; ++i) {
    const Meld& m = melds[i];
    auto& opts = options[i];
    int& k = count[i];
    opts[static_cast<std::size_t>(k++)] = CardSet{};
    if (m.is_set()) {
      const CardSet fourth = m.extensions() & cards;
      if (!fourth.empty()) opts[static_cast<std::size_t>(k++)] = fourth;
      any = any || !fourth.empty();
      continue;
    }
    std::array<Card, 13> below{}, above{};
    int na = 0, nb = 0;
    for (int r = m.low() - 1; r >= 1 && cards.contains(Card(r, m.suit())); --r)
      below[static_cast<std::size_t>(na++)] = Card(r, m.suit());
    for (int r = m.high() + 1; r <= 13 && cards.contains(Card(r, m.suit())); ++r)
      above[static_cast<std::size_t>(nb++)] = Card(r, m.suit());
    CardSet lo;
    for (int a = 0; a <= na; ++a) {
      if (a > 0) lo |= below[static_cast<std::size_t>(a - 1)];
      CardSet hi;
      for (int b = 0; b <= nb; ++b) {
        if (b > 0) hi |= above[static_cast<std::size_t>(b - 1)];
        if ((a > 0 || b > 0) && k < kMaxOptions) opts[static_cast<std::size_t>(k++)] = lo | hi;
      }
    }
    any = any || na + nb > 0;
  }
  int best = deadwood(cards);
  if (!any) return best;
  auto rec = [&](auto&& self, std::size_t i, CardSet laid) -> void {
    if (i == nm) {
      if (!laid.empty()) best = std::min(best, deadwood(cards - laid));
      return;
    }
    for (int k = 0; k < count[i]; ++k) {
      const CardSet s = options[i][static_cast<std::size_t>(k)];
      if (!s.is_disjoint(laid)) continue;
      self(self, i + 1, laid | s);
    }
  };
  rec(rec, 0, CardSet{});
  return best;
}

double opponent_likelihood(const Observation& obs, CardSet hand, double tempo) noexcept {
  // Each factor is the share of real hands showing the sign over the share of random
  // hands consistent with the observation showing it, measured in games between the
  // other bots of this library (Simple, Easy, Normal, Hard): they agree within a few
  // hundredths, so one set serves every opponent.
  //   a card it took from the pile:   melds with its hand 1, partners a card 0.04, neither 0.02
  //   a face-up card it declined:     would meld 0.15, would partner a card 0.45, neither 1
  //   a card it discarded:            would meld 0.1, would partner a card 0.45, neither 1
  //   its deadwood d (it has not knocked): exp(-lambda d), lambda = 0.025 + 0.008 per
  //   discard it has made (at most 0.09): hands improve as the hand goes on; and 0.05
  //   when d is within the knock limit (most players knock as soon as they may).
  constexpr double kTakenNear = 0.04, kTakenLoose = 0.02;
  constexpr double kDeclinedMeld = 0.15, kDeclinedNear = 0.45;
  constexpr double kDiscardMeld = 0.1, kDiscardNear = 0.45;
  constexpr double kCouldKnock = 0.05;
  double w = 1.0;
  for (Card k : obs.opponent_known) {
    const CardSet rest = hand - k;
    if (completes_with(rest, k)) continue;
    w *= partners(rest, k) > 0 ? kTakenNear : kTakenLoose;
  }
  for (Card x : declined_by_opponent(obs)) {
    if (hand.contains(x)) continue;
    if (completes_with(hand, x))
      w *= kDeclinedMeld;
    else if (partners(hand, x) > 0)
      w *= kDeclinedNear;
  }
  for (Card d : obs.opponent_discards) {
    if (hand.contains(d)) continue;
    if (completes_with(hand, d))
      w *= kDiscardMeld;
    else if (partners(hand, d) > 0)
      w *= kDiscardNear;
  }
  if (hand.size() <= kMaxHandCards) {
    const int dw = deadwood(hand);
    const double lambda = tempo * std::min(0.09, 0.025 + 0.008 * obs.opponent_discards.size());
    w *= std::exp(-lambda * dw);
    if (dw <= obs.knock_limit) w *= kCouldKnock;
  }
  return w;
}

Action PlayoutPolicy::act(const Observation& obs) {
  switch (obs.phase) {
    case Phase::Upcard:
    case Phase::Draw:
      if (obs.pile_size > 0 && legal(obs, Action::take_discard()) &&
          playout_takes(obs.hand, pile_top(obs), obs.own_discards))
        return Action::take_discard();
      return legal(obs, Action::pass()) ? Action::pass() : Action::draw_stock();
    case Phase::Discard: {
      const PlayoutDiscard d = playout_discard(obs.hand, obs.taken);
      if (d.deadwood <= obs.knock_limit && legal(obs, Action::knock(d.card))) return Action::knock(d.card);
      return Action::discard(d.card);
    }
    case Phase::Layoff: return layoff_step(obs);
    case Phase::Finished: break;
  }
  return Action::finish_layoffs();
}

PlayoutResult fast_playout(const Round& round) {
  if (round.phase() == Phase::Layoff)
    throw core::PhaseError("a playout starts before a knock, not in the LAYOFF phase", "gin.WrongPhase");
  Compact s = compact_from(round);
  PlayoutResult out;
  if (!s.over) out.actions = playout(s, round.rules());
  out.returns = s.returns;
  return out;
}

int playout_value(const Observation& obs, const Action& first, CardSet opponent, std::span<const Card> stock) {
  World w;
  w.opp = opponent;
  w.stock_n = static_cast<int>(std::min<std::size_t>(stock.size(), kStockSize));
  std::copy(stock.begin(), stock.begin() + w.stock_n, w.stock.begin());
  Cand c;
  c.action = first;
  c.card = first.card();
  if (first.kind() == ActionKind::Knock) {
    const Melds m =
        first.has_melds() ? Melds(obs.hand - first.card(), first.melds()) : best_melds(obs.hand - first.card());
    c.meld_count = m.count();
    std::copy(m.melds().begin(), m.melds().end(), c.melds.begin());
  }
  std::int64_t nodes = 0;
  return evaluate(obs, w, c, nodes).points;
}

WeightedHand sample_opponent_hand(const Observation& obs, std::span<const Card> unseen, core::Rng& rng, int proposals,
                                  double tempo) {
  proposals = std::clamp(proposals, 1, 256);
  const std::size_t n = std::min<std::size_t>(unseen.size(), core::kDeckSize);
  const int hidden = std::clamp(obs.opponent_hand_size - obs.opponent_known.size(), 0, static_cast<int>(n));
  std::array<Card, core::kDeckSize> pool{};
  std::copy(unseen.begin(), unseen.begin() + static_cast<std::ptrdiff_t>(n), pool.begin());
  WeightedHand out;
  double total = 0.0;
  for (int k = 0; k < proposals; ++k) {
    CardSet h = obs.opponent_known;
    for (int i = 0; i < hidden; ++i) {  // a partial Fisher-Yates shuffle
      const auto j = static_cast<std::size_t>(i) + static_cast<std::size_t>(rng.below(n - static_cast<std::size_t>(i)));
      std::swap(pool[static_cast<std::size_t>(i)], pool[j]);
      h |= pool[static_cast<std::size_t>(i)];
    }
    const double w = opponent_likelihood(obs, h, tempo);
    total += w;
    // reservoir choice: keep h with probability w / total
    if (k == 0 || rng.uniform01() * total < w) out.hand = h;
  }
  out.weight = total / proposals;
  return out;
}

PlayoutResult reference_playout(const Round& round, core::StopToken* stop) {
  if (round.phase() == Phase::Layoff)
    throw core::PhaseError("a playout starts before a knock, not in the LAYOFF phase", "gin.WrongPhase");
  Round r = round;
  PlayoutPolicy policy;
  PlayoutResult out;
  Observation obs;
  while (!r.is_terminal()) {
    if (stop) stop->throw_if_stop_requested();
    if (r.phase() != Phase::Layoff) ++out.actions;
    observe_into(r, *r.turn(), obs);
    r.apply(policy.act(obs));
  }
  out.returns = r.returns();
  return out;
}

// ---------------------------------------------------------------- ExpertBot

ExpertBot::ExpertBot(std::uint64_t seed, ExpertParams params) : Bot(seed), params_(params) {
  if (!(params_.budget_ms >= 0.0) || !std::isfinite(params_.budget_ms))
    throw core::InvalidValue("budget_ms must be a finite number >= 0, got " + std::to_string(params_.budget_ms));
  if (params_.nodes < 0) throw core::InvalidValue("nodes must be >= 0, got " + std::to_string(params_.nodes));
  if (params_.threads < 1 || params_.threads > core::kMaxThreads)
    throw core::InvalidValue("threads must be in 1.." + std::to_string(core::kMaxThreads) + ", got " +
                             std::to_string(params_.threads));
  if (params_.opponent != OpponentModel::Greedy && params_.opponent != OpponentModel::Defensive)
    throw core::InvalidValue("no such opponent model");
  if (params_.proposals < 1 || params_.proposals > 256)
    throw core::InvalidValue("proposals must be in 1..256, got " + std::to_string(params_.proposals));
  if (!(params_.tempo >= kMinTempo && params_.tempo <= kMaxTempo))
    throw core::InvalidValue("tempo must be in 0.25..8, got " + std::to_string(params_.tempo));
}

Action ExpertBot::act(const Observation& obs) {
  core::NoStop never;
  return act_until(obs, never);
}

Action ExpertBot::act_until(const Observation& obs, core::StopToken& stop) { return search(obs, stop).best; }

ExpertBot::Search ExpertBot::search(const Observation& obs, core::StopToken& stop, const SearchOptions& opt) const {
  if (!obs.is_my_turn() || obs.legal_count == 0)
    throw core::PhaseError("the observation's player is not to act (observe the player whose turn it is)",
                           "gin.WrongPhase");
  if (obs.phase == Phase::Layoff && opt.every_action)
    throw core::PhaseError("the search weighs draws, discards and knocks, not layoffs", "gin.WrongPhase");
  Search out;
  // Trivial decisions (the bot's search only).
  if (!opt.every_action) {
    if (obs.legal_count == 1) {
      out.best = Action::from_id(obs.legal_ids[0]);
      return out;
    }
    if (obs.phase == Phase::Layoff) {
      out.best = layoff_step(obs);
      return out;
    }
    if (obs.phase == Phase::Discard) {
      if (legal(obs, Action::big_gin())) {
        out.best = Action::big_gin();
        return out;
      }
      const detail::Choice best = detail::best_legal_discard(obs);
      if (best.deadwood == 0 && legal(obs, Action::knock(best.card))) {
        out.best = Action::knock(best.card);  // gin
        return out;
      }
    }
  }
  std::vector<Cand> cands = candidates(obs, opt.every_action);
  if (cands.empty()) {  // (not reached: a legal action is always a candidate)
    out.best = Action::from_id(obs.legal_ids[0]);
    return out;
  }
  if (cands.size() == 1 && !opt.every_action) {
    out.best = cands.front().action;
    out.candidates.push_back({cands.front().action, 0.0, 0, cands.front().settled, true});
    return out;
  }

  // The value ranked: the hand's points, or in a match the chance to win it.
  const bool by_match = params_.match_aware && obs.match_target > 0;
  const std::shared_ptr<const MatchOdds> odds =
      (by_match || (opt.details && obs.match_target > 0)) ? match_odds(obs.rules) : nullptr;
  const int my_score = obs.match_scores[idx(obs.player)], their_score = obs.match_scores[1 - idx(obs.player)];
  auto value_of = [&](const Outcome& o) {
    return by_match ? odds->win_after(my_score, their_score, o.points) : static_cast<double>(o.points);
  };

  const std::uint64_t dseed = decision_seed(seed_, obs);
  const CardSet unseen_set = unseen_cards(obs);
  const std::vector<Card> unseen(unseen_set.begin(), unseen_set.end());
  const std::int64_t node_budget =
      (params_.nodes == 0 && params_.budget_ms == 0.0) ? kExpertDefaultNodes : params_.nodes;
  // With a node budget, at most max(kMinWorldCap, nodes / kNodesPerWorld) worlds: when only
  // settled candidates are left (kSettleNodes a world), sampling the worlds is the cost.
  std::int64_t max_worlds = opt.details ? kMaxDetailWorlds : kMaxWorlds;
  if (node_budget > 0) max_worlds = std::min(max_worlds, std::max(kMinWorldCap, node_budget / kNodesPerWorld));
  const auto start = std::chrono::steady_clock::now();
  auto out_of_time = [&] {
    if (params_.budget_ms <= 0.0) return false;
    const std::chrono::duration<double, std::milli> spent = std::chrono::steady_clock::now() - start;
    return spent.count() >= params_.budget_ms;
  };

  // Running weighted sums over the worlds booked: of each candidate's values (Cand::sum)
  // and of the products of every two candidates' values (cross), for the paired tests;
  // a candidate only gets values while it is alive, so two alive candidates have both
  // been evaluated on every world booked.
  const std::size_t nc = cands.size();
  std::vector<double> cross(nc * nc, 0.0);
  std::vector<double> cand_weight(nc, 0.0);
  double wsum = 0.0, wsq = 0.0;
  Record rec;
  if (opt.details) {
    rec.value.resize(nc);
    rec.outcome.resize(nc);
  }

  // One batch: worlds batch_first .. batch_first + kBatch - 1, claimed one by one by the
  // workers (core::run_parallel).  Each world's random numbers come from the decision
  // seed and the world's index, so the batch's values do not depend on the threads.
  // With a time budget the workers stop claiming worlds when the time is up, and the
  // worlds done so far (a prefix of the batch) are booked.
  Batch batch;
  std::atomic<int> next{0};
  std::atomic<int> done{0};
  std::uint64_t batch_first = 0;
  auto work = [&](int) {
    for (;;) {
      stop.throw_if_stop_requested();
      if (out_of_time()) return;
      const int i = next.fetch_add(1);
      if (i >= kBatch) return;
      const auto ui = static_cast<std::size_t>(i);
      batch.worlds[ui] = make_world(obs, unseen, mix(dseed, batch_first + static_cast<std::uint64_t>(i)),
                                    params_.proposals, params_.tempo);
      std::int64_t nodes = 0;
      for (std::size_t c = 0; c < cands.size(); ++c)
        if (cands[c].alive) {
          const Outcome o = evaluate(obs, batch.worlds[ui], cands[c], nodes, params_.opponent);
          batch.outcomes[c][ui] = o;
          batch.values[c][ui] = value_of(o);
        }
      batch.nodes[ui] = nodes;
      done.fetch_add(1);
    }
  };

  std::uint64_t worlds_done = 0;
  for (;;) {
    batch_first = worlds_done;
    batch.worlds.assign(kBatchSize, World{});
    batch.values.assign(cands.size(), std::vector<double>(kBatchSize, 0.0));
    batch.outcomes.assign(cands.size(), std::vector<Outcome>(kBatchSize));
    batch.nodes.assign(kBatchSize, 0);
    next.store(0);
    done.store(0);
    if (params_.threads > 1)
      core::run_parallel(params_.threads, stop, work);
    else
      work(0);
    stop.throw_if_stop_requested();
    // The worlds finished: all of the batch, or (out of time) the first `done` of it,
    // since every world claimed was finished and claims go in order.
    const int count = std::min(done.load(), kBatch);
    // Book the batch in world order.
    for (int i = 0; i < count; ++i) {
      const auto ui = static_cast<std::size_t>(i);
      const double w = batch.worlds[ui].weight;
      wsum += w;
      wsq += w * w;
      out.nodes += batch.nodes[ui];
      if (opt.details) {
        rec.weight.push_back(w);
        rec.opponent.push_back(batch.worlds[ui].opp);
      }
      for (std::size_t c = 0; c < nc; ++c) {
        if (!cands[c].alive) continue;
        const double v = batch.values[c][ui];
        cands[c].sum += w * v;
        cands[c].points += w * batch.outcomes[c][ui].points;
        cands[c].n += 1;
        cand_weight[c] += w;
        for (std::size_t d = c; d < nc; ++d)
          if (cands[d].alive) cross[c * nc + d] += w * v * batch.values[d][ui];
        if (opt.details) {
          rec.value[c].push_back(v);
          rec.outcome[c].push_back(batch.outcomes[c][ui]);
        }
      }
    }
    worlds_done += static_cast<std::uint64_t>(count);
    out.worlds = static_cast<int>(worlds_done);
    if (count < kBatch) break;  // out of time
    // The leader, and the paired test against it on the worlds both have seen.
    std::size_t lead = 0;
    double lead_mean = -1e300;
    for (std::size_t c = 0; c < cands.size(); ++c)
      if (cands[c].alive && cands[c].sum / wsum > lead_mean) {
        lead = c;
        lead_mean = cands[c].sum / wsum;
      }
    if (worlds_done >= static_cast<std::uint64_t>(kMinWorlds)) {
      const double ess = wsum * wsum / wsq;
      for (std::size_t c = 0; c < cands.size(); ++c) {
        if (!cands[c].alive || c == lead) continue;
        // the weighted mean and variance of the difference lead - c over the worlds
        const std::size_t lo = std::min(lead, c), hi = std::max(lead, c);
        const double sq_l = cross[lead * nc + lead], sq_c = cross[c * nc + c], prod = cross[lo * nc + hi];
        const double mean = (cands[lead].sum - cands[c].sum) / wsum;
        const double second = (sq_l - 2.0 * prod + sq_c) / wsum;
        const double tiny = 1e-9 * (sq_l + sq_c) / wsum + 1e-12;
        const double var = std::max(0.0, second - mean * mean);
        // (equal in every world so far: the same move in effect, keep the leader)
        if (mean > kPruneZ * std::sqrt(var / ess) + 1e-9 || (var <= tiny && mean >= 0.0)) cands[c].alive = false;
      }
    }
    int alive = 0;
    for (const Cand& c : cands) alive += c.alive ? 1 : 0;
    if (alive <= 1 && worlds_done >= static_cast<std::uint64_t>(opt.every_action ? kMinWorlds : 0)) break;
    if (node_budget > 0 && out.nodes >= node_budget) break;
    if (worlds_done >= static_cast<std::uint64_t>(max_worlds)) break;
  }

  out.effective_worlds = wsq > 0 ? wsum * wsum / wsq : 0.0;
  out.by_match = by_match;
  if (!(wsum > 0.0)) {  // out of time before the first world: the playout policy decides
    PlayoutPolicy policy;
    out.best = policy.act(obs);
    for (const Cand& c : cands) out.candidates.push_back({c.action, 0.0, 0, c.settled, true});
    return out;
  }
  std::size_t best = 0;
  double best_mean = -1e300;
  for (std::size_t c = 0; c < cands.size(); ++c) {
    const double mean = cands[c].sum / wsum;
    // (a dropped candidate's sum covers fewer worlds: compare the live ones)
    if (cands[c].alive && mean > best_mean) {
      best = c;
      best_mean = mean;
    }
  }
  for (std::size_t c = 0; c < nc; ++c) {
    const double wn = cand_weight[c];
    Candidate o{cands[c].action, wn > 0 ? cands[c].sum / wn : 0.0, cands[c].n, cands[c].settled, cands[c].alive};
    o.points = wn > 0 ? cands[c].points / wn : 0.0;
    out.candidates.push_back(o);
  }
  if (opt.details) fill_details(obs, cands, rec, best, by_match, odds.get(), out);
  out.best = cands[best].action;
  return out;
}

}  // namespace parlour::gin
