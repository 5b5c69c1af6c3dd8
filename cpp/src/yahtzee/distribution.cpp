#include "parlour/yahtzee/distribution.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <memory>

#include "parlour/core/errors.hpp"
#include "simd.hpp"
#include "widget.hpp"

namespace parlour::yahtzee {

// ---------------------------------------------------------------- ScoreDistribution

namespace {

// The z with P(N(0,1) <= z) = p (bisection on erfc; p in (0, 1)).
double normal_quantile(double p) {
  double lo = -40.0, hi = 40.0;
  for (int i = 0; i < 200; ++i) {
    const double mid = 0.5 * (lo + hi);
    if (0.5 * std::erfc(-mid / std::sqrt(2.0)) < p)
      lo = mid;
    else
      hi = mid;
  }
  return 0.5 * (lo + hi);
}

double z_of(double level) {
  if (!(level > 0.0 && level < 1.0))
    throw core::InvalidValue("a confidence level is strictly between 0 and 1, got " + std::to_string(level));
  return normal_quantile(0.5 + 0.5 * level);
}

}  // namespace

ScoreDistribution ScoreDistribution::from_pmf(std::vector<double> pmf, bool exact, std::int64_t games) {
  if (pmf.empty()) throw core::InvalidValue("a score distribution needs at least one probability");
  double total = 0.0;
  for (std::size_t i = 0; i < pmf.size(); ++i) {
    if (!std::isfinite(pmf[i]) || pmf[i] < 0.0)
      throw core::InvalidValue("the probability of score " + std::to_string(i) +
                               " is not a finite non-negative number");
    total += pmf[i];
  }
  if (std::abs(total - 1.0) > 1e-9)
    throw core::InvalidValue("the probabilities of a score distribution must add up to 1, got " +
                             std::to_string(total));
  if (games < 0) throw core::InvalidValue("the number of games must be >= 0, got " + std::to_string(games));
  while (pmf.size() > 1 && pmf.back() == 0.0) pmf.pop_back();
  ScoreDistribution d;
  d.pmf_ = std::move(pmf);
  d.exact_ = exact;
  d.games_ = games;
  return d;
}

ScoreDistribution ScoreDistribution::from_scores(const std::vector<std::int32_t>& scores) {
  if (scores.empty()) throw core::InvalidValue("an empirical score distribution needs at least one score");
  std::int32_t hi = 0;
  for (const auto x : scores) {
    if (x < 0) throw core::InvalidValue("a score is >= 0, got " + std::to_string(x));
    hi = std::max(hi, x);
  }
  std::vector<std::int64_t> count(static_cast<std::size_t>(hi) + 1);
  for (const auto x : scores) ++count[static_cast<std::size_t>(x)];
  ScoreDistribution d;
  d.pmf_.assign(count.size(), 0.0);
  const auto n = static_cast<double>(scores.size());
  for (std::size_t i = 0; i < count.size(); ++i) d.pmf_[i] = static_cast<double>(count[i]) / n;
  d.exact_ = false;
  d.games_ = static_cast<std::int64_t>(scores.size());
  return d;
}

ScoreDistribution ScoreDistribution::point(int score) {
  if (score < 0) throw core::InvalidValue("a score is >= 0, got " + std::to_string(score));
  ScoreDistribution d;
  d.pmf_.assign(static_cast<std::size_t>(score) + 1, 0.0);
  d.pmf_.back() = 1.0;
  return d;
}

int ScoreDistribution::min() const noexcept {
  for (std::size_t i = 0; i < pmf_.size(); ++i)
    if (pmf_[i] > 0.0) return static_cast<int>(i);
  return 0;
}

double ScoreDistribution::mean() const noexcept {
  double m = 0.0;
  for (std::size_t i = 0; i < pmf_.size(); ++i) m += static_cast<double>(i) * pmf_[i];
  return m;
}

double ScoreDistribution::variance() const noexcept {
  const double m = mean();
  double v = 0.0;
  for (std::size_t i = 0; i < pmf_.size(); ++i) {
    const double d = static_cast<double>(i) - m;
    v += d * d * pmf_[i];
  }
  return v;
}

double ScoreDistribution::sd() const noexcept { return std::sqrt(variance()); }

double ScoreDistribution::prob(long long score) const noexcept {
  if (score < 0 || score >= static_cast<long long>(pmf_.size())) return 0.0;
  return pmf_[static_cast<std::size_t>(score)];
}

double ScoreDistribution::cdf(long long score) const noexcept {
  if (score < 0) return 0.0;
  if (score >= max()) return 1.0;
  double s = 0.0;
  for (long long i = 0; i <= score; ++i) s += pmf_[static_cast<std::size_t>(i)];
  return std::min(1.0, s);
}

double ScoreDistribution::sf(long long score) const noexcept {
  if (score <= 0) return 1.0;
  double s = 0.0;
  for (long long i = max(); i >= score; --i) s += pmf_[static_cast<std::size_t>(i)];
  return std::min(1.0, s);
}

int ScoreDistribution::quantile(double q) const {
  if (!(q >= 0.0 && q <= 1.0)) throw core::InvalidValue("a quantile level is in 0..1, got " + std::to_string(q));
  if (q == 0.0) return min();
  double s = 0.0;
  for (std::size_t i = 0; i < pmf_.size(); ++i) {
    s += pmf_[i];
    if (s >= q) return static_cast<int>(i);
  }
  return max();  // q within rounding of 1
}

ScoreDistribution ScoreDistribution::shifted(int points) const {
  if (points < 0) throw core::InvalidValue("points must be >= 0, got " + std::to_string(points));
  ScoreDistribution d = *this;
  d.pmf_.insert(d.pmf_.begin(), static_cast<std::size_t>(points), 0.0);
  return d;
}

std::pair<double, double> ScoreDistribution::mean_ci(double level) const {
  const double z = z_of(level);
  const double m = mean();
  if (exact_ || games_ <= 1) return {m, m};
  const double n = static_cast<double>(games_);
  const double half = z * std::sqrt(variance() * n / (n - 1.0) / n);
  return {m - half, m + half};
}

std::pair<double, double> ScoreDistribution::sf_ci(long long score, double level) const {
  const double z = z_of(level);
  const double p = sf(score);
  if (exact_ || games_ == 0) return {p, p};
  const double n = static_cast<double>(games_);
  const double z2 = z * z;
  const double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const double half = z / (1 + z2 / n) * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n));
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

std::string ScoreDistribution::str() const {
  char buf[160];
  if (exact_) {
    std::snprintf(buf, sizeof buf, "exact score distribution: mean %.4f, sd %.4f, scores %d..%d", mean(), sd(), min(),
                  max());
  } else {
    const auto ci = mean_ci();
    std::snprintf(buf, sizeof buf, "simulated score distribution (%lld games): mean %.4f (95%% CI %.4f..%.4f), sd %.4f",
                  static_cast<long long>(games_), mean(), ci.first, ci.second, sd());
  }
  return buf;
}

// ---------------------------------------------------------------- evaluate

namespace {

using detail::kFull;
using detail::kYahtzeeBit;

// One transition of a turn: to `next` scoring `reward`, with probability `prob`.
struct Transition {
  std::uint32_t next;
  std::int32_t reward;
  double prob;
};

// A state reached in the forward pass: its points-so-far distribution (p[i] is the
// probability of lo + i points) and, once computed, its turn's transitions by box.
struct Node {
  std::int32_t lo = 0;
  std::vector<double> p;
  std::vector<Transition> trans;
  std::array<std::uint16_t, kNumCategories + 1> begin{};
};

// The nodes of one category set, by flag * lanes + upper.
struct SetData {
  int lanes = 0;
  std::vector<Node> nodes;
  std::atomic<int> pending{0};  // sets still to gather from this one
};

int lanes_of(unsigned m) { return max_upper(Categories::from_bits_unchecked(m)) + 1; }

// dst[j] += w * src[j], j < n: a multiply, then an add (the build forbids fused
// multiply-adds), so both versions round alike.
void axpy_base(double* __restrict dst, const double* __restrict src, double w, std::int32_t n) noexcept {
  for (std::int32_t j = 0; j < n; ++j) dst[j] += w * src[j];
}
#if defined(PARLOUR_YAHTZEE_HAVE_AVX2)
PARLOUR_AVX2_BEGIN
void axpy_avx2(double* __restrict dst, const double* __restrict src, double w, std::int32_t n) noexcept {
  const __m256d vw = _mm256_set1_pd(w);
  std::int32_t j = 0;
  for (; j + 4 <= n; j += 4)
    _mm256_storeu_pd(dst + j, _mm256_add_pd(_mm256_loadu_pd(dst + j), _mm256_mul_pd(vw, _mm256_loadu_pd(src + j))));
  for (; j < n; ++j) dst[j] += w * src[j];
}
PARLOUR_AVX2_END
#endif

using Axpy = void (*)(double* __restrict, const double* __restrict, double, std::int32_t) noexcept;

Axpy pick_axpy() noexcept {
#if defined(PARLOUR_YAHTZEE_HAVE_AVX2)
  if (detail::use_avx2()) return &axpy_avx2;
#endif
  return &axpy_base;
}

// The transitions of one turn of `bot` from s, grouped by box (begin[c] .. begin[c+1]):
// the probability of each final (box, value written, Yahtzee bonus) by the bot's policy.
void turn_transitions(const Bot& bot, State s, TurnValues& scratch, TurnPolicy& policy, Node& node) {
  const YahtzeeRules& rules = bot.rules();
  const auto& t = dice_tables();
  const auto& lat = detail::lattice();
  bot.turn_policy(s, policy, scratch);
  const Categories scored = s.scored();
  const bool yahtzee_filled = scored.contains(Category::Yahtzee);
  const bool bonus = yahtzee_filled && s.yahtzee_50() && rules.yahtzee_bonus;
  // acc[key]: key = box * 102 + value * 2 + (Yahtzee bonus earned); roll_of[key]: a roll that gives it.
  constexpr int kKeys = kNumCategories * 102;
  std::array<double, kKeys> acc{};
  std::array<std::int16_t, kKeys> roll_of{};
  std::array<double, kNumRolls> roll = lat.prob;
  std::array<double, kNumKeeps> keep{};
  for (int rl = 2; rl >= 0; --rl) {
    if (rl > 0) std::fill(keep.begin(), keep.begin() + kNumPartialKeeps, 0.0);
    const auto& act = policy.act[static_cast<std::size_t>(rl)];
    for (int r = 0; r < kNumRolls; ++r) {
      const double w = roll[static_cast<std::size_t>(r)];
      if (w == 0.0) continue;
      const int a = act[static_cast<std::size_t>(r)];
      if (a >= 0) {
        keep[static_cast<std::size_t>(a)] += w;
        continue;
      }
      const int c = -1 - a;
      const bool extra = yahtzee_filled && t.yahtzee_face[static_cast<std::size_t>(r)] != 0;
      int v = t.natural[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
      if (extra) {
        const Dice d = Dice::from_packed_unchecked(t.packed[static_cast<std::size_t>(r + kNumPartialKeeps)]);
        v = box_value(static_cast<Category>(c), d, scored, rules);
      }
      const auto key = static_cast<std::size_t>(c * 102 + v * 2 + (extra && bonus ? 1 : 0));
      acc[key] += w;
      roll_of[key] = static_cast<std::int16_t>(r);
    }
    if (rl == 0) break;
    // Each kept set spreads its mass over the rolls that complete it, one die at a time.
    std::fill(keep.begin() + kNumPartialKeeps, keep.end(), 0.0);
    for (int k = 0; k < kNumPartialKeeps; ++k) {
      const double w = keep[static_cast<std::size_t>(k)];
      if (w == 0.0) continue;
      const double sixth = w * (1.0 / 6.0);
      for (int f = 0; f < 6; ++f) keep[static_cast<std::size_t>(lat.add[static_cast<std::size_t>(6 * k + f)])] += sixth;
    }
    for (int r = 0; r < kNumRolls; ++r)
      roll[static_cast<std::size_t>(r)] = keep[static_cast<std::size_t>(kNumPartialKeeps + r)];
  }
  node.trans.clear();
  for (int c = 0; c < kNumCategories; ++c) {
    node.begin[static_cast<std::size_t>(c)] = static_cast<std::uint16_t>(node.trans.size());
    for (int key = c * 102; key < (c + 1) * 102; ++key) {
      const double w = acc[static_cast<std::size_t>(key)];
      if (w == 0.0) continue;
      const auto r = static_cast<std::size_t>(roll_of[static_cast<std::size_t>(key)]);
      const Dice d = Dice::from_packed_unchecked(t.packed[r + kNumPartialKeeps]);
      const auto sd = s.apply(static_cast<Category>(c), d, rules);  // legal: the policy was checked
      node.trans.push_back(Transition{sd->next_index, sd->reward(), w});
    }
  }
  node.begin[kNumCategories] = static_cast<std::uint16_t>(node.trans.size());
}

}  // namespace

ScoreDistribution evaluate(Bot& bot, State s0, int threads, core::StopToken* stop) {
  if (threads < 0) threads = 0;
  const int n = core::resolve_threads(threads, "threads");
  core::NoStop never;
  core::StopToken& st = stop ? *stop : never;
  if (s0.is_full()) return ScoreDistribution::point(0);
  bot.prepare_from(s0, &st);
  const unsigned m0 = s0.scored().bits();
  std::vector<std::uint16_t> masks;
  for (unsigned m = 0; m < 8192; ++m)
    if ((m & m0) == m0) masks.push_back(static_cast<std::uint16_t>(m));
  std::vector<std::unique_ptr<SetData>> data(8192);
  std::vector<double> result;

  auto node_of = [&](SetData& sd, State s) -> Node& {
    return sd.nodes[static_cast<std::size_t>((s.yahtzee_50() ? sd.lanes : 0) + s.upper())];
  };
  const Axpy axpy = pick_axpy();
  auto work = [&](unsigned m, TurnValues& scratch, TurnPolicy& policy) {
    auto sd = std::make_unique<SetData>();
    sd->lanes = lanes_of(m);
    sd->nodes.resize(static_cast<std::size_t>(sd->lanes * ((m & kYahtzeeBit) ? 2 : 1)));
    sd->pending.store(kNumCategories - std::popcount(m));
    if (m == m0) {
      Node& start = node_of(*sd, s0);
      start.p.assign(1, 1.0);
    } else {
      // Gather from the sets with one box fewer, in a fixed order: box, source state,
      // transition.  First the ranges, then the sums.
      std::vector<std::pair<std::int32_t, std::int32_t>> range(sd->nodes.size(), {1 << 30, -1});
      for (int pass = 0; pass < 2; ++pass) {
        for (int c = 0; c < kNumCategories; ++c) {
          const unsigned src = m ^ (1u << c);
          if (!(m & (1u << c)) || (src & m0) != m0) continue;
          const SetData& from = *data[src];
          for (const Node& a : from.nodes) {
            if (a.p.empty()) continue;
            const auto alen = static_cast<std::int32_t>(a.p.size());
            for (int i = a.begin[static_cast<std::size_t>(c)]; i < a.begin[static_cast<std::size_t>(c) + 1]; ++i) {
              const Transition& tr = a.trans[static_cast<std::size_t>(i)];
              const auto slot =
                  static_cast<std::size_t>(&node_of(*sd, State::from_index_unchecked(tr.next)) - sd->nodes.data());
              if (pass == 0) {
                range[slot].first = std::min(range[slot].first, a.lo + tr.reward);
                range[slot].second = std::max(range[slot].second, a.lo + tr.reward + alen - 1);
              } else {
                Node& b = sd->nodes[slot];
                axpy(b.p.data() + (a.lo + tr.reward - b.lo), a.p.data(), tr.prob, alen);
              }
            }
          }
        }
        if (pass == 0) {
          for (std::size_t i = 0; i < sd->nodes.size(); ++i) {
            if (range[i].second < 0) continue;
            sd->nodes[i].lo = range[i].first;
            sd->nodes[i].p.assign(static_cast<std::size_t>(range[i].second - range[i].first + 1), 0.0);
          }
        }
      }
      for (int c = 0; c < kNumCategories; ++c) {
        const unsigned src = m ^ (1u << c);
        if (!(m & (1u << c)) || (src & m0) != m0) continue;
        if (data[src]->pending.fetch_sub(1) == 1) data[src].reset();
      }
    }
    if (m == kFull) {
      std::int32_t hi = 0;
      for (const Node& a : sd->nodes)
        if (!a.p.empty()) hi = std::max(hi, a.lo + static_cast<std::int32_t>(a.p.size()) - 1);
      result.assign(static_cast<std::size_t>(hi) + 1, 0.0);
      for (const Node& a : sd->nodes)
        for (std::size_t j = 0; j < a.p.size(); ++j) result[static_cast<std::size_t>(a.lo) + j] += a.p[j];
      return;  // nothing leads on from a full card
    }
    for (int f = 0; f < ((m & kYahtzeeBit) ? 2 : 1); ++f)
      for (int u = 0; u < sd->lanes; ++u) {
        Node& a = sd->nodes[static_cast<std::size_t>(f * sd->lanes + u)];
        if (!a.p.empty())
          turn_transitions(bot, State(Categories::from_bits_unchecked(m), u, f != 0), scratch, policy, a);
      }
    data[m] = std::move(sd);
  };
  detail::run_category_sets(masks, true, n, st, {}, [&](int) -> detail::MaskWork {
    auto scratch = std::make_shared<std::pair<TurnValues, TurnPolicy>>();
    return [scratch, &work](unsigned m) { work(m, scratch->first, scratch->second); };
  });
  return ScoreDistribution::from_pmf(std::move(result));
}

}  // namespace parlour::yahtzee
