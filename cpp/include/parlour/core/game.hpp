// parlour::core::Game — the one shape of a game in the engine: what gin's Round and
// Game, Yahtzee's Game and FreeCell's Game all are (each has a static_assert beside it),
// and what the bindings bind once for every game (cpp/bindings/protocol.hpp), as
// parlour.protocol.Game in Python.
//
//   G::Action             the game's action; every action has a fixed id in
//                         0 .. G::kNumActions - 1
//   G::LegalIds           a buffer for the legal ids: std::array<std::uint16_t, n>
//   num_players()         the number of seats
//   current_player()      the seat to act; none once the game is over
//   legal_ids(ids)        writes the legal action ids, ascending; returns how many
//   can_apply(a)          whether apply(a) would be accepted (no exception)
//   why_not(a)            none when apply(a) would be accepted, else the reason: the
//                         message apply(a) would throw
//   apply(a)              does it, or throws a core::Error and changes nothing
//   observe(g, seat)      what a seat may see (seat none: a spectator), a function of
//                         the game's namespace (found by argument-dependent lookup)
//   last_event()          what the last accepted action did; none before the first
//   returns()             one number per seat, in points
//   is_terminal()         whether the game is over
//
// The legality contract: for every id, can_apply(action of id) is true, and why_not
// none, exactly when legal_ids lists the id; apply accepts exactly those actions.
// (Tests check it over random positions of every game: tests/test_legality.py.)
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <ranges>
#include <string>

namespace parlour::core {

template <class G>
concept Game =
    requires(G& game, const G& g, const typename G::Action& a, typename G::LegalIds& ids, std::optional<int> seat) {
      { G::kNumActions } -> std::convertible_to<int>;
      requires std::same_as<typename G::LegalIds::value_type, std::uint16_t>;
      requires std::tuple_size<typename G::LegalIds>::value > 0;
      { g.num_players() } -> std::convertible_to<int>;
      { g.current_player().has_value() } -> std::same_as<bool>;
      { g.legal_ids(ids) } -> std::same_as<int>;
      { g.can_apply(a) } -> std::same_as<bool>;
      { g.why_not(a) } -> std::same_as<std::optional<std::string>>;
      game.apply(a);
      observe(g, seat);
      { static_cast<bool>(g.last_event()) } -> std::same_as<bool>;
      { g.returns() } -> std::ranges::sized_range;
      { g.is_terminal() } -> std::same_as<bool>;
    };

}  // namespace parlour::core
