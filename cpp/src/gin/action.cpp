#include "parlour/gin/action.hpp"

#include <cctype>
#include <vector>

#include "parlour/core/cardset.hpp"
#include "parlour/core/errors.hpp"

namespace parlour::gin {

const char* action_kind_name(ActionKind k) noexcept {
  switch (k) {
    case ActionKind::Pass: return "PASS";
    case ActionKind::TakeDiscard: return "TAKE_DISCARD";
    case ActionKind::DrawStock: return "DRAW_STOCK";
    case ActionKind::Discard: return "DISCARD";
    case ActionKind::Knock: return "KNOCK";
    case ActionKind::BigGin: return "BIG_GIN";
    case ActionKind::LayOff: return "LAY_OFF";
    case ActionKind::FinishLayoffs: return "FINISH_LAYOFFS";
  }
  return "?";
}

namespace {

Action with_melds(Action a, std::span<const Meld> melds) {
  if (melds.size() > static_cast<std::size_t>(kSpreadSlots))
    throw core::InvalidValue("an arrangement spreads at most 3 melds, got " + std::to_string(melds.size()));
  return a;
}

std::vector<std::string> tokens(std::string_view text) {
  std::vector<std::string> out;
  std::string cur;
  for (char ch : text) {
    if (std::isspace(static_cast<unsigned char>(ch)) != 0 || ch == ',') {
      if (!cur.empty()) out.push_back(std::move(cur)), cur.clear();
    } else {
      cur.push_back(ch);
    }
  }
  if (!cur.empty()) out.push_back(std::move(cur));
  return out;
}

std::string lower(std::string s) {
  for (char& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}

[[noreturn]] void bad(std::string_view text, const std::string& why) {
  throw core::ParseError("not an action: " + core::quote(text) + " (" + why + ")");
}

}  // namespace

Action Action::knock(Card c, std::span<const Meld> melds) {
  Action a = with_melds(Action(ActionKind::Knock, c), melds);
  for (std::size_t i = 0; i < melds.size(); ++i) a.melds_[i] = melds[i];
  a.meld_count_ = static_cast<std::uint8_t>(melds.size());
  a.has_melds_ = true;
  return a;
}

Action Action::big_gin(std::span<const Meld> melds) {
  Action a = with_melds(Action(ActionKind::BigGin), melds);
  for (std::size_t i = 0; i < melds.size(); ++i) a.melds_[i] = melds[i];
  a.meld_count_ = static_cast<std::uint8_t>(melds.size());
  a.has_melds_ = true;
  return a;
}

Action Action::lay_off(Card c, int meld) {
  if (meld < 0 || meld >= kSpreadSlots)
    throw core::InvalidValue("a layoff names meld 0, 1 or 2 of the spread, got " + std::to_string(meld));
  Action a(ActionKind::LayOff, c);
  a.meld_ = static_cast<std::uint8_t>(meld);
  return a;
}

Action Action::from_id(int id) {
  if (id < 0 || id >= kActionCount)
    throw core::InvalidValue("not an action id: " + std::to_string(id) + " (ids are 0 .. " +
                             std::to_string(kActionCount - 1) + ")");
  if (id == kIdPass) return pass();
  if (id == kIdTakeDiscard) return take_discard();
  if (id == kIdDrawStock) return draw_stock();
  if (id < kIdKnock) return discard(Card::from_index_unchecked(id - kIdDiscard));
  if (id < kIdBigGin) return knock(Card::from_index_unchecked(id - kIdKnock));
  if (id == kIdBigGin) return big_gin();
  if (id < kIdFinishLayoffs) {
    const int k = id - kIdLayOff;
    return lay_off(Card::from_index_unchecked(k / kSpreadSlots), k % kSpreadSlots);
  }
  return finish_layoffs();
}

int Action::id() const noexcept {
  switch (kind_) {
    case ActionKind::Pass: return kIdPass;
    case ActionKind::TakeDiscard: return kIdTakeDiscard;
    case ActionKind::DrawStock: return kIdDrawStock;
    case ActionKind::Discard: return kIdDiscard + card_.index();
    case ActionKind::Knock: return kIdKnock + card_.index();
    case ActionKind::BigGin: return kIdBigGin;
    case ActionKind::LayOff: return kIdLayOff + kSpreadSlots * card_.index() + meld_;
    case ActionKind::FinishLayoffs: return kIdFinishLayoffs;
  }
  return 0;
}

std::string Action::str() const {
  std::string s;
  switch (kind_) {
    case ActionKind::Pass: return "pass";
    case ActionKind::TakeDiscard: return "take discard";
    case ActionKind::DrawStock: return "draw stock";
    case ActionKind::Discard: return "discard " + card_.str();
    case ActionKind::Knock: s = "knock " + card_.str(); break;
    case ActionKind::BigGin: s = "big gin"; break;
    case ActionKind::LayOff: return "lay off " + card_.str() + " on " + std::to_string(meld_);
    case ActionKind::FinishLayoffs: return "finish layoffs";
  }
  if (has_melds_) {
    s += " with";
    for (const Meld& m : melds()) {
      s += ' ';
      for (Card c : m.cards()) s += c.str();
    }
  }
  return s;
}

bool operator==(const Action& a, const Action& b) noexcept {
  if (a.kind_ != b.kind_ || a.has_melds_ != b.has_melds_) return false;
  if (a.has_card() && a.card_ != b.card_) return false;
  if (a.kind_ == ActionKind::LayOff && a.meld_ != b.meld_) return false;
  if (!a.has_melds_) return true;
  if (a.meld_count_ != b.meld_count_) return false;
  for (int i = 0; i < a.meld_count_; ++i)
    if (a.melds_[static_cast<std::size_t>(i)] != b.melds_[static_cast<std::size_t>(i)]) return false;
  return true;
}

Action Action::parse(std::string_view text) {
  const std::vector<std::string> raw = tokens(text);
  std::vector<std::string> t;
  t.reserve(raw.size());
  for (const auto& r : raw) t.push_back(lower(r));
  if (t.empty()) bad(text, "empty");
  auto card_at = [&](std::size_t i) {
    if (i >= raw.size()) bad(text, "a card is missing");
    try {
      return Card::parse(raw[i]);
    } catch (const core::Error&) { bad(text, "not a card: " + core::quote(raw[i])); }
  };
  auto melds_from = [&](std::size_t i) {
    std::vector<Meld> ms;
    if (i >= t.size()) return ms;
    if (t[i] != "with") bad(text, "expected 'with' and the melds after the card");
    if (i + 1 >= t.size()) bad(text, "no melds after 'with'");
    for (std::size_t j = i + 1; j < raw.size(); ++j) {
      try {
        ms.push_back(Meld::from_cards(CardSet::parse(raw[j])));
      } catch (const core::Error& e) { bad(text, "not a meld: " + core::quote(raw[j]) + ": " + e.what()); }
    }
    if (ms.size() > static_cast<std::size_t>(kSpreadSlots)) bad(text, "more than 3 melds");
    return ms;
  };
  const std::string& w = t[0];
  if (w == "pass" && t.size() == 1) return pass();
  if (w == "take" && (t.size() == 1 || (t.size() == 2 && t[1] == "discard"))) return take_discard();
  if (w == "draw" && (t.size() == 1 || (t.size() == 2 && t[1] == "stock"))) return draw_stock();
  if (w == "discard" && t.size() == 2) return discard(card_at(1));
  if (w == "knock" && t.size() >= 2) {
    const Card c = card_at(1);
    if (t.size() == 2) return knock(c);
    const auto ms = melds_from(2);
    return knock(c, ms);
  }
  std::size_t next = 0;
  if (w == "big" && t.size() >= 2 && t[1] == "gin") next = 2;
  if (w == "biggin" || w == "big_gin") next = 1;
  if (next != 0) {
    if (t.size() == next) return big_gin();
    const auto ms = melds_from(next);
    return big_gin(ms);
  }
  std::size_t at = 0;
  if (w == "lay" && t.size() >= 2 && t[1] == "off") at = 2;
  if (w == "layoff" || w == "lay_off") at = 1;
  if (at != 0) {
    const Card c = card_at(at);
    std::size_t k = at + 1;
    if (k < t.size() && t[k] == "on") ++k;
    if (k + 1 != t.size()) bad(text, "expected 'lay off <card> on <meld index>'");
    const std::string& n = t[k];
    if (n.size() != 1 || n[0] < '0' || n[0] > '2') bad(text, "the meld index is 0, 1 or 2, got " + core::quote(raw[k]));
    return lay_off(c, n[0] - '0');
  }
  if (w == "finish" && (t.size() == 1 || (t.size() == 2 && (t[1] == "layoffs" || t[1] == "layoff"))))
    return finish_layoffs();
  bad(text,
      "expected pass, take discard, draw stock, discard <card>, knock <card> [with <melds>], big gin, "
      "lay off <card> on <meld>, or finish layoffs");
}

}  // namespace parlour::gin
