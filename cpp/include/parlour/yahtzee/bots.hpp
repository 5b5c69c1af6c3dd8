// parlour::yahtzee bots and the batch simulator.
//
// A bot chooses an action from (state, dice, rolls_left): what a solitaire player
// knows.  OptimalBot follows the Solver (best_action, with its tie-breaks), solving
// the table first if needed.  HeuristicBot is a simple rule of thumb for contrast:
// with rolls left it scores a made Yahtzee, large straight or full house at once,
// keeps a run of four towards the straights, and otherwise keeps the most frequent
// face (the higher on ties); with no roll left it takes the box with the best
// immediate value (Chance discounted by 10, an upper box by 5 unless it has three
// of the face), dumping a zero in the cheapest box.
//
// simulate(n, bot, seed, threads, stop, first) plays games first .. first+n-1; game i
// draws its dice from Rng(splitmix64 of seed + i), so each score depends only on
// (seed, i), never on the thread count: calls over consecutive ranges of games give,
// end to end, the scores of one call over the whole range.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "parlour/core/rng.hpp"
#include "parlour/yahtzee/solver.hpp"

namespace parlour::yahtzee {

class Bot {
 public:
  virtual ~Bot() = default;
  // Prepares for use from several threads (OptimalBot: solves the table).
  virtual void prepare(core::StopToken* /*stop*/ = nullptr) {}
  // Prepares for use from several threads on the states reachable from s only
  // (OptimalBot: solves those states); by default prepare().
  virtual void prepare_from(State /*s*/, core::StopToken* stop = nullptr) { prepare(stop); }
  // The action; `scratch` caches per-turn work between calls of one game.
  virtual Action choose(State s, Dice dice, int rolls_left, TurnValues& scratch) const = 0;
  [[nodiscard]] virtual const YahtzeeRules& rules() const noexcept = 0;
  [[nodiscard]] virtual std::string name() const = 0;
  // The action for every roll of a turn from s (by default choose() for each); every
  // action must be legal (else IllegalAction naming the bot).
  virtual void turn_policy(State s, TurnPolicy& out, TurnValues& scratch) const;
  // choose() with the bot's own scratch (one caller at a time).
  Action choose(State s, Dice dice, int rolls_left) const { return choose(s, dice, rolls_left, scratch_); }

 private:
  mutable TurnValues scratch_;
};

class OptimalBot final : public Bot {
 public:
  explicit OptimalBot(std::shared_ptr<Solver> solver);
  void prepare(core::StopToken* stop = nullptr) override;
  void prepare_from(State s, core::StopToken* stop = nullptr) override;
  using Bot::choose;
  Action choose(State s, Dice dice, int rolls_left, TurnValues& scratch) const override;
  void turn_policy(State s, TurnPolicy& out, TurnValues& scratch) const override;
  [[nodiscard]] const YahtzeeRules& rules() const noexcept override { return solver_->rules(); }
  [[nodiscard]] std::string name() const override { return "OptimalBot"; }
  [[nodiscard]] const std::shared_ptr<Solver>& solver() const noexcept { return solver_; }

 private:
  std::shared_ptr<Solver> solver_;
};

class HeuristicBot final : public Bot {
 public:
  explicit HeuristicBot(const YahtzeeRules& rules = {}) : rules_(rules) {}
  using Bot::choose;
  Action choose(State s, Dice dice, int rolls_left, TurnValues& scratch) const override;
  [[nodiscard]] const YahtzeeRules& rules() const noexcept override { return rules_; }
  [[nodiscard]] std::string name() const override { return "HeuristicBot"; }

 private:
  YahtzeeRules rules_;
};

// Plays one solitaire game with dice from rng; returns the final score.
int play_game(const Bot& bot, core::Rng& rng, TurnValues& scratch);
// n games from game `first` (see above); threads 0 means all hardware threads (negative: InvalidValue).
// At most this many games in one call (the scores are returned in memory: 4 bytes a game).
inline constexpr std::uint64_t kMaxSimulatedGames = std::uint64_t{1} << 28;
std::vector<std::int32_t> simulate(Bot& bot, std::int64_t n, std::uint64_t seed, int threads = 0,
                                   core::StopToken* stop = nullptr, std::int64_t first = 0);

}  // namespace parlour::yahtzee
