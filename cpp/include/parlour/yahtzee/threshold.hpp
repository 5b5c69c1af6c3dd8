// parlour::yahtzee::ThresholdSolver — the strategy that maximises the probability that
// the final score reaches a target, for every target 0..max_target at once.
//
// probability(s, points, target) = max over strategies of P(points + further score >=
// target) from the start of a turn in s; each target has its own optimal strategy
// (best_action takes the target).  One ObjectiveTable (objective.hpp) with terminal
// values g = [1, 0, 0, ...] holds them all: its x is the number of points still
// needed, target - points, so one pass over the states answers every target.
// P = 1 once the target is reached (every action is then optimal, and best_action
// follows the tie-breaks).  Default max_target 400 (the optimal strategy's score
// exceeds 400 about once in 30 games).
#pragma once

#include <vector>

#include "parlour/yahtzee/objective.hpp"

namespace parlour::yahtzee {

class ThresholdSolver : public ObjectiveTable {
 public:
  // InvalidValue unless 0 <= max_target <= 4000.
  explicit ThresholdSolver(const YahtzeeRules& rules = {}, int max_target = 400);

  [[nodiscard]] int max_target() const noexcept { return width(); }
  // The points still needed, target - points; InvalidValue for negative points or
  // target, or more than max_target still needed.
  [[nodiscard]] int needed(int points, int target) const;

  double probability(State s, int points, int target) { return value(s, needed(points, target)); }
  // P(further score >= t) under each t's own best strategy, t = 0..max_target.
  std::vector<double> probabilities(State s) { return row(s); }
  Action best_action(State s, int points, int target, Dice dice, int rolls_left) {
    return ObjectiveTable::best_action(s, needed(points, target), dice, rolls_left);
  }
  std::vector<std::pair<Category, double>> category_values(State s, int points, int target, Dice dice) {
    return ObjectiveTable::category_values(s, needed(points, target), dice);
  }
  std::vector<std::pair<Keep, double>> keep_values(State s, int points, int target, Dice dice, int rolls_left) {
    return ObjectiveTable::keep_values(s, needed(points, target), dice, rolls_left);
  }
};

}  // namespace parlour::yahtzee
