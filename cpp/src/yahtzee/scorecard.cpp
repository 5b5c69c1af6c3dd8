#include "parlour/yahtzee/scorecard.hpp"

#include <algorithm>
#include <bit>
#include <cstdio>

#include "parlour/core/errors.hpp"

namespace parlour::yahtzee {

namespace {

bool possible_value(Category c, int v) {
  if (v < 0) return false;
  if (is_upper(c)) return v % upper_face(c) == 0 && v <= 5 * upper_face(c);
  switch (c) {
    case Category::ThreeOfAKind:
    case Category::FourOfAKind: return v == 0 || (v >= 5 && v <= 30);
    case Category::Chance: return v >= 5 && v <= 30;  // the sum of any five dice
    case Category::FullHouse: return v == 0 || v == kFullHouseScore;
    case Category::SmallStraight: return v == 0 || v == kSmallStraightScore;
    case Category::LargeStraight: return v == 0 || v == kLargeStraightScore;
    case Category::Yahtzee: return v == 0 || v == kYahtzeeScore;
    default: return false;
  }
}

}  // namespace

Scorecard Scorecard::from_boxes(const YahtzeeRules& rules, const std::array<int, kNumCategories>& boxes,
                                int yahtzee_bonuses) {
  Scorecard s(rules);
  unsigned mask = 0;
  int upper = 0;
  for (int c = 0; c < kNumCategories; ++c) {
    const int v = boxes[static_cast<std::size_t>(c)];
    if (v < 0) continue;
    const auto cat = static_cast<Category>(c);
    if (!possible_value(cat, v))
      throw core::FormatError("no roll writes " + std::to_string(v) + " in " + std::string(category_name(cat)));
    mask |= 1u << c;
    if (is_upper(cat)) upper += v;
  }
  const int filled = std::popcount(mask);
  const bool y50 = boxes[static_cast<std::size_t>(to_int(Category::Yahtzee))] == kYahtzeeScore;
  if (yahtzee_bonuses < 0 || (yahtzee_bonuses > 0 && (!y50 || !rules.yahtzee_bonus)) ||
      yahtzee_bonuses > std::max(0, filled - 1))
    throw core::FormatError("impossible number of Yahtzee bonuses: " + std::to_string(yahtzee_bonuses));
  s.boxes_ = boxes;
  s.yahtzee_bonuses_ = yahtzee_bonuses;
  s.state_ = State(Categories::from_bits_unchecked(mask), upper, y50);
  return s;
}

int Scorecard::upper_subtotal() const noexcept {
  int u = 0;
  for (int c = 0; c < 6; ++c) u += std::max(0, boxes_[static_cast<std::size_t>(c)]);
  return u;
}

int Scorecard::upper_bonus() const noexcept {
  return (rules_.upper_bonus && upper_subtotal() >= kUpperBonusThreshold) ? kUpperBonus : 0;
}

int Scorecard::lower_subtotal() const noexcept {
  int l = 0;
  for (int c = 6; c < kNumCategories; ++c) l += std::max(0, boxes_[static_cast<std::size_t>(c)]);
  return l;
}

int Scorecard::total() const noexcept {
  return upper_subtotal() + upper_bonus() + lower_subtotal() + kYahtzeeBonus * yahtzee_bonuses_;
}

ScoreDelta Scorecard::score(Category c, Dice dice) {
  const auto d = state_.apply(c, dice, rules_);
  if (!d) {
    const Categories legal = legal_categories(dice);
    std::string why = state_.scored().contains(c) ? "the box is already filled" : "the joker rule forces another box";
    throw core::IllegalAction("cannot score " + dice.str() + " in " + std::string(category_name(c)) + ": " + why +
                              " (legal: " + legal.str() + ")");
  }
  boxes_[static_cast<std::size_t>(to_int(c))] = d->value;
  if (d->yahtzee_bonus) ++yahtzee_bonuses_;
  state_ = d->next();
  return *d;
}

std::string Scorecard::str() const {
  static constexpr const char* labels[] = {"Aces",         "Twos",        "Threes",      "Fours",      "Fives",
                                           "Sixes",        "3 of a kind", "4 of a kind", "Full house", "Sm. straight",
                                           "Lg. straight", "Yahtzee",     "Chance"};
  std::string out;
  char line[64];
  auto row = [&](const char* label, const std::string& v) {
    std::snprintf(line, sizeof line, "%-15s %5s\n", label, v.c_str());
    out += line;
  };
  for (int c = 0; c < kNumCategories; ++c) {
    const int v = boxes_[static_cast<std::size_t>(c)];
    row(labels[c], v < 0 ? "-" : std::to_string(v));
    if (c == 5) {
      row("Upper subtotal", std::to_string(upper_subtotal()));
      row("Upper bonus", std::to_string(upper_bonus()));
    }
  }
  row("Yahtzee bonus", std::to_string(kYahtzeeBonus * yahtzee_bonuses_));
  row("Total", std::to_string(total()));
  return out;
}

}  // namespace parlour::yahtzee
