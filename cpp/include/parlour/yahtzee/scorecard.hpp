// parlour::yahtzee::Scorecard — the box-by-box record of one player's card.
//
// The State is what matters for play; the Scorecard adds what a person reads: the
// value in each box, the uncapped upper subtotal, the upper bonus (35 once the upper
// subtotal reaches 63, when the rules have it), the number of Yahtzee bonuses (100
// each) and the total.  score(category, dice) writes a box following the rules
// (forced joker by default); an illegal write raises IllegalAction and changes nothing.
#pragma once

#include <array>
#include <optional>
#include <string>

#include "parlour/yahtzee/state.hpp"

namespace parlour::yahtzee {

class Scorecard {
 public:
  explicit Scorecard(const YahtzeeRules& rules = {}) : rules_(rules) { boxes_.fill(-1); }
  // A card from its boxes (-1 = open) and Yahtzee-bonus count; FormatError when a box
  // holds a value no roll can write there, or the bonuses are impossible.
  static Scorecard from_boxes(const YahtzeeRules& rules, const std::array<int, kNumCategories>& boxes,
                              int yahtzee_bonuses);

  [[nodiscard]] const YahtzeeRules& rules() const noexcept { return rules_; }
  [[nodiscard]] std::optional<int> get(Category c) const noexcept {
    const int v = boxes_[static_cast<std::size_t>(to_int(c))];
    return v < 0 ? std::nullopt : std::optional<int>(v);
  }
  [[nodiscard]] const std::array<int, kNumCategories>& boxes() const noexcept { return boxes_; }
  [[nodiscard]] State state() const noexcept { return state_; }
  [[nodiscard]] Categories filled() const noexcept { return state_.scored(); }
  [[nodiscard]] bool is_full() const noexcept { return state_.is_full(); }
  [[nodiscard]] int upper_subtotal() const noexcept;
  [[nodiscard]] int upper_bonus() const noexcept;
  [[nodiscard]] int lower_subtotal() const noexcept;
  [[nodiscard]] int yahtzee_bonuses() const noexcept { return yahtzee_bonuses_; }
  [[nodiscard]] int total() const noexcept;
  [[nodiscard]] Categories legal_categories(Dice dice) const noexcept { return state_.legal_categories(dice, rules_); }
  [[nodiscard]] bool can_score(Category c, Dice dice) const noexcept { return legal_categories(dice).contains(c); }
  // IllegalAction (naming the box, the dice and the legal boxes) when not legal.
  ScoreDelta score(Category c, Dice dice);
  // A plain-text card for people.
  [[nodiscard]] std::string str() const;
  friend bool operator==(const Scorecard&, const Scorecard&) noexcept = default;

 private:
  YahtzeeRules rules_;
  std::array<int, kNumCategories> boxes_{};
  int yahtzee_bonuses_ = 0;
  State state_{};
};

}  // namespace parlour::yahtzee
