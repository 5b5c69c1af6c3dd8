#include "parlour/yahtzee/threshold.hpp"

#include <string>

#include "parlour/core/errors.hpp"

namespace parlour::yahtzee {

namespace {

std::vector<double> step(int max_target) {
  if (max_target < 0 || max_target > 4000)
    throw core::InvalidValue("max_target must be in 0..4000, got " + std::to_string(max_target));
  std::vector<double> g(static_cast<std::size_t>(max_target) + 1, 0.0);
  g[0] = 1.0;
  return g;
}

}  // namespace

ThresholdSolver::ThresholdSolver(const YahtzeeRules& rules, int max_target)
    : ObjectiveTable(rules, step(max_target), false) {}

int ThresholdSolver::needed(int points, int target) const {
  if (points < 0) throw core::InvalidValue("points must be >= 0, got " + std::to_string(points));
  if (target < 0) throw core::InvalidValue("a target must be >= 0, got " + std::to_string(target));
  const int t = target - points;
  if (t > max_target())
    throw core::InvalidValue("target - points is " + std::to_string(t) + ", beyond this table's max_target " +
                             std::to_string(max_target()));
  return t;
}

}  // namespace parlour::yahtzee
