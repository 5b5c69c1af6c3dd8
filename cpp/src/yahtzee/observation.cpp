#include "parlour/yahtzee/observation.hpp"

#include <algorithm>
#include <string>

#include "parlour/core/errors.hpp"

namespace parlour::yahtzee {

State Observation::state() const {
  const int who = seat.value_or(current_player.value_or(0));
  return scorecards.at(static_cast<std::size_t>(who)).state();
}

Observation observe(const Game& game, std::optional<int> seat) {
  if (seat && (*seat < 0 || *seat >= game.num_players()))
    throw core::InvalidValue("no seat " + std::to_string(*seat) + " in a game of " +
                             std::to_string(game.num_players()));
  Observation o;
  o.seat = seat;
  o.rules = game.rules();
  o.scorecards = game.scorecards();
  o.current_player = game.current_player();
  o.phase = game.phase();
  o.rolls_left = game.rolls_left();
  o.dice = game.dice();
  o.kept = game.kept();
  if (const auto& e = game.last_event()) o.last_dice = e->dice;
  if (o.is_my_turn()) {
    Game::LegalIds ids;
    o.legal.assign(ids.begin(), ids.begin() + game.legal_ids(ids));
  }
  return o;
}

}  // namespace parlour::yahtzee
