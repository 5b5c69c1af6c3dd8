// The FreeCell solver's compact position store (cpp/src/freecell/solver_compact_store.hpp),
// checked against std::unordered_map: indices in insertion order, lookups of stored and
// absent keys, past the sizes where a slot's index takes more bits from its tag, and
// the batched insert against one-by-one inserts.
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "check.hpp"
#include "freecell/solver_compact_store.hpp"

using parlour::freecell::search::CompactKey;
using parlour::freecell::search::CompactStore;

namespace {

struct KeyHash {
  std::size_t operator()(const CompactKey& k) const noexcept { return static_cast<std::size_t>(k.hash()); }
};

// Keys from a 64-bit generator (splitmix64); `clash` keys share all but their last word,
// so their hashes differ while their first words are alike.
struct Keys {
  std::uint64_t state;
  std::uint64_t next() noexcept {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  CompactKey key(std::uint64_t i) noexcept {
    if (i % 5 == 0) return {{7, 11, i}};
    return {{next(), next(), next()}};
  }
};

}  // namespace

TEST_CASE(compact_store_matches_a_map_past_its_index_widths) {
  // 2.3 million keys: the index takes 20 bits at first, 22 at the end.
  constexpr std::uint64_t kCount = 2'300'000;
  CompactStore store(true);
  std::unordered_map<CompactKey, std::uint32_t, KeyHash> ref;
  std::vector<CompactKey> all;
  all.reserve(kCount);
  Keys gen{12345};
  int bad_insert = 0, bad_find = 0, bad_absent = 0;
  bool inserted = false;
  for (std::uint64_t i = 0; i < kCount; ++i) {
    const CompactKey k = gen.key(i);
    const auto [it, fresh] = ref.emplace(k, static_cast<std::uint32_t>(ref.size()));
    const std::uint32_t idx = store.find_or_insert(k, static_cast<std::uint32_t>(i), inserted);
    if (inserted != fresh || idx != it->second) ++bad_insert;
    if (fresh) all.push_back(k);
    // Every so often: an earlier key is found again, a new one is absent.
    if (i % 7 == 0) {
      const CompactKey& old = all[(i * 2654435761u) % all.size()];
      const std::uint32_t again = store.find_or_insert(old, 0, inserted);
      if (inserted || again != ref.at(old) || !store.contains(old)) ++bad_find;
      Keys probe{i ^ 0xABCDEF};
      const CompactKey absent{{probe.next(), probe.next(), probe.next()}};
      if (!ref.count(absent) && store.contains(absent)) ++bad_absent;
    }
  }
  CHECK_EQ(bad_insert, 0);
  CHECK_EQ(bad_find, 0);
  CHECK_EQ(bad_absent, 0);
  CHECK_EQ(store.size(), ref.size());
  int bad_key = 0, bad_parent = 0;
  for (const auto& [k, idx] : ref) {
    if (!(store.key(idx) == k)) ++bad_key;
    if (store.parent(idx) > kCount) ++bad_parent;
  }
  CHECK_EQ(bad_key, 0);
  CHECK_EQ(bad_parent, 0);
}

TEST_CASE(compact_store_insert_all_equals_one_by_one) {
  // Batches with repeats inside a batch and of earlier batches; the batched store gives
  // the same (index, inserted) for each key, and stops where its callback says.
  CompactStore one(false), batched(false);
  Keys gen{99};
  std::vector<CompactKey> seen;
  int mismatches = 0;
  bool inserted = false;
  for (int b = 0; b < 20'000; ++b) {
    std::vector<CompactKey> batch;
    const int n = 1 + b % 40;
    for (int j = 0; j < n; ++j) {
      if (!seen.empty() && j % 3 == 1)
        batch.push_back(seen[(static_cast<std::size_t>(b) * 31 + static_cast<std::size_t>(j)) % seen.size()]);
      else if (j % 5 == 4)
        batch.push_back(batch.front());
      else
        batch.push_back(gen.key(static_cast<std::uint64_t>(b * 64 + j)));
    }
    const int stop_at = b % 11 == 0 ? n / 2 : n;  // some batches stop halfway
    std::vector<std::pair<std::uint32_t, bool>> expect, got;
    for (int j = 0; j < n; ++j) {
      const std::uint32_t idx = one.find_or_insert(batch[static_cast<std::size_t>(j)], 0, inserted);
      expect.emplace_back(idx, inserted);
      if (inserted) seen.push_back(batch[static_cast<std::size_t>(j)]);
      if (j + 1 == stop_at) break;
    }
    batched.insert_all(batch.data(), batch.size(), 0, [&](std::size_t j, std::uint32_t idx, bool is_new) {
      got.emplace_back(idx, is_new);
      return static_cast<int>(j) + 1 < stop_at;
    });
    if (expect != got) ++mismatches;
  }
  CHECK_EQ(mismatches, 0);
  CHECK_EQ(one.size(), batched.size());
  CHECK_EQ(one.parent(0), CompactStore::kNone);
}

int main() { return parlour::test::run_all(); }
