// parlour::yahtzee::YahtzeeRules — the rule variants of solitaire Yahtzee.
//
// Default: official rules with the forced joker.  An "extra Yahtzee" is five of a
// kind rolled when the Yahtzee box is already filled (with 50 or with 0).
//
//   joker = Forced (default): (1) the matching upper box, if open, is the only legal
//           box; (2) otherwise any open lower box, at full joker value (Full House 25,
//           Small Straight 30, Large Straight 40, the rest the dice total);
//           (3) otherwise any open upper box, for zero.
//   joker = Free (Verhoeff's convention): an extra Yahtzee may go in any open box;
//           Full House / Small / Large Straight pay their joker values only when the
//           matching upper box is already filled (else zero); the other boxes score
//           naturally.
//   joker = None: no joker and no forcing; every open box is legal at its natural value.
//   yahtzee_bonus (default on): each extra Yahtzee earns 100 when the Yahtzee box
//           holds 50, wherever it is written (even a forced zero).
//   upper_bonus (default on): 35 when the upper subtotal reaches 63.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace parlour::yahtzee {

enum class Joker : std::uint8_t { Forced = 0, Free = 1, None = 2 };

std::string_view joker_name(Joker j) noexcept;  // "forced", "free", "none"
Joker parse_joker(std::string_view text);       // ParseError otherwise

struct YahtzeeRules {
  Joker joker = Joker::Forced;
  bool yahtzee_bonus = true;
  bool upper_bonus = true;

  // A one-byte code (joker | yahtzee_bonus << 2 | upper_bonus << 3), used in files.
  [[nodiscard]] constexpr std::uint8_t code() const noexcept {
    return static_cast<std::uint8_t>(static_cast<unsigned>(joker) | (yahtzee_bonus ? 4u : 0u) |
                                     (upper_bonus ? 8u : 0u));
  }
  // FormatError for an unknown code.
  static YahtzeeRules from_code(std::uint8_t code);
  // "forced", "free+no-yahtzee-bonus", "none+no-yahtzee-bonus+no-upper-bonus", ...
  [[nodiscard]] std::string str() const;
  // Parses str() (and "default"); ParseError otherwise.
  static YahtzeeRules parse(std::string_view text);
  friend constexpr bool operator==(const YahtzeeRules&, const YahtzeeRules&) noexcept = default;
};

}  // namespace parlour::yahtzee
