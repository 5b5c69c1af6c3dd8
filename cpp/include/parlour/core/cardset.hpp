// parlour::core::CardSet — a set of cards as a 64-bit mask, bit 16*suit + rank.
//
// Each suit owns 16 bits of which bits 1..13 are cards; bits 0, 14 and 15 of every
// suit are never set in a valid set (kValidMask).  Iteration is in bit order:
// clubs A..K, spades, hearts, diamonds.
#pragma once

#include <bit>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "parlour/core/card.hpp"

namespace parlour::core {

inline constexpr std::uint64_t kSuitMask = 0x3FFEull;
inline constexpr std::uint64_t kValidMask = 0x3FFE3FFE3FFE3FFEull;

class CardSet {
 public:
  constexpr CardSet() noexcept = default;
  constexpr explicit CardSet(std::uint64_t mask, int /*unchecked*/) noexcept : mask_(mask) {}
  // Checked: InvalidValue when the mask has a bit that is not a card.
  static CardSet from_mask(std::uint64_t mask);
  static constexpr CardSet unchecked(std::uint64_t mask) noexcept { return CardSet(mask, 0); }
  static constexpr CardSet full_deck() noexcept { return CardSet(kValidMask, 0); }
  static constexpr CardSet of(Card c) noexcept { return CardSet(c.mask(), 0); }
  static constexpr CardSet suit(Suit s) noexcept { return CardSet(kSuitMask << (16 * static_cast<int>(s)), 0); }
  // Cards separated by spaces or commas, or run together ("As2s3s"); the empty text
  // is the empty set; ParseError on a malformed or repeated card.
  static CardSet parse(std::string_view text);

  [[nodiscard]] constexpr std::uint64_t mask() const noexcept { return mask_; }
  [[nodiscard]] constexpr int size() const noexcept { return std::popcount(mask_); }
  [[nodiscard]] constexpr bool empty() const noexcept { return mask_ == 0; }
  [[nodiscard]] constexpr bool contains(Card c) const noexcept { return (mask_ & c.mask()) != 0; }
  [[nodiscard]] constexpr bool is_subset_of(CardSet o) const noexcept { return (mask_ & ~o.mask_) == 0; }
  [[nodiscard]] constexpr bool is_disjoint(CardSet o) const noexcept { return (mask_ & o.mask_) == 0; }
  // The lowest card in bit order; undefined on the empty set.
  [[nodiscard]] constexpr Card first() const noexcept { return Card::from_bit_unchecked(std::countr_zero(mask_)); }
  [[nodiscard]] constexpr std::uint16_t suit_bits(Suit s) const noexcept {
    return static_cast<std::uint16_t>(mask_ >> (16 * static_cast<int>(s)));
  }

  constexpr CardSet operator|(CardSet o) const noexcept { return CardSet(mask_ | o.mask_, 0); }
  constexpr CardSet operator&(CardSet o) const noexcept { return CardSet(mask_ & o.mask_, 0); }
  constexpr CardSet operator^(CardSet o) const noexcept { return CardSet(mask_ ^ o.mask_, 0); }
  constexpr CardSet operator-(CardSet o) const noexcept { return CardSet(mask_ & ~o.mask_, 0); }
  constexpr CardSet operator~() const noexcept { return CardSet(~mask_ & kValidMask, 0); }
  constexpr CardSet& operator|=(CardSet o) noexcept {
    mask_ |= o.mask_;
    return *this;
  }
  constexpr CardSet& operator&=(CardSet o) noexcept {
    mask_ &= o.mask_;
    return *this;
  }
  constexpr CardSet& operator-=(CardSet o) noexcept {
    mask_ &= ~o.mask_;
    return *this;
  }
  constexpr CardSet& operator^=(CardSet o) noexcept {
    mask_ ^= o.mask_;
    return *this;
  }
  constexpr CardSet operator|(Card c) const noexcept { return CardSet(mask_ | c.mask(), 0); }
  constexpr CardSet operator-(Card c) const noexcept { return CardSet(mask_ & ~c.mask(), 0); }
  constexpr CardSet& operator|=(Card c) noexcept {
    mask_ |= c.mask();
    return *this;
  }
  constexpr CardSet& operator-=(Card c) noexcept {
    mask_ &= ~c.mask();
    return *this;
  }
  friend constexpr bool operator==(CardSet a, CardSet b) noexcept = default;

  // Iteration in bit order.
  class iterator {
   public:
    using value_type = Card;
    using difference_type = std::ptrdiff_t;
    constexpr iterator() noexcept = default;
    constexpr explicit iterator(std::uint64_t m) noexcept : m_(m) {}
    constexpr Card operator*() const noexcept { return Card::from_bit_unchecked(std::countr_zero(m_)); }
    constexpr iterator& operator++() noexcept {
      m_ &= m_ - 1;
      return *this;
    }
    constexpr iterator operator++(int) noexcept {
      iterator t = *this;
      ++*this;
      return t;
    }
    friend constexpr bool operator==(iterator a, iterator b) noexcept = default;

   private:
    std::uint64_t m_ = 0;
  };
  [[nodiscard]] constexpr iterator begin() const noexcept { return iterator(mask_); }
  [[nodiscard]] constexpr iterator end() const noexcept { return iterator(0); }

  [[nodiscard]] std::vector<Card> cards() const;
  [[nodiscard]] std::string str() const;      // "As 2s 3s" (bit order)
  [[nodiscard]] std::string unicode() const;  // "A♠ 2♠ 3♠"

 private:
  std::uint64_t mask_ = 0;
};

constexpr CardSet operator|(Card a, Card b) noexcept { return CardSet::of(a) | b; }

}  // namespace parlour::core
