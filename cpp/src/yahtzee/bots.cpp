#include "parlour/yahtzee/bots.hpp"
#include <limits>

#include <algorithm>
#include <thread>

#include "parlour/core/errors.hpp"
#include "parlour/yahtzee/game.hpp"

namespace parlour::yahtzee {

OptimalBot::OptimalBot(std::shared_ptr<Solver> solver) : solver_(std::move(solver)) {
  if (!solver_) throw core::InvalidValue("OptimalBot needs a Solver");
}

void OptimalBot::prepare(core::StopToken* stop) {
  if (!solver_->is_solved()) solver_->solve(0, {}, stop);
}

void OptimalBot::prepare_from(State s, core::StopToken* stop) {
  if (!solver_->is_solved(s)) solver_->solve_from(s, 0, {}, stop);
}

Action OptimalBot::choose(State s, Dice dice, int rolls_left, TurnValues& scratch) const {
  if (!solver_->is_solved(s)) solver_->solve_from(s, 0);  // lazily (prepare() solves all before threads start)
  solver_->turn_values_solved(s, scratch);
  return Solver::best_action_from(scratch, dice, rolls_left);
}

void OptimalBot::turn_policy(State s, TurnPolicy& out, TurnValues& scratch) const {
  if (!solver_->is_solved(s)) solver_->solve_from(s, 0);
  solver_->turn_values_solved(s, scratch);
  Solver::policy_from(scratch, out);
}

void Bot::turn_policy(State s, TurnPolicy& out, TurnValues& scratch) const {
  const auto& t = dice_tables();
  for (int rl = 0; rl <= 2; ++rl)
    for (int r = 0; r < kNumRolls; ++r) {
      const Dice d = Dice::from_packed_unchecked(t.packed[static_cast<std::size_t>(r + kNumPartialKeeps)]);
      const Action a = choose(s, d, rl, scratch);
      std::int16_t code;
      if (const auto* sc = std::get_if<Score>(&a)) {
        if (!s.legal_categories(d, rules()).contains(sc->category))
          throw core::IllegalAction(name() + " chose an illegal box: " + action_str(a) + " with " + d.str() + " (" +
                                    s.str() + ")");
        code = TurnPolicy::score(sc->category);
      } else {
        const Keep k = std::get<Reroll>(a).keep;
        if (rl == 0 || !k.is_subset_of(d) || k.size() >= kNumDice)
          throw core::IllegalAction(name() + " chose an illegal reroll: " + action_str(a) + " with " + d.str() + ", " +
                                    std::to_string(rl) + " roll(s) left");
        code = static_cast<std::int16_t>(k.index());
      }
      out.act[static_cast<std::size_t>(rl)][static_cast<std::size_t>(r)] = code;
    }
}

namespace {

// Cheapest boxes to write a zero in, first first.
constexpr Category kDumpOrder[] = {
    Category::Aces,          Category::Twos,  Category::Yahtzee,      Category::Threes,        Category::FourOfAKind,
    Category::LargeStraight, Category::Fours, Category::ThreeOfAKind, Category::SmallStraight, Category::FullHouse,
    Category::Fives,         Category::Sixes, Category::Chance};

Category heuristic_category(State s, Dice dice, const YahtzeeRules& rules) {
  const Categories legal = s.legal_categories(dice, rules);
  int best = -1000;
  Category pick = Category::Chance;
  bool found = false;
  for (int c = 0; c < kNumCategories; ++c) {
    const auto cat = static_cast<Category>(c);
    if (!legal.contains(cat)) continue;
    const int v = box_value(cat, dice, s.scored(), rules);
    if (v == 0) continue;
    int w = v;
    if (cat == Category::Chance) w -= 10;
    if (is_upper(cat) && dice.count(upper_face(cat)) < 3) w -= 5;
    if (w > best) {
      best = w;
      pick = cat;
      found = true;
    }
  }
  if (found) return pick;
  for (Category c : kDumpOrder)
    if (legal.contains(c)) return c;
  return pick;
}

}  // namespace

Action HeuristicBot::choose(State s, Dice dice, int rolls_left, TurnValues& /*scratch*/) const {
  if (s.is_full()) throw core::PhaseError("the card is full: no box is open");
  if (rolls_left < 0 || rolls_left > 2)
    throw core::InvalidValue("rolls left must be 0, 1 or 2, got " + std::to_string(rolls_left));
  const Categories open = ~s.scored();
  if (rolls_left == 0) return Score{heuristic_category(s, dice, rules_)};
  const Categories legal = s.legal_categories(dice, rules_);
  for (Category c : {Category::Yahtzee, Category::LargeStraight, Category::FullHouse})
    if (legal.contains(c) && box_value(c, dice, s.scored(), rules_) > 0) return Score{c};
  if (open.contains(Category::SmallStraight) || open.contains(Category::LargeStraight)) {
    // A run of four distinct faces: keep it (one of each).
    for (int lo = 3; lo >= 1; --lo) {
      bool run = true;
      for (int f = lo; f < lo + 4; ++f) run = run && dice.count(f) > 0;
      if (run) {
        if (open.contains(Category::SmallStraight) && !open.contains(Category::LargeStraight))
          return Score{Category::SmallStraight};
        std::array<int, 6> c{};
        for (int f = lo; f < lo + 4; ++f) c[static_cast<std::size_t>(f - 1)] = 1;
        return Reroll{Keep::from_counts(c)};
      }
    }
  }
  int face = 6;
  for (int f = 6; f >= 1; --f)
    if (dice.count(f) > dice.count(face)) face = f;
  std::array<int, 6> c{};
  c[static_cast<std::size_t>(face - 1)] = std::min(4, dice.count(face));
  return Reroll{Keep::from_counts(c)};
}

int play_game(const Bot& bot, core::Rng& rng, TurnValues& scratch) {
  const YahtzeeRules& rules = bot.rules();
  State s = kStart;
  int total = 0;
  for (int turn = 0; turn < kNumCategories; ++turn) {
    Dice d = roll_dice(rng);
    for (int rl = 2;; --rl) {
      const Action a = bot.choose(s, d, rl, scratch);
      if (const auto* sc = std::get_if<Score>(&a)) {
        const auto delta = s.apply(sc->category, d, rules);
        if (!delta) throw core::IllegalAction(bot.name() + " chose an illegal box: " + action_str(a));
        total += delta->reward();
        s = delta->next();
        break;
      }
      const Keep k = std::get<Reroll>(a).keep;
      if (rl == 0 || !k.is_subset_of(d) || k.size() >= kNumDice)
        throw core::IllegalAction(bot.name() + " chose an illegal reroll: " + action_str(a));
      d = roll_dice(rng, k);
    }
  }
  return total;
}

std::vector<std::int32_t> simulate(Bot& bot, std::int64_t n, std::uint64_t seed, int threads, core::StopToken* stop,
                                   std::int64_t first) {
  if (n < 0) throw core::InvalidValue("the number of games must be >= 0, got " + std::to_string(n));
  if (first < 0 || first > std::numeric_limits<std::int64_t>::max() - n)
    throw core::InvalidValue("the first game must be in 0 .. 2**63-1-n, got " + std::to_string(first));
  if (static_cast<std::uint64_t>(n) > kMaxSimulatedGames)
    throw core::InvalidValue("the number of games must be at most " + std::to_string(kMaxSimulatedGames) +
                             " in one call (results are kept in memory), got " + std::to_string(n));
  int nt = core::resolve_threads(threads, "threads");
  core::NoStop never;
  core::StopToken& st = stop ? *stop : never;
  bot.prepare(&st);
  std::vector<std::int32_t> out(static_cast<std::size_t>(n));
  nt = static_cast<int>(std::min<std::int64_t>(nt, std::max<std::int64_t>(1, n / 64)));
  // Games go out in blocks of 256 from a shared counter; game i's dice depend only on i.
  constexpr std::int64_t kBlock = 256;
  std::atomic<std::int64_t> next{0};
  core::run_parallel(nt, st, [&](int) {
    TurnValues scratch;
    for (std::int64_t lo; (lo = next.fetch_add(kBlock)) < n;) {
      st.throw_if_stop_requested();
      const std::int64_t hi = std::min(n, lo + kBlock);
      for (std::int64_t i = lo; i < hi; ++i) {
        std::uint64_t x = seed + static_cast<std::uint64_t>(first + i);
        core::Rng rng(core::splitmix64(x));
        out[static_cast<std::size_t>(i)] = play_game(bot, rng, scratch);
      }
    }
  });
  return out;
}

}  // namespace parlour::yahtzee
