// parlour::gin deadwood — arrangements of a hand into melds, the minimum deadwood,
// and the best discard.
//
// Rule (the rule card): a card belongs to one meld only; a hand's
// deadwood is the value (A 1, 2..9 pips, T J Q K 10) of the cards left out of its
// melds, and the count that matters is the minimum over all arrangements.
//
// The search is exact:
//   - Within one suit, with no sets taken, the runs that meld the most value are
//     exactly the maximal blocks of three or more consecutive cards, so a table of
//     8192 entries gives the deadwood of any 13-bit suit pattern.
//   - Sets couple the suits; only ranks with three or four cards in the hand can
//     hold one.  A set whose cards cannot be in any run is always taken; every other
//     candidate rank is branched over (no set, the 4-set, each 3-set), and each leaf
//     costs four table lookups.  A 10-card hand has at most 3 candidate ranks
//     (at most 216 leaves, usually 1).
//   - Larger hands with five or more open candidate ranks (15+ cards) use an exact
//     dynamic program over ranks (per suit: the length of the open run, 0..3+).
// best_discard is exact over every discard, not "drop the top deadwood card of one
// optimal arrangement" (2c 4c 5c 6c 3d 4d 5d 6d 5h 6h 2s keeps 9 by discarding 6h).
//
// Tie-breaks (deterministic, documented):
//   - best_melds: minimum deadwood, then fewest sets, then fewest cards in sets,
//     then the lowest mask of set cards; runs are the maximal consecutive blocks left
//     in each suit (a 6-card run is one meld); melds are listed by lowest rank; at
//     equal rank a set comes before runs, and runs go by suit (clubs, spades, hearts,
//     diamonds).
//   - best_discard: minimum remaining deadwood, then the highest-valued card, then
//     the highest rank, then the highest suit (diamonds, hearts, spades, clubs).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>

#include "parlour/core/interrupt.hpp"
#include "parlour/gin/meld.hpp"

namespace parlour::gin {

// The most cards an arrangement may hold (a hand just after the draw).
inline constexpr int kMaxHandCards = 11;
// The most disjoint melds in kMaxHandCards cards.
inline constexpr int kMaxMelds = 3;

// One arrangement of a hand: disjoint melds inside the hand, the rest deadwood.
class Melds {
 public:
  // The empty hand, no melds.
  Melds() noexcept = default;
  // Validated: gin.ArrangeError when the hand has more than 11 cards, a meld is not
  // inside the hand, or two melds share a card.
  Melds(CardSet hand, std::span<const Meld> melds);
  // Unchecked: the caller guarantees the invariants above (melds already in order).
  static Melds unchecked(CardSet hand, std::span<const Meld> melds) noexcept;

  [[nodiscard]] CardSet hand() const noexcept { return hand_; }
  [[nodiscard]] std::span<const Meld> melds() const noexcept {
    return {melds_.data(), static_cast<std::size_t>(count_)};
  }
  [[nodiscard]] int count() const noexcept { return count_; }
  [[nodiscard]] CardSet melded() const noexcept { return melded_; }
  [[nodiscard]] CardSet deadwood_cards() const noexcept { return hand_ - melded_; }
  [[nodiscard]] int deadwood() const noexcept { return cards_value(hand_ - melded_); }
  [[nodiscard]] int set_count() const noexcept;

  // "7h 8h 9h  Qc Qs Qd | Ad 5d" and with glyphs "7♥8♥9♥ Q♣Q♠Q♦ | A♦5♦".
  [[nodiscard]] std::string str() const;
  [[nodiscard]] std::string unicode() const;

  friend bool operator==(const Melds& a, const Melds& b) noexcept;

 private:
  CardSet hand_{};
  CardSet melded_{};
  std::array<Meld, kMaxMelds> melds_{};
  int count_ = 0;
};

// The minimum deadwood of any set of cards (0..340 for the whole deck's value).
int deadwood(CardSet hand) noexcept;
// An optimal arrangement (tie-break above); gin.ArrangeError above 11 cards.
Melds best_melds(CardSet hand);

struct Discard {
  Card card;     // the chosen discard (tie-break above)
  int deadwood;  // the minimum deadwood of the hand without it
  CardSet ties;  // every discard reaching that minimum
  friend bool operator==(const Discard&, const Discard&) = default;
};
// The exact best discard of a non-empty hand (normally 11 cards);
// core::InvalidValue on the empty hand.
Discard best_discard(CardSet hand);
// Checks a Discard read from outside (a pickle): InvalidValue unless the card is among
// the ties and the deadwood is one a set of cards can have (0 .. 340, the whole deck).
void validate(const Discard& discard);

// Batch forms for NumPy: masks must be valid card masks (the caller checks).  A set of
// many cards costs far more than a hand (some 80 us for the whole deck against 10 ns
// for 11 cards, and best_discard's exact search of a whole deck some 4 ms), so both
// ask `stop` (when given) every kBatchStopEvery masks, best_discard_batch before each
// exact search too, and throw core::Interrupted once it answers true.
inline constexpr std::size_t kBatchStopEvery = 64;
// out[i] = deadwood(masks[i]).
void deadwood_batch(std::span<const std::uint64_t> masks, std::span<std::uint8_t> out, core::StopToken* stop = nullptr);
// dw[i] = best_discard(masks[i]).deadwood, card[i] = its card's dense index;
// an empty mask gives dw 0 and card 255.
void best_discard_batch(std::span<const std::uint64_t> masks, std::span<std::uint8_t> dw, std::span<std::uint8_t> card,
                        core::StopToken* stop = nullptr);

// The deadwood of a 13-bit suit pattern (bit r-1 = rank r) melded in runs only.
int suit_run_deadwood(unsigned pattern) noexcept;

}  // namespace parlour::gin
