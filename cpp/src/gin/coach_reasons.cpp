// The facts behind the gin coach's advice and their plain sentences: the hand after an
// action, its outs among the live cards, what the opponent visibly collects (see
// coach_internal.hpp).
#include "coach_internal.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <memory>
#include <string>
#include "bots_internal.hpp"
#include "parlour/core/errors.hpp"
#include "parlour/core/rng.hpp"
#include "parlour/gin/bots.hpp"
#include "parlour/gin/expert.hpp"
#include "parlour/gin/match_odds.hpp"
#include "parlour/gin/scoring.hpp"

namespace parlour::gin::coach_detail {

using detail::declined_by_opponent;
using detail::legal;
using detail::pile_top;
// ---------------------------------------------------------------- text

std::string cards_text(CardSet cards) {
  std::string s;
  for (Card c : cards) {
    if (!s.empty()) s += ' ';
    s += c.str();
  }
  return s;
}
namespace {

// "[3c 4c 5c] [7s 7h 7d] | 2d 9h Kd", as parlour gin play shows a hand.
std::string arrangement_text(const Melds& m) {
  std::string s;
  for (const Meld& x : m.melds()) s += (s.empty() ? "[" : " [") + cards_text(x.cards()) + "]";
  const CardSet dead = m.deadwood_cards();
  if (s.empty()) return "no melds: " + cards_text(dead);
  if (!dead.empty()) s += " | " + cards_text(dead);
  return s;
}
}  // namespace

std::string pct(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.0f %%", 100.0 * x);
  return buf;
}
namespace {

std::string num(double x, int digits = 1) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*f", digits, x);
  return buf;
}
}  // namespace

std::string signed_points(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.1f", x);
  return buf;
}

const char* suit_plural(Suit s) noexcept {
  switch (s) {
    case Suit::Club: return "clubs";
    case Suit::Spade: return "spades";
    case Suit::Heart: return "hearts";
    case Suit::Diamond: return "diamonds";
  }
  return "?";
}
namespace {

// ---------------------------------------------------------------- facts

// The cards of `cards` of c's rank, or of c's suit within two ranks of it.
CardSet near(CardSet cards, Card c) noexcept {
  CardSet out;
  for (Card x : cards) {
    if (x == c) continue;
    if (x.rank() == c.rank() || (x.suit() == c.suit() && std::abs(x.rank() - c.rank()) <= 2)) out |= x;
  }
  return out;
}
}  // namespace
namespace {

// The live cards that would lower the deadwood of a 10-card hand if drawn (the best
// discard after the draw).
CardSet outs_of(CardSet hand10, CardSet live) noexcept {
  if (hand10.size() > kHandSize) return {};
  const int now = deadwood(hand10);
  CardSet out;
  for (Card u : live)
    if (deadwood_after_taking(hand10, u) < now) out |= u;
  return out;
}
}  // namespace

// The hand facts of an action: the 10 cards kept after it and their arrangement.
void hand_facts(const Observation& obs, CardSet live, ActionAdvice& a) {
  CardSet kept = obs.hand;
  switch (a.action.kind()) {
    case ActionKind::Discard: kept = obs.hand - a.action.card(); break;
    case ActionKind::Knock: kept = obs.hand - a.action.card(); break;
    case ActionKind::TakeDiscard: {
      const Card top = pile_top(obs);
      const CardSet h = obs.hand | top;
      int best = std::numeric_limits<int>::max();
      Card drop{};
      for (Card c : obs.hand) {  // never the card just taken
        const int dw = deadwood(h - c);
        if (dw < best || (dw == best && detail::higher(c, drop))) {
          best = dw;
          drop = c;
        }
      }
      kept = h - drop;
      break;
    }
    case ActionKind::DrawStock: a.expected_deadwood = expected_deadwood_after_draw(obs.hand, live); break;
    default: break;
  }
  if (a.action.kind() == ActionKind::Knock && a.action.has_melds())
    a.melds_after = Melds(kept, a.action.melds());
  else if (a.action.kind() == ActionKind::BigGin)
    a.melds_after = best_melds(obs.hand);
  else
    a.melds_after = best_melds(kept);
  a.deadwood_after = a.melds_after.deadwood();
  if (a.action.kind() != ActionKind::Knock && a.action.kind() != ActionKind::BigGin) a.outs = outs_of(kept, live);
  if (a.action.kind() == ActionKind::Discard) {
    const Card c = a.action.card();
    a.opponent_took_near = near(obs.opponent_known, c);
    a.opponent_threw_near = near(obs.opponent_discards | declined_by_opponent(obs), c) - obs.opponent_known;
  }
}

void add_reasons(const Observation& obs, bool in_match, int live_count, ActionAdvice& a) {
  auto& r = a.reasons;
  const ActionKind k = a.action.kind();
  const std::string arrangement = arrangement_text(a.melds_after);
  switch (k) {
    case ActionKind::Knock:
      r.push_back(a.deadwood_after == 0 ? "Goes gin: " + arrangement + "."
                                        : "Knocks with " + std::to_string(a.deadwood_after) + " deadwood, spreading " +
                                              arrangement + ".");
      break;
    case ActionKind::BigGin: r.push_back("Big gin: all eleven cards melded."); break;
    case ActionKind::TakeDiscard:
      r.push_back("Takes " + pile_top(obs).str() + ": the best discard after it leaves " +
                  std::to_string(a.deadwood_after) + " deadwood (" + arrangement + "); now " +
                  std::to_string(deadwood(obs.hand)) + ".");
      break;
    case ActionKind::DrawStock:
      r.push_back("Draws from the stock: the deadwood after the best discard is " + num(*a.expected_deadwood) +
                  " on average over the live cards (now " + std::to_string(a.deadwood_after) + ").");
      break;
    case ActionKind::Pass: r.push_back("Passes: the hand stays " + arrangement + "."); break;
    case ActionKind::Discard:
      r.push_back("Leaves " + std::to_string(a.deadwood_after) + " deadwood: " + arrangement + ".");
      break;
    case ActionKind::LayOff:
    case ActionKind::FinishLayoffs:
      r.push_back("Leaves " + std::to_string(a.deadwood_after) + " deadwood after the best layoffs: " + arrangement +
                  ".");
      break;
  }
  if (k != ActionKind::Knock && k != ActionKind::BigGin && k != ActionKind::LayOff && k != ActionKind::FinishLayoffs) {
    constexpr int kListed = 12;  // more outs than this are counted, not listed
    if (a.outs.empty())
      r.push_back("No live card would lower that deadwood.");
    else if (a.outs.size() > kListed)
      r.push_back(std::to_string(a.outs.size()) + " of the " + std::to_string(live_count) +
                  " live cards would lower it.");
    else
      r.push_back(std::to_string(a.outs.size()) + (a.outs.size() == 1 ? " live card lowers" : " live cards lower") +
                  " it: " + cards_text(a.outs) + ".");
  }
  if (k == ActionKind::Discard) {
    const std::string c = a.action.card().str();
    if (!a.opponent_took_near.empty())
      r.push_back("The opponent took " + cards_text(a.opponent_took_near) + " from the pile: " + c + " may help it.");
    if (!a.opponent_threw_near.empty())
      r.push_back("The opponent threw or passed on " + cards_text(a.opponent_threw_near) + ": " + c +
                  " less likely helps it.");
    if (a.opponent_uses)
      r.push_back(c + " makes a meld with " + pct(*a.opponent_uses) + " of the opponent hands the search sampled.");
  }
  if (k == ActionKind::LayOff || k == ActionKind::FinishLayoffs) {
    r.push_back("Expected points " + signed_points(a.points) + " over the knocker's possible deadwood.");
  } else {
    std::string s = "Wins the hand in " + pct(a.win_hand) + " of the sampled deals";
    if (k != ActionKind::Knock && k != ActionKind::BigGin)
      s += "; the opponent knocks or goes gin within two turns in " + pct(a.opponent_ends_soon);
    r.push_back(s + ".");
    std::string v = "Expected points " + signed_points(a.points);
    if (in_match && a.match_win) v += "; chance to win the match " + pct(*a.match_win);
    r.push_back(v + (a.exact ? " (settled exactly in each sampled deal)." : "."));
  }
}

}  // namespace parlour::gin::coach_detail
