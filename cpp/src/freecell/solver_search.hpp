// The solver's search: one best-first scan, and a portfolio of scans run in turns.
// Internal to the solver; tools/fc_tune drives these directly to tune portfolios.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "parlour/freecell/solver.hpp"
#include "solver_heuristic.hpp"
#include "solver_store.hpp"

namespace parlour::freecell::search {

// One best-first scan (or a depth-first one when moves < 0) with its own table.
class Scan {
 public:
  Scan(const Board& start, const ScanParams& p, ScanMemory& m);
  Scan(const Scan&) = delete;
  Scan& operator=(const Scan&) = delete;

  enum Status { kRunning, kGoal, kExhausted };
  // Expands up to `budget` positions.
  Status run(std::uint64_t budget);
  // The moves from the start to the goal (after kGoal).
  [[nodiscard]] std::vector<MoveCode> path() const;
  [[nodiscard]] const ScanParams& params() const noexcept { return p_; }
  [[nodiscard]] std::uint64_t states() const noexcept { return nodes_.size(); }
  [[nodiscard]] std::uint64_t expanded() const noexcept { return expanded_; }
  bool done = false;  // ran dry (a complete scan that runs dry is a proof)

 private:
  ScanParams p_;
  std::vector<Node>& nodes_;
  Table table_;
  OpenList open_;
  std::vector<std::uint32_t>& stack_;
  std::vector<std::pair<int, std::uint32_t>> children_;
  std::uint32_t goal_ = kNoNode;
  std::uint64_t expanded_ = 0;
};

// The scans of a mode's portfolio, in turn order (solver_portfolios.cpp), and the
// first budget of the round robin.
std::vector<ScanParams> portfolio(SolveMode mode);
std::uint64_t first_budget(SolveMode mode);

struct Limits {
  std::uint64_t max_states = 0;  // 0: none
  double time_limit = 0.0;       // <= 0: none
};

// Runs the scans of `scans` in turns with budgets doubling from `budget` until one
// finds a win, the last complete one runs dry, or a limit stops them.  `ws` keeps the
// scans' memory (one ScanMemory per scan).
SolveResult run_portfolio(const GameState& start, const std::vector<ScanParams>& scans, std::uint64_t budget,
                          const Limits& limits, Workspace& ws, core::StopToken* stop);

// Replays a card-terms path on the real position into out.moves and out.notation:
// each search move, then the automatic foundation moves of `level`, and at the end the
// foundation moves that finish a trivially won position.
void replay(const GameState& start, const std::vector<MoveCode>& path, Autoplay level, SolveResult& out);

}  // namespace parlour::freecell::search
