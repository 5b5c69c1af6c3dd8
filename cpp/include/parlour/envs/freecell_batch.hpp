// parlour::envs::FreeCellBatch — N games of FreeCell from Microsoft deals stepped
// together; the batched form of parlour.envs.freecell.FreeCellEnv (batch.hpp says what
// every batched game shares).
//
// Each episode's deal is drawn from the slot's stream as 1 + below(max_deal) (max_deal
// 1,000,000 by default, Windows' extended range), so an episode equals the single
// environment's with options={"deal": n} for the same actions.
//
// An action id (freecell::Move::action_id) is legal when the engine accepts the move
// (GameState::resolve), as in the single environment; the mask marks the moves of
// GameState::legal_move_list(true) (to the first empty free cell only, no cell-to-cell
// moves), the ones a learner needs; obs and mask always describe the position as it
// stands (the mask is all 0 only when no move is left).  Row i: obs freecell::kObsSize values (encode.hpp),
// mask freecell::kNumActions (924), reward 1/52 for each card the step puts on the
// foundations; terminated when solved or no move is legal, truncated after max_steps
// steps of the episode (an illegal action under Penalty counts as a step).
#pragma once

#include <cstdint>
#include <vector>

#include "parlour/core/rng.hpp"
#include "parlour/envs/batch.hpp"
#include "parlour/freecell/encode.hpp"
#include "parlour/freecell/state.hpp"

namespace parlour::envs {

// The mask of the position's moves, GameState::legal_move_list(true) as action ids
// (Move::action_id), written straight from the position: mask[id] is 1 for those moves
// and 0 for every other of the kNumActions ids; returns how many are 1.
int write_move_mask(const freecell::GameState& g, std::int8_t* mask) noexcept;
// Whether the position has a single-card move of GameState::legal_move_list.
bool has_single_move(const freecell::GameState& g) noexcept;

class FreeCellBatch {
 public:
  // InvalidValue unless 1 <= n <= kMaxGames, max_steps >= 1 and 1 <= max_deal < 2^33.
  FreeCellBatch(int n, int max_steps, std::uint64_t max_deal, const BatchConfig& config);
  FreeCellBatch(const FreeCellBatch&) = delete;
  FreeCellBatch& operator=(const FreeCellBatch&) = delete;

  static constexpr int kMaxGames = 1 << 22;
  static constexpr std::uint64_t kDefaultMaxDeal = 1'000'000;

  void reset(const std::uint64_t* seeds, const bool* which, const std::uint64_t* episodes, const Outputs& out,
             core::StopToken& stop);
  void step(const std::int64_t* actions, const Outputs& out, core::StopToken& stop) {
    driver_.step(actions, out, stop);
  }
  [[nodiscard]] const BatchConfig& config() const noexcept { return driver_.config(); }
  [[nodiscard]] int max_steps() const noexcept { return max_steps_; }
  [[nodiscard]] std::uint64_t max_deal() const noexcept { return max_deal_; }
  // The position in slot i, and the steps taken in its episode.
  [[nodiscard]] const freecell::GameState& state(int i) const { return slots_.at(static_cast<std::size_t>(i)).state; }
  [[nodiscard]] int steps(int i) const { return slots_.at(static_cast<std::size_t>(i)).steps; }

  // ---- the driver's interface (batch.hpp)
  [[nodiscard]] int size() const noexcept { return static_cast<int>(slots_.size()); }
  [[nodiscard]] static constexpr int obs_size() noexcept { return freecell::kObsSize; }
  [[nodiscard]] static constexpr int num_actions() noexcept { return freecell::kNumActions; }
  [[nodiscard]] static constexpr int reward_width() noexcept { return 1; }
  [[nodiscard]] bool legal(int i, int action) const;
  void apply(int i, int action, double* reward, bool& terminated, bool& truncated);
  void penalize(int i, bool terminate, double illegal_reward, double* reward, bool& terminated,
                bool& truncated) noexcept;
  void seed_slot(int i, std::uint64_t seed) noexcept { slots_[static_cast<std::size_t>(i)].stream.reseed(seed); }
  void reset_slot(int i, const std::uint64_t* episode);
  void write(int i, std::int8_t* obs, std::int8_t* mask, const Outputs& out) const;
  [[nodiscard]] std::uint64_t episode(int i) const noexcept { return slots_[static_cast<std::size_t>(i)].deal; }

 private:
  struct Slot {
    freecell::GameState state;
    core::Rng stream;
    std::uint64_t deal = 1;
    int steps = 0;
  };
  int max_steps_;
  std::uint64_t max_deal_;
  std::vector<Slot> slots_;
  Driver<FreeCellBatch> driver_;
};

}  // namespace parlour::envs
