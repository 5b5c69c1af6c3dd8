// Solitaire Yahtzee scenarios in C++: literal dice and actions, then the asserted
// scores (official rules with the forced joker unless a scenario says otherwise), and
// the exact solver against values that can be worked out by hand or are published
// (Verhoeff's and Glenn's optimal expected score, 254.59 with the free joker).
#include <array>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "check.hpp"
#include "parlour/core/errors.hpp"
#include "parlour/core/platform.hpp"
#include "parlour/yahtzee/action.hpp"
#include "parlour/yahtzee/dice.hpp"
#include "parlour/yahtzee/game.hpp"
#include "parlour/yahtzee/rules.hpp"
#include "parlour/yahtzee/scorecard.hpp"
#include "parlour/yahtzee/solver.hpp"
#include "parlour/yahtzee/state.hpp"

namespace {

using namespace parlour::yahtzee;

Dice dice(const char* text) { return Dice::parse(text); }

// A card with these boxes filled (-1 open) and no Yahtzee bonus yet.
Scorecard card_with(const std::array<int, kNumCategories>& boxes, const YahtzeeRules& rules = {}) {
  return Scorecard::from_boxes(rules, boxes, 0);
}

constexpr int kOpen = -1;

}  // namespace

TEST_CASE(a_turn_with_two_rerolls) {
  // Physical dice (no auto roll).  Roll 1 1 6 6 6, keep 666; roll 2 3 (6 6 6 2 3), keep
  // 666 again; roll 6 6: five sixes, written in the Yahtzee box for 50.
  Game g(1, YahtzeeRules{}, 0, false);
  CHECK(g.phase() == Phase::Roll && g.rolls_left() == 3);
  g.roll(dice("11666"));
  CHECK(g.phase() == Phase::Decide && g.rolls_left() == 2);
  (void)g.apply(parse_action("keep 666"));
  CHECK(g.phase() == Phase::Roll && g.kept() == Keep::parse("666"));
  CHECK(!g.can_roll(dice("11123")));  // the kept sixes must be among the dice
  CHECK_THROWS(g.roll(dice("11123")), parlour::core::IllegalAction);
  g.roll(dice("23666"));
  CHECK_EQ(g.rolls_left(), 1);
  (void)g.apply(parse_action("reroll 666"));
  g.roll(dice("66666"));
  CHECK_EQ(g.rolls_left(), 0);
  // No rolls left: only Score actions, one per open box.
  CHECK_EQ(g.legal_actions().size(), std::size_t{13});
  CHECK(!g.can_apply(parse_action("keep 666")));
  const ScoreDelta d = g.apply(parse_action("score yahtzee"));
  CHECK_EQ(d.value, 50);
  CHECK_EQ(d.reward(), 50);
  CHECK_EQ(g.scorecard(0).total(), 50);
  CHECK(g.phase() == Phase::Roll && g.turn() == 1 && g.rolls_left() == 3);
}

TEST_CASE(natural_scores_of_one_roll) {
  // 3 3 3 5 5: a full house (25), three of a kind and chance (the total, 19), threes
  // 9, fives 10; no four of a kind, no straight, no Yahtzee.  1 2 3 4 6: a small
  // straight (30), not a large one.  Five of a kind is not a natural full house.
  const Dice fh = dice("33355");
  CHECK_EQ(fh.score(Category::FullHouse), 25);
  CHECK_EQ(fh.score(Category::ThreeOfAKind), 19);
  CHECK_EQ(fh.score(Category::Chance), 19);
  CHECK_EQ(fh.score(Category::Threes), 9);
  CHECK_EQ(fh.score(Category::Fives), 10);
  CHECK_EQ(fh.score(Category::FourOfAKind), 0);
  CHECK_EQ(fh.score(Category::SmallStraight), 0);
  CHECK_EQ(fh.score(Category::Yahtzee), 0);
  CHECK_EQ(dice("12346").score(Category::SmallStraight), 30);
  CHECK_EQ(dice("12346").score(Category::LargeStraight), 0);
  CHECK_EQ(dice("23456").score(Category::LargeStraight), 40);
  CHECK_EQ(dice("44444").score(Category::FullHouse), 0);
}

TEST_CASE(the_forced_joker) {
  // Yahtzee box holds 50.  A second Yahtzee 6 6 6 6 6:
  //   (1) Sixes open: Sixes is the only legal box (30) + a 100 bonus;
  //   (2) Sixes filled: any open lower box at joker value (Full House 25) + 100;
  //   (3) Sixes and every lower box filled: an open upper box for zero, still + 100.
  //                         A   2   3   4   5   6     3K  4K  FH  SS  LS  Y   Ch
  Scorecard one = card_with({3, kOpen, kOpen, kOpen, kOpen, kOpen, kOpen, kOpen, kOpen, kOpen, kOpen, 50, kOpen});
  CHECK_EQ(one.legal_categories(dice("66666")).size(), 1);
  CHECK(one.can_score(Category::Sixes, dice("66666")));
  CHECK_THROWS(one.score(Category::FullHouse, dice("66666")), parlour::core::IllegalAction);
  const ScoreDelta d1 = one.score(Category::Sixes, dice("66666"));
  CHECK_EQ(d1.value, 30);
  CHECK_EQ(d1.yahtzee_bonus, 100);

  Scorecard two = card_with({3, kOpen, kOpen, kOpen, kOpen, 24, kOpen, kOpen, kOpen, kOpen, kOpen, 50, kOpen});
  CHECK(!two.can_score(Category::Twos, dice("66666")));
  const ScoreDelta d2 = two.score(Category::FullHouse, dice("66666"));
  CHECK_EQ(d2.value, 25);
  CHECK_EQ(d2.yahtzee_bonus, 100);
  CHECK_EQ(two.yahtzee_bonuses(), 1);

  Scorecard three = card_with({3, kOpen, 9, 12, 15, 24, 20, 20, 25, 30, 40, 50, 22});
  const ScoreDelta d3 = three.score(Category::Twos, dice("66666"));
  CHECK_EQ(d3.value, 0);
  CHECK_EQ(d3.yahtzee_bonus, 100);
}

TEST_CASE(a_zero_in_the_yahtzee_box_forces_but_pays_no_bonus) {
  // Yahtzee box holds 0, Fours open: 4 4 4 4 4 must go in Fours (20), no bonus.
  Scorecard c = card_with({kOpen, kOpen, kOpen, kOpen, kOpen, kOpen, kOpen, kOpen, kOpen, kOpen, kOpen, 0, kOpen});
  CHECK_EQ(c.legal_categories(dice("44444")).size(), 1);
  const ScoreDelta d = c.score(Category::Fours, dice("44444"));
  CHECK_EQ(d.value, 20);
  CHECK_EQ(d.yahtzee_bonus, 0);
}

TEST_CASE(the_upper_bonus_at_63) {
  // Aces..Fives hold 3 + 6 + 9 + 12 + 15 = 45; three sixes (18) reach 63: + 35.
  Scorecard c = card_with({3, 6, 9, 12, 15, kOpen, kOpen, kOpen, kOpen, kOpen, kOpen, kOpen, kOpen});
  const ScoreDelta d = c.score(Category::Sixes, dice("66612"));
  CHECK_EQ(d.value, 18);
  CHECK_EQ(d.upper_bonus, 35);
  CHECK_EQ(c.upper_subtotal(), 63);
  CHECK_EQ(c.total(), 63 + 35);
}

TEST_CASE(solver_chance_alone_is_70_over_3) {
  // Only Chance open (the Yahtzee box holds 0): the dice are independent, and each die
  // is worth 3.5 with one roll left, 4.25 with two (keep 4-6), 14/3 with three (keep
  // 5-6), so the optimal expected score is 5 x 14/3 = 70/3.
  const State s(Categories::all() - Categories::of(Category::Chance), 0, false);
  Solver solver;
  CHECK(std::abs(solver.value(s) - 70.0 / 3.0) < 1e-9);
}

TEST_CASE(solver_the_whole_game) {
  // The optimal expected score of a whole game: 254.5896 with Verhoeff's free joker
  // (the figure his and Glenn's solvers publish), 254.5877 with the forced joker.
  Solver forced;
  forced.solve(2);
  CHECK(std::abs(forced.value(kStart) - 254.5877287345) < 1e-6);
  // The same bits on every CPU and in every kernel (AVX2, SSE2, the plain lanes of ARM
  // and of the portable path): the build forbids fused multiply-adds, and each kernel
  // runs the same IEEE operations in the same order.
  CHECK_EQ(forced.checksum(), std::uint64_t{0x0DF35C54FDCB74B9});
  if (parlour::core::platform::use_avx2()) {  // the AVX2 kernels ran: now the baseline's
    parlour::core::platform::set_vector_code(false);
    Solver portable;
    portable.solve(2);
    parlour::core::platform::set_vector_code(true);
    CHECK_EQ(portable.checksum(), std::uint64_t{0x0DF35C54FDCB74B9});
  }
  // Under the sanitizers each whole-game solve takes over half a minute: they check the
  // memory of both kernels above, and every other build checks the free joker's value.
  if (PARLOUR_TEST_SANITIZED) return;
  YahtzeeRules free_joker;
  free_joker.joker = Joker::Free;
  Solver free(free_joker);
  free.solve(2);
  CHECK(std::abs(free.value(kStart) - 254.5896094820) < 1e-6);
}

int main() { return parlour::test::run_all(); }
