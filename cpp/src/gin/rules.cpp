#include "parlour/gin/rules.hpp"

#include "parlour/core/errors.hpp"

namespace parlour::gin {

Shutout Shutout::flat(int amount) {
  if (amount < 0) throw core::InvalidValue("Shutout.flat(amount) needs amount >= 0, got " + std::to_string(amount));
  return Shutout(Kind::Flat, amount);
}

std::string Shutout::repr() const {
  switch (kind_) {
    case Kind::DoubleTotal: return "Shutout.double_total()";
    case Kind::DoubleHandPoints: return "Shutout.double_hand_points()";
    case Kind::Flat: break;
  }
  return "Shutout.flat(" + std::to_string(amount_) + ")";
}

Rules Rules::modern() {
  Rules r;
  r.big_gin_bonus = kBigGinBonus;
  r.box_bonus = kBoxBonus;
  r.game_bonus = kGameBonus;
  r.shutout = Shutout::double_total();
  return r;
}

Rules Rules::classic() {
  Rules r;
  r.gin_bonus = 20;
  r.undercut_bonus = 10;
  r.box_bonus = 20;
  r.game_bonus = 100;
  r.shutout = Shutout::flat(100);
  return r;
}

Rules Rules::palace() {
  Rules r;
  r.undercut_bonus = 20;
  r.box_bonus = 10;
  r.immediate_boxes = true;
  return r;
}

Rules Rules::eaai() {
  Rules r;
  r.alternate_dealer = true;
  return r;
}

namespace {
void non_negative(const char* name, int v) {
  if (v < 0) throw core::InvalidValue(std::string("Rules.") + name + " must be >= 0, got " + std::to_string(v));
}
}  // namespace

void Rules::validate() const {
  if (knock_limit < 0 || knock_limit > 10)
    throw core::InvalidValue("Rules.knock_limit must be in 0 .. 10 (0 is straight gin), got " +
                             std::to_string(knock_limit));
  non_negative("gin_bonus", gin_bonus);
  if (big_gin_bonus) non_negative("big_gin_bonus", *big_gin_bonus);
  non_negative("undercut_bonus", undercut_bonus);
  non_negative("box_bonus", box_bonus);
  non_negative("game_bonus", game_bonus);
  if (game_target < 1) throw core::InvalidValue("Rules.game_target must be >= 1, got " + std::to_string(game_target));
  if (shutout && shutout->kind() == Shutout::Kind::Flat) non_negative("shutout amount", shutout->amount());
}

int Rules::knock_limit_for(core::Card upcard) const noexcept {
  if (!oklahoma) return knock_limit;
  int cap = upcard.rank() >= 10 ? 10 : upcard.rank();
  if (upcard.rank() == 1 && *oklahoma == OklahomaAce::GinOnly) cap = 0;
  return cap < knock_limit ? cap : knock_limit;
}

std::string Rules::repr() const {
  const Rules d;
  std::string s;
  auto add = [&s](const std::string& field) {
    if (!s.empty()) s += ", ";
    s += field;
  };
  auto opt_int = [](const std::optional<int>& v) { return v ? std::to_string(*v) : std::string("None"); };
  if (knock_limit != d.knock_limit) add("knock_limit=" + std::to_string(knock_limit));
  if (oklahoma != d.oklahoma)
    add(std::string("oklahoma=") + (*oklahoma == OklahomaAce::One ? "OklahomaAce.ONE" : "OklahomaAce.GIN_ONLY"));
  if (gin_bonus != d.gin_bonus) add("gin_bonus=" + std::to_string(gin_bonus));
  if (big_gin_bonus != d.big_gin_bonus) add("big_gin_bonus=" + opt_int(big_gin_bonus));
  if (undercut_bonus != d.undercut_bonus) add("undercut_bonus=" + std::to_string(undercut_bonus));
  if (undercut_on_tie != d.undercut_on_tie) add(std::string("undercut_on_tie=") + (undercut_on_tie ? "True" : "False"));
  if (box_bonus != d.box_bonus) add("box_bonus=" + std::to_string(box_bonus));
  if (immediate_boxes != d.immediate_boxes) add(std::string("immediate_boxes=") + (immediate_boxes ? "True" : "False"));
  if (game_bonus != d.game_bonus) add("game_bonus=" + std::to_string(game_bonus));
  if (game_target != d.game_target) add("game_target=" + std::to_string(game_target));
  if (shutout != d.shutout) add("shutout=" + shutout->repr());
  if (alternate_dealer != d.alternate_dealer)
    add(std::string("alternate_dealer=") + (alternate_dealer ? "True" : "False"));
  return "Rules(" + s + ")";
}

}  // namespace parlour::gin
