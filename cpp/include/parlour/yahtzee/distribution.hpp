// parlour::yahtzee::ScoreDistribution and the exact evaluation of a fixed strategy.
//
// A fixed strategy is one whose action depends only on (state, dice, rolls left): the
// library's bots (OptimalBot, which plays the Solver's best_action, and HeuristicBot)
// are.  evaluate() computes the exact probability distribution of the further score
// such a strategy makes from the start of a turn in a state, by a forward pass over
// the states reachable from it:
//
//   one turn: the probability of each final (box, roll) is propagated through the
//   bot's choices on the multiset lattice (a kept set of dice spreads its mass over
//   the rolls that complete it, one die at a time, 1/6 each); the writes give the
//   turn's transitions (next state, points scored, probability), merged by (box,
//   value written, Yahtzee bonus);
//   the game: the category sets in tiers of filled boxes, fewest first; each set is
//   computed by exactly one thread, which gathers the points-so-far distributions of
//   its predecessors through their transitions in a fixed order, so the result is
//   bit-identical for any thread count.  A state's distribution is freed once every
//   set it leads to is done.
//
// Glenn (2006, "An optimal strategy for Yahtzee") reported a day of computation for the
// distribution of the optimal strategy's score (mean 254.59, sd 59.61); this pass takes
// seconds.  Exact up to floating-point rounding (f64 sums of products of the dice
// probabilities).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "parlour/core/interrupt.hpp"
#include "parlour/yahtzee/bots.hpp"
#include "parlour/yahtzee/state.hpp"

namespace parlour::yahtzee {

// The probability of each score 0..max (index = score).  Either exact (from evaluate)
// or empirical (from simulated games, with their count for confidence intervals).
class ScoreDistribution {
 public:
  ScoreDistribution() : pmf_{1.0} {}  // a sure score of 0
  // From probabilities by score: InvalidValue for a negative or non-finite entry, an
  // empty array or a total that is not 1 (to 1e-9).  Trailing zeros are dropped.
  static ScoreDistribution from_pmf(std::vector<double> pmf, bool exact = true, std::int64_t games = 0);
  // The empirical distribution of simulated scores (exact() false, games() their count);
  // InvalidValue for no scores or a negative one.
  static ScoreDistribution from_scores(const std::vector<std::int32_t>& scores);
  // A sure score.
  static ScoreDistribution point(int score);

  [[nodiscard]] const std::vector<double>& pmf() const noexcept { return pmf_; }
  [[nodiscard]] bool exact() const noexcept { return exact_; }
  [[nodiscard]] std::int64_t games() const noexcept { return games_; }
  [[nodiscard]] int min() const noexcept;  // the least score with a positive probability
  [[nodiscard]] int max() const noexcept { return static_cast<int>(pmf_.size()) - 1; }
  [[nodiscard]] double mean() const noexcept;
  [[nodiscard]] double variance() const noexcept;
  [[nodiscard]] double sd() const noexcept;
  [[nodiscard]] double prob(long long score) const noexcept;  // P(X = score)
  [[nodiscard]] double cdf(long long score) const noexcept;   // P(X <= score)
  [[nodiscard]] double sf(long long score) const noexcept;    // P(X >= score)
  // The least score x with P(X <= x) >= q; InvalidValue outside 0 <= q <= 1.
  [[nodiscard]] int quantile(double q) const;
  // The distribution of X + points (points >= 0, else InvalidValue).
  [[nodiscard]] ScoreDistribution shifted(int points) const;
  // A two-sided confidence interval (normal approximation) for the mean: exact
  // distributions give (mean, mean).  InvalidValue unless 0 < level < 1.
  [[nodiscard]] std::pair<double, double> mean_ci(double level = 0.95) const;
  // The Wilson interval for P(X >= score); exact distributions give (sf, sf).
  [[nodiscard]] std::pair<double, double> sf_ci(long long score, double level = 0.95) const;
  [[nodiscard]] std::string str() const;
  friend bool operator==(const ScoreDistribution&, const ScoreDistribution&) = default;

 private:
  std::vector<double> pmf_;
  bool exact_ = true;
  std::int64_t games_ = 0;
};

// The exact distribution of the further score `bot` makes from the start of a turn in
// s (a full card: a sure 0).  The bot is prepared first (bot.prepare_from(s)); its
// choices must be legal (else IllegalAction naming the bot).  threads 0: all cores.
// Checks `stop` between category sets (core::Interrupted).
ScoreDistribution evaluate(Bot& bot, State s, int threads = 0, core::StopToken* stop = nullptr);

}  // namespace parlour::yahtzee
