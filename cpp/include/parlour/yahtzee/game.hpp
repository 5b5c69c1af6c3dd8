// parlour::yahtzee::Game — solitaire Yahtzee for one or more players.
//
// Each player has a Scorecard; players take turns in seat order, 13 turns each.  A
// turn: the dice are rolled (phase Roll), then the player either writes them in a
// box (Score, ending the turn) or keeps 0..4 dice and rerolls the rest (Reroll) while
// rolls are left — three rolls in all.  rolls_left counts the rolls still available
// in the turn: 3 before the first roll, 2 after it, 0 after the third.
//
// Dice come from the game's own Rng (xoshiro256**; each die of a roll is
// 1 + below(6), kept dice first, then the new ones in order) or are injected by
// roll(dice) for physical dice, frontends and tests.  With auto_roll (the default)
// the game rolls by itself whenever dice are needed, so a frontend only applies
// Score / Reroll actions; without it the caller rolls in phase Roll.
//
// Every refused call raises (IllegalAction / PhaseError) and leaves the game as it was.
// A Game is a core::Game (core/game.hpp; the static_assert is in observation.hpp,
// beside observe).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "parlour/core/rng.hpp"
#include "parlour/yahtzee/action.hpp"
#include "parlour/yahtzee/scorecard.hpp"

namespace parlour::yahtzee {

enum class Phase : std::uint8_t { Roll = 0, Decide = 1, Over = 2 };
const char* phase_name(Phase p) noexcept;  // "ROLL", "DECIDE", "OVER"

// What the last accepted action did: the seat, the action, the dice it was taken on,
// and for a Score what it added.
struct GameEvent {
  int seat = 0;
  Action action{};
  Dice dice{};
  std::optional<ScoreDelta> delta{};
  friend bool operator==(const GameEvent&, const GameEvent&) noexcept = default;
};

// The most actions legal at once (13 boxes and 31 keeps of five distinct dice), with room.
inline constexpr int kMaxLegal = 64;

class Game {
 public:
  using Action = yahtzee::Action;
  using LegalIds = std::array<std::uint16_t, kMaxLegal>;
  static constexpr int kNumActions = yahtzee::kNumActions;

  // InvalidValue unless 1 <= players <= 8.
  Game(int players = 1, const YahtzeeRules& rules = {}, std::uint64_t seed = 0, bool auto_roll = true);
  // The same with a copy of this generator.
  Game(int players, const YahtzeeRules& rules, const core::Rng& rng, bool auto_roll);

  [[nodiscard]] int num_players() const noexcept { return static_cast<int>(cards_.size()); }
  [[nodiscard]] const YahtzeeRules& rules() const noexcept { return rules_; }
  [[nodiscard]] bool auto_roll() const noexcept { return auto_roll_; }
  // The seat whose turn it is (0 once the game is over).
  [[nodiscard]] int player() const noexcept { return player_; }
  // The seat to act; nullopt once the game is over.
  [[nodiscard]] std::optional<int> current_player() const noexcept {
    if (phase_ == Phase::Over) return std::nullopt;
    return player_;
  }
  [[nodiscard]] Phase phase() const noexcept { return phase_; }
  // The round (0..12) the current player is in: their filled boxes.
  [[nodiscard]] int turn() const noexcept { return cards_[static_cast<std::size_t>(player_)].filled().size(); }
  [[nodiscard]] int rolls_left() const noexcept { return rolls_left_; }
  // The dice in phase Decide (nullopt otherwise).
  [[nodiscard]] std::optional<Dice> dice() const noexcept { return dice_; }
  // The dice kept for the pending roll in phase Roll (empty at a turn's start).
  [[nodiscard]] Keep kept() const noexcept { return kept_; }
  [[nodiscard]] const Scorecard& scorecard(int player) const;
  [[nodiscard]] const std::vector<Scorecard>& scorecards() const noexcept { return cards_; }
  [[nodiscard]] const core::Rng& rng() const noexcept { return rng_; }
  [[nodiscard]] bool is_terminal() const noexcept { return phase_ == Phase::Over; }
  // Each player's total (the final scores once the game is over).
  [[nodiscard]] std::vector<int> returns() const;

  // Rolls the dice that are not kept with the game's Rng; PhaseError outside phase Roll.
  void roll();
  // The same with another generator (the game's own is left untouched).
  void roll(core::Rng& rng);
  // Injected dice: all five, which must include the kept dice; PhaseError outside
  // phase Roll, IllegalAction when the kept dice are missing.
  void roll(Dice dice);
  [[nodiscard]] bool can_roll(Dice dice) const noexcept;

  // The legal actions in phase Decide (Score in card order, then Reroll in Keep::index
  // order), empty otherwise.
  [[nodiscard]] std::vector<Action> legal_actions() const;
  // Their ids, ascending, written to out; returns how many.
  int legal_ids(LegalIds& out) const noexcept;
  [[nodiscard]] bool can_apply(const Action& a) const noexcept;
  // Why apply(a) would be refused (the message it would raise), or nullopt when legal.
  [[nodiscard]] std::optional<std::string> why_not(const Action& a) const;
  // Applies a Score or Reroll; PhaseError outside phase Decide, IllegalAction for an
  // illegal one.  With auto_roll, the following roll happens at once.
  ScoreDelta apply(const Action& a);  // the ScoreDelta of a Score, a zero delta for a Reroll

  // Rebuilds a game from its parts (the inverse of the accessors); FormatError when
  // they are inconsistent.
  // The last accepted action (none after construction).
  [[nodiscard]] const std::optional<GameEvent>& last_event() const noexcept { return last_; }
  // Sets the last event of a game restored from a snapshot (a record, not checked).
  void restore_last_event(std::optional<GameEvent> e) noexcept { last_ = std::move(e); }

  // Everything but the last event.
  friend bool operator==(const Game& a, const Game& b) noexcept;

  static Game restore(const YahtzeeRules& rules, std::vector<Scorecard> cards, int player, Phase phase, int rolls_left,
                      std::optional<Dice> dice, Keep kept, const core::Rng::State& rng, bool auto_roll);

 private:
  void advance_turn();
  void roll_with(Dice d);

  YahtzeeRules rules_;
  std::vector<Scorecard> cards_;
  int player_ = 0;
  Phase phase_ = Phase::Roll;
  int rolls_left_ = 3;
  std::optional<Dice> dice_;
  Keep kept_;
  core::Rng rng_;
  bool auto_roll_ = true;
  std::optional<GameEvent> last_;
};

// Five dice from rng: kept dice first, then 1 + below(6) for each new die.
Dice roll_dice(core::Rng& rng, Keep kept = {}) noexcept;

}  // namespace parlour::yahtzee
