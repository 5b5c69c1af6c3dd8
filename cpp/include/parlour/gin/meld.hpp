// parlour::gin::Meld — the melds of gin rummy and the deadwood value of a card.
//
// Rule (the rule card of the variant played: two players, knock limit 10, v1.0.0):
//   - a SET is 3 or 4 cards of one rank;
//   - a RUN is 3 or more consecutive cards of one suit, the Ace low only
//     (A-2-3 is a run, Q-K-A and K-A-2 are not);
//   - deadwood values: Ace 1, 2..9 their pips, T J Q K 10.
// A deck holds 329 melds: 65 sets (13 ranks x (one 4-set + four 3-sets)) and 264
// runs (4 suits x sum over lengths 3..13 of 14 - length = 4 x 66).
//
// A Meld is a validated value: its cards as a 64-bit CardSet mask (bit 16*suit+rank,
// so a run never wraps from the King into the next suit) and its kind.  It is 16
// bytes, trivially copyable, ordered and hashable by mask.  extended(card) grows a
// meld by one layoff: a 3-set takes its fourth card, a run one card at either end.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "parlour/core/card.hpp"
#include "parlour/core/cardset.hpp"

namespace parlour::gin {

using core::Card;
using core::CardSet;
using core::Suit;

// The deadwood value of a rank (1..13): A 1, 2..9 pips, T J Q K 10.
constexpr int rank_value(int rank) noexcept { return rank < 10 ? rank : 10; }
// The deadwood value of a card.
constexpr int card_value(Card c) noexcept { return rank_value(c.rank()); }
// The sum of the deadwood values of the cards (no melding).
int cards_value(CardSet cards) noexcept;

enum class MeldKind : std::uint8_t { Set = 0, Run = 1 };

inline constexpr int kMeldCount = 329;
inline constexpr int kSetMeldCount = 65;
inline constexpr int kRunMeldCount = 264;

class Meld {
 public:
  // A placeholder (the empty 'set'); only for arrays filled afterwards.
  constexpr Meld() noexcept = default;

  // The 3- or 4-card set of `rank` (1..13): all four suits when `missing` is empty,
  // else the three suits other than `missing`.  gin.InvalidMeld on a bad rank.
  static Meld set(int rank, std::optional<Suit> missing = std::nullopt);
  // The run of `suit` from rank `low` to rank `high` inclusive; gin.InvalidMeld
  // unless 1 <= low, high <= 13 and high - low >= 2.
  static Meld run(Suit suit, int low, int high);
  // The meld made of exactly these cards; gin.InvalidMeld naming why not (too few
  // cards, too many for a set, mixed ranks and suits, not consecutive, a gap).
  static Meld from_cards(CardSet cards);
  // Whether the cards form a meld (no exception).
  static bool is_meld(CardSet cards) noexcept;
  // Unchecked: the caller guarantees `cards` is a meld of that kind.
  static constexpr Meld unchecked(CardSet cards, MeldKind kind) noexcept { return Meld(cards, kind); }

  [[nodiscard]] constexpr MeldKind kind() const noexcept { return kind_; }
  [[nodiscard]] constexpr bool is_set() const noexcept { return kind_ == MeldKind::Set; }
  [[nodiscard]] constexpr bool is_run() const noexcept { return kind_ == MeldKind::Run; }
  [[nodiscard]] constexpr CardSet cards() const noexcept { return cards_; }
  [[nodiscard]] constexpr std::uint64_t mask() const noexcept { return cards_.mask(); }
  [[nodiscard]] constexpr int size() const noexcept { return cards_.size(); }
  // The suit of a run (the suit of the lowest card for a set: use is_run()).
  [[nodiscard]] constexpr Suit suit() const noexcept { return cards_.first().suit(); }
  // The rank of a set (the lowest rank for a run).
  [[nodiscard]] int rank() const noexcept { return low(); }
  // The lowest and highest rank (equal for a set).
  [[nodiscard]] int low() const noexcept;
  [[nodiscard]] int high() const noexcept;
  // The sum of the deadwood values of the meld's cards.
  [[nodiscard]] int value() const noexcept { return cards_value(cards_); }

  // The cards that extend this meld by one layoff: the missing suit of a 3-set, the
  // card below and above a run (when they exist); empty for a 4-set.
  [[nodiscard]] CardSet extensions() const noexcept;
  // The meld grown by `card`, or nothing when the card does not extend it.
  [[nodiscard]] std::optional<Meld> extended(Card card) const noexcept;

  [[nodiscard]] std::string str() const;      // "7h 8h 9h"
  [[nodiscard]] std::string unicode() const;  // "7♥8♥9♥"

  friend constexpr bool operator==(Meld a, Meld b) noexcept { return a.cards_ == b.cards_; }
  friend constexpr auto operator<=>(Meld a, Meld b) noexcept { return a.cards_.mask() <=> b.cards_.mask(); }

 private:
  constexpr Meld(CardSet cards, MeldKind kind) noexcept : cards_(cards), kind_(kind) {}
  CardSet cards_{};
  MeldKind kind_ = MeldKind::Set;
};

// All 329 melds of a deck: the 65 sets (by rank: the 4-set, then the 3-sets missing
// clubs, spades, hearts, diamonds), then the 264 runs (by suit, then low rank, then
// length).
const std::array<Meld, kMeldCount>& all_melds() noexcept;

}  // namespace parlour::gin
