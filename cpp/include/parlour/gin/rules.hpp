// parlour::gin::Rules — the scoring and knocking rules of a game of gin rummy.
//
// Fields (every one validated, InvalidValue on a bad value):
//   knock_limit      0..10, the most deadwood a knock may keep (0: straight gin)
//   oklahoma         none, or OklahomaAce::One / GinOnly: the limit of a round becomes
//                    min(knock_limit, value of the opening upcard); an Ace upcard
//                    means 1 (One) or gin only (GinOnly)
//   gin_bonus        >= 0, paid on top of the defender's deadwood for gin
//   big_gin_bonus    none (big gin disabled) or >= 0, for all 11 cards melded
//   undercut_bonus   >= 0, paid on top of the difference to an undercutting defender
//   undercut_on_tie  whether equal deadwood is an undercut (else the knocker wins 0)
//   box_bonus        >= 0, paid per hand won at the end of the match
//   immediate_boxes  whether box bonuses count at once (towards the target)
//   game_bonus       >= 0, paid to the match winner
//   game_target      >= 1, the score a match runs to
//   shutout          none, or Shutout: DoubleTotal (the winner's total doubled),
//                    DoubleHandPoints (the winner's hand points doubled before the
//                    boxes are added, as Game::Gin and ginrummy.com do) or Flat(n)
//   alternate_dealer who deals the next hand of a match: false, the winner of the
//                    hand (the rule card); true, the other player, so the first turn
//                    alternates from hand to hand (the EAAI competition's GinRummyGame).
//                    Either way a dead hand is redealt by the same dealer.
//
// Presets (knock / gin / big gin / undercut / tie / box / game / shutout):
//   Rules{} = card()  the rule card:           10 / 25 / off / 25 / yes / 0 / 0 / none
//   modern()          gin-rummy crate default, Wikipedia: 10 / 25 / 31 / 25 / yes / 25 / 100 / double total
//   classic()         Pagat, Bicycle:          10 / 20 / off / 10 / yes / 20 / 100 / flat 100
//   palace()          10 / 25 / off / 20 / yes / 10 immediate / 0 / none
//   eaai()            the EAAI Gin Rummy competition (Neller, AAAI 2021): the rule
//                     card's scoring (10 / 25 / off / 25 / yes / 0 / 0 / none) with
//                     alternate_dealer: the first player alternates from hand to hand
// Every preset plays to 100.  The constants of Perl's Game::Gin::Scoring are below.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "parlour/core/card.hpp"

namespace parlour::gin {

// Game::Gin::Scoring 0.01 (CPAN) constants: the modern set, as Wikipedia states it.
inline constexpr int kGinBonus = 25;
inline constexpr int kUndercutBonus = 25;
inline constexpr int kBigGinBonus = 31;
inline constexpr int kTarget = 100;
inline constexpr int kBoxBonus = 25;
inline constexpr int kGameBonus = 100;

enum class OklahomaAce : std::uint8_t { One = 0, GinOnly = 1 };

class Shutout {
 public:
  enum class Kind : std::uint8_t { DoubleTotal = 0, DoubleHandPoints = 1, Flat = 2 };
  static constexpr Shutout double_total() noexcept { return Shutout(Kind::DoubleTotal, 0); }
  static constexpr Shutout double_hand_points() noexcept { return Shutout(Kind::DoubleHandPoints, 0); }
  // InvalidValue for a negative amount.
  static Shutout flat(int amount);
  [[nodiscard]] constexpr Kind kind() const noexcept { return kind_; }
  [[nodiscard]] constexpr int amount() const noexcept { return amount_; }
  [[nodiscard]] std::string repr() const;  // "Shutout.flat(100)"
  friend constexpr bool operator==(Shutout, Shutout) noexcept = default;

 private:
  constexpr Shutout(Kind k, int a) noexcept : kind_(k), amount_(a) {}
  Kind kind_;
  int amount_;
};

struct Rules {
  int knock_limit = 10;
  std::optional<OklahomaAce> oklahoma{};
  int gin_bonus = 25;
  std::optional<int> big_gin_bonus{};
  int undercut_bonus = 25;
  bool undercut_on_tie = true;
  int box_bonus = 0;
  bool immediate_boxes = false;
  int game_bonus = 0;
  int game_target = 100;
  std::optional<Shutout> shutout{};
  bool alternate_dealer = false;

  static Rules card() { return Rules{}; }
  static Rules modern();
  static Rules classic();
  static Rules palace();
  static Rules eaai();

  // InvalidValue naming the first field out of its domain.
  void validate() const;
  // The knock limit of a round whose opening upcard is `upcard`: knock_limit, or
  // under Oklahoma min(knock_limit, the upcard's value) (an Ace: 1, or 0 = gin only).
  [[nodiscard]] int knock_limit_for(core::Card upcard) const noexcept;
  // "Rules(knock_limit=10, ...)" with the fields that differ from Rules().
  [[nodiscard]] std::string repr() const;

  friend bool operator==(const Rules&, const Rules&) = default;
};

}  // namespace parlour::gin
