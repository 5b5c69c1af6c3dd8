// A gin Round as plain parts (RoundState, the snapshot form) and back: Round::state and
// Round::from_state, which re-validates every invariant one part at a time (the cards,
// the counters, the public record, the phase) and throws core::FormatError naming the
// first problem.
#include <algorithm>
#include <string>

#include "parlour/core/errors.hpp"
#include "parlour/gin/round.hpp"

namespace parlour::gin {

namespace {

[[noreturn]] void format_error(const std::string& why) {
  throw core::FormatError("corrupt gin round snapshot: " + why);
}

constexpr std::size_t idx(Player p) noexcept { return static_cast<std::size_t>(p); }

bool valid_card(Card c) noexcept { return c.rank() >= 1 && c.rank() <= 13; }

CardSet set_of(const std::vector<Card>& cards) noexcept {
  CardSet s;
  for (Card c : cards) s |= c;
  return s;
}

CardSet union_of(std::span<const Meld> melds) noexcept {
  CardSet u;
  for (const Meld& m : melds) u |= m.cards();
  return u;
}

// The rules are valid and the dealer a player.
void check_rules_and_dealer(const RoundState& s) {
  try {
    s.rules.validate();
  } catch (const core::Error& e) { format_error(std::string("bad rules: ") + e.what()); }
  if (s.dealer != Player::One && s.dealer != Player::Two) format_error("bad dealer");
}

// 52 distinct cards across the hands, the pile, the stock and the laid-off cards; the
// upcard is a card, not in the stock, and the stock keeps at least two cards.
void check_cards(const RoundState& s) {
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
  if (set_of(s.stock).contains(s.initial_upcard))
    format_error("the initial upcard " + s.initial_upcard.str() + " is in the stock");
  if (s.stock.size() < static_cast<std::size_t>(kDeadStock))
    format_error("the stock has " + std::to_string(s.stock.size()) + " cards (at least 2)");
}

// Upcard passes 0..2; turns within kMaxTurns, and none left to play at the limit.
void check_counters(const RoundState& s) {
  if (s.passes < 0 || s.passes > 2) format_error("passes must be 0, 1 or 2, got " + std::to_string(s.passes));
  if (s.turns < 0 || s.turns > kMaxTurns)
    format_error("turns must be in 0.." + std::to_string(kMaxTurns) + ", got " + std::to_string(s.turns));
  if (s.turns >= kMaxTurns && (s.phase == Phase::Upcard || s.phase == Phase::Draw || s.phase == Phase::Discard))
    format_error("the round has reached the limit of " + std::to_string(kMaxTurns) + " turns but goes on");
}

// The public record: a discarded card went to the pile; it leaves the pile only when a
// player takes it (then it is known to be in that player's hand) and leaves a hand again
// only to the pile or as a layoff.  And a card taken from the pile was discarded or the
// upcard.
void check_record(const RoundState& s) {
  const CardSet stock_set = set_of(s.stock);
  for (int p = 0; p < 2; ++p) {
    const std::size_t i = static_cast<std::size_t>(p);
    if (!s.known[i].is_subset_of(s.hands[i])) format_error("known cards that the player does not hold");
    if (!s.discarded[i].is_disjoint(stock_set)) format_error("a discarded card is in the stock");
  }
  const CardSet pile_set = set_of(s.discard_pile);
  if (!pile_set.is_subset_of(s.discarded[0] | s.discarded[1] | s.initial_upcard))
    format_error("a card of the discard pile was never discarded");
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
}

// What every phase agrees on: a player to act until the end, a result only at the end,
// a card taken this turn only when discarding, a knocker and a spread only after a knock.
void check_phase_parts(const RoundState& s) {
  const bool finished = s.phase == Phase::Finished;
  if (finished != !s.turn.has_value())
    format_error(finished ? "a finished round has a player to act"
                          : "no player to act in the " + std::string(phase_name(s.phase)) + " phase");
  if (!finished && s.result) format_error("a result before the round is finished");
  if (s.taken && s.phase != Phase::Discard) format_error("a card taken this turn outside the DISCARD phase");
  const bool knocked = s.phase == Phase::Layoff || (finished && s.knocker.has_value());
  if (!knocked && (s.knocker || !s.spread.empty() || !s.laid_off.empty()))
    format_error(std::string("a knocker, spread or layoffs in the ") + phase_name(s.phase) + " phase");
  if (!knocked && (s.hands[0].size() != kHandSize && s.hands[1].size() != kHandSize))
    format_error("no hand holds 10 cards");
}

void check_ten_each(const RoundState& s, const char* phase) {
  const int n0 = s.hands[0].size(), n1 = s.hands[1].size();
  if (n0 != kHandSize || n1 != kHandSize)
    format_error("hands of " + std::to_string(n0) + " and " + std::to_string(n1) + " cards in the " + phase + " phase");
}

void check_upcard_phase(const RoundState& s) {
  if (s.passes > 1) format_error("two passes but still in the UPCARD phase");
  if (*s.turn != (s.passes == 0 ? opponent(s.dealer) : s.dealer)) format_error("the wrong player to act on the upcard");
  check_ten_each(s, "UPCARD");
  if (s.stock.size() != static_cast<std::size_t>(kStockSize) || s.discard_pile.size() != 1 ||
      s.discard_pile[0] != s.initial_upcard)
    format_error("the UPCARD phase needs the upcard alone on the pile and a full stock");
}

void check_draw_phase(const RoundState& s) {
  const int stock_n = static_cast<int>(s.stock.size());
  check_ten_each(s, "DRAW");
  if (s.discard_pile.empty()) format_error("an empty discard pile in the DRAW phase");
  if (stock_n <= kDeadStock)
    format_error("the stock is down to " + std::to_string(stock_n) + " cards but the round goes on");
  if (stock_n == kStockSize && s.passes == 2) {  // the forced stock draw
    if (*s.turn != opponent(s.dealer)) format_error("after two passes the non-dealer draws first");
    if (s.discard_pile.size() != 1 || s.discard_pile[0] != s.initial_upcard)
      format_error("after two passes the upcard must be alone on the pile");
  }
}

void check_discard_phase(const RoundState& s) {
  const int stock_n = static_cast<int>(s.stock.size());
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
}

// A dead hand: 10 cards each, and 2 stock cards or the turn limit; its result.
RoundResult dead_hand(const RoundState& s) {
  if (s.hands[0].size() != kHandSize || s.hands[1].size() != kHandSize ||
      (s.stock.size() != static_cast<std::size_t>(kDeadStock) && s.turns != kMaxTurns))
    format_error("a finished round without a knocker is a dead hand: 10 cards each and 2 stock cards (or " +
                 std::to_string(kMaxTurns) + " turns)");
  if (s.result && *s.result != RoundResult::dead()) format_error("the result does not match the round");
  return RoundResult::dead();
}

// The knocker's original melds (the spread without the layoffs): checked to be melds,
// disjoint, of the knocker's cards, the layoffs all on the spread.
CardSet check_spread(const RoundState& s, Player k) {
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
  if (!orig.is_subset_of(s.hands[idx(k)])) format_error("the spread is not the knocker's cards");
  if (s.hands[idx(opponent(k))].size() + s.laid_off.size() != kHandSize)
    format_error("the defender's cards and layoffs are not 10 cards");
  return orig;
}

// After a knock or big gin: the knocker's deadwood (within the limit) and, once
// finished, the result the round's cards give (which a stored result must match).
struct Settled {
  int knocker_deadwood = 0;
  RoundResult result{};
};

Settled check_knocked(const RoundState& s, int knock_limit) {
  const Player k = *s.knocker;
  const Player d = opponent(k);
  if (s.phase == Phase::Layoff && *s.turn != d) format_error("in the LAYOFF phase the defender acts");
  const CardSet kh = s.hands[idx(k)];
  const int kdw = cards_value(kh - check_spread(s, k));
  Settled out{kdw, {}};
  if (kh.size() == kHandSize + 1) {
    if (!s.rules.big_gin_bonus) format_error("big gin under rules that disable it");
    if (kdw != 0 || !s.laid_off.empty() || s.phase != Phase::Finished) format_error("an inconsistent big gin");
    out.result = RoundResult::big_gin(k, deadwood(s.hands[idx(d)]));
  } else if (kh.size() == kHandSize) {
    if (s.discard_pile.empty()) format_error("an empty discard pile after a knock");
    if (kdw > knock_limit)
      format_error("the knocker keeps " + std::to_string(kdw) + " deadwood, over the knock limit of " +
                   std::to_string(knock_limit));
    if (kdw == 0) {
      if (!s.laid_off.empty() || s.phase != Phase::Finished) format_error("layoffs against gin");
      out.result = RoundResult::gin(k, deadwood(s.hands[idx(d)]));
    } else if (s.phase == Phase::Finished) {
      out.result = RoundResult::knock(k, kdw, deadwood(s.hands[idx(d)]), s.laid_off, s.rules);
    }
  } else {
    format_error("the knocker holds " + std::to_string(kh.size()) + " cards");
  }
  if (s.phase == Phase::Finished && s.result && *s.result != out.result)
    format_error("the result " + s.result->repr() + " does not match the round");
  return out;
}

}  // namespace

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
  check_rules_and_dealer(s);
  check_cards(s);
  check_counters(s);
  check_record(s);
  check_phase_parts(s);

  Round r;
  r.rules_ = s.rules;
  r.dealer_ = s.dealer;
  r.phase_ = s.phase;
  r.hands_ = s.hands;
  std::copy(s.discard_pile.begin(), s.discard_pile.end(), r.pile_.begin());
  r.pile_n_ = static_cast<std::uint8_t>(s.discard_pile.size());
  std::copy(s.stock.begin(), s.stock.end(), r.stock_.begin());
  r.stock_n_ = static_cast<std::uint8_t>(s.stock.size());
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
    case Phase::Upcard: check_upcard_phase(s); break;
    case Phase::Draw: check_draw_phase(s); break;
    case Phase::Discard: check_discard_phase(s); break;
    case Phase::Layoff:
    case Phase::Finished: {
      if (!s.knocker) {
        r.result_ = dead_hand(s);
        r.turn_ = s.dealer;
        return r;
      }
      const Settled st = check_knocked(s, r.knock_limit_);
      r.knocker_deadwood_ = st.knocker_deadwood;
      std::copy(s.spread.begin(), s.spread.end(), r.spread_.begin());
      r.spread_n_ = static_cast<std::uint8_t>(s.spread.size());
      if (s.phase == Phase::Finished) r.result_ = st.result;
      r.turn_ = opponent(*s.knocker);
      return r;
    }
  }
  r.turn_ = *s.turn;
  return r;
}

}  // namespace parlour::gin
