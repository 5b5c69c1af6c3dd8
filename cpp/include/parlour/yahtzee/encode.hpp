// parlour::yahtzee observation encoding — what one player needs to decide, as one flat
// int8 vector for learning code (the encoding of parlour.envs.yahtzee and of the batched
// Yahtzee environment; a documented, stable layout).
//
// kObsSize (21) values, in order:
//    0..4   dice         the five faces, ascending (1..6)
//    5      rolls_left   rolls left in the turn (2 after the first roll, 0 after the third)
//    6..18  filled       1 for each filled box, card order ACES .. CHANCE
//   19      upper_total  the upper-section subtotal capped at 63 (State::upper)
//   20      yahtzee_50   1 when the Yahtzee box holds 50
// The state part (filled, upper_total, yahtzee_50) is exactly State: everything about a
// card that matters for play.
#pragma once

#include <cstdint>
#include <span>

#include "parlour/yahtzee/game.hpp"
#include "parlour/yahtzee/state.hpp"

namespace parlour::yahtzee {

inline constexpr int kObsDice = 0;
inline constexpr int kObsRollsLeft = kObsDice + kNumDice;           // 5
inline constexpr int kObsFilled = kObsRollsLeft + 1;                // 6
inline constexpr int kObsUpperTotal = kObsFilled + kNumCategories;  // 19
inline constexpr int kObsYahtzee50 = kObsUpperTotal + 1;            // 20
inline constexpr int kObsSize = kObsYahtzee50 + 1;                  // 21

// Writes the vector of a state, dice and rolls left into out (every value written).
void encode_observation(State state, Dice dice, int rolls_left, std::span<std::int8_t, kObsSize> out) noexcept;

// The vector of the current player of `game`: its State, the dice and Game::rolls_left
// (0 once the game is over).  When the game has no dice (it is over, or waits for a roll
// without auto_roll), `last_dice` stands for them.
void encode_game(const Game& game, Dice last_dice, std::span<std::int8_t, kObsSize> out) noexcept;

}  // namespace parlour::yahtzee
