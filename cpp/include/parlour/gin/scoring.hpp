// parlour::gin scoring — layoffs, the result of a hand, and the result of a match.
//
// Rules (the rule card; Perl's Game::Gin::Scoring 0.01 on CPAN for layoffs and matches):
//   - After a knock that is not gin, the defender lays cards off on the knocker's
//     melds: the fourth card of a 3-set, or cards extending a run at either end,
//     chained (8 then 9 onto 5-6-7).  No layoffs against gin or big gin.
//   - The defender's deadwood is the JOINT optimum over its layoffs and its own
//     melds: it may break a meld of its own to lay a card off when that lowers its
//     count (laying off only the cards left over by its own best arrangement can
//     turn an undercut into a loss).  Laying off is searched, never greedy.
//   - Knock: the knocker scores defender - knocker deadwood.  Undercut: when the
//     defender's deadwood is lower, or equal under Rules::undercut_on_tie, the
//     defender scores the difference + undercut_bonus (with undercut_on_tie off a
//     tie is a knock worth 0).  Gin: gin_bonus + the defender's whole deadwood.  Big
//     gin (11 cards melded): big_gin_bonus + the defender's deadwood.  A dead hand
//     scores nothing.
//   - A match (Game::Gin::Scoring's match_result): the winner is the first to reach the target
//     (hand points, plus box bonuses at once under immediate_boxes); then each hand
//     won pays box_bonus, the winner gets game_bonus, and a shutout (the loser won
//     no hand) applies Rules::shutout.  A dead hand pays no box and breaks no
//     shutout.  The totals can invert: the winner is who reached the target.
#pragma once

#include <array>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "parlour/gin/deadwood.hpp"
#include "parlour/gin/meld.hpp"
#include "parlour/gin/player.hpp"
#include "parlour/gin/rules.hpp"

namespace parlour::gin {

enum class ResultKind : std::uint8_t { Dead = 0, Knock = 1, Undercut = 2, Gin = 3, BigGin = 4 };

// The outcome of one hand, independent of the bonus values: points(rules) prices it.
class RoundResult {
 public:
  // A dead hand (the stock ran down to two cards).
  RoundResult() noexcept = default;
  // Validated raw constructor (for snapshots): InvalidValue when the fields do not
  // fit the kind (a DEAD result with a knocker, a KNOCK whose defender holds less,
  // an UNDERCUT whose defender holds more, gin with deadwood or layoffs, ...).
  RoundResult(ResultKind kind, std::optional<Player> knocker, int knocker_deadwood, int defender_deadwood,
              CardSet laid_off);
  static RoundResult dead() noexcept { return RoundResult(); }
  // A knock settled: KNOCK, or UNDERCUT when the defender holds less (or the same
  // under rules.undercut_on_tie).  InvalidValue on deadwoods out of range.
  static RoundResult knock(Player knocker, int knocker_deadwood, int defender_deadwood, CardSet laid_off,
                           const Rules& rules);
  static RoundResult gin(Player knocker, int defender_deadwood);
  static RoundResult big_gin(Player knocker, int defender_deadwood);

  [[nodiscard]] ResultKind kind() const noexcept { return kind_; }
  [[nodiscard]] std::optional<Player> knocker() const noexcept { return knocker_; }
  [[nodiscard]] std::optional<Player> defender() const noexcept;
  [[nodiscard]] std::optional<Player> winner() const noexcept;
  [[nodiscard]] std::optional<Player> loser() const noexcept;
  [[nodiscard]] int knocker_deadwood() const noexcept { return knocker_deadwood_; }
  [[nodiscard]] int defender_deadwood() const noexcept { return defender_deadwood_; }
  [[nodiscard]] CardSet laid_off() const noexcept { return laid_off_; }
  // The points the winner scores under `rules` (0 for a dead hand); InvalidValue
  // for a big gin under rules that disable it.
  [[nodiscard]] int points(const Rules& rules) const;

  [[nodiscard]] std::string repr() const;
  friend bool operator==(const RoundResult&, const RoundResult&) = default;

 private:
  ResultKind kind_ = ResultKind::Dead;
  std::optional<Player> knocker_{};
  int knocker_deadwood_ = 0;
  int defender_deadwood_ = 0;
  CardSet laid_off_{};
};

// The best layoff of `cards` onto `melds`.
struct Layoff {
  CardSet laid;                  // every card laid off
  std::vector<CardSet> laid_on;  // per meld (same index as the input): the cards laid on it;
                                 // on a run, lay them nearest the meld first (8 before 9
                                 // onto 5-6-7), as Meld::extended requires
  std::vector<Meld> melds;       // the grown melds, same order as the input
  Melds remaining;               // the cards kept, arranged optimally among themselves
  int deadwood = 0;              // remaining.deadwood()
  friend bool operator==(const Layoff&, const Layoff&) = default;
};

// The layoff of `cards` (at most 11, disjoint from the melds) onto the disjoint
// `melds` that leaves the least deadwood, the kept cards melded optimally among
// themselves (the joint optimum: a card may leave one of the defender's own melds to
// be laid off).  Ties: more cards laid off, then the first found (melds in order;
// for each: none, then the 4th card of a set, then run extensions from shortest,
// low end before high end).  gin.ArrangeError on overlapping or oversized input.
Layoff best_layoff(CardSet cards, std::span<const Meld> melds);

// settle(): who won a hand and by how much.
struct Settlement {
  RoundResult result;
  int points = 0;            // result.points(rules)
  std::vector<Meld> spread;  // the knocker's melds after the layoffs
  Melds defender_melds;      // the defender's kept cards, arranged optimally
  friend bool operator==(const Settlement&, const Settlement&) = default;
};

// Settle a hand from the knocker's arrangement (10 cards after the discard, or 11
// fully melded for big gin) and the defender's cards: gin at zero deadwood (big gin
// with 11 cards, InvalidValue when the rules disable it), else a knock with the
// defender's best layoff.  InvalidValue when the knocker's deadwood exceeds
// rules.knock_limit; gin.ArrangeError when the hands overlap.
Settlement settle(const Melds& knocker_melds, CardSet defender_cards, const Rules& rules, Player knocker);

struct MatchResult {
  std::optional<Player> winner;  // who reached the target first; none if nobody did
  std::optional<Player> loser;
  std::array<int, 2> hand_points{};  // the points of the hands each player won
  std::array<int, 2> hands_won{};    // dead hands count for nobody
  std::array<int, 2> boxes{};        // box bonuses: box_bonus x hands won
  bool shutout = false;              // the loser won no hand
  std::array<int, 2> totals{};       // the final scores with every bonus
  int target = kTarget;
  int hands_played = 0;  // hands up to and including the deciding one
  friend bool operator==(const MatchResult&, const MatchResult&) = default;
};

// The result of a match from its hands in order, under `rules`, to `target`
// (rules.game_target when empty).  InvalidValue when a hand follows the one that
// decided the match, or for a target below 1.
MatchResult match_result(std::span<const RoundResult> hands, const Rules& rules, std::optional<int> target);

// Checks a value read from outside (a pickle): InvalidValue naming the first thing no
// layoff, settlement or match gives — a card laid off that is not on its meld, a
// deadwood that is not the kept cards', hands won that outnumber the hands played, a
// negative score.
void validate(const Layoff& layoff);
void validate(const Settlement& settlement);
void validate(const MatchResult& result);

}  // namespace parlour::gin
