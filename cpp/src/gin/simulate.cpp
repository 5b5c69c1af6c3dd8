#include "parlour/gin/simulate.hpp"

#include <map>
#include <mutex>

#include "parlour/core/errors.hpp"

namespace parlour::gin {

namespace {

std::mutex& registry_mutex() {
  static std::mutex m;
  return m;
}

std::map<std::string, PolicyFactory, std::less<>>& registry() {
  static std::map<std::string, PolicyFactory, std::less<>> r;
  return r;
}

}  // namespace

void register_policy(const std::string& name, PolicyFactory factory) {
  const std::lock_guard<std::mutex> lock(registry_mutex());
  registry()[name] = std::move(factory);
}

std::unique_ptr<Policy> make_policy(std::string_view name, std::uint64_t seed) {
  if (name == "random") return std::make_unique<RandomPolicy>(seed);
  PolicyFactory f;
  {
    const std::lock_guard<std::mutex> lock(registry_mutex());
    const auto it = registry().find(name);
    if (it != registry().end()) f = it->second;
  }
  if (!f) {
    std::string known = "'random'";
    const std::lock_guard<std::mutex> lock(registry_mutex());
    for (const auto& [k, v] : registry()) known += ", '" + k + "'";
    throw core::InvalidValue("no policy named " + core::quote(name) + " (known: " + known + ")");
  }
  return f(seed);
}

int play_round(Round& round, std::array<Policy*, 2> policies, core::StopToken* stop) {
  int actions = 0;
  Observation obs;
  while (!round.is_terminal()) {
    const Player p = *round.turn();
    observe_into(round, p, obs);
    Policy& pol = *policies[static_cast<std::size_t>(p)];
    round.apply(stop ? pol.act_until(obs, *stop) : pol.act(obs));  // validates: throws on an illegal move
    ++actions;
  }
  return actions;
}

SimulationStats simulate_rounds(std::int64_t n, std::uint64_t seed, std::string_view policy_one,
                                std::string_view policy_two, const Rules& rules, core::StopToken* stop) {
  if (n < 0) throw core::InvalidValue("the number of rounds must be >= 0, got " + std::to_string(n));
  rules.validate();
  std::uint64_t s = seed;
  core::Rng deal_rng(core::splitmix64(s));
  const std::uint64_t s1 = core::splitmix64(s);
  const std::uint64_t s2 = core::splitmix64(s);
  auto p1 = make_policy(policy_one, s1);
  auto p2 = make_policy(policy_two, s2);
  const std::array<Policy*, 2> pols{p1.get(), p2.get()};
  SimulationStats st;
  for (std::int64_t i = 0; i < n; ++i) {
    if (stop) stop->throw_if_stop_requested();
    Round r = Round::deal(rules, (i & 1) == 0 ? Player::One : Player::Two, deal_rng);
    st.actions += play_round(r, pols, stop);
    const RoundResult res = *r.result();
    ++st.rounds;
    switch (res.kind()) {
      case ResultKind::Dead: ++st.dead; break;
      case ResultKind::Knock: ++st.knocks; break;
      case ResultKind::Undercut: ++st.undercuts; break;
      case ResultKind::Gin: ++st.gins; break;
      case ResultKind::BigGin: ++st.big_gins; break;
    }
    if (const auto w = res.winner()) {
      const auto wi = static_cast<std::size_t>(*w);
      ++st.wins[wi];
      st.points[wi] += res.points(rules);
    }
  }
  return st;
}

}  // namespace parlour::gin
