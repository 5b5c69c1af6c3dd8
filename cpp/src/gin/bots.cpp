// The three bots of the rule card (see bots.hpp for what each one does).
// Why one file: the three bots share the pieces at the top (unseen cards, deadwood after
// a draw) and the registry at the bottom; HardBot's search is most of its length.
#include "parlour/gin/bots.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <mutex>
#include <vector>

#include "bots_internal.hpp"
#include "parlour/core/errors.hpp"
#include "parlour/gin/deadwood.hpp"
#include "parlour/gin/expert.hpp"
#include "parlour/gin/scoring.hpp"
#include "parlour/gin/simulate.hpp"

namespace parlour::gin {

using detail::best_legal_discard;
using detail::Choice;
using detail::decision_seed;
using detail::declined_by_opponent;
using detail::discardable;
using detail::draw_choice;
using detail::higher;
using detail::layoff_step;
using detail::legal;
using detail::melds_with;
using detail::pile_top;

// ---------------------------------------------------------------- shared pieces

CardSet unseen_cards(const Observation& obs) noexcept {
  CardSet seen = obs.hand | obs.opponent_known | obs.laid_off;
  for (Card c : obs.discard_pile()) seen |= c;
  for (const Meld& m : obs.spread_melds()) seen |= m.cards();
  return ~seen;
}

bool completes_meld(CardSet hand, Card card) {
  const CardSet h = hand | card;
  if (h.size() > kMaxHandCards) return melds_with(hand, deadwood(hand), card);
  return best_melds(h).melded().contains(card);
}

int deadwood_after_taking(CardSet hand, Card card) noexcept {
  const CardSet h = hand | card;
  int best = 1000;
  for (Card c : hand) best = std::min(best, deadwood(h - c));
  return best;
}

namespace {
int best_after_discard(CardSet h11) noexcept {
  int best = 1000;
  for (Card c : h11) best = std::min(best, deadwood(h11 - c));
  return best;
}
}  // namespace

double expected_deadwood_after_draw(CardSet hand, CardSet unseen) noexcept {
  if (unseen.empty()) return deadwood(hand);
  long total = 0;
  for (Card u : unseen) total += best_after_discard(hand | u);
  return static_cast<double>(total) / unseen.size();
}

// ---------------------------------------------------------------- EasyBot

Action EasyBot::act(const Observation& obs) {
  switch (obs.phase) {
    case Phase::Upcard:
    case Phase::Draw: return draw_choice(obs, obs.pile_size > 0 && completes_meld(obs.hand, pile_top(obs)));
    case Phase::Discard: {
      if (legal(obs, Action::big_gin())) return Action::big_gin();
      const Choice best = best_legal_discard(obs);
      if (best.deadwood <= obs.knock_limit && legal(obs, Action::knock(best.card))) return Action::knock(best.card);
      // Keep the formed melds: the highest unmatched card.
      const CardSet unmatched =
          best_melds(obs.hand).deadwood_cards() - (obs.taken ? CardSet::of(*obs.taken) : CardSet{});
      if (unmatched.empty()) return Action::discard(best.card);
      Card pick = unmatched.first();
      for (Card c : unmatched)
        if (higher(c, pick)) pick = c;
      return Action::discard(pick);
    }
    case Phase::Layoff: {
      // Lay off any unmatched card that fits (no search).
      const CardSet unmatched = best_melds(obs.hand).deadwood_cards();
      for (Card c : unmatched)
        for (int i = 0; i < obs.spread_size; ++i)
          if (legal(obs, Action::lay_off(c, i))) return Action::lay_off(c, i);
      return Action::finish_layoffs();
    }
    case Phase::Finished: break;
  }
  return Action::finish_layoffs();
}

// ---------------------------------------------------------------- NormalBot

namespace {

using detail::completes_with;

// The penalty, in deadwood points, for throwing `c` given what the opponent took
// (known cards) and threw (its discards and declines).
int normal_danger(const Observation& obs, Card c, CardSet thrown) noexcept {
  const CardSet known = obs.opponent_known;
  if (known.empty()) return 0;
  if (completes_with(known, c)) return 15;
  int penalty = 0;
  bool rank_link = false, run_link = false;
  for (int s = 0; s < 4; ++s)
    if (known.contains(Card(c.rank(), static_cast<Suit>(s)))) rank_link = true;
  for (int d = -2; d <= 2; ++d) {
    const int r = c.rank() + d;
    if (d != 0 && r >= 1 && r <= 13 && known.contains(Card(r, c.suit()))) run_link = true;
  }
  // What the opponent threw away argues against its collecting that rank / suit.
  if (rank_link) {
    bool threw_rank = false;
    for (int s = 0; s < 4; ++s)
      if (thrown.contains(Card(c.rank(), static_cast<Suit>(s)))) threw_rank = true;
    penalty += threw_rank ? 1 : 4;
  }
  if (run_link) {
    bool threw_neighbour = false;
    for (int d = -1; d <= 1; d += 2) {
      const int r = c.rank() + d;
      if (r >= 1 && r <= 13 && thrown.contains(Card(r, c.suit()))) threw_neighbour = true;
    }
    penalty += threw_neighbour ? 1 : 4;
  }
  return penalty;
}

// NormalBot knocks as soon as it may while the stock holds kNormalEarlyStock cards or
// more, afterwards only with kNormalLateKnock deadwood or less.
constexpr int kNormalEarlyStock = 20;
constexpr int kNormalLateKnock = 7;

}  // namespace

Action NormalBot::act(const Observation& obs) {
  switch (obs.phase) {
    case Phase::Upcard:
    case Phase::Draw: {
      if (obs.pile_size == 0) return draw_choice(obs, false);
      const Card top = pile_top(obs);
      const int take = deadwood_after_taking(obs.hand, top);
      const double stock = expected_deadwood_after_draw(obs.hand, unseen_cards(obs));
      // A card that melds is taken when it reaches less deadwood than a stock draw is
      // expected to; a loose card only when it gains three points or more over it.
      return draw_choice(obs, completes_meld(obs.hand, top) ? take < stock : take <= stock - 3.0);
    }
    case Phase::Discard: {
      if (legal(obs, Action::big_gin())) return Action::big_gin();
      const Choice best = best_legal_discard(obs);
      // Knocks as soon as it may while the stock is still long; later in the hand (the
      // opponent's hand has improved, an undercut is likelier) only with little deadwood.
      if (best.deadwood <= obs.knock_limit && legal(obs, Action::knock(best.card)) &&
          (obs.stock_size >= kNormalEarlyStock || best.deadwood <= kNormalLateKnock))
        return Action::knock(best.card);
      const CardSet thrown = obs.opponent_discards | declined_by_opponent(obs);
      const CardSet unseen = unseen_cards(obs);
      Card pick{};
      int pick_score = 1 << 20;
      for (Card c : discardable(obs)) {
        // Deadwood plus danger, in half points, less the outs kept (unseen cards that
        // would meld with the cards left): each out is worth half a point.
        const CardSet left = obs.hand - c;
        const int dw = deadwood(left);
        int outs = 0;
        for (Card u : unseen) outs += melds_with(left, dw, u) ? 1 : 0;
        const int score = 2 * (dw + normal_danger(obs, c, thrown)) - outs;
        if (score < pick_score || (score == pick_score && higher(c, pick))) {
          pick = c;
          pick_score = score;
        }
      }
      return Action::discard(pick);
    }
    case Phase::Layoff: return layoff_step(obs);
    case Phase::Finished: break;
  }
  return Action::finish_layoffs();
}

// ---------------------------------------------------------------- HardBot

namespace {

struct Sample {
  CardSet opp;
  double weight = 1.0;
};

// Opponent hands drawn from the belief model shared with ExpertBot
// (sample_opponent_hand: hidden cards drawn from the unseen ones, resampled by how
// well they explain the opponent's takes, passes and discards), with their weights.
constexpr int kHardProposals = 32;

std::vector<Sample> sample_opponent(const Observation& obs, core::Rng& rng, int n) {
  std::vector<Sample> out;
  const CardSet unseen = unseen_cards(obs);
  std::vector<Card> pool(unseen.begin(), unseen.end());
  out.reserve(static_cast<std::size_t>(n));
  for (int k = 0; k < n; ++k) {
    const WeightedHand h = sample_opponent_hand(obs, pool, rng, kHardProposals);
    out.push_back({h.hand, h.weight});
  }
  return out;
}

// The chance (weighted over the samples) that each unseen card is in the opponent's hand.
std::array<double, 64> hold_probability(const std::vector<Sample>& samples) {
  std::array<double, 64> p{};
  double total = 0.0;
  for (const Sample& s : samples) {
    total += s.weight;
    for (Card c : s.opp) p[static_cast<std::size_t>(c.mask() == 0 ? 0 : std::countr_zero(c.mask()))] += s.weight;
  }
  if (total > 0)
    for (double& x : p) x /= total;
  return p;
}

std::size_t bit_of(Card c) { return static_cast<std::size_t>(std::countr_zero(c.mask())); }

// The expected deadwood of a 10-card hand after its next stock draw and best
// discard, each unseen card weighted by the chance that it is in the stock.
double expected_after_draw(CardSet hand10, CardSet unseen, const std::array<double, 64>& held) {
  const int dw0 = deadwood(hand10);
  double total = 0.0, weight = 0.0;
  for (Card u : unseen) {
    const double w = 1.0 - held[bit_of(u)];
    if (w <= 1e-9) continue;
    total += w * std::min(dw0, best_after_discard(hand10 | u));
    weight += w;
  }
  return weight > 0 ? total / weight : dw0;
}

// The weighted chance that the opponent melds `c`.
double use_probability(const std::vector<Sample>& samples, const std::vector<int>& sample_dw, Card c) {
  double used = 0.0, total = 0.0;
  for (std::size_t i = 0; i < samples.size(); ++i) {
    total += samples[i].weight;
    if (melds_with(samples[i].opp, sample_dw[i], c)) used += samples[i].weight;
  }
  return total > 0 ? used / total : 0.0;
}

// The fast policy of the rollouts: takes the pile top when it melds, discards to the
// least deadwood, lays off optimally; knocks when its deadwood is at most
// `threshold` (or at all once the stock is low), or at once when `threshold` < 0.
class RolloutPolicy final : public Policy {
 public:
  explicit RolloutPolicy(int threshold) noexcept : threshold_(threshold) {}
  Action act(const Observation& obs) override {
    switch (obs.phase) {
      case Phase::Upcard:
      case Phase::Draw:
        return draw_choice(obs, obs.pile_size > 0 &&
                                    deadwood_after_taking(obs.hand, pile_top(obs)) < deadwood(obs.hand) &&
                                    completes_meld(obs.hand, pile_top(obs)));
      case Phase::Discard: {
        const Choice best = best_legal_discard(obs);
        const int limit =
            (threshold_ < 0 || obs.stock_size <= 6) ? obs.knock_limit : std::min(obs.knock_limit, threshold_);
        if (best.deadwood <= limit && legal(obs, Action::knock(best.card))) return Action::knock(best.card);
        return Action::discard(best.card);
      }
      case Phase::Layoff: return layoff_step(obs);
      case Phase::Finished: break;
    }
    return Action::finish_layoffs();
  }

 private:
  int threshold_;
};

// The points (for `me`) of a knock with deadwood `k` and spread `melds` against `opp`.
int knock_points(const Observation& obs, int k, std::span<const Meld> melds, CardSet opp) {
  const Layoff lo = best_layoff(opp, melds);
  const RoundResult r = RoundResult::knock(obs.player, k, lo.deadwood, lo.laid, obs.rules);
  const int pts = r.points(obs.rules);
  const auto w = r.winner();
  if (!w) return 0;
  return *w == obs.player ? pts : -pts;
}

struct Evaluation {
  std::vector<Sample> samples;
  std::vector<int> sample_dw;
  std::array<double, 64> held{};
  CardSet unseen;
};

Evaluation evaluate(const Observation& obs, core::Rng& rng, int n) {
  Evaluation e;
  e.samples = sample_opponent(obs, rng, n);
  e.sample_dw.reserve(e.samples.size());
  for (const Sample& s : e.samples) e.sample_dw.push_back(deadwood(s.opp));
  e.held = hold_probability(e.samples);
  e.unseen = unseen_cards(obs);
  return e;
}

// Hard's discard: the least expected deadwood after the next draw, plus the chance
// that the card helps the opponent times what that costs.
Card hard_discard(const Observation& obs, const Evaluation& e) {
  int min_dw = 1000;
  for (Card c : discardable(obs)) min_dw = std::min(min_dw, deadwood(obs.hand - c));
  Card pick{};
  double pick_score = 1e300;
  for (Card c : discardable(obs)) {
    const CardSet h = obs.hand - c;
    const int dw = deadwood(h);
    if (dw > min_dw + 12) continue;
    const double score = expected_after_draw(h, e.unseen, e.held) + use_probability(e.samples, e.sample_dw, c) * 10.0;
    if (score < pick_score - 1e-9 || (std::abs(score - pick_score) <= 1e-9 && higher(c, pick))) {
      pick = c;
      pick_score = score;
    }
  }
  return pick;
}

// Rollouts of "discard `play` and play on" in worlds sampled from `e`.
double play_on_value(const Observation& obs, const Evaluation& e, Card play, int threshold, core::Rng& rng, int n) {
  if (e.samples.empty() || n <= 0) return 0.0;
  std::vector<double> cum;
  double acc = 0.0;
  for (const Sample& s : e.samples) cum.push_back(acc += s.weight);
  const Player me = obs.player, opp = opponent(me);
  RolloutPolicy mine(threshold), theirs(-1);
  std::array<Policy*, 2> pols{};
  pols[static_cast<std::size_t>(me)] = &mine;
  pols[static_cast<std::size_t>(opp)] = &theirs;
  double total = 0.0;
  for (int k = 0; k < n; ++k) {
    const double x = rng.uniform01() * acc;
    const auto it = std::upper_bound(cum.begin(), cum.end(), x);
    const Sample& s = e.samples[static_cast<std::size_t>(
        std::min<std::ptrdiff_t>(it - cum.begin(), static_cast<std::ptrdiff_t>(e.samples.size() - 1)))];
    RoundState st;
    st.rules = obs.rules;
    st.dealer = obs.dealer;
    st.phase = Phase::Discard;
    st.turn = me;
    st.hands[static_cast<std::size_t>(me)] = obs.hand;
    st.hands[static_cast<std::size_t>(opp)] = s.opp;
    st.discard_pile.assign(obs.pile.begin(), obs.pile.begin() + obs.pile_size);
    const CardSet rest = e.unseen - s.opp;
    st.stock.assign(rest.begin(), rest.end());
    rng.shuffle(std::span<Card>(st.stock));
    st.initial_upcard = obs.initial_upcard;
    st.passes = obs.passes;
    st.taken = obs.taken;
    st.known[static_cast<std::size_t>(me)] = obs.own_known;  // the card taken this turn included
    st.known[static_cast<std::size_t>(opp)] = obs.opponent_known;
    st.discarded[static_cast<std::size_t>(me)] = obs.own_discards;
    st.discarded[static_cast<std::size_t>(opp)] = obs.opponent_discards;
    Round r = Round::from_state(st);
    r.discard(play);
    play_round(r, pols);
    total += r.returns()[static_cast<std::size_t>(me)];
  }
  return total / n;
}

HardBot::KnockEstimate estimate(const Observation& obs, const Evaluation& e, const HardParams& params, core::Rng& rng) {
  HardBot::KnockEstimate out;
  const Choice best = best_legal_discard(obs);
  out.knock_card = best.card;
  const Melds melds = best_melds(obs.hand - best.card);
  double total = 0.0, weight = 0.0;
  for (const Sample& s : e.samples) {
    const int pts = best.deadwood == 0 ? obs.rules.gin_bonus + deadwood(s.opp)
                                       : knock_points(obs, best.deadwood, melds.melds(), s.opp);
    total += s.weight * pts;
    weight += s.weight;
  }
  out.knock = weight > 0 ? total / weight : 0.0;
  out.play_card = hard_discard(obs, e);
  out.play_on = play_on_value(obs, e, out.play_card, std::max(0, best.deadwood - 1), rng, params.rollouts);
  return out;
}

}  // namespace

HardBot::KnockEstimate HardBot::estimate_knock(const Observation& obs) const {
  if (obs.phase != Phase::Discard || obs.hand.size() != kHandSize + 1)
    throw core::PhaseError("estimate_knock needs an observation in the DISCARD phase", "gin.WrongPhase");
  const Choice best = best_legal_discard(obs);
  if (best.deadwood > obs.knock_limit || !legal(obs, Action::knock(best.card)))
    throw core::IllegalAction("no knock is legal here: the best discard leaves " + std::to_string(best.deadwood) +
                                  " deadwood, over the knock limit of " + std::to_string(obs.knock_limit),
                              "gin.TooMuchDeadwood");
  core::Rng rng(decision_seed(seed_, obs));
  const Evaluation e = evaluate(obs, rng, params_.samples);
  return estimate(obs, e, params_, rng);
}

Action HardBot::act(const Observation& obs) {
  core::Rng rng(decision_seed(seed_, obs));
  switch (obs.phase) {
    case Phase::Upcard:
    case Phase::Draw: {
      if (obs.pile_size == 0) return draw_choice(obs, false);
      const Evaluation e = evaluate(obs, rng, params_.samples);
      const Card top = pile_top(obs);
      const int take = deadwood_after_taking(obs.hand, top);
      double stock = 0.0, weight = 0.0;
      for (Card u : e.unseen) {
        const double w = 1.0 - e.held[bit_of(u)];
        if (w <= 1e-9) continue;
        stock += w * best_after_discard(obs.hand | u);
        weight += w;
      }
      stock = weight > 0 ? stock / weight : deadwood(obs.hand);
      return draw_choice(obs, take < stock);
    }
    case Phase::Discard: {
      if (legal(obs, Action::big_gin())) return Action::big_gin();
      const Choice best = best_legal_discard(obs);
      const bool can_knock = best.deadwood <= obs.knock_limit && legal(obs, Action::knock(best.card));
      if (can_knock && best.deadwood == 0) return Action::knock(best.card);  // gin
      const Evaluation e = evaluate(obs, rng, params_.samples);
      if (!can_knock) return Action::discard(hard_discard(obs, e));
      const KnockEstimate est = estimate(obs, e, params_, rng);
      if (est.knock >= est.play_on) return Action::knock(est.knock_card);
      return Action::discard(est.play_card);
    }
    case Phase::Layoff: return layoff_step(obs);
    case Phase::Finished: break;
  }
  return Action::finish_layoffs();
}

// ---------------------------------------------------------------- registry

std::unique_ptr<Bot> make_bot(std::string_view name, std::uint64_t seed) {
  if (name == "easy") return std::make_unique<EasyBot>(seed);
  if (name == "normal") return std::make_unique<NormalBot>(seed);
  if (name == "hard") return std::make_unique<HardBot>(seed);
  if (name == "simple") return std::make_unique<SimpleBot>(seed);
  if (name == "expert") return std::make_unique<ExpertBot>(seed);
  throw core::InvalidValue("no bot named " + core::quote(name) +
                           " (known: 'easy', 'normal', 'hard', 'simple', 'expert')");
}

void register_bots() {
  static std::once_flag once;
  std::call_once(once, [] {
    for (const char* name : {"easy", "normal", "hard", "simple", "expert"}) {
      const std::string n(name);
      register_policy(n, [n](std::uint64_t seed) -> std::unique_ptr<Policy> { return make_bot(n, seed); });
    }
  });
}

}  // namespace parlour::gin
