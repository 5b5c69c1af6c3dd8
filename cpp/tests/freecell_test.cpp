// FreeCell scenarios in C++: Microsoft deals and literal moves in standard notation
// ("3a" cascade 3 to free cell a, "6h" cascade 6 home to the foundations, "32"
// cascade 3 onto cascade 2), with the position after them drawn in the freecell
// crate's text format; then the solver on positions whose answer is known (Freecell
// Solver and the FreeCell FAQ list deal 11982 as the one unsolvable deal in 1..32000).
#include <string>
#include <vector>

#include "check.hpp"
#include "parlour/core/errors.hpp"
#include "parlour/freecell/solver.hpp"
#include "parlour/freecell/state.hpp"

namespace {

using namespace parlour::freecell;

GameState play(GameState g, const std::vector<const char*>& moves) {
  for (const char* m : moves) {
    const Move move = Move::parse(m);
    CHECK(g.allows_move(move));
    g = g.apply(move);
  }
  return g;
}

}  // namespace

TEST_CASE(microsoft_deal_1) {
  //   1   2   3   4   5   6   7   8
  //  Jd  2d  9h  Jc  5d  7h  7c  5h
  //  Kd  Kc  9s  5s  Ad  Qc  Kh  3h
  //  2s  Ks  9d  Qd  Js  As  Ah  3c
  //  4c  5c  Ts  Qh  4h  Ac  4d  7s
  //  3s  Td  4s  Th  8h  2c  Jh  7d
  //  6d  8s  8d  Qs  6c  3d  8c  Tc
  //  6s  9c  2h  6h
  const GameState g = GameState::from_ms_deal(1);
  CHECK_EQ(g.to_text(), std::string("foundations: -- -- -- --\n"
                                    "cascade: Jd Kd 2s 4c 3s 6d 6s\n"
                                    "cascade: 2d Kc Ks 5c Td 8s 9c\n"
                                    "cascade: 9h 9s 9d Ts 4s 8d 2h\n"
                                    "cascade: Jc 5s Qd Qh Th Qs 6h\n"
                                    "cascade: 5d Ad Js 4h 8h 6c\n"
                                    "cascade: 7h Qc As Ac 2c 3d\n"
                                    "cascade: 7c Kh Ah 4d Jh 8c\n"
                                    "cascade: 5h 3h 3c 7s 7d Tc\n"
                                    "freecells: -- -- -- --\n"));
  // Eight single moves to start: each top card to a free cell; nothing builds.
  CHECK_EQ(g.legal_moves().size(), std::size_t{8});
  // Four free cells and no empty cascade: sequences of up to 5 cards may move.
  CHECK_EQ(g.supermove_limit(false), 5);
  CHECK(GameState::parse(g.to_text()) == g);
  CHECK(GameState::parse_board(g.to_board()) == g);
}

TEST_CASE(opening_moves_of_deal_1) {
  // 3a (2h to a cell), 32 (8d onto 9c), 6b and 6c (3d and 2c to cells), 6h 6h (Ac, As
  // home), ch (2c home from cell c).  Then 6c (Qc to a cell), 16 (6s onto 7h), and the
  // two-card sequence 7h 6s onto 8c (one free cell: at most 2 cards may move).
  GameState g = play(GameState::from_ms_deal(1), {"3a", "32", "6b", "6c", "6h", "6h", "ch", "6c", "16"});
  CHECK_EQ(g.supermove_limit(false), 2);
  const auto seq = g.resolve(Move::parse("67"));
  CHECK(seq.has_value() && seq->count == 2);
  g = g.apply(Move::parse("67"));
  CHECK_EQ(g.to_text(), std::string("foundations: 2c As -- --\n"
                                    "cascade: Jd Kd 2s 4c 3s 6d\n"
                                    "cascade: 2d Kc Ks 5c Td 8s 9c 8d\n"
                                    "cascade: 9h 9s 9d Ts 4s\n"
                                    "cascade: Jc 5s Qd Qh Th Qs 6h\n"
                                    "cascade: 5d Ad Js 4h 8h 6c\n"
                                    "cascade:\n"
                                    "cascade: 7c Kh Ah 4d Jh 8c 7h 6s\n"
                                    "cascade: 5h 3h 3c 7s 7d Tc\n"
                                    "freecells: 2h 3d Qc --\n"));
  // Refused: 6c onto 6h (same rank), 2h onto 6c, a card from an empty cascade.
  std::string why;
  CHECK(!g.resolve(Move::parse("54"), &why).has_value() && !why.empty());
  CHECK_THROWS(g.apply(Move::parse("a5")), parlour::core::IllegalAction);
  CHECK_THROWS(g.apply(Move::parse("6a")), parlour::core::IllegalAction);
  CHECK_THROWS(Move::parse("9a"), parlour::core::ParseError);
}

TEST_CASE(four_kings_to_go) {
  // Everything home but the kings, one on each of the first four cascades:
  // 1h 2h 3h 4h wins, and the solver finds those four moves.
  const GameState g = GameState::parse(
      "foundations: Qc Qs Qh Qd\n"
      "cascade: Kc\ncascade: Ks\ncascade: Kh\ncascade: Kd\n"
      "cascade:\ncascade:\ncascade:\ncascade:\n"
      "freecells: -- -- -- --\n");
  CHECK(play(g, {"1h", "2h", "3h", "4h"}).is_solved());
  const SolveResult r = solve(g);
  CHECK(r.verdict == Verdict::Solved);
  CHECK_EQ(r.moves.size(), std::size_t{4});
}

TEST_CASE(solver_on_known_deals) {
  // Deal 1 is solvable: the solution replays legally to the end.  Deal 11982 is the
  // one deal of 1..32000 without a solution: the search proves it by exhausting it.
  for (const SolveMode mode : {SolveMode::Fast, SolveMode::Short}) {
    const SolveResult r = solve(GameState::from_ms_deal(1), mode);
    CHECK(r.verdict == Verdict::Solved);
    GameState g = GameState::from_ms_deal(1);
    for (const Move& m : r.moves) g = g.apply(m);
    CHECK(g.is_solved());
  }
  CHECK(solve(GameState::from_ms_deal(11982)).verdict == Verdict::Unsolvable);
  // A state limit stops the search with an unknown verdict.
  CHECK(solve(GameState::from_ms_deal(1941), SolveMode::Fast, 50).verdict == Verdict::Unknown);
}

int main() { return parlour::test::run_all(); }
