// Microsoft deals and the two text formats of GameState (see state.hpp).
#include <algorithm>
#include <cctype>
#include <sstream>

#include "parlour/freecell/state.hpp"

namespace parlour::freecell {

namespace {

// Microsoft's deck order: index 4*(rank-1) + suit with suits clubs, diamonds, hearts,
// spades.
constexpr Suit kMsSuit[4] = {Suit::Club, Suit::Diamond, Suit::Heart, Suit::Spade};

std::string trim(std::string_view s) {
  std::size_t a = 0, b = s.size();
  while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
  while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
  return std::string(s.substr(a, b - a));
}

std::string lower(std::string s) {
  for (auto& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}

std::vector<std::string> split_lines(std::string_view text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i)
    if (i == text.size() || text[i] == '\n') {
      std::string line(text.substr(start, i - start));
      if (!line.empty() && line.back() == '\r') line.pop_back();
      out.push_back(line);
      start = i + 1;
    }
  return out;
}

std::vector<std::string> tokens(std::string_view s) {
  std::vector<std::string> out;
  std::string cur;
  for (char ch : s) {
    if (std::isspace(static_cast<unsigned char>(ch)) || ch == ',') {
      if (!cur.empty()) out.push_back(cur), cur.clear();
    } else {
      cur += ch;
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

[[noreturn]] void bad(const std::string& why, std::string_view text) {
  throw core::ParseError("not a FreeCell position (" + why + "): " + core::quote(text));
}

Card card_token(const std::string& tok, std::string_view line) {
  try {
    return Card::parse(tok);
  } catch (const core::ParseError&) { bad("bad card " + core::quote(tok), line); }
}

std::string board_card(Card c) {
  std::string s = c.str();
  s[1] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[1])));
  return s;
}

GameState build(Cascades cascades, std::array<int, 4> heights, std::array<std::optional<Card>, 4> cells, bool check,
                std::string_view text) {
  try {
    GameState g(std::move(cascades), Foundations(heights), Freecells(cells));
    if (check) g.validate();
    return g;
  } catch (const core::InvalidValue& e) {
    throw core::InvalidValue(std::string(e.what()) + " in " + core::quote(text), e.code());
  }
}

}  // namespace

GameState GameState::from_ms_deal(std::uint64_t n) {
  if (n < 1 || n >= (std::uint64_t{1} << 33))
    throw core::InvalidValue("a Microsoft deal number is 1 .. 2**33 - 1, got " + std::to_string(n));
  // The MS C runtime rand(): s <- 214013 s + 2531011 (mod 2^32), output bits 16..30.
  // FreeCell Pro / PySol extension: deals 2^31 .. 2^32-1 set bit 15 of each output;
  // deals 2^32 .. 2^33-1 seed with n - 2^32 and use bits 16..31 plus one.
  std::uint32_t s = static_cast<std::uint32_t>(n);  // n - 2^32 for the top range
  auto next = [&]() -> std::uint32_t {
    s = s * 214013u + 2531011u;
    if (n < (std::uint64_t{1} << 32)) {
      std::uint32_t r = (s >> 16) & 0x7fffu;
      if (n >= (std::uint64_t{1} << 31)) r |= 0x8000u;
      return r;
    }
    return ((s >> 16) & 0xffffu) + 1u;
  };
  int deck[52];
  for (int i = 0; i < 52; ++i) deck[i] = i;
  std::array<std::vector<Card>, kCascades> cols;
  for (auto& col : cols) col.reserve(7);
  for (int i = 0; i < 52; ++i) {
    const int left = 52 - i;
    const int j = static_cast<int>(next() % static_cast<std::uint32_t>(left));
    const int d = deck[j];
    deck[j] = deck[left - 1];
    cols[static_cast<std::size_t>(i % 8)].emplace_back(d / 4 + 1, kMsSuit[d % 4]);
  }
  Cascades cascades;
  for (int i = 0; i < kCascades; ++i) cascades[i] = Cascade(std::move(cols[i]));
  return GameState(std::move(cascades), Foundations(), Freecells());
}

std::string GameState::to_text() const {
  std::string out = "foundations: " + foundations_.str() + "\n";
  for (const auto& c : cascades_) out += c.empty() ? "cascade:\n" : "cascade: " + c.str() + "\n";
  out += "freecells: " + freecells_.str() + "\n";
  return out;
}

GameState GameState::parse(std::string_view text, bool check) {
  Cascades cascades;
  std::array<int, 4> heights{0, 0, 0, 0};
  std::array<std::optional<Card>, 4> cells{};
  int ncas = 0;
  bool have_found = false, have_cells = false;
  for (const auto& raw : split_lines(text)) {
    const std::string line = trim(raw);
    if (line.empty()) continue;
    const auto colon = line.find(':');
    if (colon == std::string::npos) bad("every line starts with 'foundations:', 'cascade:' or 'freecells:'", line);
    const std::string key = lower(trim(std::string_view(line).substr(0, colon)));
    const auto toks = tokens(std::string_view(line).substr(colon + 1));
    if (key == "foundations") {
      if (have_found) bad("two foundations lines", text);
      have_found = true;
      if (toks.size() > 4) bad("at most four foundation tops", line);
      for (const auto& t : toks) {
        if (t == "--" || t == "-") continue;
        const Card c = card_token(t, line);
        if (heights[static_cast<int>(c.suit())]) bad("two tops for one suit", line);
        heights[static_cast<int>(c.suit())] = c.rank();
      }
    } else if (key == "cascade") {
      if (ncas == kCascades) bad("more than eight cascades", text);
      std::vector<Card> v;
      for (const auto& t : toks) v.push_back(card_token(t, line));
      cascades[ncas++] = Cascade(std::move(v));
    } else if (key == "freecells") {
      if (have_cells) bad("two freecells lines", text);
      have_cells = true;
      if (toks.size() > 4) bad("at most four free cells", line);
      for (std::size_t i = 0; i < toks.size(); ++i)
        if (toks[i] != "--" && toks[i] != "-") cells[i] = card_token(toks[i], line);
    } else {
      bad("unknown line " + core::quote(key), line);
    }
  }
  if (ncas != kCascades) bad("expected eight 'cascade:' lines, got " + std::to_string(ncas), text);
  return build(std::move(cascades), heights, cells, check, text);
}

std::string GameState::to_board() const {
  static constexpr Suit order[4] = {Suit::Heart, Suit::Club, Suit::Diamond, Suit::Spade};
  std::string out = "Foundations:";
  for (Suit s : order) {
    const int h = foundations_.height(s);
    out += ' ';
    out += static_cast<char>(std::toupper(static_cast<unsigned char>(core::suit_char(s))));
    out += '-';
    out += h ? core::rank_char(h) : '0';
  }
  out += "\nFreecells:";
  for (const auto& c : freecells_.cells()) {
    out += ' ';
    out += c ? board_card(*c) : std::string("-");
  }
  out += "\n";
  for (const auto& col : cascades_) {
    out += ":";
    for (Card c : col.cards()) {
      out += ' ';
      out += board_card(c);
    }
    out += "\n";
  }
  return out;
}

GameState GameState::parse_board(std::string_view text, bool check) {
  Cascades cascades;
  std::array<int, 4> heights{0, 0, 0, 0};
  std::array<std::optional<Card>, 4> cells{};
  int ncas = 0;
  bool have_found = false, have_cells = false;
  const auto lines = split_lines(text);
  bool colon_style = false;
  for (const auto& raw : lines) {
    const std::string line = trim(raw);
    if (!line.empty() && line[0] == ':') colon_style = true;
  }
  for (const auto& raw : lines) {
    std::string line = trim(raw);
    const std::string low = lower(line);
    if (low.rfind("foundations:", 0) == 0) {
      if (have_found) bad("two Foundations lines", text);
      have_found = true;
      for (const auto& t : tokens(std::string_view(line).substr(12))) {
        const auto dash = t.find('-');
        if (dash != 1 || t.size() < 3) bad("a foundation is written like 'H-5'", line);
        const char sc = static_cast<char>(std::tolower(static_cast<unsigned char>(t[0])));
        if (std::string_view("cshd").find(sc) == std::string_view::npos) bad("unknown suit in " + core::quote(t), line);
        const int suit = static_cast<int>(std::string_view("cshd").find(sc));
        const std::string r = t.substr(2);
        int rank = 0;
        if (r != "0") rank = card_token(r + core::suit_char(static_cast<Suit>(suit)), line).rank();
        if (heights[suit]) bad("two entries for one suit", line);
        heights[suit] = rank;
      }
      continue;
    }
    if (low.rfind("freecells:", 0) == 0) {
      if (have_cells) bad("two Freecells lines", text);
      have_cells = true;
      const auto toks = tokens(std::string_view(line).substr(10));
      if (toks.size() > 4) bad("at most four free cells", line);
      for (std::size_t i = 0; i < toks.size(); ++i)
        if (toks[i] != "-" && toks[i] != "--") cells[i] = card_token(toks[i], line);
      continue;
    }
    if (colon_style) {
      if (line.empty()) continue;
      if (line[0] != ':') bad("a cascade line starts with ':'", line);
      line = line.substr(1);
    } else if (line.empty()) {
      continue;
    }
    if (ncas == kCascades) bad("more than eight cascades", text);
    std::vector<Card> v;
    for (const auto& t : tokens(line)) v.push_back(card_token(t, line));
    cascades[ncas++] = Cascade(std::move(v));
  }
  if (ncas == 0) bad("no cascades", text);
  return build(std::move(cascades), heights, cells, check, text);
}

std::string GameState::pretty(bool unicode) const {
  auto name = [&](Card c) { return unicode ? c.unicode() : c.str(); };
  std::ostringstream out;
  out << "cells:";
  for (int i = 0; i < kFreecells; ++i) {
    out << ' ' << static_cast<char>('a' + i) << '[';
    if (freecells_[i])
      out << name(*freecells_[i]);
    else
      out << "  ";
    out << ']';
  }
  out << "   home:";
  for (int s = 0; s < 4; ++s) {
    const int h = foundations_.height(static_cast<Suit>(s));
    out << ' ';
    if (h)
      out << name(Card(h, static_cast<Suit>(s)));
    else
      out << (unicode ? std::string("·") + core::suit_glyph(static_cast<Suit>(s))
                      : std::string("-") + core::suit_char(static_cast<Suit>(s)));
  }
  out << "\n\n";
  out << " ";
  for (int i = 0; i < kCascades; ++i) out << ' ' << (i + 1) << "  ";
  out << "\n";
  int depth = 0;
  for (const auto& c : cascades_) depth = std::max(depth, c.size());
  for (int r = 0; r < depth; ++r) {
    out << " ";
    for (const auto& c : cascades_) {
      if (r < c.size()) {
        out << name(c.cards()[static_cast<std::size_t>(r)]) << "  ";
      } else {
        out << "    ";
      }
    }
    out << "\n";
  }
  return out.str();
}

}  // namespace parlour::freecell
