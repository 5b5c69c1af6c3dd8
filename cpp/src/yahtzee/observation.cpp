#include "parlour/yahtzee/observation.hpp"

#include <algorithm>
#include <string>

#include "parlour/core/errors.hpp"

namespace parlour::yahtzee {

State Observation::state() const {
  const int who = seat.value_or(current_player.value_or(0));
  return scorecards.at(static_cast<std::size_t>(who)).state();
}

std::vector<std::uint16_t> legal_ids(const Game& game) {
  std::vector<std::uint16_t> out;
  for (const Action& a : game.legal_actions()) out.push_back(static_cast<std::uint16_t>(action_id(a)));
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::uint16_t> legal_ids(const Observation& obs) {
  std::vector<std::uint16_t> out;
  if (!obs.is_my_turn() || obs.phase != Phase::Decide || !obs.dice) return out;
  for (const Action& a :
       legal_actions(obs.scorecards.at(static_cast<std::size_t>(*obs.seat)), *obs.dice, obs.rolls_left))
    out.push_back(static_cast<std::uint16_t>(action_id(a)));
  std::sort(out.begin(), out.end());
  return out;
}

Observation observe(const Game& game, std::optional<int> seat) {
  if (seat && (*seat < 0 || *seat >= game.num_players()))
    throw core::InvalidValue("no seat " + std::to_string(*seat) + " in a game of " +
                             std::to_string(game.num_players()));
  Observation o;
  o.seat = seat;
  o.rules = game.rules();
  o.scorecards = game.scorecards();
  if (!game.is_terminal()) o.current_player = game.current_player();
  o.phase = game.phase();
  o.rolls_left = game.rolls_left();
  o.dice = game.dice();
  o.kept = game.kept();
  if (const auto& e = game.last_event()) o.last_dice = e->dice;
  if (o.is_my_turn()) o.legal = legal_ids(game);
  return o;
}

}  // namespace parlour::yahtzee
