// parlour::gin::Game — a whole match of gin rummy as one game: the hands of a Match
// (match.hpp) dealt one after another from the game's own generator, until a player
// reaches the rules' target.
//
// It is what a table of two players plays: current_player, the legal actions and
// apply() are those of the current hand; when a hand ends its result is recorded and
// the next hand is dealt at once (by the winner of the hand, the same dealer after a
// dead hand), so the game only waits for players.  The last event then carries the
// finished hand: its result, its points and both hands laid on the table.  A Game is a
// core::Game (core/game.hpp).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "parlour/core/game.hpp"
#include "parlour/core/rng.hpp"
#include "parlour/gin/match.hpp"
#include "parlour/gin/observation.hpp"
#include "parlour/gin/round.hpp"

namespace parlour::gin {

// The last action of a Game: the action in its hand, and the hand it finished (if any).
struct GameEvent {
  RoundEvent event;
  std::optional<Round> finished;  // the hand as it ended, when this action ended it
};

class Game {
 public:
  using Action = gin::Action;
  using LegalIds = gin::LegalIds;
  static constexpr int kNumActions = kActionCount;

  // A new match under `rules` (validated), the first hand dealt by `first_dealer` from a
  // generator seeded with `seed`.
  explicit Game(const Rules& rules = Rules{}, std::uint64_t seed = 0, Player first_dealer = Player::One);
  // Rebuilt from its parts (a snapshot); FormatError when they do not fit together.
  Game(Match match, Round round, const core::Rng& rng);

  [[nodiscard]] const Rules& rules() const noexcept { return match_.rules(); }
  [[nodiscard]] const Match& match() const noexcept { return match_; }
  // The hand in play (the last hand, finished, once the match is over).
  [[nodiscard]] const Round& round() const noexcept { return round_; }
  [[nodiscard]] const core::Rng& rng() const noexcept { return rng_; }

  // ---- the game protocol (core::Game)
  static constexpr int num_players() noexcept { return 2; }
  [[nodiscard]] std::optional<Player> current_player() const noexcept;
  [[nodiscard]] bool is_terminal() const noexcept { return match_.is_over(); }
  int legal_ids(LegalIds& out) const noexcept;
  [[nodiscard]] bool can_apply(const Action& a) const noexcept { return !match_.is_over() && round_.can_apply(a); }
  // The current hand's reason, or that the match is over.
  [[nodiscard]] std::optional<std::string> why_not(const Action& a) const;
  // Applies a to the current hand (throws, changing nothing, when refused: PhaseError
  // once the match is over); records a finished hand and deals the next unless the
  // match is over.
  void apply(const Action& a);
  // Zero-sum points: while the match goes on, each player's running score minus the
  // opponent's; once it is over, the final totals' difference (every bonus counted).
  [[nodiscard]] std::array<int, 2> returns() const;
  [[nodiscard]] const std::optional<GameEvent>& last_event() const noexcept { return last_; }
  // Sets the last event of a game restored from a snapshot (a record, not checked).
  void restore_last_event(std::optional<GameEvent> e) noexcept { last_ = std::move(e); }

  friend bool operator==(const Game& a, const Game& b) noexcept;

 private:
  Match match_;
  core::Rng rng_;  // deals the hands (declared before round_, which the constructor deals from it)
  Round round_;
  std::optional<GameEvent> last_;
};

// What `seat` (nullopt: a spectator) sees of the current hand, with the match scores;
// InvalidValue for a seat other than 0 or 1.
Observation observe(const Game& game, std::optional<int> seat);

static_assert(core::Game<Game>);

}  // namespace parlour::gin
