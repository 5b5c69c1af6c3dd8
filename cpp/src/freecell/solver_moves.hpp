// The solver's move generation: every move of a Board, in card terms, with the
// pruning rules of the incomplete scans.  Internal to the solver.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>

#include "solver_board.hpp"

namespace parlour::freecell::search {

// A move in card terms names the deepest moved card, the count and where it goes, so
// it means the same in every ordering of cascades and cells.  Packed in 32 bits:
// card (6 bits), count (4), destination (2), the card it goes onto (6).
enum class Dest : std::uint32_t { Foundation = 0, Cell = 1, EmptyCascade = 2, Onto = 3 };

struct MoveCode {
  std::uint32_t bits = 0;
  static MoveCode make(int card, int count, Dest d, int onto) noexcept {
    return {static_cast<std::uint32_t>(card) | (static_cast<std::uint32_t>(count) << 6) |
            (static_cast<std::uint32_t>(d) << 10) | (static_cast<std::uint32_t>(onto) << 12)};
  }
  [[nodiscard]] int card() const noexcept { return static_cast<int>(bits & 63); }
  [[nodiscard]] int count() const noexcept { return static_cast<int>((bits >> 6) & 15); }
  [[nodiscard]] Dest dest() const noexcept { return static_cast<Dest>((bits >> 10) & 3); }
  [[nodiscard]] int onto() const noexcept { return static_cast<int>((bits >> 12) & 63); }
  // The byte the moved card gets in the canonical key.
  [[nodiscard]] std::uint8_t key_byte() const noexcept {
    switch (dest()) {
      case Dest::Foundation: return kHome;
      case Dest::Cell: return kInCell;
      case Dest::EmptyCascade: return kBottom;
      case Dest::Onto: break;
    }
    return static_cast<std::uint8_t>(onto());
  }
};

// Pruning rules, each a set of moves an incomplete scan skips.  A scan with any of
// them cannot prove anything by running dry.
enum class Prune : unsigned {
  None = 0,
  Lateral = 1,        // a run moved off a card it builds on, or part of a run to an empty cascade
  ParentToCell = 2,   // a card moved off the card it builds on to a free cell
  CellToEmpty = 4,    // a card from a free cell to an empty cascade
  SingleToEmpty = 8,  // a single card to an empty cascade while a free cell is free
  IdleToCell = 16,    // a card to a free cell when that opens nothing (see opens)
};
constexpr Prune operator|(Prune a, Prune b) noexcept {
  return static_cast<Prune>(static_cast<unsigned>(a) | static_cast<unsigned>(b));
}
constexpr bool has(Prune set, Prune flag) noexcept {
  return (static_cast<unsigned>(set) & static_cast<unsigned>(flag)) != 0;
}

// What Prune::IdleToCell asks of a position, found once per expansion: the cards that
// one cascade top accepts (`once`), that two or more accept (`twice`), and that a card
// in a free cell could be built on (`cells`); bit c for card c.
struct Openers {
  std::uint64_t once = 0, twice = 0, cells = 0;
};

// Whether moving the top card of cascade i (n > 1, its top accepting the cards
// `wanted` and `wanted` + 13, or none for -1) to a free cell makes progress possible:
// the card it uncovers can go home or onto another cascade or take a card from a free
// cell, or a card its foundation needs next lies within reach (no deeper than the
// free cells left after the move allow to dig).
inline bool opens(const Board& s, int i, int free_cells, const Openers& o, int wanted) noexcept {
  const int n = s.len[i];
  const int e = s.col[i][n - 2];
  if (kCards.rank[e] == s.found[kCards.suit[e]] + 1) return true;
  const std::uint64_t bit = 1ull << e;
  const bool own = wanted >= 0 && (e == wanted || e == wanted + 13);  // the top that leaves
  if ((o.twice & bit) || ((o.once & bit) && !own) || (o.cells & bit)) return true;
  const int reach = std::min(n - 1, free_cells);  // cards still movable after this one
  for (int k = 3; k <= reach + 1; ++k) {
    const int c = s.col[i][n - k];
    if (kCards.rank[c] == s.found[kCards.suit[c]] + 1) return true;
  }
  return false;
}

// The cascades (one bit each) whose top card some card of a run can go onto, moving
// between kmin and kmax cards: the run's top has rank `rank` and colour `red`, each
// card of the run one rank higher and of the other colour than the card above it; the
// tops' ranks (0 for an empty cascade) and colours are given one byte a cascade.  A
// top of rank R takes the run's card of rank R - 1, moving k = R - rank cards, when
// kmin <= k <= kmax and that card has the other colour (the colour changes with each
// card down the run).  All eight at once, one byte each (the ranks are below 128, so
// the subtractions never borrow across bytes); kmin > kmax gives none.
inline unsigned run_targets(std::uint64_t top_rank, std::uint64_t top_red, int rank, int red, int kmin,
                            int kmax) noexcept {
  constexpr std::uint64_t kOnes = 0x0101010101010101ull, kHigh = 0x8080808080808080ull;
  const std::uint64_t lo = kOnes * static_cast<std::uint64_t>(rank + kmin);  // R >= rank + kmin
  const std::uint64_t hi = kOnes * static_cast<std::uint64_t>(rank + kmax);  // R <= rank + kmax
  const std::uint64_t in = ((top_rank | kHigh) - lo) & ((hi | kHigh) - top_rank) & kHigh;
  // R - rank - 1 even: the card of rank R - 1 has the top's colour; so it must differ
  // from the colour of the top it goes onto.
  const std::uint64_t colour = (top_rank ^ (kOnes * static_cast<std::uint64_t>(rank + 1 + red)) ^ top_red) & kOnes;
  const std::uint64_t ok = (in >> 7) & colour;
  return static_cast<unsigned>((ok * 0x0102040810204080ull) >> 56);
}

// Calls f(child, move, exposed) for every move from s (before autoplay), moves to a
// free cell only to the first empty one and moves to an empty cascade only to the
// first (the others give the same canonical position); sequence moves are single
// moves within the supermove limit.  `exposed` is the card the move uncovers in its
// source cascade (-1 for none), or -2 for a move to the foundations: when s has no
// automatic move left, only a move to the foundations or the uncovered card can make
// one possible (the rule looks at the foundations and the card alone).
template <class F>
void for_each_move(const Board& s, Prune prune, F&& f) {
  int free_cells = 0, first_cell = -1, empty = 0, first_empty = -1;
  for (int i = 0; i < 4; ++i)
    if (s.cell[i] == kNoCard) {
      if (first_cell < 0) first_cell = i;
      ++free_cells;
    }
  // For each cascade the first of the two cards that build on its top (the other is
  // 13 further), or -1; and the rank and colour of each top, one byte a cascade.
  int wanted[8];
  std::uint64_t top_rank = 0, top_red = 0;
  for (int i = 0; i < 8; ++i) {
    const int n = s.len[i];
    wanted[i] = -1;
    if (!n) {
      if (first_empty < 0) first_empty = i;
      ++empty;
      continue;
    }
    const int top = s.col[i][n - 1];
    top_rank |= std::uint64_t{kCards.rank[top]} << (8 * i);
    top_red |= std::uint64_t{kCards.red[top]} << (8 * i);
    // Cards of the other colour, one rank lower: suits 2, 3 under black, 0, 1 under red.
    if (kCards.rank[top] > 1) wanted[i] = (kCards.red[top] ? 0 : 26) + kCards.rank[top] - 2;
  }
  const int limit_card = (free_cells + 1) << empty;
  const int limit_empty = empty ? (free_cells + 1) << (empty - 1) : 0;
  const bool idle_to_cell = has(prune, Prune::IdleToCell);
  Openers openers;
  if (idle_to_cell) {
    for (int j = 0; j < 8; ++j)
      if (wanted[j] >= 0) {
        const std::uint64_t m = (1ull << wanted[j]) | (1ull << (wanted[j] + 13));
        openers.twice |= openers.once & m;
        openers.once |= m;
      }
    for (std::uint8_t c : s.cell)
      if (c != kNoCard && kCards.rank[c] < 13) {  // the cards one rank higher, other colour
        const int l = (kCards.red[c] ? 0 : 26) + kCards.rank[c];
        openers.cells |= (1ull << l) | (1ull << (l + 13));
      }
  }
  // Lateral pruning leaves only moves of a whole run: a part of a run lies on a card
  // it builds on.
  const bool lateral = has(prune, Prune::Lateral);
  Board t;
  // From the cascades.
  for (int i = 0; i < 8; ++i) {
    const int n = s.len[i];
    if (!n) continue;
    const int top = s.col[i][n - 1];
    const int run = s.run[i];
    if (kCards.rank[top] == s.found[kCards.suit[top]] + 1) {
      t = s;
      --t.len[i];
      t.run[i] = run_after_taking(t, i, 1);
      ++t.found[kCards.suit[top]];
      f(t, MoveCode::make(top, 1, Dest::Foundation, 0), -2);
    }
    // Onto another cascade's top: at most the supermove limit, and the whole run when
    // lateral moves are pruned.
    for (unsigned m = run_targets(top_rank, top_red, kCards.rank[top], kCards.red[top], lateral ? run : 1,
                                  std::min(run, limit_card));
         m; m &= m - 1) {
      const int j = std::countr_zero(m);
      const int dst = s.col[j][s.len[j] - 1];
      const int k = kCards.rank[dst] - kCards.rank[top];  // the cards that move
      const int base = s.col[i][n - k];
      t = s;
      std::memcpy(&t.col[j][t.len[j]], &s.col[i][n - k], static_cast<std::size_t>(k));
      t.len[j] = static_cast<std::uint8_t>(t.len[j] + k);
      t.run[j] = static_cast<std::uint8_t>(t.run[j] + k);  // the base builds on the old top
      t.len[i] = static_cast<std::uint8_t>(n - k);
      t.run[i] = run_after_taking(t, i, k);
      f(t, MoveCode::make(base, k, Dest::Onto, dst), k == n ? -1 : s.col[i][n - k - 1]);
    }
    if (first_empty >= 0) {
      const int kmax = std::min({run, limit_empty, n - 1});
      // A single card goes to an empty cascade only when no free cell is left to take it.
      const int kmin = std::max(lateral ? run : 1, has(prune, Prune::SingleToEmpty) && first_cell >= 0 ? 2 : 1);
      for (int k = kmax; k >= kmin; --k) {
        const int base = s.col[i][n - k];
        t = s;
        std::memcpy(&t.col[first_empty][0], &s.col[i][n - k], static_cast<std::size_t>(k));
        t.len[first_empty] = static_cast<std::uint8_t>(k);
        t.run[first_empty] = static_cast<std::uint8_t>(k);
        t.len[i] = static_cast<std::uint8_t>(n - k);
        t.run[i] = run_after_taking(t, i, k);
        f(t, MoveCode::make(base, k, Dest::EmptyCascade, 0), s.col[i][n - k - 1]);
      }
    }
    if (first_cell >= 0 && !(has(prune, Prune::ParentToCell) && n > 1 && builds(top, s.col[i][n - 2])) &&
        !(idle_to_cell && n > 1 && !opens(s, i, free_cells, openers, wanted[i]))) {
      t = s;
      --t.len[i];
      t.run[i] = run_after_taking(t, i, 1);
      t.cell[first_cell] = static_cast<std::uint8_t>(top);
      f(t, MoveCode::make(top, 1, Dest::Cell, 0), n > 1 ? s.col[i][n - 2] : -1);
    }
  }
  // From the free cells.
  for (int c = 0; c < 4; ++c) {
    const int card = s.cell[c];
    if (card == kNoCard) continue;
    if (kCards.rank[card] == s.found[kCards.suit[card]] + 1) {
      t = s;
      t.cell[c] = kNoCard;
      ++t.found[kCards.suit[card]];
      f(t, MoveCode::make(card, 1, Dest::Foundation, 0), -2);
    }
    for (unsigned m = run_targets(top_rank, top_red, kCards.rank[card], kCards.red[card], 1, 1); m; m &= m - 1) {
      const int j = std::countr_zero(m);
      const int dst = s.col[j][s.len[j] - 1];
      t = s;
      t.col[j][t.len[j]++] = static_cast<std::uint8_t>(card);
      ++t.run[j];
      t.cell[c] = kNoCard;
      f(t, MoveCode::make(card, 1, Dest::Onto, dst), -1);
    }
    if (first_empty >= 0 && !has(prune, Prune::CellToEmpty)) {
      t = s;
      t.col[first_empty][0] = static_cast<std::uint8_t>(card);
      t.len[first_empty] = 1;
      t.run[first_empty] = 1;
      t.cell[c] = kNoCard;
      f(t, MoveCode::make(card, 1, Dest::EmptyCascade, 0), -1);
    }
  }
}

}  // namespace parlour::freecell::search
