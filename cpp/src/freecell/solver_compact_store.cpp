// The solver's memory-lean position store (see solver_compact_store.hpp).
#include "solver_compact_store.hpp"

#include "parlour/core/platform.hpp"

namespace parlour::freecell::search {

namespace {
constexpr std::size_t kFirstSlots = 64;  // slots per segment at first
}

CompactStore::CompactStore(bool parents) : with_parents_(parents) {
  segments_.resize(kSegments);
  for (auto& s : segments_) {
    s.slots.assign(kFirstSlots, 0);
    bytes_ += kFirstSlots * sizeof(std::uint32_t);
    near_bytes_ += 2 * kFirstSlots * sizeof(std::uint32_t);  // every segment starts near its limit
  }
  bytes_ += kSegments * sizeof(Segment);
}

std::uint32_t CompactStore::find_or_insert(const CompactKey& key, std::uint64_t h, std::uint32_t parent,
                                           bool& inserted) {
  if (count_ + 1 >= index_mask_ && index_bits_ < 32) widen();
  Segment& seg = segments_[h >> 56];
  if (seg.used + 1 > limit(seg)) grow(seg);
  const std::size_t mask = seg.slots.size() - 1;
  const std::uint32_t tag = tag_of(h);
  std::size_t i = static_cast<std::size_t>(h) & mask;
  while (true) {
    const std::uint32_t v = seg.slots[i];
    if (v == 0) break;
    if ((v & ~index_mask_) == tag && this->key(index_of(v)) == key) {
      inserted = false;
      return index_of(v);
    }
    i = (i + 1) & mask;
  }
  const auto idx = static_cast<std::uint32_t>(count_);
  if ((count_ >> kChunkBits) >= keys_.size()) {
    keys_.push_back(std::make_unique<CompactKey[]>(std::size_t{1} << kChunkBits));
    if (with_parents_) parents_.push_back(std::make_unique<std::uint32_t[]>(std::size_t{1} << kChunkBits));
    bytes_ += chunk_bytes();
  }
  keys_[idx >> kChunkBits][idx & kChunkMask] = key;
  if (with_parents_) parents_[idx >> kChunkBits][idx & kChunkMask] = parent;
  ++count_;
  const bool was_near = near(seg);
  seg.slots[i] = tag | (idx + 1);
  ++seg.used;
  if (!was_near && near(seg)) near_bytes_ += 2 * seg.slots.size() * sizeof(std::uint32_t);
  inserted = true;
  return idx;
}

bool CompactStore::contains(const CompactKey& key, std::uint64_t h) const noexcept {
  const Segment& seg = segments_[h >> 56];
  const std::size_t mask = seg.slots.size() - 1;
  const std::uint32_t tag = tag_of(h);
  for (std::size_t i = static_cast<std::size_t>(h) & mask;; i = (i + 1) & mask) {
    const std::uint32_t v = seg.slots[i];
    if (v == 0) return false;
    if ((v & ~index_mask_) == tag && this->key(index_of(v)) == key) return true;
  }
}

void CompactStore::prefetch_slot(std::uint64_t h) const noexcept {
  const Segment& seg = segments_[h >> 56];
  core::platform::prefetch(&seg.slots[static_cast<std::size_t>(h) & (seg.slots.size() - 1)]);
}

// The stored key of the first slot from h's on whose tag matches, if any before an
// empty slot (usually the key itself when it is stored).
void CompactStore::prefetch_match(std::uint64_t h) const noexcept {
  const Segment& seg = segments_[h >> 56];
  const std::size_t mask = seg.slots.size() - 1;
  const std::uint32_t tag = tag_of(h);
  for (std::size_t i = static_cast<std::size_t>(h) & mask;; i = (i + 1) & mask) {
    const std::uint32_t v = seg.slots[i];
    if (v == 0) return;
    if ((v & ~index_mask_) == tag) {
      core::platform::prefetch(&key(index_of(v)));
      return;
    }
  }
}

// One more bit for the index, one less for the tag: the tag keeps its low bits, which
// are the same bits of the hash (tag_of), so no key is read.
void CompactStore::widen() {
  const std::uint32_t old_mask = index_mask_;
  ++index_bits_;
  index_mask_ = index_bits_ == 32 ? 0xffffffffu : (1u << index_bits_) - 1;
  for (Segment& seg : segments_)
    for (std::uint32_t& v : seg.slots)
      if (v) v = (static_cast<std::uint32_t>((v & ~old_mask) << 1) & ~index_mask_) | (v & old_mask);
}

void CompactStore::grow(Segment& seg) {
  const std::size_t old_size = seg.slots.size();
  std::vector<std::uint32_t> slots(old_size * 2, 0);
  const std::size_t mask = slots.size() - 1;
  for (const std::uint32_t v : seg.slots) {
    if (!v) continue;
    std::size_t i = static_cast<std::size_t>(key(index_of(v)).hash()) & mask;
    while (slots[i]) i = (i + 1) & mask;
    slots[i] = v;
  }
  seg.slots.swap(slots);
  bytes_ += old_size * sizeof(std::uint32_t);
  near_bytes_ -= 2 * old_size * sizeof(std::uint32_t);  // it was near: it is growing
  if (near(seg)) near_bytes_ += 2 * seg.slots.size() * sizeof(std::uint32_t);
}

void CompactStore::push(int prio, std::uint32_t node) {
  const auto p = static_cast<std::size_t>(std::max(prio, 0));
  if (p >= buckets_.size()) {
    const std::size_t before = buckets_.capacity();
    buckets_.resize(p + 64, nullptr);
    bytes_ += (buckets_.capacity() - before) * sizeof(Block*);
  }
  Block* top = buckets_[p];
  if (!top || top->n == kBlock) {
    Block* b = free_;
    if (b) {
      free_ = b->below;
      --free_count_;
    } else {
      blocks_.push_back(std::make_unique<Block>());
      b = blocks_.back().get();
      bytes_ += sizeof(Block) + sizeof(void*);
    }
    b->below = top;
    b->n = 0;
    buckets_[p] = top = b;
  }
  top->items[top->n++] = node;
  if (p < min_) min_ = p;
  ++open_count_;
}

bool CompactStore::pop(int& prio, std::uint32_t& node) {
  if (!open_count_) return false;
  while (!buckets_[min_]) ++min_;
  Block* top = buckets_[min_];
  node = top->items[--top->n];
  prio = static_cast<int>(min_);
  if (!top->n) {
    buckets_[min_] = top->below;
    top->below = free_;
    free_ = top;
    ++free_count_;
  }
  --open_count_;
  return true;
}

void CompactStore::recount() noexcept {
  std::uint64_t b = segments_.capacity() * sizeof(Segment) + buckets_.capacity() * sizeof(Block*);
  for (const auto& seg : segments_) b += seg.slots.capacity() * sizeof(std::uint32_t);
  for (const auto& k : keys_)
    if (k) b += chunk_bytes();
  b += blocks_.size() * (sizeof(Block) + sizeof(void*));
  bytes_ = b;
}

std::uint64_t CompactStore::next_expansion_bytes() const noexcept {
  std::uint64_t extra = near_bytes_;
  if (((count_ + kMaxChildren) >> kChunkBits) >= keys_.size()) extra += chunk_bytes() + 64 * sizeof(void*);
  if (free_count_ < kMaxChildren)
    extra += (kMaxChildren - free_count_) * (sizeof(Block) + sizeof(void*)) + blocks_.capacity() * sizeof(void*);
  extra += 64 * 1024;  // growth of the bucket and chunk pointer arrays
  return extra;
}

}  // namespace parlour::freecell::search
