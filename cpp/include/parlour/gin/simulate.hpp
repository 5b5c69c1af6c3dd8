// parlour::gin::simulate_rounds — many whole rounds played by two policies, in C++.
//
// Round i (0-based) is dealt by Round::deal with dealer Player.ONE for even i and
// Player.TWO for odd i, from one generator seeded with `seed`; each seat's policy is
// built by make_policy(name, seed') with seed' derived from `seed` and the seat, so
// a run is reproducible.  Every decision goes through observe(round, player) — the
// policies see nothing else.  The counts are the outcomes of the rounds.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "parlour/core/interrupt.hpp"
#include "parlour/gin/observation.hpp"

namespace parlour::gin {

struct SimulationStats {
  std::int64_t rounds = 0;
  std::int64_t dead = 0;
  std::int64_t knocks = 0;
  std::int64_t undercuts = 0;
  std::int64_t gins = 0;
  std::int64_t big_gins = 0;
  std::array<std::int64_t, 2> wins{};    // rounds won by Player.ONE / Player.TWO
  std::array<std::int64_t, 2> points{};  // points won under the rules
  std::int64_t actions = 0;              // actions applied in all
};

// A policy by name: "random" (RandomPolicy).  Later bots register more names with
// register_policy.  InvalidValue for an unknown name.
std::unique_ptr<Policy> make_policy(std::string_view name, std::uint64_t seed);
using PolicyFactory = std::function<std::unique_ptr<Policy>(std::uint64_t seed)>;
void register_policy(const std::string& name, PolicyFactory factory);

// Play one round to its end with the two policies (index by Player); returns the
// number of actions applied.  core::IllegalAction when a policy picks an illegal move.
// The policies decide through act_until(obs, *stop) when `stop` is given.
int play_round(Round& round, std::array<Policy*, 2> policies, core::StopToken* stop = nullptr);

// n rounds (n >= 0) under `rules`, Player.ONE playing `policy_one`, Player.TWO `policy_two`.
// Checks `stop` (when given) after every round and throws core::Interrupted once asked.
SimulationStats simulate_rounds(std::int64_t n, std::uint64_t seed, std::string_view policy_one,
                                std::string_view policy_two, const Rules& rules, core::StopToken* stop = nullptr);

}  // namespace parlour::gin
