// Why one file: ObjectiveTable whole, the table of a value per (state, points) that the
// threshold and heads-up solvers share (its layout, the backward pass over vectors of
// points, and the queries); each is a short member function.
#include "parlour/yahtzee/objective.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <type_traits>

#include "parlour/core/errors.hpp"
#include "simd.hpp"
#include "widget.hpp"

namespace parlour::yahtzee {

namespace {

using namespace detail;

constexpr int kWide = 32;        // x values computed together (8 and 16 measured slower)
constexpr int kPad = kWide;      // ones before and zeros after every row
constexpr int kMaxWidth = 4000;  // N (the lanes are int16 offsets)
constexpr int kMaxReward = 192;  // points one write can score: box (<= 50) + Yahtzee bonus + upper bonus

// A candidate write resolved for one row: the successor's row (row0 holds x = lo) and
// the points the write scores.
struct Cand2 {
  const double* row0;
  std::int32_t lo, hi;
  std::int32_t reward;
};

// The candidates of one row, by roll.  Many rolls write the same value through the same
// slot (the same successor row and reward), so the distinct (row, reward) pairs are
// loaded once per chunk (`uniq`) and the rolls take maxima over them by index (`pick`,
// in the order of the candidates, so the maxima are those of the candidates themselves).
struct RowPlan {
  std::array<std::uint16_t, kNumRolls + 1> begin{};
  std::vector<Cand2> uniq;
  std::vector<std::uint16_t> pick;
  std::vector<std::uint16_t> keys;  // the (slot, reward) keys of uniq (to reset the lookup)
};

namespace lanes_sse_obj {
constexpr int kLanes = kWide;
#include "solver_lanes.inc"
}  // namespace lanes_sse_obj

#if defined(PARLOUR_YAHTZEE_HAVE_AVX2)
PARLOUR_AVX2_BEGIN
namespace lanes_avx2_obj {
constexpr int kLanes = kWide;
#define PARLOUR_YAHTZEE_AVX2 1
#include "solver_lanes.inc"
#undef PARLOUR_YAHTZEE_AVX2
}  // namespace lanes_avx2_obj
PARLOUR_AVX2_END
#endif

// V(s', x') of a candidate at x' = x0 - reward: 1 below 0, 0 above the row.
inline double load_cand(const Cand2& c, int x) noexcept {
  const int xp = x - c.reward;
  if (xp > c.hi) return 0.0;
  if (xp < 0) return 1.0;
  if (xp < c.lo) return 0.0;  // points no card in that state can have scored (never needed)
  return c.row0[xp - c.lo];
}

// The lane version (in each instruction set's namespace): the rows are padded with
// ones before and zeros after, so most loads are one unaligned vector load.
#define PARLOUR_OBJECTIVE_KERNEL(NS)                                                                        \
  namespace NS {                                                                                            \
  PARLOUR_INLINE Lanes load_cand_lanes(const Cand2& c, int x0, const Lanes& zeros, const Lanes& ones) {     \
    const int xp = x0 - c.reward;                                                                           \
    if (xp > c.hi) return zeros;                                                                            \
    if (xp >= c.lo - kPad) return load_lanes(c.row0 + (xp - c.lo));                                         \
    if (xp + kLanes - 1 < 0) return ones;                                                                   \
    double t[kLanes];                                                                                       \
    for (int l = 0; l < kLanes; ++l) t[l] = load_cand(c, x0 + l);                                           \
    return load_lanes(t);                                                                                   \
  }                                                                                                         \
  /* The values of one row at x0 .. x0 + lanes - 1 into e[]; B holds one Lanes per rp.uniq. */              \
  void row_chunk(const RowPlan& rp, int x0, Lanes* A, Lanes* B, double* e) {                                \
    const Lanes zeros = broadcast<Lanes>(0.0), ones = broadcast<Lanes>(1.0);                                \
    const std::size_t nu = rp.uniq.size();                                                                  \
    for (std::size_t j = 0; j < nu; ++j) B[j] = load_cand_lanes(rp.uniq[j], x0, zeros, ones);               \
    const std::uint16_t* pick = rp.pick.data();                                                             \
    for (int r = 0; r < kNumRolls; ++r) {                                                                   \
      const int b = rp.begin[static_cast<std::size_t>(r)], end = rp.begin[static_cast<std::size_t>(r) + 1]; \
      Lanes acc = B[pick[b]];                                                                               \
      for (int i = b + 1; i < end; ++i) acc = vmax(acc, B[pick[i]]);                                        \
      A[kNumPartialKeeps + r] = acc;                                                                        \
    }                                                                                                       \
    lattice_passes<Lanes>(A, e, nullptr);                                                                   \
  }                                                                                                         \
  }  // namespace NS

PARLOUR_OBJECTIVE_KERNEL(lanes_sse_obj)
#if defined(PARLOUR_YAHTZEE_HAVE_AVX2)
PARLOUR_AVX2_BEGIN
PARLOUR_OBJECTIVE_KERNEL(lanes_avx2_obj)
PARLOUR_AVX2_END
#endif
#undef PARLOUR_OBJECTIVE_KERNEL

// A bound on the points a card in state s has scored (each filled box at its largest
// value, the upper section at its subtotal below 63, a Yahtzee bonus for every other
// box once the Yahtzee box holds 50); a write never raises it by less than it scores.
int max_points(unsigned m, int u, bool y50, const YahtzeeRules& rules) {
  static constexpr std::array<int, kNumCategories> top = {5, 10, 15, 20, 25, 30, 30, 30, 25, 30, 40, 0, 30};
  int total = 0;
  if (u < kUpperBonusThreshold) {
    total += u;
  } else {
    for (int c = 0; c < 6; ++c)
      if (m & (1u << c)) total += top[static_cast<std::size_t>(c)];
    if (rules.upper_bonus) total += kUpperBonus;
  }
  for (int c = 6; c < kNumCategories; ++c)
    if (m & (1u << c)) total += top[static_cast<std::size_t>(c)];
  if (y50) {
    total += kYahtzeeScore;
    if (rules.yahtzee_bonus) total += kYahtzeeBonus * (std::popcount(m) - 1);
  }
  return total;
}

}  // namespace

ObjectiveTable::ObjectiveTable(const YahtzeeRules& rules, std::vector<double> terminal, bool reachable_only)
    : rules_(rules), reachable_only_(reachable_only), g_(std::move(terminal)) {
  if (g_.empty() || g_.size() > static_cast<std::size_t>(kMaxWidth) + 1)
    throw core::InvalidValue("an objective table needs 1.." + std::to_string(kMaxWidth + 1) + " terminal values, got " +
                             std::to_string(g_.size()));
  for (std::size_t i = 0; i < g_.size(); ++i)
    if (!(g_[i] >= 0.0 && g_[i] <= 1.0))
      throw core::InvalidValue("terminal value " + std::to_string(i) + " is not a probability in 0..1");
  if (g_[0] != 1.0) throw core::InvalidValue("the terminal value at x = 0 (nothing more needed) must be 1");
  n_ = static_cast<int>(g_.size()) - 1;
  z_ = 0;
  for (int x = n_; x >= 0; --x)
    if (g_[static_cast<std::size_t>(x)] > 0.0) {
      z_ = x;
      break;
    }
  class_of_.assign(8192, {});
  class_rep_.assign(8192, {});
  for (unsigned m = 0; m < 8192; ++m) {
    const int umax = max_upper(Categories::from_bits_unchecked(m));
    auto& cls = class_of_[m];
    auto& rep = class_rep_[m];
    if (!rules_.upper_bonus) {
      classes_[m] = 1;
      rep[0] = 0;
      continue;
    }
    // The sums the open upper boxes can still add (capped at 63).
    std::uint64_t reach = 1;
    for (int f = 1; f <= 6; ++f) {
      if (m & (1u << (f - 1))) continue;
      std::uint64_t next = 0;
      for (int k = 0; k <= kNumDice; ++k) {
        const int add = k * f;
        for (int s = 0; s < 64; ++s)
          if (reach >> s & 1u) next |= std::uint64_t{1} << std::min(kUpperBonusThreshold, s + add);
      }
      reach = next;
    }
    // Two subtotals are one class when they need the same least further upper sum.
    int prev_need = -1, n = 0;
    for (int u = 0; u <= umax; ++u) {
      int need = 64;
      for (int s = kUpperBonusThreshold - u; s < 64; ++s)
        if (reach >> s & 1u) {
          need = s;
          break;
        }
      if (need != prev_need) {
        rep[static_cast<std::size_t>(n)] = static_cast<std::uint8_t>(u);
        ++n;
        prev_need = need;
      }
      cls[static_cast<std::size_t>(u)] = static_cast<std::uint8_t>(n - 1);
    }
    classes_[m] = static_cast<std::uint8_t>(n);
  }
  sets_.resize(8192);
}

const ObjectiveTable::Row& ObjectiveTable::row_of(State s) const noexcept {
  const unsigned m = s.scored().bits();
  const int f = (rules_.yahtzee_bonus && s.yahtzee_50()) ? 1 : 0;
  const int c = rules_.upper_bonus ? class_of_[m][static_cast<std::size_t>(s.upper())] : 0;
  return sets_[m].rows[static_cast<std::size_t>(f * classes_[m] + c)];
}

void ObjectiveTable::slot_refs(const Plan& plan, int u, int f, SlotRef* out) const noexcept {
  for (int i = 0; i < plan.nslots; ++i) {
    const Slot& sl = plan.slots[static_cast<std::size_t>(i)];
    const int nu = std::min(kUpperBonusThreshold, u + sl.shift);
    const State next(Categories::from_bits_unchecked(sl.next), nu, sl.set_flag || f);
    const Row& nr = row_of(next);
    const bool crossed = rules_.upper_bonus && u < kUpperBonusThreshold && nu == kUpperBonusThreshold;
    out[i] = SlotRef{sets_[sl.next].data.data() + nr.offset, nr.lo, nr.hi, nr.most, crossed ? kUpperBonus : 0};
  }
}

void ObjectiveTable::lay_out(unsigned m, const Plan& plan) {
  // Called for a set whose successors are laid out: the most each row can still score,
  // its range of x, and the storage (solved values come later).
  SetRows& sr = sets_[m];
  const int ncls = classes_[m];
  const int nflag = ((m & kYahtzeeBit) && rules_.yahtzee_bonus) ? 2 : 1;
  sr.rows.assign(static_cast<std::size_t>(ncls * nflag), Row{});
  // the largest value written through each slot, on any roll and on a roll that earns the Yahtzee bonus
  std::array<int, kMaxSlots> top{}, top_bonus{};
  top.fill(-1);
  top_bonus.fill(-1);
  if (m != kFull)
    for (int r = 0; r < kNumRolls; ++r)
      for (int i = plan.begin[static_cast<std::size_t>(r)]; i < plan.begin[static_cast<std::size_t>(r) + 1]; ++i) {
        const Cand& cd = plan.cands[static_cast<std::size_t>(i)];
        auto& t = plan.bonus[static_cast<std::size_t>(r)] ? top_bonus : top;
        t[cd.slot] = std::max<int>(t[cd.slot], cd.score);
      }
  std::array<SlotRef, kMaxSlots> refs{};
  std::size_t total = 0;
  for (int f = 0; f < nflag; ++f)
    for (int c = 0; c < ncls; ++c) {
      Row& row = sr.rows[static_cast<std::size_t>(f * ncls + c)];
      const int u = class_rep_[m][static_cast<std::size_t>(c)];
      int most = 0;
      if (m != kFull) {
        slot_refs(plan, u, f, refs.data());
        for (int i = 0; i < plan.nslots; ++i) {
          const SlotRef& sr2 = refs[static_cast<std::size_t>(i)];
          if (top[static_cast<std::size_t>(i)] >= 0)
            most = std::max(most, top[static_cast<std::size_t>(i)] + sr2.extra + sr2.most);
          if (top_bonus[static_cast<std::size_t>(i)] >= 0)
            most =
                std::max(most, top_bonus[static_cast<std::size_t>(i)] + (f ? kYahtzeeBonus : 0) + sr2.extra + sr2.most);
        }
      }
      row.most = static_cast<std::int16_t>(std::min(most, n_ + 1));
      int lo = 0;
      if (reachable_only_) {
        // the bound over the states of the row (every subtotal of the class, both flags when merged)
        int pts = 0;
        for (int uu = 0; uu <= max_upper(Categories::from_bits_unchecked(m)); ++uu) {
          if (rules_.upper_bonus && class_of_[m][static_cast<std::size_t>(uu)] != c) continue;
          pts = std::max(pts, max_points(m, uu, f || (!rules_.yahtzee_bonus && (m & kYahtzeeBit)), rules_));
        }
        lo = std::max(0, n_ - pts);
      }
      const int hi = std::min(n_, row.most + z_);
      row.lo = static_cast<std::int16_t>(lo);
      row.hi = static_cast<std::int16_t>(hi);
      row.offset = static_cast<std::uint32_t>(total + kPad);
      total += static_cast<std::size_t>(std::max(0, hi - lo + 1) + 2 * kPad);
    }
  sr.data.assign(total, 0.0);
  for (const Row& row : sr.rows)
    for (int i = 1; i <= kPad; ++i) sr.data[row.offset - static_cast<unsigned>(i)] = 1.0;
  sr.ready = true;
}

void ObjectiveTable::solve(int threads, const Progress& progress, core::StopToken* stop) {
  solve_from(kStart, threads, progress, stop);
}

void ObjectiveTable::solve_from(State s, int threads, const Progress& progress, core::StopToken* stop) {
  if (threads < 0) threads = 0;
  const int n = core::resolve_threads(threads, "threads");
  core::NoStop never;
  core::StopToken& st = stop ? *stop : never;
  std::lock_guard<std::mutex> lock(*mutex_);
  const unsigned m0 = s.scored().bits();
  std::vector<std::uint16_t> masks;
  for (unsigned m = 0; m < 8192; ++m)
    if ((m & m0) == m0 && !sets_[m].solved) masks.push_back(static_cast<std::uint16_t>(m));
  auto solve_set = [&](unsigned m, auto* A, auto kernel) {
    Plan plan;
    if (m != kFull) build_plan(m, rules_, plan);
    lay_out(m, plan);
    SetRows& sr = sets_[m];
    if (m == kFull) {
      for (const Row& row : sr.rows)
        for (int x = row.lo; x <= row.hi; ++x)
          sr.data[row.offset + static_cast<unsigned>(x - row.lo)] = g_[static_cast<std::size_t>(x)];
      sr.solved = true;
      return;
    }
    RowPlan rp;
    std::vector<std::remove_pointer_t<decltype(A)>> B;
    std::vector<std::uint16_t> uniq_of(static_cast<std::size_t>(kMaxSlots) * kMaxReward, 0xffff);
    std::array<SlotRef, kMaxSlots> refs{};
    const int ncls = classes_[m];
    const int nflag = ((m & kYahtzeeBit) && rules_.yahtzee_bonus) ? 2 : 1;
    double e[kWide];
    for (int f = 0; f < nflag; ++f)
      for (int c = 0; c < ncls; ++c) {
        const Row& row = sr.rows[static_cast<std::size_t>(f * ncls + c)];
        if (row.lo > row.hi) continue;
        const int u = class_rep_[m][static_cast<std::size_t>(c)];
        slot_refs(plan, u, f, refs.data());
        rp.uniq.clear();
        rp.pick.clear();
        rp.keys.clear();
        for (int r = 0; r < kNumRolls; ++r) {
          rp.begin[static_cast<std::size_t>(r)] = static_cast<std::uint16_t>(rp.pick.size());
          const int bonus = f && plan.bonus[static_cast<std::size_t>(r)] ? kYahtzeeBonus : 0;
          for (int i = plan.begin[static_cast<std::size_t>(r)]; i < plan.begin[static_cast<std::size_t>(r) + 1]; ++i) {
            const Cand& cd = plan.cands[static_cast<std::size_t>(i)];
            const SlotRef& sr2 = refs[cd.slot];
            const int reward = cd.score + bonus + sr2.extra;  // 0 .. kMaxReward - 1
            auto& id = uniq_of[static_cast<std::size_t>(cd.slot) * kMaxReward + static_cast<std::size_t>(reward)];
            if (id == 0xffff) {
              id = static_cast<std::uint16_t>(rp.uniq.size());
              rp.keys.push_back(static_cast<std::uint16_t>(&id - uniq_of.data()));
              rp.uniq.push_back(Cand2{sr2.row0, sr2.lo, sr2.hi, reward});
            }
            rp.pick.push_back(id);
          }
        }
        rp.begin[kNumRolls] = static_cast<std::uint16_t>(rp.pick.size());
        for (const std::uint16_t k : rp.keys) uniq_of[k] = 0xffff;
        if (B.size() < rp.uniq.size()) B.resize(rp.uniq.size());
        double* out = sr.data.data() + row.offset;
        for (int x0 = row.lo; x0 <= row.hi; x0 += kWide) {
          kernel(rp, x0, A, B.data(), e);
          for (int j = 0; j < kWide && x0 + j <= row.hi; ++j) out[x0 + j - row.lo] = e[j];
        }
        // Nothing more needed: certain (the sums above are 1 only up to rounding).
        if (row.lo == 0) out[0] = 1.0;
      }
    sr.solved = true;
  };
  [[maybe_unused]] const bool avx2 = use_avx2();
  run_category_sets(masks, false, n, st, progress, [&](int) -> MaskWork {
#if defined(PARLOUR_YAHTZEE_HAVE_AVX2)
    if (avx2) {
      auto A = std::make_shared<std::vector<lanes_avx2_obj::Lanes>>(kNumKeeps);
      return [A, &solve_set](unsigned m) { solve_set(m, A->data(), &lanes_avx2_obj::row_chunk); };
    }
#endif
    auto A = std::make_shared<std::vector<lanes_sse_obj::Lanes>>(kNumKeeps);
    return [A, &solve_set](unsigned m) { solve_set(m, A->data(), &lanes_sse_obj::row_chunk); };
  });
}

bool ObjectiveTable::is_solved() const noexcept { return sets_[0].solved; }

bool ObjectiveTable::is_solved(State s) const noexcept { return sets_[s.scored().bits()].solved; }

void ObjectiveTable::ensure(State s) {
  if (!is_solved(s)) solve_from(s, 0);
}

int ObjectiveTable::least_x(State s) const noexcept { return sets_[s.scored().bits()].ready ? row_of(s).lo : 0; }

void ObjectiveTable::check_x(State s, int x) const {
  if (x > n_)
    throw core::InvalidValue("the table covers 0.." + std::to_string(n_) + " points still needed, got " +
                             std::to_string(x));
  if (x >= 0 && x < row_of(s).lo)
    throw core::InvalidValue("no card in this state can have scored that many points (" + s.str() + ")");
}

double ObjectiveTable::read(State s, int x) const noexcept {
  if (x < 0) return 1.0;
  const Row& row = row_of(s);
  if (x > row.hi) return 0.0;
  return sets_[s.scored().bits()].data[row.offset + static_cast<unsigned>(x - row.lo)];
}

double ObjectiveTable::value(State s, int x) {
  if (x < 0) return 1.0;
  ensure(s);
  check_x(s, x);
  return read(s, x);
}

std::vector<double> ObjectiveTable::row(State s) {
  ensure(s);
  std::vector<double> out(static_cast<std::size_t>(n_) + 1);
  const int lo = row_of(s).lo;
  for (int x = 0; x <= n_; ++x)
    out[static_cast<std::size_t>(x)] = x < lo ? std::numeric_limits<double>::quiet_NaN() : read(s, x);
  return out;
}

void ObjectiveTable::turn_values(State s, int x, TurnValues& out) {
  if (s.is_full()) throw core::PhaseError("the card is full: no turn is left to play");
  ensure(s);
  check_x(s, x);
  if (out.state_index == s.index() && &out == &cache_ && cache_x_ == x) return;
  // The scalar twin of row_chunk: the same loads and maxima in the same order.
  const unsigned m = s.scored().bits();
  const int f = (rules_.yahtzee_bonus && s.yahtzee_50()) ? 1 : 0;
  const int u = rules_.upper_bonus ? class_rep_[m][class_of_[m][static_cast<std::size_t>(s.upper())]] : 0;
  Plan plan;
  build_plan(m, rules_, plan);
  std::array<SlotRef, kMaxSlots> refs{};
  slot_refs(plan, u, f, refs.data());
  double A[kNumKeeps];
  for (int r = 0; r < kNumRolls; ++r) {
    const int bonus = f && plan.bonus[static_cast<std::size_t>(r)] ? kYahtzeeBonus : 0;
    double acc = 0.0;
    int best = -1;
    for (int i = plan.begin[static_cast<std::size_t>(r)]; i < plan.begin[static_cast<std::size_t>(r) + 1]; ++i) {
      const Cand& cd = plan.cands[static_cast<std::size_t>(i)];
      const SlotRef& sr2 = refs[cd.slot];
      const double v = load_cand(Cand2{sr2.row0, sr2.lo, sr2.hi, cd.score + bonus + sr2.extra}, x);
      if (best < 0) {
        acc = v;
        best = cd.category;
      } else if (acc < v) {
        acc = v;
        best = cd.category;
      }
    }
    A[kNumPartialKeeps + r] = acc;
    out.v0[static_cast<std::size_t>(r)] = acc;
    out.best0[static_cast<std::size_t>(r)] = static_cast<std::int8_t>(best);
  }
  double e[1];
  lanes_sse_obj::lattice_passes<double>(A, e, &out);
  out.offset = 0.0;
  out.state_index = s.index();
  if (&out == &cache_) cache_x_ = x;
}

std::vector<std::pair<Category, double>> ObjectiveTable::category_values(State s, int x, Dice dice) {
  if (s.is_full()) throw core::PhaseError("the card is full: no box is open");
  ensure(s);
  check_x(s, x);
  std::vector<std::pair<Category, double>> out;
  const Categories legal = s.legal_categories(dice, rules_);
  for (int c = 0; c < kNumCategories; ++c) {
    const auto cat = static_cast<Category>(c);
    if (!legal.contains(cat)) continue;
    const auto d = *s.apply(cat, dice, rules_);
    out.emplace_back(cat, read(d.next(), x - d.reward()));
  }
  return out;
}

std::vector<std::pair<Keep, double>> ObjectiveTable::keep_values(State s, int x, Dice dice, int rolls_left) {
  if (rolls_left != 1 && rolls_left != 2)
    throw core::InvalidValue("keep values need 1 or 2 rolls left, got " + std::to_string(rolls_left));
  turn_values(s, x, cache_);
  const auto& arr = rolls_left == 1 ? cache_.k1 : cache_.k2;
  std::vector<std::pair<Keep, double>> out;
  for (const Keep k : dice.keeps()) out.emplace_back(k, arr[static_cast<std::size_t>(k.index())]);
  return out;
}

Action ObjectiveTable::best_action(State s, int x, Dice dice, int rolls_left) {
  if (rolls_left < 0 || rolls_left > 2)
    throw core::InvalidValue("rolls left must be 0, 1 or 2, got " + std::to_string(rolls_left));
  if (s.is_full()) throw core::PhaseError("the card is full: no box is open");
  turn_values(s, x, cache_);
  return Solver::best_action_from(cache_, dice, rolls_left);
}

std::size_t ObjectiveTable::table_bytes() const noexcept {
  std::size_t b = 0;
  for (const auto& sr : sets_) b += sr.data.size() * sizeof(double) + sr.rows.size() * sizeof(Row);
  return b;
}

std::size_t ObjectiveTable::row_count() const noexcept {
  std::size_t n = 0;
  for (const auto& sr : sets_) n += sr.rows.size();
  return n;
}

}  // namespace parlour::yahtzee
