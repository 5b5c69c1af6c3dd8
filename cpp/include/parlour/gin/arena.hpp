// parlour::gin arena — bot-vs-bot matches in C++ (play_match) and many of them on
// worker threads (arena_pair), with the counts an arena table needs.
//
// play_match: a Match (match.hpp) under `rules`, Player.ONE played by `one`,
// Player.TWO by `two`, the first hand dealt by `first_dealer`, every round dealt by
// Match::new_round from one generator seeded with `seed`; every decision goes
// through observe() (play_round).  Reproducible for a seed and the bots' seeds.
//
// arena_pair: matches `first .. first+count-1` between bots A and B.  Match m is
// seeded by match_seed(seed, m); A sits in Player.ONE when m is even (Player.TWO
// when odd) and the first dealer is Player.ONE when (m / 2) is even, so both seats
// and both first dealers come round equally; each match gets fresh bots from the
// makers (seeded from the match).  `jobs` worker threads share the matches; the
// totals do not depend on `jobs`.
//
// Duplicate matches (duplicate = true): matches 2k and 2k+1 are one deal played twice
// with the seats swapped: both are dealt from match_seed(seed, 2k) with the same first
// dealer, A in Player.ONE in the first and in Player.TWO in the second, so each bot
// gets in one match the cards the other got in the other (as long as the hands go
// the same way: under alternate_dealer every hand is dealt by the same seat in both;
// under the rule card the winner of a hand deals the next, and the deals follow the
// same shuffles).  The luck of the cards cancels in the sum of the two, as in
// duplicate bridge; first and count must then be even.
//
// Every decision sees the match scores (Observation::match_scores, match_target,
// hands_played), as a gin::Game gives them.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "parlour/core/interrupt.hpp"
#include "parlour/gin/match.hpp"
#include "parlour/gin/observation.hpp"

namespace parlour::gin {

// Counts over hands, from the point of view of two sides (0 = A, 1 = B).
struct HandTally {
  std::int64_t hands = 0;
  std::int64_t dead = 0;
  std::array<std::int64_t, 2> won{};        // hands won
  std::array<std::int64_t, 2> points{};     // hand points won
  std::array<std::int64_t, 2> knocks{};     // knocks won (KNOCK results) by the knocker
  std::array<std::int64_t, 2> gins{};       // gins and big gins, by the knocker
  std::array<std::int64_t, 2> undercuts{};  // undercuts, by the defender who scored
  std::int64_t decisions = 0;               // actions applied
  void add(const RoundResult& r, const Rules& rules, std::array<int, 2> side_of_player);
  HandTally& operator+=(const HandTally& o) noexcept;
};

// One match; `tally` (optional) counts its hands with side 0 = Player.ONE.  Gives up
// with core::InvalidValue after `max_hands` hands without a winner, or as soon as
// kMaxCappedHands of its hands have ended at the turn limit (kMaxTurns, round.hpp):
// bots that never knock would otherwise redeal forever.  The bots decide
// through act_until(obs, *stop) when `stop` is given (core::Interrupted once asked).
inline constexpr int kMaxCappedHands = 10;
// The bots see the match scores in their observations (as from a gin::Game).
Match play_match(Policy& one, Policy& two, const Rules& rules, std::uint64_t seed, Player first_dealer = Player::One,
                 HandTally* tally = nullptr, int max_hands = 10000, core::StopToken* stop = nullptr);

struct PairResult {
  std::int64_t matches = 0;
  std::array<std::int64_t, 2> match_wins{};  // A, B
  std::array<std::int64_t, 2> score{};       // final match scores summed (A, B)
  HandTally hands;                           // side 0 = A
  // Duplicate matches only: the deals played (two matches each) and the sum over the
  // deals of the square of A's wins in the deal (0, 1 or 2): with match_wins[0] the
  // sum, the variance of a deal's result, for an interval that counts the pairing.
  std::int64_t deals = 0;
  std::int64_t deal_wins_sq = 0;
  PairResult& operator+=(const PairResult& o) noexcept;
};

// The seed of match m of an arena seeded with `seed`.
std::uint64_t match_seed(std::uint64_t seed, std::int64_t m) noexcept;
// The deal seed of match m: match_seed(seed, m), or with duplicate matches that of the
// first match of its deal, match_seed(seed, m - m % 2).
std::uint64_t deal_seed(std::uint64_t seed, std::int64_t m, bool duplicate) noexcept;

// Builds the bot of one side for match m (a fresh bot, or a shared one).  The makers
// are called from the worker threads, one match at a time per thread.
using PolicyMaker = std::function<std::shared_ptr<Policy>(std::int64_t match)>;

// InvalidValue for a negative count, jobs < 1, or (duplicate) an odd first or count.
PairResult arena_pair(const PolicyMaker& a, const PolicyMaker& b, const Rules& rules, std::uint64_t seed,
                      std::int64_t first, std::int64_t count, int jobs, core::StopToken* stop = nullptr,
                      bool duplicate = false);

// The same matches one by one: element i holds the totals of match first+i alone
// (matches 1), so that adding them all gives arena_pair's totals (but for the
// duplicate deal counts, which need both matches of a deal: see duplicate_totals).
std::vector<PairResult> arena_matches(const PolicyMaker& a, const PolicyMaker& b, const Rules& rules,
                                      std::uint64_t seed, std::int64_t first, std::int64_t count, int jobs,
                                      core::StopToken* stop = nullptr, bool duplicate = false);

}  // namespace parlour::gin
