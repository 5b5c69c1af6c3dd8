// parlour::gin snapshots, observations and events as JSON values (core::Json).
//
// A Round snapshot is the shared envelope
//   {"game": "gin.round", "version": 1, "rules": <rules>, "state": <round state>}
// with every card as text ("Qs"), seats as ints (0 = Player.ONE, 1 = Player.TWO) and
// enum values by name ("DISCARD", "UNDERCUT").  Loading re-validates every invariant
// (Round::from_state) and raises core::FormatError naming the bad field.  Documents of
// the first releases ({"format": "parlour.gin.Round", "version": 1, ...}, players
// spelled "ONE"/"TWO") still load.
//
// An observation is {"game": "gin", "seat": 0 | 1 | null, ...}: only what that seat
// may see (a spectator, seat null, sees the public information), with the legal
// actions as {"id", "text"} when the seat is to act.  An event is what the last action
// did, filtered for the seat that reads it (the card drawn from the stock is shown to
// the drawer only).
#pragma once

#include <optional>

#include "parlour/core/json.hpp"
#include "parlour/gin/game.hpp"
#include "parlour/gin/match.hpp"
#include "parlour/gin/observation.hpp"
#include "parlour/gin/round.hpp"
#include "parlour/gin/rules.hpp"

namespace parlour::gin {

inline constexpr int kSnapshotVersion = 1;

core::Json rules_to_json(const Rules& rules);
Rules rules_from_json(const core::JsonReader& in);
core::Json result_to_json(const RoundResult& result);
RoundResult result_from_json(const core::JsonReader& in, bool legacy = false);

// The state part of a Round snapshot, and the whole envelope.
core::Json round_state_to_json(const RoundState& state);
RoundState round_state_from_json(const core::JsonReader& in, const Rules& rules, bool legacy = false,
                                 bool with_event = false);
core::Json round_to_json(const Round& round);
Round round_from_json(const core::Json& doc);

core::Json observation_to_json(const Observation& obs);
Observation observation_from_json(const core::Json& doc);

// A match game: {"game": "gin", "version": 1, "rules": ..., "state": {"first_dealer",
// "hands": [results], "round": <round state>, "rng": [4 hex words]}}.
core::Json game_to_json(const Game& game);
Game game_from_json(const core::Json& doc);

// The event of the last action of `round` (the hand it was played in), as `seat` may
// see it (nullopt: anyone else).
core::Json event_to_json(const RoundEvent& event, const Round& round, std::optional<Player> seat);
// The same for a match game (the finished hand and the match scores when it ended one).
core::Json event_to_json(const GameEvent& event, const Game& game, std::optional<Player> seat);

}  // namespace parlour::gin
