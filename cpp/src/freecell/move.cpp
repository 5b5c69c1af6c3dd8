// FreeCell moves in standard notation and as action ids, and where a move goes
// (Position); the position-dependent notation is GameState::notation.
#include <cctype>

#include "parlour/freecell/state.hpp"

namespace parlour::freecell {

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

std::string GameState::notation(const Move& m) const {
  std::string out{m.from.notation(), m.to.notation()};
  if (m.count > 1 && m.to.kind == PositionKind::Cascade && cascades_[m.to.index].empty()) {
    out += 'v';
    out += count_digit(m.count);
  }
  return out;
}

}  // namespace parlour::freecell
