#include "parlour/envs/freecell_batch.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <span>
#include <string>

namespace parlour::envs {

using core::Card;
using freecell::GameState;
using freecell::Move;

// A card goes onto a cascade's top card one rank higher in the other colour (the rule
// Cascade::accepts applies to a non-empty cascade).
namespace {
constexpr bool builds_on(Card upper, Card lower) noexcept {
  return upper.rank() + 1 == lower.rank() && upper.colour() != lower.colour();
}
}  // namespace

// The single moves of GameState::legal_move_list (supermoves or not, see apply): whether
// there is one.
bool has_single_move(const GameState& g) noexcept {
  const auto& cascades = g.cascades();
  const bool free_cell = g.freecells().first_empty() >= 0;
  auto movable = [&](Card c, int from_cascade) {  // from_cascade: -1 for a free cell
    if (g.foundations().accepts(c)) return true;
    for (int j = 0; j < freecell::kCascades; ++j) {
      if (j == from_cascade) continue;
      const auto& dst = cascades[static_cast<std::size_t>(j)].cards();
      if (dst.empty() ? !(from_cascade >= 0 && cascades[static_cast<std::size_t>(from_cascade)].size() == 1)
                      : builds_on(c, dst.back()))
        return true;
    }
    return from_cascade >= 0 && free_cell;
  };
  for (int i = 0; i < freecell::kCascades; ++i) {
    const auto& src = cascades[static_cast<std::size_t>(i)].cards();
    if (!src.empty() && movable(src.back(), i)) return true;
  }
  for (const auto& cell : g.freecells().cells())
    if (cell && movable(*cell, -1)) return true;
  return false;
}

int write_move_mask(const GameState& g, std::int8_t* mask) noexcept {
  std::fill(mask, mask + freecell::kNumActions, std::int8_t{0});
  int count = 0;
  auto mark = [&](int id) {
    mask[id] = 1;
    ++count;
  };
  const auto& cascades = g.cascades();
  const int free_cell = g.freecells().first_empty();
  // The cascades by what they take: on_card[rank * 2 + colour] has bit j when cascade j's
  // top card has that rank and colour; `empties` the empty cascades.
  std::array<unsigned, 16 * 2> on_card{};
  unsigned empties = 0;
  for (int j = 0; j < freecell::kCascades; ++j) {
    const auto& dst = cascades[static_cast<std::size_t>(j)].cards();
    if (dst.empty())
      empties |= 1u << j;
    else
      on_card[static_cast<std::size_t>(dst.back().rank() * 2 + static_cast<int>(dst.back().colour()))] |= 1u << j;
  }
  // Single moves (as Move::action_id numbers them): src * 13 + dst, src 0..7 cascades and
  // 8..11 free cells, dst 0..7 cascades, 8..11 free cells, 12 the foundations.
  auto singles = [&](int src, Card c, bool lone) {  // lone: the only card of its cascade
    const bool from_cascade = src < freecell::kCascades;
    if (g.foundations().accepts(c)) mark(src * 13 + 12);
    // onto a card one rank higher in the other colour, or an empty cascade (not from a
    // cascade of one card: that would not change the position)
    unsigned targets = on_card[static_cast<std::size_t>((c.rank() + 1) * 2 + 1 - static_cast<int>(c.colour()))];
    if (!lone) targets |= empties;
    for (; targets; targets &= targets - 1) mark(src * 13 + std::countr_zero(targets));
    if (from_cascade && free_cell >= 0) mark(src * 13 + 8 + free_cell);
  };
  for (int i = 0; i < freecell::kCascades; ++i) {
    const auto& src = cascades[static_cast<std::size_t>(i)].cards();
    if (!src.empty()) singles(i, src.back(), src.size() == 1);
  }
  for (int i = 0; i < freecell::kFreecells; ++i) {
    const auto& cell = g.freecells().cells()[static_cast<std::size_t>(i)];
    if (cell) singles(freecell::kCascades + i, *cell, false);
  }
  // Sequence moves of k = 2.. cards between cascades: 156 + (src * 8 + dst) * 12 + k - 2,
  // within the supermove limit: onto a card that the run's card k deep builds on, or onto
  // an empty cascade (not the whole cascade: that would not change the position).
  const int empty = g.empty_cascades();
  const int free_space = g.freecells().empty_count() + 1;
  const int limit_to_card = free_space << empty;
  const int limit_to_empty = free_space << std::max(empty - 1, 0);
  for (int i = 0; i < freecell::kCascades; ++i) {
    const auto& src = cascades[static_cast<std::size_t>(i)].cards();
    const int run = cascades[static_cast<std::size_t>(i)].run_length();
    if (run < 2) continue;
    const int size = static_cast<int>(src.size());
    const int base = 156 + i * 8 * 12 - 2;
    for (int k = 2; k <= std::min(run, limit_to_card); ++k) {
      const Card c = src[static_cast<std::size_t>(size - k)];
      for (unsigned t = on_card[static_cast<std::size_t>((c.rank() + 1) * 2 + 1 - static_cast<int>(c.colour()))]; t;
           t &= t - 1)
        mark(base + std::countr_zero(t) * 12 + k);
    }
    const int most = std::min({run, limit_to_empty, size - 1});
    for (unsigned t = empties; t; t &= t - 1)
      for (int k = 2; k <= most; ++k) mark(base + std::countr_zero(t) * 12 + k);
  }
  return count;
}

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
  terminated = s.state.is_solved() || !has_single_move(s.state);
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
}

void FreeCellBatch::write(int i, std::int8_t* obs, std::int8_t* mask, const Outputs& /*out*/) const {
  const Slot& s = slots_[static_cast<std::size_t>(i)];
  freecell::encode_observation(s.state, std::span<std::int8_t, freecell::kObsSize>(obs, freecell::kObsSize));
  write_move_mask(s.state, mask);
}

}  // namespace parlour::envs
