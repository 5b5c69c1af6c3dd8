// parlour::freecell snapshots, observations and events as JSON values (core::Json).
//
// A Game snapshot is the shared envelope
//   {"game": "freecell", "version": 1, "rules": null,
//    "state": {"deal": <Microsoft deal number or null>, "start": <position text>,
//              "moves": [<standard notation>, ...]}}
// Loading replays the moves from the start (each must be legal) and checks that the
// start is the deal's position when a deal is given (FormatError naming the field).
// Documents of the first releases ({"format": "parlour.freecell.Game", ...}) still load.
//
// An observation is {"game": "freecell", "seat": 0 | null, "cascades", "freecells",
// "foundations", "moves", "deal", "solved", "position", "legal_actions"}; every card is
// face up, so every seat sees the same position.
#pragma once

#include "parlour/core/json.hpp"
#include "parlour/freecell/game.hpp"

namespace parlour::freecell {

inline constexpr int kSnapshotVersion = 1;

core::Json game_to_json(const Game& game);
Game game_from_json(const core::Json& doc);
core::Json observation_to_json(const Observation& obs);
Observation observation_from_json(const core::Json& doc);
core::Json event_to_json(const GameEvent& event, const Game& game);

}  // namespace parlour::freecell
