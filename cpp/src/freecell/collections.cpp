// FreeCell's collections (state.hpp): a foundation, the four foundations, the free
// cells and a cascade, with the value semantics of the freecell crate's CardCollection.
#include <algorithm>

#include "parlour/freecell/state.hpp"

namespace parlour::freecell {

void throw_illegal(const std::string& message) { throw core::IllegalAction(message, kIllegalMove); }

// ---------------------------------------------------------------- Foundation(s)

Foundation::Foundation(Suit suit, int height) : suit_(suit), height_(height) {
  if (static_cast<int>(suit) > 3)
    throw core::InvalidValue("a suit is 0..3, got " + std::to_string(static_cast<int>(suit)));
  if (height < 0 || height > 13)
    throw core::InvalidValue("a foundation holds 0..13 cards, got " + std::to_string(height));
}

std::optional<Card> Foundation::top() const {
  if (height_ == 0) return std::nullopt;
  return Card(height_, suit_);
}

std::vector<Card> Foundation::cards() const {
  std::vector<Card> out;
  for (int r = 1; r <= height_; ++r) out.emplace_back(r, suit_);
  return out;
}

Foundation Foundation::add_card(Card c) const {
  if (c.suit() != suit_) throw_illegal("cannot put " + c.str() + " on the " + core::suit_name(suit_) + " foundation");
  if (c.rank() != height_ + 1)
    throw_illegal("cannot put " + c.str() + " on the " + core::suit_name(suit_) + " foundation: it needs " +
                  (height_ == 13 ? std::string("nothing more") : Card(height_ + 1, suit_).str()));
  return Foundation(suit_, height_ + 1);
}

Foundations::Foundations(std::array<int, 4> heights) : heights_(heights) {
  for (int h : heights)
    if (h < 0 || h > 13) throw core::InvalidValue("a foundation holds 0..13 cards, got " + std::to_string(h));
}

Foundations Foundations::add_card(Card c) const {
  if (!accepts(c)) {
    const int h = heights_[static_cast<int>(c.suit())];
    throw_illegal("cannot put " + c.str() + " on the foundations: the " + core::suit_name(c.suit()) +
                  " foundation needs " + (h == 13 ? std::string("nothing more") : Card(h + 1, c.suit()).str()));
  }
  Foundations out = *this;
  ++out.heights_[static_cast<int>(c.suit())];
  return out;
}

std::string Foundations::str() const {
  std::string out;
  for (int s = 0; s < 4; ++s) {
    if (s) out += ' ';
    out += heights_[s] ? Card(heights_[s], static_cast<Suit>(s)).str() : std::string("--");
  }
  return out;
}

// ---------------------------------------------------------------- Freecells

Freecells::Freecells(std::array<std::optional<Card>, 4> cells) : cells_(cells) {
  for (int i = 0; i < 4; ++i)
    for (int j = i + 1; j < 4; ++j)
      if (cells_[i] && cells_[j] && *cells_[i] == *cells_[j])
        throw core::InvalidValue("free cells hold " + cells_[i]->str() + " twice", kInvalidPosition);
}

int Freecells::count() const noexcept {
  int n = 0;
  for (const auto& c : cells_) n += c.has_value();
  return n;
}

int Freecells::first_empty() const noexcept {
  for (int i = 0; i < 4; ++i)
    if (!cells_[i]) return i;
  return -1;
}

int Freecells::find(Card c) const noexcept {
  for (int i = 0; i < 4; ++i)
    if (cells_[i] && *cells_[i] == c) return i;
  return -1;
}

std::vector<Card> Freecells::cards() const {
  std::vector<Card> out;
  for (const auto& c : cells_)
    if (c) out.push_back(*c);
  return out;
}

Freecells Freecells::add_card(Card c) const {
  const int i = first_empty();
  if (i < 0) throw_illegal("cannot put " + c.str() + " in a free cell: all four are full");
  if (find(c) >= 0) throw_illegal("cannot put " + c.str() + " in a free cell: it is already in one");
  Freecells out = *this;
  out.cells_[i] = c;
  return out;
}

Freecells Freecells::with(int i, std::optional<Card> c) const {
  Freecells out = *this;
  out.cells_.at(static_cast<std::size_t>(i)) = c;
  return out;
}

std::vector<std::pair<Freecells, Card>> Freecells::pop_card() const {
  std::vector<std::pair<Freecells, Card>> out;
  for (int i = 0; i < 4; ++i)
    if (cells_[i]) out.emplace_back(with(i, std::nullopt), *cells_[i]);
  return out;
}

std::string Freecells::str() const {
  std::string out;
  for (int i = 0; i < 4; ++i) {
    if (i) out += ' ';
    out += cells_[i] ? cells_[i]->str() : std::string("--");
  }
  return out;
}

// ---------------------------------------------------------------- Cascade

std::optional<Card> Cascade::top() const {
  if (cards_.empty()) return std::nullopt;
  return cards_.back();
}

bool Cascade::accepts(Card c) const noexcept { return cards_.empty() || builds_on(c, cards_.back()); }

Cascade Cascade::add_card(Card c) const {
  if (!accepts(c))
    throw_illegal("cannot put " + c.str() + " on " + cards_.back().str() +
                  ": a cascade takes one rank lower in the other colour");
  if (std::find(cards_.begin(), cards_.end(), c) != cards_.end())
    throw_illegal("cannot put " + c.str() + " on a cascade that holds it");
  std::vector<Card> v = cards_;
  v.push_back(c);
  return Cascade(std::move(v));
}

std::vector<std::pair<Cascade, Card>> Cascade::pop_card() const {
  if (cards_.empty()) return {};
  std::vector<Card> v(cards_.begin(), cards_.end() - 1);
  return {{Cascade(std::move(v)), cards_.back()}};
}

int Cascade::run_length() const noexcept {
  const int n = size();
  if (n == 0) return 0;
  int k = 1;
  while (k < n && builds_on(cards_[n - k], cards_[n - k - 1])) ++k;
  return k;
}

std::string Cascade::str() const {
  std::string out;
  for (std::size_t i = 0; i < cards_.size(); ++i) {
    if (i) out += ' ';
    out += cards_[i].str();
  }
  return out;
}

}  // namespace parlour::freecell
