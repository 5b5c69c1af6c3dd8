// The rules of a FreeCell position, GameState (state.hpp): which moves are legal, what
// they do; the collections are in collections.cpp, moves in move.cpp, text in text.cpp.
#include "parlour/freecell/state.hpp"

#include <algorithm>

namespace parlour::freecell {

GameState::GameState(Cascades cascades, Foundations foundations, Freecells freecells)
    : cascades_(std::move(cascades)), foundations_(foundations), freecells_(freecells) {
  std::uint64_t seen = 0;
  auto mark = [&](Card c, const char* where) {
    if (c.rank() < 1 || c.rank() > 13) throw core::InvalidValue("not a card", kInvalidPosition);
    if (seen & c.mask())
      throw core::InvalidValue("the position holds " + c.str() + " twice (again in " + where + ")", kInvalidPosition);
    seen |= c.mask();
  };
  for (int s = 0; s < 4; ++s)
    for (int r = 1; r <= foundations_.heights()[s]; ++r) mark(Card(r, static_cast<Suit>(s)), "the foundations");
  for (const auto& c : freecells_.cells())
    if (c) mark(*c, "a free cell");
  for (const auto& col : cascades_)
    for (Card c : col.cards()) mark(c, "a cascade");
}

int GameState::empty_cascades() const noexcept {
  int n = 0;
  for (const auto& c : cascades_) n += c.empty();
  return n;
}

int GameState::supermove_limit(bool to_empty) const noexcept {
  const int e = empty_cascades() - (to_empty ? 1 : 0);
  return (freecells_.empty_count() + 1) << std::max(e, 0);
}

std::optional<Position> GameState::locate(Card c) const {
  if (foundations_.contains(c)) return Position::foundation();
  const int f = freecells_.find(c);
  if (f >= 0) return Position{PositionKind::Freecell, f};
  for (int i = 0; i < kCascades; ++i)
    for (Card d : cascades_[i].cards())
      if (d == c) return Position{PositionKind::Cascade, i};
  return std::nullopt;
}

std::optional<Move> GameState::resolve(const Move& m, std::string* why, CellChoice cells) const {
  auto fail = [&](const std::string& reason) -> std::optional<Move> {
    if (why) *why = reason;
    return std::nullopt;
  };
  if (m.from.kind == PositionKind::Foundation) return fail("cards never leave the foundations");
  if (m.from.kind == PositionKind::Cascade && (m.from.index < 0 || m.from.index >= kCascades))
    return fail("there is no cascade " + std::to_string(m.from.index + 1));
  if (m.from.kind == PositionKind::Freecell && (m.from.index < 0 || m.from.index >= kFreecells))
    return fail("there is no free cell " + std::to_string(m.from.index));
  if (m.to.kind == PositionKind::Cascade && (m.to.index < 0 || m.to.index >= kCascades))
    return fail("there is no cascade " + std::to_string(m.to.index + 1));
  if (m.to.kind == PositionKind::Freecell && (m.to.index < 0 || m.to.index >= kFreecells))
    return fail("there is no free cell " + std::to_string(m.to.index));
  if (m.from == m.to) return fail("a move must change the position");
  if (m.count < 0 || m.count > 13) return fail("a move takes 1 to 13 cards");
  Move r = m;
  if (m.from.kind == PositionKind::Freecell) {
    const auto& c = freecells_[m.from.index];
    if (!c) return fail(m.from.str() + " is empty");
    if (m.count > 1) return fail("only one card moves from a free cell");
    r.count = 1;
    r.card = *c;
  } else {
    const Cascade& src = cascades_[m.from.index];
    if (src.empty()) return fail(m.from.str() + " is empty");
    int count = m.count;
    if (count == 0) {
      // As many as fit: onto a card, the one run length that builds; else one card.
      count = 1;
      if (m.to.kind == PositionKind::Cascade && !cascades_[m.to.index].empty()) {
        const Card target = *cascades_[m.to.index].top();
        const int run = src.run_length();
        for (int k = 1; k <= run; ++k)
          if (builds_on(src.cards()[src.size() - k], target)) count = k;
      }
    }
    if (count > 1) {
      if (m.to.kind != PositionKind::Cascade) return fail("a sequence moves only onto a cascade");
      if (count > src.run_length())
        return fail("the top " + std::to_string(count) + " cards of " + m.from.str() + " are not a sequence");
      if (count == src.size() && cascades_[m.to.index].empty())
        return fail("moving a whole cascade to an empty one does not change the position");
      const int limit = supermove_limit(cascades_[m.to.index].empty());
      if (count > limit)
        return fail("a sequence of " + std::to_string(count) + " cards needs more free space (the limit is " +
                    std::to_string(limit) + ")");
    }
    r.count = count;
    r.card = src.cards()[static_cast<std::size_t>(src.size() - count)];
    if (count == 1 && m.to.kind == PositionKind::Cascade && src.size() == 1 && cascades_[m.to.index].empty())
      return fail("moving a whole cascade to an empty one does not change the position");
  }
  if (m.card && *m.card != *r.card)
    return fail("the card at " + m.from.str() + " is " + r.card->str() + ", not " + m.card->str());
  const Card c = *r.card;
  switch (m.to.kind) {
    case PositionKind::Foundation:
      if (!foundations_.accepts(c))
        return fail("the " + std::string(core::suit_name(c.suit())) + " foundation does not take " + c.str());
      break;
    case PositionKind::Freecell: {
      if (freecells_[m.to.index]) return fail(m.to.str() + " is full");
      if (cells == CellChoice::Any) break;
      if (m.from.kind == PositionKind::Freecell)
        return fail("the free cells are interchangeable: moving a card from one to another changes nothing");
      const int first = freecells_.first_empty();
      if (m.to.index != first)
        return fail(Position{PositionKind::Freecell, first}.str() +
                    " is empty: a card goes to the first empty free cell (the cells are interchangeable)");
      break;
    }
    case PositionKind::Cascade: {
      const Cascade& dst = cascades_[m.to.index];
      if (!dst.empty() && !builds_on(c, *dst.top()))
        return fail(c.str() + " does not build on " + dst.top()->str() + " (one rank lower, other colour)");
      break;
    }
  }
  if (why) why->clear();
  return r;
}

GameState GameState::apply_unchecked(const Move& m) const {
  GameState s = *this;
  std::vector<Card> moving;
  if (m.from.kind == PositionKind::Freecell) {
    moving.push_back(*s.freecells_[m.from.index]);
    s.freecells_ = s.freecells_.with(m.from.index, std::nullopt);
  } else {
    const auto& v = s.cascades_[m.from.index].cards();
    moving.assign(v.end() - m.count, v.end());
    s.cascades_[m.from.index] = Cascade(std::vector<Card>(v.begin(), v.end() - m.count));
  }
  switch (m.to.kind) {
    case PositionKind::Foundation: s.foundations_ = s.foundations_.add_card(moving[0]); break;
    case PositionKind::Freecell: s.freecells_ = s.freecells_.with(m.to.index, moving[0]); break;
    case PositionKind::Cascade: {
      std::vector<Card> v = s.cascades_[m.to.index].cards();
      v.insert(v.end(), moving.begin(), moving.end());
      s.cascades_[m.to.index] = Cascade(std::move(v));
      break;
    }
  }
  return s;
}

void GameState::apply_in_place(const Move& m) {
  Card moving[13];  // a run is at most King..Ace
  std::size_t n = 0;
  if (m.from.kind == PositionKind::Freecell) {
    moving[n++] = *freecells_.cells()[static_cast<std::size_t>(m.from.index)];
    freecells_ = freecells_.with(m.from.index, std::nullopt);
  } else {
    auto& v = cascades_[static_cast<std::size_t>(m.from.index)].cards_;
    const auto k = static_cast<std::size_t>(m.count);
    for (std::size_t i = v.size() - k; i < v.size(); ++i) moving[n++] = v[i];
    v.resize(v.size() - k);
  }
  switch (m.to.kind) {
    case PositionKind::Foundation: foundations_ = foundations_.add_card(moving[0]); break;
    case PositionKind::Freecell: freecells_ = freecells_.with(m.to.index, moving[0]); break;
    case PositionKind::Cascade: {
      auto& v = cascades_[static_cast<std::size_t>(m.to.index)].cards_;
      v.insert(v.end(), moving, moving + n);
      break;
    }
  }
}

GameState GameState::apply(const Move& m) const {
  std::string why;
  const auto r = resolve(m, &why);
  if (!r) throw_illegal("illegal move " + core::quote(m.notation()) + ": " + why);
  return apply_unchecked(*r);
}

std::vector<Move> GameState::legal_move_list(bool supermoves) const {
  std::vector<Move> out;
  const int free_cell = freecells_.first_empty();
  auto consider = [&](Position from, Card c) {
    if (foundations_.accepts(c)) out.push_back(Move{c, from, Position::foundation(), 1});
    for (int j = 0; j < kCascades; ++j) {
      const Position to{PositionKind::Cascade, j};
      if (to == from) continue;
      const Cascade& dst = cascades_[j];
      if (dst.empty()) {
        if (from.kind == PositionKind::Cascade && cascades_[from.index].size() == 1) continue;
      } else if (!builds_on(c, *dst.top())) {
        continue;
      }
      out.push_back(Move{c, from, to, 1});
    }
    if (from.kind == PositionKind::Cascade && free_cell >= 0)
      out.push_back(Move{c, from, Position{PositionKind::Freecell, free_cell}, 1});
  };
  for (int i = 0; i < kCascades; ++i)
    if (!cascades_[i].empty()) consider(Position{PositionKind::Cascade, i}, *cascades_[i].top());
  for (int i = 0; i < kFreecells; ++i)
    if (freecells_[i]) consider(Position{PositionKind::Freecell, i}, *freecells_[i]);
  if (supermoves) {
    for (int i = 0; i < kCascades; ++i) {
      const Cascade& src = cascades_[i];
      const int run = src.run_length();
      for (int j = 0; j < kCascades; ++j) {
        if (j == i) continue;
        const Cascade& dst = cascades_[j];
        const int limit = supermove_limit(dst.empty());
        for (int k = 2; k <= std::min(run, limit); ++k) {
          const Card c = src.cards()[static_cast<std::size_t>(src.size() - k)];
          if (dst.empty() ? k == src.size() : !builds_on(c, *dst.top())) continue;
          out.push_back(Move{c, Position{PositionKind::Cascade, i}, Position{PositionKind::Cascade, j}, k});
        }
      }
    }
  }
  return out;
}

std::vector<std::pair<GameState, Move>> GameState::legal_moves(bool supermoves) const {
  std::vector<std::pair<GameState, Move>> out;
  for (const Move& m : legal_move_list(supermoves)) out.emplace_back(apply_unchecked(m), m);
  return out;
}

void GameState::validate() const {
  std::uint64_t seen = 0;
  for (int s = 0; s < 4; ++s)
    for (int r = 1; r <= foundations_.heights()[s]; ++r) seen |= Card(r, static_cast<Suit>(s)).mask();
  for (const auto& c : freecells_.cells())
    if (c) seen |= c->mask();
  for (const auto& col : cascades_)
    for (Card c : col.cards()) seen |= c.mask();
  std::string missing;
  for (int i = 0; i < 52; ++i) {
    const Card c = Card::from_index_unchecked(i);
    if (!(seen & c.mask())) {
      if (!missing.empty()) missing += ' ';
      missing += c.str();
    }
  }
  if (!missing.empty()) throw core::InvalidValue("the position lacks " + missing, kInvalidPosition);
}

std::string GameState::canonical_key() const {
  std::string key(52, static_cast<char>(54));
  for (const auto& c : freecells_.cells())
    if (c) key[static_cast<std::size_t>(c->index())] = static_cast<char>(53);
  for (const auto& col : cascades_) {
    int below = 52;
    for (Card c : col.cards()) {
      key[static_cast<std::size_t>(c.index())] = static_cast<char>(below);
      below = c.index();
    }
  }
  return key;
}

}  // namespace parlour::freecell
