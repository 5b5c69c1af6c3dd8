// The FreeCell solver's search: best-first scans over canonical positions, run as a
// portfolio in turns (see parlour/freecell/solver.hpp for the method).
// Why one file: the scan's hot loop (expansion, the heuristic's inlined lambda, the
// store) is compiled as one unit, so the compiler can inline across it.
#include "solver_search.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstdlib>
#include <memory>
#include <mutex>

namespace parlour::freecell::search {

namespace {

// One bit for each cascade whose length differs between a and b.
unsigned changed_cascades(const Board& a, const Board& b) noexcept {
  if constexpr (std::endian::native == std::endian::little) {
    std::uint64_t x, y;
    std::memcpy(&x, a.len, 8);
    std::memcpy(&y, b.len, 8);
    x ^= y;  // a nonzero byte for each cascade that changed: gather one bit of each
    x = (x | (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    x = (x | (x >> 2)) & 0x0303030303030303ull;
    x = (x | (x >> 1)) & 0x0101010101010101ull;
    return static_cast<unsigned>((x * 0x0102040810204080ull) >> 56);
  } else {
    unsigned m = 0;
    for (int i = 0; i < 8; ++i) m |= static_cast<unsigned>(a.len[i] != b.len[i]) << i;
    return m;
  }
}

}  // namespace

Scan::Scan(const Board& start, const ScanParams& p, ScanMemory& m, MemoryBudget* budget, std::uint64_t compact_at)
    : p_(p),
      root_(start),
      nodes_(m.nodes),
      mem_(m),
      table_(m),
      open_(m),
      stack_(m.stack),
      budget_(budget),
      compact_at_(compact_at) {
  stack_.clear();
  autoplay(root_, p_.autoplay);
  next_weights(root_, p_, weights_);
  std::memcpy(weights_found_, root_.found, sizeof weights_found_);
  if (p_.moves < 0 || !CompactCodec(root_).fits()) compact_at_ = 0;  // depth-first scans stay in the fast store
  bool inserted = false;
  const Key key = encode(root_);
  Node& n0 = nodes_[table_.find_or_insert(key, hash_key(key), inserted)];
  n0.parent = kNoNode;
  n0.move = 0;
  n0.g = 0;
  pack_board(root_, n0.board);
  const int h = heuristic(root_, p_, n0.terms, n0.ordered);
  if (n0.ordered == 0xff)
    goal_ = 0;
  else if (p_.moves < 0)
    stack_.push_back(0);
  else
    open_.push(h, 0);
  count_memory();
}

Scan::~Scan() {
  if (budget_) budget_->used -= counted_;
}

std::uint64_t Scan::states() const noexcept {
  if (done && released_states_) return released_states_;
  return compact_ ? compact_->size() : nodes_.size();
}

std::uint64_t Scan::bytes() const noexcept {
  return mem_.bytes() + children_.capacity() * sizeof(children_[0]) + boards_.capacity() * sizeof(Board) +
         keys_.capacity() * sizeof(CompactKey) + (compact_ ? compact_->bytes() : 0);
}

void Scan::count_memory() noexcept {
  if (!budget_) return;
  const std::uint64_t b = bytes();
  budget_->used += b - counted_;
  counted_ = b;
  budget_->peak = std::max(budget_->peak, budget_->used);
}

// What the fast store can allocate at most while `inserts` more nodes go in: a
// doubling of the node vector or of the hash slots when they might need it, and
// (loosely) a doubling of every bucket.
std::uint64_t Scan::fast_growth_bytes(std::size_t inserts) const noexcept {
  std::uint64_t extra = 64 * 1024 + 2 * mem_.bucket_bytes + 2 * inserts * sizeof(std::uint32_t) +
                        CompactStore::kMaxChildren * sizeof(children_[0]);
  const std::size_t n = nodes_.size();
  if (n + inserts > nodes_.capacity()) extra += 2 * std::max(nodes_.capacity(), n + inserts) * sizeof(Node);
  if ((n + inserts + 1) * 2 > mem_.slots.size())
    extra += 6 * std::max(mem_.slots.size(), 2 * (n + inserts + 1)) * sizeof(std::uint64_t);
  return extra;
}

bool Scan::room_for_next_expansion() const noexcept {
  if (!budget_ || !budget_->limit) return true;
  const std::uint64_t next =
      compact_ ? compact_->next_expansion_bytes() : fast_growth_bytes(CompactStore::kMaxChildren);
  return budget_->used + next <= budget_->limit;
}

// Memory only grows as nodes go in, so one check can cover many expansions: the fast
// store checks again once kCheckEvery more nodes are in (or before every expansion
// when the limit is close).
bool Scan::fast_room() noexcept {
  constexpr std::size_t kCheckEvery = 1 << 14;
  if (nodes_.size() <= check_at_) return true;
  count_memory();
  if (!budget_ || !budget_->limit || budget_->used + fast_growth_bytes(kCheckEvery) <= budget_->limit) {
    check_at_ = nodes_.size() + kCheckEvery - CompactStore::kMaxChildren;
    return true;
  }
  check_at_ = nodes_.size() - 1;  // close to the limit: check before every expansion
  return room_for_next_expansion();
}

void Scan::release() {
  released_states_ = states();
  compact_.reset();
  codec_.reset();
  mem_.release();
  std::vector<std::pair<int, std::uint32_t>>().swap(children_);
  std::vector<Board>().swap(boards_);
  std::vector<CompactKey>().swap(keys_);
  done = true;
  count_memory();
}

Scan::Status Scan::run(std::uint64_t budget) {
  const std::uint64_t end = expanded_ + budget;
  while (true) {
    if (goal_ != kNoNode) return kGoal;
    if (!compact_ && compact_at_ && nodes_.size() >= compact_at_ && !migrate()) return kMemoryFull;
    const Status st = compact_ ? run_compact(end - expanded_) : run_fast(end - expanded_);
    count_memory();
    if (st != kRunning || expanded_ >= end) return st;
  }
}

Scan::Status Scan::run_fast(std::uint64_t budget) {
  if (goal_ != kNoNode) return kGoal;
  const bool dfs = p_.moves < 0;
  Board s;
  Key key;
  std::uint32_t cur = 0;
  bool inserted = false;
  for (std::uint64_t step = 0; step < budget; ++step) {
    if (compact_at_ && nodes_.size() >= compact_at_) return kRunning;  // time to move to the compact store
    if (!fast_room()) return kMemoryFull;
    if (dfs) {
      if (stack_.empty()) return kExhausted;
      cur = stack_.back();
      stack_.pop_back();
    } else if (!open_.pop(cur)) {
      return kExhausted;
    }
    ++expanded_;
    unpack_board(nodes_[cur].board, s);
    const Key parent_key = nodes_[cur].key;
    const std::uint64_t parent_hash = nodes_[cur].hash;
    std::int16_t parent_terms[8];
    std::memcpy(parent_terms, nodes_[cur].terms, sizeof parent_terms);
    int parent_sum = 0;
    for (const std::int16_t t : parent_terms) parent_sum += t;
    // The weights for the parent's foundations: those of every child without
    // automatic moves.
    update_next_weights(s, p_, weights_, weights_found_);
    const NextWeights& weights = weights_;
    const std::uint8_t parent_ordered = nodes_[cur].ordered;
    const std::uint32_t g = nodes_[cur].g + 1;
    children_.clear();
    for_each_move(s, p_.prune, [&](Board& child, MoveCode move, int exposed) {
      if (goal_ != kNoNode) return;
      // The child's key is the parent's with the moved card's support changed and the
      // cards autoplay sends home marked so: no full encode needed.
      key = parent_key;
      std::uint64_t hash = parent_hash;
      set_key(key.b, hash, move.card(), move.key_byte());
      const bool autoplayed = exposed == -2 || (exposed >= 0 && autoplay_allows(child, exposed, p_.autoplay));
      if (autoplayed) autoplay(child, p_.autoplay, key.b, &hash);
#ifdef FC_CHECK
      if (!(encode(child) == key) || hash != hash_key(key)) std::abort();
      for (int i = 0; i < 8; ++i)
        if (child.run[i] != top_run(child, i)) std::abort();
#endif
      const std::uint32_t idx = table_.find_or_insert(key, hash, inserted);
      if (!inserted) return;
      Node& node = nodes_[idx];
      node.parent = cur;
      node.move = move.bits;
      node.g = g;
      pack_board(child, node.board);
      int h;
      if (autoplayed) {
        h = heuristic(child, p_, node.terms, node.ordered);
      } else {  // same foundations: only the cascades whose length changed differ
        h = base_term(child, p_) + parent_sum;
        std::uint8_t ordered = parent_ordered;
        std::memcpy(node.terms, parent_terms, sizeof parent_terms);
        for (unsigned changed = changed_cascades(child, s); changed; changed &= changed - 1) {
          const int i = std::countr_zero(changed);
          bool o = false;
          node.terms[i] = static_cast<std::int16_t>(cascade_term(child, i, p_, weights, o));
          h += node.terms[i] - parent_terms[i];
          ordered = static_cast<std::uint8_t>((ordered & ~(1u << i)) | (o << i));
        }
        node.ordered = ordered;
      }
#ifdef FC_CHECK
      {
        std::int16_t tmp[8];
        std::uint8_t o = 0;
        if (h != heuristic(child, p_, tmp, o) || o != node.ordered || (o == 0xff) != trivially_won(child)) std::abort();
      }
#endif
      if (node.ordered == 0xff) {
        goal_ = idx;
        return;
      }
      children_.emplace_back(dfs ? h : h + p_.moves * static_cast<int>(g), idx);
    });
    if (goal_ != kNoNode) return kGoal;
    if (dfs) {
      std::stable_sort(children_.begin(), children_.end(),
                       [](const auto& a, const auto& b) { return a.first > b.first; });
      for (const auto& k : children_) stack_.push_back(k.second);
    } else {
      // Pushed in reverse so that, among equal priorities, the open list (LIFO in a
      // bucket) yields children in generation order: foundation moves and builds
      // before moves to empty cascades and free cells.
      for (auto it = children_.rbegin(); it != children_.rend(); ++it) open_.push(it->first, it->second);
    }
  }
  return kRunning;
}

std::vector<MoveCode> Scan::path() const {
  if (compact_) return compact_path();
  std::vector<MoveCode> out;
  for (std::uint32_t i = goal_; nodes_[i].parent != kNoNode; i = nodes_[i].parent) out.push_back({nodes_[i].move});
  std::reverse(out.begin(), out.end());
  return out;
}

namespace {
constexpr std::uint64_t kScanSetupBytes = 64 * 1024;  // a new scan's table and first nodes
}  // namespace

SolveResult run_portfolio(const GameState& start, const std::vector<ScanParams>& params, std::uint64_t budget,
                          const Limits& limits, Workspace& ws, core::StopToken* stop) {
  start.validate();
  const auto t0 = std::chrono::steady_clock::now();
  SolveResult out;
  Board root = board_from_state(start);
  autoplay(root);
  // Each scan's table refers to its own node vector: scans never move.  A scan is set
  // up when its first turn comes (most deals never need the others).
  MemoryBudget memory{limits.memory_limit};  // outlives the scans, which count themselves in it
  std::vector<std::unique_ptr<Scan>> scans(params.size());
  const std::uint64_t compact_at = compact_threshold(limits.memory_limit);
  bool memory_short = false;  // a scan was given up for memory
  // Round robin with doubling budgets, so one scan lost in a large basin costs the
  // others at most a constant factor.  A complete scan that runs out of positions has
  // searched the whole reachable space: that is the proof of unsolvability.
  const Scan* winner = nullptr;
  bool exhausted = false, stopped = false;
  while (!winner && !exhausted && !stopped) {
    for (std::size_t si = 0; si < scans.size(); ++si) {
      if (!scans[si]) {
        if (memory.limit && memory.used + kScanSetupBytes > memory.limit) {
          out.reason = "memory_limit";
          stopped = true;
          break;
        }
        // The workspace may keep buffers from an earlier solve: under a limit they
        // count from the start, so they are given back when they would not fit.
        ScanMemory& m = ws.memory(si);
        if (memory.limit && memory.used + m.bytes() + kScanSetupBytes > memory.limit) m.release();
        scans[si] = std::make_unique<Scan>(root, params[si], m, &memory, compact_at);
      }
      Scan& sc = *scans[si];
      if (sc.done) continue;
      std::uint64_t left = budget;
      while (left) {
        const std::uint64_t chunk = std::min<std::uint64_t>(left, 512);
        left -= chunk;
        if (stop) stop->throw_if_stop_requested();
        const auto st = sc.run(chunk);
        if (st == Scan::kMemoryFull) {
          // An incomplete scan is given up; for a complete one, every incomplete scan
          // is, and if none is left the search stops.
          memory_short = true;
          bool freed = false;
          if (!sc.params().complete()) {
            sc.release();
            freed = true;
          } else {
            for (auto& x : scans)
              if (x && !x->done && !x->params().complete()) {
                x->release();
                freed = true;
              }
          }
          if (!freed) {
            out.reason = "memory_limit";
            stopped = true;
          }
          break;
        }
        if (st == Scan::kGoal) winner = &sc;
        if (st == Scan::kExhausted) {
          if (sc.params().complete()) exhausted = true;
          sc.done = true;
        }
        if (winner || exhausted || sc.done) break;
        std::uint64_t total = 0;
        for (const auto& x : scans)
          if (x) total += x->states();
        if (limits.max_states && total >= limits.max_states) {
          out.reason = "max_states";
          stopped = true;
          break;
        }
        if (limits.time_limit > 0 &&
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() > limits.time_limit) {
          out.reason = "time_limit";
          stopped = true;
          break;
        }
      }
      if (winner || exhausted || stopped) break;
    }
    budget *= 2;
    // Only a portfolio without a complete scan (a tuning experiment) runs out of scans.
    if (!winner && !exhausted && !stopped &&
        std::all_of(scans.begin(), scans.end(), [](const auto& x) { return x && x->done; })) {
      out.reason = memory_short ? "memory_limit" : "max_states";
      stopped = true;
    }
  }
  for (const auto& x : scans) {
    if (!x) continue;
    out.states += x->states();
    out.expanded += x->expanded();
  }
  out.memory = memory.peak;
  if (winner) {
    replay(start, winner->path(), winner->params().autoplay, out);
    out.verdict = Verdict::Solved;
  } else {
    out.verdict = exhausted ? Verdict::Unsolvable : Verdict::Unknown;
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

std::uint64_t compact_threshold(std::uint64_t memory_limit) noexcept {
  constexpr std::uint64_t kMost = std::uint64_t{1} << 18;
  if (!memory_limit) return kMost;
  return std::clamp<std::uint64_t>(memory_limit / 8192, 1024, kMost);
}

namespace {

SolveResult solve_in(const GameState& start, SolveMode mode, const Limits& limits, Workspace& ws,
                     core::StopToken* stop) {
  return run_portfolio(start, portfolio(mode), first_budget(mode), limits, ws, stop);
}

}  // namespace
}  // namespace parlour::freecell::search

namespace parlour::freecell {

SolveResult solve(const GameState& start, SolveMode mode, std::uint64_t max_states, double time_limit,
                  core::StopToken* stop, std::uint64_t memory_limit) {
  thread_local search::Workspace ws;
  struct Trim {
    search::Workspace& w;
    ~Trim() { w.trim(); }
  } trim{ws};
  return search::solve_in(start, mode, {max_states, time_limit, memory_limit}, ws, stop);
}

SolveResult solve_ms_deal(std::uint64_t n, SolveMode mode, std::uint64_t max_states, double time_limit) {
  return solve(GameState::from_ms_deal(n), mode, max_states, time_limit);
}

std::vector<SolveResult> solve_deals(const std::vector<std::uint64_t>& numbers, SolveMode mode,
                                     std::uint64_t max_states, double time_limit, int jobs,
                                     const std::function<void(std::size_t, std::size_t, std::size_t)>& progress,
                                     core::StopToken* stop) {
  if (jobs < 1) throw core::InvalidValue("jobs must be at least 1, got " + std::to_string(jobs));
  jobs = core::resolve_threads(jobs, "jobs");
  for (std::uint64_t n : numbers)  // range check up front (the message of GameState::from_ms_deal)
    if (n < 1 || n >= (std::uint64_t{1} << 33))
      throw core::InvalidValue("a Microsoft deal number is 1 .. 2**33 - 1, got " + std::to_string(n));
  core::NoStop never;
  core::StopToken& st = stop ? *stop : never;
  std::vector<SolveResult> results(numbers.size());
  std::atomic<std::size_t> next{0};
  std::size_t done = 0;
  std::mutex mu;
  const int n = std::max(1, std::min<int>(jobs, static_cast<int>(std::max<std::size_t>(numbers.size(), 1))));
  const search::Limits limits{max_states, time_limit, kDefaultMemoryLimit};
  core::run_parallel(n, st, [&](int) {
    search::Workspace ws;  // one per thread, kept for all its deals
    for (std::size_t i; (i = next.fetch_add(1)) < numbers.size();) {
      st.throw_if_stop_requested();
      results[i] = search::solve_in(GameState::from_ms_deal(numbers[i]), mode, limits, ws, &st);
      std::lock_guard<std::mutex> lock(mu);
      ++done;
      if (progress) progress(done, numbers.size(), i);
    }
  });
  return results;
}

}  // namespace parlour::freecell
