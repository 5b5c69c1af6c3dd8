// parlour::gin::Player — the two seats of a two-handed game of gin rummy.
//
// ONE = 0 and TWO = 1, so a player indexes per-player arrays; opponent() flips.
#pragma once

#include <cstdint>

namespace parlour::gin {

enum class Player : std::uint8_t { One = 0, Two = 1 };

constexpr Player opponent(Player p) noexcept { return p == Player::One ? Player::Two : Player::One; }
constexpr int index_of(Player p) noexcept { return static_cast<int>(p); }

}  // namespace parlour::gin
