#include "parlour/gin/arena.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "parlour/core/errors.hpp"
#include "parlour/gin/simulate.hpp"

namespace parlour::gin {

void HandTally::add(const RoundResult& r, const Rules& rules, std::array<int, 2> side_of_player) {
  ++hands;
  const auto side = [&](Player p) { return static_cast<std::size_t>(side_of_player[static_cast<std::size_t>(p)]); };
  if (r.kind() == ResultKind::Dead) {
    ++dead;
    return;
  }
  const Player w = *r.winner();
  ++won[side(w)];
  points[side(w)] += r.points(rules);
  switch (r.kind()) {
    case ResultKind::Knock: ++knocks[side(w)]; break;
    case ResultKind::Undercut: ++undercuts[side(w)]; break;
    case ResultKind::Gin:
    case ResultKind::BigGin: ++gins[side(w)]; break;
    case ResultKind::Dead: break;
  }
}

HandTally& HandTally::operator+=(const HandTally& o) noexcept {
  hands += o.hands;
  dead += o.dead;
  decisions += o.decisions;
  for (std::size_t i = 0; i < 2; ++i) {
    won[i] += o.won[i];
    points[i] += o.points[i];
    knocks[i] += o.knocks[i];
    gins[i] += o.gins[i];
    undercuts[i] += o.undercuts[i];
  }
  return *this;
}

PairResult& PairResult::operator+=(const PairResult& o) noexcept {
  matches += o.matches;
  for (std::size_t i = 0; i < 2; ++i) {
    match_wins[i] += o.match_wins[i];
    score[i] += o.score[i];
  }
  hands += o.hands;
  deals += o.deals;
  deal_wins_sq += o.deal_wins_sq;
  return *this;
}

namespace {

// One hand of a match: play_round with the match scores in every observation.
int play_hand(Round& r, const Match& match, std::array<Policy*, 2> policies, core::StopToken* stop) {
  int actions = 0;
  Observation obs;
  while (!r.is_terminal()) {
    const Player p = *r.turn();
    observe_into(r, p, obs);
    match.add_scores(obs);
    Policy& pol = *policies[static_cast<std::size_t>(p)];
    r.apply(stop ? pol.act_until(obs, *stop) : pol.act(obs));  // validates: throws on an illegal move
    ++actions;
  }
  return actions;
}

}  // namespace

Match play_match(Policy& one, Policy& two, const Rules& rules, std::uint64_t seed, Player first_dealer,
                 HandTally* tally, int max_hands, core::StopToken* stop) {
  Match match(rules, first_dealer);
  core::Rng rng(seed);
  const std::array<Policy*, 2> pols{&one, &two};
  int hands = 0, capped = 0;
  while (!match.is_over()) {
    if (hands++ >= max_hands) throw core::InvalidValue("no winner after " + std::to_string(max_hands) + " hands");
    Round r = match.new_round(rng);
    const int n = play_hand(r, match, pols, stop);
    if (r.turns() >= kMaxTurns && ++capped >= kMaxCappedHands)
      throw core::InvalidValue("no winner: " + std::to_string(capped) + " hands of the match reached the limit of " +
                               std::to_string(kMaxTurns) + " turns without a knock (the bots never end a hand)");
    const RoundResult res = *r.result();
    if (tally != nullptr) {
      tally->add(res, rules, {0, 1});
      tally->decisions += n;
    }
    match.record(res);
  }
  return match;
}

std::uint64_t match_seed(std::uint64_t seed, std::int64_t m) noexcept {
  std::uint64_t x = seed ^ (static_cast<std::uint64_t>(m) * 0xd1b54a32d192ed03ULL);
  core::splitmix64(x);
  return core::splitmix64(x);
}

std::uint64_t deal_seed(std::uint64_t seed, std::int64_t m, bool duplicate) noexcept {
  return match_seed(seed, duplicate ? m - m % 2 : m);
}

namespace {

PairResult play_one(const PolicyMaker& a, const PolicyMaker& b, const Rules& rules, std::uint64_t seed, std::int64_t m,
                    core::StopToken& stop, bool duplicate) {
  const std::shared_ptr<Policy> pa = a(m), pb = b(m);
  const bool a_first = (m % 2) == 0;
  const Player first_dealer = ((m / 2) % 2) == 0 ? Player::One : Player::Two;
  HandTally t;
  const std::uint64_t s = deal_seed(seed, m, duplicate);
  const Match match = a_first ? play_match(*pa, *pb, rules, s, first_dealer, &t, 10000, &stop)
                              : play_match(*pb, *pa, rules, s, first_dealer, &t, 10000, &stop);
  PairResult out;
  out.matches = 1;
  // t counts by seat (0 = Player.ONE); map seats to sides.
  if (!a_first) {
    for (auto* arr : {&t.won, &t.points, &t.knocks, &t.gins, &t.undercuts}) std::swap((*arr)[0], (*arr)[1]);
  }
  out.hands = t;
  const auto scores = match.scores();
  const std::size_t a_seat = a_first ? 0 : 1;
  out.score = {scores[a_seat], scores[1 - a_seat]};
  const Player winner = *match.winner();
  const bool a_won = static_cast<std::size_t>(winner) == a_seat;
  ++out.match_wins[a_won ? 0 : 1];
  return out;
}

void check_counts(std::int64_t first, std::int64_t count, int jobs, bool duplicate) {
  if (count < 0) throw core::InvalidValue("the number of matches must be >= 0, got " + std::to_string(count));
  if (first < 0) throw core::InvalidValue("the first match must be >= 0, got " + std::to_string(first));
  if (jobs < 1) throw core::InvalidValue("jobs must be >= 1, got " + std::to_string(jobs));
  if (duplicate && (first % 2 != 0 || count % 2 != 0))
    throw core::InvalidValue("duplicate matches come in pairs: first and count must be even, got first " +
                             std::to_string(first) + " and count " + std::to_string(count));
}

}  // namespace

PairResult arena_pair(const PolicyMaker& a, const PolicyMaker& b, const Rules& rules, std::uint64_t seed,
                      std::int64_t first, std::int64_t count, int jobs, core::StopToken* stop, bool duplicate) {
  check_counts(first, count, jobs, duplicate);
  jobs = core::resolve_threads(jobs, "jobs");
  rules.validate();
  core::NoStop never;
  core::StopToken& st = stop ? *stop : never;
  PairResult total;
  // The unit of work: one match, or with duplicate matches one deal (two matches).
  const std::int64_t step = duplicate ? 2 : 1;
  const std::int64_t units = count / step;
  std::atomic<std::int64_t> next{0};
  std::mutex mu;
  const auto n = static_cast<int>(std::clamp<std::int64_t>(units, 1, jobs));
  core::run_parallel(n, st, [&](int) {
    PairResult local;
    for (;;) {
      st.throw_if_stop_requested();
      const std::int64_t u = next.fetch_add(1);
      if (u >= units) break;
      const std::int64_t m = first + u * step;
      if (!duplicate) {
        local += play_one(a, b, rules, seed, m, st, false);
        continue;
      }
      PairResult deal = play_one(a, b, rules, seed, m, st, true);
      deal += play_one(a, b, rules, seed, m + 1, st, true);
      deal.deals = 1;
      deal.deal_wins_sq = deal.match_wins[0] * deal.match_wins[0];
      local += deal;
    }
    const std::lock_guard<std::mutex> lock(mu);
    total += local;
  });
  return total;
}

std::vector<PairResult> arena_matches(const PolicyMaker& a, const PolicyMaker& b, const Rules& rules,
                                      std::uint64_t seed, std::int64_t first, std::int64_t count, int jobs,
                                      core::StopToken* stop, bool duplicate) {
  check_counts(first, count, jobs, duplicate);
  jobs = core::resolve_threads(jobs, "jobs");
  rules.validate();
  core::NoStop never;
  core::StopToken& st = stop ? *stop : never;
  std::vector<PairResult> out(static_cast<std::size_t>(count));
  std::atomic<std::int64_t> next{0};
  const auto n = static_cast<int>(std::clamp<std::int64_t>(count, 1, jobs));
  core::run_parallel(n, st, [&](int) {
    for (std::int64_t i; (i = next.fetch_add(1)) < count;) {
      st.throw_if_stop_requested();
      out[static_cast<std::size_t>(i)] = play_one(a, b, rules, seed, first + i, st, duplicate);
    }
  });
  return out;
}

}  // namespace parlour::gin
