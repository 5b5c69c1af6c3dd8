// parlour::yahtzee::Dice and Keep — dice as multisets (face counts).
//
// Order of the dice never matters in Yahtzee, so a roll is a multiset of five faces:
// there are 252 distinct rolls, and 462 distinct keeps of 0..5 dice.  Both are stored
// as packed face counts (3 bits per face, face f at bits 3(f-1)), so equal multisets
// are equal values.
//
// Keep::index numbers the 462 keeps by size (0 dice first), then in lexicographic
// order of their sorted faces: "" = 0, "1" = 1, ..., "6" = 6, "11" = 7, ... The 252
// five-dice keeps come last (indices 210..461); Dice::index = Keep::index - 210 numbers
// the rolls 0..251 in the same order ("11111" = 0, "66666" = 251).
//
// Text is the sorted faces ("35556"); parsing accepts the faces in any order with
// optional spaces or commas.  The probability of a roll of five fair dice is its
// number of orderings / 6^5.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "parlour/yahtzee/category.hpp"

namespace parlour::yahtzee {

inline constexpr int kNumDice = 5;
inline constexpr int kNumKeeps = 462;
inline constexpr int kNumRolls = 252;
inline constexpr int kNumPartialKeeps = 210;  // keeps of 0..4 dice

class Keep {
 public:
  constexpr Keep() noexcept = default;
  static constexpr Keep from_packed_unchecked(std::uint32_t packed) noexcept {
    Keep k;
    k.packed_ = packed;
    return k;
  }
  // Counts per face 1..6 (counts[0] is face 1); InvalidValue for negative counts or
  // more than five dice in all.
  static Keep from_counts(const std::array<int, 6>& counts);
  // InvalidValue for a face outside 1..6 or more than five faces.
  static Keep from_faces(const std::vector<int>& faces);
  // ParseError for text that is not 0..5 faces 1..6 ("", "-" and "none" are empty).
  static Keep parse(std::string_view text);
  // InvalidValue outside 0..461.
  static Keep from_index(long long index);

  [[nodiscard]] constexpr int count(int face) const noexcept {
    return static_cast<int>((packed_ >> (3 * (face - 1))) & 7u);
  }
  [[nodiscard]] constexpr int size() const noexcept {
    int n = 0;
    for (int f = 1; f <= 6; ++f) n += count(f);
    return n;
  }
  [[nodiscard]] constexpr int sum() const noexcept {
    int s = 0;
    for (int f = 1; f <= 6; ++f) s += f * count(f);
    return s;
  }
  [[nodiscard]] std::array<int, 6> counts() const noexcept;
  [[nodiscard]] std::vector<int> faces() const;
  [[nodiscard]] int index() const noexcept;
  [[nodiscard]] constexpr std::uint32_t packed() const noexcept { return packed_; }
  // The mixed-radix code sum count(f) * 6^(f-1) (lookup key of the tables).
  [[nodiscard]] constexpr int code() const noexcept {
    int c = 0;
    for (int f = 6; f >= 1; --f) c = c * 6 + count(f);
    return c;
  }
  [[nodiscard]] constexpr bool is_subset_of(Keep other) const noexcept {
    for (int f = 1; f <= 6; ++f)
      if (count(f) > other.count(f)) return false;
    return true;
  }
  [[nodiscard]] std::string str() const;
  friend constexpr bool operator==(Keep a, Keep b) noexcept = default;

 protected:
  std::uint32_t packed_ = 0;
};

class Dice : public Keep {
 public:
  // "11111": a placeholder; real rolls come from the factories below.
  constexpr Dice() noexcept { packed_ = 5; }
  static constexpr Dice from_packed_unchecked(std::uint32_t packed) noexcept {
    Dice d;
    d.packed_ = packed;
    return d;
  }
  // Exactly five dice, else InvalidValue.
  static Dice from_counts(const std::array<int, 6>& counts);
  static Dice from_faces(const std::vector<int>& faces);
  // ParseError unless the text is exactly five faces 1..6.
  static Dice parse(std::string_view text);
  // InvalidValue outside 0..251.
  static Dice from_index(long long index);
  // InvalidValue unless the keep holds five dice.
  static Dice from_keep(Keep k);

  [[nodiscard]] int index() const noexcept;  // 0..251
  // The face of a Yahtzee (five of a kind), or 0.
  [[nodiscard]] constexpr int yahtzee_face() const noexcept {
    for (int f = 1; f <= 6; ++f)
      if (count(f) == 5) return f;
    return 0;
  }
  // The distinct sub-multisets, in the order used for tie-breaks: from all five dice
  // down to none, each size in ascending Keep::index.
  [[nodiscard]] std::vector<Keep> keeps() const;
  // Orderings of these faces / 7776.
  [[nodiscard]] double probability() const noexcept;
  // The natural score in a category (no joker).
  [[nodiscard]] int score(Category c) const noexcept;
};

// The precomputed tables of the multiset lattice.
struct DiceTables {
  std::array<std::uint32_t, kNumKeeps> packed{};  // by keep index
  std::array<std::uint8_t, kNumKeeps> size{};
  std::array<std::int16_t, 46656> by_code{};  // code -> keep index, -1 if none
  // add[k][f-1]: the keep index of k plus one die f (k of 0..4 dice).
  std::array<std::array<std::int16_t, 6>, kNumPartialKeeps> add{};
  // sub[k][f-1]: the keep index of k minus one die f, or -1 when k has no f.
  std::array<std::array<std::int16_t, 6>, kNumKeeps> sub{};
  std::array<double, kNumRolls> roll_prob{};                                  // orderings / 7776
  std::array<std::uint16_t, kNumRolls> roll_ways{};                           // orderings (sum 7776)
  std::array<std::array<std::uint8_t, kNumCategories>, kNumRolls> natural{};  // natural score
  std::array<std::uint8_t, kNumRolls> yahtzee_face{};
  // The keep indices of each roll's distinct sub-multisets in Dice::keeps() order
  // (all five first, then each smaller size in ascending index); at most 32.
  std::array<std::array<std::int16_t, 32>, kNumRolls> roll_keeps{};
  std::array<std::uint8_t, kNumRolls> roll_keep_count{};
};

const DiceTables& dice_tables() noexcept;

// The natural score of dice given as counts (the rule itself; used to build the tables).
int natural_score(Category c, const std::array<int, 6>& counts) noexcept;

}  // namespace parlour::yahtzee
