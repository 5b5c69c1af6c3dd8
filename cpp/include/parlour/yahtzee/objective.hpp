// parlour::yahtzee::ObjectiveTable — optimal play for an objective on the final score
// other than its mean: the strategy that maximises E[f(final score)] for a utility f,
// and its value from every state and every number of points already scored.
//
// The table is indexed by x, the points still "needed": with N the table's width,
// x = N - points so far, and
//
//   V(s, x) = max over the turn's decisions of E[V(s', x - points scored this turn)],
//   V(full card, x) = g(x) for x = 0..N,    V(s, x) = 1 for x < 0.
//
// Two objectives are built on it (threshold.hpp, headsup.hpp):
//   reach a target: g = [1, 0, 0, ...]; then V(s, t) = max P(further score >= t), for
//       every t = 0..N at once (a target T with p points scored is t = T - p);
//   beat an opponent whose final score Y has a known distribution: N = max Y + 1 and
//       g(x) = P(Y < N - x) + tie * P(Y = N - x), so V(s, N - p) = max P(win) (+ tie
//       share) with p points scored.
// Each x is optimised separately (the strategy depends on the points scored), so the
// maxima run lane by lane — the lanes of the expected-score solver's kernel carry 32
// values of x instead of eight upper subtotals, with the same lattice passes; the
// distinct (successor row, points) pairs of a row are loaded once per 32 values.
//
// States that cannot differ in the future share a row: two upper subtotals of a
// category set are one class when they reach 63 with exactly the same further upper
// scores (all subtotals that can no longer reach it are one class), every subtotal is
// one class without the upper bonus, and the Yahtzee-50 flag is ignored without the
// Yahtzee bonus.  A row stores only x in [lo, hi]: V = 0 above hi = min(N, the most the
// state can still score + the largest x with g(x) > 0), and with `reachable_only`
// (used for heads-up) x below lo = N - (a bound on the points a card in that state can
// have scored) is never needed.  Rows are solved by category set (supersets first, one
// thread per set, bit-identical for any thread count), lazily from a state like the
// expected-score solver.  Values are probabilities in f64: exact up to rounding.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "parlour/core/interrupt.hpp"
#include "parlour/yahtzee/action.hpp"
#include "parlour/yahtzee/rules.hpp"
#include "parlour/yahtzee/solver.hpp"
#include "parlour/yahtzee/state.hpp"

namespace parlour::yahtzee {

namespace detail {
struct Plan;
}

class ObjectiveTable {
 public:
  using Progress = std::function<void(int, double)>;

  // terminal: g(x) for x = 0..N (N = size - 1), each in [0, 1], with g(0) = 1 (nothing
  // more needed is a certain success; so V(s, 0) = 1 exactly); InvalidValue otherwise.
  ObjectiveTable(const YahtzeeRules& rules, std::vector<double> terminal, bool reachable_only);

  [[nodiscard]] const YahtzeeRules& rules() const noexcept { return rules_; }
  [[nodiscard]] int width() const noexcept { return n_; }  // N
  [[nodiscard]] const std::vector<double>& terminal() const noexcept { return g_; }

  // Fills every row (threads 0: all cores); checks `stop` between category sets.
  void solve(int threads = 0, const Progress& progress = {}, core::StopToken* stop = nullptr);
  // Solves the rows of the category sets that contain s's boxes.
  void solve_from(State s, int threads = 0, const Progress& progress = {}, core::StopToken* stop = nullptr);
  [[nodiscard]] bool is_solved() const noexcept;
  [[nodiscard]] bool is_solved(State s) const noexcept;

  // V(s, x), solving lazily: 1 for x < 0, 0 above the row; InvalidValue for x > N or
  // (reachable_only) x below the row (more points than the card can have scored).
  double value(State s, int x);
  // V(s, x) for x = 0..N (solving lazily); below the row (reachable_only): NaN.
  std::vector<double> row(State s);
  // The least x stored for s (0 unless reachable_only).
  int least_x(State s) const noexcept;

  // One turn from s at one x: v0/best0 (the best box for each final roll) and k1/k2
  // (keep values), as the Solver's TurnValues (offset 0); the same sums as the table.
  void turn_values(State s, int x, TurnValues& out);
  // (category, V after writing the dice there) for each legal box, card order.
  std::vector<std::pair<Category, double>> category_values(State s, int x, Dice dice);
  // (keep, value) for each keep of the dice with 1 or 2 rolls left, Dice::keeps() order.
  std::vector<std::pair<Keep, double>> keep_values(State s, int x, Dice dice, int rolls_left);
  // The best action (ties as the Solver: first box in card order, first keep in
  // Dice::keeps() order, keeping all five decides as with one roll fewer).
  Action best_action(State s, int x, Dice dice, int rolls_left);

  // Memory: the stored values with their padding (bytes), and the number of rows.
  [[nodiscard]] std::size_t table_bytes() const noexcept;
  [[nodiscard]] std::size_t row_count() const noexcept;

  struct Row {
    std::uint32_t offset = 0;  // where x = lo is stored in the set's data
    std::int16_t lo = 0, hi = -1;
    std::int16_t most = 0;  // the most the state can still score, capped at N + 1
  };
  struct SetRows {
    std::vector<Row> rows;  // by flag * classes + class
    std::vector<double> data;
    bool ready = false;  // rows laid out
    bool solved = false;
  };

 private:
  // A successor row of one of a set's slots, seen from one row (class rep u, flag f).
  struct SlotRef {
    const double* row0;
    std::int32_t lo, hi, most;
    std::int32_t extra;  // the upper bonus earned by the write
  };
  void check_x(State s, int x) const;
  [[nodiscard]] const Row& row_of(State s) const noexcept;
  void slot_refs(const detail::Plan& plan, int u, int f, SlotRef* out) const noexcept;
  void lay_out(unsigned m, const detail::Plan& plan);
  void ensure(State s);
  double read(State s, int x) const noexcept;

  YahtzeeRules rules_;
  int n_ = 0;
  int z_ = 0;  // the largest x with g(x) > 0
  bool reachable_only_ = false;
  std::vector<double> g_;
  std::array<std::uint8_t, 8192> classes_{};             // upper-subtotal classes per category set
  std::vector<std::array<std::uint8_t, 64>> class_of_;   // by set: upper subtotal -> class
  std::vector<std::array<std::uint8_t, 64>> class_rep_;  // by set: class -> its least subtotal
  std::vector<SetRows> sets_;
  TurnValues cache_;
  int cache_x_ = 0;
  std::unique_ptr<std::mutex> mutex_ = std::make_unique<std::mutex>();
};

}  // namespace parlour::yahtzee
