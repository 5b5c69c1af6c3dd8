// parlour::gin::ExpertBot — a search bot that spends a time (or node) budget on every
// decision that matters.
//
// Method: determinized Monte Carlo search over the candidate actions (Ginsberg's
// "perfect information Monte Carlo", with common random numbers):
//   - Worlds.  The opponent's hidden cards are sampled uniformly from the unseen cards
//     and weighted by how well they explain what the opponent did (a naive-Bayes
//     model of its takes, its passes and declined pile tops, and its discards:
//     opponent_likelihood below); the rest of the unseen cards is the stock, shuffled.
//   - Candidates.  Upcard / draw: take the face-up card, or pass / draw from the stock.
//     Discard: the discards that keep the deadwood within reach of the least (at most
//     kMaxDiscardCandidates), and every legal knock.  A knock is settled exactly in
//     each world (best_layoff's joint optimum for the defender, undercuts), over every
//     minimum-deadwood arrangement of the knocking hand (the one that gives least away
//     to layoffs wins); every other candidate is played out to the end of the round
//     in each world by the playout policy on both sides, all candidates on the same
//     world and the same random numbers.  Gin and big gin are taken at once; layoffs
//     are exact (best_layoff).
//   - Value.  A candidate's value in a world is the hand's points for the bot; in a
//     match (Observation::match_target > 0) it is the chance to win the match after the
//     hand (MatchOdds: the scores the hand leads to), unless match_aware is off.
//   - Budget.  Worlds come in batches; after each, a candidate whose mean is clearly
//     below the best one's (paired, by a z-test on the differences) is dropped; the
//     search stops when one candidate is left, or at the node budget (nodes: playout
//     actions, deterministic; and at most max(4096, nodes / 32) worlds, which binds only
//     when knocks, settled without a playout, are all that is left) or the time budget (budget_ms: wall clock, not
//     deterministic), whichever comes first.  The action with the best weighted mean
//     value wins.
//   - Threads.  The worlds of a batch are shared by `threads` workers; each world's
//     random numbers come from the decision seed and the world's index, and the sums
//     are made in world order, so with a node budget the choice does not depend on
//     the thread count.
// The bot sees only its observation (the worlds are built from it) and its seed.
//
// The playout policy (PlayoutPolicy, both sides): takes the face-up card when it is
// part of a meld of the hand with it and lowers the deadwood the hand reaches after its
// best discard (never a card it discarded itself); discards the card that leaves the
// least deadwood, ties to the card with fewest partners (same rank, or same suit
// within two ranks) left in the hand, then the higher card; knocks as soon as it may
// (with the best arrangement); lays off optimally.  fast_playout runs it on a compact
// copy of the round without observations (tests check it against play_round).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "parlour/core/interrupt.hpp"
#include "parlour/gin/bots.hpp"

namespace parlour::gin {

// The opponent hands proposed for each world of the search (sampling-importance-resampling).
inline constexpr int kProposals = 32;
// How fast the belief takes the opponent's deadwood to fall as the hand goes on: a
// multiplier of the likelihood's deadwood rate (opponent_likelihood; 1 is the rate
// measured in games between the other bots).  The default believes the opponent twice
// as near a knock: it won 83.9 % of 2,000 duplicate matches against SimpleBot where the
// measured rate won 79.5 % (docs/gin-bots.md).
inline constexpr double kTempo = 2.0;
inline constexpr double kMinTempo = 0.25, kMaxTempo = 8.0;

// How the opponent plays in the playouts: the playout policy (Greedy), or the same
// with defensive discards (Defensive: among the discards within 3 points of the least
// deadwood, one that makes no meld with the cards the bot visibly took, as HardBot's
// discards avoid helping the opponent).
enum class OpponentModel : std::uint8_t { Greedy = 0, Defensive = 1 };

struct ExpertParams {
  double budget_ms = 0.0;   // wall-clock budget per decision; 0: none
  std::int64_t nodes = 0;   // playout actions per decision; 0: none (both 0: kExpertDefaultNodes)
  int threads = 1;          // worker threads of one search
  bool match_aware = true;  // in a match, value a hand by the chance to win the match
  OpponentModel opponent = OpponentModel::Greedy;
  int proposals = kProposals;  // opponent hands proposed for each sampled world (1..256)
  double tempo = kTempo;       // the belief's opponent tempo (0.25..8; see kTempo)
};

// What a search is asked for besides the choice (the coach asks for more).
struct SearchOptions {
  // Every legal action is a candidate (every discard, every knock with each
  // minimum-deadwood arrangement, big gin, taking back one's own discard), trivial
  // decisions are searched too, and at least kMinWorlds worlds are sampled.  Not in the
  // LAYOFF phase (PhaseError).
  bool every_action = false;
  // Keep every world's outcomes and fill the candidates' details and the belief below.
  bool details = false;
};

// The node budget of ExpertBot() and of the benchmark tables.  Measured on one core of
// a shared 2-core machine: about 26 ms and 10 ms of CPU a decision on average (a search
// stops early once one candidate is clearly best; a decision the search cannot settle
// takes about 150 ms and 40 ms).
inline constexpr std::int64_t kExpertDefaultNodes = 400000;
inline constexpr std::int64_t kExpertBenchNodes = 100000;
// The most discards searched at one decision (besides the knocks).
inline constexpr int kMaxDiscardCandidates = 6;

class ExpertBot final : public Bot {
 public:
  // InvalidValue on a negative budget or a thread count outside 1..256.
  explicit ExpertBot(std::uint64_t seed = 0, ExpertParams params = {});
  Action act(const Observation& obs) override;
  Action act_until(const Observation& obs, core::StopToken& stop) override;
  [[nodiscard]] std::string_view name() const noexcept override { return "expert"; }
  [[nodiscard]] std::unique_ptr<Bot> fresh(std::uint64_t seed) const override {
    return std::make_unique<ExpertBot>(seed, params_);
  }
  [[nodiscard]] const ExpertParams& params() const noexcept { return params_; }

  // What one search found: each candidate with its estimated value for the bot (the
  // weighted mean over the worlds it was evaluated on: points, or in a match the
  // chance to win it) and how many worlds that was.
  struct Candidate {
    Action action;
    double value = 0.0;
    int worlds = 0;
    bool settled = false;  // a knock or big gin, valued exactly in each world (no playout)
    bool kept = false;     // still in the running when the search stopped
    double points = 0.0;   // the expected points of the hand for the bot
    // With SearchOptions::details (on the worlds the candidate was evaluated on):
    double match_win = -1.0;                         // the chance to win the match after the hand (-1: not a match)
    double win_hand = 0.0;                           // the share of worlds in which the bot wins the hand
    double opponent_ends_soon = 0.0;                 // ... in which the opponent knocks or goes gin within two turns
    double opponent_uses = -1.0;                     // discards: the share of the opponent's sampled hands the card
                                                     // makes a meld with (-1 for other actions)
    double loss = 0.0, loss_se = 0.0;                // value below the best's on the worlds both were evaluated on
    double points_loss = 0.0, points_loss_se = 0.0;  // the same in points
  };
  struct Search {
    Action best;
    std::vector<Candidate> candidates;  // in the order they were generated
    int worlds = 0;                     // worlds sampled
    std::int64_t nodes = 0;             // playout actions
    double effective_worlds = 0.0;      // (sum w)^2 / sum w^2 of the world weights
    bool by_match = false;              // values are chances to win the match (else points)
    // With SearchOptions::details: the weighted share of the worlds in which the
    // opponent holds each card (by Card::index(); its known cards 1), and in which its
    // hand is already within the knock limit.
    std::array<double, core::kDeckSize> opponent_holds{};
    double opponent_can_knock = 0.0;
  };
  // The search behind act(): PhaseError unless the observation's player is to act.
  // Trivial decisions (one legal action, gin, big gin, layoffs) have no candidates
  // unless options.every_action.
  [[nodiscard]] Search search(const Observation& obs, core::StopToken& stop, const SearchOptions& options = {}) const;

 private:
  ExpertParams params_;
};

// The playout policy of the search (see above), as a Policy.
class PlayoutPolicy final : public Policy {
 public:
  Action act(const Observation& obs) override;
};

// Plays `round` to its end with PlayoutPolicy on both sides, on a compact copy of the
// round (no observations): the returns (as Round::returns) and the number of actions
// until the hand was decided (layoffs not counted).  PhaseError in the LAYOFF phase.
struct PlayoutResult {
  std::array<int, 2> returns{};
  int actions = 0;
  friend bool operator==(const PlayoutResult&, const PlayoutResult&) = default;
};
PlayoutResult fast_playout(const Round& round);
// The same played on a copy of the Round itself with two PlayoutPolicy objects deciding
// from observations (the reference fast_playout is tested against).
PlayoutResult reference_playout(const Round& round, core::StopToken* stop = nullptr);

// The points for the observer of playing `first` (a draw, a pass, a discard or a knock)
// and then letting the playout policy finish the hand for both players, in the world
// where the opponent holds `opponent` (its known cards included) and the stock is
// `stock` (drawn from the back; as many cards as the observation's stock).
int playout_value(const Observation& obs, const Action& first, CardSet opponent, std::span<const Card> stock);

// best_layoff(cards, melds).deadwood without allocating (the search's settlement).
int layoff_deadwood(CardSet cards, std::span<const Meld> melds) noexcept;

// The likelihood weight (0 < w <= 1) of an opponent hand `hand` (known cards included)
// given what the opponent did, as the observer sees it: the cards it took and still
// holds, the face-up cards it declined, its discards; `tempo` multiplies the rate at
// which its deadwood is believed to fall (ExpertParams::tempo).
double opponent_likelihood(const Observation& obs, CardSet hand, double tempo = 1.0) noexcept;

// An opponent hand (known cards included) drawn from the observer's belief: one of
// `proposals` hands drawn uniformly from the unseen cards, picked with probability
// proportional to opponent_likelihood (sampling-importance-resampling); its weight is
// the proposals' mean likelihood, so weighted averages over such hands are unbiased.
struct WeightedHand {
  CardSet hand{};
  double weight = 1.0;
};
WeightedHand sample_opponent_hand(const Observation& obs, std::span<const Card> unseen, core::Rng& rng, int proposals,
                                  double tempo = 1.0);

}  // namespace parlour::gin
