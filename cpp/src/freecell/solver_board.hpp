// The solver's position: a compact board, its exact canonical key with a Zobrist
// hash, and the automatic foundation moves (the one autoplay rule of the solver).
// Internal to the solver (see parlour/freecell/solver.hpp for the method).
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

#include "parlour/freecell/state.hpp"

namespace parlour::freecell::search {

// Cards are dense indices 0..51 (13*suit + rank - 1; suits 0 clubs, 1 spades, 2 hearts,
// 3 diamonds); kNoCard marks an empty free cell.
constexpr std::uint8_t kNoCard = 255;
constexpr int kMaxCascade = 20;  // 7 dealt + 12 built on top is the most a cascade holds

struct CardTables {
  std::uint8_t rank[52];
  std::uint8_t suit[52];
  std::uint8_t red[52];
  constexpr CardTables() : rank(), suit(), red() {
    for (int i = 0; i < 52; ++i) {
      rank[i] = static_cast<std::uint8_t>(i % 13 + 1);
      suit[i] = static_cast<std::uint8_t>(i / 13);
      red[i] = static_cast<std::uint8_t>(i / 13 >= 2);
    }
  }
};
inline constexpr CardTables kCards;

// builds(upper, lower): upper may lie on lower (one rank below, other colour); one
// table lookup.
struct BuildTable {
  bool ok[52][52];
  constexpr BuildTable() : ok() {
    for (int u = 0; u < 52; ++u)
      for (int l = 0; l < 52; ++l) ok[u][l] = u % 13 + 1 == l % 13 && (u / 26) != (l / 26);
  }
};
inline constexpr BuildTable kBuildTable;

inline bool builds(int upper, int lower) noexcept { return kBuildTable.ok[upper][lower]; }

struct Board {
  std::uint8_t len[8];               // cards in each cascade
  std::uint8_t cell[4];              // a card or kNoCard
  std::uint8_t found[4];             // foundation heights by suit
  std::uint8_t run[8];               // the ordered run at the top of each cascade (see top_run)
  std::uint8_t col[8][kMaxCascade];  // cascades, bottom card first
};

// The number of cards at the top of cascade i each built on the one beneath it, the
// top card included (0 for an empty cascade).  Kept in Board::run: the move
// generator and autoplay update it as they change a cascade.
inline int top_run(const Board& s, int i) noexcept {
  const int n = s.len[i];
  if (!n) return 0;
  int run = 1;
  while (run < n && builds(s.col[i][n - run], s.col[i][n - run - 1])) ++run;
  return run;
}

inline void set_runs(Board& s) noexcept {
  for (int i = 0; i < 8; ++i) s.run[i] = static_cast<std::uint8_t>(top_run(s, i));
}

// Cascade i lost its top k cards (s.run[i] was its run before): its run now.
inline std::uint8_t run_after_taking(const Board& s, int i, int k) noexcept {
  return s.run[i] > k ? static_cast<std::uint8_t>(s.run[i] - k) : static_cast<std::uint8_t>(top_run(s, i));
}

// The exact canonical key: for each card the card beneath it (0..51), kBottom for a
// cascade bottom, kInCell for a free cell, kHome for the foundations; 52 bytes, padded.
constexpr std::uint8_t kBottom = 52, kInCell = 53, kHome = 54;

struct Key {
  std::uint8_t b[56];
  bool operator==(const Key& o) const noexcept { return std::memcmp(b, o.b, sizeof b) == 0; }
};

// Zobrist hashing: the xor of one random word per (card, byte value), so a child's
// hash follows from its parent's (kept in the node) by the few bytes that change.
struct Zobrist {
  std::uint64_t z[52][56];
  constexpr Zobrist() : z() {
    std::uint64_t x = 0x9E3779B97F4A7C15ull;
    for (auto& row : z)
      for (auto& v : row) {  // splitmix64
        x += 0x9E3779B97F4A7C15ull;
        std::uint64_t y = x;
        y = (y ^ (y >> 30)) * 0xBF58476D1CE4E5B9ull;
        y = (y ^ (y >> 27)) * 0x94D049BB133111EBull;
        v = y ^ (y >> 31);
      }
  }
};
inline constexpr Zobrist kZobrist;

inline std::uint64_t hash_key(const Key& k) noexcept {
  std::uint64_t h = 0;
  for (int i = 0; i < 52; ++i) h ^= kZobrist.z[i][k.b[i]];
  return h;
}

// Sets byte c of a key to v, keeping its hash h up to date.
inline void set_key(std::uint8_t* key, std::uint64_t& h, int c, std::uint8_t v) noexcept {
  h ^= kZobrist.z[c][key[c]] ^ kZobrist.z[c][v];
  key[c] = v;
}

inline void encode(const Board& s, Key& k) noexcept {
  std::memset(k.b, kHome, sizeof k.b);
  for (std::uint8_t c : s.cell)
    if (c != kNoCard) k.b[c] = kInCell;
  for (int i = 0; i < 8; ++i) {
    std::uint8_t prev = kBottom;
    for (int j = 0; j < s.len[i]; ++j) {
      k.b[s.col[i][j]] = prev;
      prev = s.col[i][j];
    }
  }
}

inline Key encode(const Board& s) noexcept {
  Key k;
  encode(s, k);
  return k;
}

// Automatic foundation moves.  Safe (the complete scans) is provably safe: rank <= 2,
// or both opposite-colour foundations hold rank - 1, so no card can ever be built on
// the card.  Loose adds the common looser rule (opposite colours hold rank - 2 and the
// other suit of the same colour rank - 3); All plays every card it can.  Levels above
// Safe are only used by pruned (incomplete) scans, so they never take part in a proof.
enum class Autoplay : std::uint8_t { Safe = 0, Loose = 1, All = 2 };

inline bool autoplay_allows(const std::uint8_t* found, int rank, int suit, bool red, Autoplay level) noexcept {
  if (rank != found[suit] + 1) return false;
  if (rank <= 2 || level == Autoplay::All) return true;
  const int o1 = red ? found[0] : found[2], o2 = red ? found[1] : found[3];
  if (o1 >= rank - 1 && o2 >= rank - 1) return true;
  if (level == Autoplay::Safe) return false;
  const int same = found[suit ^ 1];
  return o1 >= rank - 2 && o2 >= rank - 2 && same >= rank - 3;
}

inline bool autoplay_allows(const Board& s, int c, Autoplay level) noexcept {
  return autoplay_allows(s.found, kCards.rank[c], kCards.suit[c], kCards.red[c] != 0, level);
}

// The same rule on the engine's types.
inline bool autoplay_allows(const Foundations& f, Card c, Autoplay level) noexcept {
  std::uint8_t found[4];
  for (int i = 0; i < 4; ++i) found[i] = static_cast<std::uint8_t>(f.heights()[i]);
  return autoplay_allows(found, c.rank(), static_cast<int>(c.suit()), c.colour() == Colour::Red, level);
}

// The cards the rule of `level` lets go to the foundations now (bit c for card c):
// at most the next card of each suit.
inline std::uint64_t autoplay_cards(const std::uint8_t* found, Autoplay level) noexcept {
  std::uint64_t m = 0;
  for (int suit = 0; suit < 4; ++suit) {
    const int f = found[suit];
    if (f < 13 && autoplay_allows(found, f + 1, suit, suit >= 2, level)) m |= std::uint64_t{1} << (13 * suit + f);
  }
  return m;
}

// Plays every card the rule of `level` allows to the foundations until none is left.
// When `key` is given, the played cards are marked as on the foundations in it.  (The
// rule only loosens as the foundations rise, and a card it allows stays free until it
// is played, so the order of play does not change the position reached.)
inline void autoplay(Board& s, Autoplay level = Autoplay::Safe, std::uint8_t* key = nullptr,
                     std::uint64_t* hash = nullptr) noexcept {
  std::uint64_t allowed = autoplay_cards(s.found, level);
  // The free cards (cascade tops and free cells) and where each is: its cascade, or 8
  // + its free cell.
  std::uint64_t reachable = 0;
  std::uint8_t at[52];
  for (int i = 0; i < 8; ++i)
    if (s.len[i]) {
      const int c = s.col[i][s.len[i] - 1];
      reachable |= std::uint64_t{1} << c;
      at[c] = static_cast<std::uint8_t>(i);
    }
  for (int i = 0; i < 4; ++i)
    if (s.cell[i] != kNoCard) {
      reachable |= std::uint64_t{1} << s.cell[i];
      at[s.cell[i]] = static_cast<std::uint8_t>(8 + i);
    }
  for (std::uint64_t m; (m = allowed & reachable) != 0; allowed = autoplay_cards(s.found, level)) {
    const int c = std::countr_zero(m);
    const int w = at[c];
    reachable &= ~(std::uint64_t{1} << c);
    ++s.found[kCards.suit[c]];
    if (key) set_key(key, *hash, c, kHome);
    if (w < 8) {
      --s.len[w];
      s.run[w] = run_after_taking(s, w, 1);
      if (s.len[w]) {
        const int d = s.col[w][s.len[w] - 1];
        reachable |= std::uint64_t{1} << d;
        at[d] = static_cast<std::uint8_t>(w);
      }
    } else {
      s.cell[w - 8] = kNoCard;
    }
  }
}

// Every cascade in non-increasing rank order: the foundation moves alone finish it.
inline bool trivially_won(const Board& s) noexcept {
  for (int i = 0; i < 8; ++i)
    for (int j = 1; j < s.len[i]; ++j)
      if (kCards.rank[s.col[i][j]] > kCards.rank[s.col[i][j - 1]]) return false;
  return true;
}

// The board of a validated GameState (InvalidValue for a cascade longer than any
// FreeCell game can build).
Board board_from_state(const GameState& g);

}  // namespace parlour::freecell::search
