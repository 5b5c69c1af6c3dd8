#include "parlour/envs/freecell_batch.hpp"

#include <algorithm>
#include <span>
#include <string>

namespace parlour::envs {

using freecell::GameState;
using freecell::Move;

FreeCellBatch::FreeCellBatch(int n, int max_steps, std::uint64_t max_deal, const BatchConfig& config)
    : max_steps_(max_steps), max_deal_(max_deal), driver_(*this, config) {
  if (n < 1 || n > kMaxGames)
    throw core::InvalidValue("the number of games must be in 1.." + std::to_string(kMaxGames) + ", got " +
                             std::to_string(n));
  if (max_steps < 1) throw core::InvalidValue("max_steps must be at least 1, got " + std::to_string(max_steps));
  if (max_deal < 1 || max_deal >= (std::uint64_t{1} << 33))
    throw core::InvalidValue("max_deal must be in 1..2**33-1, got " + std::to_string(max_deal));
  slots_.resize(static_cast<std::size_t>(n));
}

void FreeCellBatch::reset(const std::uint64_t* seeds, const bool* which, const std::uint64_t* episodes,
                          const Outputs& out, core::StopToken& stop) {
  if (episodes) {
    for (int i = 0; i < size(); ++i)
      if ((!which || which[i]) && (episodes[i] < 1 || episodes[i] >= (std::uint64_t{1} << 33)))
        throw core::InvalidValue("deal " + std::to_string(episodes[i]) + " of game " + std::to_string(i) +
                                 " is outside 1..2**33-1");
  }
  driver_.reset(seeds, which, episodes, out, stop);
}

bool FreeCellBatch::legal(int i, int action) const {
  const Slot& s = slots_[static_cast<std::size_t>(i)];
  return s.state.resolve(Move::from_action_id(action)).has_value();
}

void FreeCellBatch::apply(int i, int action, double* reward, bool& terminated, bool& truncated) {
  Slot& s = slots_[static_cast<std::size_t>(i)];
  const int before = s.state.foundations().size();
  s.state.apply_in_place(*s.state.resolve(Move::from_action_id(action)));
  ++s.steps;
  *reward = static_cast<double>(s.state.foundations().size() - before) / 52.0;
  // Every sequence move implies a legal single move (a free cell or another empty
  // cascade takes the top card), so "no move" is the same with or without them.
  s.moves = s.state.legal_move_list(true);
  terminated = s.state.is_solved() || s.moves.empty();
  truncated = s.steps >= max_steps_;
}

void FreeCellBatch::penalize(int i, bool terminate, double illegal_reward, double* reward, bool& terminated,
                             bool& truncated) noexcept {
  Slot& s = slots_[static_cast<std::size_t>(i)];
  *reward = illegal_reward;
  ++s.steps;
  terminated = terminate;
  truncated = s.steps >= max_steps_;
}

void FreeCellBatch::reset_slot(int i, const std::uint64_t* episode) {
  Slot& s = slots_[static_cast<std::size_t>(i)];
  s.deal = episode ? *episode : 1 + s.stream.below(max_deal_);
  s.state = GameState::from_ms_deal(s.deal);
  s.steps = 0;
  s.moves = s.state.legal_move_list(true);
}

void FreeCellBatch::write(int i, std::int8_t* obs, std::int8_t* mask, const Outputs& /*out*/) const {
  const Slot& s = slots_[static_cast<std::size_t>(i)];
  freecell::encode_observation(s.state, std::span<std::int8_t, freecell::kObsSize>(obs, freecell::kObsSize));
  std::fill(mask, mask + freecell::kNumActions, std::int8_t{0});
  for (const Move& m : s.moves) mask[m.action_id()] = 1;
}

}  // namespace parlour::envs
