#include "parlour/envs/yahtzee_batch.hpp"

#include <algorithm>
#include <span>
#include <string>

#include "parlour/yahtzee/encode.hpp"

namespace parlour::envs {

using yahtzee::Game;

YahtzeeBatch::YahtzeeBatch(int n, const yahtzee::YahtzeeRules& rules, const BatchConfig& config)
    : rules_(rules), driver_(*this, config) {
  if (n < 1 || n > kMaxGames)
    throw core::InvalidValue("the number of games must be in 1.." + std::to_string(kMaxGames) + ", got " +
                             std::to_string(n));
  slots_.resize(static_cast<std::size_t>(n));
}

bool YahtzeeBatch::legal(int i, int action) const noexcept {
  const Game& g = slots_[static_cast<std::size_t>(i)].game;
  if (g.phase() != yahtzee::Phase::Decide) return false;
  const yahtzee::Dice dice = *g.dice();
  if (action < yahtzee::kNumCategories)
    return g.scorecards()[0].can_score(static_cast<yahtzee::Category>(action), dice);
  if (g.rolls_left() == 0) return false;
  const auto& t = yahtzee::dice_tables();
  const auto keep =
      yahtzee::Keep::from_packed_unchecked(t.packed[static_cast<std::size_t>(action - yahtzee::kNumCategories)]);
  return keep.is_subset_of(dice);
}

void YahtzeeBatch::apply(int i, int action, double* reward, bool& terminated, bool& /*truncated*/) {
  Slot& s = slots_[static_cast<std::size_t>(i)];
  const yahtzee::Dice dice = *s.game.dice();
  const yahtzee::ScoreDelta d = s.game.apply(yahtzee::action_from_id(action));
  *reward = d.reward();
  if (s.game.is_terminal()) {
    s.last_dice = dice;
    terminated = true;
  }
}

void YahtzeeBatch::penalize(int /*i*/, bool terminate, double illegal_reward, double* reward, bool& terminated,
                            bool& /*truncated*/) noexcept {
  *reward = illegal_reward;
  terminated = terminate;
}

void YahtzeeBatch::reset_slot(int i, const std::uint64_t* episode) {
  Slot& s = slots_[static_cast<std::size_t>(i)];
  s.seed = episode ? *episode : (s.stream.next() >> 1);
  s.game = Game(1, rules_, s.seed, true);
}

void YahtzeeBatch::write(int i, std::int8_t* obs, std::int8_t* mask, const Outputs& /*out*/) const noexcept {
  const Slot& s = slots_[static_cast<std::size_t>(i)];
  const Game& g = s.game;
  std::fill(mask, mask + yahtzee::kNumActions, std::int8_t{0});
  yahtzee::encode_game(g, s.last_dice, std::span<std::int8_t, yahtzee::kObsSize>(obs, yahtzee::kObsSize));
  const auto dice = g.dice();
  if (!dice) return;  // the game is over
  const yahtzee::Categories legal = g.scorecards()[0].legal_categories(*dice);
  for (int c = 0; c < yahtzee::kNumCategories; ++c)
    if (legal.contains(static_cast<yahtzee::Category>(c))) mask[c] = 1;
  if (g.rolls_left() > 0) {
    const auto& t = yahtzee::dice_tables();
    const auto r = static_cast<std::size_t>(dice->index());
    for (int k = 0; k < t.roll_keep_count[r]; ++k) {
      const int keep = t.roll_keeps[r][static_cast<std::size_t>(k)];
      if (keep < yahtzee::kNumPartialKeeps) mask[yahtzee::kNumCategories + keep] = 1;
    }
  }
}

}  // namespace parlour::envs
