// The FreeCell solver's search: best-first scans over canonical positions, run as a
// portfolio in turns (see parlour/freecell/solver.hpp for the method).
#include "solver_search.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <memory>
#include <mutex>

namespace parlour::freecell::search {

Scan::Scan(const Board& start, const ScanParams& p, ScanMemory& m)
    : p_(p), nodes_(m.nodes), table_(m), open_(m), stack_(m.stack) {
  stack_.clear();
  Board root = start;
  autoplay(root, p_.autoplay);
  bool inserted = false;
  const Key key = encode(root);
  Node& n0 = nodes_[table_.find_or_insert(key, hash_key(key), inserted)];
  n0.parent = kNoNode;
  n0.move = 0;
  n0.g = 0;
  pack_board(root, n0.board);
  const int h = heuristic(root, p_, n0.terms, n0.ordered);
  if (n0.ordered == 0xff) goal_ = 0;
  else if (p_.moves < 0) stack_.push_back(0);
  else open_.push(h, 0);
}

Scan::Status Scan::run(std::uint64_t budget) {
  if (goal_ != kNoNode) return kGoal;
  const bool dfs = p_.moves < 0;
  Board s;
  Key key;
  std::uint32_t cur = 0;
  bool inserted = false;
  for (std::uint64_t step = 0; step < budget; ++step) {
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
        h = base_term(child, p_);
        std::uint8_t ordered = parent_ordered;
        for (int i = 0; i < 8; ++i) {
          if (child.len[i] == s.len[i]) {
            node.terms[i] = parent_terms[i];
          } else {
            bool o = false;
            node.terms[i] = static_cast<std::int16_t>(cascade_term(child, i, p_, o));
            ordered = static_cast<std::uint8_t>((ordered & ~(1u << i)) | (o << i));
          }
          h += node.terms[i];
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
      std::stable_sort(children_.begin(), children_.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
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
  std::vector<MoveCode> out;
  for (std::uint32_t i = goal_; nodes_[i].parent != kNoNode; i = nodes_[i].parent) out.push_back({nodes_[i].move});
  std::reverse(out.begin(), out.end());
  return out;
}

SolveResult run_portfolio(const GameState& start, const std::vector<ScanParams>& params, std::uint64_t budget,
                          const Limits& limits, Workspace& ws, core::StopToken* stop) {
  start.validate();
  const auto t0 = std::chrono::steady_clock::now();
  SolveResult out;
  Board root = board_from_state(start);
  autoplay(root);
  // Each scan's table refers to its own node vector: scans never move.  A scan is set
  // up when its first turn comes (most deals never need the others).
  std::vector<std::unique_ptr<Scan>> scans(params.size());
  // Round robin with doubling budgets, so one scan lost in a large basin costs the
  // others at most a constant factor.  A complete scan that runs out of positions has
  // searched the whole reachable space: that is the proof of unsolvability.
  const Scan* winner = nullptr;
  bool exhausted = false, stopped = false;
  while (!winner && !exhausted && !stopped) {
    for (std::size_t si = 0; si < scans.size(); ++si) {
      if (!scans[si]) scans[si] = std::make_unique<Scan>(root, params[si], ws.memory(si));
      Scan& sc = *scans[si];
      if (sc.done) continue;
      std::uint64_t left = budget;
      while (left) {
        const std::uint64_t chunk = std::min<std::uint64_t>(left, 512);
        left -= chunk;
        if (stop) stop->throw_if_stop_requested();
        const auto st = sc.run(chunk);
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
    if (std::all_of(scans.begin(), scans.end(), [](const auto& x) { return x && x->done; })) {
      out.reason = "max_states";
      stopped = true;
    }
  }
  for (const auto& x : scans) {
    if (!x) continue;
    out.states += x->states();
    out.expanded += x->expanded();
  }
  if (winner) {
    replay(start, winner->path(), winner->params().autoplay, out);
    out.verdict = Verdict::Solved;
  } else {
    out.verdict = exhausted ? Verdict::Unsolvable : Verdict::Unknown;
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
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
                  core::StopToken* stop) {
  thread_local search::Workspace ws;
  struct Trim {
    search::Workspace& w;
    ~Trim() { w.trim(); }
  } trim{ws};
  return search::solve_in(start, mode, {max_states, time_limit}, ws, stop);
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
  for (std::uint64_t n : numbers) (void)GameState::from_ms_deal(n);  // range check up front
  core::NoStop never;
  core::StopToken& st = stop ? *stop : never;
  std::vector<SolveResult> results(numbers.size());
  std::atomic<std::size_t> next{0};
  std::size_t done = 0;
  std::mutex mu;
  const int n = std::max(1, std::min<int>(jobs, static_cast<int>(std::max<std::size_t>(numbers.size(), 1))));
  const search::Limits limits{max_states, time_limit};
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
