#include "parlour/gin/match.hpp"

#include "parlour/core/errors.hpp"

namespace parlour::gin {

Match::Match(const Rules& rules, Player first_dealer)
    : rules_(rules), first_dealer_(first_dealer), dealer_(first_dealer) {
  rules_.validate();
}

std::array<int, 2> Match::boxes() const noexcept { return {won_[0] * rules_.box_bonus, won_[1] * rules_.box_bonus}; }

void Match::record(const RoundResult& result) {
  if (winner_)
    throw core::PhaseError("cannot record " + result.repr() + ": the match is over (won by " +
                               (*winner_ == Player::One ? std::string("Player.ONE") : std::string("Player.TWO")) + ")",
                           "gin.WrongPhase");
  const int pts = result.points(rules_);  // may throw (big gin under rules without it): nothing changed yet
  hands_.push_back(result);
  const auto w = result.winner();
  if (!w) return;  // a dead hand: the same dealer redeals
  const auto i = static_cast<std::size_t>(*w);
  ++won_[i];
  scores_[i] += pts + (rules_.immediate_boxes ? rules_.box_bonus : 0);
  dealer_ = rules_.alternate_dealer ? opponent(dealer_) : *w;
  if (scores_[i] >= rules_.game_target) winner_ = *w;
}

MatchResult Match::final_score() const {
  if (!winner_)
    throw core::PhaseError("the match is not over: " + std::to_string(scores_[0]) + " to " +
                               std::to_string(scores_[1]) + " of " + std::to_string(rules_.game_target),
                           "gin.WrongPhase");
  return match_result(hands_, rules_, std::nullopt);
}

Observation Match::observe(const Round& round, Player player) const noexcept {
  Observation o = gin::observe(round, player);
  add_scores(o);
  return o;
}

void Match::add_scores(Observation& obs) const noexcept {
  obs.match_scores = scores_;
  obs.match_target = rules_.game_target;
  obs.hands_played = static_cast<int>(hands_.size());
}

Round Match::new_round(core::Rng& rng) const {
  if (winner_) throw core::PhaseError("the match is over: no more rounds", "gin.WrongPhase");
  return Round::deal(rules_, dealer_, rng);
}

}  // namespace parlour::gin
