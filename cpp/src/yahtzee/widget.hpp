// The shared machinery of the Yahtzee dynamic programs (the expected-score Solver,
// the objective tables and the policy evaluator); internal to cpp/src/yahtzee.
//
//   Lattice      the add-one-die lattice of the 462 keeps in flat arrays;
//   Plan         everything about one category set that does not depend on the upper
//                subtotal: the successor "slots" and, for each of the 252 rolls, the
//                legal boxes with the value written (joker values included);
//   run_category_sets  the thread schedule: every category set by exactly one thread,
//                once the sets it depends on are finished (supersets for a backward
//                program, subsets for a forward one), tiers reported in order.
//
// The lane kernels (solver_lanes.inc) are included by each program's .cpp once per
// instruction set.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <vector>

#include "parlour/core/interrupt.hpp"
#include "parlour/core/platform.hpp"
#include "parlour/yahtzee/dice.hpp"
#include "parlour/yahtzee/rules.hpp"
#include "parlour/yahtzee/state.hpp"

namespace parlour::yahtzee::detail {

inline constexpr int kLanes = 8;      // values computed together (upper subtotals or points)
inline constexpr int kMaxSlots = 48;  // next-state vectors of one category set (at most 44)
inline constexpr unsigned kFull = Categories::kAllBits;
inline constexpr unsigned kYahtzeeBit = 1u << to_int(Category::Yahtzee);

// The lattice in flat arrays: add[6*k + f] for the 210 partial keeps, and the
// sub-keeps of each keep as a list (sub_begin[k] .. sub_begin[k+1]).
struct Lattice {
  std::array<std::int16_t, 6 * kNumPartialKeeps> add{};
  std::array<std::uint16_t, kNumKeeps + 1> sub_begin{};
  std::array<std::int16_t, 1260> sub{};
  std::array<double, kNumRolls> prob{};
};

const Lattice& lattice();

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
  std::array<std::uint16_t, kNumRolls + 1> begin{};  // the candidates of roll r: cands[begin[r] .. begin[r+1])
  std::vector<Cand> cands;                           // in card order
  std::array<std::uint8_t, kNumRolls> bonus{};       // an extra Yahtzee that earns 100 when the flag is set
};

void build_plan(unsigned mask, const YahtzeeRules& rules, Plan& p);

// The solver's table of turn-start values in its mask-major layout.
struct TableView {
  const std::uint32_t* offset;
  const std::uint8_t* lanes;
  const double* table;
};

// Whether the AVX2 kernels may run (core::platform::use_avx2: the CPU has AVX2 and the
// vector code is not turned off).
bool use_avx2() noexcept;

// The per-set work of one thread (holding that thread's workspace).
using MaskWork = std::function<void(unsigned mask)>;

// Runs the work of make_worker(thread) on every category set of `masks`, each set by
// exactly one thread and only after the sets it depends on that are also listed:
// its supersets with one more box (backward, forward = false) or its subsets with one
// box fewer (forward).  Tiers (sets with the same number of filled boxes) are reported
// to progress(tier, seconds) in the order they finish.  On a stop request, a failing
// progress callback or a failing worker, the remaining sets are abandoned and
// core::Interrupted (or the failure) is thrown; sets already done stay done.
// `threads` is a resolved count (>= 1); fewer than 64 sets run on one thread.
void run_category_sets(const std::vector<std::uint16_t>& masks, bool forward, int threads, core::StopToken& stop,
                       const std::function<void(int, double)>& progress,
                       const std::function<MaskWork(int thread)>& make_worker);

}  // namespace parlour::yahtzee::detail
