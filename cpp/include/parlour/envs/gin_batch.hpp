// parlour::envs::GinBatch — N hands (rounds) of two-player gin rummy stepped together;
// the batched form of parlour.envs.gin.GinEnv (batch.hpp says what every batched game
// shares).
//
// Each episode is one round, Round::deal(rules, dealer, core::Rng(deal_seed)) with
// deal_seed = next() >> 1 and dealer = below(2) drawn from the slot's stream, so it equals
// GinEnv's hand started from options={"round": Round.deal(rules, dealer, deal_seed)}.
//
// Two ways to play:
//   - self-play (no opponent): the caller plays both seats.  Row i holds the observation
//     of the seat to act (seat[i]; once the round is over, of the seat that acted last),
//     the mask of its legal actions, and reward (two values a row) the zero-sum returns
//     of Player.ONE and Player.TWO times reward_scale when the round ends, else 0.
//   - against an opponent: a policy of the gin registry (make_policy: "random", "easy",
//     "normal", "hard", or any registered name), one per slot, plays the other seat
//     inside step: after the caller's action the opponent moves until it is the
//     caller's turn again or the round is over.  The caller's seat is agent_seat (0 or
//     1), or drawn from the slot's stream each episode (-1).  Row i holds that seat's
//     observation and mask, reward (one value) its return times reward_scale.  A deal
//     that the opponent finishes before the caller's first decision (gin off the upcard)
//     is dealt again.
// Rounds always end (the stock runs out), so nothing is truncated.  An illegal action
// under Penalty gives the seat that chose it illegal_reward (the other 0) and changes
// nothing; under Terminate it ends the episode the same way.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "parlour/core/rng.hpp"
#include "parlour/envs/batch.hpp"
#include "parlour/gin/encode.hpp"
#include "parlour/gin/observation.hpp"
#include "parlour/gin/round.hpp"

namespace parlour::envs {

class GinBatch {
 public:
  // InvalidValue unless 1 <= n <= kMaxGames, agent_seat in -1..1, and `opponent` is
  // empty (self-play) or a registered policy name; the rules are validated.
  GinBatch(int n, const gin::Rules& rules, std::string opponent, int agent_seat, double reward_scale,
           const BatchConfig& config);
  GinBatch(const GinBatch&) = delete;
  GinBatch& operator=(const GinBatch&) = delete;

  static constexpr int kMaxGames = 1 << 20;

  void reset(const std::uint64_t* seeds, const bool* which, const std::uint64_t* episodes, const Outputs& out,
             core::StopToken& stop) {
    const Asking asking(*this, stop);
    driver_.reset(seeds, which, episodes, out, stop);
  }
  void step(const std::int64_t* actions, const Outputs& out, core::StopToken& stop) {
    const Asking asking(*this, stop);
    driver_.step(actions, out, stop);
  }
  [[nodiscard]] const BatchConfig& config() const noexcept { return driver_.config(); }
  [[nodiscard]] const gin::Rules& rules() const noexcept { return rules_; }
  [[nodiscard]] const std::string& opponent() const noexcept { return opponent_; }
  [[nodiscard]] bool self_play() const noexcept { return opponent_.empty(); }
  [[nodiscard]] int agent_seat() const noexcept { return agent_seat_; }
  [[nodiscard]] double reward_scale() const noexcept { return reward_scale_; }
  // The round in slot i (PhaseError before the first reset).
  [[nodiscard]] const gin::Round& round(int i) const;

  // ---- the driver's interface (batch.hpp)
  [[nodiscard]] int size() const noexcept { return static_cast<int>(slots_.size()); }
  [[nodiscard]] static constexpr int obs_size() noexcept { return gin::kObsSize; }
  [[nodiscard]] static constexpr int num_actions() noexcept { return gin::kActionCount; }
  [[nodiscard]] int reward_width() const noexcept { return self_play() ? 2 : 1; }
  [[nodiscard]] bool legal(int i, int action) const noexcept;
  void apply(int i, int action, double* reward, bool& terminated, bool& truncated);
  void penalize(int i, bool terminate, double illegal_reward, double* reward, bool& terminated,
                bool& truncated) noexcept;
  void seed_slot(int i, std::uint64_t seed);
  void reset_slot(int i, const std::uint64_t* episode);
  void write(int i, std::int8_t* obs, std::int8_t* mask, const Outputs& out) const noexcept;
  [[nodiscard]] std::uint64_t episode(int i) const noexcept { return slots_[static_cast<std::size_t>(i)].deal_seed; }

 private:
  struct Slot {
    std::optional<gin::Round> round;
    std::unique_ptr<gin::Policy> opponent;
    core::Rng stream;
    std::uint64_t deal_seed = 0;
    gin::Player agent = gin::Player::One;  // the caller's seat (against an opponent)
    gin::Player last = gin::Player::One;   // the seat that acted last
  };
  // The seat whose view row i shows.
  [[nodiscard]] gin::Player view_seat(const Slot& s) const noexcept;
  // The opponent moves until the agent is to act or the round is over; a searching
  // opponent asks the token of the reset or step under way (core::Interrupted).
  void play_opponent(Slot& s);
  // stop_ for the length of a reset or step.
  struct Asking {
    Asking(GinBatch& b, core::StopToken& stop) : batch(b) { batch.stop_ = &stop; }
    ~Asking() { batch.stop_ = nullptr; }
    Asking(const Asking&) = delete;
    Asking& operator=(const Asking&) = delete;
    GinBatch& batch;
  };

  gin::Rules rules_;
  std::string opponent_;
  int agent_seat_;
  double reward_scale_;
  std::vector<Slot> slots_;
  Driver<GinBatch> driver_;
  core::StopToken* stop_ = nullptr;  // the token of the reset or step under way
};

}  // namespace parlour::envs
