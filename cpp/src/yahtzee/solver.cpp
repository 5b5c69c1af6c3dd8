// Why one file: the expected-score Solver whole (its SIMD widget kernels, the backward
// pass, the decision queries read from the table, and the table's save/load with its
// checksum); each is a short member function, and the kernels are private to this file.
#include "parlour/yahtzee/solver.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <fstream>
#include <limits>
#include <thread>
#include <type_traits>

#include "parlour/core/errors.hpp"
#include "parlour/core/platform.hpp"
#include "simd.hpp"
#include "widget.hpp"

namespace parlour::yahtzee {

namespace {

using namespace detail;

namespace lanes_sse {
#include "solver_lanes.inc"
}  // namespace lanes_sse

#if defined(PARLOUR_YAHTZEE_HAVE_AVX2)
PARLOUR_AVX2_BEGIN
namespace lanes_avx2 {
#define PARLOUR_YAHTZEE_AVX2 1
#include "solver_lanes.inc"
#undef PARLOUR_YAHTZEE_AVX2
// The entry point, defined here so that it carries the AVX2 target.
void run_widget(const Plan& p, const TableView& tv, int flag, int u0, int umax, Lanes* A, Lanes* S, double* e) {
  widget<Lanes>(p, tv, flag, u0, umax, A, S, e, nullptr);
}
}  // namespace lanes_avx2
PARLOUR_AVX2_END
#endif

namespace lanes_sse {
void run_widget(const Plan& p, const TableView& tv, int flag, int u0, int umax, Lanes* A, Lanes* S, double* e) {
  widget<Lanes>(p, tv, flag, u0, umax, A, S, e, nullptr);
}
}  // namespace lanes_sse

template <class L>
struct Workspace {
  Plan plan;
  L A[kNumKeeps];
  L S[kMaxSlots];
};

constexpr std::uint64_t kMagic = 0x31425459'5a4c5250ull;  // "PRLZYTB1" little-endian
// Version 2: the checksum covers the header (magic, version, rules, count) as well as
// the values, so a changed rules byte is found.  Version 1 files (whose checksum covered
// the values only) are refused: solving again takes about a second.
constexpr std::uint32_t kFileVersion = 2;

std::uint64_t fnv_words(const double* p, std::size_t n) noexcept {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (std::size_t i = 0; i < n; ++i) {
    std::uint64_t w;
    std::memcpy(&w, p + i, sizeof w);
    h = (h ^ w) * 0x100000001b3ull;
  }
  return h;
}

std::uint64_t fnv_mix(std::uint64_t h, std::uint64_t w) noexcept { return (h ^ w) * 0x100000001b3ull; }

// The file's checksum: the values' checksum, then the header words.
std::uint64_t file_checksum(std::uint64_t table_sum, std::uint32_t version, std::uint32_t rules,
                            std::uint64_t count) noexcept {
  std::uint64_t h = fnv_mix(table_sum, kMagic);
  h = fnv_mix(h, (std::uint64_t{rules} << 32) | version);
  return fnv_mix(h, count);
}

}  // namespace

Solver::Solver(const YahtzeeRules& rules) : rules_(rules) {
  std::uint32_t off = 0;
  for (unsigned m = 0; m < 8192; ++m) {
    offset_[m] = off;
    const int l = max_upper(Categories::from_bits_unchecked(m)) + 1;
    lanes_[m] = static_cast<std::uint8_t>(l);
    off += static_cast<std::uint32_t>(l) * ((m & kYahtzeeBit) ? 2u : 1u);
  }
  lo_.fill(64);
  table_.assign(off, 0.0);
}

bool Solver::is_solved() const noexcept { return lo_[0] == 0; }

bool Solver::is_solved(State s) const noexcept { return lo_[s.scored().bits()] <= s.upper(); }

std::size_t Solver::solved_count() const noexcept {
  std::size_t n = 0;
  for (unsigned m = 0; m < 8192; ++m)
    if (lo_[m] < lanes_[m]) n += static_cast<std::size_t>(lanes_[m] - lo_[m]) * ((m & kYahtzeeBit) ? 2u : 1u);
  return n;
}

void Solver::solve(int threads, const Progress& progress, core::StopToken* stop) {
  solve_from(kStart, threads, progress, stop);
}

void Solver::solve_from(State s, int threads, const Progress& progress, core::StopToken* stop) {
  if (threads < 0) threads = 0;
  const int n = core::resolve_threads(threads, "threads");
  core::NoStop never;
  core::StopToken& st = stop ? *stop : never;
  std::lock_guard<std::mutex> lock(*mutex_);
  const unsigned m0 = s.scored().bits();
  const int u_begin = s.upper();
  std::vector<std::uint16_t> masks;
  for (unsigned m = 0; m < 8192; ++m)
    if ((m & m0) == m0 && lo_[m] > u_begin) masks.push_back(static_cast<std::uint16_t>(m));
  // (cache_ stays valid: solving only fills values that were missing, never changes one.)
  const TableView view{offset_.data(), lanes_.data(), table_.data()};

  auto solve_mask = [&](unsigned m, auto& ws) {
    const int l = lanes_[m];
    const int hi = std::min<int>(l, lo_[m]);
    const int rows = (m & kYahtzeeBit) ? 2 : 1;
    if (m == kFull) {
      for (int f = 0; f < rows; ++f)
        for (int u = u_begin; u < hi; ++u)
          table_[offset_[m] + static_cast<unsigned>(f * l + u)] =
              (rules_.upper_bonus && u == kUpperBonusThreshold) ? kUpperBonus : 0.0;
    } else {
      build_plan(m, rules_, ws.plan);
      double e[kLanes];
      for (int f = 0; f < rows; ++f) {
        double* row = table_.data() + offset_[m] + static_cast<unsigned>(f * l);
        for (int u0 = u_begin; u0 < hi; u0 += kLanes) {
          run_widget(ws.plan, view, f, u0, l - 1, ws.A, ws.S, e);
          for (int j = 0; j < kLanes && u0 + j < hi; ++j) row[u0 + j] = e[j];
        }
      }
    }
    lo_[m] = static_cast<std::uint8_t>(u_begin);
  };
  [[maybe_unused]] const bool avx2 = use_avx2();
  run_category_sets(masks, false, n, st, progress, [&](int) -> MaskWork {
#if defined(PARLOUR_YAHTZEE_HAVE_AVX2)
    if (avx2) {
      auto ws = std::make_shared<Workspace<lanes_avx2::Lanes>>();
      return [ws, &solve_mask](unsigned m) { solve_mask(m, *ws); };
    }
#endif
    auto ws = std::make_shared<Workspace<lanes_sse::Lanes>>();
    return [ws, &solve_mask](unsigned m) { solve_mask(m, *ws); };
  });
}

void Solver::ensure(State s) {
  if (!is_solved(s)) solve_from(s, 0);
}

double Solver::value(State s) {
  ensure(s);
  return internal(s) + offset_of(s);
}

std::vector<double> Solver::values() const {
  std::vector<double> out(static_cast<std::size_t>(kIndexSize), std::numeric_limits<double>::quiet_NaN());
  for (unsigned m = 0; m < 8192; ++m) {
    const int rows = (m & kYahtzeeBit) ? 2 : 1;
    for (int f = 0; f < rows; ++f)
      for (int u = lo_[m]; u < lanes_[m]; ++u) {
        const State s(Categories::from_bits_unchecked(m), u, f != 0);
        out[s.index()] = table_[offset_[m] + static_cast<unsigned>(f * lanes_[m] + u)] + offset_of(s);
      }
  }
  return out;
}

void Solver::turn_values_solved(State s, TurnValues& out) const {
  if (out.state_index == s.index()) return;
  if (s.is_full()) throw core::PhaseError("the card is full: no turn is left to play");
  // The scalar twin of the solver's widget, without a Plan: the same sums and
  // maxima in the same order (score + next value, boxes in card order), so the
  // values equal the table's bit for bit.
  const auto& t = dice_tables();
  const unsigned m = s.scored().bits();
  const int u = s.upper();
  const int flag = s.yahtzee_50() ? 1 : 0;
  double S[kNumCategories][kNumDice + 1];
  int open[kNumCategories];
  int nopen = 0;
  for (int c = 0; c < kNumCategories; ++c) {
    if (m & (1u << c)) continue;
    open[nopen++] = c;
    const unsigned next = m | (1u << c);
    auto row = [&](int f) { return table_.data() + offset_[next] + static_cast<unsigned>(f) * lanes_[next]; };
    if (c < 6) {
      const double* r = row(flag);
      for (int k = 0; k <= kNumDice; ++k) S[c][k] = r[std::min(kUpperBonusThreshold, u + k * (c + 1))];
    } else if (c == to_int(Category::Yahtzee)) {
      S[c][0] = row(0)[u];
      S[c][1] = row(1)[u];
    } else {
      S[c][0] = row(flag)[u];
    }
  }
  double A[kNumKeeps];
  const bool yahtzee_scored = (m & kYahtzeeBit) != 0;
  const Categories scored = s.scored();
  for (int r = 0; r < kNumRolls; ++r) {
    const auto& natural = t.natural[static_cast<std::size_t>(r)];
    const std::uint32_t packed = t.packed[static_cast<std::size_t>(r + kNumPartialKeeps)];
    double acc = -std::numeric_limits<double>::infinity();
    int best = -1;
    const bool extra = yahtzee_scored && t.yahtzee_face[static_cast<std::size_t>(r)] != 0;
    if (!extra) {
      for (int i = 0; i < nopen; ++i) {
        const int c = open[i];
        const int v = natural[static_cast<std::size_t>(c)];
        const int k =
            c < 6 ? static_cast<int>((packed >> (3 * c)) & 7u) : (c == to_int(Category::Yahtzee) && v == kYahtzeeScore);
        const double x = S[c][k] + static_cast<double>(v);
        if (acc < x) {
          acc = x;
          best = c;
        }
      }
    } else {
      const Dice d = Dice::from_packed_unchecked(packed);
      const Categories legal = legal_categories(scored, d, rules_);
      for (int i = 0; i < nopen; ++i) {
        const int c = open[i];
        if (!legal.contains(static_cast<Category>(c))) continue;
        const int v = box_value(static_cast<Category>(c), d, scored, rules_);
        const int k = c < 6 ? v / (c + 1) : 0;
        const double x = S[c][k] + static_cast<double>(v);
        if (acc < x) {
          acc = x;
          best = c;
        }
      }
      if (flag && rules_.yahtzee_bonus) acc = acc + kYahtzeeBonus;
    }
    A[kNumPartialKeeps + r] = acc;
    out.v0[static_cast<std::size_t>(r)] = acc;
    out.best0[static_cast<std::size_t>(r)] = static_cast<std::int8_t>(best);
  }
  double e[1];
  lanes_sse::lattice_passes<double>(A, e, &out);
  out.offset = offset_of(s);
  out.state_index = s.index();
}

void Solver::turn_values(State s, TurnValues& out) {
  ensure(s);
  turn_values_solved(s, out);
}

std::vector<std::pair<Category, double>> Solver::category_values(State s, Dice dice) {
  if (s.is_full()) throw core::PhaseError("the card is full: no box is open");
  ensure(s);
  std::vector<std::pair<Category, double>> out;
  const Categories legal = s.legal_categories(dice, rules_);
  const double off = offset_of(s);
  for (int c = 0; c < kNumCategories; ++c) {
    const auto cat = static_cast<Category>(c);
    if (!legal.contains(cat)) continue;
    const auto d = *s.apply(cat, dice, rules_);
    // The same sum as the widget: box value + bonus + internal value of the next state.
    double x = static_cast<double>(d.value) + internal(d.next());
    if (d.yahtzee_bonus) x += kYahtzeeBonus;
    out.emplace_back(cat, x + off);
  }
  return out;
}

std::vector<std::pair<Keep, double>> Solver::keep_values(State s, Dice dice, int rolls_left) {
  if (rolls_left != 1 && rolls_left != 2)
    throw core::InvalidValue("keep values need 1 or 2 rolls left, got " + std::to_string(rolls_left));
  turn_values(s, cache_);
  const TurnValues& tv = cache_;
  const auto& arr = rolls_left == 1 ? tv.k1 : tv.k2;
  std::vector<std::pair<Keep, double>> out;
  for (const Keep k : dice.keeps()) out.emplace_back(k, arr[static_cast<std::size_t>(k.index())] + tv.offset);
  return out;
}

Category Solver::best_category(State s, Dice dice) {
  if (s.is_full()) throw core::PhaseError("the card is full: no box is open");
  const auto vals = category_values(s, dice);
  std::size_t best = 0;
  for (std::size_t i = 1; i < vals.size(); ++i)
    if (vals[best].second < vals[i].second) best = i;
  return vals[best].first;
}

Action Solver::best_action_from(const TurnValues& tv, Dice dice, int rolls_left) {
  if (rolls_left < 0 || rolls_left > 2)
    throw core::InvalidValue("rolls left must be 0, 1 or 2, got " + std::to_string(rolls_left));
  if (rolls_left == 0) return Score{static_cast<Category>(tv.best0[static_cast<std::size_t>(dice.index())])};
  const auto& arr = rolls_left == 1 ? tv.k1 : tv.k2;
  // Dice::keeps() order (all five first): the first maximum wins.
  const auto& t = dice_tables();
  const auto r = static_cast<std::size_t>(dice.index());
  const auto& keeps = t.roll_keeps[r];
  int best = keeps[0];
  double bv = arr[static_cast<std::size_t>(best)];
  for (int i = 1; i < t.roll_keep_count[r]; ++i) {
    const int k = keeps[static_cast<std::size_t>(i)];
    if (bv < arr[static_cast<std::size_t>(k)]) {
      bv = arr[static_cast<std::size_t>(k)];
      best = k;
    }
  }
  if (best == dice.Keep::index()) return best_action_from(tv, dice, rolls_left - 1);
  return Reroll{Keep::from_packed_unchecked(t.packed[static_cast<std::size_t>(best)])};
}

void Solver::policy_from(const TurnValues& tv, TurnPolicy& out) noexcept {
  // The first maximum in Dice::keeps() order (as best_action_from) is the maximum of
  // (value, -rank) with rank = (5 - size, index); that order is associative, so the
  // best sub-keep of every keep follows the lattice upwards: one pass over its edges.
  const Lattice& lat = lattice();
  static const std::array<std::int16_t, kNumKeeps> ranks = [] {
    std::array<std::int16_t, kNumKeeps> rk{};
    int n = 0;  // Dice::keeps() order: five dice first, then four, ...; each size by index
    for (int size = kNumDice; size >= 0; --size)
      for (int k = 0; k < kNumKeeps; ++k)
        if (dice_tables().size[static_cast<std::size_t>(k)] == size)
          rk[static_cast<std::size_t>(k)] = static_cast<std::int16_t>(n++);
    return rk;
  }();
  std::array<double, kNumKeeps> bv;
  std::array<std::int16_t, kNumKeeps> bk;  // the best sub-keep
  std::array<std::int16_t, kNumKeeps> br;  // its rank
  for (int r = 0; r < kNumRolls; ++r)
    out.act[0][static_cast<std::size_t>(r)] =
        TurnPolicy::score(static_cast<Category>(tv.best0[static_cast<std::size_t>(r)]));
  for (int rl = 1; rl <= 2; ++rl) {
    const auto& arr = rl == 1 ? tv.k1 : tv.k2;
    for (int k = 0; k < kNumKeeps; ++k) {
      double v = arr[static_cast<std::size_t>(k)];
      std::int16_t best = static_cast<std::int16_t>(k);
      std::int16_t rank = ranks[static_cast<std::size_t>(k)];
      for (int j = lat.sub_begin[static_cast<std::size_t>(k)]; j < lat.sub_begin[static_cast<std::size_t>(k) + 1];
           ++j) {
        const auto sj = static_cast<std::size_t>(lat.sub[static_cast<std::size_t>(j)]);
        const double x = bv[sj];
        const bool take = v < x || (v == x && br[sj] < rank);
        v = take ? x : v;
        best = take ? bk[sj] : best;
        rank = take ? br[sj] : rank;
      }
      bv[static_cast<std::size_t>(k)] = v;
      bk[static_cast<std::size_t>(k)] = best;
      br[static_cast<std::size_t>(k)] = rank;
    }
    const auto& prev = out.act[static_cast<std::size_t>(rl - 1)];
    auto& cur = out.act[static_cast<std::size_t>(rl)];
    for (int r = 0; r < kNumRolls; ++r) {
      const int best = bk[static_cast<std::size_t>(kNumPartialKeeps + r)];
      // Keeping all five: decide as with one roll fewer (best_action_from).
      cur[static_cast<std::size_t>(r)] =
          best == kNumPartialKeeps + r ? prev[static_cast<std::size_t>(r)] : static_cast<std::int16_t>(best);
    }
  }
}

Action Solver::best_action(State s, Dice dice, int rolls_left) {
  if (rolls_left < 0 || rolls_left > 2)
    throw core::InvalidValue("rolls left must be 0, 1 or 2, got " + std::to_string(rolls_left));
  if (s.is_full()) throw core::PhaseError("the card is full: no box is open");
  if (rolls_left == 0) return Score{best_category(s, dice)};
  turn_values(s, cache_);
  return best_action_from(cache_, dice, rolls_left);
}

Solver Solver::from_parts(const YahtzeeRules& rules, const std::array<std::uint8_t, 8192>& marks,
                          const std::vector<double>& table) {
  Solver s(rules);
  if (table.size() != s.table_.size())
    throw core::FormatError("a Yahtzee table has " + std::to_string(s.table_.size()) + " values, got " +
                            std::to_string(table.size()));
  for (unsigned m = 0; m < 8192; ++m) {
    if (marks[m] != 64 && marks[m] >= s.lanes_[m])
      throw core::FormatError("bad solved mark for category set " + std::to_string(m));
    // The invariant of lazy solving: a solved set's supersets are solved at least as far.
    for (int c = 0; c < kNumCategories; ++c) {
      const unsigned succ = m | (1u << c);
      if (succ != m && marks[succ] > marks[m] && marks[m] != 64)
        throw core::FormatError("inconsistent solved marks (category set " + std::to_string(m) + ")");
    }
  }
  s.lo_ = marks;
  s.table_ = table;
  return s;
}

std::uint64_t Solver::checksum() const noexcept { return fnv_words(table_.data(), table_.size()); }

std::uint64_t Solver::state_checksum() const noexcept {
  std::uint64_t h = fnv_mix(checksum(), rules_.code());
  for (std::size_t i = 0; i < lo_.size(); i += 8) {
    std::uint64_t w;
    std::memcpy(&w, lo_.data() + i, sizeof w);
    h = fnv_mix(h, w);
  }
  return h;
}

void Solver::save(const std::string& path) const {
  if (!is_solved()) throw core::PhaseError("only a fully solved table can be saved; call solve() first");
  std::ofstream f(core::platform::path_from_utf8(path), std::ios::binary | std::ios::trunc);
  if (!f) throw core::InvalidValue("cannot write the table file " + core::quote(path));
  const std::uint64_t magic = kMagic;
  const std::uint32_t version = kFileVersion;
  const std::uint32_t rules = rules_.code();
  const std::uint64_t count = table_.size();
  const std::uint64_t sum = file_checksum(checksum(), version, rules, count);
  f.write(reinterpret_cast<const char*>(&magic), sizeof magic);
  f.write(reinterpret_cast<const char*>(&version), sizeof version);
  f.write(reinterpret_cast<const char*>(&rules), sizeof rules);
  f.write(reinterpret_cast<const char*>(&count), sizeof count);
  f.write(reinterpret_cast<const char*>(&sum), sizeof sum);
  f.write(reinterpret_cast<const char*>(table_.data()), static_cast<std::streamsize>(table_.size() * sizeof(double)));
  if (!f) throw core::InvalidValue("cannot write the table file " + core::quote(path));
}

Solver Solver::load(const std::string& path) {
  std::ifstream f(core::platform::path_from_utf8(path), std::ios::binary);
  if (!f) throw core::InvalidValue("cannot read the table file " + core::quote(path));
  std::uint64_t magic = 0, count = 0, sum = 0;
  std::uint32_t version = 0, rules = 0;
  f.read(reinterpret_cast<char*>(&magic), sizeof magic);
  f.read(reinterpret_cast<char*>(&version), sizeof version);
  f.read(reinterpret_cast<char*>(&rules), sizeof rules);
  f.read(reinterpret_cast<char*>(&count), sizeof count);
  f.read(reinterpret_cast<char*>(&sum), sizeof sum);
  if (!f || magic != kMagic) throw core::FormatError(core::quote(path) + " is not a parlour Yahtzee table (bad magic)");
  if (version == 1)
    throw core::FormatError(core::quote(path) +
                            " was written by an older version of the library (table version 1): "
                            "solve again and save");
  if (version != kFileVersion)
    throw core::FormatError(core::quote(path) + ": unsupported table version " + std::to_string(version));
  if (rules > 255) throw core::FormatError(core::quote(path) + ": bad rules code " + std::to_string(rules));
  YahtzeeRules file_rules;
  try {
    file_rules = YahtzeeRules::from_code(static_cast<std::uint8_t>(rules));
  } catch (const core::Error&) {
    throw core::FormatError(core::quote(path) + ": bad rules code " + std::to_string(rules));
  }
  Solver s(file_rules);
  if (count != s.table_.size())
    throw core::FormatError(core::quote(path) + ": expected " + std::to_string(s.table_.size()) +
                            " values, the header says " + std::to_string(count));
  f.read(reinterpret_cast<char*>(s.table_.data()), static_cast<std::streamsize>(count * sizeof(double)));
  if (!f) throw core::FormatError(core::quote(path) + " is truncated");
  f.peek();
  if (!f.eof()) throw core::FormatError(core::quote(path) + " has trailing bytes after the table");
  if (file_checksum(s.checksum(), version, rules, count) != sum)
    throw core::FormatError(core::quote(path) + " is corrupt (checksum mismatch)");
  s.lo_.fill(0);
  s.cache_.state_index = 0xFFFFFFFFu;
  return s;
}

}  // namespace parlour::yahtzee
