// Every bound class refuses an object made without its constructor.
//
// X.__new__(X) (and pickle's NEWOBJ without a state) makes a Python object whose C++
// value was never constructed; pybind11 would then hand a method raw memory to work on.
// Each class listed here gets a type caster that first checks that the object holds a
// value and raises StateFormatError otherwise.  The list must name every bound class
// (tests/test_errors.py checks that each one refuses), and this header must come before
// any use of those casters in a translation unit: common.hpp includes it.
#pragma once

#include <pybind11/pybind11.h>

#include <typeinfo>

#include "parlour/core/card.hpp"
#include "parlour/core/rng.hpp"
#include "parlour/freecell/game.hpp"
#include "parlour/freecell/solver.hpp"
#include "parlour/freecell/state.hpp"
#include "parlour/gin/action.hpp"
#include "parlour/gin/arena.hpp"
#include "parlour/gin/bots.hpp"
#include "parlour/gin/coach.hpp"
#include "parlour/gin/deadwood.hpp"
#include "parlour/gin/expert.hpp"
#include "parlour/gin/game.hpp"
#include "parlour/gin/match.hpp"
#include "parlour/gin/meld.hpp"
#include "parlour/gin/observation.hpp"
#include "parlour/gin/round.hpp"
#include "parlour/gin/rules.hpp"
#include "parlour/gin/scoring.hpp"
#include "parlour/gin/simulate.hpp"
#include "parlour/yahtzee/action.hpp"
#include "parlour/yahtzee/bots.hpp"
#include "parlour/yahtzee/category.hpp"
#include "parlour/yahtzee/dice.hpp"
#include "parlour/yahtzee/distribution.hpp"
#include "parlour/yahtzee/game.hpp"
#include "parlour/yahtzee/headsup.hpp"
#include "parlour/yahtzee/observation.hpp"
#include "parlour/yahtzee/rules.hpp"
#include "parlour/yahtzee/scorecard.hpp"
#include "parlour/yahtzee/solver.hpp"
#include "parlour/yahtzee/state.hpp"
#include "parlour/yahtzee/threshold.hpp"

namespace parlour::bindings {

// Whether src is an instance of the bound class `tinfo` whose value was never made
// (cheap: a type check and a pointer test).
bool unconstructed(pybind11::handle src, const pybind11::detail::type_info* tinfo);
// StateFormatError naming the class of src.
[[noreturn]] void throw_unconstructed(pybind11::handle src);

}  // namespace parlour::bindings

#define PARLOUR_GUARDED_CASTER(T)                                                                    \
  namespace pybind11::detail {                                                                       \
  template <>                                                                                        \
  class type_caster<T> : public type_caster_base<T> {                                                \
   public:                                                                                           \
    bool load(handle src, bool convert) {                                                            \
      static const type_info* tinfo = get_type_info(typeid(T));                                      \
      if (parlour::bindings::unconstructed(src, tinfo)) parlour::bindings::throw_unconstructed(src); \
      return type_caster_base<T>::load(src, convert);                                                \
    }                                                                                                \
  };                                                                                                 \
  }

PARLOUR_GUARDED_CASTER(parlour::core::Card)
PARLOUR_GUARDED_CASTER(parlour::core::Rng)
PARLOUR_GUARDED_CASTER(parlour::gin::Action)
PARLOUR_GUARDED_CASTER(parlour::gin::ActionAdvice)
PARLOUR_GUARDED_CASTER(parlour::gin::Advice)
PARLOUR_GUARDED_CASTER(parlour::gin::Bot)
PARLOUR_GUARDED_CASTER(parlour::gin::EasyBot)
PARLOUR_GUARDED_CASTER(parlour::gin::NormalBot)
PARLOUR_GUARDED_CASTER(parlour::gin::HardBot)
PARLOUR_GUARDED_CASTER(parlour::gin::HardBot::KnockEstimate)
PARLOUR_GUARDED_CASTER(parlour::gin::SimpleBot)
PARLOUR_GUARDED_CASTER(parlour::gin::ExpertBot)
PARLOUR_GUARDED_CASTER(parlour::gin::ExpertBot::Candidate)
PARLOUR_GUARDED_CASTER(parlour::gin::ExpertBot::Search)
PARLOUR_GUARDED_CASTER(parlour::gin::Discard)
PARLOUR_GUARDED_CASTER(parlour::gin::Game)
PARLOUR_GUARDED_CASTER(parlour::gin::Layoff)
PARLOUR_GUARDED_CASTER(parlour::gin::Match)
PARLOUR_GUARDED_CASTER(parlour::gin::MatchResult)
PARLOUR_GUARDED_CASTER(parlour::gin::Meld)
PARLOUR_GUARDED_CASTER(parlour::gin::Melds)
PARLOUR_GUARDED_CASTER(parlour::gin::Observation)
PARLOUR_GUARDED_CASTER(parlour::gin::PairResult)
PARLOUR_GUARDED_CASTER(parlour::gin::Review)
PARLOUR_GUARDED_CASTER(parlour::gin::ReviewItem)
PARLOUR_GUARDED_CASTER(parlour::gin::Round)
PARLOUR_GUARDED_CASTER(parlour::gin::RoundResult)
PARLOUR_GUARDED_CASTER(parlour::gin::Rules)
PARLOUR_GUARDED_CASTER(parlour::gin::Settlement)
PARLOUR_GUARDED_CASTER(parlour::gin::Shutout)
PARLOUR_GUARDED_CASTER(parlour::gin::SimulationStats)
PARLOUR_GUARDED_CASTER(parlour::yahtzee::Bot)
PARLOUR_GUARDED_CASTER(parlour::yahtzee::Categories)
PARLOUR_GUARDED_CASTER(parlour::yahtzee::Dice)
PARLOUR_GUARDED_CASTER(parlour::yahtzee::Game)
PARLOUR_GUARDED_CASTER(parlour::yahtzee::HeadsUpSolver)
PARLOUR_GUARDED_CASTER(parlour::yahtzee::HeuristicBot)
PARLOUR_GUARDED_CASTER(parlour::yahtzee::Keep)
PARLOUR_GUARDED_CASTER(parlour::yahtzee::Observation)
PARLOUR_GUARDED_CASTER(parlour::yahtzee::OptimalBot)
PARLOUR_GUARDED_CASTER(parlour::yahtzee::Reroll)
PARLOUR_GUARDED_CASTER(parlour::yahtzee::Score)
PARLOUR_GUARDED_CASTER(parlour::yahtzee::ScoreDelta)
PARLOUR_GUARDED_CASTER(parlour::yahtzee::ScoreDistribution)
PARLOUR_GUARDED_CASTER(parlour::yahtzee::Scorecard)
PARLOUR_GUARDED_CASTER(parlour::yahtzee::Solver)
PARLOUR_GUARDED_CASTER(parlour::yahtzee::State)
PARLOUR_GUARDED_CASTER(parlour::yahtzee::ThresholdSolver)
PARLOUR_GUARDED_CASTER(parlour::yahtzee::YahtzeeRules)
PARLOUR_GUARDED_CASTER(parlour::freecell::Cascade)
PARLOUR_GUARDED_CASTER(parlour::freecell::Foundation)
PARLOUR_GUARDED_CASTER(parlour::freecell::Foundations)
PARLOUR_GUARDED_CASTER(parlour::freecell::Freecells)
PARLOUR_GUARDED_CASTER(parlour::freecell::Game)
PARLOUR_GUARDED_CASTER(parlour::freecell::GameState)
PARLOUR_GUARDED_CASTER(parlour::freecell::Move)
PARLOUR_GUARDED_CASTER(parlour::freecell::Observation)
PARLOUR_GUARDED_CASTER(parlour::freecell::Position)
PARLOUR_GUARDED_CASTER(parlour::freecell::SolveResult)
