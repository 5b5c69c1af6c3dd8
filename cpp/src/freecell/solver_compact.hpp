// A compact canonical encoding of the positions reachable from one start (24 bytes),
// for the solver's memory-lean position store.  Internal to the solver.
//
// Every cascade of a position reachable from a start is a prefix of one of the
// start's cascades (the cards that never moved) with a chain built on it, or a card
// placed in an empty cascade with a chain built on it: a card that moved was last put
// either on a card it builds on or into an empty cascade.  Each card of a chain is one
// rank below the card beneath it and of the other colour, so one bit (which of the
// two suits of that colour) names it.  The encoding, as a bit string:
//   the four foundation heights (4 bits each); the number of cards in free cells (3)
//   and those cards in increasing order (6 each); for each start cascade, the length
//   of its prefix still in place (`prefix_bits`) and, when it is not empty, the length
//   of the chain on it (4) and one bit per chain card; the number of other cascades
//   (4) and, by increasing bottom card, each one's bottom card (6), chain length (4)
//   and chain bits.
// Cascades that keep their start prefix are keyed by that start cascade and the others
// by their bottom card, and free cells are sorted, so positions that differ only in
// the order of cascades or of free cells get one encoding, and different positions
// different ones.  At most 167 + 8 * prefix_bits bits: 191 when every start cascade
// has at most 7 cards (any deal), so it fits 24 bytes; for longer start cascades
// the store keeps the plain 56-byte keys (CompactCodec::fits).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "solver_board.hpp"

namespace parlour::freecell::search {

struct CompactKey {
  std::uint64_t w[3];
  bool operator==(const CompactKey& o) const noexcept { return w[0] == o.w[0] && w[1] == o.w[1] && w[2] == o.w[2]; }
  [[nodiscard]] std::uint64_t hash() const noexcept {
    std::uint64_t h = w[0] * 0x9E3779B97F4A7C15ull;
    h = (h ^ (h >> 29) ^ w[1]) * 0xBF58476D1CE4E5B9ull;
    h = (h ^ (h >> 31) ^ w[2]) * 0x94D049BB133111EBull;
    return h ^ (h >> 32);
  }
};

class CompactCodec {
 public:
  explicit CompactCodec(const Board& start) noexcept {
    int longest = 0;
    for (int i = 0; i < 8; ++i) {
      len_[i] = start.len[i];
      std::memcpy(col_[i], start.col[i], kMaxCascade);
      if (start.len[i]) bottom_of_[start.col[i][0]] = static_cast<std::int8_t>(i);
      longest = std::max(longest, static_cast<int>(start.len[i]));
    }
    while ((1 << prefix_bits_) <= longest) ++prefix_bits_;
  }
  // Whether every position reachable from the start fits 24 bytes.
  [[nodiscard]] bool fits() const noexcept { return 167 + 8 * prefix_bits_ <= 192; }

  [[nodiscard]] CompactKey encode(const Board& s) const noexcept {
    Writer out;
    for (int i = 0; i < 4; ++i) out.put(s.found[i], 4);
    std::uint8_t cells[4];
    int nc = 0;
    for (std::uint8_t c : s.cell)
      if (c != kNoCard) cells[nc++] = c;
    sort_small(cells, nc, [](std::uint8_t a, std::uint8_t b) { return a < b; });
    out.put(static_cast<unsigned>(nc), 3);
    for (int i = 0; i < nc; ++i) out.put(cells[i], 6);
    // Which cascade of s holds each start cascade's prefix, and its length.
    int holder[8], prefix[8];
    std::uint8_t others[8];
    int no = 0;
    for (int i = 0; i < 8; ++i) holder[i] = -1, prefix[i] = 0;
    for (int j = 0; j < 8; ++j) {
      const int n = s.len[j];
      if (!n) continue;
      const int i = bottom_of_[s.col[j][0]];
      if (i < 0) {
        others[no++] = static_cast<std::uint8_t>(j);
        continue;
      }
      int k = 1;
      while (k < n && k < len_[i] && s.col[j][k] == col_[i][k]) ++k;
      holder[i] = j;
      prefix[i] = k;
    }
    for (int i = 0; i < 8; ++i) {
      out.put(static_cast<unsigned>(prefix[i]), prefix_bits_);
      if (prefix[i]) put_chain(out, s, holder[i], prefix[i]);
    }
    sort_small(others, no, [&](std::uint8_t a, std::uint8_t b) { return s.col[a][0] < s.col[b][0]; });
    out.put(static_cast<unsigned>(no), 4);
    for (int o = 0; o < no; ++o) {
      out.put(s.col[others[o]][0], 6);
      put_chain(out, s, others[o], 1);
    }
    return out.key;
  }

  // The board of a key: start cascades' holders in their own slots, the other
  // cascades in the slots left, by increasing bottom card; cells filled from the first.
  [[nodiscard]] Board decode(const CompactKey& key) const noexcept {
    Reader in{key};
    Board s{};
    for (int i = 0; i < 4; ++i) s.found[i] = static_cast<std::uint8_t>(in.get(4));
    const int nc = static_cast<int>(in.get(3));
    for (int i = 0; i < 4; ++i) s.cell[i] = i < nc ? static_cast<std::uint8_t>(in.get(6)) : kNoCard;
    bool used[8] = {};
    for (int i = 0; i < 8; ++i) {
      const int k = static_cast<int>(in.get(prefix_bits_));
      if (!k) continue;
      used[i] = true;
      std::memcpy(s.col[i], col_[i], static_cast<std::size_t>(k));
      s.len[i] = static_cast<std::uint8_t>(k);
      get_chain(in, s, i);
    }
    const int no = static_cast<int>(in.get(4));
    int slot = 0;
    for (int o = 0; o < no; ++o) {
      while (used[slot]) ++slot;
      used[slot] = true;
      s.col[slot][0] = static_cast<std::uint8_t>(in.get(6));
      s.len[slot] = 1;
      get_chain(in, s, slot);
    }
    set_runs(s);
    return s;
  }

  // Whether `key` is the encoding of a position (every card once, cascades within
  // bounds, canonical): what decode may be given.  For keys read back from files.
  [[nodiscard]] bool check(const CompactKey& key) const noexcept {
    Reader in{key};
    Board s{};
    bool seen[52] = {};
    int cards = 0;
    auto see = [&](int c) {
      if (c < 0 || c >= 52 || seen[c]) return false;
      seen[c] = true;
      ++cards;
      return true;
    };
    auto room = [&](int bits) { return in.pos + bits <= 192; };
    for (int i = 0; i < 4; ++i) {
      s.found[i] = static_cast<std::uint8_t>(in.get(4));
      if (s.found[i] > 13) return false;
      for (int r = 0; r < s.found[i]; ++r)
        if (!see(13 * i + r)) return false;
    }
    const int nc = static_cast<int>(in.get(3));
    if (nc > 4 || !room(6 * nc)) return false;
    for (int i = 0; i < 4; ++i) {
      s.cell[i] = i < nc ? static_cast<std::uint8_t>(in.get(6)) : kNoCard;
      if (i < nc && !see(s.cell[i])) return false;
    }
    auto chain = [&](int j) {
      if (!room(4)) return false;
      const int n = static_cast<int>(in.get(4));
      if (s.len[j] + n > kMaxCascade || !room(n)) return false;
      for (int k = 0; k < n; ++k) {
        const int below = s.col[j][s.len[j] - 1];
        if (kCards.rank[below] < 2) return false;
        const int suit = (kCards.red[below] ? 0 : 2) | static_cast<int>(in.get(1));
        const int c = 13 * suit + kCards.rank[below] - 2;
        if (!see(c)) return false;
        s.col[j][s.len[j]++] = static_cast<std::uint8_t>(c);
      }
      return true;
    };
    bool used[8] = {};
    int slots = 0;
    for (int i = 0; i < 8; ++i) {
      if (!room(prefix_bits_)) return false;
      const int k = static_cast<int>(in.get(prefix_bits_));
      if (!k) continue;
      if (k > len_[i]) return false;
      used[i] = true;
      ++slots;
      for (int c = 0; c < k; ++c)
        if (!see(col_[i][c])) return false;
      std::memcpy(s.col[i], col_[i], static_cast<std::size_t>(k));
      s.len[i] = static_cast<std::uint8_t>(k);
      if (!chain(i)) return false;
    }
    if (!room(4)) return false;
    const int no = static_cast<int>(in.get(4));
    if (slots + no > 8) return false;
    int slot = 0;
    for (int o = 0; o < no; ++o) {
      while (used[slot]) ++slot;
      used[slot] = true;
      if (!room(6)) return false;
      const int c = static_cast<int>(in.get(6));
      if (!see(c)) return false;
      s.col[slot][0] = static_cast<std::uint8_t>(c);
      s.len[slot] = 1;
      if (!chain(slot)) return false;
    }
    return cards == 52 && encode(s) == key;
  }

 private:
  // Insertion sort, for the at most 8 items sorted here.
  template <class Less>
  static void sort_small(std::uint8_t* a, int n, Less less) noexcept {
    for (int i = 1; i < n; ++i) {
      const std::uint8_t x = a[i];
      int j = i;
      for (; j > 0 && less(x, a[j - 1]); --j) a[j] = a[j - 1];
      a[j] = x;
    }
  }
  struct Writer {
    CompactKey key{{0, 0, 0}};
    int pos = 0;
    void put(unsigned v, int bits) noexcept {  // v < 2^bits, bits <= 8
      const int off = pos & 63;
      key.w[pos >> 6] |= static_cast<std::uint64_t>(v) << off;
      if (off + bits > 64) key.w[(pos >> 6) + 1] |= static_cast<std::uint64_t>(v) >> (64 - off);
      pos += bits;
    }
  };
  struct Reader {
    const CompactKey& key;
    int pos = 0;
    unsigned get(int bits) noexcept {
      const int off = pos & 63;
      std::uint64_t v = key.w[pos >> 6] >> off;
      if (off + bits > 64) v |= key.w[(pos >> 6) + 1] << (64 - off);
      pos += bits;
      return static_cast<unsigned>(v & ((1u << bits) - 1));
    }
  };
  // The chain of cascade j from card `from` up: its length, then one suit bit a card.
  static void put_chain(Writer& out, const Board& s, int j, int from) noexcept {
    const int n = s.len[j];
    out.put(static_cast<unsigned>(n - from), 4);
    for (int k = from; k < n; ++k) out.put(kCards.suit[s.col[j][k]] & 1u, 1);
  }
  static void get_chain(Reader& in, Board& s, int j) noexcept {
    const int n = static_cast<int>(in.get(4));
    for (int k = 0; k < n; ++k) {
      const int below = s.col[j][s.len[j] - 1];
      const int suit = (kCards.red[below] ? 0 : 2) | static_cast<int>(in.get(1));
      s.col[j][s.len[j]++] = static_cast<std::uint8_t>(13 * suit + kCards.rank[below] - 2);
    }
  }

  std::uint8_t len_[8];
  std::uint8_t col_[8][kMaxCascade];
  std::int8_t bottom_of_[52] = {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1};
  int prefix_bits_ = 0;
};

}  // namespace parlour::freecell::search
