#include "parlour/freecell/game.hpp"

#include <algorithm>

namespace parlour::freecell {

Game::Game(const GameState& start, std::optional<std::uint64_t> deal) : deal_(deal) {
  start.validate();
  if (deal && !(GameState::from_ms_deal(*deal) == start))
    throw core::InvalidValue("the start position is not that of Microsoft deal " + std::to_string(*deal));
  states_.push_back(start);
}

Game Game::from_deal(std::uint64_t n) { return Game(GameState::from_ms_deal(n), n); }

int Game::legal_ids(LegalIds& out) const {
  int n = 0;
  if (state().is_solved()) return 0;
  for (const Move& m : state().legal_move_list(true))
    out[static_cast<std::size_t>(n++)] = static_cast<std::uint16_t>(m.action_id());
  std::sort(out.begin(), out.begin() + n);
  return static_cast<int>(std::unique(out.begin(), out.begin() + n) - out.begin());
}

bool Game::is_terminal() const { return state().is_solved() || state().legal_move_list(false).empty(); }

std::optional<std::string> Game::why_not(const Move& m) const {
  std::string why;
  if (state().resolve(m, &why)) return std::nullopt;
  return "illegal move " + core::quote(m.notation()) + ": " + why;
}

Move Game::apply(const Move& m) { return make_move(m, CellChoice::First); }

Move Game::apply_recorded(const Move& m) { return make_move(m, CellChoice::Any); }

Move Game::make_move(const Move& m, CellChoice cells) {
  std::string why;
  const auto resolved = state().resolve(m, &why, cells);
  if (!resolved) throw_illegal("illegal move " + core::quote(m.notation()) + ": " + why);
  std::string text = state().notation(*resolved);
  GameState next = state().apply_unchecked(*resolved);
  states_.reserve(states_.size() + 1);
  moves_.reserve(moves_.size() + 1);
  states_.push_back(std::move(next));
  moves_.push_back(*resolved);
  last_ = GameEvent{*resolved, std::move(text)};
  return *resolved;
}

Move Game::undo() {
  if (moves_.empty()) throw core::PhaseError("no move to undo: the game is at its start");
  const Move m = moves_.back();
  states_.pop_back();
  moves_.pop_back();
  last_.reset();
  return m;
}

Observation observe(const Game& game, std::optional<int> seat) {
  if (seat && *seat != 0) throw core::InvalidValue("FreeCell has one seat (0), got " + std::to_string(*seat));
  Observation o;
  o.seat = seat;
  o.state = game.state();
  o.moves = game.move_count();
  o.deal = game.deal();
  o.terminal = game.is_terminal();
  if (seat && !o.terminal) {
    Game::LegalIds buf;
    const int n = game.legal_ids(buf);
    o.legal.assign(buf.begin(), buf.begin() + n);
  }
  return o;
}

}  // namespace parlour::freecell
