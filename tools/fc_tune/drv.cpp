// FreeCell tuning driver (tools/fc_tune/build.sh): solve MS deals a..b (or the deal
// numbers in the file $FC_LIST) with solve_deals in one thread and print the totals.
// Usage: drv [a] [b] [f|s (mode)] [max_states]; FC_VERBOSE=1 prints one line per deal
// (number, verdict, states, moves, seconds).  With PARLOUR_TUNE the portfolio comes
// from $FC_FAST / $FC_SHORT and the first budget from $FC_BUDGET (see solver.cpp).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>
#include "parlour/freecell/solver.hpp"
using namespace parlour::freecell;
int main(int argc, char** argv) {
  std::uint64_t a = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1;
  std::uint64_t b = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 32000;
  SolveMode mode = (argc > 3 && argv[3][0] == 's') ? SolveMode::Short : SolveMode::Fast;
  std::uint64_t maxst = argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 0;
  int verbose = std::getenv("FC_VERBOSE") ? 1 : 0;
  auto t0 = std::chrono::steady_clock::now();
  std::uint64_t states = 0, expanded = 0, moves = 0, solved = 0;
  std::vector<std::uint64_t> unsolv, unknown;
  std::vector<std::pair<double, std::uint64_t>> slow;
  std::vector<std::uint64_t> nums;
  if (const char* lf = std::getenv("FC_LIST")) {
    FILE* f = std::fopen(lf, "r");
    unsigned long long x;
    while (f && std::fscanf(f, "%llu", &x) == 1) nums.push_back(x);
    if (f) std::fclose(f);
  } else {
    for (std::uint64_t n = a; n <= b; ++n) nums.push_back(n);
  }
  auto all = solve_deals(nums, mode, maxst, 0, 1, {});
  for (std::size_t k = 0; k < nums.size(); ++k) {
    const std::uint64_t n = nums[k];
    const auto& r = all[k];
    states += r.states; expanded += r.expanded;
    if (r.verdict == Verdict::Solved) { ++solved; moves += r.moves.size(); }
    else if (r.verdict == Verdict::Unsolvable) unsolv.push_back(n);
    else unknown.push_back(n);
    slow.emplace_back(r.seconds, n);
    if (verbose) std::printf("%llu %d %llu %zu %.6f\n", (unsigned long long)n, (int)r.verdict, (unsigned long long)r.states, r.moves.size(), r.seconds);
  }
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::sort(slow.rbegin(), slow.rend());
  std::printf("deals %llu..%llu: %.3f s, solved %llu, states %llu, expanded %llu, mean moves %.2f\n",
              (unsigned long long)a, (unsigned long long)b, secs, (unsigned long long)solved,
              (unsigned long long)states, (unsigned long long)expanded, solved ? static_cast<double>(moves) / static_cast<double>(solved) : 0.0);
  std::printf("unsolvable:"); for (auto x : unsolv) std::printf(" %llu", (unsigned long long)x);
  std::printf("  unknown:"); for (auto x : unknown) std::printf(" %llu", (unsigned long long)x);
  std::printf("\nslowest:"); for (int i = 0; i < 8 && i < (int)slow.size(); ++i) std::printf(" %llu(%.3f)", (unsigned long long)slow[i].second, slow[i].first);
  std::printf("\n");
}
