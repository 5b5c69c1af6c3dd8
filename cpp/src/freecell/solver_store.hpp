// The solver's position store: nodes, the transposition table over their canonical
// keys, the open list, and the per-worker workspace that keeps their buffers from
// deal to deal.  Internal to the solver.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

#include "solver_board.hpp"

namespace parlour::freecell::search {

using PackedBoard = Board;
inline void pack_board(const Board& s, PackedBoard& p) noexcept { p = s; }
inline void unpack_board(const PackedBoard& p, Board& s) noexcept { s = p; }

constexpr std::uint32_t kNoNode = 0xffffffffu;

struct Node {
  Node() noexcept {}  // members left uninitialised: find_or_insert fills them
  Key key;
  std::uint64_t hash;  // hash_key(key)
  std::uint32_t parent;
  std::uint32_t move;  // MoveCode bits of the move from the parent
  std::uint32_t g;     // moves from the root
  PackedBoard board;
  std::int16_t terms[8];  // the heuristic's cascade terms (see cascade_term)
  std::uint8_t ordered;   // the cascades whose ranks never rise (see heuristic)
};

// The memory of one scan (node store, hash slots, open list), kept by a Workspace
// from deal to deal so that a batch of solves allocates and faults in its pages once
// instead of once per deal.
struct ScanMemory {
  std::vector<Node> nodes;
  std::vector<std::uint64_t> slots, old_slots;
  std::vector<std::uint32_t> heads, links;  // the open list's (see OpenList)
  std::uint64_t bucket_bytes = 0;           // their allocation, kept up to date by OpenList
  std::vector<std::uint32_t> stack;
  [[nodiscard]] std::uint64_t bytes() const noexcept {
    return nodes.capacity() * sizeof(Node) + (slots.capacity() + old_slots.capacity()) * sizeof(std::uint64_t) +
           bucket_bytes + stack.capacity() * sizeof(std::uint32_t);
  }
  void release() noexcept;  // frees every buffer
};

// A set of ScanMemory, one per scan of a portfolio.  solve_deals gives each worker
// thread its own; a lone solve() uses a per-thread one trimmed after every call.
class Workspace {
 public:
  ScanMemory& memory(std::size_t i) {
    while (mem_.size() <= i) mem_.push_back(std::make_unique<ScanMemory>());
    return *mem_[i];
  }
  // Releases buffers beyond a small size (under 1 MB per scan), so that a thread
  // that once solved a hard deal does not keep its memory.
  void trim();

 private:
  std::vector<std::unique_ptr<ScanMemory>> mem_;
};

// Open addressing with linear probing.  A slot holds the node index + 1 in its low
// half and the high half of the key's hash in its high half; the slot index is taken
// from the high half too, so growing the table never touches the nodes, and most
// probes of other keys are rejected without touching a node.
class Table {
 public:
  explicit Table(ScanMemory& m) : nodes_(m.nodes), slots_(m.slots), old_(m.old_slots) {
    nodes_.clear();
    slots_.assign(1u << 12, 0);
    shift_ = 64 - 12;
  }
  Table(const Table&) = delete;
  Table& operator=(const Table&) = delete;
  // The index of the node with this key and hash, appending a node with them (its
  // other fields left for the caller to fill) when absent; inserted set true then.
  std::uint32_t find_or_insert(const Key& key, std::uint64_t h, bool& inserted) {
    if ((nodes_.size() + 1) * 2 > slots_.size()) grow();
    const std::uint64_t tag = h & 0xffffffff00000000ull;
    const std::size_t mask = slots_.size() - 1;
    std::size_t i = static_cast<std::size_t>(h >> shift_);
    while (true) {
      const std::uint64_t v = slots_[i];
      if (v == 0) {
        Node& n = nodes_.emplace_back();
        n.key = key;
        n.hash = h;
        slots_[i] = tag | nodes_.size();
        inserted = true;
        return static_cast<std::uint32_t>(nodes_.size() - 1);
      }
      if ((v & 0xffffffff00000000ull) == tag) {
        const auto idx = static_cast<std::uint32_t>(v) - 1;
        if (nodes_[idx].key == key) {
          inserted = false;
          return idx;
        }
      }
      i = (i + 1) & mask;
    }
  }

 private:
  void grow() {
    old_.swap(slots_);
    slots_.assign(old_.size() * 2, 0);
    --shift_;
    const std::size_t mask = slots_.size() - 1;
    for (std::uint64_t v : old_) {
      if (!v) continue;
      std::size_t i = static_cast<std::size_t>(v >> shift_);
      while (slots_[i]) i = (i + 1) & mask;
      slots_[i] = v;
    }
  }
  std::vector<Node>& nodes_;
  std::vector<std::uint64_t>& slots_;
  std::vector<std::uint64_t>& old_;
  int shift_;
};

// A bucket queue on small integer priorities; LIFO within a bucket.  Each bucket is a
// list linked through the nodes: heads[p] is the last node pushed with priority p
// (kNoNode for none) and links[node] the node pushed before it with the same
// priority.  The arrays are borrowed from a ScanMemory; the heads are left empty (their
// memory kept) when it ends.
class OpenList {
 public:
  explicit OpenList(ScanMemory& m) : heads_(m.heads), links_(m.links), bytes_(m.bucket_bytes) {}
  ~OpenList() {
    if (!size_) return;
    // (the arrays may have been released under it: Scan::release)
    if (min_ < heads_.size())
      std::fill(heads_.begin() + static_cast<std::ptrdiff_t>(min_),
                heads_.begin() + static_cast<std::ptrdiff_t>(std::min(max_ + 1, heads_.size())), kNoNode);
  }
  OpenList(const OpenList&) = delete;
  OpenList& operator=(const OpenList&) = delete;
  void push(int prio, std::uint32_t node) {
    const auto p = static_cast<std::size_t>(std::max(prio, 0));
    if (p >= heads_.size() || node >= links_.size()) grow(p, node);
    links_[node] = heads_[p];
    heads_[p] = node;
    if (p < min_) min_ = p;
    if (p > max_) max_ = p;
    ++size_;
  }
  bool pop(std::uint32_t& node) {
    if (!size_) return false;
    while (heads_[min_] == kNoNode) ++min_;
    node = heads_[min_];
    heads_[min_] = links_[node];
    --size_;
    return true;
  }
  // Moves every entry, bucket by bucket and the first pushed first in each, into
  // `f(prio, node)` and leaves the buckets empty.
  template <class F>
  void drain(F&& f) {
    if (size_) {
      std::vector<std::uint32_t> bucket;
      for (std::size_t p = min_; p <= max_; ++p) {
        bucket.clear();
        for (std::uint32_t node = heads_[p]; node != kNoNode; node = links_[node]) bucket.push_back(node);
        for (auto it = bucket.rbegin(); it != bucket.rend(); ++it) f(static_cast<int>(p), *it);
        heads_[p] = kNoNode;
      }
    }
    size_ = 0;
    min_ = static_cast<std::size_t>(-1);
    max_ = 0;
  }

 private:
  void grow(std::size_t p, std::uint32_t node) {
    const std::size_t before = heads_.capacity() + links_.capacity();
    if (p >= heads_.size()) heads_.resize(p + 64, kNoNode);
    if (node >= links_.size()) links_.resize(std::max<std::size_t>(std::size_t{node} + 1, 2 * links_.size()));
    bytes_ += (heads_.capacity() + links_.capacity() - before) * sizeof(std::uint32_t);
  }
  std::vector<std::uint32_t>& heads_;
  std::vector<std::uint32_t>& links_;
  std::uint64_t& bytes_;
  std::size_t min_ = static_cast<std::size_t>(-1);
  std::size_t max_ = 0;  // no bucket above it holds an entry
  std::size_t size_ = 0;
};

}  // namespace parlour::freecell::search
