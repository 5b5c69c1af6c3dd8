#include "parlour/gin/match_odds.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <memory>
#include <mutex>

namespace parlour::gin {

namespace {

// How decided hands ended in matches between ExpertBot (20,000 nodes) and HardBot under
// the rule card (tools/gin_hand_model.py): counts of knocks by margin (defender's
// deadwood after layoffs less the knocker's; the last cell holds every larger margin),
// of undercuts by margin (the knocker's deadwood less the defender's), and of gins by
// the defender's deadwood.
// 2586 hands of 400 matches: {'KNOCK': 1531, 'GIN': 611, 'UNDERCUT': 411, 'DEAD': 33} (tools/gin_hand_model.py
// --matches 400 --nodes 20000).
constexpr std::array<int, 64> kKnockMargin = {0,  57, 57, 55, 51, 57, 54, 46, 44, 50, 53, 55, 46, 38, 37, 33,
                                              50, 44, 40, 39, 34, 41, 42, 25, 31, 26, 29, 32, 22, 24, 18, 25,
                                              20, 22, 17, 21, 13, 15, 16, 12, 9,  8,  9,  9,  4,  3,  7,  8,
                                              14, 8,  6,  5,  7,  5,  6,  5,  6,  3,  4,  2,  3,  0,  3,  6};
constexpr std::array<int, 11> kUndercutMargin = {67, 49, 41, 50, 43, 42, 34, 32, 26, 21, 6};
constexpr std::array<int, 67> kGinDefender = {0,  53, 37, 26, 34, 19, 19, 31, 19, 12, 12, 29, 26, 25, 19, 18, 12,
                                              18, 11, 12, 13, 12, 7,  7,  12, 7,  7,  11, 7,  6,  3,  12, 4,  14,
                                              3,  7,  0,  4,  4,  4,  4,  6,  0,  3,  3,  1,  1,  3,  2,  1,  1,
                                              0,  0,  3,  0,  2,  1,  1,  0,  0,  1,  0,  0,  0,  0,  1,  1};

}  // namespace

MatchOdds::MatchOdds(const Rules& rules) : target_(rules.game_target) {
  rules.validate();
  box_ = rules.immediate_boxes ? rules.box_bonus : 0;
  cells_ = std::min(target_, kMaxOddsTarget);
  scale_ = static_cast<double>(cells_) / target_;
  // The value of a won hand in table cells, and its probability.
  std::map<int, double> p;
  double total = 0.0;
  auto add = [&](int points, int count) {
    if (count == 0 || points <= 0) return;  // a knock worth 0 changes nothing
    const int k = static_cast<int>(std::lround((points + box_) * scale_));
    if (k <= 0) return;
    p[k] += count;
    total += count;
  };
  for (std::size_t m = 0; m < kKnockMargin.size(); ++m) add(static_cast<int>(m), kKnockMargin[m]);
  for (std::size_t m = 0; m < kUndercutMargin.size(); ++m) {
    const int margin = static_cast<int>(m);
    if (margin == 0 && !rules.undercut_on_tie) continue;  // a tie is then a knock worth 0
    add(margin + rules.undercut_bonus, kUndercutMargin[m]);
  }
  for (std::size_t d = 0; d < kGinDefender.size(); ++d) add(static_cast<int>(d) + rules.gin_bonus, kGinDefender[d]);
  std::vector<std::pair<int, double>> dist(p.begin(), p.end());
  for (auto& [k, q] : dist) q /= total;
  const auto n = static_cast<std::size_t>(cells_);
  w_.assign(n * n, 0.0);
  for (int a = cells_ - 1; a >= 0; --a)
    for (int b = cells_ - 1; b >= 0; --b) {
      double v = 0.0;
      for (const auto& [k, q] : dist) {
        const double up = a + k >= cells_ ? 1.0 : w_[static_cast<std::size_t>(a + k) * n + static_cast<std::size_t>(b)];
        const double down =
            b + k >= cells_ ? 0.0 : w_[static_cast<std::size_t>(a) * n + static_cast<std::size_t>(b + k)];
        v += q * 0.5 * (up + down);
      }
      w_[static_cast<std::size_t>(a) * n + static_cast<std::size_t>(b)] = v;
    }
}

double MatchOdds::win(int mine, int theirs) const noexcept {
  if (mine >= target_) return 1.0;
  if (theirs >= target_) return 0.0;
  const auto cell = [&](int s) {
    return std::clamp(static_cast<int>(std::lround(std::max(0, s) * scale_)), 0, cells_ - 1);
  };
  return w_[static_cast<std::size_t>(cell(mine)) * static_cast<std::size_t>(cells_) +
            static_cast<std::size_t>(cell(theirs))];
}

double MatchOdds::win_after(int mine, int theirs, int points) const noexcept {
  if (points > 0) return win(mine + points + box_, theirs);
  if (points < 0) return win(mine, theirs - points + box_);
  return win(mine, theirs);
}

std::shared_ptr<const MatchOdds> match_odds(const Rules& rules) {
  constexpr std::size_t kCached = 16;
  static std::mutex mu;
  static std::vector<std::pair<Rules, std::shared_ptr<const MatchOdds>>> cache;  // most recent last
  const std::lock_guard<std::mutex> lock(mu);
  for (std::size_t i = 0; i < cache.size(); ++i)
    if (cache[i].first == rules) {
      std::rotate(cache.begin() + static_cast<std::ptrdiff_t>(i), cache.begin() + static_cast<std::ptrdiff_t>(i) + 1,
                  cache.end());
      return cache.back().second;
    }
  if (cache.size() >= kCached) cache.erase(cache.begin());
  cache.emplace_back(rules, std::make_shared<const MatchOdds>(rules));
  return cache.back().second;
}

}  // namespace parlour::gin
