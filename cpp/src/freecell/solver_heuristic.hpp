// The solver's scan parameters and its heuristic.  Internal to the solver.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "solver_board.hpp"
#include "solver_moves.hpp"

namespace parlour::freecell::search {

// One scan of a portfolio: the weights of its heuristic (h + moves * g), the moves it
// skips and how eagerly it plays cards home.  A scan is complete (it can prove a deal
// unsolvable by running dry) only with prune None and autoplay Safe.
struct ScanParams {
  int home = 0;      // per card not home
  int next = 0;      // per card above a card its foundation needs next
  int disorder = 0;  // per card not built on the card beneath it
  int cell = 0;      // per occupied free cell
  int empty = 0;     // per empty cascade (subtracted)
  int moves = 0;     // per move made (0: greedy best-first; < 0: depth-first)
  int unbuilt = 0;   // per card above the ordered run at the bottom of its cascade
  int block = 0;     // per card above a card of lower rank in its cascade
  Prune prune = Prune::None;
  Autoplay autoplay = Autoplay::Safe;
  int next2 = 0;  // per card above the card each foundation needs after the next one
  int stuck = 0;  // once when no free cell and no empty cascade is left

  [[nodiscard]] bool complete() const noexcept { return prune == Prune::None && autoplay == Autoplay::Safe; }
};

// The weight of each card in the "next" terms, for given foundations: p.next for a
// card its foundation needs next, p.next2 for the card after it, 0 for the others.
struct NextWeights {
  std::int16_t w[52];
};

inline void next_weights(const Board& s, const ScanParams& p, NextWeights& nw) noexcept {
  std::memset(nw.w, 0, sizeof nw.w);
  for (int suit = 0; suit < 4; ++suit) {
    const int f = s.found[suit];
    if (f < 13) nw.w[13 * suit + f] = static_cast<std::int16_t>(p.next);
    if (f < 12) nw.w[13 * suit + f + 1] = static_cast<std::int16_t>(p.next2);
  }
}

// Makes nw (the weights for foundations `was`) those for s's foundations: only the
// entries of the suits whose foundation moved change.
inline void update_next_weights(const Board& s, const ScanParams& p, NextWeights& nw, std::uint8_t* was) noexcept {
  for (int suit = 0; suit < 4; ++suit) {
    const int f = s.found[suit], old = was[suit];
    if (f == old) continue;
    if (old < 13) nw.w[13 * suit + old] = 0;
    if (old < 12) nw.w[13 * suit + old + 1] = 0;
    if (f < 13) nw.w[13 * suit + f] = static_cast<std::int16_t>(p.next);
    if (f < 12) nw.w[13 * suit + f + 1] = static_cast<std::int16_t>(p.next2);
    was[suit] = static_cast<std::uint8_t>(f);
  }
}

// The heuristic is a sum of per-cascade terms (which depend on the cascade and the
// foundations only) and terms for the cells and foundations, so a child whose
// foundations did not change needs only its changed cascades recomputed.  `ordered`
// is set when the cascade's ranks never rise from bottom to top (then the foundation
// moves alone clear it).  `nw` holds the weights of next_weights for s's foundations.
inline int cascade_term(const Board& s, int i, const ScanParams& p, const NextWeights& nw, bool& ordered) noexcept {
  const int n = s.len[i];
  ordered = true;
  if (!n) return -p.empty;
  int disorder = 0, unbuilt = 0;
  if ((p.disorder | p.unbuilt) != 0) {
    bool built = true;  // every card so far built on the one beneath it
    for (int j = 0; j < n; ++j) {
      const int c = s.col[i][j];
      if (j && !builds(c, s.col[i][j - 1])) ++disorder, built = false;
      unbuilt += !built;
    }
  }
  // Branch-free (these tests are unpredictable).  The "next" terms weigh each needed
  // card by the cards above it: summing, at each card, the weights of the cards below.
  int block = 0, low = 14, below = 0, next = 0;
  for (int j = 0; j < n; ++j) {
    const int c = s.col[i][j];
    const int r = kCards.rank[c];
    block += r > low;
    low = std::min(low, r);
    next += below;
    below += nw.w[c];
  }
  ordered = block == 0;
  return next + p.disorder * disorder + p.unbuilt * unbuilt + p.block * block;
}

// The number of occupied free cells: the bytes of the four cells other than kNoCard
// (255), counted in one word.
inline int occupied_cells(const Board& s) noexcept {
  std::uint32_t x;
  std::memcpy(&x, s.cell, sizeof x);
  x = ~x;  // an empty cell is a zero byte
  const std::uint32_t nonzero = (((x & 0x7f7f7f7fu) + 0x7f7f7f7fu) | x) & 0x80808080u;
  return static_cast<int>(((nonzero >> 7) * 0x01010101u) >> 24);
}

// The terms for the foundations and cells (plus a constant that keeps priorities positive).
inline int base_term(const Board& s, const ScanParams& p) noexcept {
  const int home = s.found[0] + s.found[1] + s.found[2] + s.found[3];
  const int cells = occupied_cells(s);
  int stuck = 0;
  if (p.stuck && cells == 4) {
    stuck = 1;
    for (int i = 0; i < 8; ++i) stuck &= s.len[i] != 0;
  }
  return p.home * (52 - home) + p.cell * cells + p.stuck * stuck + 1000;
}

// Fills `terms` with the cascade terms and `ordered` with one bit per cascade whose
// ranks never rise (all eight set: the position is won by foundation moves alone);
// returns the heuristic.
inline int heuristic(const Board& s, const ScanParams& p, std::int16_t* terms, std::uint8_t& ordered) noexcept {
  NextWeights nw;
  next_weights(s, p, nw);
  int h = base_term(s, p);
  ordered = 0;
  for (int i = 0; i < 8; ++i) {
    bool o = false;
    const int t = cascade_term(s, i, p, nw, o);
    terms[i] = static_cast<std::int16_t>(t);
    ordered = static_cast<std::uint8_t>(ordered | (o << i));
    h += t;
  }
  return h;
}

}  // namespace parlour::freecell::search
