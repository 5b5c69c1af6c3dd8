#include "parlour/yahtzee/action.hpp"

#include "parlour/core/errors.hpp"

namespace parlour::yahtzee {

int action_id(const Action& a) noexcept {
  if (const auto* s = std::get_if<Score>(&a)) return to_int(s->category);
  return kNumCategories + std::get<Reroll>(a).keep.index();
}

Action action_from_id(long long id) {
  if (id < 0 || id >= kNumActions)
    throw core::InvalidValue("a Yahtzee action id must be in 0..222, got " + std::to_string(id));
  if (id < kNumCategories) return Score{static_cast<Category>(id)};
  return Reroll{Keep::from_index(id - kNumCategories)};
}

std::string action_str(const Action& a) {
  if (const auto* s = std::get_if<Score>(&a)) return "score " + std::string(category_name(s->category));
  const Keep k = std::get<Reroll>(a).keep;
  return "keep " + (k.size() == 0 ? std::string("-") : k.str());
}

Action parse_action(std::string_view text) {
  std::string_view t = text;
  while (!t.empty() && t.front() == ' ') t.remove_prefix(1);
  while (!t.empty() && t.back() == ' ') t.remove_suffix(1);
  const auto sp = t.find(' ');
  const std::string_view verb = t.substr(0, sp);
  const std::string_view arg = sp == std::string_view::npos ? std::string_view{} : t.substr(sp + 1);
  try {
    if (verb == "score") return Score{parse_category(arg)};
    if (verb == "keep" || verb == "reroll" || verb == "hold") {
      const Keep k = Keep::parse(arg);
      if (k.size() == kNumDice) throw core::ParseError("a reroll keeps at most four dice");
      return Reroll{k};
    }
  } catch (const core::Error& e) {
    throw core::ParseError("not a Yahtzee action: " + core::quote(text) + " (" + e.what() + ")");
  }
  throw core::ParseError("not a Yahtzee action: " + core::quote(text) +
                         " (expected 'score <category>' or 'keep <faces>', like 'keep 66')");
}

}  // namespace parlour::yahtzee
