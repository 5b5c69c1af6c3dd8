#include "parlour/gin/meld.hpp"

#include <bit>

#include "parlour/core/errors.hpp"

namespace parlour::gin {

namespace {

constexpr std::uint64_t kRankBits = 0x0001000100010001ull;  // bit 16*suit for each suit

[[noreturn]] void invalid(const std::string& why) { throw core::InvalidValue(why, "gin.InvalidMeld"); }

std::string describe(CardSet cards) {
  if (cards.empty()) return "no cards";
  std::string s(1, '\'');
  s += cards.str();
  s += '\'';
  return s;
}

}  // namespace

int cards_value(CardSet cards) noexcept {
  int total = 0;
  for (Card c : cards) total += card_value(c);
  return total;
}

Meld Meld::set(int rank, std::optional<Suit> missing) {
  if (rank < 1 || rank > 13) invalid("no set of rank " + std::to_string(rank) + ": ranks are 1 (Ace) .. 13 (King)");
  std::uint64_t mask = kRankBits << rank;
  if (missing) {
    const int s = static_cast<int>(*missing);
    if (s < 0 || s > 3) invalid("no suit " + std::to_string(s) + ": suits are 0 .. 3");
    mask &= ~(std::uint64_t{1} << (16 * s + rank));
  }
  return Meld(CardSet::unchecked(mask), MeldKind::Set);
}

Meld Meld::run(Suit suit, int low, int high) {
  const int s = static_cast<int>(suit);
  if (s < 0 || s > 3) invalid("no suit " + std::to_string(s) + ": suits are 0 .. 3");
  if (low < 1 || high > 13 || low > 13 || high < 1)
    invalid("no run from rank " + std::to_string(low) + " to " + std::to_string(high) +
            ": ranks are 1 (Ace, low only) .. 13 (King)");
  if (high - low < 2)
    invalid("a run needs at least 3 cards, got ranks " + std::to_string(low) + " .. " + std::to_string(high));
  const std::uint64_t bits = ((std::uint64_t{1} << (high - low + 1)) - 1) << low;
  return Meld(CardSet::unchecked(bits << (16 * s)), MeldKind::Run);
}

bool Meld::is_meld(CardSet cards) noexcept {
  const int n = cards.size();
  if (n < 3) return false;
  const std::uint64_t m = cards.mask();
  const int rank = cards.first().rank();
  if ((m & ~(kRankBits << rank)) == 0) return true;  // one rank: 3 or 4 cards
  const int suit = static_cast<int>(cards.first().suit());
  const std::uint64_t bits = m >> (16 * suit);
  if ((m & ~(std::uint64_t{0xFFFF} << (16 * suit))) != 0) return false;
  const std::uint64_t shifted = bits >> std::countr_zero(bits);
  return (shifted & (shifted + 1)) == 0;
}

Meld Meld::from_cards(CardSet cards) {
  const int n = cards.size();
  if (n < 3) invalid("not a meld: " + describe(cards) + " has too few cards (a meld has at least 3)");
  if (is_meld(cards)) {
    const std::uint64_t m = cards.mask();
    const bool one_rank = (m & ~(kRankBits << cards.first().rank())) == 0;
    return Meld(cards, one_rank ? MeldKind::Set : MeldKind::Run);
  }
  const int suit = static_cast<int>(cards.first().suit());
  const std::uint64_t m = cards.mask();
  if ((m & ~(std::uint64_t{0xFFFF} << (16 * suit))) != 0)
    invalid("not a meld: " + describe(cards) + " mixes cards (a set is one rank, a run one suit)");
  // One suit, not consecutive: name the first gap.
  Card prev = cards.first();
  for (Card c : cards) {
    if (c.rank() > prev.rank() + 1)
      invalid("not a meld: " + describe(cards) + " is not consecutive (a gap between " + prev.str() + " and " +
              c.str() + "; the Ace is low only)");
    prev = c;
  }
  invalid("not a meld: " + describe(cards));  // unreachable for valid cards
}

int Meld::low() const noexcept {
  if (is_set()) return cards_.first().rank();
  return std::countr_zero(cards_.suit_bits(suit()));
}

int Meld::high() const noexcept {
  if (is_set()) return cards_.first().rank();
  return std::bit_width(static_cast<unsigned>(cards_.suit_bits(suit()))) - 1;
}

CardSet Meld::extensions() const noexcept {
  if (cards_.empty()) return {};
  if (is_set()) {
    if (size() >= 4) return {};
    return CardSet::unchecked((kRankBits << rank()) & ~cards_.mask());
  }
  const int s = static_cast<int>(suit());
  CardSet out;
  if (low() > 1) out |= Card(low() - 1, static_cast<Suit>(s));
  if (high() < 13) out |= Card(high() + 1, static_cast<Suit>(s));
  return out;
}

std::optional<Meld> Meld::extended(Card card) const noexcept {
  if (!extensions().contains(card)) return std::nullopt;
  return Meld(cards_ | card, kind_);
}

std::string Meld::str() const { return cards_.str(); }

std::string Meld::unicode() const {
  std::string s;
  for (Card c : cards_) s += c.unicode();
  return s;
}

const std::array<Meld, kMeldCount>& all_melds() noexcept {
  static const std::array<Meld, kMeldCount> melds = [] {
    std::array<Meld, kMeldCount> out{};
    int i = 0;
    for (int rank = 1; rank <= 13; ++rank) {
      out[static_cast<std::size_t>(i++)] = Meld::unchecked(CardSet::unchecked(kRankBits << rank), MeldKind::Set);
      for (int s = 0; s < 4; ++s)
        out[static_cast<std::size_t>(i++)] = Meld::unchecked(
            CardSet::unchecked((kRankBits << rank) & ~(std::uint64_t{1} << (16 * s + rank))), MeldKind::Set);
    }
    for (int s = 0; s < 4; ++s)
      for (int low = 1; low <= 11; ++low)
        for (int high = low + 2; high <= 13; ++high) {
          const std::uint64_t bits = ((std::uint64_t{1} << (high - low + 1)) - 1) << low;
          out[static_cast<std::size_t>(i++)] = Meld::unchecked(CardSet::unchecked(bits << (16 * s)), MeldKind::Run);
        }
    return out;
  }();
  return melds;
}

}  // namespace parlour::gin
