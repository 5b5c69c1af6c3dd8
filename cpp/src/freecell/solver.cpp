// The FreeCell solver: best-first search over canonical positions (see solver.hpp).
#include "parlour/freecell/solver.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <thread>

namespace parlour::freecell {

bool is_safe_autoplay(const Foundations& f, Card c) noexcept {
  if (!f.accepts(c)) return false;
  if (c.rank() <= 2) return true;
  const bool red = c.colour() == Colour::Red;
  const int a = red ? f.height(Suit::Club) : f.height(Suit::Heart);
  const int b = red ? f.height(Suit::Spade) : f.height(Suit::Diamond);
  return a >= c.rank() - 1 && b >= c.rank() - 1;
}

namespace {

// ------------------------------------------------------------------ compact state
// Cards are dense indices 0..51 (13*suit + rank - 1); kNone marks an empty cell.
constexpr std::uint8_t kNone = 255;
constexpr int kMaxCol = 20;  // 7 dealt + 12 built on top is the most a cascade holds

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
constexpr CardTables T;

// builds(upper, lower): upper may lie on lower (one rank below, other colour); one
// table lookup.
struct BuildTable {
  bool ok[52][52];
  constexpr BuildTable() : ok() {
    for (int u = 0; u < 52; ++u)
      for (int l = 0; l < 52; ++l) ok[u][l] = u % 13 + 1 == l % 13 && (u / 26) != (l / 26);
  }
};
constexpr BuildTable BT;

inline bool builds(int upper, int lower) noexcept { return BT.ok[upper][lower]; }

struct S {
  std::uint8_t len[8];
  std::uint8_t cell[4];
  std::uint8_t found[4];
  std::uint8_t col[8][kMaxCol];
};

// The exact canonical key: for each card the card beneath it (0..51), 52 for a
// cascade bottom, 53 for a free cell, 54 for the foundations; 52 bytes, padded.
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
constexpr Zobrist Z;

inline std::uint64_t hash_key(const Key& k) noexcept {
  std::uint64_t h = 0;
  for (int i = 0; i < 52; ++i) h ^= Z.z[i][k.b[i]];
  return h;
}

// Sets byte c of a key to v, keeping its hash h up to date.
inline void set_key(std::uint8_t* key, std::uint64_t& h, int c, std::uint8_t v) noexcept {
  h ^= Z.z[c][key[c]] ^ Z.z[c][v];
  key[c] = v;
}

inline void encode(const S& s, Key& k) noexcept {
  std::memset(k.b, 54, sizeof k.b);
  for (std::uint8_t c : s.cell)
    if (c != kNone) k.b[c] = 53;
  for (int i = 0; i < 8; ++i) {
    std::uint8_t prev = 52;
    for (int j = 0; j < s.len[i]; ++j) {
      k.b[s.col[i][j]] = prev;
      prev = s.col[i][j];
    }
  }
}

inline Key encode(const S& s) noexcept {
  Key k;
  encode(s, k);
  return k;
}

// Automatic foundation moves.  Level 0 (the complete scans) is provably safe: rank
// <= 2, or both opposite-colour foundations hold rank - 1.  Level 1 adds the common
// looser rule (opposite colours hold rank - 2 and the other suit of the same colour
// rank - 3); level 2 plays every card it can.  Levels above 0 are only used by
// pruned (incomplete) scans, so they never take part in a proof.
inline bool auto_rule(const std::uint8_t* found, int rank, int suit, bool red, int level) noexcept {
  if (rank != found[suit] + 1) return false;
  if (rank <= 2 || level >= 2) return true;
  // suits: 0 clubs, 1 spades (black); 2 hearts, 3 diamonds (red)
  const int o1 = red ? found[0] : found[2], o2 = red ? found[1] : found[3];
  if (o1 >= rank - 1 && o2 >= rank - 1) return true;
  if (level == 0) return false;
  const int same = found[suit ^ 1];
  return o1 >= rank - 2 && o2 >= rank - 2 && same >= rank - 3;
}

inline bool safe_auto(const S& s, int c, int level) noexcept {
  return auto_rule(s.found, T.rank[c], T.suit[c], T.red[c] != 0, level);
}

// Plays every card the rule of `level` allows to the foundations until none is left.
// When `key` is given, the played cards are marked as on the foundations in it.
void autoplay(S& s, int level = 0, std::uint8_t* key = nullptr, std::uint64_t* hash = nullptr) noexcept {
  bool again = true;
  while (again) {
    again = false;
    for (int i = 0; i < 8; ++i) {
      while (s.len[i]) {
        const int c = s.col[i][s.len[i] - 1];
        if (!safe_auto(s, c, level)) break;
        ++s.found[T.suit[c]];
        --s.len[i];
        if (key) set_key(key, *hash, c, 54);
        again = true;
      }
    }
    for (auto& c : s.cell)
      if (c != kNone && safe_auto(s, c, level)) {
        ++s.found[T.suit[c]];
        if (key) set_key(key, *hash, c, 54);
        c = kNone;
        again = true;
      }
  }
}

bool auto_ok(const Foundations& f, Card c, int level) noexcept {
  std::uint8_t found[4];
  for (int i = 0; i < 4; ++i) found[i] = static_cast<std::uint8_t>(f.heights()[i]);
  return auto_rule(found, c.rank(), static_cast<int>(c.suit()), c.colour() == Colour::Red, level);
}

#ifdef FC_CHECK
// Every cascade in non-increasing rank order: the foundation moves alone finish it.
bool trivially_won(const S& s) noexcept {
  for (int i = 0; i < 8; ++i)
    for (int j = 1; j < s.len[i]; ++j)
      if (T.rank[s.col[i][j]] > T.rank[s.col[i][j - 1]]) return false;
  return true;
}
#endif

// ------------------------------------------------------------------ moves (card terms)
// A move names the deepest moved card, the count and where it goes: so it means the
// same in every ordering of cascades and cells.
enum Dest : std::uint32_t { kFound = 0, kCell = 1, kEmpty = 2, kOnto = 3 };

inline std::uint32_t pack(int card, int count, Dest d, int target) noexcept {
  return static_cast<std::uint32_t>(card) | (static_cast<std::uint32_t>(count) << 6) |
         (static_cast<std::uint32_t>(d) << 10) | (static_cast<std::uint32_t>(target) << 12);
}

struct Params {
  int w_home;      // per card not home
  int w_next;      // per card above a card its foundation needs next
  int w_disorder;  // per card not built on the card beneath it
  int w_cell;      // per occupied free cell
  int w_empty;     // per empty cascade (subtracted)
  int w_g;         // per move made (0: greedy)
  int w_bad;       // per card above the ordered run at the bottom of its cascade
  int w_block;     // per card above a card of lower rank in its cascade
  int prune = 0;   // bits: 1 no lateral moves or partial runs to empty cascades; 2 no card
                   // off its parent to a cell; 4 no cell to empty cascade; 8 no single
                   // card to an empty cascade while a cell is free; 16 no card to a cell
                   // unless that opens something (see opens).  A pruned scan is
                   // incomplete: running dry proves nothing.
  int autoplay = 0;  // automatic foundation moves: 0 safe, 1 looser, 2 all (see auto_rule)
  int w_next2 = 0;  // per card above the card each foundation needs after the next one
  int w_stuck = 0;  // once when no free cell and no empty cascade is left
};

// The heuristic is a sum of per-cascade terms (which depend on the cascade and the
// foundations only) and terms for the cells and foundations, so a child whose
// foundations did not change needs only its changed cascades recomputed.  `ordered`
// is set when the cascade's ranks never rise from bottom to top (then the
// foundation moves alone clear it).
int column_term(const S& s, int i, const Params& p, bool& ordered) noexcept {
  const int n = s.len[i];
  ordered = true;
  if (!n) return -p.w_empty;
  int next = 0, next2 = 0, disorder = 0, bad = 0, block = 0, low = 14;
  if ((p.w_disorder | p.w_bad) != 0) {
    bool built = true;  // every card so far built on the one beneath it
    for (int j = 0; j < n; ++j) {
      const int c = s.col[i][j];
      if (j && !builds(c, s.col[i][j - 1])) ++disorder, built = false;
      bad += !built;
    }
  }
  for (int j = 0; j < n; ++j) {  // branch-free: these tests are unpredictable
    const int c = s.col[i][j];
    const int r = T.rank[c];
    block += r > low;
    low = std::min(low, r);
    const int d = r - s.found[T.suit[c]];
    next += (d <= 1) * (n - 1 - j);
    next2 += (d == 2) * (n - 1 - j);
  }
  ordered = block == 0;
  return p.w_next * next + p.w_next2 * next2 + p.w_disorder * disorder + p.w_bad * bad + p.w_block * block;
}

int base_term(const S& s, const Params& p) noexcept {
  const int home = s.found[0] + s.found[1] + s.found[2] + s.found[3];
  int cells = 0;
  for (std::uint8_t c : s.cell) cells += c != kNone;
  int stuck = 0;
  if (p.w_stuck && cells == 4) {
    stuck = 1;
    for (int i = 0; i < 8; ++i) stuck &= s.len[i] != 0;
  }
  return p.w_home * (52 - home) + p.w_cell * cells + p.w_stuck * stuck + 1000;
}

// Fills cols with the cascade terms and `ordered` with one bit per cascade whose
// ranks never rise (all eight set: the position is won by foundation moves alone);
// returns the heuristic.
int heuristic(const S& s, const Params& p, std::int16_t* cols, std::uint8_t& ordered) noexcept {
  int h = base_term(s, p);
  ordered = 0;
  for (int i = 0; i < 8; ++i) {
    bool o = false;
    const int t = column_term(s, i, p, o);
    cols[i] = static_cast<std::int16_t>(t);
    ordered = static_cast<std::uint8_t>(ordered | (o << i));
    h += t;
  }
  return h;
}

// What prune bit 16 asks of a position, found once per expansion: the cards that
// one cascade top accepts (`once`), that two or more accept (`twice`), and that a
// card in a free cell could be built on (`cells`); bit c for card c.
struct Openers {
  std::uint64_t once = 0, twice = 0, cells = 0;
};

// Whether moving the top card of cascade i (n > 1, its top accepting the cards
// `wanted` and `wanted` + 13, or none for -1) to a free cell makes progress
// possible: the card it uncovers can go home or onto another cascade or take a
// card from a free cell, or a card its foundation needs next lies within reach
// (no deeper than the free cells left after the move allow to dig).
inline bool opens(const S& s, int i, int free_cells, const Openers& o, int wanted) noexcept {
  const int n = s.len[i];
  const int e = s.col[i][n - 2];
  if (T.rank[e] == s.found[T.suit[e]] + 1) return true;
  const std::uint64_t bit = 1ull << e;
  const bool own = wanted >= 0 && (e == wanted || e == wanted + 13);  // the top that leaves
  if ((o.twice & bit) || ((o.once & bit) && !own) || (o.cells & bit)) return true;
  const int reach = std::min(n - 1, free_cells);  // cards still movable after this one
  for (int k = 3; k <= reach + 1; ++k) {
    const int c = s.col[i][n - k];
    if (T.rank[c] == s.found[T.suit[c]] + 1) return true;
  }
  return false;
}

// Calls f(child, packed move, exposed) for every move from s (before autoplay):
// exposed is the card the move uncovers in its source cascade (-1 for none), or -2
// for a move to the foundations.  When s has no automatic move left, only a move
// to the foundations or the uncovered card can make one possible (the rules look
// at the foundations and the card alone).
template <class F>
void for_each_move(const S& s, int prune, F&& f) {
  int free_cells = 0, first_cell = -1, empty = 0, first_empty = -1;
  for (int i = 0; i < 4; ++i)
    if (s.cell[i] == kNone) {
      if (first_cell < 0) first_cell = i;
      ++free_cells;
    }
  for (int i = 0; i < 8; ++i)
    if (!s.len[i]) {
      if (first_empty < 0) first_empty = i;
      ++empty;
    }
  const int limit_card = (free_cells + 1) << empty;
  const int limit_empty = empty ? (free_cells + 1) << (empty - 1) : 0;
  // For each card in the ordered run at the top of a cascade: that cascade and its
  // depth (1 = top); for each cascade the first of the two cards that build on its
  // top (the other is 13 further), or -1.
  std::uint8_t run_col[52], run_depth[52], runs[8];
  int wanted[8];
  std::memset(run_col, kNone, sizeof run_col);
  for (int i = 0; i < 8; ++i) {
    const int n = s.len[i];
    wanted[i] = -1;
    runs[i] = 0;
    if (!n) continue;
    int run = 1;
    while (run < n && builds(s.col[i][n - run], s.col[i][n - run - 1])) ++run;
    runs[i] = static_cast<std::uint8_t>(run);
    for (int k = 1; k <= run; ++k) {
      const int c = s.col[i][n - k];
      run_col[c] = static_cast<std::uint8_t>(i);
      run_depth[c] = static_cast<std::uint8_t>(k);
    }
    const int top = s.col[i][n - 1];
    // Cards of the other colour, one rank lower: suits 2, 3 under black, 0, 1 under red.
    if (T.rank[top] > 1) wanted[i] = (T.red[top] ? 0 : 26) + T.rank[top] - 2;
  }
  Openers openers;
  if (prune & 16) {
    for (int j = 0; j < 8; ++j)
      if (wanted[j] >= 0) {
        const std::uint64_t m = (1ull << wanted[j]) | (1ull << (wanted[j] + 13));
        openers.twice |= openers.once & m;
        openers.once |= m;
      }
    for (std::uint8_t c : s.cell)
      if (c != kNone && T.rank[c] < 13) {  // the cards one rank higher, other colour
        const int l = (T.red[c] ? 0 : 26) + T.rank[c];
        openers.cells |= (1ull << l) | (1ull << (l + 13));
      }
  }
  // For each cascade i the cascades j (in order) whose top card the run of i can
  // build on, with the deepest card moved.
  std::uint8_t targets[8][8], ntargets[8] = {}, target_base[8][8];
  for (int j = 0; j < 8; ++j) {
    const int w = wanted[j];
    if (w < 0) continue;
    for (const int base : {w, w + 13}) {
      const int i = run_col[base];
      if (i == kNone || i == j) continue;
      target_base[i][ntargets[i]] = static_cast<std::uint8_t>(base);
      targets[i][ntargets[i]++] = static_cast<std::uint8_t>(j);
    }
  }
  S t;
  // From the cascades.
  for (int i = 0; i < 8; ++i) {
    const int n = s.len[i];
    if (!n) continue;
    const int top = s.col[i][n - 1];
    const int run = runs[i];
    if (T.rank[top] == s.found[T.suit[top]] + 1) {
      t = s;
      --t.len[i];
      ++t.found[T.suit[top]];
      f(t, pack(top, 1, kFound, 0), -2);
    }
    for (int t_i = 0; t_i < ntargets[i]; ++t_i) {
      const int j = targets[i][t_i];
      const int dst = s.col[j][s.len[j] - 1];
      const int base = target_base[i][t_i];
      const int k = run_depth[base];
      if (k > limit_card) continue;
      if ((prune & 1) && k < n && builds(base, s.col[i][n - k - 1])) continue;  // a lateral move
      t = s;
      std::memcpy(&t.col[j][t.len[j]], &s.col[i][n - k], static_cast<std::size_t>(k));
      t.len[j] = static_cast<std::uint8_t>(t.len[j] + k);
      t.len[i] = static_cast<std::uint8_t>(n - k);
      f(t, pack(base, k, kOnto, dst), k == n ? -1 : s.col[i][n - k - 1]);
    }
    if (first_empty >= 0) {
      const int kmax = std::min({run, limit_empty, n - 1});
      for (int k = kmax; k >= 1; --k) {
        const int base = s.col[i][n - k];
        if ((prune & 1) && k < run) continue;  // splitting a sequence into an empty cascade
        if ((prune & 8) && k == 1 && first_cell >= 0) continue;  // a free cell would do
        t = s;
        std::memcpy(&t.col[first_empty][0], &s.col[i][n - k], static_cast<std::size_t>(k));
        t.len[first_empty] = static_cast<std::uint8_t>(k);
        t.len[i] = static_cast<std::uint8_t>(n - k);
        f(t, pack(base, k, kEmpty, 0), s.col[i][n - k - 1]);
      }
    }
    if (first_cell >= 0 && !((prune & 2) && n > 1 && builds(top, s.col[i][n - 2])) &&
        !((prune & 16) && n > 1 && !opens(s, i, free_cells, openers, wanted[i]))) {
      t = s;
      --t.len[i];
      t.cell[first_cell] = static_cast<std::uint8_t>(top);
      f(t, pack(top, 1, kCell, 0), n > 1 ? s.col[i][n - 2] : -1);
    }
  }
  // From the free cells.
  for (int c = 0; c < 4; ++c) {
    const int card = s.cell[c];
    if (card == kNone) continue;
    if (T.rank[card] == s.found[T.suit[card]] + 1) {
      t = s;
      t.cell[c] = kNone;
      ++t.found[T.suit[card]];
      f(t, pack(card, 1, kFound, 0), -2);
    }
    for (int j = 0; j < 8; ++j) {
      if (!s.len[j]) continue;
      const int dst = s.col[j][s.len[j] - 1];
      if (!builds(card, dst)) continue;
      t = s;
      t.col[j][t.len[j]++] = static_cast<std::uint8_t>(card);
      t.cell[c] = kNone;
      f(t, pack(card, 1, kOnto, dst), -1);
    }
    if (first_empty >= 0 && !(prune & 4)) {
      t = s;
      t.col[first_empty][0] = static_cast<std::uint8_t>(card);
      t.len[first_empty] = 1;
      t.cell[c] = kNone;
      f(t, pack(card, 1, kEmpty, 0), -1);
    }
  }
}

// ------------------------------------------------------------------ search
// A position as stored: the cascades' cards one after the other (88 bytes), so that
// expanding a node is a copy rather than a decode of its key.
struct Packed {
  std::uint8_t len[8];
  std::uint8_t cell[4];
  std::uint8_t found[4];
  std::uint8_t cards[52 + kMaxCol];  // padded: every cascade is copied as kMaxCol bytes
};

inline void pack_state(const S& s, Packed& p) noexcept {
  std::memcpy(p.len, s.len, 8);
  std::memcpy(p.cell, s.cell, 4);
  std::memcpy(p.found, s.found, 4);
  int off = 0;
  for (int i = 0; i < 8; ++i) {
    std::memcpy(p.cards + off, s.col[i], kMaxCol);  // fixed size: a few vector moves
    off += s.len[i];
  }
}

inline void unpack_state(const Packed& p, S& s) noexcept {
  std::memcpy(s.len, p.len, 8);
  std::memcpy(s.cell, p.cell, 4);
  std::memcpy(s.found, p.found, 4);
  int off = 0;
  for (int i = 0; i < 8; ++i) {
    std::memcpy(s.col[i], p.cards + off, kMaxCol);
    off += s.len[i];
  }
}

struct Node {
  Node() noexcept {}  // members left uninitialised: find_or_insert fills them
  Key key;
  std::uint64_t hash;  // hash_key(key)
  std::uint32_t parent;
  std::uint32_t move;
  std::uint32_t g;
  Packed state;
  std::int16_t cols[8];  // the heuristic's cascade terms (see column_term)
  std::uint8_t ordered;  // the cascades whose ranks never rise (see heuristic)
};

// The memory of one scan (node store, hash slots, open list), kept by a Workspace
// from deal to deal so that a batch of solves allocates and faults in its pages once
// instead of once per deal.
struct ScanMemory {
  std::vector<Node> nodes;
  std::vector<std::uint64_t> slots, old_slots;
  std::vector<std::vector<std::uint32_t>> buckets;
  std::vector<std::uint32_t> stack;
};

// A set of ScanMemory, one per scan of a portfolio.  solve_deals gives each worker
// thread its own; a lone solve() uses a per-thread one trimmed after every call.
class Workspace {
 public:
  ScanMemory& memory(std::size_t i) {
    while (mem_.size() <= i) mem_.push_back(std::make_unique<ScanMemory>());
    return *mem_[i];
  }
  // Releases buffers beyond a small size (under 1 MB per scan), so that a thread
  // that once solved a hard deal does not keep its memory.
  void trim() {
    for (auto& m : mem_) {
      if (m->nodes.capacity() > (1u << 12)) std::vector<Node>().swap(m->nodes);
      if (m->slots.capacity() > (1u << 13)) std::vector<std::uint64_t>().swap(m->slots);
      if (m->old_slots.capacity() > (1u << 13)) std::vector<std::uint64_t>().swap(m->old_slots);
      if (m->buckets.size() > 4096) std::vector<std::vector<std::uint32_t>>().swap(m->buckets);
      for (auto& bucket : m->buckets)
        if (bucket.capacity() > 1024) std::vector<std::uint32_t>().swap(bucket);
      if (m->stack.capacity() > (1u << 13)) std::vector<std::uint32_t>().swap(m->stack);
    }
  }

 private:
  std::vector<std::unique_ptr<ScanMemory>> mem_;
};

// Open addressing with linear probing.  A slot holds the node index + 1 in its low
// half and the high half of the key's hash in its high half; the slot index is taken
// from the high half too, so growing the table never touches the nodes, and most
// probes of other keys are rejected without touching a node.
class Table {
 public:
  explicit Table(ScanMemory& m) : nodes_(m.nodes), slots_(m.slots), old_(m.old_slots) {
    nodes_.clear();
    slots_.assign(1u << 10, 0);
    shift_ = 64 - 10;
  }
  Table(const Table&) = delete;
  Table& operator=(const Table&) = delete;
  // The index of the node with this key and hash, appending a node with them (its
  // other fields left for the caller to fill) when absent; inserted set true then.
  std::uint32_t find_or_insert(const Key& key, std::uint64_t h, bool& inserted) {
    if ((nodes_.size() + 1) * 2 > slots_.size()) grow();
    const std::uint64_t tag = h & 0xffffffff00000000ull;
    const std::size_t mask = slots_.size() - 1;
    std::size_t i = static_cast<std::size_t>(h >> shift_);
    while (true) {
      const std::uint64_t v = slots_[i];
      if (v == 0) {
        Node& n = nodes_.emplace_back();
        n.key = key;
        n.hash = h;
        slots_[i] = tag | nodes_.size();
        inserted = true;
        return static_cast<std::uint32_t>(nodes_.size() - 1);
      }
      if ((v & 0xffffffff00000000ull) == tag) {
        const auto idx = static_cast<std::uint32_t>(v) - 1;
        if (nodes_[idx].key == key) {
          inserted = false;
          return idx;
        }
      }
      i = (i + 1) & mask;
    }
  }

 private:
  void grow() {
    old_.swap(slots_);
    slots_.assign(old_.size() * 2, 0);
    --shift_;
    const std::size_t mask = slots_.size() - 1;
    for (std::uint64_t v : old_) {
      if (!v) continue;
      std::size_t i = static_cast<std::size_t>(v >> shift_);
      while (slots_[i]) i = (i + 1) & mask;
      slots_[i] = v;
    }
  }
  std::vector<Node>& nodes_;
  std::vector<std::uint64_t>& slots_;
  std::vector<std::uint64_t>& old_;
  int shift_;
};

// A bucket queue on small integer priorities; LIFO within a bucket.  Its buckets are
// borrowed from a ScanMemory and left empty (their memory kept) when it ends.
class OpenList {
 public:
  explicit OpenList(ScanMemory& m) : buckets_(m.buckets) {}
  ~OpenList() {
    if (!size_) return;
    for (std::size_t p = min_; p < buckets_.size(); ++p) buckets_[p].clear();
  }
  OpenList(const OpenList&) = delete;
  OpenList& operator=(const OpenList&) = delete;
  void push(int prio, std::uint32_t node) {
    const auto p = static_cast<std::size_t>(std::max(prio, 0));
    if (p >= buckets_.size()) buckets_.resize(p + 64);
    buckets_[p].push_back(node);
    if (p < min_) min_ = p;
    ++size_;
  }
  bool pop(std::uint32_t& node) {
    if (!size_) return false;
    while (buckets_[min_].empty()) ++min_;
    node = buckets_[min_].back();
    buckets_[min_].pop_back();
    --size_;
    return true;
  }

 private:
  std::vector<std::vector<std::uint32_t>>& buckets_;
  std::size_t min_ = static_cast<std::size_t>(-1);
  std::size_t size_ = 0;
};

S from_state(const GameState& g) {
  S s{};
  for (int i = 0; i < 8; ++i) {
    const auto& v = g.cascades()[i].cards();
    if (v.size() > kMaxCol) throw core::InvalidValue("a cascade of more than 20 cards cannot occur in FreeCell");
    s.len[i] = static_cast<std::uint8_t>(v.size());
    for (std::size_t j = 0; j < v.size(); ++j) s.col[i][j] = static_cast<std::uint8_t>(v[j].index());
  }
  for (int i = 0; i < 4; ++i) {
    const auto& c = g.freecells()[i];
    s.cell[i] = c ? static_cast<std::uint8_t>(c->index()) : kNone;
    s.found[i] = static_cast<std::uint8_t>(g.foundations().heights()[i]);
  }
  return s;
}

// Replays the card-terms path on the real position, emitting resolved moves: each
// search move, then the safe automatic foundation moves, then at the end the
// foundation moves that finish a trivially won position.
void replay(const GameState& start, const std::vector<std::uint32_t>& path, int level, SolveResult& out) {
  GameState g = start;
  auto emit = [&](const Move& m) {
    std::string why;
    const auto r = g.resolve(m, &why);
    if (!r) throw core::Error("internal solver error: move " + m.notation() + " is illegal: " + why);
    if (!out.notation.empty()) out.notation += ' ';
    out.notation += g.notation(*r);
    out.moves.push_back(*r);
    g.apply_in_place(*r);
  };
  auto auto_moves = [&](bool all) {
    bool again = true;
    while (again) {
      again = false;
      for (int i = 0; i < 8; ++i) {
        const auto top = g.cascades()[i].top();
        if (top && (all ? g.foundations().accepts(*top) : auto_ok(g.foundations(), *top, level))) {
          emit(Move{*top, Position{PositionKind::Cascade, i}, Position::foundation(), 1});
          again = true;
        }
      }
      for (int i = 0; i < 4; ++i) {
        const auto c = g.freecells()[i];
        if (c && (all ? g.foundations().accepts(*c) : auto_ok(g.foundations(), *c, level))) {
          emit(Move{*c, Position{PositionKind::Freecell, i}, Position::foundation(), 1});
          again = true;
        }
      }
    }
  };
  auto_moves(false);
  for (std::uint32_t pm : path) {
    const Card card = Card::from_index_unchecked(static_cast<int>(pm & 63));
    const int count = static_cast<int>((pm >> 6) & 15);
    const auto dest = static_cast<Dest>((pm >> 10) & 3);
    const int target = static_cast<int>((pm >> 12) & 63);
    const auto from = g.locate(card);
    if (!from || from->kind == PositionKind::Foundation) throw core::Error("internal solver error: lost card");
    Move m{card, *from, Position::foundation(), count};
    switch (dest) {
      case kFound: break;
      case kCell: m.to = Position{PositionKind::Freecell, g.freecells().first_empty()}; break;
      case kEmpty:
        for (int i = 0; i < 8; ++i)
          if (g.cascades()[i].empty()) {
            m.to = Position{PositionKind::Cascade, i};
            break;
          }
        break;
      case kOnto: {
        const Card t = Card::from_index_unchecked(target);
        for (int i = 0; i < 8; ++i)
          if (g.cascades()[i].top() == t) m.to = Position{PositionKind::Cascade, i};
        break;
      }
    }
    emit(m);
    auto_moves(false);
  }
  auto_moves(true);
  if (!g.is_solved()) throw core::Error("internal solver error: the solution does not finish the game");
}

std::vector<Params> params_for(SolveMode mode) {
#ifdef PARLOUR_TUNE
  if (const char* e = std::getenv(mode == SolveMode::Short ? "FC_SHORT" : "FC_FAST")) {
    std::vector<Params> out;
    const char* q = e;
    while (*q) {
      Params x{};
      int used = 0;
      if (std::sscanf(q, "%d,%d,%d,%d,%d,%d,%d,%d%n", &x.w_home, &x.w_next, &x.w_disorder, &x.w_cell, &x.w_empty,
                      &x.w_g, &x.w_bad, &x.w_block, &used) != 8)
        break;
      q += used;
      if (*q == 'p') {
        char* end = nullptr;
        x.prune = static_cast<int>(std::strtol(q + 1, &end, 10));
        q = end;
      }
      if (*q == 'a') {
        char* end = nullptr;
        x.autoplay = static_cast<int>(std::strtol(q + 1, &end, 10));
        q = end;
      }
      while (*q == 'n' || *q == 's') {  // nN: w_next2, sN: w_stuck
        const char k = *q;
        char* end = nullptr;
        const int v = static_cast<int>(std::strtol(q + 1, &end, 10));
        q = end;
        (k == 'n' ? x.w_next2 : x.w_stuck) = v;
      }
      out.push_back(x);
      while (*q == ';' || *q == ' ') ++q;
    }
    if (!out.empty()) return out;
  }
#endif
  // The last scan of each portfolio is complete (no pruning, safe autoplay only): it
  // alone can prove a deal unsolvable.  The pruned scans skip moves that split a
  // sequence (a lateral move, a part of a run to an empty cascade, a card off its
  // parent to a cell); in fast mode most also skip moves to a free cell that open
  // nothing and play cards to the foundations more eagerly.
  if (mode == SolveMode::Short) return {Params{6, 1, 0, 4, 8, 6, 0, 6, 3}, Params{6, 3, 4, 6, 8, 6, 0, 0, 0}};
  // Fast mode: chosen on MS deals 1..32000 from per-scan profiles (TUNING.md).  The
  // first scan solves about 90 % of the deals alone within its first budget; the
  // others are set up only when a deal needs them.
  return {Params{12, 4, 0, 16, 20, 0, 0, 6, 27, 2, 1, 8},  // eager, few cell moves
          Params{11, 2, 0, 15, 17, 0, 0, 12, 18, 1},      // near complete: splits runs
          Params{10, 7, 7, 12, 18, 0, 0, 5, 11, 1},       // counts disorder
          Params{12, 4, 0, 16, 20, 0, 0, 6, 24, 2, 1},    // keeps lateral moves
          Params{12, 2, 0, 12, 16, 0, 0, 6, 31, 2},       // the most pruned
          Params{6, 1, 0, 4, 8, 0, 0, 6, 0, 0}};          // complete
}

constexpr std::uint32_t kNoNode = 0xffffffffu;

// One best-first scan (or a depth-first one when w_g < 0) with its own table.
class Scan {
 public:
  Scan(const Scan&) = delete;
  Scan& operator=(const Scan&) = delete;
  Scan(const S& start, const Params& p, ScanMemory& m)
      : p_(p), nodes_(m.nodes), table_(m), open_(m), stack_(m.stack) {
    stack_.clear();
    S root = start;
    autoplay(root, p_.autoplay);
    bool inserted = false;
    const Key key = encode(root);
    Node& n0 = nodes_[table_.find_or_insert(key, hash_key(key), inserted)];
    n0.parent = kNoNode;
    n0.move = 0;
    n0.g = 0;
    pack_state(root, n0.state);
    const int h = heuristic(root, p_, n0.cols, n0.ordered);
    if (n0.ordered == 0xff) goal_ = 0;
    else if (p_.w_g < 0) stack_.push_back(0);
    else open_.push(h, 0);
  }
  enum Status { kRunning, kGoal, kExhausted };
  // Expands up to `budget` positions.
  Status run(std::uint64_t budget) {
    if (goal_ != kNoNode) return kGoal;
    const bool dfs = p_.w_g < 0;
    S s;
    Key key;
    std::uint32_t cur = 0;
    bool inserted = false;
    for (std::uint64_t step = 0; step < budget; ++step) {
      if (dfs) {
        if (stack_.empty()) return kExhausted;
        cur = stack_.back();
        stack_.pop_back();
      } else if (!open_.pop(cur)) {
        return kExhausted;
      }
      ++expanded_;
      unpack_state(nodes_[cur].state, s);
      const Key parent_key = nodes_[cur].key;
      const std::uint64_t parent_hash = nodes_[cur].hash;
      std::int16_t parent_cols[8];
      std::memcpy(parent_cols, nodes_[cur].cols, sizeof parent_cols);
      const std::uint8_t parent_ordered = nodes_[cur].ordered;
      const std::uint32_t g = nodes_[cur].g + 1;
      kids_.clear();
      for_each_move(s, p_.prune, [&](S& child, std::uint32_t pm, int exposed) {
        if (goal_ != kNoNode) return;
        // The child's key is the parent's with the moved card's support changed
        // and the cards autoplay sends home marked so: no full encode needed.
        key = parent_key;
        std::uint64_t hash = parent_hash;
        const auto dest = static_cast<Dest>((pm >> 10) & 3);
        set_key(key.b, hash, static_cast<int>(pm & 63),
                dest == kFound  ? std::uint8_t{54}
                : dest == kCell ? std::uint8_t{53}
                : dest == kEmpty ? std::uint8_t{52}
                                 : static_cast<std::uint8_t>((pm >> 12) & 63));
        const bool autoplayed = exposed == -2 || (exposed >= 0 && safe_auto(child, exposed, p_.autoplay));
        if (autoplayed) autoplay(child, p_.autoplay, key.b, &hash);
#ifdef FC_CHECK
        if (!(encode(child) == key) || hash != hash_key(key)) std::abort();
#endif
        const std::uint32_t idx = table_.find_or_insert(key, hash, inserted);
        if (!inserted) return;
        Node& node = nodes_[idx];
        node.parent = cur;
        node.move = pm;
        node.g = g;
        pack_state(child, node.state);
        int h;
        if (autoplayed) {
          h = heuristic(child, p_, node.cols, node.ordered);
        } else {  // same foundations: only the cascades whose length changed differ
          h = base_term(child, p_);
          std::uint8_t ordered = parent_ordered;
          for (int i = 0; i < 8; ++i) {
            if (child.len[i] == s.len[i]) {
              node.cols[i] = parent_cols[i];
            } else {
              bool o = false;
              node.cols[i] = static_cast<std::int16_t>(column_term(child, i, p_, o));
              ordered = static_cast<std::uint8_t>((ordered & ~(1u << i)) | (o << i));
            }
            h += node.cols[i];
          }
          node.ordered = ordered;
        }
#ifdef FC_CHECK
        {
          std::int16_t tmp[8];
          std::uint8_t o = 0;
          if (h != heuristic(child, p_, tmp, o) || o != node.ordered || (o == 0xff) != trivially_won(child)) std::abort();
        }
#endif
        if (node.ordered == 0xff) {
          goal_ = idx;
          return;
        }
        kids_.emplace_back(dfs ? h : h + p_.w_g * static_cast<int>(g), idx);
      });
      if (goal_ != kNoNode) return kGoal;
      if (dfs) {
        std::stable_sort(kids_.begin(), kids_.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
        for (const auto& k : kids_) stack_.push_back(k.second);
      } else {
        // Pushed in reverse so that, among equal priorities, the open list (LIFO in
        // a bucket) yields children in generation order: foundation moves and
        // builds before moves to empty cascades and free cells.
        for (auto it = kids_.rbegin(); it != kids_.rend(); ++it) open_.push(it->first, it->second);
      }
    }
    return kRunning;
  }
  [[nodiscard]] std::vector<std::uint32_t> path() const {
    std::vector<std::uint32_t> out;
    for (std::uint32_t i = goal_; nodes_[i].parent != kNoNode; i = nodes_[i].parent) out.push_back(nodes_[i].move);
    std::reverse(out.begin(), out.end());
    return out;
  }
  [[nodiscard]] bool complete() const noexcept { return p_.prune == 0 && p_.autoplay == 0; }
  [[nodiscard]] int autoplay_level() const noexcept { return p_.autoplay; }
  bool done = false;
  [[nodiscard]] std::uint64_t states() const noexcept { return nodes_.size(); }
  [[nodiscard]] std::uint64_t expanded() const noexcept { return expanded_; }

 private:
  Params p_;
  std::vector<Node>& nodes_;
  Table table_;
  OpenList open_;
  std::vector<std::uint32_t>& stack_;
  std::vector<std::pair<int, std::uint32_t>> kids_;
  std::uint32_t goal_ = kNoNode;
  std::uint64_t expanded_ = 0;
};

SolveResult solve_in(const GameState& start, SolveMode mode, std::uint64_t max_states, double time_limit,
                     Workspace& ws, core::StopToken* stop) {
  start.validate();
  const auto t0 = std::chrono::steady_clock::now();
  SolveResult out;
  S root = from_state(start);
  autoplay(root);
  // Each scan's table refers to its own node vector: scans never move.
  // A scan is set up when its first turn comes (most deals never need the others).
  const std::vector<Params> params = params_for(mode);
  std::vector<std::unique_ptr<Scan>> scans(params.size());
  // Round robin with doubling budgets, so one scan lost in a large basin costs the
  // others at most a constant factor.  Any scan that runs out of positions has
  // searched the whole reachable space: that is the proof of unsolvability.
  std::uint64_t budget = mode == SolveMode::Fast ? 512 : 256;
#ifdef PARLOUR_TUNE
  // Tuning profile (FC_PROFILE=cap): each scan of the portfolio alone, up to `cap`
  // expansions, printed to stderr as "P scan G|X|C expanded states moves" followed by
  // the states after every 64 expansions; a portfolio's run on a deal follows from
  // these (each scan has its own table).  See tools/fc_tune/.
  if (const char* e = std::getenv("FC_PROFILE")) {
    const std::uint64_t cap = std::strtoull(e, nullptr, 10);
    for (std::size_t si = 0; si < params.size(); ++si) {
      Scan sc(root, params[si], ws.memory(si));
      std::string line;
      char st = 'C';
      std::uint64_t moves = 0;
      while (sc.expanded() < cap) {
        const auto r = sc.run(64);
        if (r == Scan::kGoal) {
          st = 'G';
          SolveResult tmp;
          replay(start, sc.path(), sc.autoplay_level(), tmp);
          moves = tmp.moves.size();
          break;
        }
        if (r == Scan::kExhausted) {
          st = 'X';
          break;
        }
        line += ' ' + std::to_string(sc.states());
      }
      std::fprintf(stderr, "P %zu %c %llu %llu %llu%s\n", si, st, static_cast<unsigned long long>(sc.expanded()),
                   static_cast<unsigned long long>(sc.states()), static_cast<unsigned long long>(moves), line.c_str());
    }
    return out;
  }
#endif
#ifdef PARLOUR_TUNE
  if (const char* e = std::getenv("FC_BUDGET")) budget = std::strtoull(e, nullptr, 10);
#endif
  const Scan* winner = nullptr;
  bool exhausted = false, stopped = false;
  while (!winner && !exhausted && !stopped) {
    for (std::size_t si = 0; si < scans.size(); ++si) {
      if (!scans[si]) scans[si] = std::make_unique<Scan>(root, params[si], ws.memory(si));
      Scan& sc = *scans[si];
      if (sc.done) continue;
      std::uint64_t left = budget;
      while (left) {
        const std::uint64_t chunk = std::min<std::uint64_t>(left, 512);
        left -= chunk;
        if (stop) stop->throw_if_stop_requested();
        const auto st = sc.run(chunk);
        if (st == Scan::kGoal) winner = &sc;
        if (st == Scan::kExhausted) {
          // A complete scan that runs dry is the proof; a pruned one just stops.
          if (sc.complete()) exhausted = true;
          sc.done = true;
        }
        if (winner || exhausted || sc.done) break;
        std::uint64_t total = 0;
        for (const auto& x : scans)
          if (x) total += x->states();
        if (max_states && total >= max_states) {
          out.reason = "max_states";
          stopped = true;
          break;
        }
        if (time_limit > 0 && std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() > time_limit) {
          out.reason = "time_limit";
          stopped = true;
          break;
        }
      }
      if (winner || exhausted || stopped) break;
    }
    budget *= 2;
    // Only a portfolio without a complete scan (tuning builds) can run out of scans.
    if (std::all_of(scans.begin(), scans.end(), [](const auto& x) { return x && x->done; })) {
      out.reason = "max_states";
      stopped = true;
    }
  }
  for (const auto& x : scans) {
    if (!x) continue;
    out.states += x->states();
    out.expanded += x->expanded();
  }
  if (winner) {
    replay(start, winner->path(), winner->autoplay_level(), out);
    out.verdict = Verdict::Solved;
  } else {
    out.verdict = exhausted ? Verdict::Unsolvable : Verdict::Unknown;
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

}  // namespace

SolveResult solve(const GameState& start, SolveMode mode, std::uint64_t max_states, double time_limit,
                  core::StopToken* stop) {
  thread_local Workspace ws;
  struct Trim {
    Workspace& w;
    ~Trim() { w.trim(); }
  } trim{ws};
  return solve_in(start, mode, max_states, time_limit, ws, stop);
}

SolveResult solve_ms_deal(std::uint64_t n, SolveMode mode, std::uint64_t max_states, double time_limit) {
  return solve(GameState::from_ms_deal(n), mode, max_states, time_limit);
}

std::vector<SolveResult> solve_deals(const std::vector<std::uint64_t>& numbers, SolveMode mode,
                                     std::uint64_t max_states, double time_limit, int jobs,
                                     const std::function<void(std::size_t, std::size_t, std::size_t)>& progress,
                                     core::StopToken* stop) {
  if (jobs < 1) throw core::InvalidValue("jobs must be at least 1, got " + std::to_string(jobs));
  jobs = core::resolve_threads(jobs, "jobs");
  for (std::uint64_t n : numbers) (void)GameState::from_ms_deal(n);  // range check up front
  core::NoStop never;
  core::StopToken& st = stop ? *stop : never;
  std::vector<SolveResult> results(numbers.size());
  std::atomic<std::size_t> next{0};
  std::size_t done = 0;
  std::mutex mu;
  const int n = std::max(1, std::min<int>(jobs, static_cast<int>(std::max<std::size_t>(numbers.size(), 1))));
  core::run_parallel(n, st, [&](int) {
    Workspace ws;  // one per thread, kept for all its deals
    for (std::size_t i; (i = next.fetch_add(1)) < numbers.size();) {
      st.throw_if_stop_requested();
      results[i] = solve_in(GameState::from_ms_deal(numbers[i]), mode, max_states, time_limit, ws, &st);
      std::lock_guard<std::mutex> lock(mu);
      ++done;
      if (progress) progress(done, numbers.size(), i);
    }
  });
  return results;
}

}  // namespace parlour::freecell
