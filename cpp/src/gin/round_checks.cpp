// The checks of gin's Round: one per named action (check_<op>, the RoundError variant
// of the gin-rummy crate, Ok when legal), the refusal of any action, and the message and
// exception of a refused one (why_not, and what the actions throw); the names of the
// phases and of the refusals.
#include <string>

#include "parlour/core/errors.hpp"
#include "parlour/gin/round.hpp"

namespace parlour::gin {

namespace {

const char* player_name(Player p) noexcept { return p == Player::One ? "Player.ONE" : "Player.TWO"; }

}  // namespace

const char* phase_name(Phase p) noexcept {
  switch (p) {
    case Phase::Upcard: return "UPCARD";
    case Phase::Draw: return "DRAW";
    case Phase::Discard: return "DISCARD";
    case Phase::Layoff: return "LAYOFF";
    case Phase::Finished: return "FINISHED";
  }
  return "?";
}

const char* round_error_name(RoundError e) noexcept {
  switch (e) {
    case RoundError::Ok: return "Ok";
    case RoundError::WrongPhase: return "WrongPhase";
    case RoundError::MustDrawFromStock: return "MustDrawFromStock";
    case RoundError::NotInHand: return "NotInHand";
    case RoundError::DiscardJustTaken: return "DiscardJustTaken";
    case RoundError::TooMuchDeadwood: return "TooMuchDeadwood";
    case RoundError::MeldsMismatch: return "MeldsMismatch";
    case RoundError::NotBigGin: return "NotBigGin";
    case RoundError::BigGinDisabled: return "BigGinDisabled";
    case RoundError::NoSuchMeld: return "NoSuchMeld";
    case RoundError::CannotLayOff: return "CannotLayOff";
  }
  return "?";
}

RoundError Round::check_pass() const noexcept {
  return phase_ == Phase::Upcard ? RoundError::Ok : RoundError::WrongPhase;
}

RoundError Round::check_take_discard() const noexcept {
  if (phase_ == Phase::Upcard) return RoundError::Ok;
  if (phase_ != Phase::Draw) return RoundError::WrongPhase;
  if (forced_stock_draw()) return RoundError::MustDrawFromStock;
  return RoundError::Ok;
}

RoundError Round::check_draw_stock() const noexcept {
  return phase_ == Phase::Draw ? RoundError::Ok : RoundError::WrongPhase;
}

RoundError Round::check_discard(Card c) const noexcept {
  if (phase_ != Phase::Discard) return RoundError::WrongPhase;
  if (!hands_[idx(turn_)].contains(c)) return RoundError::NotInHand;
  if (has_taken_ && c == taken_) return RoundError::DiscardJustTaken;
  return RoundError::Ok;
}

RoundError Round::check_knock(Card c) const noexcept {
  if (const RoundError e = check_discard(c); e != RoundError::Ok) return e;
  if (deadwood(hands_[idx(turn_)] - c) > knock_limit_) return RoundError::TooMuchDeadwood;
  return RoundError::Ok;
}

RoundError Round::check_arrangement(CardSet cards, std::span<const Meld> melds, int& dw) const noexcept {
  if (melds.size() > static_cast<std::size_t>(kSpreadSlots)) return RoundError::MeldsMismatch;
  CardSet used;
  for (const Meld& m : melds) {
    if (!Meld::is_meld(m.cards()) || !m.cards().is_subset_of(cards) || !m.cards().is_disjoint(used))
      return RoundError::MeldsMismatch;
    used |= m.cards();
  }
  dw = cards_value(cards - used);
  return RoundError::Ok;
}

RoundError Round::check_knock(Card c, std::span<const Meld> melds) const noexcept {
  if (const RoundError e = check_discard(c); e != RoundError::Ok) return e;
  int dw = 0;
  if (const RoundError e = check_arrangement(hands_[idx(turn_)] - c, melds, dw); e != RoundError::Ok) return e;
  if (dw > knock_limit_) return RoundError::TooMuchDeadwood;
  return RoundError::Ok;
}

RoundError Round::check_big_gin() const noexcept {
  if (phase_ != Phase::Discard) return RoundError::WrongPhase;
  if (!rules_.big_gin_bonus) return RoundError::BigGinDisabled;
  if (deadwood(hands_[idx(turn_)]) != 0) return RoundError::NotBigGin;
  return RoundError::Ok;
}

RoundError Round::check_big_gin(std::span<const Meld> melds) const noexcept {
  if (phase_ != Phase::Discard) return RoundError::WrongPhase;
  if (!rules_.big_gin_bonus) return RoundError::BigGinDisabled;
  int dw = 0;
  if (const RoundError e = check_arrangement(hands_[idx(turn_)], melds, dw); e != RoundError::Ok) return e;
  if (dw != 0) return RoundError::NotBigGin;
  return RoundError::Ok;
}

RoundError Round::check_lay_off(Card c, int index) const noexcept {
  if (phase_ != Phase::Layoff) return RoundError::WrongPhase;
  if (!hands_[idx(turn_)].contains(c)) return RoundError::NotInHand;
  if (index < 0 || index >= spread_n_) return RoundError::NoSuchMeld;
  if (!spread_[static_cast<std::size_t>(index)].extensions().contains(c)) return RoundError::CannotLayOff;
  return RoundError::Ok;
}

RoundError Round::check_finish_layoffs() const noexcept {
  return phase_ == Phase::Layoff ? RoundError::Ok : RoundError::WrongPhase;
}

RoundError Round::refusal(const Action& a) const noexcept {
  switch (a.kind()) {
    case ActionKind::Pass: return check_pass();
    case ActionKind::TakeDiscard: return check_take_discard();
    case ActionKind::DrawStock: return check_draw_stock();
    case ActionKind::Discard: return check_discard(a.card());
    case ActionKind::Knock: return a.has_melds() ? check_knock(a.card(), a.melds()) : check_knock(a.card());
    case ActionKind::BigGin: return a.has_melds() ? check_big_gin(a.melds()) : check_big_gin();
    case ActionKind::LayOff: return check_lay_off(a.card(), a.meld());
    case ActionKind::FinishLayoffs: return check_finish_layoffs();
  }
  return RoundError::WrongPhase;
}

std::optional<std::string> Round::why_not(const Action& a) const {
  const RoundError e = refusal(a);
  if (e == RoundError::Ok) return std::nullopt;
  return refusal_message(e, a);
}

void Round::refuse(RoundError e, const Action& a) const {
  const std::string code = std::string("gin.") + round_error_name(e);
  if (e == RoundError::WrongPhase) throw core::PhaseError(refusal_message(e, a), code);
  throw core::IllegalAction(refusal_message(e, a), code);
}

std::string Round::refusal_message(RoundError e, const Action& a) const {
  const std::string act = "cannot " + a.str();
  const std::string who = player_name(turn_);
  switch (e) {
    case RoundError::Ok: break;
    case RoundError::WrongPhase: {
      std::string when;
      switch (a.kind()) {
        case ActionKind::Pass: when = "only in the UPCARD phase"; break;
        case ActionKind::TakeDiscard: when = "only in the UPCARD and DRAW phases"; break;
        case ActionKind::DrawStock: when = "only in the DRAW phase"; break;
        case ActionKind::LayOff:
        case ActionKind::FinishLayoffs: when = "only in the LAYOFF phase"; break;
        default: when = "only in the DISCARD phase"; break;
      }
      return act + ": the round is in the " + phase_name(phase_) + " phase (" + when + ")";
    }
    case RoundError::MustDrawFromStock:
      return act + ": both players passed the upcard, so " + who + " must draw from the stock";
    case RoundError::NotInHand:
      return act + ": " + a.card().str() + " is not in " + who + "'s hand '" + hands_[idx(turn_)].str() + "'";
    case RoundError::DiscardJustTaken: return act + ": " + a.card().str() + " was just taken from the discard pile";
    case RoundError::TooMuchDeadwood: {
      int dw = 0;
      if (a.has_melds()) {
        (void)check_arrangement(hands_[idx(turn_)] - a.card(), a.melds(), dw);
      } else {
        dw = deadwood(hands_[idx(turn_)] - a.card());
      }
      return act + ": " + std::to_string(dw) + " deadwood is over the knock limit of " + std::to_string(knock_limit_);
    }
    case RoundError::MeldsMismatch: {
      const CardSet cards = a.kind() == ActionKind::Knock ? hands_[idx(turn_)] - a.card() : hands_[idx(turn_)];
      return act + ": the melds are not disjoint melds of the hand '" + cards.str() + "'" +
             (a.kind() == ActionKind::Knock ? " (the hand without the discard)" : "");
    }
    case RoundError::NotBigGin: {
      int dw = 0;
      if (a.has_melds()) {
        (void)check_arrangement(hands_[idx(turn_)], a.melds(), dw);
      } else {
        dw = deadwood(hands_[idx(turn_)]);
      }
      return act + ": big gin melds all 11 cards, '" + hands_[idx(turn_)].str() + "' keeps " + std::to_string(dw) +
             " deadwood";
    }
    case RoundError::BigGinDisabled: return act + ": these rules disable big gin (big_gin_bonus is None)";
    case RoundError::NoSuchMeld:
      return act + ": the spread has " + std::to_string(spread_n_) + " meld(s), indexed 0 .. " +
             std::to_string(spread_n_ - 1);
    case RoundError::CannotLayOff:
      return act + ": " + a.card().str() + " does not extend the meld '" +
             spread_[static_cast<std::size_t>(a.meld())].str() + "'";
  }
  return act;
}

}  // namespace parlour::gin
