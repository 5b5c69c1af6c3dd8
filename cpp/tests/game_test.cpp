// The one shape of a game (parlour/core/game.hpp) in C++: every engine game is a
// core::Game, and each keeps the legality contract over random playouts — for every
// action id, can_apply is true and why_not empty exactly when legal_ids lists the id,
// and apply refuses an unlisted one, changing nothing.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>

#include "check.hpp"
#include "parlour/core/errors.hpp"
#include "parlour/core/game.hpp"
#include "parlour/core/rng.hpp"
#include "parlour/freecell/game.hpp"
#include "parlour/gin/game.hpp"
#include "parlour/gin/observation.hpp"
#include "parlour/yahtzee/observation.hpp"

namespace {

using parlour::core::Rng;

static_assert(parlour::core::Game<parlour::gin::Round>);
static_assert(parlour::core::Game<parlour::gin::Game>);
static_assert(parlour::core::Game<parlour::yahtzee::Game>);
static_assert(parlour::core::Game<parlour::freecell::Game>);

// Checks the contract at every position of a random playout of `game`, `steps` actions
// long at most; from_id makes the action of an id.
template <parlour::core::Game G, class FromId>
void check_playout(G game, FromId from_id, std::uint64_t seed, int steps) {
  Rng rng(seed);
  for (int step = 0; step <= steps; ++step) {
    typename G::LegalIds ids{};
    const int n = game.legal_ids(ids);
    CHECK(std::is_sorted(ids.begin(), ids.begin() + n));
    CHECK_EQ(n == 0, game.is_terminal());
    CHECK_EQ(game.current_player().has_value(), !game.is_terminal());
    int listed = 0;
    for (int id = 0; id < G::kNumActions; ++id) {
      const bool in = std::binary_search(ids.begin(), ids.begin() + n, static_cast<std::uint16_t>(id));
      listed += in;
      const auto a = from_id(id);
      CHECK_EQ(game.can_apply(a), in);
      CHECK_EQ(!game.why_not(a).has_value(), in);
      if (!in && id % 37 == step % 37) {
        const G before = game;
        CHECK_THROWS(game.apply(a), parlour::core::Error);
        CHECK(game == before);
      }
    }
    CHECK_EQ(listed, n);
    if (n == 0) break;
    game.apply(from_id(ids[static_cast<std::size_t>(rng.below(static_cast<std::uint64_t>(n)))]));
  }
}

}  // namespace

TEST_CASE(gin_round_keeps_the_legality_contract) {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    Rng deal(seed);
    parlour::gin::Rules rules;
    if (seed % 2) rules.big_gin_bonus = 31;
    check_playout(parlour::gin::Round::deal(rules, parlour::gin::Player::One, deal), parlour::gin::Action::from_id,
                  seed, 400);
  }
}

TEST_CASE(gin_game_keeps_the_legality_contract) {
  parlour::gin::Rules rules;
  rules.game_target = 25;
  for (std::uint64_t seed = 1; seed <= 3; ++seed)
    check_playout(parlour::gin::Game(rules, seed), parlour::gin::Action::from_id, seed, 600);
}

TEST_CASE(yahtzee_game_keeps_the_legality_contract) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed)
    check_playout(parlour::yahtzee::Game(static_cast<int>(seed), {}, seed), parlour::yahtzee::action_from_id, seed,
                  200);
}

TEST_CASE(freecell_game_keeps_the_legality_contract) {
  for (std::uint64_t deal : {1, 617, 11982, 31465})
    check_playout(parlour::freecell::Game::from_deal(deal), parlour::freecell::Move::from_action_id, deal, 120);
}

TEST_CASE(freecell_free_cells_are_interchangeable) {
  using namespace parlour::freecell;
  Game g = Game::from_deal(1);
  CHECK(g.can_apply(Move::parse("1a")) && !g.can_apply(Move::parse("1b")));
  CHECK_EQ(*g.why_not(Move::parse("1b")),
           std::string("illegal move '1b': free cell a is empty: a card goes to the first empty free cell "
                       "(the cells are interchangeable)"));
  (void)g.apply(Move::parse("1a"));
  CHECK(!g.can_apply(Move::parse("ab")));
  // A recorded game of an earlier release replays its moves as they were made.
  Game old = Game::from_deal(1);
  (void)old.apply_recorded(Move::parse("1c"));
  (void)old.apply_recorded(Move::parse("cb"));
  CHECK(old.state().freecells()[1].has_value() && !old.state().freecells()[2].has_value());
}

int main() { return parlour::test::run_all(); }
