// parlour::yahtzee actions — what a player does during a turn.
//
//   Score(category)  write the current dice in a box (ends the turn);
//   Reroll(keep)     keep these dice (0..4 of the current five) and reroll the rest.
//
// Integer ids (for RL frontends, fixed): Score c -> c (0..12); Reroll k -> 13 +
// k.index() (k.index() 0..209 for keeps of 0..4 dice), so ids run 0..222
// (kNumActions = 223).  Text: "score full_house", "keep 66" / "reroll 66",
// "keep -" (reroll all five).
#pragma once

#include <string>
#include <string_view>
#include <variant>

#include "parlour/yahtzee/category.hpp"
#include "parlour/yahtzee/dice.hpp"

namespace parlour::yahtzee {

inline constexpr int kNumActions = kNumCategories + kNumPartialKeeps;

struct Score {
  Category category = Category::Aces;
  friend bool operator==(const Score&, const Score&) noexcept = default;
};

struct Reroll {
  Keep keep;
  friend bool operator==(const Reroll&, const Reroll&) noexcept = default;
};

using Action = std::variant<Score, Reroll>;

int action_id(const Action& a) noexcept;
// InvalidValue outside 0..222.
Action action_from_id(long long id);
std::string action_str(const Action& a);
// ParseError for anything else than "score <category>" / "keep <faces>" / "reroll <faces>".
Action parse_action(std::string_view text);

}  // namespace parlour::yahtzee
