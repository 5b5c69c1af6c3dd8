// The solver's search: one best-first scan, and a portfolio of scans run in turns.
// Internal to the solver; tools/fc_tune drives these directly to tune portfolios.
#pragma once

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "parlour/freecell/solver.hpp"
#include "solver_compact_store.hpp"
#include "solver_heuristic.hpp"
#include "solver_store.hpp"

namespace parlour::freecell::search {

// The memory all scans of one solve may allocate for positions (0: no limit), and
// what they hold now.
struct MemoryBudget {
  std::uint64_t limit = 0;
  std::uint64_t used = 0;
  std::uint64_t peak = 0;
};

// One best-first scan (or a depth-first one when moves < 0) with its own table.  It
// starts in the fast store (ScanMemory: each node keeps its board, its 56-byte key and
// its heuristic terms, ~250 bytes a position with the table) and moves to the compact
// store (CompactStore: ~36 bytes a position) once it holds `compact_at` positions; the
// search is the same in both, but for the order of children of equal priority.  With a
// budget it never lets the memory of all scans pass the budget's limit: it stops with
// kMemoryFull before an expansion that might.
class Scan {
 public:
  Scan(const Board& start, const ScanParams& p, ScanMemory& m, MemoryBudget* budget = nullptr,
       std::uint64_t compact_at = 0);
  ~Scan();
  Scan(const Scan&) = delete;
  Scan& operator=(const Scan&) = delete;

  enum Status { kRunning, kGoal, kExhausted, kMemoryFull };
  // Expands up to `budget` positions.
  Status run(std::uint64_t budget);
  // The moves from the start to the goal (after kGoal).
  [[nodiscard]] std::vector<MoveCode> path() const;
  [[nodiscard]] const ScanParams& params() const noexcept { return p_; }
  [[nodiscard]] std::uint64_t states() const noexcept;
  [[nodiscard]] std::uint64_t expanded() const noexcept { return expanded_; }
  [[nodiscard]] bool compact() const noexcept { return compact_ != nullptr; }
  // Bytes this scan's store holds now.
  [[nodiscard]] std::uint64_t bytes() const noexcept;
  // Gives back all the scan's memory; it can run no more (states() stays).
  void release();
  bool done = false;  // ran dry or released (a complete scan that runs dry is a proof)

 private:
  Status run_fast(std::uint64_t budget);
  Status run_compact(std::uint64_t budget);
  [[nodiscard]] std::uint64_t fast_growth_bytes(std::size_t inserts) const noexcept;
  [[nodiscard]] bool room_for_next_expansion() const noexcept;
  bool fast_room() noexcept;
  void count_memory() noexcept;
  bool migrate();
  std::vector<MoveCode> compact_path() const;

  ScanParams p_;
  Board root_;
  std::vector<Node>& nodes_;
  ScanMemory& mem_;
  Table table_;
  OpenList open_;
  std::vector<std::uint32_t>& stack_;
  std::vector<std::pair<int, std::uint32_t>> children_;
  std::vector<Board> boards_;        // an expansion's children in the compact store,
  std::vector<CompactKey> keys_;     // and their keys
  NextWeights weights_;              // the "next" weights of the last expansion,
  std::uint8_t weights_found_[4]{};  // for these foundations
  std::uint32_t goal_ = kNoNode;
  std::uint64_t expanded_ = 0;
  MemoryBudget* budget_;
  std::uint64_t counted_ = 0;  // this scan's bytes in budget_->used
  std::size_t check_at_ = 0;   // the fast store checks its memory again past this many nodes
  std::uint64_t compact_at_;
  std::unique_ptr<CompactCodec> codec_;
  std::unique_ptr<CompactStore> compact_;
  std::uint64_t released_states_ = 0;
};

// The scans of a mode's portfolio, in turn order (solver_portfolios.cpp), and the
// first budget of the round robin.
std::vector<ScanParams> portfolio(SolveMode mode);
std::uint64_t first_budget(SolveMode mode);

struct Limits {
  std::uint64_t max_states = 0;    // 0: none
  double time_limit = 0.0;         // <= 0: none
  std::uint64_t memory_limit = 0;  // bytes for positions, 0: none
};

// When a scan moves to the compact store: at 2^18 positions, or sooner under a small
// memory limit, so that the fast stores of a portfolio take a small share of it.
std::uint64_t compact_threshold(std::uint64_t memory_limit) noexcept;

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
