// parlour._core: one submodule per game.  Every registration function is declared in
// common.hpp and called here, once, in dependency order; nothing registers itself.
#include "common.hpp"

PYBIND11_MODULE(_core, m, pybind11::mod_gil_not_used()) {
  namespace pb = parlour::bindings;
  m.doc() = "The C++ engine of parlour. Use the public packages (parlour.cards, parlour.gin, ...) instead.";
  pb::register_errors(m);
  pb::register_protocol(m);
  auto cards = m.def_submodule("cards", "Cards, card sets and the engine's random generator.");
  pb::register_cards(cards);
  pb::register_rng(cards);
  auto gin = m.def_submodule("gin", "Gin rummy: melds, deadwood, layoffs, scoring, rounds, matches and bots.");
  pb::register_gin(gin);
  pb::register_gin_scoring(gin);
  pb::register_gin_action(gin);
  pb::register_gin_observation(gin);
  pb::register_gin_round(gin);
  pb::register_gin_match(gin);
  pb::register_gin_bots(gin);
  pb::register_gin_coach(gin);
  auto yahtzee = m.def_submodule("yahtzee", "Solitaire Yahtzee: scorecard rules, the game and the optimal solver.");
  pb::register_yahtzee(yahtzee);
  pb::register_yahtzee_game(yahtzee);
  pb::register_yahtzee_solver(yahtzee);
  pb::register_yahtzee_objectives(yahtzee);
  auto freecell = m.def_submodule("freecell", "FreeCell: positions, moves, Microsoft deals, the game and the solver.");
  pb::register_freecell(freecell);
  pb::register_freecell_solver(freecell);
  pb::register_freecell_game(freecell);
  pb::register_envs(m);
  pb::register_platform(m);
  pb::register_constructor_errors(m);  // last: every class is bound by now
  pb::register_argument_errors(m);     // after every function (the constructors' errors included)
}
