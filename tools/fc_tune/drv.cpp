// FreeCell tuning driver (tools/fc_tune/build.sh): solve MS deals a..b (or the deal
// numbers in the file $FC_LIST) in one thread and print the totals.
//
// Usage: drv [a] [b] [f|s|p (mode: fast, short, proof)] [max_states]
//   FC_VERBOSE=1  one line per deal: number, verdict, states, moves, seconds
//   FC_FAST / FC_SHORT  the portfolio to run instead of the mode's own, as scans
//       "home,next,disorder,cell,empty,moves,unbuilt,block[pN][aN][nN][sN]" separated
//       by ';' (pN prune bits, aN autoplay level, nN next2, sN stuck; see
//       cpp/src/freecell/solver_heuristic.hpp and solver_moves.hpp)
//   FC_BUDGET     the first budget of the round robin instead of the mode's own
//   FC_MEMORY     the memory limit in bytes (default: none); FC_TIME a time limit in seconds
//   FC_PROFILE=cap  profile each scan of the portfolio alone, up to `cap` expansions,
//       on stderr as "P scan G|X|C expanded states moves" then the states after every
//       64 expansions (sim.py replays a portfolio's run from these)
// It drives the solver's internal search API (cpp/src/freecell/solver_search.hpp).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "freecell/solver_search.hpp"

using namespace parlour::freecell;
using namespace parlour::freecell::search;

namespace {

std::vector<ScanParams> portfolio_from_env(SolveMode mode) {
  std::vector<ScanParams> out;
  const char* e = std::getenv(mode == SolveMode::Short ? "FC_SHORT" : "FC_FAST");
  if (!e) return portfolio(mode);
  const char* q = e;
  while (*q) {
    ScanParams x{};
    int used = 0;
    if (std::sscanf(q, "%d,%d,%d,%d,%d,%d,%d,%d%n", &x.home, &x.next, &x.disorder, &x.cell, &x.empty, &x.moves,
                    &x.unbuilt, &x.block, &used) != 8)
      break;
    q += used;
    while (*q == 'p' || *q == 'a' || *q == 'n' || *q == 's') {
      const char k = *q;
      char* end = nullptr;
      const int v = static_cast<int>(std::strtol(q + 1, &end, 10));
      q = end;
      if (k == 'p') x.prune = static_cast<Prune>(v);
      else if (k == 'a') x.autoplay = static_cast<Autoplay>(v);
      else if (k == 'n') x.next2 = v;
      else x.stuck = v;
    }
    out.push_back(x);
    while (*q == ';' || *q == ' ') ++q;
  }
  return out.empty() ? portfolio(mode) : out;
}

// Each scan alone on one deal (see FC_PROFILE above).
void profile(const GameState& start, const std::vector<ScanParams>& scans, std::uint64_t cap, Workspace& ws) {
  Board root = board_from_state(start);
  autoplay(root);
  for (std::size_t si = 0; si < scans.size(); ++si) {
    Scan sc(root, scans[si], ws.memory(si));
    std::string line;
    char st = 'C';
    std::uint64_t moves = 0;
    while (sc.expanded() < cap) {
      const auto r = sc.run(64);
      if (r == Scan::kGoal) {
        st = 'G';
        SolveResult tmp;
        replay(start, sc.path(), sc.params().autoplay, tmp);
        moves = tmp.moves.size();
        break;
      }
      if (r == Scan::kExhausted) {
        st = 'X';
        break;
      }
      line += ' ' + std::to_string(sc.states());
    }
    std::fprintf(stderr, "P %zu %c %llu %llu %llu%s\n", si, st, static_cast<unsigned long long>(sc.expanded()),
                 static_cast<unsigned long long>(sc.states()), static_cast<unsigned long long>(moves), line.c_str());
  }
}

}  // namespace

int main(int argc, char** argv) {
  const std::uint64_t a = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1;
  const std::uint64_t b = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 32000;
  const char mode_char = argc > 3 ? argv[3][0] : 'f';
  const SolveMode mode = mode_char == 's' ? SolveMode::Short : mode_char == 'p' ? SolveMode::Proof : SolveMode::Fast;
  Limits limits;
  limits.max_states = argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 0;
  if (const char* m = std::getenv("FC_MEMORY")) limits.memory_limit = std::strtoull(m, nullptr, 10);
  if (const char* t = std::getenv("FC_TIME")) limits.time_limit = std::strtod(t, nullptr);
  const bool verbose = std::getenv("FC_VERBOSE") != nullptr;
  const std::vector<ScanParams> scans = portfolio_from_env(mode);
  const char* budget_env = std::getenv("FC_BUDGET");
  const std::uint64_t budget = budget_env ? std::strtoull(budget_env, nullptr, 10) : first_budget(mode);
  const char* profile_env = std::getenv("FC_PROFILE");
  std::vector<std::uint64_t> nums;
  if (const char* lf = std::getenv("FC_LIST")) {
    FILE* f = std::fopen(lf, "r");
    unsigned long long x;
    while (f && std::fscanf(f, "%llu", &x) == 1) nums.push_back(x);
    if (f) std::fclose(f);
  } else {
    for (std::uint64_t n = a; n <= b; ++n) nums.push_back(n);
  }
  const auto t0 = std::chrono::steady_clock::now();
  std::uint64_t states = 0, expanded = 0, moves = 0, solved = 0;
  std::vector<std::uint64_t> unsolvable, unknown;
  std::vector<std::pair<double, std::uint64_t>> slow;
  Workspace ws;  // kept from deal to deal, as solve_deals does
  for (const std::uint64_t n : nums) {
    const GameState start = GameState::from_ms_deal(n);
    if (profile_env) {
      profile(start, scans, std::strtoull(profile_env, nullptr, 10), ws);
      continue;
    }
    static std::vector<SolveResult> kept;  // FC_KEEP: keep every result, as solve_deals does
    const SolveResult r = run_portfolio(start, scans, budget, limits, ws, nullptr);
    if (std::getenv("FC_KEEP")) kept.push_back(r);
    states += r.states;
    expanded += r.expanded;
    if (r.verdict == Verdict::Solved) {
      ++solved;
      moves += r.moves.size();
    } else if (r.verdict == Verdict::Unsolvable) {
      unsolvable.push_back(n);
    } else {
      unknown.push_back(n);
    }
    slow.emplace_back(r.seconds, n);
    if (verbose)
      std::printf("%llu %d %llu %zu %.6f %llu %s\n", static_cast<unsigned long long>(n), static_cast<int>(r.verdict),
                  static_cast<unsigned long long>(r.states), r.moves.size(), r.seconds,
                  static_cast<unsigned long long>(r.memory), r.reason.c_str());
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::sort(slow.rbegin(), slow.rend());
  std::printf("deals %llu..%llu: %.3f s, solved %llu, states %llu, expanded %llu, mean moves %.2f\n",
              static_cast<unsigned long long>(a), static_cast<unsigned long long>(b), secs,
              static_cast<unsigned long long>(solved), static_cast<unsigned long long>(states),
              static_cast<unsigned long long>(expanded),
              solved ? static_cast<double>(moves) / static_cast<double>(solved) : 0.0);
  std::printf("unsolvable:");
  for (auto x : unsolvable) std::printf(" %llu", static_cast<unsigned long long>(x));
  std::printf("  unknown:");
  for (auto x : unknown) std::printf(" %llu", static_cast<unsigned long long>(x));
  std::printf("\nslowest:");
  for (std::size_t i = 0; i < 8 && i < slow.size(); ++i)
    std::printf(" %llu(%.3f)", static_cast<unsigned long long>(slow[i].second), slow[i].first);
  std::printf("\n");
}
