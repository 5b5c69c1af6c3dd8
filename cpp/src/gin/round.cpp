#include "parlour/gin/round.hpp"

#include <algorithm>
#include <bit>

#include "parlour/core/errors.hpp"

namespace parlour::gin {

namespace {

constexpr std::uint64_t kSuitSpread = 0x0001000100010001ull;

const char* player_name(Player p) noexcept { return p == Player::One ? "Player.ONE" : "Player.TWO"; }

// The cards of h that belong to some meld inside h (a run of 3 through it, or 3+ of its rank).
std::uint64_t meldable_mask(std::uint64_t m) noexcept {
  const std::uint64_t run = m & (m >> 1) & (m >> 2);
  const std::uint64_t in_run = run | (run << 1) | (run << 2);
  const std::uint64_t a = m & 0xFFFF, b = (m >> 16) & 0xFFFF, c = (m >> 32) & 0xFFFF, d = (m >> 48) & 0xFFFF;
  const std::uint64_t three = (a & b & c) | (a & b & d) | (a & c & d) | (b & c & d);
  return in_run | (m & (three * kSuitSpread));
}

// A lower bound of min over c of deadwood(h - c): the cards of h in no meld of h stay
// deadwood whatever is discarded, except the discarded card itself.
int knock_lower_bound(CardSet h) noexcept {
  const CardSet u = CardSet::unchecked(h.mask() & ~meldable_mask(h.mask()));
  int total = 0, top = 0;
  for (Card c : u) {
    const int v = card_value(c);
    total += v;
    top = std::max(top, v);
  }
  return total - top;
}

[[noreturn]] void format_error(const std::string& why) {
  throw core::FormatError("corrupt gin round snapshot: " + why);
}

CardSet union_of(std::span<const Meld> melds) noexcept {
  CardSet u;
  for (const Meld& m : melds) u |= m.cards();
  return u;
}

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

int ActionMask::count() const noexcept {
  int n = 0;
  for (std::uint64_t w : words) n += std::popcount(w);
  return n;
}

int ActionMask::nth(int k) const noexcept {
  for (std::size_t i = 0; i < words.size(); ++i) {
    std::uint64_t w = words[i];
    const int n = std::popcount(w);
    if (k < n) {
      for (int j = 0; j < k; ++j) w &= w - 1;
      return static_cast<int>(i) * 64 + std::countr_zero(w);
    }
    k -= n;
  }
  return -1;
}

// ---- construction ---------------------------------------------------------------------

Round Round::from_deal(const Rules& rules, Player dealer, const std::array<CardSet, 2>& hands, Card upcard,
                       std::span<const Card> stock) {
  rules.validate();
  for (int p = 0; p < 2; ++p)
    if (hands[static_cast<std::size_t>(p)].size() != kHandSize)
      throw core::InvalidValue(std::string("the hand of ") + player_name(static_cast<Player>(p)) + " has " +
                                   std::to_string(hands[static_cast<std::size_t>(p)].size()) + " cards, not 10: '" +
                                   hands[static_cast<std::size_t>(p)].str() + "'",
                               "gin.WrongHandSize");
  if (stock.size() != static_cast<std::size_t>(kStockSize))
    throw core::InvalidValue("the stock has " + std::to_string(stock.size()) + " cards, not 31", "gin.WrongStockSize");
  CardSet seen = hands[0];
  auto add = [&](Card c, const char* where) {
    if (c.rank() < 1 || c.rank() > 13) throw core::InvalidValue(std::string("not a card in the ") + where);
    if (seen.contains(c))
      throw core::InvalidValue(std::string("the card ") + c.str() + " appears twice (again in the " + where + ")",
                               "gin.RepeatedCard");
    seen |= c;
  };
  for (Card c : hands[1]) add(c, "second hand");
  add(upcard, "upcard");
  for (Card c : stock) add(c, "stock");
  Round r;
  r.rules_ = rules;
  r.dealer_ = dealer;
  r.hands_ = hands;
  r.pile_[0] = upcard;
  r.pile_n_ = 1;
  std::copy(stock.begin(), stock.end(), r.stock_.begin());
  r.stock_n_ = static_cast<std::uint8_t>(kStockSize);
  r.upcard_ = upcard;
  r.turn_ = opponent(dealer);
  r.phase_ = Phase::Upcard;
  r.knock_limit_ = rules.knock_limit_for(upcard);
  return r;
}

Round Round::deal(const Rules& rules, Player dealer, core::Rng& rng) {
  rules.validate();
  const auto deck = core::shuffled_deck(rng);
  Round r;
  r.rules_ = rules;
  r.dealer_ = dealer;
  CardSet nd, d;
  for (std::size_t i = 0; i < 20; i += 2) {
    nd |= deck[i];
    d |= deck[i + 1];
  }
  r.hands_[idx(opponent(dealer))] = nd;
  r.hands_[idx(dealer)] = d;
  r.upcard_ = deck[20];
  r.pile_[0] = deck[20];
  r.pile_n_ = 1;
  std::copy(deck.begin() + 21, deck.end(), r.stock_.begin());
  r.stock_n_ = static_cast<std::uint8_t>(kStockSize);
  r.turn_ = opponent(dealer);
  r.phase_ = Phase::Upcard;
  r.knock_limit_ = rules.knock_limit_for(deck[20]);
  return r;
}

// ---- checks -----------------------------------------------------------------------------

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

RoundError Round::check(const Action& a) const noexcept {
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

// ---- errors -------------------------------------------------------------------------------

void Round::fail(RoundError e, const Action& a) const {
  const std::string act = "cannot " + a.str();
  const std::string code = std::string("gin.") + round_error_name(e);
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
      throw core::PhaseError(act + ": the round is in the " + phase_name(phase_) + " phase (" + when + ")", code);
    }
    case RoundError::MustDrawFromStock:
      throw core::IllegalAction(act + ": both players passed the upcard, so " + who + " must draw from the stock",
                                code);
    case RoundError::NotInHand:
      throw core::IllegalAction(
          act + ": " + a.card().str() + " is not in " + who + "'s hand '" + hands_[idx(turn_)].str() + "'", code);
    case RoundError::DiscardJustTaken:
      throw core::IllegalAction(act + ": " + a.card().str() + " was just taken from the discard pile", code);
    case RoundError::TooMuchDeadwood: {
      int dw = 0;
      if (a.has_melds()) {
        (void)check_arrangement(hands_[idx(turn_)] - a.card(), a.melds(), dw);
      } else {
        dw = deadwood(hands_[idx(turn_)] - a.card());
      }
      throw core::IllegalAction(
          act + ": " + std::to_string(dw) + " deadwood is over the knock limit of " + std::to_string(knock_limit_),
          code);
    }
    case RoundError::MeldsMismatch: {
      const CardSet cards = a.kind() == ActionKind::Knock ? hands_[idx(turn_)] - a.card() : hands_[idx(turn_)];
      throw core::IllegalAction(act + ": the melds are not disjoint melds of the hand '" + cards.str() + "'" +
                                    (a.kind() == ActionKind::Knock ? " (the hand without the discard)" : ""),
                                code);
    }
    case RoundError::NotBigGin: {
      int dw = 0;
      if (a.has_melds()) {
        (void)check_arrangement(hands_[idx(turn_)], a.melds(), dw);
      } else {
        dw = deadwood(hands_[idx(turn_)]);
      }
      throw core::IllegalAction(act + ": big gin melds all 11 cards, '" + hands_[idx(turn_)].str() + "' keeps " +
                                    std::to_string(dw) + " deadwood",
                                code);
    }
    case RoundError::BigGinDisabled:
      throw core::IllegalAction(act + ": these rules disable big gin (big_gin_bonus is None)", code);
    case RoundError::NoSuchMeld:
      throw core::IllegalAction(act + ": the spread has " + std::to_string(spread_n_) + " meld(s), indexed 0 .. " +
                                    std::to_string(spread_n_ - 1),
                                code);
    case RoundError::CannotLayOff:
      throw core::IllegalAction(act + ": " + a.card().str() + " does not extend the meld '" +
                                    spread_[static_cast<std::size_t>(a.meld())].str() + "'",
                                code);
  }
  throw core::IllegalAction(act, code);
}

// ---- actions ------------------------------------------------------------------------------

void Round::pass() {
  if (const RoundError e = check_pass(); e != RoundError::Ok) fail(e, Action::pass());
  record(turn_, Action::pass());
  ++passes_;
  if (passes_ == 1) {
    turn_ = dealer_;
  } else {
    turn_ = opponent(dealer_);
    phase_ = Phase::Draw;
  }
}

Card Round::take_discard() {
  if (const RoundError e = check_take_discard(); e != RoundError::Ok) fail(e, Action::take_discard());
  const Card c = pile_[--pile_n_];
  record(turn_, Action::take_discard(), c);
  hands_[idx(turn_)] |= c;
  known_[idx(turn_)] |= c;
  taken_ = c;
  has_taken_ = true;
  phase_ = Phase::Discard;
  return c;
}

Card Round::draw_stock() {
  if (const RoundError e = check_draw_stock(); e != RoundError::Ok) fail(e, Action::draw_stock());
  const Card c = stock_[--stock_n_];
  record(turn_, Action::draw_stock(), c);
  hands_[idx(turn_)] |= c;
  has_taken_ = false;
  phase_ = Phase::Discard;
  return c;
}

void Round::end_turn_discard(Card c) {
  const std::size_t p = idx(turn_);
  hands_[p] -= c;
  known_[p] -= c;
  discarded_[p] |= c;
  pile_[pile_n_++] = c;
  has_taken_ = false;
  ++turns_;
}

void Round::discard(Card c) {
  if (const RoundError e = check_discard(c); e != RoundError::Ok) fail(e, Action::discard(c));
  record(turn_, Action::discard(c));
  end_turn_discard(c);
  if (stock_n_ <= kDeadStock || turns_ >= kMaxTurns) {
    phase_ = Phase::Finished;
    result_ = RoundResult::dead();
    return;
  }
  turn_ = opponent(turn_);
  phase_ = Phase::Draw;
}

void Round::do_knock(Card c, std::span<const Meld> melds, int dw) {
  const Player k = turn_;
  record(k, Action::knock(c, melds));
  end_turn_discard(c);
  knocker_ = k;
  std::copy(melds.begin(), melds.end(), spread_.begin());
  spread_n_ = static_cast<std::uint8_t>(melds.size());
  knocker_deadwood_ = dw;
  turn_ = opponent(k);
  if (dw == 0) {
    result_ = RoundResult::gin(k, deadwood(hands_[idx(opponent(k))]));
    phase_ = Phase::Finished;
  } else {
    phase_ = Phase::Layoff;
  }
}

void Round::knock(Card c) {
  if (const RoundError e = check_knock(c); e != RoundError::Ok) fail(e, Action::knock(c));
  const Melds best = best_melds(hands_[idx(turn_)] - c);
  do_knock(c, best.melds(), best.deadwood());
}

void Round::knock(Card c, std::span<const Meld> melds) {
  if (const RoundError e = check_knock(c, melds); e != RoundError::Ok) {
    if (melds.size() > static_cast<std::size_t>(kSpreadSlots)) fail(e, Action::knock(c));
    fail(e, Action::knock(c, melds));
  }
  int dw = 0;
  (void)check_arrangement(hands_[idx(turn_)] - c, melds, dw);
  do_knock(c, melds, dw);
}

void Round::knock(Card c, const Melds& melds) {
  if (const RoundError e = check_discard(c); e != RoundError::Ok) fail(e, Action::knock(c, melds.melds()));
  if (melds.hand() != hands_[idx(turn_)] - c) fail(RoundError::MeldsMismatch, Action::knock(c, melds.melds()));
  knock(c, melds.melds());
}

void Round::do_big_gin(std::span<const Meld> melds) {
  const Player k = turn_;
  record(k, Action::big_gin(melds));
  knocker_ = k;
  std::copy(melds.begin(), melds.end(), spread_.begin());
  spread_n_ = static_cast<std::uint8_t>(melds.size());
  knocker_deadwood_ = 0;
  has_taken_ = false;
  turn_ = opponent(k);
  result_ = RoundResult::big_gin(k, deadwood(hands_[idx(opponent(k))]));
  phase_ = Phase::Finished;
}

void Round::declare_big_gin() {
  if (const RoundError e = check_big_gin(); e != RoundError::Ok) fail(e, Action::big_gin());
  const Melds best = best_melds(hands_[idx(turn_)]);
  do_big_gin(best.melds());
}

void Round::declare_big_gin(std::span<const Meld> melds) {
  if (const RoundError e = check_big_gin(melds); e != RoundError::Ok) {
    if (melds.size() > static_cast<std::size_t>(kSpreadSlots)) fail(e, Action::big_gin());
    fail(e, Action::big_gin(melds));
  }
  do_big_gin(melds);
}

void Round::declare_big_gin(const Melds& melds) {
  if (phase_ != Phase::Discard) fail(RoundError::WrongPhase, Action::big_gin(melds.melds()));
  if (!rules_.big_gin_bonus) fail(RoundError::BigGinDisabled, Action::big_gin(melds.melds()));
  if (melds.hand() != hands_[idx(turn_)]) fail(RoundError::MeldsMismatch, Action::big_gin(melds.melds()));
  declare_big_gin(melds.melds());
}

void Round::lay_off(Card c, int index) {
  if (const RoundError e = check_lay_off(c, index); e != RoundError::Ok) {
    if (e == RoundError::NoSuchMeld && (index < 0 || index >= kSpreadSlots)) {
      throw core::IllegalAction("cannot lay off " + c.str() + " on meld " + std::to_string(index) +
                                    ": the spread has " + std::to_string(spread_n_) + " meld(s)",
                                "gin.NoSuchMeld");
    }
    fail(e, Action::lay_off(c, index));
  }
  record(turn_, Action::lay_off(c, index));
  const std::size_t p = idx(turn_);
  hands_[p] -= c;
  known_[p] -= c;
  laid_off_ |= c;
  Meld& m = spread_[static_cast<std::size_t>(index)];
  m = *m.extended(c);
}

RoundResult Round::finish_layoffs() {
  if (const RoundError e = check_finish_layoffs(); e != RoundError::Ok) fail(e, Action::finish_layoffs());
  const Player k = *knocker_;
  record(turn_, Action::finish_layoffs());
  result_ = RoundResult::knock(k, knocker_deadwood_, deadwood(hands_[idx(opponent(k))]), laid_off_, rules_);
  phase_ = Phase::Finished;
  return result_;
}

void Round::apply(const Action& a) {
  switch (a.kind()) {
    case ActionKind::Pass: pass(); return;
    case ActionKind::TakeDiscard: (void)take_discard(); return;
    case ActionKind::DrawStock: (void)draw_stock(); return;
    case ActionKind::Discard: discard(a.card()); return;
    case ActionKind::Knock:
      if (a.has_melds())
        knock(a.card(), a.melds());
      else
        knock(a.card());
      return;
    case ActionKind::BigGin:
      if (a.has_melds())
        declare_big_gin(a.melds());
      else
        declare_big_gin();
      return;
    case ActionKind::LayOff: lay_off(a.card(), a.meld()); return;
    case ActionKind::FinishLayoffs: (void)finish_layoffs(); return;
  }
}

// ---- protocol -----------------------------------------------------------------------------

int Round::legal_ids(LegalIds& out) const noexcept {
  int n = 0;
  auto put = [&](int id) { out[static_cast<std::size_t>(n++)] = static_cast<std::uint16_t>(id); };
  switch (phase_) {
    case Phase::Upcard:
      put(kIdPass);
      put(kIdTakeDiscard);
      break;
    case Phase::Draw:
      if (!forced_stock_draw()) put(kIdTakeDiscard);
      put(kIdDrawStock);
      break;
    case Phase::Discard: {
      const CardSet h = hands_[idx(turn_)];
      const CardSet can = has_taken_ ? h - taken_ : h;
      // Cards iterate in bit order, which is index order: discard ids ascend.
      for (Card c : can) put(kIdDiscard + c.index());
      if (knock_lower_bound(h) <= knock_limit_) {
        for (Card c : can)
          if (deadwood(h - c) <= knock_limit_) put(kIdKnock + c.index());
      }
      if (rules_.big_gin_bonus && deadwood(h) == 0) put(kIdBigGin);
      break;
    }
    case Phase::Layoff: {
      const CardSet h = hands_[idx(turn_)];
      CardSet any;
      for (int i = 0; i < spread_n_; ++i) any |= spread_[static_cast<std::size_t>(i)].extensions();
      for (Card c : any& h)
        for (int i = 0; i < spread_n_; ++i)
          if (spread_[static_cast<std::size_t>(i)].extensions().contains(c))
            put(kIdLayOff + kSpreadSlots * c.index() + i);
      put(kIdFinishLayoffs);
      break;
    }
    case Phase::Finished: break;
  }
  return n;
}

ActionMask Round::legal_mask() const noexcept {
  LegalIds ids;
  const int n = legal_ids(ids);
  ActionMask m;
  for (int i = 0; i < n; ++i) m.set(ids[static_cast<std::size_t>(i)]);
  return m;
}

std::vector<Action> Round::legal_actions() const {
  LegalIds ids;
  const int n = legal_ids(ids);
  std::vector<Action> out;
  out.reserve(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) out.push_back(Action::from_id(ids[static_cast<std::size_t>(i)]));
  return out;
}

std::array<int, 2> Round::returns() const noexcept {
  std::array<int, 2> r{};
  if (phase_ != Phase::Finished) return r;
  const auto w = result_.winner();
  if (!w) return r;
  int pts = 0;
  try {
    pts = result_.points(rules_);
  } catch (...) { pts = 0; }
  r[idx(*w)] = pts;
  r[idx(opponent(*w))] = -pts;
  return r;
}

bool operator==(const Round& a, const Round& b) noexcept {
  auto same = [](std::span<const Card> x, std::span<const Card> y) {
    return std::equal(x.begin(), x.end(), y.begin(), y.end());
  };
  auto same_melds = [](std::span<const Meld> x, std::span<const Meld> y) {
    return std::equal(x.begin(), x.end(), y.begin(), y.end());
  };
  return a.rules_ == b.rules_ && a.dealer_ == b.dealer_ && a.phase_ == b.phase_ && a.turn() == b.turn() &&
         a.hands_ == b.hands_ && same(a.discard_pile(), b.discard_pile()) && same(a.stock(), b.stock()) &&
         a.upcard_ == b.upcard_ && a.passes_ == b.passes_ && a.taken() == b.taken() && a.knocker_ == b.knocker_ &&
         same_melds(a.spread(), b.spread()) && a.laid_off_ == b.laid_off_ && a.known_ == b.known_ &&
         a.discarded_ == b.discarded_ && a.result() == b.result() && a.turns_ == b.turns_;
}

// ---- snapshots ----------------------------------------------------------------------------

RoundState Round::state() const {
  RoundState s;
  s.rules = rules_;
  s.dealer = dealer_;
  s.phase = phase_;
  s.turn = turn();
  s.hands = hands_;
  s.discard_pile.assign(pile_.begin(), pile_.begin() + pile_n_);
  s.stock.assign(stock_.begin(), stock_.begin() + stock_n_);
  s.initial_upcard = upcard_;
  s.passes = passes_;
  s.taken = taken();
  s.knocker = knocker_;
  s.spread.assign(spread_.begin(), spread_.begin() + spread_n_);
  s.laid_off = laid_off_;
  s.known = known_;
  s.discarded = discarded_;
  s.result = result();
  s.turns = turns_;
  return s;
}

Round Round::from_state(const RoundState& s) {
  try {
    s.rules.validate();
  } catch (const core::Error& e) { format_error(std::string("bad rules: ") + e.what()); }
  auto valid_card = [](Card c) { return c.rank() >= 1 && c.rank() <= 13; };
  if (s.dealer != Player::One && s.dealer != Player::Two) format_error("bad dealer");
  // 52 distinct cards across the hands, the pile, the stock and the laid-off cards.
  CardSet seen;
  int count = 0;
  auto add = [&](Card c, const char* where) {
    if (!valid_card(c)) format_error(std::string("not a card in the ") + where);
    if (seen.contains(c))
      format_error(std::string("the card ") + c.str() + " appears twice (again in the " + where + ")");
    seen |= c;
    ++count;
  };
  for (int p = 0; p < 2; ++p)
    for (Card c : s.hands[static_cast<std::size_t>(p)]) add(c, p == 0 ? "hand of Player.ONE" : "hand of Player.TWO");
  if (s.discard_pile.size() > core::kDeckSize) format_error("the discard pile is too long");
  for (Card c : s.discard_pile) add(c, "discard pile");
  if (s.stock.size() > static_cast<std::size_t>(kStockSize))
    format_error("the stock has " + std::to_string(s.stock.size()) + " cards (at most 31)");
  for (Card c : s.stock) add(c, "stock");
  for (Card c : s.laid_off) add(c, "laid-off cards");
  if (count != core::kDeckSize) format_error("the round holds " + std::to_string(count) + " cards, not 52");
  if (!valid_card(s.initial_upcard)) format_error("the initial upcard is not a card");
  CardSet stock_set;
  for (Card c : s.stock) stock_set |= c;
  if (stock_set.contains(s.initial_upcard))
    format_error("the initial upcard " + s.initial_upcard.str() + " is in the stock");
  const int stock_n = static_cast<int>(s.stock.size());
  if (stock_n < kDeadStock) format_error("the stock has " + std::to_string(stock_n) + " cards (at least 2)");
  if (s.passes < 0 || s.passes > 2) format_error("passes must be 0, 1 or 2, got " + std::to_string(s.passes));
  if (s.turns < 0 || s.turns > kMaxTurns)
    format_error("turns must be in 0.." + std::to_string(kMaxTurns) + ", got " + std::to_string(s.turns));
  if (s.turns >= kMaxTurns && (s.phase == Phase::Upcard || s.phase == Phase::Draw || s.phase == Phase::Discard))
    format_error("the round has reached the limit of " + std::to_string(kMaxTurns) + " turns but goes on");
  for (int p = 0; p < 2; ++p) {
    const std::size_t i = static_cast<std::size_t>(p);
    if (!s.known[i].is_subset_of(s.hands[i])) format_error("known cards that the player does not hold");
    if (!s.discarded[i].is_disjoint(stock_set)) format_error("a discarded card is in the stock");
  }
  CardSet pile_set;
  for (Card c : s.discard_pile) pile_set |= c;
  if (!pile_set.is_subset_of(s.discarded[0] | s.discarded[1] | s.initial_upcard))
    format_error("a card of the discard pile was never discarded");
  // A discarded card went to the pile; it leaves the pile only when a player takes it
  // (then it is known to be in that player's hand) and leaves a hand again only to the
  // pile or as a layoff.  And a card taken from the pile was discarded or the upcard.
  const CardSet was_discarded = s.discarded[0] | s.discarded[1];
  for (int p = 0; p < 2; ++p) {
    const std::size_t i = static_cast<std::size_t>(p);
    const CardSet astray = s.discarded[i] - (pile_set | s.known[0] | s.known[1] | s.laid_off);
    if (!astray.empty())
      format_error("Player." + std::string(p == 0 ? "ONE" : "TWO") + " discarded " + astray.str() +
                   ", which is neither on the pile, nor known to be taken back, nor laid off");
    const CardSet unseen = s.known[i] - (was_discarded | s.initial_upcard);
    if (!unseen.empty()) format_error("known cards " + unseen.str() + " were never on the discard pile");
  }

  const Player nd = opponent(s.dealer);
  const int n0 = s.hands[0].size(), n1 = s.hands[1].size();
  const bool finished = s.phase == Phase::Finished;
  if (finished != !s.turn.has_value())
    format_error(finished ? "a finished round has a player to act"
                          : "no player to act in the " + std::string(phase_name(s.phase)) + " phase");
  if (!finished && s.result) format_error("a result before the round is finished");
  if (s.taken && s.phase != Phase::Discard) format_error("a card taken this turn outside the DISCARD phase");
  const bool knocked = s.phase == Phase::Layoff || (finished && s.knocker.has_value());
  if (!knocked && (s.knocker || !s.spread.empty() || !s.laid_off.empty()))
    format_error(std::string("a knocker, spread or layoffs in the ") + phase_name(s.phase) + " phase");
  if (!knocked && (n0 != kHandSize && n1 != kHandSize)) format_error("no hand holds 10 cards");

  Round r;
  r.rules_ = s.rules;
  r.dealer_ = s.dealer;
  r.phase_ = s.phase;
  r.hands_ = s.hands;
  std::copy(s.discard_pile.begin(), s.discard_pile.end(), r.pile_.begin());
  r.pile_n_ = static_cast<std::uint8_t>(s.discard_pile.size());
  std::copy(s.stock.begin(), s.stock.end(), r.stock_.begin());
  r.stock_n_ = static_cast<std::uint8_t>(stock_n);
  r.upcard_ = s.initial_upcard;
  r.passes_ = static_cast<std::uint8_t>(s.passes);
  r.turns_ = static_cast<std::uint16_t>(s.turns);
  r.known_ = s.known;
  r.discarded_ = s.discarded;
  r.laid_off_ = s.laid_off;
  r.knock_limit_ = s.rules.knock_limit_for(s.initial_upcard);
  r.knocker_ = s.knocker;
  if (s.taken) {
    r.taken_ = *s.taken;
    r.has_taken_ = true;
  }

  switch (s.phase) {
    case Phase::Upcard: {
      if (s.passes > 1) format_error("two passes but still in the UPCARD phase");
      if (*s.turn != (s.passes == 0 ? nd : s.dealer)) format_error("the wrong player to act on the upcard");
      if (n0 != kHandSize || n1 != kHandSize)
        format_error("hands of " + std::to_string(n0) + " and " + std::to_string(n1) + " cards in the UPCARD phase");
      if (stock_n != kStockSize || s.discard_pile.size() != 1 || s.discard_pile[0] != s.initial_upcard)
        format_error("the UPCARD phase needs the upcard alone on the pile and a full stock");
      r.turn_ = *s.turn;
      break;
    }
    case Phase::Draw: {
      if (n0 != kHandSize || n1 != kHandSize)
        format_error("hands of " + std::to_string(n0) + " and " + std::to_string(n1) + " cards in the DRAW phase");
      if (s.discard_pile.empty()) format_error("an empty discard pile in the DRAW phase");
      if (stock_n <= kDeadStock)
        format_error("the stock is down to " + std::to_string(stock_n) + " cards but the round goes on");
      if (stock_n == kStockSize && s.passes == 2) {  // the forced stock draw
        if (*s.turn != nd) format_error("after two passes the non-dealer draws first");
        if (s.discard_pile.size() != 1 || s.discard_pile[0] != s.initial_upcard)
          format_error("after two passes the upcard must be alone on the pile");
      }
      r.turn_ = *s.turn;
      break;
    }
    case Phase::Discard: {
      const Player t = *s.turn;
      if (s.hands[idx(t)].size() != kHandSize + 1 || s.hands[idx(opponent(t))].size() != kHandSize)
        format_error("in the DISCARD phase the player to act holds 11 cards and the other 10");
      if (s.taken) {
        if (!s.hands[idx(t)].contains(*s.taken) || !s.known[idx(t)].contains(*s.taken))
          format_error("the card taken this turn is not in the player's hand");
        if (stock_n <= kDeadStock) format_error("a pile draw with the stock at two cards");
      }
      if (stock_n == kStockSize && !s.taken) format_error("a stock draw but the stock is full");
      if (stock_n == kStockSize && s.passes == 2) format_error("after two passes the first draw is from the stock");
      r.turn_ = t;
      break;
    }
    case Phase::Layoff:
    case Phase::Finished: {
      if (!s.knocker) {
        // A dead hand.
        if (n0 != kHandSize || n1 != kHandSize || (stock_n != kDeadStock && s.turns != kMaxTurns))
          format_error(
              "a finished round without a knocker is a dead hand: 10 cards each and 2 stock cards "
              "(or " +
              std::to_string(kMaxTurns) + " turns)");
        if (s.result && *s.result != RoundResult::dead()) format_error("the result does not match the round");
        r.result_ = RoundResult::dead();
        r.turn_ = s.dealer;
        break;
      }
      const Player k = *s.knocker;
      const Player d = opponent(k);
      if (s.phase == Phase::Layoff && *s.turn != d) format_error("in the LAYOFF phase the defender acts");
      if (s.spread.empty()) format_error("a knocker without a spread");
      if (s.spread.size() > static_cast<std::size_t>(kSpreadSlots)) format_error("a spread of more than 3 melds");
      CardSet orig;
      for (const Meld& m : s.spread) {
        if (!Meld::is_meld(m.cards())) format_error("the spread holds a non-meld '" + m.cards().str() + "'");
        const CardSet own = m.cards() - s.laid_off;
        if (!Meld::is_meld(own))
          format_error("the spread meld '" + m.str() + "' is not a meld of the knocker's plus layoffs");
        if (!own.is_disjoint(orig)) format_error("the spread melds overlap");
        orig |= own;
      }
      if (!s.laid_off.is_subset_of(union_of(s.spread))) format_error("laid-off cards that are not on the spread");
      const CardSet kh = s.hands[idx(k)];
      if (!orig.is_subset_of(kh)) format_error("the spread is not the knocker's cards");
      if (s.hands[idx(d)].size() + s.laid_off.size() != kHandSize)
        format_error("the defender's cards and layoffs are not 10 cards");
      const int kdw = cards_value(kh - orig);
      r.knocker_deadwood_ = kdw;
      std::copy(s.spread.begin(), s.spread.end(), r.spread_.begin());
      r.spread_n_ = static_cast<std::uint8_t>(s.spread.size());
      RoundResult expect;
      if (kh.size() == kHandSize + 1) {
        if (!s.rules.big_gin_bonus) format_error("big gin under rules that disable it");
        if (kdw != 0 || !s.laid_off.empty() || s.phase != Phase::Finished) format_error("an inconsistent big gin");
        expect = RoundResult::big_gin(k, deadwood(s.hands[idx(d)]));
      } else if (kh.size() == kHandSize) {
        if (s.discard_pile.empty()) format_error("an empty discard pile after a knock");
        if (kdw > r.knock_limit_)
          format_error("the knocker keeps " + std::to_string(kdw) + " deadwood, over the knock limit of " +
                       std::to_string(r.knock_limit_));
        if (kdw == 0) {
          if (!s.laid_off.empty() || s.phase != Phase::Finished) format_error("layoffs against gin");
          expect = RoundResult::gin(k, deadwood(s.hands[idx(d)]));
        } else if (s.phase == Phase::Finished) {
          expect = RoundResult::knock(k, kdw, deadwood(s.hands[idx(d)]), s.laid_off, s.rules);
        }
      } else {
        format_error("the knocker holds " + std::to_string(kh.size()) + " cards");
      }
      if (s.phase == Phase::Finished) {
        if (s.result && *s.result != expect)
          format_error("the result " + s.result->repr() + " does not match the round");
        r.result_ = expect;
      }
      r.turn_ = d;
      break;
    }
  }
  return r;
}

}  // namespace parlour::gin
