// parlour::core::Card — one playing card of a standard 52-card deck.
//
// Ranks are 1..13 with the Ace low (ACE=1, JACK=11, QUEEN=12, KING=13).  Suits are
// numbered as the FreeCell crate numbers them, everywhere in the library:
// CLUB=0, SPADE=1, HEART=2, DIAMOND=3; clubs and spades are black, hearts and
// diamonds red.
//
// Encodings (all documented, all stable):
//   bit   = 16*suit + rank      (1..61; the CardSet mask bit, so runs never wrap)
//   index = 13*suit + rank - 1  (0..51, dense)
// Text: rank "A23456789TJQK" then suit "cshd" ("As", "Td", "7c") is canonical; the
// parser is case-insensitive, accepts "10" for ten, suit glyphs (♣♠♥♦, filled or
// hollow) and the long form "Jack of Diamonds" / "10 of hearts".
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace parlour::core {

enum class Suit : std::uint8_t { Club = 0, Spade = 1, Heart = 2, Diamond = 3 };
enum class Rank : std::uint8_t { Ace = 1, Two, Three, Four, Five, Six, Seven, Eight, Nine, Ten, Jack, Queen, King };
enum class Colour : std::uint8_t { Black = 0, Red = 1 };

inline constexpr int kAce = 1;
inline constexpr int kJack = 11;
inline constexpr int kQueen = 12;
inline constexpr int kKing = 13;
inline constexpr int kDeckSize = 52;

constexpr Colour colour_of(Suit s) noexcept {
  return (s == Suit::Club || s == Suit::Spade) ? Colour::Black : Colour::Red;
}

class Card {
 public:
  // A placeholder that is not a card (bit 0); only for arrays filled afterwards.
  constexpr Card() noexcept = default;
  // Unchecked construction from a valid rank (1..13) and suit; see make() for checks.
  constexpr Card(int rank, Suit suit) noexcept : bit_(static_cast<std::uint8_t>(16 * static_cast<int>(suit) + rank)) {}

  // Checked construction: InvalidValue when rank is not 1..13 or suit not 0..3.
  static Card make(int rank, int suit);
  static constexpr Card from_bit_unchecked(int bit) noexcept { return Card(bit & 15, static_cast<Suit>(bit >> 4)); }
  static constexpr Card from_index_unchecked(int index) noexcept {
    return Card(index % 13 + 1, static_cast<Suit>(index / 13));
  }
  // Checked conversions: InvalidValue outside 0..51 / not a card bit.
  static Card from_index(long long index);
  static Card from_bit(long long bit);
  // ParseError (quoting the text) for anything that is not one card.
  static Card parse(std::string_view text);

  [[nodiscard]] constexpr int rank() const noexcept { return bit_ & 15; }
  [[nodiscard]] constexpr Suit suit() const noexcept { return static_cast<Suit>(bit_ >> 4); }
  [[nodiscard]] constexpr Colour colour() const noexcept { return colour_of(suit()); }
  [[nodiscard]] constexpr int bit() const noexcept { return bit_; }
  [[nodiscard]] constexpr std::uint64_t mask() const noexcept { return std::uint64_t{1} << bit_; }
  [[nodiscard]] constexpr int index() const noexcept { return 13 * static_cast<int>(suit()) + rank() - 1; }

  [[nodiscard]] std::string str() const;        // "As"
  [[nodiscard]] std::string unicode() const;    // "A♠"
  [[nodiscard]] std::string long_name() const;  // "Ace of Spades"

  friend constexpr bool operator==(Card a, Card b) noexcept { return a.bit_ == b.bit_; }
  // Cards order as their bits: suit-major (clubs, spades, hearts, diamonds), then rank.
  friend constexpr auto operator<=>(Card a, Card b) noexcept { return a.bit_ <=> b.bit_; }

 private:
  std::uint8_t bit_ = 0;
};

char rank_char(int rank) noexcept;           // 'A', '2', ..., 'T', 'J', 'Q', 'K'
char suit_char(Suit suit) noexcept;          // 'c', 's', 'h', 'd'
const char* suit_glyph(Suit suit) noexcept;  // "♣", "♠", "♥", "♦"
const char* rank_name(int rank) noexcept;    // "Ace", "Two", ..., "King"
const char* suit_name(Suit suit) noexcept;   // "Clubs", ...

}  // namespace parlour::core
