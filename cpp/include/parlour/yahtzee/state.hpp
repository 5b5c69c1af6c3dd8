// parlour::yahtzee::State and ScoreDelta — everything about a card that affects
// future play (after the Rust crate yahtzee-engine 0.1.0, State).
//
// Three facts matter for legality and expected value: which categories are filled,
// the upper-section subtotal capped at the bonus threshold 63, and whether the
// Yahtzee box holds 50 (the gate of the 100-point bonus).  Box-by-box history is
// display data and lives in Scorecard.
//
// index(): the perfect 20-bit hash — category bits 0..12 in card order, the capped
// upper subtotal in bits 13..18, the Yahtzee-50 flag in bit 19.  from_index() returns
// nullopt for an index whose upper subtotal exceeds what the scored upper categories
// can total (5 x face each) or 63, or whose flag is set without the Yahtzee box.
//
// legal_categories / apply follow the YahtzeeRules (default: the forced joker, see
// rules.hpp); apply returns nullopt for a category that is not legal.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "parlour/yahtzee/category.hpp"
#include "parlour/yahtzee/dice.hpp"
#include "parlour/yahtzee/rules.hpp"

namespace parlour::yahtzee {

inline constexpr int kIndexBits = 20;
inline constexpr int kIndexSize = 1 << kIndexBits;
inline constexpr int kNumValidStates = 591360;  // checked by the tests

// The most the scored upper categories can total (5 x face each), capped at 63.
constexpr int max_upper(Categories scored) noexcept {
  int m = 0;
  for (int f = 1; f <= 6; ++f)
    if (scored.bits() & (1u << (f - 1))) m += 5 * f;
  return m < kUpperBonusThreshold ? m : kUpperBonusThreshold;
}

// The categories `dice` may be written in when `scored` is filled (joker forcing per
// the rules); empty only on a full card.
Categories legal_categories(Categories scored, Dice dice, const YahtzeeRules& rules) noexcept;
// The value written in box c (joker values per the rules), assuming c is legal.
int box_value(Category c, Dice dice, Categories scored, const YahtzeeRules& rules) noexcept;

class State;

struct ScoreDelta {
  int value = 0;          // written in the box
  int upper_bonus = 0;    // 35 when this write brought the upper subtotal to 63
  int yahtzee_bonus = 0;  // 100 for an extra Yahtzee while the box holds 50
  std::uint32_t next_index = 0;
  [[nodiscard]] int reward() const noexcept { return value + upper_bonus + yahtzee_bonus; }
  [[nodiscard]] State next() const noexcept;
  friend bool operator==(const ScoreDelta&, const ScoreDelta&) noexcept = default;
};

class State {
 public:
  constexpr State() noexcept = default;
  // Clamps to consistency: upper to max_upper(scored), yahtzee_50 cleared unless the
  // Yahtzee box is scored.
  constexpr State(Categories scored, int upper, bool yahtzee_50) noexcept {
    const int cap = max_upper(scored);
    const int u = upper < 0 ? 0 : (upper > cap ? cap : upper);
    const bool y = yahtzee_50 && scored.contains(Category::Yahtzee);
    index_ = scored.bits() | (static_cast<std::uint32_t>(u) << 13) | (y ? (1u << 19) : 0u);
  }
  static constexpr State from_index_unchecked(std::uint32_t index) noexcept {
    State s;
    s.index_ = index;
    return s;
  }
  static std::optional<State> from_index(long long index) noexcept;
  // The state with these boxes filled, refusing what no card can reach (InvalidValue):
  // an upper subtotal below 0 or above what the filled upper boxes can total (5 x face
  // each; a subtotal above 63 is kept as 63, all the bonus needs), or the Yahtzee-50
  // flag without the Yahtzee box filled.
  static State checked(Categories scored, int upper, bool yahtzee_50);
  // A state from text: an index ("4097"), "start", or the filled boxes by name separated
  // by commas, with optional words "upper=N" and "y50": "aces,chance,yahtzee upper=3 y50".
  // ParseError for text that is none of these or a state no card can reach.
  static State parse(std::string_view text);

  [[nodiscard]] constexpr Categories scored() const noexcept {
    return Categories::from_bits_unchecked(index_ & 0x1FFF);
  }
  [[nodiscard]] constexpr int upper() const noexcept { return static_cast<int>((index_ >> 13) & 63u); }
  [[nodiscard]] constexpr bool yahtzee_50() const noexcept { return (index_ >> 19) & 1u; }
  [[nodiscard]] constexpr bool is_full() const noexcept { return (index_ & 0x1FFF) == Categories::kAllBits; }
  [[nodiscard]] constexpr std::uint32_t index() const noexcept { return index_; }

  [[nodiscard]] Categories legal_categories(Dice dice, const YahtzeeRules& rules = {}) const noexcept {
    return yahtzee::legal_categories(scored(), dice, rules);
  }
  [[nodiscard]] std::optional<ScoreDelta> apply(Category c, Dice dice, const YahtzeeRules& rules = {}) const noexcept;
  // "State(Categories(...), upper=.., yahtzee_50=..)"-like text for reprs.
  [[nodiscard]] std::string str() const;
  friend constexpr bool operator==(State a, State b) noexcept = default;

 private:
  std::uint32_t index_ = 0;
};

inline constexpr State kStart{};

inline State ScoreDelta::next() const noexcept { return State::from_index_unchecked(next_index); }

}  // namespace parlour::yahtzee
