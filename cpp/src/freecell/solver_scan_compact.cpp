// The compact half of a scan (see Scan in solver_search.hpp): moving a scan's
// positions to the compact store, expanding them there, and finding the moves of a
// path from the parent links alone.
#include "solver_search.hpp"

#include <algorithm>

namespace parlour::freecell::search {

bool Scan::migrate() {
  const std::uint64_t n = nodes_.size();
  if (budget_ && budget_->limit) {
    // The compact copy is built while the fast store still holds the nodes: 28 bytes a
    // position, the index (at most 16 at its lowest load, transients included), a
    // block for each priority in the open list, and the store's fixed part.
    const std::uint64_t need = n * 44 + mem_.heads.size() * 1100 + 2 * 1024 * 1024;
    if (budget_->used + need > budget_->limit) return false;
  }
  codec_ = std::make_unique<CompactCodec>(root_);
  compact_ = std::make_unique<CompactStore>();
  boards_.reserve(CompactStore::kMaxChildren);  // (within the 2 MB allowed for above)
  keys_.reserve(CompactStore::kMaxChildren);
  bool inserted = false;
  Board b;
  for (std::uint64_t i = 0; i < n; ++i) {
    unpack_board(nodes_[i].board, b);
    compact_->find_or_insert(codec_->encode(b), nodes_[i].parent, inserted);
  }
  open_.drain([&](int prio, std::uint32_t node) { compact_->push(prio, node); });
  mem_.release();
  count_memory();
  return true;
}

Scan::Status Scan::run_compact(std::uint64_t budget) {
  Board s;
  int prio = 0;
  std::uint32_t cur = 0;
  std::int16_t terms[8];
  std::uint8_t ordered = 0;
  for (std::uint64_t step = 0; step < budget; ++step) {
    if (!room_for_next_expansion()) return kMemoryFull;
    if (!compact_->pop(prio, cur)) return kExhausted;
    ++expanded_;
    s = codec_->decode(compact_->key(cur));
    // The parent's moves made follow from its priority, h + moves * g.
    const int g = p_.moves > 0 ? (prio - heuristic(s, p_, terms, ordered)) / p_.moves + 1 : 0;
    children_.clear();
    boards_.clear();
    keys_.clear();
    for_each_move(s, p_.prune, [&](Board& child, MoveCode, int exposed) {
      if (exposed == -2 || (exposed >= 0 && autoplay_allows(child, exposed, p_.autoplay))) autoplay(child, p_.autoplay);
      boards_.push_back(child);
      keys_.push_back(codec_->encode(child));
    });
    // (in one batch, in the order generated: see CompactStore::insert_all)
    compact_->insert_all(keys_.data(), keys_.size(), cur, [&](std::size_t j, std::uint32_t idx, bool is_new) {
      if (!is_new) return true;
      const int h = heuristic(boards_[j], p_, terms, ordered);
      if (ordered == 0xff) {
        goal_ = idx;
        return false;
      }
      children_.emplace_back(h + p_.moves * g, idx);
      return true;
    });
    if (goal_ != kNoNode) return kGoal;
    for (auto it = children_.rbegin(); it != children_.rend(); ++it) compact_->push(it->first, it->second);
    count_memory();
  }
  return kRunning;
}

// The store keeps no moves: each step's move is the parent's move whose child (after
// autoplay) has the step's key.
std::vector<MoveCode> Scan::compact_path() const {
  std::vector<MoveCode> out;
  for (std::uint32_t i = goal_; compact_->parent(i) != CompactStore::kNone; i = compact_->parent(i)) {
    const CompactKey& want = compact_->key(i);
    bool found = false;
    for_each_move(codec_->decode(compact_->key(compact_->parent(i))), p_.prune,
                  [&](Board& child, MoveCode move, int exposed) {
                    if (found) return;
                    if (exposed == -2 || (exposed >= 0 && autoplay_allows(child, exposed, p_.autoplay)))
                      autoplay(child, p_.autoplay);
                    if (codec_->encode(child) == want) {
                      out.push_back(move);
                      found = true;
                    }
                  });
    if (!found) throw core::Error("internal solver error: a stored position has no move from its parent");
  }
  std::reverse(out.begin(), out.end());
  return out;
}

}  // namespace parlour::freecell::search
