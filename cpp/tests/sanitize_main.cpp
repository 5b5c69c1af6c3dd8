// A C++-only workout of the engine for sanitizer builds (cmake -DPARLOUR_SANITIZE=ON): random
// and edge-case calls into every game, with no Python involved, so AddressSanitizer
// and UndefinedBehaviorSanitizer see the engine alone.  Exits non-zero on a wrong
// result it can check cheaply; the sanitizers abort on memory errors and UB.
#include <cstdio>
#include <cstdlib>
#include <span>
#include <string>
#include <vector>

#include "parlour/core/cardset.hpp"
#include "parlour/core/errors.hpp"
#include "parlour/core/rng.hpp"
#include "parlour/freecell/solver.hpp"
#include "parlour/freecell/state.hpp"
#include "parlour/gin/arena.hpp"
#include "parlour/gin/bots.hpp"
#include "parlour/gin/deadwood.hpp"
#include "parlour/gin/scoring.hpp"
#include "parlour/gin/simulate.hpp"
#include "parlour/yahtzee/bots.hpp"
#include "parlour/yahtzee/solver.hpp"

namespace {

int failures = 0;

void check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "FAILED: %s\n", what);
    ++failures;
  }
}

parlour::core::CardSet random_hand(parlour::core::Rng& rng, int n) {
  std::vector<int> deck(52);
  for (int i = 0; i < 52; ++i) deck[static_cast<std::size_t>(i)] = i;
  rng.shuffle(std::span<int>(deck));
  parlour::core::CardSet s;
  for (int i = 0; i < n; ++i) s = s | parlour::core::Card::from_index_unchecked(deck[static_cast<std::size_t>(i)]);
  return s;
}

void gin_workout() {
  using namespace parlour;
  core::Rng rng(7);
  for (int i = 0; i < 3000; ++i) {
    const int n = 1 + static_cast<int>(rng.below(11));
    const auto hand = random_hand(rng, n);
    const auto melds = gin::best_melds(hand);
    check(gin::deadwood(hand) == melds.deadwood(), "deadwood == best_melds deadwood");
    if (n == 11) (void)gin::best_discard(hand);
    if (n == 10 && melds.deadwood() <= 10) {
      const auto defender = random_hand(rng, 10) - hand;
      (void)gin::settle(melds, defender, gin::Rules::modern(), gin::Player::One);
    }
  }
  gin::register_bots();
  for (const char* a : {"random", "easy", "normal", "hard"}) {
    const auto stats = gin::simulate_rounds(40, 11, a, "normal", gin::Rules::card());
    check(stats.rounds == 40, "simulate_rounds plays every round");
  }
  for (const auto& rules : {gin::Rules::modern(), gin::Rules::classic(), gin::Rules::palace()})
    (void)gin::simulate_rounds(30, 3, "hard", "easy", rules);
}

void yahtzee_workout() {
  using namespace parlour::yahtzee;
  auto solver = std::make_shared<Solver>(YahtzeeRules{});
  // Lazy solving from a late state keeps the sanitized run short.
  State s = kStart;
  for (int c = 0; c < 10; ++c) s = s.apply(static_cast<Category>(c), Dice::parse("12345"))->next();
  const double v = solver->value(s);
  check(v > 0 && v < 200, "a late state's value is plausible");
  HeuristicBot bot;
  const auto scores = simulate(bot, 50, 5, 2);
  check(scores.size() == 50, "simulate returns every game");
}

void freecell_workout() {
  using namespace parlour::freecell;
  for (std::uint64_t n : {1ull, 617ull, 1941ull, 8589934591ull}) {
    const auto g = GameState::from_ms_deal(n);
    check(GameState::parse(g.to_text()) == g, "text round trip");
    check(GameState::parse_board(g.to_board()) == g, "board round trip");
    for (const auto& [next, move] : g.legal_moves(true)) (void)next.canonical_key(), (void)move.notation();
  }
  const auto results = solve_deals({1, 2, 3, 164, 1941, 11982}, SolveMode::Fast, 0, 0.0, 2, {});
  check(results[5].verdict == Verdict::Unsolvable, "11982 is unsolvable");
  for (std::size_t i = 0; i < 5; ++i) check(results[i].verdict == Verdict::Solved, "deal solved");
  const auto short_result = solve(GameState::from_ms_deal(5), SolveMode::Short, 0, 0.0);
  check(short_result.verdict == Verdict::Solved, "short mode solves deal 5");
  const auto limited = solve(GameState::from_ms_deal(1941), SolveMode::Fast, 50, 0.0);
  check(limited.verdict == Verdict::Unknown, "max_states stops the search");
  for (const char* bad : {"", "9a", "a9", "1a2", "12v0", "12v14", "hh", "zz"}) {
    try {
      (void)Move::parse(bad);
    } catch (const parlour::core::Error&) {}
  }
}

}  // namespace

int main() {
  gin_workout();
  yahtzee_workout();
  freecell_workout();
  if (failures) return 1;
  std::puts("sanitize workout: ok");
  return 0;
}
