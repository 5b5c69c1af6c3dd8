// The gin coach: advice from ExpertBot's search over every legal action, the checkable
// facts behind it, and the review of a seat's decisions (see coach.hpp).
#include "parlour/gin/coach.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <memory>
#include <string>

#include "bots_internal.hpp"
#include "coach_internal.hpp"
#include "parlour/core/errors.hpp"
#include "parlour/core/rng.hpp"
#include "parlour/gin/bots.hpp"
#include "parlour/gin/expert.hpp"
#include "parlour/gin/match_odds.hpp"
#include "parlour/gin/scoring.hpp"

namespace parlour::gin {

namespace {

using coach_detail::add_reasons;
using coach_detail::cards_text;
using coach_detail::hand_facts;
using coach_detail::pct;
using coach_detail::signed_points;
using coach_detail::suit_plural;
using detail::declined_by_opponent;
using detail::legal;
using detail::pile_top;

// ---------------------------------------------------------------- the position

void summary(const Observation& obs, const ExpertBot::Search* search, Advice& out) {
  out.live = unseen_cards(obs);
  out.opponent_took = obs.opponent_known;
  out.opponent_declined = declined_by_opponent(obs);
  out.opponent_discarded = obs.opponent_discards;
  // The opponent's discards in the order they reached the pile (those still on it).
  std::vector<Card> thrown;
  for (Card c : obs.discard_pile())
    if (obs.opponent_discards.contains(c)) thrown.push_back(c);
  constexpr std::size_t kRecent = 3;
  if (thrown.size() >= kRecent + 2) {
    for (int s = 0; s < 4; ++s) {
      const auto suit = static_cast<Suit>(s);
      const auto is = [&](Card c) { return c.suit() == suit; };
      const bool before = std::any_of(thrown.begin(), thrown.end() - kRecent, is);
      const bool recent = std::any_of(thrown.end() - kRecent, thrown.end(), is);
      if (before && !recent) out.opponent_quiet_suits.push_back(suit);
    }
  }
  if (search != nullptr) {
    for (Card c : out.live) {
      const double p = search->opponent_holds[static_cast<std::size_t>(c.index())];
      if (p >= 0.4) out.opponent_likely.emplace_back(c, p);
    }
    std::stable_sort(out.opponent_likely.begin(), out.opponent_likely.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    out.opponent_can_knock = search->opponent_can_knock;
  }
  auto& s = out.summary;
  if (!obs.opponent_known.empty())
    s.push_back("The opponent took " + cards_text(obs.opponent_known) + " from the pile and still holds them.");
  if (!out.opponent_declined.empty()) s.push_back("It passed on or covered " + cards_text(out.opponent_declined) + ".");
  if (!out.opponent_quiet_suits.empty()) {
    std::string q;
    for (Suit x : out.opponent_quiet_suits) q += (q.empty() ? "" : ", ") + std::string(suit_plural(x));
    s.push_back("It threw " + q + " earlier but none in its last three discards.");
  }
  if (!out.opponent_likely.empty()) {
    std::string l;
    for (const auto& [c, p] : out.opponent_likely) l += (l.empty() ? "" : ", ") + c.str() + " " + pct(p);
    s.push_back("From what it did, it likely holds " + l + ".");
  }
  if (search != nullptr)
    s.push_back("Its hand is already within the knock limit in " + pct(out.opponent_can_knock) +
                " of the hands the search sampled.");
  s.push_back(std::to_string(out.live.size()) + " cards are live (unseen: the stock and the opponent's hidden cards).");
}

// ---------------------------------------------------------------- the LAYOFF phase

// Every layoff valued exactly: the defender's deadwood after it and the best layoffs
// after it, priced over the knocker's possible deadwood (its hidden cards drawn from the
// live cards, kept when their value fits the knock limit).
Advice layoff_advice(const Observation& obs, const CoachParams& params) {
  Advice out;
  out.seat = obs.player;
  out.phase = obs.phase;
  out.match_target = obs.match_target;
  const auto me = static_cast<std::size_t>(obs.player);
  out.match_scores = {obs.match_scores[me], obs.match_scores[1 - me]};
  const std::vector<Meld> spread(obs.spread_melds().begin(), obs.spread_melds().end());
  CardSet on_table;
  for (const Meld& m : spread) on_table |= m.cards();
  const CardSet knocker_melded = on_table - obs.laid_off;
  const CardSet known_dead = obs.opponent_known - on_table;
  const int hidden = std::max(0, obs.opponent_hand_size - knocker_melded.size() - known_dead.size());
  const CardSet live = unseen_cards(obs);
  std::vector<Card> pool(live.begin(), live.end());
  // The knocker's deadwood in the sampled worlds.
  constexpr int kWorlds = 256;
  std::vector<int> kd;
  core::Rng rng(detail::decision_seed(params.seed, obs));
  for (int tries = 0; tries < 64 * kWorlds && static_cast<int>(kd.size()) < kWorlds; ++tries) {
    int total = cards_value(known_dead);
    for (int i = 0; i < hidden && i < static_cast<int>(pool.size()); ++i) {
      const auto j = static_cast<std::size_t>(i) + rng.below(pool.size() - static_cast<std::size_t>(i));
      std::swap(pool[static_cast<std::size_t>(i)], pool[j]);
      total += card_value(pool[static_cast<std::size_t>(i)]);
    }
    if (total >= 1 && total <= obs.knock_limit) kd.push_back(total);
  }
  if (kd.empty()) kd.push_back(std::max(1, std::min(obs.knock_limit, cards_value(known_dead))));
  const Player knocker = opponent(obs.player);
  const std::shared_ptr<const MatchOdds> odds = obs.match_target > 0 ? match_odds(obs.rules) : nullptr;
  out.by_match = odds != nullptr;
  std::vector<std::vector<double>> values;
  std::vector<std::vector<int>> points;
  for (const std::uint16_t id : obs.legal()) {
    ActionAdvice a;
    a.action = Action::from_id(id);
    a.exact = true;
    a.kept = true;
    CardSet hand = obs.hand;
    std::vector<Meld> melds = spread;
    if (a.action.kind() == ActionKind::LayOff) {
      hand -= a.action.card();
      const auto i = static_cast<std::size_t>(a.action.meld());
      if (const auto grown = melds[i].extended(a.action.card())) melds[i] = *grown;
    }
    const Layoff lo = a.action.kind() == ActionKind::LayOff ? best_layoff(hand, melds) : Layoff{};
    a.melds_after = a.action.kind() == ActionKind::LayOff ? lo.remaining : best_melds(hand);
    a.deadwood_after = a.melds_after.deadwood();
    std::vector<double> v;
    std::vector<int> pts;
    for (const int k : kd) {
      const RoundResult r = RoundResult::knock(knocker, k, a.deadwood_after, CardSet{}, obs.rules);
      const auto w = r.winner();
      const int p = !w ? 0 : (*w == obs.player ? r.points(obs.rules) : -r.points(obs.rules));
      pts.push_back(p);
      v.push_back(odds ? odds->win_after(out.match_scores[0], out.match_scores[1], p) : p);
    }
    double sp = 0.0, sv = 0.0, win = 0.0;
    for (std::size_t i = 0; i < kd.size(); ++i) {
      sp += pts[i];
      sv += v[i];
      win += pts[i] > 0 ? 1.0 : 0.0;
    }
    const double n = static_cast<double>(kd.size());
    a.points = sp / n;
    a.value = sv / n;
    a.win_hand = win / n;
    if (odds) a.match_win = a.value;
    a.worlds = static_cast<int>(kd.size());
    out.actions.push_back(a);
    values.push_back(std::move(v));
    points.push_back(std::move(pts));
  }
  out.worlds = static_cast<int>(kd.size());
  std::size_t best = 0;
  for (std::size_t i = 1; i < out.actions.size(); ++i)
    if (out.actions[i].value > out.actions[best].value + 1e-12) best = i;
  for (std::size_t i = 0; i < out.actions.size(); ++i) {
    double d = 0.0, dp = 0.0;
    for (std::size_t w = 0; w < kd.size(); ++w) {
      d += values[best][w] - values[i][w];
      dp += points[best][w] - points[i][w];
    }
    out.actions[i].loss = d / static_cast<double>(kd.size());
    out.actions[i].points_loss = dp / static_cast<double>(kd.size());
  }
  return out;
}

// ---------------------------------------------------------------- ranking

void rank_actions(Advice& out) {
  std::stable_sort(out.actions.begin(), out.actions.end(), [](const ActionAdvice& a, const ActionAdvice& b) {
    if (a.loss != b.loss) return a.loss < b.loss;
    return a.value > b.value;
  });
  for (std::size_t i = 0; i < out.actions.size(); ++i) out.actions[i].rank = static_cast<int>(i) + 1;
}

}  // namespace

void CoachParams::validate() const {
  if (nodes < 0) throw core::InvalidValue("nodes must be >= 0, got " + std::to_string(nodes));
  if (!(budget_ms >= 0.0) || !std::isfinite(budget_ms))
    throw core::InvalidValue("budget_ms must be a finite number >= 0, got " + std::to_string(budget_ms));
  if (nodes == 0 && budget_ms == 0.0) throw core::InvalidValue("the coach needs a node or a time budget");
  if (threads < 1 || threads > core::kMaxThreads)
    throw core::InvalidValue("threads must be in 1.." + std::to_string(core::kMaxThreads) + ", got " +
                             std::to_string(threads));
}

const ActionAdvice* Advice::find(const Action& a) const noexcept {
  const ActionAdvice* by_card = nullptr;
  for (const ActionAdvice& x : actions) {
    if (x.action.kind() != a.kind()) continue;
    switch (a.kind()) {
      case ActionKind::Discard:
        if (x.action.card() == a.card()) return &x;
        break;
      case ActionKind::Knock:
        if (x.action.card() != a.card()) break;
        if (!a.has_melds()) return &x;
        if (const auto mx = x.action.melds(), ma = a.melds(); std::equal(mx.begin(), mx.end(), ma.begin(), ma.end()))
          return &x;
        if (by_card == nullptr) by_card = &x;
        break;
      case ActionKind::LayOff:
        if (x.action.card() == a.card() && x.action.meld() == a.meld()) return &x;
        break;
      default: return &x;
    }
  }
  return by_card;
}

Advice advise(const Observation& obs, const CoachParams& params, core::StopToken& stop) {
  params.validate();
  if (!obs.is_my_turn() || obs.legal_count == 0)
    throw core::PhaseError("advice is for the player to act (observe the player whose turn it is)", "gin.WrongPhase");
  if (obs.phase == Phase::Layoff) {
    Advice out = layoff_advice(obs, params);
    const int live = unseen_cards(obs).size();
    for (ActionAdvice& a : out.actions) add_reasons(obs, out.match_target > 0, live, a);
    rank_actions(out);
    summary(obs, nullptr, out);
    return out;
  }
  ExpertParams ep;
  ep.nodes = params.nodes;
  ep.budget_ms = params.budget_ms;
  ep.threads = params.threads;
  const ExpertBot bot(params.seed, ep);
  SearchOptions opt;
  opt.every_action = true;
  opt.details = true;
  const ExpertBot::Search s = bot.search(obs, stop, opt);
  Advice out;
  out.seat = obs.player;
  out.phase = obs.phase;
  out.by_match = s.by_match;
  out.match_target = obs.match_target;
  const auto me = static_cast<std::size_t>(obs.player);
  out.match_scores = {obs.match_scores[me], obs.match_scores[1 - me]};
  out.worlds = s.worlds;
  out.nodes = s.nodes;
  out.effective_worlds = s.effective_worlds;
  const CardSet live = unseen_cards(obs);
  for (std::size_t i = 0; i < s.candidates.size(); ++i) {
    const ExpertBot::Candidate& c = s.candidates[i];
    // One entry per legal action: a knock card's best arrangement stands for it.
    if (c.action.kind() == ActionKind::Knock) {
      bool beaten = false;
      for (std::size_t j = 0; j < s.candidates.size() && !beaten; ++j) {
        const ExpertBot::Candidate& d = s.candidates[j];
        beaten = j != i && d.action.kind() == ActionKind::Knock && d.action.card() == c.action.card() &&
                 (d.loss < c.loss || (d.loss == c.loss && j < i));
      }
      if (beaten) continue;
    }
    ActionAdvice a;
    a.action = c.action;
    a.value = c.value;
    a.points = c.points;
    if (c.match_win >= 0.0) a.match_win = c.match_win;
    a.win_hand = c.win_hand;
    a.opponent_ends_soon = c.opponent_ends_soon;
    if (c.opponent_uses >= 0.0) a.opponent_uses = c.opponent_uses;
    a.loss = c.loss;
    a.loss_se = c.loss_se;
    a.points_loss = c.points_loss;
    a.points_loss_se = c.points_loss_se;
    a.worlds = c.worlds;
    a.kept = c.kept;
    a.exact = c.settled;
    out.actions.push_back(a);
  }
  for (ActionAdvice& a : out.actions) {
    hand_facts(obs, live, a);
    add_reasons(obs, out.match_target > 0, live.size(), a);
  }
  rank_actions(out);
  summary(obs, &s, out);
  return out;
}

// ---------------------------------------------------------------- review

namespace {

// Why `better` beats `played`, in plain sentences.
std::vector<std::string> contrast(const ActionAdvice& played, const ActionAdvice& better, bool by_match) {
  std::vector<std::string> r;
  const std::string p = played.action.str(), b = better.action.str();
  r.push_back("'" + b + "' was worth " + signed_points(better.points) + " points on average, '" + p + "' " +
              signed_points(played.points) + ".");
  if (by_match && better.match_win && played.match_win)
    r.push_back("The chance to win the match: " + pct(*better.match_win) + " against " + pct(*played.match_win) + ".");
  if (better.deadwood_after != played.deadwood_after)
    r.push_back("It keeps " + std::to_string(better.deadwood_after) + " deadwood instead of " +
                std::to_string(played.deadwood_after) + ".");
  if (better.outs.size() != played.outs.size() && better.action.kind() != ActionKind::Knock &&
      played.action.kind() != ActionKind::Knock)
    r.push_back("It leaves " + std::to_string(better.outs.size()) + " live cards that lower the deadwood, not " +
                std::to_string(played.outs.size()) + ".");
  if (played.opponent_uses && (!better.opponent_uses || *played.opponent_uses > *better.opponent_uses + 0.05))
    r.push_back(played.action.card().str() + " makes a meld with " + pct(*played.opponent_uses) +
                " of the opponent's likely hands" +
                (better.opponent_uses ? ", " + better.action.card().str() + " with " + pct(*better.opponent_uses)
                                      : std::string()) +
                ".");
  if (!played.opponent_took_near.empty())
    r.push_back("The opponent took " + cards_text(played.opponent_took_near) + " from the pile.");
  if (std::abs(better.win_hand - played.win_hand) >= 0.03)
    r.push_back("It wins the hand in " + pct(better.win_hand) + " of the sampled deals, against " +
                pct(played.win_hand) + ".");
  return r;
}

void check_decisions(std::span<const Decision> decisions) {
  for (std::size_t i = 0; i < decisions.size(); ++i) {
    const Observation& o = decisions[i].observation;
    const std::string at = "decision " + std::to_string(i) + ": ";
    if (o.player != decisions.front().observation.player)
      throw core::InvalidValue(at + "a review is of one seat's decisions, but this one is of the other seat");
    if (!o.is_my_turn() || o.legal_count == 0) throw core::InvalidValue(at + "the observation's player is not to act");
    if (!legal(o, decisions[i].action))
      throw core::InvalidValue(at + "'" + decisions[i].action.str() + "' is not a legal action there");
  }
}

}  // namespace

Review review(std::span<const Decision> decisions, const CoachParams& params, core::StopToken& stop) {
  params.validate();
  check_decisions(decisions);
  Review out;
  if (!decisions.empty()) out.seat = decisions.front().observation.player;
  out.decisions = static_cast<int>(decisions.size());
  for (std::size_t i = 0; i < decisions.size(); ++i) {
    const Observation& o = decisions[i].observation;
    if (o.legal_count <= 1) continue;
    stop.throw_if_stop_requested();
    ++out.searched;
    const Advice adv = advise(o, params, stop);
    out.nodes += adv.nodes;
    const ActionAdvice* played = adv.find(decisions[i].action);
    if (played == nullptr || played->rank == 1) continue;
    const ActionAdvice& better = adv.best();
    const double min_loss = adv.by_match ? kReviewMinMatch : kReviewMinPoints;
    const double loss = adv.by_match ? played->loss : played->points_loss;
    const double se = adv.by_match ? played->loss_se : played->points_loss_se;
    if (!(loss >= min_loss && loss > kReviewZ * se)) continue;
    ReviewItem item;
    item.index = static_cast<int>(i);
    item.phase = o.phase;
    item.stock_size = o.stock_size;
    item.hand = o.hand;
    item.played = *played;
    item.better = better;
    item.loss = played->loss;
    item.points_loss = played->points_loss;
    item.by_match = adv.by_match;
    item.reasons = contrast(*played, better, adv.by_match);
    out.points_lost += played->points_loss;
    out.mistakes.push_back(std::move(item));
  }
  return out;
}

}  // namespace parlour::gin
