#include "parlour/yahtzee/game.hpp"

#include <algorithm>

#include "parlour/core/errors.hpp"

namespace parlour::yahtzee {

Dice roll_dice(core::Rng& rng, Keep kept) noexcept {
  auto c = kept.counts();
  for (int i = kept.size(); i < kNumDice; ++i) ++c[static_cast<std::size_t>(rng.below(6))];
  std::uint32_t p = 0;
  for (int f = 0; f < 6; ++f) p |= static_cast<std::uint32_t>(c[static_cast<std::size_t>(f)]) << (3 * f);
  return Dice::from_packed_unchecked(p);
}

const char* phase_name(Phase p) noexcept {
  switch (p) {
    case Phase::Roll: return "ROLL";
    case Phase::Decide: return "DECIDE";
    case Phase::Over: break;
  }
  return "OVER";
}

bool operator==(const Game& a, const Game& b) noexcept {
  return a.rules_ == b.rules_ && a.cards_ == b.cards_ && a.player_ == b.player_ && a.phase_ == b.phase_ &&
         a.rolls_left_ == b.rolls_left_ && a.dice_ == b.dice_ && a.kept_ == b.kept_ &&
         a.rng_.state() == b.rng_.state() && a.auto_roll_ == b.auto_roll_;
}

Game::Game(int players, const YahtzeeRules& rules, std::uint64_t seed, bool auto_roll)
    : Game(players, rules, core::Rng(seed), auto_roll) {}

Game::Game(int players, const YahtzeeRules& rules, const core::Rng& rng, bool auto_roll)
    : rules_(rules), rng_(rng), auto_roll_(auto_roll) {
  if (players < 1 || players > 8)
    throw core::InvalidValue("a Yahtzee game has 1 to 8 players, got " + std::to_string(players));
  cards_.assign(static_cast<std::size_t>(players), Scorecard(rules));
  if (auto_roll_) roll();
}

const Scorecard& Game::scorecard(int player) const {
  if (player < 0 || player >= num_players())
    throw core::InvalidValue("no player " + std::to_string(player) + " in a game of " + std::to_string(num_players()));
  return cards_[static_cast<std::size_t>(player)];
}

std::vector<int> Game::returns() const {
  std::vector<int> out;
  for (const auto& c : cards_) out.push_back(c.total());
  return out;
}

void Game::roll_with(Dice d) {
  dice_ = d;
  kept_ = Keep{};
  --rolls_left_;
  phase_ = Phase::Decide;
}

void Game::roll() {
  if (phase_ != Phase::Roll)
    throw core::PhaseError(phase_ == Phase::Over ? "the game is over: no roll"
                                                 : "the dice are rolled: score or reroll");
  roll_with(roll_dice(rng_, kept_));
}

void Game::roll(core::Rng& rng) {
  if (phase_ != Phase::Roll)
    throw core::PhaseError(phase_ == Phase::Over ? "the game is over: no roll"
                                                 : "the dice are rolled: score or reroll");
  roll_with(roll_dice(rng, kept_));
}

bool Game::can_roll(Dice dice) const noexcept { return phase_ == Phase::Roll && kept_.is_subset_of(dice); }

void Game::roll(Dice dice) {
  if (phase_ != Phase::Roll)
    throw core::PhaseError(phase_ == Phase::Over ? "the game is over: no roll"
                                                 : "the dice are rolled: score or reroll");
  if (!kept_.is_subset_of(dice))
    throw core::IllegalAction("the roll " + dice.str() + " does not contain the kept dice " + kept_.str());
  roll_with(dice);
}

std::vector<Action> Game::legal_actions() const {
  std::vector<Action> out;
  if (phase_ != Phase::Decide) return out;
  const Categories legal = cards_[static_cast<std::size_t>(player_)].legal_categories(*dice_);
  for (int c = 0; c < kNumCategories; ++c)
    if (legal.contains(static_cast<Category>(c))) out.emplace_back(Score{static_cast<Category>(c)});
  if (rolls_left_ > 0) {
    const auto& t = dice_tables();
    for (int k = 0; k < kNumPartialKeeps; ++k) {
      const Keep kk = Keep::from_packed_unchecked(t.packed[static_cast<std::size_t>(k)]);
      if (kk.is_subset_of(*dice_)) out.emplace_back(Reroll{kk});
    }
  }
  return out;
}

int Game::legal_ids(LegalIds& out) const noexcept {
  if (phase_ != Phase::Decide) return 0;
  int n = 0;
  const Categories legal = cards_[static_cast<std::size_t>(player_)].legal_categories(*dice_);
  for (int c = 0; c < kNumCategories; ++c)
    if (legal.contains(static_cast<Category>(c))) out[static_cast<std::size_t>(n++)] = static_cast<std::uint16_t>(c);
  if (rolls_left_ > 0) {
    const auto& t = dice_tables();
    for (int k = 0; k < kNumPartialKeeps; ++k) {
      const Keep kk = Keep::from_packed_unchecked(t.packed[static_cast<std::size_t>(k)]);
      if (kk.is_subset_of(*dice_))
        out[static_cast<std::size_t>(n++)] = static_cast<std::uint16_t>(action_id(Reroll{kk}));
    }
  }
  std::sort(out.begin(), out.begin() + n);
  return n;
}

bool Game::can_apply(const Action& a) const noexcept {
  if (phase_ != Phase::Decide) return false;
  if (const auto* s = std::get_if<Score>(&a))
    return cards_[static_cast<std::size_t>(player_)].can_score(s->category, *dice_);
  const Keep k = std::get<Reroll>(a).keep;
  return rolls_left_ > 0 && k.size() < kNumDice && k.is_subset_of(*dice_);
}

void Game::advance_turn() {
  dice_.reset();
  kept_ = Keep{};
  rolls_left_ = 3;
  player_ = (player_ + 1) % num_players();
  if (cards_[static_cast<std::size_t>(player_)].is_full()) {
    phase_ = Phase::Over;
    rolls_left_ = 0;
    return;
  }
  phase_ = Phase::Roll;
  if (auto_roll_) roll();
}

std::optional<std::string> Game::why_not(const Action& a) const {
  if (phase_ != Phase::Decide)
    return "cannot " + action_str(a) + (phase_ == Phase::Over ? ": the game is over" : ": roll the dice first");
  if (const auto* s = std::get_if<Score>(&a)) {
    if (cards_[static_cast<std::size_t>(player_)].can_score(s->category, *dice_)) return std::nullopt;
    try {
      Scorecard copy = cards_[static_cast<std::size_t>(player_)];
      (void)copy.score(s->category, *dice_);
    } catch (const core::Error& e) { return std::string(e.what()); }
    return "cannot " + action_str(a);
  }
  const Keep k = std::get<Reroll>(a).keep;
  if (rolls_left_ == 0) return "cannot " + action_str(a) + ": no roll is left this turn, score the dice";
  if (k.size() >= kNumDice)
    return "cannot " + action_str(a) + ": keep at most four of the dice (keeping all five is scoring them)";
  if (!k.is_subset_of(*dice_))
    return "cannot " + action_str(a) + ": the dice " + dice_->str() + " do not hold " + k.str();
  return std::nullopt;
}

ScoreDelta Game::apply(const Action& a) {
  if (phase_ != Phase::Decide) throw core::PhaseError(*why_not(a));
  const int seat = player_;
  const Dice rolled = *dice_;
  if (const auto* s = std::get_if<Score>(&a)) {
    auto& card = cards_[static_cast<std::size_t>(player_)];
    const ScoreDelta d = card.score(s->category, *dice_);  // raises, unchanged, when illegal
    advance_turn();
    last_ = GameEvent{seat, a, rolled, d};
    return d;
  }
  const Keep k = std::get<Reroll>(a).keep;
  if (const auto why = why_not(a)) throw core::IllegalAction(*why);
  last_ = GameEvent{seat, a, rolled, std::nullopt};
  dice_.reset();
  kept_ = k;
  phase_ = Phase::Roll;
  if (auto_roll_) roll();
  ScoreDelta none;
  none.next_index = cards_[static_cast<std::size_t>(player_)].state().index();
  return none;
}

Game Game::restore(const YahtzeeRules& rules, std::vector<Scorecard> cards, int player, Phase phase, int rolls_left,
                   std::optional<Dice> dice, Keep kept, const core::Rng::State& rng, bool auto_roll) {
  const int n = static_cast<int>(cards.size());
  if (n < 1 || n > 8) throw core::FormatError("a Yahtzee game has 1 to 8 players, got " + std::to_string(n));
  if (player < 0 || player >= n) throw core::FormatError("no player " + std::to_string(player));
  for (const auto& c : cards)
    if (!(c.rules() == rules)) throw core::FormatError("a scorecard's rules differ from the game's");
  // Seats before the current one have played one more turn (or the same number).
  const int t = cards[static_cast<std::size_t>(player)].filled().size();
  for (int i = 0; i < n; ++i) {
    const int f = cards[static_cast<std::size_t>(i)].filled().size();
    const int want = (phase == Phase::Over) ? kNumCategories : (i < player ? t + 1 : t);
    if (f != want)
      throw core::FormatError("player " + std::to_string(i) + " has " + std::to_string(f) +
                              " boxes filled, inconsistent with the turn order");
  }
  if (phase != Phase::Over && t >= kNumCategories)
    throw core::FormatError("the player to act has a full card, but the game is not over");
  if (phase == Phase::Over) {
    if (player != 0 || dice || kept.size() != 0 || rolls_left != 0)
      throw core::FormatError("a finished game has no dice and no current turn");
  } else if (phase == Phase::Decide) {
    if (!dice || rolls_left < 0 || rolls_left > 2 || kept.size() != 0)
      throw core::FormatError("a game awaiting a decision has dice and 0..2 rolls left");
  } else {
    if (dice || rolls_left < 1 || rolls_left > 3 || (rolls_left == 3 && kept.size() != 0) || kept.size() >= kNumDice)
      throw core::FormatError("a game awaiting a roll has no dice, 1..3 rolls left and at most four kept dice");
  }
  Game g(1, rules, 0, false);
  g.cards_ = std::move(cards);
  g.player_ = player;
  g.phase_ = phase;
  g.rolls_left_ = rolls_left;
  g.dice_ = dice;
  g.kept_ = kept;
  try {
    g.rng_.set_state(rng);
  } catch (const core::Error& e) { throw core::FormatError(std::string("bad generator state: ") + e.what()); }
  g.auto_roll_ = auto_roll;
  if (auto_roll && phase == Phase::Roll) throw core::FormatError("an auto-rolling game never waits for a roll");
  return g;
}

}  // namespace parlour::yahtzee
