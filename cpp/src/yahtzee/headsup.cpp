#include "parlour/yahtzee/headsup.hpp"

#include <algorithm>
#include <string>

#include "parlour/core/errors.hpp"

namespace parlour::yahtzee {

namespace {

// g(x) = P(Y < N - x) + tie * P(Y = N - x), x = 0..N, N = max Y + 1.
std::vector<double> win_terminal(const ScoreDistribution& y, double tie) {
  if (!(tie >= 0.0 && tie <= 1.0)) throw core::InvalidValue("tie must be in 0..1, got " + std::to_string(tie));
  const int n = y.max() + 1;
  if (n > 4000) throw core::InvalidValue("an opponent's score is at most 1575, got " + std::to_string(y.max()));
  std::vector<double> g(static_cast<std::size_t>(n) + 1);
  double below = 0.0;  // P(Y < p)
  for (int p = 0; p <= n; ++p) {
    g[static_cast<std::size_t>(n - p)] = std::min(1.0, p == n ? 1.0 : below + tie * y.prob(p));
    below += y.prob(p);
  }
  return g;
}

}  // namespace

HeadsUpSolver::HeadsUpSolver(const ScoreDistribution& opponent, const YahtzeeRules& rules, double tie)
    : ObjectiveTable(rules, win_terminal(opponent, tie), true), opponent_(opponent), tie_(tie) {}

int HeadsUpSolver::needed(int points) const {
  if (points < 0) throw core::InvalidValue("points must be >= 0, got " + std::to_string(points));
  return width() - std::min(points, width() + 1);
}

}  // namespace parlour::yahtzee
