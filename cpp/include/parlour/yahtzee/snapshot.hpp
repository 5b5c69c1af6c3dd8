// parlour::yahtzee snapshots, observations and events as JSON values (core::Json).
//
// A Game snapshot is the shared envelope
//   {"game": "yahtzee", "version": 1, "rules": {"joker": "FORCED", "yahtzee_bonus": true,
//    "upper_bonus": true}, "state": {...}}
// whose state holds every scorecard (boxes by their text names, "full_house"), the
// seat to act, the phase ("ROLL", "DECIDE", "OVER"), the dice as text ("25666") and
// the generator's state, so from_json restores the game exactly.  Loading re-checks
// every field (FormatError naming it).  Documents of the first releases
// ({"format": "parlour.yahtzee.Game", "version": 1, ...}) still load.
//
// An observation is {"game": "yahtzee", "seat": 0 | null, ...}: every scorecard, the
// dice, what each open box would score now, the legal actions when the seat is to act
// — never the generator.  An event says who scored what (or kept which dice).
#pragma once

#include <optional>

#include "parlour/core/json.hpp"
#include "parlour/yahtzee/game.hpp"
#include "parlour/yahtzee/observation.hpp"

namespace parlour::yahtzee {

inline constexpr int kSnapshotVersion = 1;

core::Json rules_to_json(const YahtzeeRules& rules);
YahtzeeRules rules_from_json(const core::JsonReader& in);  // an object, or the rules' text ("forced", ...)
core::Json scorecard_to_json(const Scorecard& card);       // {"boxes": {...}, "yahtzee_bonuses": n}
Scorecard scorecard_from_json(const core::JsonReader& in, const YahtzeeRules& rules);

core::Json game_to_json(const Game& game);
Game game_from_json(const core::Json& doc);

core::Json observation_to_json(const Observation& obs);
Observation observation_from_json(const core::Json& doc);

core::Json event_to_json(const GameEvent& event, const Game& game);

}  // namespace parlour::yahtzee
