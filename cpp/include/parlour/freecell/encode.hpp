// parlour::freecell observation encoding — a position as one flat int8 vector for
// learning code (the encoding of parlour.envs.freecell and of the batched FreeCell
// environment; a documented, stable layout).
//
// A card is written as its dense index + 1 (13*suit + rank: suits CLUB 0, SPADE 1,
// HEART 2, DIAMOND 3, rank Ace 1 .. King 13), 0 is no card.  kObsSize (160) values:
//      0..151  cascades     8 rows of kMaxCascade (19): cascade i at 19*i, bottom card
//                           first, 0 past the top
//    152..155  freecells    the four cells
//    156..159  foundations  the height of each suit's pile (0..13), by suit
//
// 19 cards suffice in a game from a deal: at most 7 cards are dealt to a cascade, and
// the cards put on it form one descending alternating sequence, at most Queen to Ace on
// a dealt King (7 + 12).  A taller cascade (a position built by hand) is refused.
#pragma once

#include <cstdint>
#include <span>

#include "parlour/freecell/state.hpp"

namespace parlour::freecell {

inline constexpr int kMaxCascade = 19;
inline constexpr int kObsCascades = 0;
inline constexpr int kObsFreecells = kObsCascades + kCascades * kMaxCascade;  // 152
inline constexpr int kObsFoundations = kObsFreecells + kFreecells;            // 156
inline constexpr int kObsSize = kObsFoundations + 4;                          // 160

// Whether every cascade of `state` fits in kMaxCascade rows.
[[nodiscard]] bool fits_observation(const GameState& state) noexcept;

// Writes the vector of `state` into out; InvalidValue (nothing written) when a cascade
// holds more than kMaxCascade cards.
void encode_observation(const GameState& state, std::span<std::int8_t, kObsSize> out);

}  // namespace parlour::freecell
