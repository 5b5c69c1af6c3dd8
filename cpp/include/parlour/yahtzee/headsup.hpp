// parlour::yahtzee::HeadsUpSolver — the strategy that maximises the probability of
// beating an opponent whose final score Y has a known distribution and does not depend
// on our play: an opponent who has finished (a sure score), or one who plays on
// unseen, such as the optimal expected-score strategy (Solver::distribution).
//
// win_probability(s, points) = max over strategies of P(X > Y) + tie * P(X = Y), X the
// final score (points + further score from the start of a turn in s).  One
// ObjectiveTable (objective.hpp) with N = max Y + 1 and terminal g(x) = P(Y < N - x) +
// tie * P(Y = N - x): its x is N - points, and only the points a card in each state can
// have scored are stored.  Exact for that model (up to f64 rounding).  Against an
// opponent whose card we watch, the model is re-solved with the opponent's current
// distribution (see the Python best_reply); that adaptive strategy is not proven
// optimal (the docs state the bounds).
#pragma once

#include <vector>

#include "parlour/yahtzee/distribution.hpp"
#include "parlour/yahtzee/objective.hpp"

namespace parlour::yahtzee {

class HeadsUpSolver : public ObjectiveTable {
 public:
  // tie in 0..1 (InvalidValue otherwise): the value of a tie (0: only a win counts).
  explicit HeadsUpSolver(const ScoreDistribution& opponent, const YahtzeeRules& rules = {}, double tie = 0.0);

  [[nodiscard]] const ScoreDistribution& opponent() const noexcept { return opponent_; }
  [[nodiscard]] double tie() const noexcept { return tie_; }
  // N - points; InvalidValue for negative points.
  [[nodiscard]] int needed(int points) const;

  double win_probability(State s, int points) { return value(s, needed(points)); }
  Action best_action(State s, int points, Dice dice, int rolls_left) {
    return ObjectiveTable::best_action(s, needed(points), dice, rolls_left);
  }
  std::vector<std::pair<Category, double>> category_values(State s, int points, Dice dice) {
    return ObjectiveTable::category_values(s, needed(points), dice);
  }
  std::vector<std::pair<Keep, double>> keep_values(State s, int points, Dice dice, int rolls_left) {
    return ObjectiveTable::keep_values(s, needed(points), dice, rolls_left);
  }

 private:
  ScoreDistribution opponent_;
  double tie_;
};

}  // namespace parlour::yahtzee
