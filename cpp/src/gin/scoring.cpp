#include "parlour/gin/scoring.hpp"

#include <algorithm>
#include <utility>

#include "parlour/core/errors.hpp"

namespace parlour::gin {

namespace {

[[noreturn]] void invalid(const std::string& why) { throw core::InvalidValue(why); }
[[noreturn]] void arrange_error(const std::string& why) { throw core::InvalidValue(why, "gin.ArrangeError"); }

const char* kind_name(ResultKind k) noexcept {
  switch (k) {
    case ResultKind::Dead: return "DEAD";
    case ResultKind::Knock: return "KNOCK";
    case ResultKind::Undercut: return "UNDERCUT";
    case ResultKind::Gin: return "GIN";
    case ResultKind::BigGin: return "BIG_GIN";
  }
  return "?";
}

const char* player_name(Player p) noexcept { return p == Player::One ? "Player.ONE" : "Player.TWO"; }

constexpr int kMaxDeadwood = 340;  // the value of the whole deck

}  // namespace

// ---- RoundResult ---------------------------------------------------------------------

RoundResult::RoundResult(ResultKind kind, std::optional<Player> knocker, int knocker_deadwood, int defender_deadwood,
                         CardSet laid_off)
    : kind_(kind),
      knocker_(knocker),
      knocker_deadwood_(knocker_deadwood),
      defender_deadwood_(defender_deadwood),
      laid_off_(laid_off) {
  const std::string what = std::string("RoundResult(") + kind_name(kind) +
                           ", knocker_deadwood=" + std::to_string(knocker_deadwood) +
                           ", defender_deadwood=" + std::to_string(defender_deadwood) + ")";
  if (kind == ResultKind::Dead) {
    if (knocker || knocker_deadwood != 0 || defender_deadwood != 0 || !laid_off.empty())
      invalid("a dead hand has no knocker, no deadwood and no layoffs: " + what);
    return;
  }
  if (!knocker) invalid("a result other than DEAD needs a knocker: " + what);
  if (defender_deadwood < 0 || defender_deadwood > kMaxDeadwood) invalid("defender deadwood out of range: " + what);
  if (kind == ResultKind::Gin || kind == ResultKind::BigGin) {
    if (knocker_deadwood != 0) invalid("gin has no deadwood: " + what);
    if (!laid_off.empty()) invalid("no layoffs against gin: " + what);
    return;
  }
  if (knocker_deadwood < 1 || knocker_deadwood > 10) invalid("a knock keeps 1 .. 10 deadwood (0 is gin): " + what);
  if (kind == ResultKind::Knock && defender_deadwood < knocker_deadwood)
    invalid("a defender with less deadwood undercuts, it is not a KNOCK: " + what);
  if (kind == ResultKind::Undercut && defender_deadwood > knocker_deadwood)
    invalid("an undercut needs the defender's deadwood at most the knocker's: " + what);
}

RoundResult RoundResult::knock(Player knocker, int knocker_deadwood, int defender_deadwood, CardSet laid_off,
                               const Rules& rules) {
  const bool undercut =
      defender_deadwood < knocker_deadwood || (defender_deadwood == knocker_deadwood && rules.undercut_on_tie);
  return RoundResult(undercut ? ResultKind::Undercut : ResultKind::Knock, knocker, knocker_deadwood, defender_deadwood,
                     laid_off);
}

RoundResult RoundResult::gin(Player knocker, int defender_deadwood) {
  return RoundResult(ResultKind::Gin, knocker, 0, defender_deadwood, CardSet());
}

RoundResult RoundResult::big_gin(Player knocker, int defender_deadwood) {
  return RoundResult(ResultKind::BigGin, knocker, 0, defender_deadwood, CardSet());
}

std::optional<Player> RoundResult::defender() const noexcept {
  if (!knocker_) return std::nullopt;
  return opponent(*knocker_);
}

std::optional<Player> RoundResult::winner() const noexcept {
  if (!knocker_) return std::nullopt;
  return kind_ == ResultKind::Undercut ? opponent(*knocker_) : *knocker_;
}

std::optional<Player> RoundResult::loser() const noexcept {
  const auto w = winner();
  if (!w) return std::nullopt;
  return opponent(*w);
}

int RoundResult::points(const Rules& rules) const {
  switch (kind_) {
    case ResultKind::Dead: return 0;
    case ResultKind::Knock: return defender_deadwood_ - knocker_deadwood_;
    case ResultKind::Undercut: return knocker_deadwood_ - defender_deadwood_ + rules.undercut_bonus;
    case ResultKind::Gin: return rules.gin_bonus + defender_deadwood_;
    case ResultKind::BigGin:
      if (!rules.big_gin_bonus)
        invalid("a BIG_GIN result has no points under rules that disable big gin: " + rules.repr());
      return *rules.big_gin_bonus + defender_deadwood_;
  }
  return 0;
}

std::string RoundResult::repr() const {
  if (kind_ == ResultKind::Dead) return "RoundResult.dead()";
  std::string s = std::string("RoundResult(ResultKind.") + kind_name(kind_) + ", " + player_name(*knocker_) + ", " +
                  std::to_string(knocker_deadwood_) + ", " + std::to_string(defender_deadwood_);
  if (!laid_off_.empty()) s += ", CardSet('" + laid_off_.str() + "')";
  return s + ")";
}

// ---- best_layoff ---------------------------------------------------------------------

Layoff best_layoff(CardSet cards, std::span<const Meld> melds) {
  if (cards.size() > kMaxHandCards)
    arrange_error("best_layoff takes at most 11 cards, got " + std::to_string(cards.size()) + ": '" + cards.str() +
                  "'");
  CardSet spread;
  for (const Meld& m : melds) {
    if (!Meld::is_meld(m.cards())) arrange_error("not a meld: '" + m.str() + "'");
    if (!m.cards().is_disjoint(spread))
      arrange_error("melds overlap: '" + (m.cards() & spread).str() + "' is in two melds");
    spread |= m.cards();
  }
  if (!cards.is_disjoint(spread))
    arrange_error("the cards '" + (cards & spread).str() + "' are both in the hand and in the melds");

  // The options of each meld: the card sets that can be laid on it (first: none).
  std::vector<std::vector<CardSet>> options(melds.size());
  for (std::size_t i = 0; i < melds.size(); ++i) {
    const Meld& m = melds[i];
    auto& opts = options[i];
    opts.push_back(CardSet());
    if (m.is_set()) {
      const CardSet fourth = m.extensions() & cards;
      if (!fourth.empty()) opts.push_back(fourth);
      continue;
    }
    std::vector<Card> below, above;
    for (int r = m.low() - 1; r >= 1 && cards.contains(Card(r, m.suit())); --r) below.push_back(Card(r, m.suit()));
    for (int r = m.high() + 1; r <= 13 && cards.contains(Card(r, m.suit())); ++r) above.push_back(Card(r, m.suit()));
    const int na = static_cast<int>(below.size()), nb = static_cast<int>(above.size());
    for (int total = 1; total <= na + nb; ++total)
      for (int b = 0; b <= total; ++b) {
        const int a = total - b;
        if (a > na || b > nb) continue;
        CardSet s;
        for (int k = 0; k < a; ++k) s |= below[static_cast<std::size_t>(k)];
        for (int k = 0; k < b; ++k) s |= above[static_cast<std::size_t>(k)];
        opts.push_back(s);
      }
  }

  // Exhaustive product with disjointness; key (deadwood, -cards laid), first found.
  std::vector<std::size_t> choice(melds.size(), 0), best_choice(melds.size(), 0);
  int best_dw = deadwood(cards);
  int best_laid = 0;
  std::vector<CardSet> partial(melds.size() + 1);
  auto rec = [&](auto&& self, std::size_t i, CardSet laid) -> void {
    if (i == melds.size()) {
      if (laid.empty()) return;
      const int dw = deadwood(cards - laid);
      if (dw < best_dw || (dw == best_dw && laid.size() > best_laid)) {
        best_dw = dw;
        best_laid = laid.size();
        best_choice = choice;
      }
      return;
    }
    for (std::size_t k = 0; k < options[i].size(); ++k) {
      const CardSet s = options[i][k];
      if (!s.is_disjoint(laid)) continue;
      choice[i] = k;
      self(self, i + 1, laid | s);
    }
    choice[i] = 0;
  };
  rec(rec, 0, CardSet());

  Layoff out;
  out.laid_on.resize(melds.size());
  out.melds.assign(melds.begin(), melds.end());
  for (std::size_t i = 0; i < melds.size(); ++i) {
    const CardSet s = options[i][best_choice[i]];
    out.laid_on[i] = s;
    out.laid |= s;
    if (!s.empty()) out.melds[i] = Meld::unchecked(melds[i].cards() | s, melds[i].kind());
  }
  out.remaining = best_melds(cards - out.laid);
  out.deadwood = out.remaining.deadwood();
  return out;
}

// ---- settle --------------------------------------------------------------------------

Settlement settle(const Melds& knocker_melds, CardSet defender_cards, const Rules& rules, Player knocker) {
  rules.validate();
  const CardSet kh = knocker_melds.hand();
  if (!kh.is_disjoint(defender_cards))
    arrange_error("the knocker's and the defender's cards overlap: '" + (kh & defender_cards).str() + "'");
  if (defender_cards.size() > kMaxHandCards)
    arrange_error("the defender holds at most 11 cards, got " + std::to_string(defender_cards.size()));
  const int kdw = knocker_melds.deadwood();
  Settlement out;
  const auto spread = knocker_melds.melds();
  out.spread.assign(spread.begin(), spread.end());
  if (kdw == 0) {
    out.defender_melds = best_melds(defender_cards);
    const int ddw = out.defender_melds.deadwood();
    if (kh.size() == kMaxHandCards) {
      if (!rules.big_gin_bonus)
        invalid("an 11-card gin is big gin, which these rules disable: " + rules.repr() + "; discard a card first");
      out.result = RoundResult::big_gin(knocker, ddw);
    } else {
      out.result = RoundResult::gin(knocker, ddw);
    }
  } else {
    if (kdw > rules.knock_limit)
      invalid("cannot knock with " + std::to_string(kdw) + " deadwood ('" + knocker_melds.str() +
              "'): the knock limit is " + std::to_string(rules.knock_limit));
    if (kh.size() == kMaxHandCards)
      invalid("a knock discards first: an 11-card arrangement must be fully melded (big gin), got '" +
              knocker_melds.str() + "'");
    Layoff lay = best_layoff(defender_cards, spread);
    out.result = RoundResult::knock(knocker, kdw, lay.deadwood, lay.laid, rules);
    out.spread = std::move(lay.melds);
    out.defender_melds = lay.remaining;
  }
  out.points = out.result.points(rules);
  return out;
}

// ---- match_result --------------------------------------------------------------------

MatchResult match_result(std::span<const RoundResult> hands, const Rules& rules, std::optional<int> target) {
  rules.validate();
  MatchResult out;
  out.target = target.value_or(rules.game_target);
  if (out.target < 1) invalid("the target of a match must be >= 1, got " + std::to_string(out.target));
  std::array<int, 2> running{};
  for (std::size_t i = 0; i < hands.size(); ++i) {
    if (out.winner)
      invalid("hand " + std::to_string(i) + " (" + hands[i].repr() + ") follows hand " +
              std::to_string(out.hands_played - 1) + ", which decided the match");
    const RoundResult& h = hands[i];
    const int pts = h.points(rules);
    const auto w = h.winner();
    if (!w) continue;
    const int p = index_of(*w);
    out.hand_points[static_cast<std::size_t>(p)] += pts;
    out.hands_won[static_cast<std::size_t>(p)] += 1;
    running[static_cast<std::size_t>(p)] += pts + (rules.immediate_boxes ? rules.box_bonus : 0);
    if (running[static_cast<std::size_t>(p)] >= out.target) {
      out.winner = *w;
      out.loser = opponent(*w);
      out.hands_played = static_cast<int>(i) + 1;
    }
  }
  if (!out.winner) out.hands_played = static_cast<int>(hands.size());
  for (std::size_t p = 0; p < 2; ++p) {
    out.boxes[p] = rules.box_bonus * out.hands_won[p];
    out.totals[p] = out.hand_points[p] + out.boxes[p];
  }
  if (out.winner) {
    const auto w = static_cast<std::size_t>(index_of(*out.winner));
    const auto l = static_cast<std::size_t>(index_of(*out.loser));
    out.shutout = out.hands_won[l] == 0;
    int hp = out.hand_points[w];
    const bool apply = out.shutout && rules.shutout.has_value();
    if (apply && rules.shutout->kind() == Shutout::Kind::DoubleHandPoints) hp *= 2;
    int total = hp + out.boxes[w] + rules.game_bonus;
    if (apply && rules.shutout->kind() == Shutout::Kind::DoubleTotal) total *= 2;
    if (apply && rules.shutout->kind() == Shutout::Kind::Flat) total += rules.shutout->amount();
    out.totals[w] = total;
  }
  return out;
}

// ---- checks of values read from outside ------------------------------------------

namespace {

// The most points a hand or a match can hold here (the snapshots' cap on match scores).
constexpr int kMaxPoints = 10'000'000;

CardSet meld_cards(std::span<const Meld> melds, const char* what) {
  CardSet all;
  for (const Meld& m : melds) {
    if (!m.cards().is_disjoint(all)) invalid(std::string(what) + " share a card");
    all |= m.cards();
  }
  return all;
}

}  // namespace

void validate(const Layoff& l) {
  if (l.laid_on.size() != l.melds.size())
    invalid("a layoff lists " + std::to_string(l.laid_on.size()) + " sets of laid cards for " +
            std::to_string(l.melds.size()) + " melds");
  CardSet laid;
  for (std::size_t i = 0; i < l.melds.size(); ++i) {
    if (!l.laid_on[i].is_disjoint(laid)) invalid("a card is laid off on two melds");
    if (!l.laid_on[i].is_subset_of(l.melds[i].cards())) invalid("a card laid on a meld is not part of it");
    laid |= l.laid_on[i];
  }
  if (laid != l.laid) invalid("the cards laid off are not those laid on the melds");
  const CardSet spread = meld_cards(l.melds, "the melds");
  if (!spread.is_disjoint(l.remaining.hand())) invalid("a card is both kept and on a meld");
  if (l.deadwood != l.remaining.deadwood())
    invalid("a layoff's deadwood (" + std::to_string(l.deadwood) + ") is not that of the cards kept (" +
            std::to_string(l.remaining.deadwood()) + ")");
}

void validate(const Settlement& s) {
  if (s.points < 0 || s.points > kMaxPoints)
    invalid("a settlement's points are out of range: " + std::to_string(s.points));
  const CardSet spread = meld_cards(s.spread, "the knocker's melds");
  if (!spread.is_disjoint(s.defender_melds.hand())) invalid("a card is both in the spread and kept by the defender");
  if (!s.result.laid_off().is_subset_of(spread)) invalid("a card laid off is not in the knocker's melds");
  if (s.result.kind() != ResultKind::Dead && s.result.defender_deadwood() != s.defender_melds.deadwood())
    invalid("the defender's deadwood (" + std::to_string(s.result.defender_deadwood()) +
            ") is not that of the defender's kept cards (" + std::to_string(s.defender_melds.deadwood()) + ")");
}

void validate(const MatchResult& r) {
  if (r.winner.has_value() != r.loser.has_value() || (r.winner && *r.winner == *r.loser))
    invalid("a match has a winner and a loser, two different players, or neither");
  if (r.target < 1 || r.target > kMaxPoints)
    invalid("a match target is 1 .. 10000000, got " + std::to_string(r.target));
  if (r.hands_played < 0 || r.hands_played > 100000)
    invalid("a match plays 0 .. 100000 hands, got " + std::to_string(r.hands_played));
  for (std::size_t p = 0; p < 2; ++p) {
    for (const int v : {r.hand_points[p], r.hands_won[p], r.boxes[p], r.totals[p]})
      if (v < 0 || v > kMaxPoints) invalid("a match's points and hands are 0 .. 10000000, got " + std::to_string(v));
    if (!(r.winner && index_of(*r.winner) == static_cast<int>(p)) && r.totals[p] != r.hand_points[p] + r.boxes[p])
      invalid("the total of the player who did not win is not their hand points plus boxes");
  }
  if (r.hands_won[0] + r.hands_won[1] > r.hands_played) invalid("more hands won than played");
  if (r.winner && r.hands_won[static_cast<std::size_t>(index_of(*r.winner))] == 0)
    invalid("the winner of a match won no hand");
  if (r.shutout && !(r.winner && r.hands_won[static_cast<std::size_t>(index_of(*r.loser))] == 0))
    invalid("a shutout needs a winner and a loser who won no hand");
}

}  // namespace parlour::gin
