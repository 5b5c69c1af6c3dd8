#include "parlour/yahtzee/encode.hpp"

namespace parlour::yahtzee {

void encode_observation(State state, Dice dice, int rolls_left, std::span<std::int8_t, kObsSize> out) noexcept {
  int i = kObsDice;
  for (int f = 1; f <= 6; ++f)
    for (int k = dice.count(f); k > 0 && i < kObsDice + kNumDice; --k)
      out[static_cast<std::size_t>(i++)] = static_cast<std::int8_t>(f);
  while (i < kObsDice + kNumDice) out[static_cast<std::size_t>(i++)] = 0;  // unreachable for real dice
  out[kObsRollsLeft] = static_cast<std::int8_t>(rolls_left);
  const std::uint32_t scored = state.scored().bits();
  for (int c = 0; c < kNumCategories; ++c)
    out[static_cast<std::size_t>(kObsFilled + c)] = static_cast<std::int8_t>((scored >> c) & 1u);
  out[kObsUpperTotal] = static_cast<std::int8_t>(state.upper());
  out[kObsYahtzee50] = state.yahtzee_50() ? 1 : 0;
}

void encode_game(const Game& game, Dice last_dice, std::span<std::int8_t, kObsSize> out) noexcept {
  const State state = game.scorecards()[static_cast<std::size_t>(game.player())].state();
  const auto dice = game.dice();
  encode_observation(state, dice ? *dice : last_dice, game.rolls_left(), out);
}

}  // namespace parlour::yahtzee
