// parlour::gin::Match — a match of gin rummy: hands in order until a player reaches
// the target (the rule card; Perl's Game::Gin::Scoring 0.01, match_result).
//
// record(result) adds a hand.  scores() are the running totals toward the target
// (hand points, plus box bonuses at once under Rules::immediate_boxes), boxes() the
// box bonuses earned (box_bonus per hand won).  The winner of a hand deals the next
// (under Rules::alternate_dealer the other player deals it, so the first turn
// alternates); after a dead hand the same dealer redeals.  The match is over when a player's
// running total reaches rules.game_target; final_score() is then match_result() of
// the hands (winner, totals with every bonus, shutout), consistent with it by
// construction.
#pragma once

#include <array>
#include <optional>
#include <span>
#include <vector>

#include "parlour/core/rng.hpp"
#include "parlour/gin/observation.hpp"
#include "parlour/gin/round.hpp"
#include "parlour/gin/scoring.hpp"

namespace parlour::gin {

class Match {
 public:
  // The rules are validated (InvalidValue).
  explicit Match(const Rules& rules = Rules{}, Player first_dealer = Player::One);

  [[nodiscard]] const Rules& rules() const noexcept { return rules_; }
  [[nodiscard]] Player first_dealer() const noexcept { return first_dealer_; }
  [[nodiscard]] std::span<const RoundResult> hands() const noexcept { return hands_; }
  [[nodiscard]] std::array<int, 2> scores() const noexcept { return scores_; }
  [[nodiscard]] std::array<int, 2> boxes() const noexcept;
  [[nodiscard]] Player next_dealer() const noexcept { return dealer_; }
  [[nodiscard]] bool is_over() const noexcept { return winner_.has_value(); }
  [[nodiscard]] std::optional<Player> winner() const noexcept { return winner_; }

  // Add a hand; PhaseError "gin.WrongPhase" once the match is over.
  void record(const RoundResult& result);
  // match_result of the hands; PhaseError "gin.WrongPhase" while the match goes on.
  [[nodiscard]] MatchResult final_score() const;
  // A new round dealt by next_dealer(); PhaseError once the match is over.
  [[nodiscard]] Round new_round(core::Rng& rng) const;
  // What `player` sees of `round`, a hand of this match, with the match scores (as a
  // gin::Game gives it); add_scores sets them on an observation made elsewhere.
  [[nodiscard]] Observation observe(const Round& round, Player player) const noexcept;
  void add_scores(Observation& obs) const noexcept;

 private:
  Rules rules_;
  Player first_dealer_;
  Player dealer_;
  std::vector<RoundResult> hands_;
  std::array<int, 2> scores_{};
  std::array<int, 2> won_{};
  std::optional<Player> winner_{};
};

}  // namespace parlour::gin
