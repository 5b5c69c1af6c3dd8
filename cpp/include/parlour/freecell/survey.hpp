// parlour::freecell survey — many Microsoft deals solved, each solution replayed, the
// results returned as columns (one entry per deal) for a result store.
//
// survey_deals(numbers, ...) solves the deals exactly as solve_deals does (the same
// searches, so the same verdicts, solutions and position counts) and then replays each
// solution from the deal with full legality checks: every move in standard notation is
// parsed, resolved against the position and applied, and the final position must have
// all 52 cards home.  `replayed` is 1 for a solution that passed, 0 otherwise (and for
// deals without a solution).  Solutions are kept as text only when asked.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "parlour/core/interrupt.hpp"
#include "parlour/freecell/solver.hpp"

namespace parlour::freecell {

// Why a search ended without a verdict, as stored in a survey (0 when it has one).
enum class StopReason : std::uint8_t { None = 0, MaxStates = 1, TimeLimit = 2, MemoryLimit = 3 };

struct SurveyColumns {
  std::vector<std::uint64_t> deal;
  std::vector<std::uint8_t> verdict;   // Verdict
  std::vector<std::uint8_t> reason;    // StopReason
  std::vector<std::int32_t> moves;     // solution length (0 without a solution)
  std::vector<std::uint64_t> states;   // positions stored
  std::vector<double> seconds;         // time in the solver
  std::vector<std::uint8_t> replayed;  // 1: the solution replayed legally to a won position
  std::vector<std::string> solutions;  // standard notation (empty without a solution); only when kept
};

// Whether the moves of `notation` (standard notation separated by spaces) are each
// legal in turn from `start` and end with every card on the foundations.
bool replays_to_win(const GameState& start, std::string_view notation);

// The deals `numbers` (each 1 .. 2^33-1, checked up front) in `jobs` threads; see above.
SurveyColumns survey_deals(const std::vector<std::uint64_t>& numbers, SolveMode mode, std::uint64_t max_states,
                           double time_limit, int jobs, bool keep_solutions, core::StopToken* stop = nullptr);

}  // namespace parlour::freecell
