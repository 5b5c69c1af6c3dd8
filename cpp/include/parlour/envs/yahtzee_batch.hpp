// parlour::envs::YahtzeeBatch — N games of solitaire Yahtzee (one player each) stepped
// together; the batched form of parlour.envs.yahtzee.YahtzeeEnv (batch.hpp says what
// every batched game shares).
//
// A slot plays yahtzee::Game(1 player, rules, seed) with the engine rolling the dice,
// so an episode equals the single environment's with options={"game_seed": seed} for
// the same actions.  Each episode's seed is drawn from the slot's stream as
// next() >> 1 (0 .. 2^63 - 1).
//
// Row i: obs yahtzee::kObsSize values (encode.hpp; after the last box, the dice last
// scored and 0 rolls left; after an illegal action ended the episode, the unchanged
// game), mask (the legal actions of the game as it stands: all 0 once it is over) yahtzee::kNumActions (223), reward
// the points the action adds (box + upper bonus + Yahtzee bonus; 0 for a reroll), terminated after the 13th box, never
// truncated.
#pragma once

#include <cstdint>
#include <vector>

#include "parlour/core/rng.hpp"
#include "parlour/envs/batch.hpp"
#include "parlour/yahtzee/encode.hpp"
#include "parlour/yahtzee/game.hpp"

namespace parlour::envs {

class YahtzeeBatch {
 public:
  // InvalidValue unless 1 <= n <= kMaxGames.
  YahtzeeBatch(int n, const yahtzee::YahtzeeRules& rules, const BatchConfig& config);
  YahtzeeBatch(const YahtzeeBatch&) = delete;
  YahtzeeBatch& operator=(const YahtzeeBatch&) = delete;

  static constexpr int kMaxGames = 1 << 22;

  void reset(const std::uint64_t* seeds, const bool* which, const std::uint64_t* episodes, const Outputs& out,
             core::StopToken& stop) {
    driver_.reset(seeds, which, episodes, out, stop);
  }
  void step(const std::int64_t* actions, const Outputs& out, core::StopToken& stop) {
    driver_.step(actions, out, stop);
  }
  [[nodiscard]] const BatchConfig& config() const noexcept { return driver_.config(); }
  [[nodiscard]] const yahtzee::YahtzeeRules& rules() const noexcept { return rules_; }
  // The game in slot i (for reading).
  [[nodiscard]] const yahtzee::Game& game(int i) const { return slots_.at(static_cast<std::size_t>(i)).game; }

  // ---- the driver's interface (batch.hpp)
  [[nodiscard]] int size() const noexcept { return static_cast<int>(slots_.size()); }
  [[nodiscard]] static constexpr int obs_size() noexcept { return yahtzee::kObsSize; }
  [[nodiscard]] static constexpr int num_actions() noexcept { return yahtzee::kNumActions; }
  [[nodiscard]] static constexpr int reward_width() noexcept { return 1; }
  [[nodiscard]] bool legal(int i, int action) const noexcept;
  void apply(int i, int action, double* reward, bool& terminated, bool& truncated);
  void penalize(int i, bool terminate, double illegal_reward, double* reward, bool& terminated,
                bool& truncated) noexcept;
  void seed_slot(int i, std::uint64_t seed) noexcept { slots_[static_cast<std::size_t>(i)].stream.reseed(seed); }
  void reset_slot(int i, const std::uint64_t* episode);
  void write(int i, std::int8_t* obs, std::int8_t* mask, const Outputs& out) const noexcept;
  [[nodiscard]] std::uint64_t episode(int i) const noexcept { return slots_[static_cast<std::size_t>(i)].seed; }

 private:
  struct Slot {
    yahtzee::Game game;
    core::Rng stream;
    std::uint64_t seed = 0;
    yahtzee::Dice last_dice;  // the dice last scored (shown once the game is over)
  };
  yahtzee::YahtzeeRules rules_;
  std::vector<Slot> slots_;
  Driver<YahtzeeBatch> driver_;
};

}  // namespace parlour::envs
