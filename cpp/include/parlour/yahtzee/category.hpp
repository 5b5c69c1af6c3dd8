// parlour::yahtzee::Category and Categories — the 13 boxes of a solitaire Yahtzee card.
//
// Card order (also the tie-break order everywhere): ACES=0, TWOS, THREES, FOURS,
// FIVES, SIXES (the upper section, face = category + 1), THREE_OF_A_KIND=6,
// FOUR_OF_A_KIND=7, FULL_HOUSE=8 (25), SMALL_STRAIGHT=9 (30), LARGE_STRAIGHT=10 (40),
// YAHTZEE=11 (50), CHANCE=12 (the lower section).  Natural scores (no joker): an
// upper box scores the dice showing its face; 3K / 4K score the dice total when at
// least three / four dice agree; Chance always scores the total.  Five of a kind is
// not a natural full house or straight.
//
// Categories is a 13-bit set, bit i = Category i (the category bits of State::index).
#pragma once

#include <bit>
#include <cstdint>
#include <string>
#include <string_view>

namespace parlour::yahtzee {

enum class Category : std::uint8_t {
  Aces = 0,
  Twos,
  Threes,
  Fours,
  Fives,
  Sixes,
  ThreeOfAKind,
  FourOfAKind,
  FullHouse,
  SmallStraight,
  LargeStraight,
  Yahtzee,
  Chance,
};

inline constexpr int kNumCategories = 13;
inline constexpr int kFullHouseScore = 25;
inline constexpr int kSmallStraightScore = 30;
inline constexpr int kLargeStraightScore = 40;
inline constexpr int kYahtzeeScore = 50;
inline constexpr int kYahtzeeBonus = 100;
inline constexpr int kUpperBonus = 35;
inline constexpr int kUpperBonusThreshold = 63;

constexpr int to_int(Category c) noexcept { return static_cast<int>(c); }
constexpr bool is_upper(Category c) noexcept { return to_int(c) < 6; }
// The face an upper category counts (1..6), 0 for a lower category.
constexpr int upper_face(Category c) noexcept { return is_upper(c) ? to_int(c) + 1 : 0; }
// InvalidValue outside 0..12.
Category category_from_int(long long value);
// Lower-case snake name ("full_house"), the text form used in actions and JSON.
std::string_view category_name(Category c) noexcept;
// Parses a name ("full_house", "Full House", "fh", "3k", "sixes", "6"...); ParseError otherwise.
Category parse_category(std::string_view text);

class Categories {
 public:
  static constexpr std::uint16_t kAllBits = (1u << kNumCategories) - 1;
  static constexpr std::uint16_t kUpperBits = 0x3F;

  constexpr Categories() noexcept = default;
  static constexpr Categories from_bits_unchecked(std::uint32_t bits) noexcept {
    Categories c;
    c.bits_ = static_cast<std::uint16_t>(bits & kAllBits);
    return c;
  }
  // InvalidValue when a bit above 12 is set.
  static Categories from_bits(long long bits);
  static constexpr Categories of(Category c) noexcept { return from_bits_unchecked(1u << to_int(c)); }
  static constexpr Categories all() noexcept { return from_bits_unchecked(kAllBits); }
  static constexpr Categories upper() noexcept { return from_bits_unchecked(kUpperBits); }
  static constexpr Categories lower() noexcept { return from_bits_unchecked(kAllBits & ~kUpperBits); }

  [[nodiscard]] constexpr std::uint16_t bits() const noexcept { return bits_; }
  [[nodiscard]] constexpr bool contains(Category c) const noexcept { return (bits_ >> to_int(c)) & 1u; }
  [[nodiscard]] constexpr int size() const noexcept { return std::popcount(static_cast<unsigned>(bits_)); }
  [[nodiscard]] constexpr bool empty() const noexcept { return bits_ == 0; }
  [[nodiscard]] constexpr Categories with(Category c) const noexcept {
    return from_bits_unchecked(bits_ | (1u << to_int(c)));
  }
  [[nodiscard]] std::string str() const;  // "aces, chance" or "-" when empty

  friend constexpr Categories operator|(Categories a, Categories b) noexcept {
    return from_bits_unchecked(a.bits_ | b.bits_);
  }
  friend constexpr Categories operator&(Categories a, Categories b) noexcept {
    return from_bits_unchecked(a.bits_ & b.bits_);
  }
  friend constexpr Categories operator^(Categories a, Categories b) noexcept {
    return from_bits_unchecked(a.bits_ ^ b.bits_);
  }
  friend constexpr Categories operator-(Categories a, Categories b) noexcept {
    return from_bits_unchecked(a.bits_ & ~b.bits_);
  }
  friend constexpr Categories operator~(Categories a) noexcept { return from_bits_unchecked(~a.bits_ & kAllBits); }
  friend constexpr bool operator==(Categories a, Categories b) noexcept = default;

 private:
  std::uint16_t bits_ = 0;
};

}  // namespace parlour::yahtzee
