// parlour::gin observation encoding — one player's Observation as fixed-shape int8
// planes for learning code (the encoding of parlour.envs.gin and of the batched gin
// environments; a documented, stable layout).
//
// kObsPlanes x kObsColumns (13 x 52) values of 0/1, row-major; a card's column is its
// dense index 13*suit + rank - 1 (suits CLUB 0, SPADE 1, HEART 2, DIAMOND 3).
//
// Card planes (a 1 at each card of the set):
//    0 hand               the observing player's hand
//    1 pile_top           the top card of the discard pile (empty if the pile is)
//    2 pile_rest          the other cards of the discard pile
//    3 opponent_known     cards the opponent took from the pile and still holds
//    4 opponent_discards  every card the opponent has discarded
//    5 own_discards       every card the observing player has discarded
//    6 spread             the knocker's melds on the table, grown by layoffs
//    7 laid_off           the cards the defender has laid off
//    8 taken              the card taken from the pile this turn (may not be discarded)
// Count planes (thermometers: the first n columns are 1):
//    9 stock_size         cards left in the stock
//   10 knock_limit        the round's knock limit (0: gin only)
//   11 opponent_hand_size the opponent's card count
// Flags:
//   12 status             columns 0..4 one-hot the phase (UPCARD, DRAW, DISCARD, LAYOFF,
//                         FINISHED); 5 the observer is to act; 6 the observer dealt;
//                         7 the observer knocked; 8 the opponent knocked; 9 at least one
//                         upcard pass; 10 two passes; columns 11..51 are 0.
//
// Only what the Observation holds is encoded: never the opponent's hidden cards nor
// the stock order.
#pragma once

#include <cstdint>
#include <span>

#include "parlour/gin/observation.hpp"

namespace parlour::gin {

inline constexpr int kObsPlanes = 13;
inline constexpr int kObsColumns = 52;
inline constexpr int kObsSize = kObsPlanes * kObsColumns;  // 676

// Plane (row) numbers.
inline constexpr int kPlaneHand = 0;
inline constexpr int kPlanePileTop = 1;
inline constexpr int kPlanePileRest = 2;
inline constexpr int kPlaneOpponentKnown = 3;
inline constexpr int kPlaneOpponentDiscards = 4;
inline constexpr int kPlaneOwnDiscards = 5;
inline constexpr int kPlaneSpread = 6;
inline constexpr int kPlaneLaidOff = 7;
inline constexpr int kPlaneTaken = 8;
inline constexpr int kPlaneStockSize = 9;
inline constexpr int kPlaneKnockLimit = 10;
inline constexpr int kPlaneOpponentHandSize = 11;
inline constexpr int kPlaneStatus = 12;

// Columns of the status plane.
inline constexpr int kStatusPhase = 0;  // + Phase (0..4)
inline constexpr int kStatusMyTurn = 5;
inline constexpr int kStatusIDealt = 6;
inline constexpr int kStatusIKnocked = 7;
inline constexpr int kStatusOpponentKnocked = 8;
inline constexpr int kStatusPassedOnce = 9;
inline constexpr int kStatusPassedTwice = 10;

// Writes the planes of `obs` into out (every value written).
void encode_observation(const Observation& obs, std::span<std::int8_t, kObsSize> out) noexcept;

// The same for `player`'s view of `round`, without building an Observation (the batched
// environments' path; equal to encode_observation(observe(round, player))).
void encode_round(const Round& round, Player player, std::span<std::int8_t, kObsSize> out) noexcept;

}  // namespace parlour::gin
