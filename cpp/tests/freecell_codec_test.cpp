// The FreeCell solver's compact encoding (cpp/src/freecell/solver_compact.hpp), checked
// against a plain reference that writes the documented bit string one field and one
// chain card at a time: on every position of random walks from Microsoft deals, the
// keys are equal, decode gives the position back (up to the order of cascades and
// cells), and check accepts the key.
#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "check.hpp"
#include "freecell/solver_compact.hpp"
#include "freecell/solver_moves.hpp"
#include "parlour/freecell/state.hpp"

using namespace parlour::freecell;
using namespace parlour::freecell::search;

namespace {

int longest_chain = 0;  // the longest chain reference_encode has written

// The encoding as solver_compact.hpp describes it, one field at a time.
CompactKey reference_encode(const Board& start, const Board& s) {
  int prefix_bits = 0, longest = 0;
  for (int i = 0; i < 8; ++i) longest = std::max(longest, static_cast<int>(start.len[i]));
  while ((1 << prefix_bits) <= longest) ++prefix_bits;
  CompactKey key{{0, 0, 0}};
  int pos = 0;
  const auto put = [&](unsigned v, int bits) {
    for (int b = 0; b < bits; ++b, ++pos)
      if ((v >> b) & 1u) key.w[pos / 64] |= std::uint64_t{1} << (pos % 64);
  };
  const auto chain = [&](int j, int from) {
    longest_chain = std::max(longest_chain, s.len[j] - from);
    put(static_cast<unsigned>(s.len[j] - from), 4);
    for (int k = from; k < s.len[j]; ++k) put(kCards.suit[s.col[j][k]] & 1u, 1);
  };
  for (int i = 0; i < 4; ++i) put(s.found[i], 4);
  std::vector<int> cells;
  for (std::uint8_t c : s.cell)
    if (c != kNoCard) cells.push_back(c);
  std::sort(cells.begin(), cells.end());
  put(static_cast<unsigned>(cells.size()), 3);
  for (int c : cells) put(static_cast<unsigned>(c), 6);
  std::vector<int> others;
  for (int i = 0; i < 8; ++i) {  // start cascade i: the cascade of s that keeps its bottom card
    int holder = -1;
    for (int j = 0; j < 8; ++j)
      if (s.len[j] && start.len[i] && s.col[j][0] == start.col[i][0]) holder = j;
    int k = 0;
    if (holder >= 0)
      while (k < s.len[holder] && k < start.len[i] && s.col[holder][k] == start.col[i][k]) ++k;
    put(static_cast<unsigned>(k), prefix_bits);
    if (k) chain(holder, k);
  }
  for (int j = 0; j < 8; ++j) {
    if (!s.len[j]) continue;
    bool start_bottom = false;
    for (int i = 0; i < 8; ++i) start_bottom |= start.len[i] && s.col[j][0] == start.col[i][0];
    if (!start_bottom) others.push_back(j);
  }
  std::sort(others.begin(), others.end(), [&](int a, int b) { return s.col[a][0] < s.col[b][0]; });
  put(static_cast<unsigned>(others.size()), 4);
  for (int j : others) {
    put(s.col[j][0], 6);
    chain(j, 1);
  }
  return key;
}

// A position as a sorted list of its cascades and cells, to compare up to their order.
std::vector<std::vector<int>> shape(const Board& s) {
  std::vector<std::vector<int>> out;
  for (int j = 0; j < 8; ++j) out.emplace_back(s.col[j], s.col[j] + s.len[j]);
  std::sort(out.begin(), out.end());
  std::vector<int> cells;
  for (std::uint8_t c : s.cell) cells.push_back(c);
  std::sort(cells.begin(), cells.end());
  out.push_back(cells);
  out.emplace_back(s.found, s.found + 4);
  return out;
}

}  // namespace

TEST_CASE(compact_encoding_equals_the_reference_on_random_walks) {
  int positions = 0, bad_key = 0, bad_decode = 0, bad_check = 0, bad_runs = 0;
  std::uint64_t rng = 2026;
  const auto next = [&] {
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return rng >> 33;
  };
  for (std::uint64_t deal : {1ull, 617ull, 11982ull, 219837216ull, 6825625742ull}) {
    const Board start = board_from_state(GameState::from_ms_deal(deal));
    const CompactCodec codec(start);
    CHECK(codec.fits());
    for (int walk = 0; walk < 200; ++walk) {
      Board s = start;
      for (int step = 0; step < 120; ++step) {
        std::vector<Board> children;
        for_each_move(s, Prune::None, [&](Board& child, MoveCode, int) { children.push_back(child); });
        if (children.empty()) break;
        for (const Board& c : children) {
          ++positions;
          const CompactKey k = codec.encode(c);
          if (!(k == reference_encode(start, c))) {
            ++bad_key;  // (decode may be given only a position's key)
            continue;
          }
          const Board d = codec.decode(k);
          if (shape(d) != shape(c)) ++bad_decode;
          for (int j = 0; j < 8; ++j)
            if (d.run[j] != top_run(d, j)) ++bad_runs;
          if (!codec.check(k)) ++bad_check;
        }
        s = children[next() % children.size()];
      }
    }
  }
  // Two chains of eleven cards on kings (clubs and diamonds home, an ace of each other
  // suit home), from every start: chains longer than eight cards.
  for (std::uint64_t deal : {1ull, 6825625742ull}) {
    const Board start = board_from_state(GameState::from_ms_deal(deal));
    const CompactCodec codec(start);
    Board s{};
    s.found[0] = s.found[3] = 13;
    s.found[1] = s.found[2] = 1;
    for (std::uint8_t& c : s.cell) c = kNoCard;
    for (int j = 0; j < 2; ++j) {
      for (int r = 13; r >= 2; --r) {  // spades 1, hearts 2: K of one, Q of the other, ...
        const int suit = ((13 - r) % 2 == 0) == (j == 0) ? 1 : 2;
        s.col[j][s.len[j]++] = static_cast<std::uint8_t>(13 * suit + r - 1);
      }
    }
    set_runs(s);
    const CompactKey k = codec.encode(s);
    CHECK(k == reference_encode(start, s));
    if (k == reference_encode(start, s)) {
      CHECK(shape(codec.decode(k)) == shape(s));
      CHECK(codec.check(k));
    }
  }
  CHECK(positions > 100000);
  CHECK(longest_chain > 8);  // chains past the first eight cards are read one by one
  CHECK_EQ(bad_key, 0);
  CHECK_EQ(bad_decode, 0);
  CHECK_EQ(bad_runs, 0);
  CHECK_EQ(bad_check, 0);
}

int main() { return parlour::test::run_all(); }
