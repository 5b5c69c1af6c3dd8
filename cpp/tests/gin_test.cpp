// Gin rummy scenarios in C++: a literal deal and action list with the hands drawn in a
// comment, then the asserted outcome (the style of OpenSpiel's gin_rummy_test.cc).
// The rules are the rule card's (knock limit 10, gin 25, undercut 25, a tie is an
// undercut, big gin off) unless a scenario says otherwise.
//
// Every deal is built by deal(one, two, upcard, stock_top): Player Two deals, so Player
// One has the first upcard offer; stock_top is drawn first, left to right, and the
// rest of the deck lies below it in index order.
#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include "check.hpp"
#include "parlour/core/card.hpp"
#include "parlour/core/cardset.hpp"
#include "parlour/core/errors.hpp"
#include "parlour/core/rng.hpp"
#include "parlour/gin/action.hpp"
#include "parlour/gin/bots.hpp"
#include "parlour/gin/deadwood.hpp"
#include "parlour/gin/expert.hpp"
#include "parlour/gin/match.hpp"
#include "parlour/gin/meld.hpp"
#include "parlour/gin/round.hpp"
#include "parlour/gin/rules.hpp"
#include "parlour/gin/scoring.hpp"

namespace {

using parlour::core::Card;
using parlour::core::CardSet;
using namespace parlour::gin;

constexpr Player kOne = Player::One;
constexpr Player kTwo = Player::Two;

Card card(std::string_view text) { return Card::parse(text); }
CardSet cards(std::string_view text) { return CardSet::parse(text); }

Round deal(std::string_view one, std::string_view two, std::string_view upcard, std::string_view stock_top = "",
           const Rules& rules = Rules::card()) {
  const CardSet h1 = cards(one), h2 = cards(two);
  const Card up = card(upcard);
  std::vector<Card> order;  // first drawn first
  CardSet used = h1 | h2 | up;
  // stock_top keeps its written order (a CardSet would sort it).
  std::size_t start = 0;
  const std::string top(stock_top);
  while (start < top.size()) {
    const std::size_t end = std::min(top.find(' ', start), top.size());
    if (end > start) {
      const Card c = card(std::string_view(top).substr(start, end - start));
      order.push_back(c);
      used |= c;
    }
    start = end + 1;
  }
  for (int i = 0; i < 52; ++i) {
    const Card c = Card::from_index(i);
    if (!used.contains(c)) order.push_back(c);
  }
  const std::vector<Card> stock(order.rbegin(), order.rend());  // the last element is drawn first
  return Round::from_deal(rules, kTwo, {h1, h2}, up, stock);
}

void play(Round& r, const std::vector<std::string_view>& actions) {
  for (auto text : actions) {
    const Action a = Action::parse(text);
    CHECK(r.can_apply(a) && !r.why_not(a));
    r.apply(a);
  }
}

bool conserved(const Round& r) {
  CardSet all = r.hand(kOne) | r.hand(kTwo) | r.laid_off();
  int n = r.hand(kOne).size() + r.hand(kTwo).size() + r.laid_off().size();
  for (Card c : r.discard_pile()) all |= c, ++n;
  for (Card c : r.stock()) all |= c, ++n;
  return n == 52 && all == CardSet::full_deck();
}

}  // namespace

TEST_CASE(knock_at_exactly_ten_with_chained_layoffs) {
  // ONE (knocker):   5s 6s 7s | Qc Qd Qh | Ah 2h 3h | Tc      (+ 9c from the stock)
  // TWO (defender):  8s 9s Ts Qs 4h Kc Kd 2c 3d 5d
  // pass, pass, ONE draws 9c and knocks it: deadwood Tc = 10, exactly the limit.
  // TWO lays off 8s, 9s, Ts in a chain on 5s-6s-7s, Qs on the queens, 4h on A-2-3h,
  // keeps Kc Kd 2c 3d 5d = 30: the knock scores 30 - 10 = 20.
  Round r = deal("5s 6s 7s Qc Qd Qh Ah 2h 3h Tc", "8s 9s Ts Qs 4h Kc Kd 2c 3d 5d", "Jc", "9c");
  play(r, {"pass", "pass", "draw stock"});
  CHECK(r.hand(kOne) == cards("5s 6s 7s Qc Qd Qh Ah 2h 3h Tc 9c"));
  const std::array<Meld, 1> short_spread{Meld::from_cards(cards("5s 6s 7s"))};
  CHECK(r.check_knock(card("Tc"), short_spread) == RoundError::TooMuchDeadwood);
  play(r, {"knock 9c with 5s6s7s QcQdQh Ah2h3h"});
  CHECK(r.phase() == Phase::Layoff && r.turn() == kTwo && r.knocker() == kOne);
  CHECK_EQ(r.knocker_deadwood(), 10);
  play(r, {"lay off 8s on 0", "lay off 9s on 0", "lay off Ts on 0", "lay off Qs on 1", "lay off 4h on 2"});
  CHECK(r.spread()[0].cards() == cards("5s 6s 7s 8s 9s Ts"));
  CHECK(r.spread()[1].cards() == cards("Qc Qd Qh Qs"));
  CHECK(r.spread()[2].cards() == cards("Ah 2h 3h 4h"));
  CHECK(r.laid_off() == cards("8s 9s Ts Qs 4h"));
  CHECK(conserved(r));
  const RoundResult result = r.finish_layoffs();
  CHECK(r.is_terminal() && !r.turn().has_value() && r.legal_actions().empty());
  CHECK(result.kind() == ResultKind::Knock && result.winner() == kOne);
  CHECK_EQ(result.knocker_deadwood(), 10);
  CHECK_EQ(result.defender_deadwood(), 30);
  CHECK_EQ(result.points(r.rules()), 20);
  CHECK((r.returns() == std::array<int, 2>{20, -20}));
}

TEST_CASE(pass_pass_forces_the_stock_draw) {
  // ONE: 2c 5c 8c Jc 3s 6s 9s Qs 4h 7h   TWO: Ac 4c 7c Tc 2s 5s 8s Js 3h 6h   upcard Kd
  // Both decline the upcard: ONE must draw from the stock (9d on top), and may not
  // take the upcard any more.  From then on the pile may be taken as usual.
  Round r = deal("2c 5c 8c Jc 3s 6s 9s Qs 4h 7h", "Ac 4c 7c Tc 2s 5s 8s Js 3h 6h", "Kd", "9d");
  CHECK(r.phase() == Phase::Upcard && r.turn() == kOne && r.non_dealer() == kOne);
  r.pass();
  CHECK(r.phase() == Phase::Upcard && r.turn() == kTwo && r.passes() == 1);
  r.pass();
  CHECK(r.phase() == Phase::Draw && r.turn() == kOne && r.forced_stock_draw());
  CHECK_EQ(r.legal_actions().size(), std::size_t{1});
  CHECK_EQ(r.legal_actions().at(0).str(), std::string("draw stock"));
  CHECK(r.check_take_discard() == RoundError::MustDrawFromStock);
  CHECK(r.draw_stock() == card("9d"));
  r.discard(card("Qs"));
  CHECK(r.turn() == kTwo && r.check_take_discard() == RoundError::Ok);
  CHECK(r.take_discard() == card("Qs"));
  CHECK(r.known_cards(kTwo) == cards("Qs"));
  CHECK(r.check_discard(card("Qs")) == RoundError::DiscardJustTaken);
  r.discard(card("Tc"));
  CHECK(r.known_cards(kTwo) == cards("Qs") && r.discards_of(kTwo) == cards("Tc"));
  CHECK(conserved(r));
}

TEST_CASE(a_tie_is_an_undercut) {
  // ONE (knocker):  5s 6s 7s | Qc Qd Qh | Ah 2h 3h | 4c   (+ 9c drawn and knocked): 4
  // TWO (defender): Kc Kd Ks | 9d Td Jd | 8h 9h Th | 4d : 4, nothing to lay off
  // 4 against 4: an undercut under the rule card, worth 0 + 25 to TWO; without
  // undercut_on_tie the tie is a knock worth nothing.
  const char* one = "5s 6s 7s Qc Qd Qh Ah 2h 3h 4c";
  const char* two = "Kc Kd Ks 9d Td Jd 8h 9h Th 4d";
  Round r = deal(one, two, "Jc", "9c");
  play(r, {"pass", "pass", "draw stock", "knock 9c", "finish layoffs"});
  const auto res = r.result();
  CHECK(res.has_value() && res->kind() == ResultKind::Undercut && res->winner() == kTwo);
  CHECK_EQ(res->points(r.rules()), 25);
  CHECK((r.returns() == std::array<int, 2>{-25, 25}));
  Rules no_tie = Rules::card();
  no_tie.undercut_on_tie = false;
  Round r2 = deal(one, two, "Jc", "9c", no_tie);
  play(r2, {"pass", "pass", "draw stock", "knock 9c", "finish layoffs"});
  CHECK(r2.result()->kind() == ResultKind::Knock && r2.result()->winner() == kOne);
  CHECK((r2.returns() == std::array<int, 2>{0, 0}));
}

TEST_CASE(gin_takes_the_upcard_and_finishes_at_once) {
  // ONE: 5s 6s 7s | Qc Qd Qh | Ah 2h 3h | Kc; the upcard 4h completes A-2-3-4h.  ONE
  // takes it and knocks Kc: gin, no layoffs.  TWO: 8s 2c 3c 5c 7c 9c Jd Kd 6d 8d
  // (deadwood 8+2+3+5+7+9+10+10+6+8 = 68): gin scores 25 + 68.
  Round r = deal("5s 6s 7s Qc Qd Qh Ah 2h 3h Kc", "8s 2c 3c 5c 7c 9c Jd Kd 6d 8d", "4h");
  CHECK(r.take_discard() == card("4h"));
  CHECK(r.check_discard(card("4h")) == RoundError::DiscardJustTaken);
  r.knock(card("Kc"));
  CHECK(r.is_terminal());
  CHECK(r.result()->kind() == ResultKind::Gin && r.result()->winner() == kOne);
  CHECK_EQ(r.result()->defender_deadwood(), 68);
  CHECK_EQ(r.result()->points(r.rules()), 93);
  CHECK(r.check_lay_off(card("8s"), 0) == RoundError::WrongPhase);
}

TEST_CASE(big_gin_only_under_rules_that_have_it) {
  // ONE: 5s 6s 7s 8s | Qc Qd Qh | Ah 2h 3h; the upcard 4h melds all eleven cards.
  // Modern rules pay big gin 31 + the defender's deadwood; the rule card disables it
  // (BigGinDisabled) and plain gin by shedding the 8s remains.
  const char* one = "5s 6s 7s 8s Qc Qd Qh Ah 2h 3h";
  const char* two = "9s 2c 3c 5c 7c 9c Jd Kd 6d 8d";  // deadwood 9+2+3+5+7+9+10+10+6+8 = 69
  Round r = deal(one, two, "4h", "", Rules::modern());
  (void)r.take_discard();
  CHECK(r.check_big_gin() == RoundError::Ok);
  play(r, {"big gin"});
  CHECK(r.result()->kind() == ResultKind::BigGin);
  CHECK_EQ(r.result()->points(r.rules()), 31 + 69);
  Round r2 = deal(one, two, "4h");
  (void)r2.take_discard();
  CHECK(r2.check_big_gin() == RoundError::BigGinDisabled);
  CHECK_THROWS(r2.declare_big_gin(), parlour::core::IllegalAction);
  r2.knock(card("8s"));
  CHECK(r2.result()->kind() == ResultKind::Gin);
}

TEST_CASE(a_refused_action_changes_nothing) {
  // Oklahoma with a 4 upcard: the knock limit of the round is 4.  ONE: 5s 6s 7s |
  // Qc Qd Qh | Ah 2h 3h | 5d draws 4d: knocking 4d keeps 5 (refused, and the round is
  // untouched), knocking 5d keeps 4.  TWO keeps Kc Kd Ks 9d Td Jd 8h 9h Th 7c: 7.
  Rules rules = Rules::card();
  rules.oklahoma = OklahomaAce::One;
  Round r = deal("5s 6s 7s Qc Qd Qh Ah 2h 3h 5d", "Kc Kd Ks 9d Td Jd 8h 9h Th 7c", "4c", "4d", rules);
  CHECK_EQ(r.knock_limit(), 4);
  play(r, {"pass", "pass", "draw stock"});
  const CardSet hand = r.hand(kOne);
  const int stock = r.stock_size();
  CHECK_THROWS(r.knock(card("4d")), parlour::core::IllegalAction);
  CHECK_THROWS(r.discard(card("Kc")), parlour::core::IllegalAction);  // not in the hand
  CHECK_THROWS(r.draw_stock(), parlour::core::PhaseError);
  CHECK(r.hand(kOne) == hand && r.stock_size() == stock && r.phase() == Phase::Discard && r.turn() == kOne);
  r.knock(card("5d"));
  const RoundResult res = r.finish_layoffs();
  CHECK(res.kind() == ResultKind::Knock);
  CHECK_EQ(res.defender_deadwood(), 7);
  CHECK_EQ(res.points(rules), 3);
}

TEST_CASE(dead_hand_at_two_stock_cards) {
  // Both pass; each player then draws from the stock and throws the drawn card back.
  // After the 29th draw two cards are left: that discard ends a dead hand, worth
  // nothing, and the same dealer deals again.
  Round r = deal("2c 5c 8c Jc 3s 6s 9s Qs 4h 7h", "Ac 4c 7c Tc 2s 5s 8s Js 3h 6h", "Kd");
  play(r, {"pass", "pass"});
  int draws = 0;
  while (!r.is_terminal()) {
    const Card c = r.draw_stock();
    ++draws;
    r.discard(c);
  }
  CHECK_EQ(draws, 29);
  CHECK_EQ(r.stock_size(), 2);
  CHECK(r.result()->kind() == ResultKind::Dead && !r.result()->winner().has_value());
  Match m(Rules::card(), kTwo);
  m.record(*r.result());
  CHECK(m.next_dealer() == kTwo);
}

TEST_CASE(melds_and_deadwood) {
  // Ace is low only: Q-K-A and K-A-2 are not runs (OpenSpiel's trap: Js Qs Ks As).
  CHECK(Meld::is_meld(cards("Ah 2h 3h")));
  CHECK(!Meld::is_meld(cards("Qs Ks As")));
  CHECK(!Meld::is_meld(cards("Ks As 2s")));
  CHECK(Meld::is_meld(cards("Js Qs Ks")));
  // A card belongs to one meld only.  4s 5s 6s 7s 8s + 6c 6d 6h: the 6s stays in the
  // run and 6c 6d 6h make a set of three, deadwood 0.  4s 5s 6s 6c 6d: either the run
  // (6c 6d left, 12) or the set 6s 6c 6d (4s 5s left, 9): the minimum is 9.
  CHECK_EQ(deadwood(cards("4s 5s 6s 7s 8s 6c 6d 6h")), 0);
  CHECK_EQ(deadwood(cards("4s 5s 6s 6c 6d")), 9);
  // The gin-rummy crate's example: the run beats the set.
  CHECK_EQ(deadwood(cards("Tc Qc 4d 9d 4h 9h Jh 4s 5s 6s")), 56);
}

TEST_CASE(the_belief_tempo_scales_how_fast_the_opponent_is_believed_to_improve) {
  // Some turns of the playout policy on both sides, then the belief of the player to act.
  parlour::core::Rng rng(20261203);
  Round r = Round::deal(Rules::card(), kTwo, rng);
  PlayoutPolicy policy;
  Observation obs;
  for (int i = 0; i < 14 && !r.is_terminal(); ++i) {
    observe_into(r, *r.turn(), obs);
    r.apply(policy.act(obs));
  }
  CHECK(!r.is_terminal());
  observe_into(r, *r.turn(), obs);
  CHECK(!obs.opponent_discards.empty());
  std::vector<Card> unseen;
  for (Card c : unseen_cards(obs)) unseen.push_back(c);
  // The likelihood of a hand of deadwood d changes by exp(-(tempo - 1) * lambda * d), lambda
  // as opponent_likelihood documents it; a hand's other factors do not depend on the tempo.
  const double lambda = std::min(0.09, 0.025 + 0.008 * static_cast<double>(obs.opponent_discards.size()));
  double dw_slow = 0.0, dw_fast = 0.0;
  parlour::core::Rng a(7), b(7);
  constexpr int kDraws = 400;
  for (int i = 0; i < kDraws; ++i) {
    const CardSet h = sample_opponent_hand(obs, unseen, a, 1).hand;  // one proposal: drawn uniformly
    const double base = opponent_likelihood(obs, h), fast = opponent_likelihood(obs, h, 3.0);
    CHECK(base > 0.0 && fast > 0.0);
    CHECK(std::abs(fast / base - std::exp(-2.0 * lambda * deadwood(h))) < 1e-9);
    dw_slow += deadwood(sample_opponent_hand(obs, unseen, b, 32, 0.25).hand);
    dw_fast += deadwood(sample_opponent_hand(obs, unseen, b, 32, 4.0).hand);
  }
  // A faster tempo believes hands with less deadwood.
  CHECK(dw_fast / kDraws + 3.0 < dw_slow / kDraws);
}

int main() { return parlour::test::run_all(); }
