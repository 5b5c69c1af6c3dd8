#include "parlour/gin/game.hpp"

#include <algorithm>
#include <utility>

#include "parlour/core/errors.hpp"

namespace parlour::gin {

Game::Game(const Rules& rules, std::uint64_t seed, Player first_dealer)
    : match_(rules, first_dealer), rng_(seed), round_(match_.new_round(rng_)) {}

Game::Game(Match match, Round round, const core::Rng& rng)
    : match_(std::move(match)), rng_(rng), round_(std::move(round)) {
  if (!(round_.rules() == match_.rules())) throw core::FormatError("the hand's rules differ from the match's");
  if (match_.is_over() != round_.is_terminal())
    throw core::FormatError(match_.is_over() ? "the match is over but its last hand is not finished"
                                             : "the hand in play is finished but the match goes on");
  if (!match_.is_over() && round_.dealer() != match_.next_dealer())
    throw core::FormatError("the hand in play is not dealt by the match's next dealer");
}

std::optional<Player> Game::current_player() const noexcept {
  if (match_.is_over()) return std::nullopt;
  return round_.turn();
}

int Game::legal_ids(LegalIds& out) const noexcept { return match_.is_over() ? 0 : round_.legal_ids(out); }

std::optional<std::string> Game::why_not(const Action& a) const {
  if (match_.is_over()) return "cannot " + a.str() + ": the match is over";
  return round_.why_not(a);
}

void Game::apply(const Action& a) {
  if (match_.is_over()) throw core::PhaseError(*why_not(a), "gin.WrongPhase");
  Round next = round_;
  next.apply(a);  // throws, changing nothing, when refused
  GameEvent ev{*next.last_event(), std::nullopt};
  if (next.is_terminal()) {
    Match m = match_;
    m.record(*next.result());
    ev.finished = next;
    if (!m.is_over()) {
      core::Rng r = rng_;
      Round dealt = m.new_round(r);
      rng_ = r;
      next = std::move(dealt);
    }
    match_ = std::move(m);
  }
  round_ = std::move(next);
  last_ = std::move(ev);
}

std::array<int, 2> Game::returns() const {
  if (!match_.is_over()) {
    const auto s = match_.scores();
    return {s[0] - s[1], s[1] - s[0]};
  }
  const MatchResult r = match_.final_score();
  const int d = r.totals[0] - r.totals[1];
  return {d, -d};
}

Observation observe(const Game& game, std::optional<int> seat) {
  Observation o = observe(game.round(), seat);
  o.match_scores = game.match().scores();
  o.match_target = game.rules().game_target;
  o.hands_played = static_cast<int>(game.match().hands().size());
  return o;
}

bool operator==(const Game& a, const Game& b) noexcept {
  const auto ha = a.match_.hands(), hb = b.match_.hands();
  return a.match_.rules() == b.match_.rules() && a.match_.first_dealer() == b.match_.first_dealer() &&
         std::equal(ha.begin(), ha.end(), hb.begin(), hb.end()) && a.round_ == b.round_ &&
         a.rng_.state() == b.rng_.state();
}

}  // namespace parlour::gin
