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

// Card sets as 64-bit masks (bit c for card c), precomputed: for a card c and a count
// k, onto[c][k] holds the cards a run with c on top can go onto moving k cards (rank
// rank(c) + k, of the colour other than the run's card of rank rank(c) + k - 1, whose
// colour alternates down the run); upto[c][k] those for 1..k cards; wants[c] the
// cards that build on c (rank one lower, other colour).
struct MoveTables {
  std::uint64_t onto[52][14];
  std::uint64_t upto[52][14];
  std::uint64_t wants[52];
  constexpr MoveTables() : onto(), upto(), wants() {
    for (int c = 0; c < 52; ++c) {
      const int rank = c % 13 + 1;
      const bool red = c / 13 >= 2;
      std::uint64_t acc = 0;
      for (int k = 1; k < 14; ++k) {
        const int r = rank + k;
        const bool dest_red = red != ((k & 1) != 0);
        std::uint64_t m = 0;
        if (r <= 13)
          for (int suit = dest_red ? 2 : 0; suit < (dest_red ? 4 : 2); ++suit)
            m |= std::uint64_t{1} << (13 * suit + r - 1);
        onto[c][k] = m;
        acc |= m;
        upto[c][k] = acc;
      }
      if (rank > 1)
        for (int suit = red ? 0 : 2; suit < (red ? 2 : 4); ++suit)
          wants[c] |= std::uint64_t{1} << (13 * suit + rank - 2);
    }
  }
};
inline constexpr MoveTables kMoveTables;

// What Prune::IdleToCell asks of a position, found once per expansion: the cards that
// one cascade top accepts (`once`), that two or more accept (`twice`), and that a card
// in a free cell could be built on (`cells`).
struct Openers {
  std::uint64_t once = 0, twice = 0, cells = 0;
};

// Whether moving the top card `top` of cascade i (n > 1) to a free cell makes
// progress possible: the card it uncovers can go home (`home`: the cards the
// foundations take next) or onto another cascade or take a card from a free cell, or
// a card its foundation needs next lies within reach (no deeper than the free cells
// left after the move allow to dig).
inline bool opens(const Board& s, int i, int top, int free_cells, const Openers& o, std::uint64_t home) noexcept {
  const int n = s.len[i];
  const int e = s.col[i][n - 2];
  // Another top that takes e: one of two or more, or the only one when it is not the
  // top that leaves.
  if (((home | o.twice | o.cells | (o.once & ~kMoveTables.wants[top])) >> e) & 1) return true;
  const int reach = std::min(n - 1, free_cells);  // cards still movable after this one
  for (int k = 3; k <= reach + 1; ++k)
    if ((home >> s.col[i][n - k]) & 1) return true;
  return false;
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
  unsigned free_mask = 0, empty_mask = 0;
  int free_cells = 0, empty = 0;
  for (int i = 0; i < 4; ++i) {
    free_mask |= static_cast<unsigned>(s.cell[i] == kNoCard) << i;
    free_cells += s.cell[i] == kNoCard;
  }
  // The cascade tops: each cascade's, as a set, and the cascade of each.
  int top[8];
  std::uint64_t tops = 0;
  std::uint8_t at[52];
  for (int i = 0; i < 8; ++i) {
    const int n = s.len[i];
    if (!n) {
      empty_mask |= 1u << i;
      ++empty;
      continue;
    }
    const int c = s.col[i][n - 1];
    top[i] = c;
    tops |= std::uint64_t{1} << c;
    at[c] = static_cast<std::uint8_t>(i);
  }
  const int first_cell = free_mask ? std::countr_zero(free_mask) : -1;
  const int first_empty = empty_mask ? std::countr_zero(empty_mask) : -1;
  const int limit_card = (free_cells + 1) << empty;
  const int limit_empty = empty ? (free_cells + 1) << (empty - 1) : 0;
  std::uint64_t home = 0;  // the cards the foundations take next
  for (int suit = 0; suit < 4; ++suit) home |= std::uint64_t{s.found[suit] < 13} << (13 * suit + s.found[suit]);
  const bool idle_to_cell = has(prune, Prune::IdleToCell);
  Openers openers;
  if (idle_to_cell) {
    for (int j = 0; j < 8; ++j)
      if (s.len[j]) {
        const std::uint64_t m = kMoveTables.wants[top[j]];
        openers.twice |= openers.once & m;
        openers.once |= m;
      }
    for (std::uint8_t c : s.cell)
      if (c != kNoCard) openers.cells |= kMoveTables.onto[c][1];  // one rank higher, other colour
  }
  // Lateral pruning leaves only moves of a whole run: a part of a run lies on a card
  // it builds on.
  const bool lateral = has(prune, Prune::Lateral);
  // The cascades (one bit each) whose tops are among the cards `dests`.
  auto cascades_of = [&](std::uint64_t dests) {
    unsigned js = 0;
    for (; dests; dests &= dests - 1) js |= 1u << at[std::countr_zero(dests)];
    return js;
  };
  Board t;
  // From the cascades.
  for (int i = 0; i < 8; ++i) {
    const int n = s.len[i];
    if (!n) continue;
    const int c = top[i];
    const int run = s.run[i];
    if ((home >> c) & 1) {
      t = s;
      --t.len[i];
      t.run[i] = run_after_taking(t, i, 1);
      ++t.found[kCards.suit[c]];
      f(t, MoveCode::make(c, 1, Dest::Foundation, 0), -2);
    }
    // Onto another cascade's top: at most the supermove limit, and the whole run when
    // lateral moves are pruned.
    const int kmax = std::min(run, limit_card);
    const std::uint64_t dests =
        tops & (lateral ? (run <= limit_card ? kMoveTables.onto[c][run] : 0) : kMoveTables.upto[c][kmax]);
    if (dests)
      for (unsigned js = cascades_of(dests); js; js &= js - 1) {
        const int j = std::countr_zero(js);
        const int dst = top[j];
        const int k = kCards.rank[dst] - kCards.rank[c];  // the cards that move
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
      const int kmost = std::min({run, limit_empty, n - 1});
      // A single card goes to an empty cascade only when no free cell is left to take it.
      const int kmin = std::max(lateral ? run : 1, has(prune, Prune::SingleToEmpty) && first_cell >= 0 ? 2 : 1);
      for (int k = kmost; k >= kmin; --k) {
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
    // (A run of two or more: the top builds on the card beneath it.)
    if (first_cell >= 0 && !(has(prune, Prune::ParentToCell) && run > 1) &&
        !(idle_to_cell && n > 1 && !opens(s, i, c, free_cells, openers, home))) {
      t = s;
      --t.len[i];
      t.run[i] = run_after_taking(t, i, 1);
      t.cell[first_cell] = static_cast<std::uint8_t>(c);
      f(t, MoveCode::make(c, 1, Dest::Cell, 0), n > 1 ? s.col[i][n - 2] : -1);
    }
  }
  // From the free cells.
  for (int c = 0; c < 4; ++c) {
    const int card = s.cell[c];
    if (card == kNoCard) continue;
    if ((home >> card) & 1) {
      t = s;
      t.cell[c] = kNoCard;
      ++t.found[kCards.suit[card]];
      f(t, MoveCode::make(card, 1, Dest::Foundation, 0), -2);
    }
    if (const std::uint64_t dests = tops & kMoveTables.onto[card][1])
      for (unsigned js = cascades_of(dests); js; js &= js - 1) {
        const int j = std::countr_zero(js);
        const int dst = top[j];
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
