#include "parlour/core/cardset.hpp"

#include <cctype>
#include <cstdio>

#include "parlour/core/errors.hpp"

namespace parlour::core {

std::pair<Card, std::size_t> parse_card_prefix(std::string_view s);  // card.cpp

CardSet CardSet::from_mask(std::uint64_t mask) {
  if ((mask & ~kValidMask) != 0) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "0x%016llx", static_cast<unsigned long long>(mask));
    throw InvalidValue(std::string("not a card mask: ") + buf +
                       " has bits outside 16*suit + rank (rank 1..13); valid bits are 0x3ffe3ffe3ffe3ffe");
  }
  return CardSet(mask, 0);
}

CardSet CardSet::parse(std::string_view text) {
  CardSet out;
  std::size_t i = 0;
  while (i < text.size()) {
    const unsigned char ch = static_cast<unsigned char>(text[i]);
    if (std::isspace(ch) || ch == ',' || ch == '[' || ch == ']') {
      ++i;
      continue;
    }
    const auto [card, used] = parse_card_prefix(text.substr(i));
    if (used == 0) {
      std::size_t end = i;
      while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end])) && text[end] != ',') ++end;
      throw ParseError("not a card: " + quote(text.substr(i, end - i)) + " in " + quote(text));
    }
    if (out.contains(card)) throw ParseError("card " + card.str() + " appears twice in " + quote(text));
    out |= card;
    i += used;
  }
  return out;
}

std::vector<Card> CardSet::cards() const {
  std::vector<Card> v;
  v.reserve(static_cast<std::size_t>(size()));
  for (Card c : *this) v.push_back(c);
  return v;
}

std::string CardSet::str() const {
  std::string s;
  for (Card c : *this) {
    if (!s.empty()) s += ' ';
    s += c.str();
  }
  return s;
}

std::string CardSet::unicode() const {
  std::string s;
  for (Card c : *this) {
    if (!s.empty()) s += ' ';
    s += c.unicode();
  }
  return s;
}

}  // namespace parlour::core
