// parlour::freecell::Game — a game of FreeCell played from a start position: the
// positions and the moves made so far, with undo.
//
// The legal actions are the legal moves of the current position, sequence moves
// (supermoves) included, by their fixed action ids (Move::action_id).  A move given
// without its card or count is resolved against the position first; a refused move
// raises IllegalMove and changes nothing.  The game is over when the foundations are
// complete or no move is legal.  A Game is a core::Game (core/game.hpp).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "parlour/core/game.hpp"
#include "parlour/freecell/state.hpp"

namespace parlour::freecell {

// At most this many legal move ids in a position (every action id at once).
inline constexpr int kMaxLegal = kNumActions;

// What the last accepted move did: the move as resolved (card and count filled in).
struct GameEvent {
  Move move;
  std::string notation;
  friend bool operator==(const GameEvent&, const GameEvent&) noexcept = default;
};

class Game {
 public:
  using Action = Move;
  using LegalIds = std::array<std::uint16_t, kMaxLegal>;
  static constexpr int kNumActions = freecell::kNumActions;

  // A game from a start position (validated: InvalidPosition); `deal` records the
  // Microsoft deal it came from (InvalidValue unless start is that deal's position).
  explicit Game(const GameState& start, std::optional<std::uint64_t> deal = std::nullopt);
  // Microsoft deal n (1 .. 2^33 - 1).
  static Game from_deal(std::uint64_t n);

  [[nodiscard]] const GameState& start() const noexcept { return states_.front(); }
  [[nodiscard]] std::optional<std::uint64_t> deal() const noexcept { return deal_; }
  [[nodiscard]] const GameState& state() const noexcept { return states_.back(); }
  [[nodiscard]] const std::vector<Move>& history() const noexcept { return moves_; }
  [[nodiscard]] std::size_t move_count() const noexcept { return moves_.size(); }

  // ---- the game protocol (core::Game)
  static constexpr int num_players() noexcept { return 1; }
  // Seat 0 until the game is over.
  [[nodiscard]] std::optional<int> current_player() const {
    if (is_terminal()) return std::nullopt;
    return 0;
  }
  // The legal action ids, ascending; returns how many were written.
  int legal_ids(LegalIds& out) const;
  [[nodiscard]] bool is_terminal() const;
  [[nodiscard]] bool can_apply(const Move& m) const { return state().allows_move(m); }
  // Why apply(m) would be refused, or nullopt when legal.
  [[nodiscard]] std::optional<std::string> why_not(const Move& m) const;
  // Resolves and makes the move (IllegalMove, nothing changed, when refused); returns it resolved.
  Move apply(const Move& m);
  // The same for a move of a recorded game (a snapshot): a card may also have gone to
  // any empty free cell, or from one cell to another, as earlier releases allowed.
  Move apply_recorded(const Move& m);
  // 1 once won, else 0.
  [[nodiscard]] std::array<int, 1> returns() const noexcept { return {state().is_solved() ? 1 : 0}; }
  [[nodiscard]] bool can_undo() const noexcept { return !moves_.empty(); }
  // Takes back the last move and returns it; PhaseError at the start.
  Move undo();
  [[nodiscard]] const std::optional<GameEvent>& last_event() const noexcept { return last_; }

  // Same start, same deal, same moves.
  friend bool operator==(const Game& a, const Game& b) noexcept {
    return a.start() == b.start() && a.deal_ == b.deal_ && a.moves_ == b.moves_;
  }

 private:
  Move make_move(const Move& m, CellChoice cells);
  std::vector<GameState> states_;  // the start, then the position after each move
  std::vector<Move> moves_;
  std::optional<std::uint64_t> deal_;
  std::optional<GameEvent> last_;
};

// What a seat sees (every card is face up): the position, the number of moves made and
// the legal action ids when `seat` (0; nullopt: a spectator) is to act.
struct Observation {
  std::optional<int> seat;
  GameState state;
  std::size_t moves = 0;
  std::optional<std::uint64_t> deal;
  bool terminal = false;
  std::vector<std::uint16_t> legal;
  friend bool operator==(const Observation&, const Observation&) noexcept = default;
};

Observation observe(const Game& game, std::optional<int> seat);

static_assert(core::Game<Game>);

}  // namespace parlour::freecell
