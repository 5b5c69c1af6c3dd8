// parlour::yahtzee::Solver — the exact optimal strategy of solitaire Yahtzee.
//
// The value of a state is the expected further score of optimal play from the start
// of a turn in that state (bonuses included, the score already made excluded).  Only
// these turn-start values are stored: f64, one per valid state (591,360 of the 2^20
// indices, 4.7 MB), in a mask-major layout — for each set of filled categories, the
// rows of upper subtotals 0..max (and a second row for the Yahtzee-50 flag when the
// Yahtzee box is filled).  The public view is State::index; values() scatters to it.
//
// One turn ("widget") from state s: the 252 rolls with no reroll left take the best
// legal box (score + value of the next state); the keep values one roll earlier are
// the averages over the next die on the 1,260-edge add-one-die lattice of the 462
// multisets, and the best sub-keep of a roll is a maximum over the same lattice
// walked downwards; twice, then the average over the first roll.  solve() takes the
// category sets in tiers of filled count from the full card down; each set is
// computed by exactly one thread, eight upper subtotals at a time (vector lanes:
// AVX2 when the CPU has it, else SSE2, the same IEEE operations either way), once the
// sets it leads to are finished — so the table is bit-identical for any thread count.
//
// Internally the solver carries W(s) = value(s) + 35 [upper == 63] (the upper bonus
// counted when the subtotal reaches 63), which removes the bonus test from the inner
// loop; every public number is converted back.
//
// Tie-breaks (documented, deterministic): best_category takes the first legal box
// in card order among the maximal values; keeps are compared in the order of
// Dice::keeps() (five dice kept first, then four, ..., each size in ascending
// Keep::index) and the first maximal keep wins; when that keep is all five dice
// (no reroll now), best_action decides as with one roll fewer, down to Score(best
// category) with no roll left.
//
// Lazy solving: a query on a state not yet solved first solves the states reachable
// from it (every superset of its filled categories, upper subtotals >= its own).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "parlour/core/interrupt.hpp"
#include "parlour/yahtzee/action.hpp"
#include "parlour/yahtzee/dice.hpp"
#include "parlour/yahtzee/rules.hpp"
#include "parlour/yahtzee/state.hpp"

namespace parlour::yahtzee {

// The values of one turn from one state, in the solver's internal units (add
// `offset` to get public values): kept by bots so a turn costs one widget.
struct TurnValues {
  std::uint32_t state_index = 0xFFFFFFFFu;
  double offset = 0.0;                         // -35 at upper == 63 with the upper bonus
  std::array<double, kNumRolls> v0{};          // no roll left: best box, by roll
  std::array<std::int8_t, kNumRolls> best0{};  // that box (first in card order)
  std::array<double, kNumKeeps> k1{};          // keep values, one roll left
  std::array<double, kNumKeeps> k2{};          // keep values, two rolls left
};

// A whole turn's decisions from one state: act[rolls_left][roll] is the action for
// that roll (Dice::index) with 0, 1 or 2 rolls left, encoded as k >= 0: reroll keeping
// Keep::index k (0..209); k < 0: score in category -1 - k.
struct TurnPolicy {
  std::array<std::array<std::int16_t, kNumRolls>, 3> act{};
  static constexpr std::int16_t score(Category c) noexcept { return static_cast<std::int16_t>(-1 - to_int(c)); }
};

class Solver {
 public:
  // Called after each tier with (filled categories of the tier, seconds so far).
  using Progress = std::function<void(int, double)>;

  explicit Solver(const YahtzeeRules& rules = {});

  [[nodiscard]] const YahtzeeRules& rules() const noexcept { return rules_; }

  // Fills the whole table (threads 0: all hardware threads; at most core::kMaxThreads).
  // With `stop`, checks it between category sets and throws core::Interrupted once
  // asked; the states solved so far keep their values (a later call goes on).
  void solve(int threads = 0, const Progress& progress = {}, core::StopToken* stop = nullptr);
  // Solves the states reachable from s (see the lazy solving above).
  void solve_from(State s, int threads = 1, const Progress& progress = {}, core::StopToken* stop = nullptr);
  [[nodiscard]] bool is_solved() const noexcept;            // the whole table
  [[nodiscard]] bool is_solved(State s) const noexcept;     // this state's value
  [[nodiscard]] std::size_t solved_count() const noexcept;  // states with a value

  // The expected further score from the start of a turn in s (solving lazily).
  double value(State s);
  // The values by State::index (2^20 entries), NaN for invalid or unsolved indices.
  [[nodiscard]] std::vector<double> values() const;

  // Expected further score after writing `dice` in each legal box, card order.
  std::vector<std::pair<Category, double>> category_values(State s, Dice dice);
  // Expected further score of each keep of `dice` with rolls_left (1 or 2) rolls to go,
  // in Dice::keeps() order.  InvalidValue for another rolls_left.
  std::vector<std::pair<Keep, double>> keep_values(State s, Dice dice, int rolls_left);
  Category best_category(State s, Dice dice);
  // rolls_left 0..2; InvalidValue otherwise, PhaseError on a full card.
  Action best_action(State s, Dice dice, int rolls_left);

  // The turn values of s (solving lazily); `out` is reused when it already holds s.
  void turn_values(State s, TurnValues& out);
  // The same without solving: s must be solved (is_solved(s)).
  void turn_values_solved(State s, TurnValues& out) const;
  // The best action from turn values (no solving).
  [[nodiscard]] static Action best_action_from(const TurnValues& tv, Dice dice, int rolls_left);
  // best_action_from for every roll and rolls left at once.
  static void policy_from(const TurnValues& tv, TurnPolicy& out) noexcept;

  // Binary table file: header (magic, version, rules, count, checksum of the header
  // and the values), then the values.  save: PhaseError unless fully solved.  load: FormatError for a corrupt,
  // truncated or foreign file.
  void save(const std::string& path) const;
  static Solver load(const std::string& path);
  // The raw parts, for pickling: the solved-from marks per category set (64 = none)
  // and the internal table; from_parts checks them (FormatError).
  [[nodiscard]] const std::array<std::uint8_t, 8192>& solved_marks() const noexcept { return lo_; }
  [[nodiscard]] const std::vector<double>& raw_table() const noexcept { return table_; }
  static Solver from_parts(const YahtzeeRules& rules, const std::array<std::uint8_t, 8192>& marks,
                           const std::vector<double>& table);
  // The checksum of the table (FNV-1a over the 64-bit words of the values).
  [[nodiscard]] std::uint64_t checksum() const noexcept;
  // A checksum of the rules, the solved marks and the table together (what a pickle
  // carries, so that a pickle with another rules text or solved marks is refused).
  [[nodiscard]] std::uint64_t state_checksum() const noexcept;
  [[nodiscard]] std::size_t table_bytes() const noexcept { return table_.size() * sizeof(double); }

 private:
  void ensure(State s);
  [[nodiscard]] double internal(State s) const noexcept {
    const unsigned m = s.scored().bits();
    return table_[offset_[m] + (s.yahtzee_50() ? lanes_[m] : 0u) + static_cast<unsigned>(s.upper())];
  }
  [[nodiscard]] double offset_of(State s) const noexcept {
    return (rules_.upper_bonus && s.upper() == kUpperBonusThreshold) ? -static_cast<double>(kUpperBonus) : 0.0;
  }

  YahtzeeRules rules_;
  std::array<std::uint32_t, 8192> offset_{};  // first value of each category set
  std::array<std::uint8_t, 8192> lanes_{};    // upper subtotals 0..lanes-1 per flag row
  std::array<std::uint8_t, 8192> lo_{};       // rows are solved for upper >= lo (64: none)
  std::vector<double> table_;
  TurnValues cache_;  // the last queried turn (queries are not thread-safe)
  std::unique_ptr<std::mutex> mutex_ = std::make_unique<std::mutex>();  // serialises solving
};

}  // namespace parlour::yahtzee
