// The solver's memory-lean position store, for scans that grow large: 24-byte
// compact keys with 4-byte parent links (or none, for a scan that needs no path back)
// in fixed-size chunks, a hash index split into
// segments that grow one at a time, and an open list of fixed-size blocks.  Every
// allocation is counted, and what the next expansion may allocate is known before it
// runs, so a memory limit is never exceeded.  Internal to the solver.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

#include "solver_compact.hpp"

namespace parlour::freecell::search {

class CompactStore {
 public:
  static constexpr std::uint32_t kNone = 0xffffffffu;
  // The most children one expansion can add (see for_each_move: at most 21 moves from
  // each cascade and 10 from each free cell).
  static constexpr std::size_t kMaxChildren = 256;

  // `parents`: whether the store keeps each position's parent (4 bytes a position).
  explicit CompactStore(bool parents = true);
  CompactStore(const CompactStore&) = delete;
  CompactStore& operator=(const CompactStore&) = delete;

  [[nodiscard]] std::uint64_t size() const noexcept { return count_; }
  [[nodiscard]] const CompactKey& key(std::uint32_t i) const noexcept { return keys_[i >> kChunkBits][i & kChunkMask]; }
  // (kNone in a store made without parents)
  [[nodiscard]] std::uint32_t parent(std::uint32_t i) const noexcept {
    return with_parents_ ? parents_[i >> kChunkBits][i & kChunkMask] : kNone;
  }

  // The index of the position with this key, appending it (with its parent) when
  // absent; inserted set true then.
  std::uint32_t find_or_insert(const CompactKey& key, std::uint32_t parent, bool& inserted) {
    return find_or_insert(key, key.hash(), parent, inserted);
  }
  // The same with the key's hash (key.hash()) given.
  std::uint32_t find_or_insert(const CompactKey& key, std::uint64_t h, std::uint32_t parent, bool& inserted);

  // Whether the store holds this key (whose hash is h).
  [[nodiscard]] bool contains(const CompactKey& key) const noexcept { return contains(key, key.hash()); }
  [[nodiscard]] bool contains(const CompactKey& key, std::uint64_t h) const noexcept;

  // Sets hashes[j] = keys[j].hash() for j < n and prefetches what looking them up will
  // read: their slots, then the stored keys whose tags match (see insert_all).
  void prefetch_all(const CompactKey* keys, std::size_t n, std::uint64_t* hashes) const noexcept {
    for (std::size_t j = 0; j < n; ++j) {
      hashes[j] = keys[j].hash();
      prefetch_slot(hashes[j]);
    }
    for (std::size_t j = 0; j < n; ++j) prefetch_match(hashes[j]);
  }

  // find_or_insert(keys[j], parent, inserted) for j = 0 .. n - 1 in turn (the same
  // indices and order), calling f(j, index, inserted) after each and stopping when it
  // returns false; n <= kMaxChildren.  The keys' slots, then the stored keys their tags
  // point to, are prefetched first, so the scattered reads of a whole expansion overlap
  // instead of waiting one by one.
  template <class F>
  void insert_all(const CompactKey* keys, std::size_t n, std::uint32_t parent, F&& f) {
    std::uint64_t hashes[kMaxChildren];
    prefetch_all(keys, n, hashes);
    bool inserted = false;
    for (std::size_t j = 0; j < n; ++j) {
      const std::uint32_t idx = find_or_insert(keys[j], hashes[j], parent, inserted);
      if (!f(j, idx, inserted)) return;
    }
  }

  // Open list: a bucket queue on priorities, LIFO within a bucket (as OpenList).
  void push(int prio, std::uint32_t node);
  bool pop(int& prio, std::uint32_t& node);
  [[nodiscard]] bool open_empty() const noexcept { return open_count_ == 0; }

  // Bytes allocated now, and at most how many more the next expansion can allocate.
  [[nodiscard]] std::uint64_t bytes() const noexcept { return bytes_; }
  [[nodiscard]] std::uint64_t next_expansion_bytes() const noexcept;

  // Taking a store apart without holding two copies of its keys (prove's splits on
  // disk): f(index) for every position still in the open list, which is freed.
  template <class F>
  void drain_open(F&& f) {
    for (Block* top : buckets_)
      for (const Block* b = top; b; b = b->below)
        for (std::uint32_t k = 0; k < b->n; ++k) f(b->items[k]);
    std::vector<Block*>().swap(buckets_);
    std::vector<std::unique_ptr<Block>>().swap(blocks_);
    free_ = nullptr;
    free_count_ = 0;
    open_count_ = 0;
    min_ = static_cast<std::size_t>(-1);
    recount();
  }
  // Frees the hash index: the store can no longer find or insert.
  void release_index() {
    std::vector<Segment>().swap(segments_);
    near_bytes_ = 0;
    recount();
  }
  // f(keys, n) for each chunk of keys, in order (the keys may be changed: the index,
  // if not released, no longer finds them then).
  template <class F>
  void for_each_chunk(F&& f) {
    for (std::size_t c = 0; c < keys_.size(); ++c) {
      const std::uint64_t first = static_cast<std::uint64_t>(c) << kChunkBits;
      if (first >= count_) break;
      f(keys_[c].get(), static_cast<std::size_t>(std::min<std::uint64_t>(count_ - first, kChunkMask + 1)));
    }
  }

 private:
  void recount() noexcept;               // bytes_ from what is allocated now
  static constexpr int kChunkBits = 14;  // positions per chunk: 16,384 (448 KB)
  static constexpr std::uint32_t kChunkMask = (1u << kChunkBits) - 1;
  static constexpr std::size_t kSegments = 256;
  static constexpr std::size_t kBlock = 254;  // open-list entries per block (1 KB)
  struct Block {
    Block* below;
    std::uint32_t n;
    std::uint32_t items[kBlock];
  };
  // A slot holds a position's index + 1 in its low index_bits_ bits and, above them, as
  // many bits of the key's hash as are left (a tag): a probe reads a key only when the
  // tag matches, so most probes of other keys touch no key.  The index takes more bits
  // as the store grows (widen), the tag fewer; 0 is an empty slot.
  struct Segment {
    std::vector<std::uint32_t> slots;
    std::size_t used = 0;
  };
  [[nodiscard]] std::uint32_t tag_of(std::uint64_t h) const noexcept {
    return static_cast<std::uint32_t>((h >> 32) << index_bits_);  // (the bits above 32 drop)
  }
  [[nodiscard]] std::uint32_t index_of(std::uint32_t slot) const noexcept { return (slot & index_mask_) - 1; }
  void widen();
  void grow(Segment& seg);
  void prefetch_slot(std::uint64_t h) const noexcept;
  void prefetch_match(std::uint64_t h) const noexcept;
  [[nodiscard]] static std::size_t limit(const Segment& s) noexcept { return s.slots.size() / 10 * 7; }
  [[nodiscard]] static bool near(const Segment& s) noexcept { return s.used + kMaxChildren >= limit(s); }
  [[nodiscard]] std::uint64_t chunk_bytes() const noexcept {
    return (std::uint64_t{1} << kChunkBits) * (sizeof(CompactKey) + (with_parents_ ? sizeof(std::uint32_t) : 0));
  }

  bool with_parents_ = true;

  std::vector<std::unique_ptr<CompactKey[]>> keys_;        // 24 bytes a position
  std::vector<std::unique_ptr<std::uint32_t[]>> parents_;  // 4 bytes a position (if kept)
  std::vector<Segment> segments_;
  int index_bits_ = 20;
  std::uint32_t index_mask_ = (1u << 20) - 1;
  std::uint64_t count_ = 0;
  std::uint64_t bytes_ = 0;
  std::uint64_t near_bytes_ = 0;  // what growing every segment near its limit would add
  std::vector<Block*> buckets_;   // top block of each priority's stack
  std::vector<std::unique_ptr<Block>> blocks_;
  Block* free_ = nullptr;  // unused blocks, linked by `below`
  std::size_t free_count_ = 0;
  std::size_t min_ = static_cast<std::size_t>(-1);
  std::uint64_t open_count_ = 0;
};

}  // namespace parlour::freecell::search
