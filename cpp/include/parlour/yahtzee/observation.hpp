// parlour::yahtzee::Observation — what one seat may see of a Game: everything on the
// table (every player's scorecard, the dice, the kept dice, the rolls left), but not
// the game's generator, so the next rolls cannot be foreseen.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "parlour/core/game.hpp"
#include "parlour/yahtzee/game.hpp"

namespace parlour::yahtzee {

struct Observation {
  std::optional<int> seat;  // nullopt: a spectator
  YahtzeeRules rules{};
  std::vector<Scorecard> scorecards;  // by seat
  std::optional<int> current_player;  // nullopt once the game is over
  Phase phase = Phase::Roll;
  int rolls_left = 3;
  std::optional<Dice> dice;          // on the table (phase DECIDE)
  Keep kept{};                       // kept for the pending roll (phase ROLL)
  std::optional<Dice> last_dice;     // the dice of the last action, if any
  std::vector<std::uint16_t> legal;  // the legal action ids when `seat` is to act, ascending

  // The State of the observing seat (a spectator: of the player to act, or seat 0 at the end).
  [[nodiscard]] State state() const;
  [[nodiscard]] bool is_my_turn() const noexcept { return seat && current_player && *seat == *current_player; }
  friend bool operator==(const Observation&, const Observation&) noexcept = default;
};

// What `seat` (nullopt: a spectator) may see of `game`; InvalidValue for a seat not in it.
Observation observe(const Game& game, std::optional<int> seat);

static_assert(core::Game<Game>);

}  // namespace parlour::yahtzee
