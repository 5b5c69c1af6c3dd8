#include "parlour/envs/gin_batch.hpp"

#include <algorithm>
#include <span>
#include <utility>

#include "parlour/gin/simulate.hpp"

namespace parlour::envs {

using gin::Action;
using gin::Player;
using gin::Round;

GinBatch::GinBatch(int n, const gin::Rules& rules, std::string opponent, int agent_seat, double reward_scale,
                   const BatchConfig& config)
    : rules_(rules),
      opponent_(std::move(opponent)),
      agent_seat_(agent_seat),
      reward_scale_(reward_scale),
      driver_(*this, config) {
  if (n < 1 || n > kMaxGames)
    throw core::InvalidValue("the number of games must be in 1.." + std::to_string(kMaxGames) + ", got " +
                             std::to_string(n));
  if (agent_seat < -1 || agent_seat > 1)
    throw core::InvalidValue("the agent's seat must be 0, 1 or -1 (drawn each episode), got " +
                             std::to_string(agent_seat));
  rules_.validate();
  if (!opponent_.empty()) (void)gin::make_policy(opponent_, 0);  // an unknown name raises here
  slots_.resize(static_cast<std::size_t>(n));
}

const Round& GinBatch::round(int i) const {
  const Slot& s = slots_.at(static_cast<std::size_t>(i));
  if (!s.round) throw core::PhaseError("call reset() first");
  return *s.round;
}

bool GinBatch::legal(int i, int action) const noexcept {
  const Slot& s = slots_[static_cast<std::size_t>(i)];
  if (!s.round || s.round->is_terminal()) return false;
  try {
    return s.round->can_apply(Action::from_id(action));
  } catch (...) { return false; }
}

void GinBatch::play_opponent(Slot& s) {
  gin::Observation obs;
  Round& r = *s.round;
  while (!r.is_terminal() && *r.turn() != s.agent) {
    const Player p = *r.turn();
    gin::observe_into(r, p, obs);
    r.apply(s.opponent->act(obs));  // validated: a policy's illegal move throws
    s.last = p;
  }
}

void GinBatch::apply(int i, int action, double* reward, bool& terminated, bool& /*truncated*/) {
  Slot& s = slots_[static_cast<std::size_t>(i)];
  Round& r = *s.round;
  const Player mover = *r.turn();
  r.apply(Action::from_id(action));
  s.last = mover;
  if (!self_play()) play_opponent(s);
  if (r.is_terminal()) {
    const auto ret = r.returns();
    if (self_play()) {
      reward[0] = reward_scale_ * ret[0];
      reward[1] = reward_scale_ * ret[1];
    } else {
      reward[0] = reward_scale_ * ret[static_cast<std::size_t>(s.agent)];
    }
    terminated = true;
  } else {
    std::fill(reward, reward + reward_width(), 0.0);
  }
}

void GinBatch::penalize(int i, bool terminate, double illegal_reward, double* reward, bool& terminated,
                        bool& /*truncated*/) noexcept {
  Slot& s = slots_[static_cast<std::size_t>(i)];
  const Player mover = s.round->turn().value_or(s.agent);
  if (self_play()) {
    reward[static_cast<std::size_t>(mover)] = illegal_reward;
    reward[static_cast<std::size_t>(gin::opponent(mover))] = 0.0;
  } else {
    reward[0] = illegal_reward;
  }
  if (terminate) s.last = mover;
  terminated = terminate;
}

void GinBatch::seed_slot(int i, std::uint64_t seed) {
  Slot& s = slots_[static_cast<std::size_t>(i)];
  s.stream.reseed(seed);
  if (!self_play()) s.opponent = gin::make_policy(opponent_, s.stream.next());
}

void GinBatch::reset_slot(int i, const std::uint64_t* episode) {
  Slot& s = slots_[static_cast<std::size_t>(i)];
  if (!self_play() && !s.opponent) s.opponent = gin::make_policy(opponent_, s.stream.next());
  for (bool first = true;; first = false) {
    s.deal_seed = (first && episode) ? *episode : (s.stream.next() >> 1);
    const Player dealer = s.stream.below(2) == 0 ? Player::One : Player::Two;
    if (agent_seat_ >= 0)
      s.agent = agent_seat_ == 0 ? Player::One : Player::Two;
    else
      s.agent = s.stream.below(2) == 0 ? Player::One : Player::Two;
    core::Rng deal(s.deal_seed);
    s.round.emplace(Round::deal(rules_, dealer, deal));
    s.last = *s.round->turn();
    if (self_play()) return;
    play_opponent(s);
    if (!s.round->is_terminal()) return;
  }
}

Player GinBatch::view_seat(const Slot& s) const noexcept {
  if (!self_play()) return s.agent;
  const auto t = s.round->turn();
  return t ? *t : s.last;
}

void GinBatch::write(int i, std::int8_t* obs, std::int8_t* mask, const Outputs& out) const noexcept {
  const Slot& s = slots_[static_cast<std::size_t>(i)];
  const Round& r = *s.round;
  const Player seat = view_seat(s);
  gin::encode_round(r, seat, std::span<std::int8_t, gin::kObsSize>(obs, gin::kObsSize));
  std::fill(mask, mask + gin::kActionCount, std::int8_t{0});
  if (out.seat) out.seat[i] = static_cast<std::int8_t>(seat);
  const auto t = r.turn();
  if (!t || *t != seat) return;
  gin::LegalIds ids;
  const int n = r.legal_ids(ids);
  for (int k = 0; k < n; ++k) mask[ids[static_cast<std::size_t>(k)]] = 1;
}

}  // namespace parlour::envs
