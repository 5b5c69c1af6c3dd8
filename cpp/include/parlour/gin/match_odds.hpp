// parlour::gin::MatchOdds — the chance to win a match of gin rummy from a score, under
// a model of the hands between two equal players.
//
// The model: each decided hand is won by either player with probability 1/2 (a dead
// hand, or a knock worth 0, changes no score and is left out); the winner's points
// follow how hands between strong players end — a knock by its margin, an undercut by
// its margin, gin by the defender's deadwood, with the shares and margins counted in
// matches between ExpertBot and HardBot (tools/gin_hand_model.py) — priced under the
// rules (gin_bonus, undercut_bonus, undercut_on_tie, a box bonus that counts at once).
// Then, with T the target and a, b the two scores below it,
//     W(a, b) = sum over the hand values k of p(k) * (W(a + k, b) + W(a, b + k)) / 2,
// W = 1 once a reaches T and 0 once b does: a dynamic program over the scores from
// the top down.  Who deals, the end-of-match bonuses and the dealer rule do not
// change who reaches the target first in this model, so they are left out.  Targets
// above kMaxOddsTarget are scaled down to it (scores and hand values alike).
//
// ExpertBot values a hand by the chance to win the match it leads to, and the coach
// reports it, when the observation is of a match (Observation::match_target > 0).
#pragma once

#include <memory>
#include <vector>

#include "parlour/gin/rules.hpp"

namespace parlour::gin {

inline constexpr int kMaxOddsTarget = 500;

class MatchOdds {
 public:
  // The table for `rules` (validated: InvalidValue); a few milliseconds at target 100.
  explicit MatchOdds(const Rules& rules);
  // The chance that the player with `mine` points wins the match against `theirs`
  // (1 once mine reaches the target, 0 once theirs does; scores below 0 count as 0).
  [[nodiscard]] double win(int mine, int theirs) const noexcept;
  // The same after a hand that gave the player `points` (> 0: it won them, < 0: the
  // opponent won -points, 0: a dead hand), box bonuses counted at once when the rules
  // say so.
  [[nodiscard]] double win_after(int mine, int theirs, int points) const noexcept;
  [[nodiscard]] int target() const noexcept { return target_; }

 private:
  int target_;             // the rules' target
  int box_ = 0;            // the box bonus when it counts at once
  double scale_ = 1.0;     // table cells per point (1 up to kMaxOddsTarget)
  int cells_ = 0;          // the table's side
  std::vector<double> w_;  // W(a, b) at a * cells_ + b
};

// The table for `rules`, made once and shared (thread-safe; the last 16 distinct rules
// are kept).
std::shared_ptr<const MatchOdds> match_odds(const Rules& rules);

}  // namespace parlour::gin
