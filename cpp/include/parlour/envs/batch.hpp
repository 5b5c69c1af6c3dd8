// parlour::envs — what the batched environments share: N independent games stepped in
// one call, reading the actions from and writing the results into caller-owned arrays
// (one row per game), spread over threads.
//
// Each batched game (yahtzee_batch.hpp, freecell_batch.hpp, gin_batch.hpp) keeps N
// slots.  A slot holds one game and its own episode generator (core::Rng seeded from
// the slot's seed), which draws the engine's seed (a Yahtzee dice seed, a FreeCell deal,
// a gin deal) of every episode the slot plays, so a batch is reproducible for its seeds
// whatever the thread count.
//
// Stepping a slot (Outputs row i):
//   - a legal action is applied; the reward is what the game gives for it;
//   - an illegal action (well-formed but not legal now) follows IllegalMode:
//       Raise      nothing changes anywhere and core::IllegalAction names the game and
//                  the action (every action is checked before any is applied);
//       Penalty    the game is unchanged, the reward is illegal_reward;
//       Terminate  the episode ends (terminated) with reward illegal_reward;
//     and illegal[i] says which slots it happened to;
//   - an action id outside the action range is core::InvalidValue in every mode,
//     before anything changes;
//   - an episode that ended (terminated or truncated) is reset by Autoreset:
//       NextStep   on the slot's next step, whose action is then ignored: that step
//                  writes the new episode's first observation, reward 0 and no end
//                  flags (Gymnasium's default, AutoresetMode.NEXT_STEP).  The step
//                  that ends the episode writes its last observation and a mask of
//                  every action (any action is accepted, and ignored, next), not the
//                  finished game's empty mask, so a sampler always has a choice;
//       SameStep   at once: the finished episode's last observation goes to
//                  final_obs[i] (has_final[i] set) and obs[i] holds the new episode's
//                  first (Gymnasium's AutoresetMode.SAME_STEP).
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "parlour/core/errors.hpp"
#include "parlour/core/interrupt.hpp"

namespace parlour::envs {

enum class IllegalMode : std::uint8_t { Raise = 0, Penalty = 1, Terminate = 2 };
enum class Autoreset : std::uint8_t { NextStep = 0, SameStep = 1 };

// Parses "raise" / "penalty" / "terminate" and "next_step" / "same_step";
// InvalidValue naming the choices otherwise.
IllegalMode illegal_mode_from(const std::string& name);
Autoreset autoreset_from(const std::string& name);
const char* illegal_mode_name(IllegalMode m) noexcept;
const char* autoreset_name(Autoreset m) noexcept;

struct BatchConfig {
  int threads = 1;  // 1..core::kMaxThreads (resolve_threads done by the caller)
  IllegalMode illegal = IllegalMode::Terminate;
  double illegal_reward = -1.0;
  Autoreset autoreset = Autoreset::NextStep;
};

// The caller's arrays, n rows each, C order.  `reward` has reward_width values a row
// (1, or 2 for the two seats of gin self-play).
struct Outputs {
  std::int8_t* obs = nullptr;        // n x obs_size
  std::int8_t* mask = nullptr;       // n x num_actions, 1 at the legal actions
  double* reward = nullptr;          // n x reward_width
  bool* terminated = nullptr;        // n
  bool* truncated = nullptr;         // n
  bool* illegal = nullptr;           // n: the step's action was illegal (Penalty, Terminate)
  std::int8_t* final_obs = nullptr;  // n x obs_size (SameStep)
  bool* has_final = nullptr;         // n (SameStep)
  std::uint64_t* episode = nullptr;  // n: the engine seed / deal of the slot's episode
  std::int8_t* seat = nullptr;       // n: gin only, the seat whose view obs holds
};

// The fewest games one thread takes at a time (smaller batches use fewer threads: a
// thread costs more to start than a few hundred steps take).
inline constexpr int kMinGamesPerThread = 256;

// fn(i) for every game i in 0..n-1, on up to `threads` threads (core::run_parallel,
// chunks taken from a shared counter); checks `stop` between chunks.
template <class Fn>
void for_each_game(int n, int threads, core::StopToken& stop, Fn&& fn) {
  const int useful = std::max(1, std::min(threads, n / kMinGamesPerThread));
  if (useful <= 1) {
    for (int i = 0; i < n; ++i) {
      if ((i & 1023) == 1023) stop.throw_if_stop_requested();
      fn(i);
    }
    return;
  }
  const int chunk = std::max(64, n / (useful * 8));
  std::atomic<int> next{0};
  core::run_parallel(useful, stop, [&](int) {
    for (;;) {
      if (stop.stop_requested()) return;
      const int a = next.fetch_add(chunk, std::memory_order_relaxed);
      if (a >= n) return;
      const int b = std::min(n, a + chunk);
      for (int i = a; i < b; ++i) fn(i);
    }
  });
  stop.throw_if_stop_requested();
}

// ---- the driver every batched game shares
//
// Impl provides:
//   int size(), obs_size(), num_actions(), reward_width() const
//   bool legal(int i, int action) const          (action in range)
//   void apply(int i, int action, double* reward, bool& terminated, bool& truncated)
//   void penalize(int i, bool terminate, double illegal_reward, double* reward, bool& terminated, bool& truncated)
//   void seed_slot(int i, std::uint64_t seed)     (restart the slot's episode stream)
//   void reset_slot(int i, const std::uint64_t* episode)   (nullptr: draw from the slot's stream)
//   void write(int i, std::int8_t* obs_row, std::int8_t* mask_row, const Outputs& out)
//   std::uint64_t episode(int i) const
// and the driver keeps which slots wait for their NextStep reset.
template <class Impl>
class Driver {
 public:
  Driver(Impl& impl, const BatchConfig& config) : impl_(impl), config_(config) {}

  [[nodiscard]] const BatchConfig& config() const noexcept { return config_; }
  [[nodiscard]] bool is_reset() const noexcept { return ready_; }

  // Resets the slots where `which` is true (all when null); a slot whose seed is given
  // restarts its episode stream from it; `episodes` (when given) sets the engine seed /
  // deal of the slots' next episode instead of drawing it.
  void reset(const std::uint64_t* seeds, const bool* which, const std::uint64_t* episodes, const Outputs& out,
             core::StopToken& stop) {
    const int n = impl_.size();
    pending_.resize(static_cast<std::size_t>(n), 0);
    if (!ready_ && which) {
      for (int i = 0; i < n; ++i)
        if (!which[i]) throw core::PhaseError("the first reset must reset every game (no reset mask)");
    }
    ready_ = false;
    for_each_game(n, config_.threads, stop, [&](int i) {
      if (which && !which[i]) return;
      if (seeds) impl_.seed_slot(i, seeds[i]);
      impl_.reset_slot(i, episodes ? episodes + i : nullptr);
      pending_[static_cast<std::size_t>(i)] = 0;
      fresh(i, out);
    });
    ready_ = true;
  }

  void step(const std::int64_t* actions, const Outputs& out, core::StopToken& stop) {
    if (!ready_) throw core::PhaseError("call reset() first (and after an interrupted or failed step)");
    const int n = impl_.size();
    const int na = impl_.num_actions();
    for (int i = 0; i < n; ++i) {
      if (pending_[static_cast<std::size_t>(i)]) continue;  // its action is ignored
      const std::int64_t a = actions[i];
      if (a < 0 || a >= na)
        throw core::InvalidValue("action " + std::to_string(a) + " of game " + std::to_string(i) + " is outside 0.." +
                                 std::to_string(na - 1));
    }
    if (config_.illegal == IllegalMode::Raise) {
      for (int i = 0; i < n; ++i) {
        if (pending_[static_cast<std::size_t>(i)]) continue;
        if (!impl_.legal(i, static_cast<int>(actions[i])))
          throw core::IllegalAction("action " + std::to_string(actions[i]) + " is not legal in game " +
                                    std::to_string(i) + " (nothing was changed)");
      }
    }
    ready_ = false;  // until every game has stepped
    for_each_game(n, config_.threads, stop, [&](int i) { step_one(i, static_cast<int>(actions[i]), out); });
    ready_ = true;
  }

 private:
  void fresh(int i, const Outputs& out) {
    const auto u = static_cast<std::size_t>(i);
    const int w = impl_.reward_width();
    std::fill(out.reward + u * static_cast<std::size_t>(w), out.reward + (u + 1) * static_cast<std::size_t>(w), 0.0);
    out.terminated[u] = false;
    out.truncated[u] = false;
    out.illegal[u] = false;
    if (out.has_final) out.has_final[u] = false;
    impl_.write(i, row(out.obs, i, impl_.obs_size()), row(out.mask, i, impl_.num_actions()), out);
    out.episode[u] = impl_.episode(i);
  }

  void step_one(int i, int action, const Outputs& out) {
    const auto u = static_cast<std::size_t>(i);
    if (pending_[u]) {
      impl_.reset_slot(i, nullptr);
      pending_[u] = 0;
      fresh(i, out);
      return;
    }
    double* reward = out.reward + u * static_cast<std::size_t>(impl_.reward_width());
    bool terminated = false, truncated = false;
    const bool legal = impl_.legal(i, action);
    out.illegal[u] = !legal;
    if (legal)
      impl_.apply(i, action, reward, terminated, truncated);
    else
      impl_.penalize(i, config_.illegal == IllegalMode::Terminate, config_.illegal_reward, reward, terminated,
                     truncated);
    out.terminated[u] = terminated;
    out.truncated[u] = truncated;
    if (out.has_final) out.has_final[u] = false;
    std::int8_t* obs = row(out.obs, i, impl_.obs_size());
    std::int8_t* mask = row(out.mask, i, impl_.num_actions());
    if (!(terminated || truncated)) {
      impl_.write(i, obs, mask, out);
    } else if (config_.autoreset == Autoreset::NextStep) {
      impl_.write(i, obs, mask, out);
      std::fill(mask, mask + impl_.num_actions(), std::int8_t{1});  // the next action is ignored: any will do
      pending_[u] = 1;
    } else {
      impl_.write(i, row(out.final_obs, i, impl_.obs_size()), mask, out);
      out.has_final[u] = true;
      impl_.reset_slot(i, nullptr);
      impl_.write(i, obs, mask, out);
      out.episode[u] = impl_.episode(i);
    }
  }

  static std::int8_t* row(std::int8_t* base, int i, int width) noexcept {
    return base + static_cast<std::size_t>(i) * static_cast<std::size_t>(width);
  }

  Impl& impl_;
  BatchConfig config_;
  std::vector<std::uint8_t> pending_;
  bool ready_ = false;
};

}  // namespace parlour::envs
