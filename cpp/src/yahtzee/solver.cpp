#include "parlour/yahtzee/solver.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstring>
#include <exception>
#include <fstream>
#include <limits>
#include <thread>
#include <type_traits>
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define PARLOUR_YAHTZEE_HAVE_AVX2 1
#include <immintrin.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <cstdlib>

#include "parlour/core/errors.hpp"

namespace parlour::yahtzee {

namespace {

constexpr int kLanes = 8;     // upper subtotals solved together
constexpr int kMaxSlots = 48;  // next-state vectors of one category set (at most 44)
constexpr unsigned kFull = Categories::kAllBits;
constexpr unsigned kYahtzeeBit = 1u << to_int(Category::Yahtzee);

// The lattice in flat arrays: add[6*k + f] for the 210 partial keeps, and the
// sub-keeps of each keep as a list (sub_begin[k] .. sub_begin[k+1]).
struct Lattice {
  std::array<std::int16_t, 6 * kNumPartialKeeps> add{};
  std::array<std::uint16_t, kNumKeeps + 1> sub_begin{};
  std::array<std::int16_t, 1260> sub{};
  std::array<double, kNumRolls> prob{};
};

const Lattice& lattice() {
  static const Lattice lat = [] {
    Lattice l;
    const auto& t = dice_tables();
    for (int k = 0; k < kNumPartialKeeps; ++k)
      for (int f = 0; f < 6; ++f)
        l.add[static_cast<std::size_t>(6 * k + f)] = t.add[static_cast<std::size_t>(k)][static_cast<std::size_t>(f)];
    std::size_t n = 0;
    for (int k = 0; k < kNumKeeps; ++k) {
      l.sub_begin[static_cast<std::size_t>(k)] = static_cast<std::uint16_t>(n);
      for (int f = 0; f < 6; ++f) {
        const auto j = t.sub[static_cast<std::size_t>(k)][static_cast<std::size_t>(f)];
        if (j >= 0) l.sub[n++] = j;
      }
    }
    l.sub_begin[kNumKeeps] = static_cast<std::uint16_t>(n);
    l.prob = t.roll_prob;
    return l;
  }();
  return lat;
}

struct Slot {
  std::uint16_t next;     // the category set after the write
  std::uint8_t shift;     // added to the upper subtotal
  std::uint8_t set_flag;  // the write puts 50 in the Yahtzee box
};

struct Cand {
  std::uint8_t score;  // written in the box (joker values included)
  std::uint8_t slot;
  std::uint8_t category;
};

// Everything about one category set that does not depend on the upper subtotal.
struct Plan {
  unsigned mask = 0;
  int nslots = 0;
  std::array<Slot, kMaxSlots> slots{};
  std::array<std::uint16_t, kNumRolls + 1> begin{};
  std::vector<Cand> cands;
  std::array<std::uint8_t, kNumRolls> bonus{};  // an extra Yahtzee that earns 100 when the flag is set
};

void build_plan(unsigned mask, const YahtzeeRules& rules, Plan& p) {
  const auto& t = dice_tables();
  p.mask = mask;
  p.nslots = 0;
  p.cands.clear();
  std::array<int, kNumCategories> base{};
  for (int c = 0; c < kNumCategories; ++c) {
    if (mask & (1u << c)) continue;
    base[static_cast<std::size_t>(c)] = p.nslots;
    const auto next = static_cast<std::uint16_t>(mask | (1u << c));
    const auto cat = static_cast<Category>(c);
    if (is_upper(cat)) {
      for (int k = 0; k <= kNumDice; ++k)
        p.slots[static_cast<std::size_t>(p.nslots++)] = Slot{next, static_cast<std::uint8_t>(k * (c + 1)), 0};
    } else if (cat == Category::Yahtzee) {
      p.slots[static_cast<std::size_t>(p.nslots++)] = Slot{next, 0, 0};
      p.slots[static_cast<std::size_t>(p.nslots++)] = Slot{next, 0, 1};
    } else {
      p.slots[static_cast<std::size_t>(p.nslots++)] = Slot{next, 0, 0};
    }
  }
  const Categories scored = Categories::from_bits_unchecked(mask);
  for (int r = 0; r < kNumRolls; ++r) {
    p.begin[static_cast<std::size_t>(r)] = static_cast<std::uint16_t>(p.cands.size());
    const Dice d = Dice::from_packed_unchecked(t.packed[static_cast<std::size_t>(r + kNumPartialKeeps)]);
    const bool extra = t.yahtzee_face[static_cast<std::size_t>(r)] != 0 && (mask & kYahtzeeBit);
    const Categories legal = extra ? legal_categories(scored, d, rules) : ~scored;
    const auto& natural = t.natural[static_cast<std::size_t>(r)];
    for (int c = 0; c < kNumCategories; ++c) {
      const auto cat = static_cast<Category>(c);
      if (!legal.contains(cat)) continue;
      const int v = extra ? box_value(cat, d, scored, rules) : natural[static_cast<std::size_t>(c)];
      int slot = base[static_cast<std::size_t>(c)];
      if (is_upper(cat)) slot += v / (c + 1);
      else if (cat == Category::Yahtzee && v == kYahtzeeScore) slot += 1;
      p.cands.push_back(Cand{static_cast<std::uint8_t>(v), static_cast<std::uint8_t>(slot), static_cast<std::uint8_t>(c)});
    }
    p.bonus[static_cast<std::size_t>(r)] =
        (rules.yahtzee_bonus && t.yahtzee_face[static_cast<std::size_t>(r)] != 0 && (mask & kYahtzeeBit)) ? 1 : 0;
  }
  p.begin[kNumRolls] = static_cast<std::uint16_t>(p.cands.size());
}

struct TableView {
  const std::uint32_t* offset;
  const std::uint8_t* lanes;
  const double* table;
};

namespace lanes_sse {
#include "solver_lanes.inc"
}  // namespace lanes_sse

#if defined(PARLOUR_YAHTZEE_HAVE_AVX2)
#pragma GCC push_options
#pragma GCC target("avx2")
namespace lanes_avx2 {
#define PARLOUR_YAHTZEE_AVX2 1
#include "solver_lanes.inc"
#undef PARLOUR_YAHTZEE_AVX2
// The entry point, defined here so that it carries the AVX2 target.
void run_widget(const Plan& p, const TableView& tv, int flag, int u0, int umax, Lanes* A, Lanes* S, double* e) {
  widget<Lanes>(p, tv, flag, u0, umax, A, S, e, nullptr);
}
}  // namespace lanes_avx2
#pragma GCC pop_options
#endif

namespace lanes_sse {
void run_widget(const Plan& p, const TableView& tv, int flag, int u0, int umax, Lanes* A, Lanes* S, double* e) {
  widget<Lanes>(p, tv, flag, u0, umax, A, S, e, nullptr);
}
}  // namespace lanes_sse

bool use_avx2() noexcept {
#if defined(PARLOUR_YAHTZEE_HAVE_AVX2)
  static const bool ok = [] {
    const char* off = std::getenv("PARLOUR_YAHTZEE_NO_AVX2");
    return __builtin_cpu_supports("avx2") && !(off && *off && *off != '0');
  }();
  return ok;
#else
  return false;
#endif
}

template <class L>
struct Workspace {
  Plan plan;
  L A[kNumKeeps];
  L S[kMaxSlots];
};

constexpr std::uint64_t kMagic = 0x31425459'5a4c5250ull;  // "PRLZYTB1" little-endian
constexpr std::uint32_t kFileVersion = 1;

std::uint64_t fnv_words(const double* p, std::size_t n) noexcept {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (std::size_t i = 0; i < n; ++i) {
    std::uint64_t w;
    std::memcpy(&w, p + i, sizeof w);
    h = (h ^ w) * 0x100000001b3ull;
  }
  return h;
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
  int n = core::resolve_threads(threads, "threads");
  core::NoStop never;
  core::StopToken& st = stop ? *stop : never;
  std::lock_guard<std::mutex> lock(*mutex_);
  const unsigned m0 = s.scored().bits();
  const int u_begin = s.upper();
  std::array<std::vector<std::uint16_t>, kNumCategories + 1> tiers;
  std::size_t total = 0;
  for (unsigned m = 0; m < 8192; ++m) {
    if ((m & m0) != m0 || lo_[m] <= u_begin) continue;
    tiers[static_cast<std::size_t>(std::popcount(m))].push_back(static_cast<std::uint16_t>(m));
    ++total;
  }
  if (total == 0) return;
  // (cache_ stays valid: solving only fills values that were missing, never changes one.)
  if (total < 64) n = 1;
  const auto t0 = std::chrono::steady_clock::now();
  // Work order: the category sets by tier (most filled first).  A worker takes the
  // next set and waits until the sets it leads to are done (they come earlier in
  // the order, so they are taken already); no barrier between tiers, so a worker
  // that the OS pauses holds up only the sets that need its result.
  std::vector<std::uint16_t> order;
  order.reserve(total);
  for (int tier = kNumCategories; tier >= 0; --tier)
    for (auto mm : tiers[static_cast<std::size_t>(tier)]) order.push_back(mm);
  // done[m]: 0 to do, 1 solved, 2 abandoned (the call was stopped).
  std::vector<std::atomic<std::uint8_t>> done(8192);
  for (unsigned mm = 0; mm < 8192; ++mm) done[mm].store(1, std::memory_order_relaxed);
  for (auto mm : order) done[mm].store(0, std::memory_order_relaxed);
  std::array<std::atomic<std::size_t>, kNumCategories + 1> left{};
  for (int tier = 0; tier <= kNumCategories; ++tier)
    left[static_cast<std::size_t>(tier)].store(tiers[static_cast<std::size_t>(tier)].size());
  std::atomic<std::size_t> next{0};
  std::mutex report_mutex;
  int next_report = kNumCategories;  // the next tier to report (under report_mutex)
  std::exception_ptr failure;  // a progress callback's exception (under report_mutex)
  std::atomic<bool> failed{false};
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

  auto report = [&] {
    std::lock_guard<std::mutex> g(report_mutex);
    while (next_report >= 0 && left[static_cast<std::size_t>(next_report)].load() == 0) {
      if (progress && !tiers[static_cast<std::size_t>(next_report)].empty() && !failure) {
        try {
          progress(next_report, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
        } catch (...) {
          failure = std::current_exception();
          failed.store(true);
        }
      }
      --next_report;
    }
  };
  std::atomic<bool> abandoned{false};
  auto abandon = [&] {  // wakes every worker waiting for a set that will not be solved now
    if (abandoned.exchange(true)) return;
    for (const auto mm : order) {
      std::uint8_t todo = 0;
      if (done[mm].compare_exchange_strong(todo, 2)) done[mm].notify_all();
    }
  };
  auto tiers_with = [&](int /*tid*/, auto& ws) {
    for (std::size_t i; (i = next.fetch_add(1)) < order.size();) {
      if (st.stop_requested() || failed.load()) {
        abandon();
        return;
      }
      const unsigned mm = order[i];
      for (int c = 0; c < kNumCategories; ++c) {
        const unsigned succ = mm | (1u << c);
        if (succ == mm) continue;
        std::uint8_t state;
        while ((state = done[succ].load(std::memory_order_acquire)) == 0) done[succ].wait(0, std::memory_order_acquire);
        if (state == 2) return;
      }
      solve_mask(mm, ws);
      done[mm].store(1, std::memory_order_release);
      done[mm].notify_all();
      if (left[static_cast<std::size_t>(std::popcount(mm))].fetch_sub(1) == 1) report();
    }
  };
  [[maybe_unused]] const bool avx2 = use_avx2();
  auto work = [&](int tid) {
#if defined(PARLOUR_YAHTZEE_HAVE_AVX2)
    if (avx2) {
      auto ws = std::make_unique<Workspace<lanes_avx2::Lanes>>();
      tiers_with(tid, *ws);
      return;
    }
#endif
    auto ws = std::make_unique<Workspace<lanes_sse::Lanes>>();
    tiers_with(tid, *ws);
  };
  core::run_parallel(n, st, [&](int tid) {
    try {
      work(tid);
    } catch (...) {
      abandon();
      throw;
    }
  });
  if (failure) std::rethrow_exception(failure);
  if (abandoned) throw core::Interrupted();
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
        const int k = c < 6 ? static_cast<int>((packed >> (3 * c)) & 7u) : (c == to_int(Category::Yahtzee) && v == kYahtzeeScore);
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

void Solver::save(const std::string& path) const {
  if (!is_solved()) throw core::PhaseError("only a fully solved table can be saved; call solve() first");
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  if (!f) throw core::InvalidValue("cannot write the table file " + core::quote(path));
  const std::uint64_t magic = kMagic;
  const std::uint32_t version = kFileVersion;
  const std::uint32_t rules = rules_.code();
  const std::uint64_t count = table_.size();
  const std::uint64_t sum = checksum();
  f.write(reinterpret_cast<const char*>(&magic), sizeof magic);
  f.write(reinterpret_cast<const char*>(&version), sizeof version);
  f.write(reinterpret_cast<const char*>(&rules), sizeof rules);
  f.write(reinterpret_cast<const char*>(&count), sizeof count);
  f.write(reinterpret_cast<const char*>(&sum), sizeof sum);
  f.write(reinterpret_cast<const char*>(table_.data()), static_cast<std::streamsize>(table_.size() * sizeof(double)));
  if (!f) throw core::InvalidValue("cannot write the table file " + core::quote(path));
}

Solver Solver::load(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw core::InvalidValue("cannot read the table file " + core::quote(path));
  std::uint64_t magic = 0, count = 0, sum = 0;
  std::uint32_t version = 0, rules = 0;
  f.read(reinterpret_cast<char*>(&magic), sizeof magic);
  f.read(reinterpret_cast<char*>(&version), sizeof version);
  f.read(reinterpret_cast<char*>(&rules), sizeof rules);
  f.read(reinterpret_cast<char*>(&count), sizeof count);
  f.read(reinterpret_cast<char*>(&sum), sizeof sum);
  if (!f || magic != kMagic)
    throw core::FormatError(core::quote(path) + " is not a parlour Yahtzee table (bad magic)");
  if (version != kFileVersion)
    throw core::FormatError(core::quote(path) + ": unsupported table version " + std::to_string(version));
  if (rules > 255) throw core::FormatError(core::quote(path) + ": bad rules code " + std::to_string(rules));
  Solver s(YahtzeeRules::from_code(static_cast<std::uint8_t>(rules)));
  if (count != s.table_.size())
    throw core::FormatError(core::quote(path) + ": expected " + std::to_string(s.table_.size()) + " values, the header says " +
                            std::to_string(count));
  f.read(reinterpret_cast<char*>(s.table_.data()), static_cast<std::streamsize>(count * sizeof(double)));
  if (!f) throw core::FormatError(core::quote(path) + " is truncated");
  f.peek();
  if (!f.eof()) throw core::FormatError(core::quote(path) + " has trailing bytes after the table");
  if (s.checksum() != sum) throw core::FormatError(core::quote(path) + " is corrupt (checksum mismatch)");
  s.lo_.fill(0);
  s.cache_.state_index = 0xFFFFFFFFu;
  return s;
}

}  // namespace parlour::yahtzee
