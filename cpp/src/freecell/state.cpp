// FreeCell collections, moves and the rules of GameState (see state.hpp).
#include "parlour/freecell/state.hpp"

#include <algorithm>
#include <cctype>

namespace parlour::freecell {

void throw_illegal(const std::string& message) { throw core::IllegalAction(message, kIllegalMove); }

namespace {

bool builds_on(Card upper, Card lower) noexcept {
  return upper.rank() + 1 == lower.rank() && upper.colour() != lower.colour();
}

}  // namespace

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

// ---------------------------------------------------------------- Position, Move

Position Position::cascade(int i) {
  if (i < 0 || i >= kCascades) throw core::InvalidValue("a cascade is 0..7, got " + std::to_string(i));
  return Position{PositionKind::Cascade, i};
}

Position Position::freecell(int i) {
  if (i < 0 || i >= kFreecells) throw core::InvalidValue("a free cell is 0..3, got " + std::to_string(i));
  return Position{PositionKind::Freecell, i};
}

char Position::notation() const {
  switch (kind) {
    case PositionKind::Cascade: return static_cast<char>('1' + index);
    case PositionKind::Freecell: return static_cast<char>('a' + index);
    case PositionKind::Foundation: break;
  }
  return 'h';
}

std::string Position::str() const {
  switch (kind) {
    case PositionKind::Cascade: return "cascade " + std::to_string(index + 1);
    case PositionKind::Freecell: return std::string("free cell ") + static_cast<char>('a' + index);
    case PositionKind::Foundation: break;
  }
  return "the foundations";
}

namespace {

// A sequence's count in notation: one digit, 10..13 as 'a'..'d' as Freecell Solver writes them.
char count_digit(int count) { return static_cast<char>(count < 10 ? '0' + count : 'a' + (count - 10)); }

}  // namespace

Move Move::parse(std::string_view text) {
  std::string t;
  for (char ch : text)
    if (!std::isspace(static_cast<unsigned char>(ch)))
      t += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  auto bad = [&](const char* why) -> Move {
    throw core::ParseError("not a FreeCell move in standard notation (" + std::string(why) + "): " + core::quote(text));
  };
  if (t.size() < 2) return bad("expected two characters like '3a', '8h', 'a5' or '12v5'");
  auto pos = [&](char ch, bool source) -> Position {
    if (ch >= '1' && ch <= '8') return Position{PositionKind::Cascade, ch - '1'};
    if (ch >= 'a' && ch <= 'd') return Position{PositionKind::Freecell, ch - 'a'};
    if (ch == 'h' && !source) return Position::foundation();
    bad(source ? "a source is a cascade 1-8 or a free cell a-d" : "a destination is 1-8, a-d or h");
    return {};
  };
  Move m;
  m.from = pos(t[0], true);
  m.to = pos(t[1], false);
  m.count = 1;
  if (t.size() > 2) {
    if (t[2] != 'v' || t.size() < 4 || t.size() > 5) return bad("a count is written 'v' and a number, as in '12v5'");
    int n = 0;
    if (t.size() == 4 && t[3] >= 'a' && t[3] <= 'f') {
      n = t[3] - 'a' + 10;  // Freecell Solver writes 10..13 as one hex digit: '52va'
    } else {
      for (std::size_t i = 3; i < t.size(); ++i) {
        if (!std::isdigit(static_cast<unsigned char>(t[i]))) return bad("the count after 'v' must be a number");
        n = n * 10 + (t[i] - '0');
      }
    }
    if (n < 1 || n > 13) return bad("a sequence has 1 to 13 cards");
    if (m.from.kind != PositionKind::Cascade || m.to.kind != PositionKind::Cascade)
      if (n != 1) return bad("only cascade-to-cascade moves carry a count");
    m.count = n;
  } else if (m.from.kind == PositionKind::Cascade && m.to.kind == PositionKind::Cascade) {
    m.count = 0;  // as many as fit onto the target
  }
  if (m.from == m.to) return bad("source and destination are the same");
  return m;
}

std::string Move::notation() const {
  std::string out{from.notation(), to.notation()};
  // Without a position we cannot tell whether the target is empty, so a sequence
  // always carries its count here ("12v3" is valid either way); GameState::notation
  // prints the standard short form.
  if (count > 1) {
    out += 'v';
    out += count_digit(count);
  }
  return out;
}

int Move::action_id() const {
  auto src = [&]() { return from.kind == PositionKind::Cascade ? from.index : 8 + from.index; }();
  if (count > 1) {
    if (from.kind != PositionKind::Cascade || to.kind != PositionKind::Cascade || count > 13)
      throw core::InvalidValue("no action id for the sequence move " + notation());
    return 156 + (from.index * 8 + to.index) * 12 + count - 2;
  }
  const int dst = to.kind == PositionKind::Cascade ? to.index : to.kind == PositionKind::Freecell ? 8 + to.index : 12;
  return src * 13 + dst;
}

Move Move::from_action_id(int id) {
  if (id < 0 || id >= kNumActions)
    throw core::InvalidValue("a FreeCell action id is 0.." + std::to_string(kNumActions - 1) + ", got " +
                             std::to_string(id));
  Move m;
  if (id >= 156) {
    const int r = id - 156;
    m.from = Position{PositionKind::Cascade, r / 96};
    m.to = Position{PositionKind::Cascade, (r / 12) % 8};
    m.count = r % 12 + 2;
    return m;
  }
  const int src = id / 13, dst = id % 13;
  m.from = src < 8 ? Position{PositionKind::Cascade, src} : Position{PositionKind::Freecell, src - 8};
  m.to = dst < 8    ? Position{PositionKind::Cascade, dst}
         : dst < 12 ? Position{PositionKind::Freecell, dst - 8}
                    : Position::foundation();
  m.count = 1;
  return m;
}

// ---------------------------------------------------------------- GameState

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

std::optional<Move> GameState::resolve(const Move& m, std::string* why) const {
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
    case PositionKind::Freecell:
      if (freecells_[m.to.index]) return fail(m.to.str() + " is full");
      break;
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

std::string GameState::notation(const Move& m) const {
  std::string out{m.from.notation(), m.to.notation()};
  if (m.count > 1 && m.to.kind == PositionKind::Cascade && cascades_[m.to.index].empty()) {
    out += 'v';
    out += count_digit(m.count);
  }
  return out;
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
