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
#include <bit>
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
    // The fields are gathered into values of up to 58 bits and written a value at a
    // time (the bit string is the same as writing each field in turn).
    Writer out;
    std::uint8_t cells[4];
    int nc = 0;
    for (std::uint8_t c : s.cell)
      if (c != kNoCard) cells[nc++] = c;
    sort_small(cells, nc, [](std::uint8_t a, std::uint8_t b) { return a < b; });
    std::uint64_t head = static_cast<std::uint64_t>(s.found[0]) | (static_cast<std::uint64_t>(s.found[1]) << 4) |
                         (static_cast<std::uint64_t>(s.found[2]) << 8) |
                         (static_cast<std::uint64_t>(s.found[3]) << 12) | (static_cast<std::uint64_t>(nc) << 16);
    for (int i = 0; i < nc; ++i) head |= static_cast<std::uint64_t>(cells[i]) << (19 + 6 * i);
    out.put(head, 19 + 6 * nc);
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
      holder[i] = j;
      prefix[i] = std::min({n, static_cast<int>(len_[i]), same_prefix(s.col[j], col_[i])});
    }
    for (int i = 0; i < 8; ++i) {
      if (!prefix[i]) {
        out.put(0, prefix_bits_);
        continue;
      }
      // the prefix length, then the chain's length and its suit bits
      const int j = holder[i];
      const int chain = s.len[j] - prefix[i];
      out.put(static_cast<std::uint64_t>(prefix[i]) | (static_cast<std::uint64_t>(chain) << prefix_bits_) |
                  (chain_bits(s.col[j] + prefix[i], chain) << (prefix_bits_ + 4)),
              prefix_bits_ + 4 + chain);
    }
    sort_small(others, no, [&](std::uint8_t a, std::uint8_t b) { return s.col[a][0] < s.col[b][0]; });
    out.put(static_cast<std::uint64_t>(no), 4);
    for (int o = 0; o < no; ++o) {
      const int j = others[o];
      const int chain = s.len[j] - 1;
      out.put(static_cast<std::uint64_t>(s.col[j][0]) | (static_cast<std::uint64_t>(chain) << 6) |
                  (chain_bits(s.col[j] + 1, chain) << 10),
              10 + chain);
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
    void put(std::uint64_t v, int bits) noexcept {  // v < 2^bits, bits <= 64
      const int off = pos & 63;
      key.w[pos >> 6] |= v << off;
      if (off + bits > 64) key.w[(pos >> 6) + 1] |= v >> (64 - off);
      pos += bits;
    }
  };
  // How many leading cards two cascades share, up to 8 (a start cascade's prefix has
  // at most 7 cards in any deal; more only past both lengths, which the caller bounds).
  static int same_prefix(const std::uint8_t* a, const std::uint8_t* b) noexcept {
    if constexpr (std::endian::native == std::endian::little) {
      std::uint64_t x, y;
      std::memcpy(&x, a, 8);
      std::memcpy(&y, b, 8);
      const std::uint64_t d = x ^ y;
      return d ? std::countr_zero(d) / 8 : 8;
    } else {
      int k = 0;
      while (k < 8 && a[k] == b[k]) ++k;
      return k;
    }
  }
  // The suit bits of the n cards of a chain from `c` on, the first card's in bit 0; `c`
  // is at most 7 cards into a cascade (so that 8 bytes from it are within the cascade).
  // A card's suit bit is 1 for 13..25 and 39..51: eight cards at a time, each byte's
  // "at least 13", "at least 26" and "at least 39" in its top bit, exclusive-or'ed, the
  // eight top bits then gathered into one byte by a multiplication.
  static std::uint64_t chain_bits(const std::uint8_t* c, int n) noexcept {
    std::uint64_t bits = 0;
    int k = 0;
    if constexpr (std::endian::native == std::endian::little) {
      if (n > 0) {
        std::uint64_t x;
        std::memcpy(&x, c, 8);
        constexpr std::uint64_t kOnes = 0x0101010101010101ull;
        const std::uint64_t top = ((x + 115 * kOnes) ^ (x + 102 * kOnes) ^ (x + 89 * kOnes)) & (0x80 * kOnes);
        bits = ((top >> 7) * 0x0102040810204080ull) >> 56;
        k = std::min(n, 8);
        bits &= (std::uint64_t{1} << k) - 1;
      }
    }
    for (; k < n; ++k) bits |= static_cast<std::uint64_t>(kCards.suit[c[k]] & 1u) << k;
    return bits;
  }
  struct Reader {
    const CompactKey& key;
    int pos = 0;
    unsigned get(int bits) noexcept {  // bits <= 31
      const int off = pos & 63;
      std::uint64_t v = key.w[pos >> 6] >> off;
      if (off + bits > 64) v |= key.w[(pos >> 6) + 1] << (64 - off);
      pos += bits;
      return static_cast<unsigned>(v & ((1u << bits) - 1));
    }
  };
  // A chain is written as its length (4 bits), then one suit bit a card (chain_bits).
  // Card k of a chain is one rank below card k - 1, of the other colour: its rank and
  // colour follow from the card beneath the chain, its suit bit from the key.
  static void get_chain(Reader& in, Board& s, int j) noexcept {
    const int n = static_cast<int>(in.get(4));
    const unsigned bits = in.get(n);
    const int len = s.len[j];
    const int below = s.col[j][len - 1];
    const int rank = kCards.rank[below];
    const bool red = kCards.red[below] != 0;
    for (int k = 0; k < n; ++k) {
      const int suit = (red != ((k & 1) != 0) ? 0 : 2) | static_cast<int>((bits >> k) & 1u);
      s.col[j][len + k] = static_cast<std::uint8_t>(13 * suit + rank - 2 - k);
    }
    s.len[j] = static_cast<std::uint8_t>(len + n);
  }

  std::uint8_t len_[8];
  std::uint8_t col_[8][kMaxCascade];
  std::int8_t bottom_of_[52] = {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1};
  int prefix_bits_ = 0;
};

}  // namespace parlour::freecell::search
