#include "parlour/yahtzee/state.hpp"

#include <array>
#include <cctype>

#include <string>
#include <vector>

#include "parlour/core/errors.hpp"

namespace parlour::yahtzee {

namespace {

constexpr std::array<std::string_view, kNumCategories> kNames = {
    "aces",           "twos",       "threes",         "fours",          "fives",   "sixes", "three_of_a_kind",
    "four_of_a_kind", "full_house", "small_straight", "large_straight", "yahtzee", "chance"};

std::string normalise(std::string_view text) {
  std::string s;
  for (char ch : text) {
    if (ch == ' ' || ch == '-' || ch == '_') {
      if (!s.empty() && s.back() != '_') s.push_back('_');
    } else {
      s.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(ch))));
    }
  }
  while (!s.empty() && s.back() == '_') s.pop_back();
  return s;
}

}  // namespace

Category category_from_int(long long value) {
  if (value < 0 || value >= kNumCategories)
    throw core::InvalidValue("a category must be in 0..12, got " + std::to_string(value));
  return static_cast<Category>(value);
}

std::string_view category_name(Category c) noexcept { return kNames[static_cast<std::size_t>(to_int(c))]; }

Category parse_category(std::string_view text) {
  // Separators join words: text that starts or ends with one ('-1', 'fh_') is no category.
  std::string_view t = text;
  while (!t.empty() && (t.front() == ' ' || t.front() == '\t')) t.remove_prefix(1);
  while (!t.empty() && (t.back() == ' ' || t.back() == '\t')) t.remove_suffix(1);
  const bool loose_separator =
      !t.empty() && (t.front() == '-' || t.front() == '_' || t.back() == '-' || t.back() == '_');
  const std::string s = loose_separator ? std::string() : normalise(t);
  for (int i = 0; i < kNumCategories; ++i)
    if (s == kNames[static_cast<std::size_t>(i)]) return static_cast<Category>(i);
  struct Alias {
    std::string_view name;
    Category c;
  };
  static constexpr Alias aliases[] = {{"1", Category::Aces},
                                      {"ones", Category::Aces},
                                      {"2", Category::Twos},
                                      {"3", Category::Threes},
                                      {"4", Category::Fours},
                                      {"5", Category::Fives},
                                      {"6", Category::Sixes},
                                      {"3k", Category::ThreeOfAKind},
                                      {"3_of_a_kind", Category::ThreeOfAKind},
                                      {"4k", Category::FourOfAKind},
                                      {"4_of_a_kind", Category::FourOfAKind},
                                      {"fh", Category::FullHouse},
                                      {"ss", Category::SmallStraight},
                                      {"ls", Category::LargeStraight},
                                      {"y", Category::Yahtzee},
                                      {"c", Category::Chance},
                                      {"sm_straight", Category::SmallStraight},
                                      {"lg_straight", Category::LargeStraight}};
  for (const auto& a : aliases)
    if (s == a.name) return a.c;
  throw core::ParseError("not a category: " + core::quote(text) +
                         " (expected a name like 'full_house', 'sixes', 'chance' or an alias like 'fh', '3k')");
}

Categories Categories::from_bits(long long bits) {
  if (bits < 0 || bits > kAllBits)
    throw core::InvalidValue("a category set is 13 bits (0..8191), got " + std::to_string(bits));
  return from_bits_unchecked(static_cast<std::uint32_t>(bits));
}

std::string Categories::str() const {
  if (empty()) return "-";
  std::string s;
  for (int i = 0; i < kNumCategories; ++i) {
    if (!contains(static_cast<Category>(i))) continue;
    if (!s.empty()) s += ", ";
    s += category_name(static_cast<Category>(i));
  }
  return s;
}

std::string_view joker_name(Joker j) noexcept {
  switch (j) {
    case Joker::Forced: return "forced";
    case Joker::Free: return "free";
    case Joker::None: break;
  }
  return "none";
}

Joker parse_joker(std::string_view text) {
  const std::string s = normalise(text);
  if (s == "forced") return Joker::Forced;
  if (s == "free") return Joker::Free;
  if (s == "none") return Joker::None;
  throw core::ParseError("not a joker rule: " + core::quote(text) + " (expected 'forced', 'free' or 'none')");
}

YahtzeeRules YahtzeeRules::from_code(std::uint8_t code) {
  if ((code & 3u) == 3u || code > 15u) throw core::FormatError("not a rules code: " + std::to_string(code));
  return YahtzeeRules{static_cast<Joker>(code & 3u), (code & 4u) != 0, (code & 8u) != 0};
}

std::string YahtzeeRules::str() const {
  std::string s(joker_name(joker));
  if (!yahtzee_bonus) s += "+no-yahtzee-bonus";
  if (!upper_bonus) s += "+no-upper-bonus";
  return s;
}

YahtzeeRules YahtzeeRules::parse(std::string_view text) {
  YahtzeeRules r;
  std::string_view rest = text;
  bool first = true;
  while (true) {
    const auto plus = rest.find('+');
    const std::string part = normalise(rest.substr(0, plus));
    if (first && (part == "default" || part.empty())) {
      // keep the defaults
    } else if (first && (part == "forced" || part == "free" || part == "none")) {
      r.joker = parse_joker(part);
    } else if (part == "no_yahtzee_bonus") {
      r.yahtzee_bonus = false;
    } else if (part == "no_upper_bonus") {
      r.upper_bonus = false;
    } else {
      throw core::ParseError("not a rules text: " + core::quote(text) +
                             " (expected 'forced', 'free' or 'none', optionally followed by "
                             "'+no-yahtzee-bonus' and/or '+no-upper-bonus')");
    }
    first = false;
    if (plus == std::string_view::npos) break;
    rest = rest.substr(plus + 1);
  }
  return r;
}

Categories legal_categories(Categories scored, Dice dice, const YahtzeeRules& rules) noexcept {
  const Categories open = ~scored;
  const int yf = dice.yahtzee_face();
  if (rules.joker != Joker::Forced || yf == 0 || !scored.contains(Category::Yahtzee) || open.empty()) return open;
  const auto match = static_cast<Category>(yf - 1);
  if (open.contains(match)) return Categories::of(match);
  const Categories lower = open & Categories::lower();
  if (!lower.empty()) return lower;
  return open & Categories::upper();
}

int box_value(Category c, Dice dice, Categories scored, const YahtzeeRules& rules) noexcept {
  const int natural = dice.score(c);
  const int yf = dice.yahtzee_face();
  if (yf == 0 || !scored.contains(Category::Yahtzee) || rules.joker == Joker::None) return natural;
  int joker = 0;
  switch (c) {
    case Category::FullHouse: joker = kFullHouseScore; break;
    case Category::SmallStraight: joker = kSmallStraightScore; break;
    case Category::LargeStraight: joker = kLargeStraightScore; break;
    default: return natural;
  }
  if (rules.joker == Joker::Free && !scored.contains(static_cast<Category>(yf - 1))) return natural;
  return joker;
}

std::optional<State> State::from_index(long long index) noexcept {
  if (index < 0 || index >= kIndexSize) return std::nullopt;
  const auto i = static_cast<std::uint32_t>(index);
  const State s = from_index_unchecked(i);
  if (s.upper() > max_upper(s.scored())) return std::nullopt;
  if (s.yahtzee_50() && !s.scored().contains(Category::Yahtzee)) return std::nullopt;
  return s;
}

std::optional<ScoreDelta> State::apply(Category c, Dice dice, const YahtzeeRules& rules) const noexcept {
  const Categories sc = scored();
  if (!legal_categories(dice, rules).contains(c)) return std::nullopt;
  ScoreDelta d;
  d.value = box_value(c, dice, sc, rules);
  int u = upper();
  if (is_upper(c)) {
    const int nu = std::min(kUpperBonusThreshold, u + d.value);
    if (rules.upper_bonus && u < kUpperBonusThreshold && nu >= kUpperBonusThreshold) d.upper_bonus = kUpperBonus;
    u = nu;
  }
  const bool extra = dice.yahtzee_face() != 0 && sc.contains(Category::Yahtzee);
  if (extra && yahtzee_50() && rules.yahtzee_bonus) d.yahtzee_bonus = kYahtzeeBonus;
  const bool y50 = yahtzee_50() || (c == Category::Yahtzee && d.value == kYahtzeeScore);
  d.next_index = State(sc.with(c), u, y50).index();
  return d;
}

State State::checked(Categories scored, int upper, bool yahtzee_50) {
  int most = 0;
  for (int f = 1; f <= 6; ++f)
    if (scored.bits() & (1u << (f - 1))) most += 5 * f;
  if (upper < 0 || upper > most)
    throw core::InvalidValue("no card with the boxes '" + scored.str() + "' has an upper subtotal of " +
                             std::to_string(upper) + " (0.." + std::to_string(most) + ")");
  if (yahtzee_50 && !scored.contains(Category::Yahtzee))
    throw core::InvalidValue("the Yahtzee box holds 50 only once it is filled");
  return State(scored, upper, yahtzee_50);
}

State State::parse(std::string_view text) {
  auto trim = [](std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
  };
  const std::string_view t = trim(text);
  auto lower = [](std::string_view s) {
    std::string out(s);
    for (auto& c : out) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    return out;
  };
  if (!t.empty() && t.find_first_not_of("0123456789") == std::string_view::npos) {
    if (t.size() > 9) throw core::ParseError("not a valid state index: " + core::quote(text));
    const auto s = from_index(std::stoll(std::string(t)));
    if (!s) throw core::ParseError("not a valid state index: " + core::quote(text));
    return *s;
  }
  const std::string low = lower(t);
  if (low.empty() || low == "start" || low == "-") return kStart;
  Categories filled;
  int upper = 0;
  bool y50 = false;
  // The words, split at blanks and ';' (str() separates its parts with "; ").
  std::vector<std::string_view> words;
  for (std::size_t i = 0; i < t.size();) {
    while (i < t.size() && (t[i] == ' ' || t[i] == ';' || t[i] == '\t')) ++i;
    std::size_t j = i;
    while (j < t.size() && t[j] != ' ' && t[j] != ';' && t[j] != '\t') ++j;
    if (j > i) words.push_back(t.substr(i, j - i));
    i = j;
  }
  auto read_upper = [&](std::string_view word, const std::string& digits) {
    if (digits.empty() || digits.size() > 3 || digits.find_first_not_of("0123456789") != std::string::npos)
      throw core::ParseError("bad upper subtotal " + core::quote(word) + " in state " + core::quote(text));
    upper = std::stoi(digits);
  };
  for (std::size_t k = 0; k < words.size(); ++k) {
    const std::string_view word = words[k];
    const std::string w = lower(word);
    const std::string next = k + 1 < words.size() ? lower(words[k + 1]) : std::string();
    if (w.rfind("upper=", 0) == 0) {
      read_upper(word, w.substr(6));
    } else if (w == "upper" && !next.empty() && next.find_first_not_of("0123456789") == std::string::npos) {
      read_upper(words[k + 1], next);  // str()'s "upper 12"
      ++k;
    } else if (w == "y50" || w == "yahtzee50" || w == "yahtzee_50") {
      y50 = true;
    } else if (w == "yahtzee" && next == "50") {  // str()'s "yahtzee 50"
      y50 = true;
      ++k;
    } else if (w == "scored:" || w == "-") {  // str()'s label and its empty card
      continue;
    } else {
      std::size_t a = 0;
      while (a <= word.size()) {
        std::size_t b = word.find(',', a);
        if (b == std::string_view::npos) b = word.size();
        if (b > a) filled = filled.with(parse_category(word.substr(a, b - a)));
        a = b + 1;
      }
    }
  }
  try {
    return checked(filled, upper, y50);
  } catch (const core::InvalidValue& e) {
    throw core::ParseError("inconsistent state " + core::quote(text) + ": " + e.what());
  }
}

std::string State::str() const {
  return "scored: " + scored().str() + "; upper " + std::to_string(upper()) + (yahtzee_50() ? "; yahtzee 50" : "");
}

}  // namespace parlour::yahtzee
