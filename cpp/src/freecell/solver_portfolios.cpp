// The FreeCell solver's portfolios: the scans each mode runs in turns.
#include "solver_search.hpp"

namespace parlour::freecell::search {

// The last scan of each portfolio is complete (no pruning, safe autoplay only): it
// alone can prove a deal unsolvable.  The pruned scans skip moves that split a
// sequence (a lateral move, a part of a run to an empty cascade, a card off its
// parent to a cell); in fast mode most also skip moves to a free cell that open
// nothing and play cards to the foundations more eagerly.
std::vector<ScanParams> portfolio(SolveMode mode) {
  constexpr Prune kSplits = Prune::Lateral | Prune::ParentToCell;
  constexpr ScanParams kComplete{.home = 6, .next = 1, .cell = 4, .empty = 8, .block = 6};
  if (mode == SolveMode::Proof) return {kComplete};
  if (mode == SolveMode::Short)
    return {
        {.home = 6, .next = 1, .cell = 4, .empty = 8, .moves = 6, .block = 6, .prune = kSplits},
        {.home = 6, .next = 3, .disorder = 4, .cell = 6, .empty = 8, .moves = 6},  // complete
    };
  // Fast mode: chosen on MS deals 1..32000 from per-scan profiles (tools/fc_tune/TUNING.md).
  // The first scan solves about 90 % of the deals alone within its first budget; the
  // others are set up only when a deal needs them.
  return {
      // eager, few cell moves
      {.home = 12,
       .next = 4,
       .cell = 16,
       .empty = 20,
       .block = 6,
       .prune = kSplits | Prune::SingleToEmpty | Prune::IdleToCell,
       .autoplay = Autoplay::All,
       .next2 = 1,
       .stuck = 8},
      // near complete: splits runs
      {.home = 11,
       .next = 2,
       .cell = 15,
       .empty = 17,
       .block = 12,
       .prune = Prune::ParentToCell | Prune::IdleToCell,
       .autoplay = Autoplay::Loose},
      // counts disorder
      {.home = 10,
       .next = 7,
       .disorder = 7,
       .cell = 12,
       .empty = 18,
       .block = 5,
       .prune = kSplits | Prune::SingleToEmpty,
       .autoplay = Autoplay::Loose},
      // keeps lateral moves
      {.home = 12,
       .next = 4,
       .cell = 16,
       .empty = 20,
       .block = 6,
       .prune = Prune::SingleToEmpty | Prune::IdleToCell,
       .autoplay = Autoplay::All,
       .next2 = 1},
      // the most pruned
      {.home = 12,
       .next = 2,
       .cell = 12,
       .empty = 16,
       .block = 6,
       .prune = kSplits | Prune::CellToEmpty | Prune::SingleToEmpty | Prune::IdleToCell,
       .autoplay = Autoplay::All},
      kComplete,
  };
}

std::uint64_t first_budget(SolveMode mode) { return mode == SolveMode::Short ? 256 : 512; }

}  // namespace parlour::freecell::search
