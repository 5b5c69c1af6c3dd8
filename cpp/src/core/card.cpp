#include "parlour/core/card.hpp"

#include <array>
#include <cctype>
#include <string>

#include "parlour/core/errors.hpp"

namespace parlour::core {

namespace {
constexpr std::string_view kRankChars = "A23456789TJQK";
constexpr std::string_view kSuitChars = "cshd";
constexpr std::array<const char*, 14> kRankNames = {"",      "Ace",   "Two",  "Three", "Four", "Five",  "Six",
                                                    "Seven", "Eight", "Nine", "Ten",   "Jack", "Queen", "King"};
constexpr std::array<const char*, 4> kSuitNames = {"Clubs", "Spades", "Hearts", "Diamonds"};
constexpr std::array<const char*, 4> kSuitGlyphs = {"\u2663", "\u2660", "\u2665", "\u2666"};
constexpr std::array<const char*, 4> kHollowGlyphs = {"\u2667", "\u2664", "\u2661", "\u2662"};

std::string lower(std::string_view s) {
  std::string out(s);
  for (auto& ch : out) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return out;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// Rank word of the long form: "ace", "two", ..., "king", or a number "1".."13" ("1" is not accepted
// as a short rank; here "ace" or "a" is).
int long_rank(std::string_view w) {
  static constexpr std::array<std::string_view, 14> names = {
      "", "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king"};
  for (int r = 1; r <= 13; ++r)
    if (w == names[r]) return r;
  if (w == "10") return 10;
  if (w.size() == 1) {
    const auto pos = kRankChars.find(static_cast<char>(std::toupper(static_cast<unsigned char>(w[0]))));
    if (pos != std::string_view::npos) return static_cast<int>(pos) + 1;
  }
  return 0;
}

int long_suit(std::string_view w) {
  static constexpr std::array<std::string_view, 4> names = {"club", "spade", "heart", "diamond"};
  if (!w.empty() && w.back() == 's') w.remove_suffix(1);
  for (int s = 0; s < 4; ++s)
    if (w == names[s]) return s;
  return -1;
}

}  // namespace

char rank_char(int rank) noexcept { return (rank >= 1 && rank <= 13) ? kRankChars[rank - 1] : '?'; }
char suit_char(Suit suit) noexcept { return kSuitChars[static_cast<int>(suit) & 3]; }
const char* suit_glyph(Suit suit) noexcept { return kSuitGlyphs[static_cast<int>(suit) & 3]; }
const char* rank_name(int rank) noexcept { return (rank >= 1 && rank <= 13) ? kRankNames[rank] : "?"; }
const char* suit_name(Suit suit) noexcept { return kSuitNames[static_cast<int>(suit) & 3]; }

Card Card::make(int rank, int suit) {
  if (rank < 1 || rank > 13) throw InvalidValue("rank must be 1..13 (Ace low), got " + std::to_string(rank));
  if (suit < 0 || suit > 3)
    throw InvalidValue("suit must be 0..3 (CLUB, SPADE, HEART, DIAMOND), got " + std::to_string(suit));
  return Card(rank, static_cast<Suit>(suit));
}

Card Card::from_index(long long index) {
  if (index < 0 || index >= kDeckSize) throw InvalidValue("card index must be 0..51, got " + std::to_string(index));
  return from_index_unchecked(static_cast<int>(index));
}

Card Card::from_bit(long long bit) {
  if (bit < 0 || bit > 63 || ((std::uint64_t{1} << bit) & 0x3FFE3FFE3FFE3FFEull) == 0)
    throw InvalidValue("card bit must be 16*suit + rank with rank 1..13, got " + std::to_string(bit));
  return from_bit_unchecked(static_cast<int>(bit));
}

// Parses a suit symbol at the start of s; returns the suit and its byte length, or -1.
static std::pair<int, std::size_t> parse_suit_symbol(std::string_view s) {
  if (s.empty()) return {-1, 0};
  const auto pos = kSuitChars.find(static_cast<char>(std::tolower(static_cast<unsigned char>(s[0]))));
  if (pos != std::string_view::npos) return {static_cast<int>(pos), 1};
  for (int i = 0; i < 4; ++i) {
    for (const char* g : {kSuitGlyphs[i], kHollowGlyphs[i]}) {
      const std::string_view gv(g);
      if (s.substr(0, gv.size()) == gv) return {i, gv.size()};
    }
  }
  return {-1, 0};
}

// Parses a short card ("As", "10h", "t♦") at the start of s; returns the card and the bytes used,
// or used == 0 when s does not start with a card.
std::pair<Card, std::size_t> parse_card_prefix(std::string_view s) {
  const Card none(1, Suit::Club);
  if (s.empty()) return {none, 0};
  int rank = 0;
  std::size_t used = 0;
  if (s.size() >= 2 && s[0] == '1' && s[1] == '0') {
    rank = 10;
    used = 2;
  } else {
    const auto pos = kRankChars.find(static_cast<char>(std::toupper(static_cast<unsigned char>(s[0]))));
    if (pos == std::string_view::npos) return {none, 0};
    rank = static_cast<int>(pos) + 1;
    used = 1;
  }
  const auto [suit, len] = parse_suit_symbol(s.substr(used));
  if (suit < 0) return {none, 0};
  return {Card(rank, static_cast<Suit>(suit)), used + len};
}

Card Card::parse(std::string_view text) {
  const std::string_view t = trim(text);
  const auto [card, used] = parse_card_prefix(t);
  if (used != 0 && used == t.size()) return card;
  // The long form: "<rank> of <suit>".
  const std::string low = lower(t);
  const auto of = low.find(" of ");
  if (of != std::string::npos) {
    const int r = long_rank(trim(std::string_view(low).substr(0, of)));
    const int s = long_suit(trim(std::string_view(low).substr(of + 4)));
    if (r != 0 && s >= 0) return Card(r, static_cast<Suit>(s));
  }
  throw ParseError("not a card: " + quote(text) +
                   " (expected a rank A23456789TJQK or 10 and a suit cshd, like 'As' or 'Td', or 'Jack of Diamonds')");
}

std::string Card::str() const { return {rank_char(rank()), suit_char(suit())}; }

std::string Card::unicode() const { return std::string(1, rank_char(rank())) + suit_glyph(suit()); }

std::string Card::long_name() const { return std::string(rank_name(rank())) + " of " + suit_name(suit()); }

}  // namespace parlour::core
