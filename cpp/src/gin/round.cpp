// gin's Round: the deal, the actions and the legal ids (the checks are in
// round_checks.cpp, the snapshot form in round_state.cpp).
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

}  // namespace

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

// ---- actions ------------------------------------------------------------------------------

void Round::pass() {
  if (const RoundError e = check_pass(); e != RoundError::Ok) refuse(e, Action::pass());
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
  if (const RoundError e = check_take_discard(); e != RoundError::Ok) refuse(e, Action::take_discard());
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
  if (const RoundError e = check_draw_stock(); e != RoundError::Ok) refuse(e, Action::draw_stock());
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
  if (const RoundError e = check_discard(c); e != RoundError::Ok) refuse(e, Action::discard(c));
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
  if (const RoundError e = check_knock(c); e != RoundError::Ok) refuse(e, Action::knock(c));
  const Melds best = best_melds(hands_[idx(turn_)] - c);
  do_knock(c, best.melds(), best.deadwood());
}

void Round::knock(Card c, std::span<const Meld> melds) {
  if (const RoundError e = check_knock(c, melds); e != RoundError::Ok) {
    if (melds.size() > static_cast<std::size_t>(kSpreadSlots)) refuse(e, Action::knock(c));
    refuse(e, Action::knock(c, melds));
  }
  int dw = 0;
  (void)check_arrangement(hands_[idx(turn_)] - c, melds, dw);
  do_knock(c, melds, dw);
}

void Round::knock(Card c, const Melds& melds) {
  if (const RoundError e = check_discard(c); e != RoundError::Ok) refuse(e, Action::knock(c, melds.melds()));
  if (melds.hand() != hands_[idx(turn_)] - c) refuse(RoundError::MeldsMismatch, Action::knock(c, melds.melds()));
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
  if (const RoundError e = check_big_gin(); e != RoundError::Ok) refuse(e, Action::big_gin());
  const Melds best = best_melds(hands_[idx(turn_)]);
  do_big_gin(best.melds());
}

void Round::declare_big_gin(std::span<const Meld> melds) {
  if (const RoundError e = check_big_gin(melds); e != RoundError::Ok) {
    if (melds.size() > static_cast<std::size_t>(kSpreadSlots)) refuse(e, Action::big_gin());
    refuse(e, Action::big_gin(melds));
  }
  do_big_gin(melds);
}

void Round::declare_big_gin(const Melds& melds) {
  if (phase_ != Phase::Discard) refuse(RoundError::WrongPhase, Action::big_gin(melds.melds()));
  if (!rules_.big_gin_bonus) refuse(RoundError::BigGinDisabled, Action::big_gin(melds.melds()));
  if (melds.hand() != hands_[idx(turn_)]) refuse(RoundError::MeldsMismatch, Action::big_gin(melds.melds()));
  declare_big_gin(melds.melds());
}

void Round::lay_off(Card c, int index) {
  if (const RoundError e = check_lay_off(c, index); e != RoundError::Ok) {
    if (e == RoundError::NoSuchMeld && (index < 0 || index >= kSpreadSlots)) {
      throw core::IllegalAction("cannot lay off " + c.str() + " on meld " + std::to_string(index) +
                                    ": the spread has " + std::to_string(spread_n_) + " meld(s)",
                                "gin.NoSuchMeld");
    }
    refuse(e, Action::lay_off(c, index));
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
  if (const RoundError e = check_finish_layoffs(); e != RoundError::Ok) refuse(e, Action::finish_layoffs());
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

}  // namespace parlour::gin
