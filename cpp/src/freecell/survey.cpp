// Deal surveys: solve_deals, then every solution replayed with full checks (survey.hpp).
#include "parlour/freecell/survey.hpp"

#include <algorithm>
#include <atomic>
#include <optional>

namespace parlour::freecell {

bool replays_to_win(const GameState& start, std::string_view notation) {
  GameState s = start;
  std::size_t i = 0;
  while (i < notation.size()) {
    while (i < notation.size() && notation[i] == ' ') ++i;
    std::size_t j = i;
    while (j < notation.size() && notation[j] != ' ') ++j;
    if (j > i) {
      std::optional<Move> m;
      try {
        m = Move::parse(notation.substr(i, j - i));
      } catch (const core::Error&) { return false; }
      const std::optional<Move> r = s.resolve(*m);
      if (!r) return false;
      s.apply_in_place(*r);
    }
    i = j;
  }
  return s.is_solved();
}

SurveyColumns survey_deals(const std::vector<std::uint64_t>& numbers, SolveMode mode, std::uint64_t max_states,
                           double time_limit, int jobs, bool keep_solutions, core::StopToken* stop) {
  core::NoStop never;
  core::StopToken& st = stop ? *stop : never;
  const std::vector<SolveResult> results = solve_deals(numbers, mode, max_states, time_limit, jobs, {}, &st);
  const std::size_t n = numbers.size();
  SurveyColumns c;
  c.deal = numbers;
  c.verdict.resize(n);
  c.reason.resize(n);
  c.moves.resize(n);
  c.states.resize(n);
  c.seconds.resize(n);
  c.replayed.resize(n);
  if (keep_solutions) c.solutions.resize(n);
  std::atomic<std::size_t> next{0};
  const auto most = static_cast<std::size_t>(core::resolve_threads(jobs, "jobs"));
  const int threads = static_cast<int>(std::clamp<std::size_t>(n / 256, 1, most));
  core::run_parallel(threads, st, [&](int) {
    constexpr std::size_t kBlock = 256;
    for (std::size_t lo; (lo = next.fetch_add(kBlock)) < n;) {
      st.throw_if_stop_requested();
      for (std::size_t i = lo; i < std::min(n, lo + kBlock); ++i) {
        const SolveResult& r = results[i];
        c.verdict[i] = static_cast<std::uint8_t>(r.verdict);
        c.reason[i] = static_cast<std::uint8_t>(r.verdict != Verdict::Unknown ? StopReason::None
                                                : r.reason == "time_limit"    ? StopReason::TimeLimit
                                                : r.reason == "memory_limit"  ? StopReason::MemoryLimit
                                                                              : StopReason::MaxStates);
        c.moves[i] = static_cast<std::int32_t>(r.moves.size());
        c.states[i] = r.states;
        c.seconds[i] = r.seconds;
        c.replayed[i] = r.verdict == Verdict::Solved && replays_to_win(GameState::from_ms_deal(numbers[i]), r.notation);
        if (keep_solutions) c.solutions[i] = r.notation;
      }
    }
  });
  return c;
}

}  // namespace parlour::freecell
