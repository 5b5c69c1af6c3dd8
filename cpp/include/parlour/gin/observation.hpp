// parlour::gin::Observation — what one player may see of a round (the rule card: a
// computer player sees only its own hand, the public cards, the permitted history and
// the legal actions), and the interface of a policy (a bot) that acts on it.
//
// An observation holds the player's own hand, the discard pile (top last), the cards
// the opponent is known to hold (taken from the pile and not yet discarded or laid
// off), every card each player has discarded, the stock size, the opponent's hand
// size, the phase, who acts, the knock limit, the opening upcard, the card taken this
// turn, the knocker's spread and layoffs, the result once finished, and the legal
// actions (empty unless the player is to act).  Never the opponent's hand nor the
// stock order.  It is a fixed-size value (no heap), so a policy can be asked for a
// move on every turn of a fast simulation.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>

#include "parlour/core/game.hpp"
#include "parlour/core/interrupt.hpp"
#include "parlour/core/rng.hpp"
#include "parlour/gin/action.hpp"
#include "parlour/gin/round.hpp"

namespace parlour::gin {

struct Observation {
  // The observing seat.  A spectator's observation (spectator = true) holds only the
  // public information, seen from Player.ONE's side: no hand, no legal actions.
  Player player = Player::One;
  bool spectator = false;
  Player dealer = Player::One;
  Phase phase = Phase::Upcard;
  std::optional<Player> turn{};
  Rules rules{};
  CardSet hand{};
  std::array<Card, core::kDeckSize> pile{};
  std::uint8_t pile_size = 0;
  CardSet own_known{};  // cards this player took from the pile and still holds (the opponent sees them)
  int own_hand_size = 0;
  CardSet opponent_known{};
  CardSet opponent_discards{};
  CardSet own_discards{};
  int stock_size = 0;
  int opponent_hand_size = 0;
  int knock_limit = 10;
  Card initial_upcard{};
  std::optional<Card> taken{};
  int passes = 0;
  std::optional<Player> knocker{};
  std::array<Meld, kSpreadSlots> spread{};
  std::uint8_t spread_size = 0;
  CardSet laid_off{};
  std::optional<RoundResult> result{};
  // In a match (gin::Game): the running scores toward the target; target 0 otherwise.
  std::array<int, 2> match_scores{};
  int match_target = 0;
  int hands_played = 0;
  // The legal action ids, ascending (none unless the player is to act).
  LegalIds legal_ids{};
  std::uint8_t legal_count = 0;

  [[nodiscard]] std::span<const Card> discard_pile() const noexcept { return {pile.data(), pile_size}; }
  [[nodiscard]] std::span<const Meld> spread_melds() const noexcept { return {spread.data(), spread_size}; }
  [[nodiscard]] bool is_my_turn() const noexcept { return turn && *turn == player; }
  [[nodiscard]] std::span<const std::uint16_t> legal() const noexcept { return {legal_ids.data(), legal_count}; }
  [[nodiscard]] ActionMask legal_mask() const noexcept;
  friend bool operator==(const Observation& a, const Observation& b) noexcept;
};

// What `player` may see of `round`.
Observation observe(const Round& round, Player player) noexcept;
// What a spectator may see: the public information only.
Observation observe_public(const Round& round) noexcept;
// The game protocol's form (core::Game): observe(round, Player(seat)), or
// observe_public(round) for a spectator (nullopt); InvalidValue for a seat other than
// 0 or 1.
Observation observe(const Round& round, std::optional<int> seat);

static_assert(core::Game<Round>);
// Checks that an observation could come from a round (an observation read from outside,
// e.g. JSON): InvalidValue naming the first inconsistency — cards in two places, hand
// sizes that do not fit the phase and the seat to act, cards that do not add up to a
// deck, legal action ids of the wrong kind for the phase or for cards not in the hand.
void validate(const Observation& obs);
// The same, overwriting `out` (no re-initialisation: the fast path of simulations).
void observe_into(const Round& round, Player player, Observation& out) noexcept;

// A policy (a bot): chooses a legal action from an observation in which it is to act.
// Implementations own their randomness (seeded at construction), so a policy is
// deterministic for a seed.  A policy that thinks for a while (a search) overrides
// act_until too: it asks `stop` often and throws core::Interrupted once a stop is
// requested; the loops that drive policies (play_round, play_match, the arena) call it.
class Policy {
 public:
  Policy() = default;
  Policy(const Policy&) = default;
  Policy& operator=(const Policy&) = default;
  virtual ~Policy() = default;
  virtual Action act(const Observation& obs) = 0;
  virtual Action act_until(const Observation& obs, core::StopToken& stop) {
    (void)stop;
    return act(obs);
  }
};

// Uniformly random among the legal actions (knocks with the best arrangement).
class RandomPolicy final : public Policy {
 public:
  explicit RandomPolicy(std::uint64_t seed = 0) noexcept : rng_(seed) {}
  Action act(const Observation& obs) override;

 private:
  core::Rng rng_;
};

}  // namespace parlour::gin
