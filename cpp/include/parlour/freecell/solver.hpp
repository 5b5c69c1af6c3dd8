// parlour::freecell solver — best-first search over canonical positions.
//
// The search (cpp/src/freecell/solver_*: solver_board.hpp the position and its key,
// solver_moves.hpp move generation, solver_heuristic.hpp the scans' heuristic,
// solver_store.hpp the position store, solver_search.cpp the scans and the
// portfolio, solver_portfolios.cpp each mode's scans, solver_replay.cpp the bridge to
// GameState and the resolved moves):
//   * positions are stored in a transposition table under an exact canonical key
//     (for each card, the card beneath it / cascade bottom / free cell / foundation:
//     52 six-bit fields), so positions that differ only in the order of cascades or
//     of free cells are one node, and no two different positions ever share a key
//     (no hash-collision pruning);
//   * after every move, cards are played to the foundations automatically when that
//     is provably safe: a card of rank <= 2, or a card whose two opposite-colour
//     foundations already hold its rank minus one (then no card can ever be built
//     on it, so keeping it out only takes space).  These are the only reductions;
//   * moves: every single-card move (to the first empty free cell and to the first
//     empty cascade only — the others give the same canonical position), and
//     sequence moves as single macro-moves within the supermove limit;
//   * best-first order on h + w*g with h counting cards not home, cards above the
//     next card each foundation needs (and, in some scans, above the card after
//     it), cards above a lower-ranked card in their cascade, occupied cells, empty
//     cascades and (some scans) a position with no cell and no cascade free; several
//     scans with different weights take turns with doubling budgets (a portfolio):
//     "fast" uses w = 0, "short" a larger w.  All but the last scan of a portfolio
//     also skip moves that split a sequence (moving a run off a card it builds on to
//     another card or to an empty cascade, or a card off its parent to a free cell),
//     and in fast mode play cards to the foundations more eagerly and, in most scans,
//     move a card to a free cell only when that opens something (the card it
//     uncovers can go home, onto a cascade or take a card from a cell, or a card a
//     foundation needs next is within reach of the cells left); those scans are
//     incomplete and their running dry proves nothing.  A scan is only set up when
//     its first turn comes: most deals are solved by the first one alone.
// When the last (complete) scan runs out of positions without a solution, every
// position reachable by legal single-card moves (modulo the safe reductions above)
// has been visited: the deal is proved unsolvable.  When max_states or time_limit
// stops the search first, the verdict is Unknown.  The search is deterministic.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "parlour/core/interrupt.hpp"
#include "parlour/freecell/state.hpp"

namespace parlour::freecell {

// Proof runs the complete scan of the fast portfolio alone: every expansion goes to
// the scan that can prove a deal unsolvable (it finds solutions too, more slowly).
enum class SolveMode : std::uint8_t { Fast = 0, Short = 1, Proof = 2 };
enum class Verdict : std::uint8_t { Solved = 0, Unsolvable = 1, Unknown = 2 };

struct SolveResult {
  Verdict verdict = Verdict::Unknown;
  std::vector<Move> moves;     // resolved moves from the start position (Solved only)
  std::string notation;        // the same in standard notation, separated by spaces
  std::uint64_t states = 0;    // positions stored
  std::uint64_t expanded = 0;  // positions expanded
  double seconds = 0.0;
  std::string reason;        // why Unknown: "max_states", "time_limit" or "memory_limit"
  std::uint64_t memory = 0;  // the most bytes the search held for positions at once
  std::uint64_t disk = 0;    // prove: the most bytes its files held at once
};

// The memory a solve may use for positions unless told otherwise: 2 GiB.
inline constexpr std::uint64_t kDefaultMemoryLimit = std::uint64_t{1} << 31;

// Solve from `start` (validated).  max_states 0, time_limit <= 0 and memory_limit 0
// mean no limit.  memory_limit bounds the bytes the search allocates for positions
// (node stores, hash tables, open lists; not the process's other memory): the search
// stops with Unknown, reason "memory_limit", before it would pass it.  With `stop`,
// checks it every few hundred expansions and throws core::Interrupted once asked.
SolveResult solve(const GameState& start, SolveMode mode = SolveMode::Fast, std::uint64_t max_states = 0,
                  double time_limit = 0.0, core::StopToken* stop = nullptr,
                  std::uint64_t memory_limit = kDefaultMemoryLimit);

// Solve MS deals in `jobs` threads (1..core::kMaxThreads); results in the order of
// `numbers`; each deal under kDefaultMemoryLimit.  `progress` (may be empty) is called from worker threads under a lock
// after each deal with (done, total, index of the deal just finished); an exception it
// throws stops the batch and is rethrown.  `stop` as for solve.
SolveResult solve_ms_deal(std::uint64_t n, SolveMode mode, std::uint64_t max_states, double time_limit);
std::vector<SolveResult> solve_deals(const std::vector<std::uint64_t>& numbers, SolveMode mode,
                                     std::uint64_t max_states, double time_limit, int jobs,
                                     const std::function<void(std::size_t, std::size_t, std::size_t)>& progress,
                                     core::StopToken* stop = nullptr);

// prove: the complete scan of solve(mode=Proof) in bounded memory.  Positions are split
// by their foundation heights, which no move lowers; the splits are searched in order
// of cards home, one split per thread in memory (about 38 bytes a position), and the
// positions waiting for a later split are kept in files under `work_dir` (24 bytes
// each).  A split that does not fit in memory is searched on disk (solver_external.hpp:
// delayed duplicate detection against sorted runs of its positions, with a Bloom
// filter in memory), so the memory limit bounds what is held whatever a split's size.
// A run stopped by a limit, Ctrl-C or a kill continues from the last finished layer
// (cards home) when started again with the same directory, and a split on disk from
// its last checkpoint (every few minutes); a finished proof records its verdict there.
// Unsolvable is a proof.  A fast solve of `quick_states` positions comes first (most
// deals are won, and found so at once); when the layers reach a win, the moves come
// from the fast portfolio (Solved, or Unknown if its time runs out).
// memory_limit (0: none) bounds the bytes held for positions (stores, filters and
// waiting lists); disk_limit (0: none) the bytes of the files, which are reported
// (ProofProgress::disk, SolveResult::disk).  A run that a limit stops ends with Unknown
// "memory_limit" (the memory cannot hold even a split's search on disk),
// "disk_limit" or "time_limit".
struct ProofOptions {
  std::string work_dir;
  double time_limit = 0.0;  // <= 0: none (counts this run only)
  std::uint64_t memory_limit = kDefaultMemoryLimit;
  std::uint64_t disk_limit = 0;  // bytes of files in work_dir (0: none); past it the run stops with "disk_limit"
  int threads = 1;
  std::uint64_t quick_states = 500000;  // a fast solve of at most this many positions first (0: none)
};
// After each split: the layer (cards home), splits finished in this run, positions of
// all finished splits, bytes in files now, the most bytes held in memory, seconds.
struct ProofProgress {
  int layer = 0;
  std::uint64_t splits = 0;
  std::uint64_t states = 0;
  std::uint64_t disk = 0;
  std::uint64_t memory = 0;
  double seconds = 0.0;
};
using ProofProgressFn = std::function<void(const ProofProgress&)>;
SolveResult prove(const GameState& start, const ProofOptions& options, core::StopToken* stop = nullptr,
                  const ProofProgressFn& progress = {});

// The safe automatic foundation moves available now (one round: play them in order,
// then ask again), as used by the solver.
bool is_safe_autoplay(const Foundations& f, Card c) noexcept;

}  // namespace parlour::freecell
