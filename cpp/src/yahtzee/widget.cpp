#include "widget.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <memory>
#include <mutex>

namespace parlour::yahtzee::detail {

const Lattice& lattice() {
  static const Lattice lat = [] {
    Lattice l;
    const auto& t = dice_tables();
    for (int k = 0; k < kNumPartialKeeps; ++k)
      for (int f = 0; f < 6; ++f)
        l.add[static_cast<std::size_t>(6 * k + f)] = t.add[static_cast<std::size_t>(k)][static_cast<std::size_t>(f)];
    std::size_t n = 0;
    for (int k = 0; k < kNumKeeps; ++k) {
      l.sub_begin[static_cast<std::size_t>(k)] = static_cast<std::uint16_t>(n);
      for (int f = 0; f < 6; ++f) {
        const auto j = t.sub[static_cast<std::size_t>(k)][static_cast<std::size_t>(f)];
        if (j >= 0) l.sub[n++] = j;
      }
    }
    l.sub_begin[kNumKeeps] = static_cast<std::uint16_t>(n);
    l.prob = t.roll_prob;
    return l;
  }();
  return lat;
}

void build_plan(unsigned mask, const YahtzeeRules& rules, Plan& p) {
  const auto& t = dice_tables();
  p.mask = mask;
  p.nslots = 0;
  p.cands.clear();
  std::array<int, kNumCategories> base{};
  for (int c = 0; c < kNumCategories; ++c) {
    if (mask & (1u << c)) continue;
    base[static_cast<std::size_t>(c)] = p.nslots;
    const auto next = static_cast<std::uint16_t>(mask | (1u << c));
    const auto cat = static_cast<Category>(c);
    if (is_upper(cat)) {
      for (int k = 0; k <= kNumDice; ++k)
        p.slots[static_cast<std::size_t>(p.nslots++)] = Slot{next, static_cast<std::uint8_t>(k * (c + 1)), 0};
    } else if (cat == Category::Yahtzee) {
      p.slots[static_cast<std::size_t>(p.nslots++)] = Slot{next, 0, 0};
      p.slots[static_cast<std::size_t>(p.nslots++)] = Slot{next, 0, 1};
    } else {
      p.slots[static_cast<std::size_t>(p.nslots++)] = Slot{next, 0, 0};
    }
  }
  const Categories scored = Categories::from_bits_unchecked(mask);
  for (int r = 0; r < kNumRolls; ++r) {
    p.begin[static_cast<std::size_t>(r)] = static_cast<std::uint16_t>(p.cands.size());
    const Dice d = Dice::from_packed_unchecked(t.packed[static_cast<std::size_t>(r + kNumPartialKeeps)]);
    const bool extra = t.yahtzee_face[static_cast<std::size_t>(r)] != 0 && (mask & kYahtzeeBit);
    const Categories legal = extra ? legal_categories(scored, d, rules) : ~scored;
    const auto& natural = t.natural[static_cast<std::size_t>(r)];
    for (int c = 0; c < kNumCategories; ++c) {
      const auto cat = static_cast<Category>(c);
      if (!legal.contains(cat)) continue;
      const int v = extra ? box_value(cat, d, scored, rules) : natural[static_cast<std::size_t>(c)];
      int slot = base[static_cast<std::size_t>(c)];
      if (is_upper(cat))
        slot += v / (c + 1);
      else if (cat == Category::Yahtzee && v == kYahtzeeScore)
        slot += 1;
      p.cands.push_back(
          Cand{static_cast<std::uint8_t>(v), static_cast<std::uint8_t>(slot), static_cast<std::uint8_t>(c)});
    }
    p.bonus[static_cast<std::size_t>(r)] =
        (rules.yahtzee_bonus && t.yahtzee_face[static_cast<std::size_t>(r)] != 0 && (mask & kYahtzeeBit)) ? 1 : 0;
  }
  p.begin[kNumRolls] = static_cast<std::uint16_t>(p.cands.size());
}

bool use_avx2() noexcept { return core::platform::use_avx2(); }

void run_category_sets(const std::vector<std::uint16_t>& masks, bool forward, int threads, core::StopToken& st,
                       const std::function<void(int, double)>& progress,
                       const std::function<MaskWork(int thread)>& make_worker) {
  std::array<std::vector<std::uint16_t>, kNumCategories + 1> tiers;
  for (const auto m : masks) tiers[static_cast<std::size_t>(std::popcount(static_cast<unsigned>(m)))].push_back(m);
  const std::size_t total = masks.size();
  if (total == 0) return;
  const int n = total < 64 ? 1 : threads;
  const auto t0 = std::chrono::steady_clock::now();
  // Work order: the sets by tier (most filled first for a backward program).  A worker
  // takes the next set and waits until the sets it depends on are done (they come
  // earlier in the order, so they are taken already); no barrier between tiers, so a
  // worker that the OS pauses holds up only the sets that need its result.
  std::vector<std::uint16_t> order;
  order.reserve(total);
  for (int i = 0; i <= kNumCategories; ++i) {
    const int tier = forward ? i : kNumCategories - i;
    for (auto mm : tiers[static_cast<std::size_t>(tier)]) order.push_back(mm);
  }
  // done[m]: 0 to do, 1 done (or not listed), 2 abandoned (the call was stopped).
  std::vector<std::atomic<std::uint8_t>> done(8192);
  for (unsigned mm = 0; mm < 8192; ++mm) done[mm].store(1, std::memory_order_relaxed);
  for (auto mm : order) done[mm].store(0, std::memory_order_relaxed);
  std::array<std::atomic<std::size_t>, kNumCategories + 1> left{};
  for (int tier = 0; tier <= kNumCategories; ++tier)
    left[static_cast<std::size_t>(tier)].store(tiers[static_cast<std::size_t>(tier)].size());
  std::atomic<std::size_t> next{0};
  std::mutex report_mutex;
  int next_report = 0;         // the next tier to report, counted in work order (under report_mutex)
  std::exception_ptr failure;  // a progress callback's exception (under report_mutex)
  std::atomic<bool> failed{false};

  auto report = [&] {
    std::lock_guard<std::mutex> g(report_mutex);
    while (next_report <= kNumCategories) {
      const int tier = forward ? next_report : kNumCategories - next_report;
      if (left[static_cast<std::size_t>(tier)].load() != 0) break;
      if (progress && !tiers[static_cast<std::size_t>(tier)].empty() && !failure) {
        try {
          progress(tier, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
        } catch (...) {
          failure = std::current_exception();
          failed.store(true);
        }
      }
      ++next_report;
    }
  };
  // A worker waits for the sets it depends on on a condition variable, not with
  // std::atomic::wait: MinGW-w64's libstdc++ 12, which has no futex to wait on, was
  // seen to miss a notification there (the Windows test of the whole-game solve hung
  // under wine, every worker waiting).  The lock taken before each notification keeps a
  // waiter from missing it: the waiter checks `done` under the lock.
  std::mutex wait_mutex;
  std::condition_variable set_done;
  const auto wake = [&] {
    { const std::lock_guard<std::mutex> g(wait_mutex); }
    set_done.notify_all();
  };
  std::atomic<bool> abandoned{false};
  auto abandon = [&] {  // wakes every worker waiting for a set that will not be done now
    if (abandoned.exchange(true)) return;
    for (const auto mm : order) {
      std::uint8_t todo = 0;
      done[mm].compare_exchange_strong(todo, 2);
    }
    wake();
  };
  core::run_parallel(n, st, [&](int tid) {
    try {
      const MaskWork work = make_worker(tid);
      for (std::size_t i; (i = next.fetch_add(1)) < order.size();) {
        if (st.stop_requested() || failed.load()) {
          abandon();
          return;
        }
        const unsigned mm = order[i];
        for (int c = 0; c < kNumCategories; ++c) {
          const unsigned bit = 1u << c;
          if (forward ? !(mm & bit) : (mm & bit)) continue;
          const unsigned dep = mm ^ bit;
          std::uint8_t state = done[dep].load(std::memory_order_acquire);
          if (state == 0) {
            std::unique_lock<std::mutex> g(wait_mutex);
            set_done.wait(g, [&] { return (state = done[dep].load(std::memory_order_acquire)) != 0; });
          }
          if (state == 2) return;
        }
        work(mm);
        done[mm].store(1, std::memory_order_release);
        wake();
        if (left[static_cast<std::size_t>(std::popcount(mm))].fetch_sub(1) == 1) report();
      }
    } catch (...) {
      abandon();
      throw;
    }
  });
  if (failure) std::rethrow_exception(failure);
  if (abandoned) throw core::Interrupted();
}

}  // namespace parlour::yahtzee::detail
