// parlour::gin coach — advice for the seat to act, and a review of one seat's decisions.
//
// advise(observation): every legal action of the seat to act, ranked by ExpertBot's own
// search (expert.hpp) run over every legal action (SearchOptions::every_action) on the
// same sampled worlds: the expected points of the hand, and in a match (the
// observation's match_target > 0) the chance to win the match after the hand, which
// ExpertBot ranks by.  With each action, reasons a player can check:
//   - the hand after the action: its best melds and deadwood (after taking the face-up
//     card, after its best discard; after a stock draw, the deadwood expected over the
//     cards that may come), and the live cards that would lower it: cards the seat has
//     not seen (not in the pile, not known to be in the opponent's hand);
//   - what the opponent visibly collects: the cards it took from the pile and holds, the
//     cards it declined or threw; for a discard, the opponent's public cards of its
//     rank or its suit close by (taken: the card may help it; thrown or declined: it
//     likely does not), and the share of the opponent hands the search sampled with
//     which the card makes a meld;
//   - from the search's worlds: the share in which the seat wins the hand, and in which
//     the opponent knocks or goes gin within its next two turns.
// In the LAYOFF phase every layoff is valued exactly (the defender's deadwood after it
// and the best layoffs that follow; the points over the knocker's possible deadwood).
//
// advise reads the observation only (the worlds are built from it), and is
// deterministic for a node budget (nodes; budget_ms bounds the wall-clock time
// instead, whichever comes first) and a seed, whatever the thread count.
//
// review(decisions): for each decision of one seat (its observation and the action it
// took), the advice; the decisions whose action was clearly below the best — below by
// at least kReviewMinPoints points (in a match, kReviewMinMatch of the chance to win
// the match) and by more than kReviewZ standard errors on the same worlds — are listed
// with the loss, the better action and the reasons of both.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "parlour/core/interrupt.hpp"
#include "parlour/gin/deadwood.hpp"
#include "parlour/gin/observation.hpp"

namespace parlour::gin {

// The node budget of a piece of advice, ExpertBot's default: a few tens of ms of one
// core a decision on average (benchmarks/bench_gin_coach.py).
inline constexpr std::int64_t kCoachDefaultNodes = 400000;
// What makes a decision "clearly below the best" in a review.
inline constexpr double kReviewMinPoints = 1.0;
inline constexpr double kReviewMinMatch = 0.01;
inline constexpr double kReviewZ = 2.0;

struct CoachParams {
  std::int64_t nodes = kCoachDefaultNodes;  // playout actions per decision (0: none)
  double budget_ms = 0.0;                   // wall-clock time per decision (0: none)
  int threads = 1;
  std::uint64_t seed = 0;
  void validate() const;  // InvalidValue: no budget at all, a negative one, threads outside 1..256
};

struct ActionAdvice {
  Action action;  // a knock with the arrangement it was valued with
  int rank = 0;   // 1 for the best
  // The search (weighted means over the worlds the action was evaluated on).
  double value = 0.0;  // what the ranking uses: points, or in a match the chance to win it
  double points = 0.0;
  std::optional<double> match_win{};
  double win_hand = 0.0;
  double opponent_ends_soon = 0.0;
  std::optional<double> opponent_uses{};  // discards
  double loss = 0.0, loss_se = 0.0;       // below the best (value), on the same worlds
  double points_loss = 0.0, points_loss_se = 0.0;
  int worlds = 0;
  bool kept = false;   // still in the running when the search stopped (else dropped as clearly worse)
  bool exact = false;  // a knock, big gin or layoff: settled exactly in each world
  // The hand after the action.
  Melds melds_after{};
  int deadwood_after = 0;
  std::optional<double> expected_deadwood{};  // a stock draw: over the cards it may bring
  CardSet outs{};                             // live cards that would lower deadwood_after
  // Discards: the opponent's public cards of the card's rank or of its suit within two
  // ranks: taken from the pile (it may collect them) and thrown or declined (likely not).
  CardSet opponent_took_near{};
  CardSet opponent_threw_near{};
  std::vector<std::string> reasons;  // plain sentences
};

struct Advice {
  Player seat = Player::One;
  Phase phase = Phase::Draw;
  std::vector<ActionAdvice> actions;  // every legal action, best first
  bool by_match = false;              // ranked by the chance to win the match
  std::array<int, 2> match_scores{};  // (seat, opponent) in a match
  int match_target = 0;               // 0: not a match
  int worlds = 0;
  std::int64_t nodes = 0;
  double effective_worlds = 0.0;
  // What the seat knows of the opponent.
  CardSet live{};                          // cards not seen: the stock and the opponent's hidden cards
  CardSet opponent_took{};                 // taken from the pile and still held
  CardSet opponent_declined{};             // face-up cards it passed on or covered
  CardSet opponent_discarded{};            // every card it threw
  std::vector<Suit> opponent_quiet_suits;  // suits none of its last three discards was of (3+ discards)
  // The search's belief: the live cards the opponent holds in at least 40 % of the
  // sampled hands, most likely first, with that share; and the share of the sampled
  // hands already within the knock limit.
  std::vector<std::pair<Card, double>> opponent_likely;
  double opponent_can_knock = 0.0;
  std::vector<std::string> summary;  // plain sentences about the position

  [[nodiscard]] const ActionAdvice& best() const { return actions.front(); }
  // The advice for `a` (a knock matched by its card, its arrangement when given);
  // nullptr when it is not a legal action here.
  [[nodiscard]] const ActionAdvice* find(const Action& a) const noexcept;
};

// Advice for the observation's player, who must be to act (PhaseError otherwise).
Advice advise(const Observation& obs, const CoachParams& params, core::StopToken& stop);

// One decision of a seat: what it saw and what it did.
struct Decision {
  Observation observation;
  Action action;
};

struct ReviewItem {
  int index = 0;  // of the decision in the history
  Phase phase = Phase::Draw;
  int stock_size = 0;
  CardSet hand{};  // the seat's hand when it decided
  ActionAdvice played;
  ActionAdvice better;
  double loss = 0.0;         // played below better, in the value ranked (points or match chance)
  double points_loss = 0.0;  // in points
  bool by_match = false;
  std::vector<std::string> reasons;  // why the better action is better, in plain sentences
};

struct Review {
  Player seat = Player::One;
  int decisions = 0;  // in the history
  int searched = 0;   // with more than one legal action
  std::vector<ReviewItem> mistakes;
  double points_lost = 0.0;  // summed over the mistakes
  std::int64_t nodes = 0;
};

// InvalidValue when the decisions are not all of one seat, an observation's player is
// not to act, or an action is not legal in its observation.
Review review(std::span<const Decision> decisions, const CoachParams& params, core::StopToken& stop);

}  // namespace parlour::gin
