// prove's search of a split larger than its memory (see solver_external.hpp).
// Why one file: ExternalSplit whole; its loads, checkpoints, merges and state file
// share one set of invariants on which file holds which positions.
#include "solver_external.hpp"

#include <fstream>
#include <queue>
#include <sstream>
#include <system_error>

#include "parlour/core/errors.hpp"
#include "parlour/core/platform.hpp"
#include "solver_keyfile.hpp"

namespace parlour::freecell::search {

namespace fs = std::filesystem;

namespace {

constexpr const char* kState = "split.txt";
constexpr const char* kStateHead = "parlour freecell split 1";
constexpr std::size_t kHandOver = 1 << 12;  // children of other splits collected before handing them over

// The keys of several sorted files, merged, each once.
class Merge {
 public:
  explicit Merge(const std::vector<fs::path>& paths) {
    for (const auto& p : paths) {
      streams_.push_back(std::make_unique<KeyStream>(p));
      if (!streams_.back()->done()) heap_.push(streams_.size() - 1);
    }
  }
  // The next key (false at the end).
  bool next(CompactKey& out) {
    bool have = false;
    while (!heap_.empty()) {
      const std::size_t i = heap_.top();
      const CompactKey k = streams_[i]->key();
      if (have && !(k == out)) return true;
      heap_.pop();
      streams_[i]->advance();
      if (!streams_[i]->done()) heap_.push(i);
      out = k;
      have = true;
    }
    return have;
  }
  [[nodiscard]] std::size_t streams() const noexcept { return streams_.size(); }

 private:
  struct Later {
    const Merge* m;
    bool operator()(std::size_t a, std::size_t b) const noexcept {
      return key_less(m->streams_[b]->key(), m->streams_[a]->key());
    }
  };
  std::vector<std::unique_ptr<KeyStream>> streams_;
  std::priority_queue<std::size_t, std::vector<std::size_t>, Later> heap_{Later{this}};
};

// A bit of a bitset grown on demand.
void set_bit(std::vector<std::uint64_t>& bits, std::uint64_t i) {
  if ((i >> 6) >= bits.size()) bits.resize((i >> 6) + 1 + bits.size() / 2, 0);
  bits[i >> 6] |= std::uint64_t{1} << (i & 63);
}
bool get_bit(const std::vector<std::uint64_t>& bits, std::uint64_t i) {
  return (i >> 6) < bits.size() && ((bits[i >> 6] >> (i & 63)) & 1);
}

// The disk of one file being written, taken from the host as the file grows, a step at
// a time: the limit bounds the bytes written, not the most the file could take (24
// bytes a position, where a coded file takes about 8).
class DiskGrant {
 public:
  explicit DiskGrant(SplitHost& host) : host_(host) {}
  DiskGrant(const DiskGrant&) = delete;
  DiskGrant& operator=(const DiskGrant&) = delete;
  ~DiskGrant() { end(0); }
  // Whether w may take one more key: the bytes it wrote and one whole block more must be
  // granted (false, with nothing more taken, when the limit refuses).
  bool room(const KeyWriter& w) {
    const std::uint64_t need = done_ + w.bytes() + file_bytes(kBlockKeys);
    if (need <= granted_) return true;
    // A step ahead, or (near the limit) exactly what is lacking.
    for (const std::uint64_t more : {std::max(kStep, need - granted_), need - granted_})
      if (host_.take_disk(more)) {
        granted_ += more;
        return true;
      }
    return false;
  }
  // Adds k to w when room(w) grants it (false, nothing added, when the limit refuses).
  bool add(KeyWriter& w, const CompactKey& k) {
    if (!room(w)) return false;
    w.add(k);
    return true;
  }
  // A file written under the grant, closed with `bytes`, before the next one starts.
  void closed(std::uint64_t bytes) { done_ += bytes; }
  // Ends the grant: its files keep `used` bytes (0 when they are not kept).
  void end(std::uint64_t used) {
    if (granted_ == 0 && used == 0) return;
    host_.wrote_disk(granted_, used);
    granted_ = done_ = 0;
  }

 private:
  static constexpr std::uint64_t kStep = std::uint64_t{256} << 20;
  SplitHost& host_;
  std::uint64_t granted_ = 0;
  std::uint64_t done_ = 0;  // bytes of the files closed under it
};

// A file given up before its end: closed, removed, its grant ended with nothing kept; false.
bool abandon(KeyWriter& w, DiskGrant& grant, const fs::path& file) {
  w.close();
  grant.end(0);
  std::error_code ec;
  fs::remove(file, ec);
  return false;
}

// A file the disk limit cut short: abandoned, the search stopped; false.
bool refuse(SplitHost& host, KeyWriter& w, DiskGrant& grant, const fs::path& file) {
  abandon(w, grant, file);
  host.stop("disk_limit");
  return false;
}

}  // namespace

ExternalSplit::ExternalSplit(SplitHost& host, const CompactCodec& codec, Part part, fs::path dir)
    : host_(host), codec_(codec), part_(part), dir_(std::move(dir)) {
  out_.reserve(kHandOver + CompactStore::kMaxChildren);
  batch_.reserve(CompactStore::kMaxChildren);
}

ExternalSplit::~ExternalSplit() = default;

bool ExternalSplit::exists(const fs::path& dir) {
  std::error_code ec;
  return fs::exists(dir / kState, ec);
}

std::int64_t ExternalSplit::finished_states(const fs::path& dir) {
  std::ifstream in(dir / kState);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream f(line);
    std::string field;
    std::int64_t n = -1;
    if (f >> field && field == "finished" && f >> n) return n;
  }
  return -1;
}

std::uint64_t ExternalSplit::disk_of(const fs::path& dir) {
  std::error_code ec;
  std::uint64_t bytes = 0;
  for (const auto& e : fs::directory_iterator(dir, ec))
    if (e.path().filename().string() != kState) bytes += e.file_size(ec);
  return bytes;
}

std::uint64_t ExternalSplit::held() const noexcept {
  std::uint64_t b = (filter_ ? filter_->bytes() : 0) + old_.capacity() * 8 + doubtful_.capacity() * sizeof(CompactKey) +
                    out_.capacity() * sizeof(out_[0]) + batch_.capacity() * sizeof(CompactKey) +
                    (reader_ ? KeyReader::kHeldBytes : 0);
  if (store_) b += store_->bytes();
  return b;
}

std::uint64_t ExternalSplit::states() const noexcept {
  std::uint64_t n = 0;
  for (const File& f : visited_) n += f.count;
  if (store_) n += store_->size() - old_count_;
  return n;
}

std::string ExternalSplit::new_name(char kind) { return std::string(1, kind) + std::to_string(next_id_++) + ".keys"; }

bool ExternalSplit::write_keys(const std::string& name, const std::vector<CompactKey>& keys) {
  DiskGrant grant(host_);
  {
    KeyWriter w(path(name));
    for (const CompactKey& k : keys)
      if (!grant.add(w, k)) return refuse(host_, w, grant, path(name));
    if (!grant.room(w)) return refuse(host_, w, grant, path(name));
    w.close(/*sync=*/true);
    grant.end(w.bytes());
    disk_ += w.bytes();
  }
  return true;
}

void ExternalSplit::drop_file(const std::string& name) {
  std::error_code ec;
  const auto size = fs::file_size(path(name), ec);
  if (!ec) {
    const std::uint64_t bytes = std::min<std::uint64_t>(size, disk_);
    disk_ -= bytes;
    host_.give_disk(bytes);
  }
  fs::remove(path(name), ec);
}

namespace {

using Run = std::pair<CompactKey*, CompactKey*>;  // sorted keys in memory

// Writes the keys of sorted runs, merged, to w (the runs hold no key twice), with the
// disk for them from `grant`; false when the limit refuses it.
bool merge_runs(const std::vector<Run>& runs, KeyWriter& w, DiskGrant& grant) {
  const auto later = [](const Run& a, const Run& b) { return key_less(*b.first, *a.first); };
  std::priority_queue<Run, std::vector<Run>, decltype(later)> heap(later);
  for (const Run& r : runs)
    if (r.first != r.second) heap.push(r);
  while (!heap.empty()) {
    Run r = heap.top();
    heap.pop();
    if (!grant.add(w, *r.first)) return false;
    if (++r.first != r.second) heap.push(r);
  }
  return grant.room(w);  // the last block, written by close
}

}  // namespace

// Writes the store's new positions as a sorted run of V and its unexpanded ones, sorted
// too, to the queue, and adds the new ones to the filter; the store is then empty.  No
// second copy of the keys: each chunk is arranged in place, its unexpanded positions
// first, the positions from the queue (with_old, already in V) replaced by a key that
// sorts last, and each of the two parts sorted; the parts are merged into the files.
// (The unexpanded positions from the queue, kept aside, are at most one block: the
// queue is read a block at a time, when nothing is left to expand.)
bool ExternalSplit::save_store(CompactStore& store, bool with_old) {
  std::vector<std::uint64_t> open;
  std::uint64_t waiting = 0;
  store.drain_open([&](std::uint32_t i) {
    set_bit(open, i);
    ++waiting;
  });
  store.release_index();
  const std::uint64_t fresh = store.size() - (with_old ? old_count_ : 0);
  constexpr CompactKey kGone{{~std::uint64_t{0}, ~std::uint64_t{0}, ~std::uint64_t{0}}};  // no key is all ones
  std::vector<Run> open_runs, fresh_runs;  // sorted: the new positions still to expand, and all the new ones
  std::vector<CompactKey> open_old;        // positions from the queue still to expand
  std::uint64_t i = 0;
  store.for_each_chunk([&](CompactKey* keys, std::size_t n) {
    std::size_t opened = 0, open_gone = 0, gone = 0;  // keys[0 .. opened) are the open ones
    for (std::size_t j = 0; j < n; ++j, ++i) {
      const bool old = with_old && get_bit(old_, i);
      if (old) {
        if (get_bit(open, i)) open_old.push_back(keys[j]);
        keys[j] = kGone;
        ++gone;
      }
      if (get_bit(open, i)) {
        std::swap(keys[opened++], keys[j]);  // (keys[opened .. j) are the closed ones seen so far)
        open_gone += old;
      }
    }
    std::sort(keys, keys + opened, key_less);  // kGone last
    std::sort(keys + opened, keys + n, key_less);
    const std::size_t open_fresh = opened - open_gone, closed_fresh = n - opened - (gone - open_gone);
    if (filter_) {
      filter_->add_all(keys, open_fresh);
      filter_->add_all(keys + opened, closed_fresh);
    }
    open_runs.emplace_back(keys, keys + open_fresh);
    fresh_runs.emplace_back(keys, keys + open_fresh);
    fresh_runs.emplace_back(keys + opened, keys + opened + closed_fresh);
  });
  std::vector<std::uint64_t>().swap(open);
  DiskGrant grant(host_);
  std::uint64_t used = 0;
  std::string queued;  // the queue's new file, removed again if the run's is refused
  if (waiting) {
    queued = new_name('q');
    std::sort(open_old.begin(), open_old.end(), key_less);
    open_runs.emplace_back(open_old.data(), open_old.data() + open_old.size());
    KeyWriter w(path(queued));
    if (!merge_runs(open_runs, w, grant)) return refuse(host_, w, grant, path(queued));
    if (w.close(/*sync=*/true) != waiting)
      throw core::Error("internal solver error: a split's positions to expand were miscounted");
    used += w.bytes();
    grant.closed(w.bytes());
  }
  if (fresh) {
    const std::string name = new_name('v');
    KeyWriter w(path(name));
    if (!merge_runs(fresh_runs, w, grant)) {
      std::error_code ec;
      if (!queued.empty()) fs::remove(path(queued), ec);
      return refuse(host_, w, grant, path(name));
    }
    if (w.close(/*sync=*/true) != fresh)
      throw core::Error("internal solver error: a split's positions were miscounted");
    used += w.bytes();
    visited_.push_back({name, fresh});
  }
  if (waiting) queue_.push_back({queued, waiting});
  grant.end(used);
  disk_ += used;
  return true;
}

bool ExternalSplit::spill_doubtful() {
  if (doubtful_.empty()) return true;
  sort_unique(doubtful_);
  const std::string name = new_name('d');
  if (!write_keys(name, doubtful_)) return false;
  doubts_.push_back({name, doubtful_.size()});
  doubtful_.clear();
  return true;
}

bool ExternalSplit::checkpoint() {
  host_.hand_over(out_);
  if (store_) {
    const bool ok = save_store(*store_, true);
    store_.reset();
    core::platform::release_free_memory();
    std::vector<std::uint64_t>().swap(old_);
    old_count_ = 0;
    if (!ok) return false;
  }
  if (!spill_doubtful()) return false;
  if (!host_.save_lists()) return false;
  std::vector<std::string> done;
  trim_queue(done);
  write_state(false);
  for (const std::string& name : done) drop_file(name);
  host_.progress(states(), true);
  return true;
}

// Drops the queue files taken whole (into `done`, unless they are runs of V too); the
// store must hold nothing taken from the queue.
void ExternalSplit::trim_queue(std::vector<std::string>& done) {
  for (std::size_t i = 0; i < pos_file_; ++i)
    if (std::none_of(visited_.begin(), visited_.end(), [&](const File& f) { return f.name == queue_[i].name; }))
      done.push_back(queue_[i].name);
  queue_.erase(queue_.begin(), queue_.begin() + static_cast<std::ptrdiff_t>(pos_file_));
  pos_file_ = 0;
  consumed_ = pos_keys_;
}

// Takes the next block of the queue into the store; `loaded` false when the queue is
// exhausted.
bool ExternalSplit::load_seeds(bool& loaded) {
  loaded = false;
  while (pos_file_ < queue_.size()) {
    if (!reader_) {
      reader_ = std::make_unique<KeyReader>(path(queue_[pos_file_].name));
      reader_->skip(pos_keys_);
    }
    const std::vector<CompactKey>& block = reader_->next();
    if (block.empty()) {
      if (pos_keys_ != queue_[pos_file_].count) reader_->damaged();
      reader_.reset();
      ++pos_file_;
      pos_keys_ = 0;
      continue;
    }
    for (const CompactKey& k : block)
      if (!codec_.check(k) || part_of(codec_.decode(k)) != part_) reader_->damaged();
    bool inserted = false;
    for (const CompactKey& k : block) {
      const std::uint32_t idx = store_->find_or_insert(k, CompactStore::kNone, inserted);
      if (!inserted) continue;
      store_->push(0, idx);
      set_bit(old_, idx);
      ++old_count_;
    }
    pos_keys_ += block.size();
    loaded = true;
    return true;
  }
  return true;
}

bool ExternalSplit::sweep(End& end) {
  const std::uint64_t seed_room = kBlockKeys * (sizeof(CompactKey) + 16);
  for (std::uint64_t step = 0;; ++step) {
    if ((step & 255) == 0) {
      host_.progress(states(), false);
      if (!host_.keep_going()) {
        checkpoint();
        end = End::kStopped;
        return false;
      }
      if (host_.checkpoint_due() && !checkpoint()) {
        end = End::kStopped;
        return false;
      }
    }
    if (!store_ && resolve_due()) {  // between two loads, the doubtful runs first when the disk runs short
      if (!resolve()) {
        end = End::kStopped;
        return false;
      }
      continue;
    }
    if (!store_) {  // a new load: its store's first bytes reserved before they count
      auto store = std::make_unique<CompactStore>(/*parents=*/false);
      if (!host_.wait_for_room(held(), store->bytes() + store->next_expansion_bytes())) {
        host_.stop("memory_limit");
        end = End::kStopped;
        return false;
      }
      store_ = std::move(store);
    }
    if (doubtful_.size() >= doubtful_cap_ && !spill_doubtful()) {
      end = End::kStopped;
      return false;
    }
    if (!host_.fits(held(), store_->next_expansion_bytes())) {
      if (store_->size() == 0) {
        if (host_.wait_for_room(held(), store_->next_expansion_bytes())) continue;
        host_.stop("memory_limit");
        end = End::kStopped;
        return false;
      }
      if (!checkpoint()) {
        end = End::kStopped;
        return false;
      }
      continue;
    }
    int prio = 0;
    std::uint32_t cur = 0;
    if (!store_->pop(prio, cur)) {
      if (!host_.fits(held(), store_->next_expansion_bytes() + seed_room)) {
        if (!checkpoint()) {
          end = End::kStopped;
          return false;
        }
        if (!host_.wait_for_room(held(), seed_room + (std::uint64_t{1} << 20))) {
          host_.stop("memory_limit");
          end = End::kStopped;
          return false;
        }
        continue;
      }
      bool loaded = false;
      load_seeds(loaded);
      if (loaded) continue;
      if (!checkpoint()) {  // the queue is exhausted
        end = End::kStopped;
        return false;
      }
      return true;
    }
    const Board s = codec_.decode(store_->key(cur));
    bool inserted = false;
    const bool won = expand_in_split(codec_, part_, s, batch_, out_);
    // The children in order, as they came, their reads in the store and the filter
    // prefetched together first.
    std::uint64_t hashes[CompactStore::kMaxChildren];
    store_->prefetch_all(batch_.data(), batch_.size(), hashes);
    for (std::size_t j = 0; j < batch_.size(); ++j) filter_->prefetch(hashes[j]);
    for (std::size_t j = 0; j < batch_.size(); ++j) {
      const CompactKey& k = batch_[j];
      if (store_->contains(k, hashes[j])) continue;
      if (filter_->may_contain(k)) {
        doubtful_.push_back(k);
        continue;
      }
      const std::uint32_t idx = store_->find_or_insert(k, hashes[j], CompactStore::kNone, inserted);
      store_->push(0, idx);
    }
    if (won) {
      host_.won();
      end = End::kWon;
      return false;
    }
    if (out_.size() >= kHandOver) host_.hand_over(out_);
  }
}

// Whether the doubtful runs take half the disk that is left or more: merged against V,
// they give most of it back (see the top of solver_external.hpp).  Half, so that the
// merge's own file (the doubtful positions not in V: at most all of them) still fits
// when another load or another split wrote in the meantime.
bool ExternalSplit::resolve_due() {
  if (doubts_.empty()) return false;
  std::uint64_t bytes = 0;
  std::error_code ec;
  for (const File& f : doubts_) {
    const auto size = fs::file_size(path(f.name), ec);
    if (!ec) bytes += size;
  }
  const std::uint64_t left = host_.disk_left();
  return bytes >= left / 2;
}

// The doubtful positions not in V: new, into V and the queue (after the positions
// already there).  Runs between two loads, when the store is empty.
bool ExternalSplit::resolve() {
  if (!spill_doubtful()) return false;
  std::vector<fs::path> d, v;
  for (const File& f : doubts_) d.push_back(path(f.name));
  for (const File& f : visited_) v.push_back(path(f.name));
  // The disk for the new positions is taken as they are written: most doubtful
  // positions are in V already, so the file takes far less than all of them would.
  const std::string name = new_name('n');
  std::uint64_t found = 0, used = 0;
  DiskGrant grant(host_);
  {
    Merge doubtful(d), known(v);
    KeyWriter w(path(name));
    constexpr std::size_t kFreshBatch = 1024;
    std::vector<CompactKey> fresh;  // new positions not yet in the filter (24 KB)
    fresh.reserve(kFreshBatch);
    CompactKey a{}, b{};
    bool have_b = known.next(b);
    std::uint64_t step = 0;
    while (doubtful.next(a)) {
      if ((++step & 0xfffff) == 0 && !host_.keep_going()) return abandon(w, grant, path(name));
      while (have_b && key_less(b, a)) have_b = known.next(b);
      if (have_b && b == a) continue;
      if (!grant.add(w, a)) return refuse(host_, w, grant, path(name));
      fresh.push_back(a);
      if (fresh.size() == kFreshBatch) {
        filter_->add_all(fresh.data(), fresh.size());
        fresh.clear();
      }
    }
    filter_->add_all(fresh.data(), fresh.size());
    if (!grant.room(w)) return refuse(host_, w, grant, path(name));
    found = w.close(/*sync=*/true);
    used = w.bytes();
  }
  grant.end(used);
  disk_ += used;
  if (found) {
    visited_.push_back({name, found});
    queue_.push_back({name, found});
  }
  std::vector<File> old;
  old.swap(doubts_);
  if (!found) {
    std::error_code ec;
    fs::remove(path(name), ec);
  }
  if (!host_.save_lists()) return false;
  std::vector<std::string> done;
  trim_queue(done);
  write_state(false);
  for (const File& f : old) drop_file(f.name);
  for (const std::string& n : done) drop_file(n);
  host_.progress(states(), true);
  return true;
}

ExternalSplit::End ExternalSplit::run() {
  while (true) {
    if (pos_file_ >= queue_.size()) {
      if (doubts_.empty() && doubtful_.empty()) {
        write_state(true);
        return End::kDone;
      }
      if (!resolve()) return End::kStopped;
      continue;
    }
    End end = End::kStopped;
    if (!sweep(end)) return end;
  }
}

bool ExternalSplit::start(std::unique_ptr<CompactStore> store,
                          const std::function<void(const std::function<void(const CompactKey&)>&)>& seeds,
                          std::uint64_t filter_bytes) {
  std::error_code ec;
  fs::create_directories(dir_, ec);
  if (ec) throw core::Error("cannot make the directory " + core::platform::path_to_utf8(dir_) + ": " + ec.message());
  const bool saved = save_store(*store, false);
  store.reset();  // its memory back before the filter takes its share
  core::platform::release_free_memory();
  if (!saved) return false;
  if (!make_filter(filter_bytes)) return false;
  bool ok = true;
  seeds([&](const CompactKey& k) {
    if (!ok) return;
    doubtful_.push_back(k);
    if (doubtful_.size() >= doubtful_cap_) ok = spill_doubtful();
  });
  return ok && checkpoint();
}

// The filter, filled from the runs of V on disk.
// The filter and the doubtful list (half the filter's bytes, held from the start) are
// sized to the memory the host grants: halved until they fit, a small filter costing
// only more checks on disk.
bool ExternalSplit::make_filter(std::uint64_t filter_bytes) {
  filter_.reset();
  std::vector<CompactKey>().swap(doubtful_);
  constexpr std::uint64_t kSmallest = 1 << 16;
  for (std::uint64_t want = std::max(filter_bytes, kSmallest);; want /= 2) {
    const std::uint64_t bytes = BloomFilter::bytes_for(want);
    const std::size_t cap = std::max<std::size_t>(kBlockKeys, bytes / 2 / sizeof(CompactKey));
    if (host_.fits(held(), bytes + (cap + CompactStore::kMaxChildren) * sizeof(CompactKey))) {
      filter_ = std::make_unique<BloomFilter>(want);
      doubtful_cap_ = cap;
      doubtful_.reserve(cap + CompactStore::kMaxChildren);
      break;
    }
    if (want <= kSmallest) {
      if (host_.wait_for_room(held(), bytes + (cap + CompactStore::kMaxChildren) * sizeof(CompactKey))) {
        want *= 2;  // the same size again, now that it fits
        continue;
      }
      host_.stop("memory_limit");
      return false;
    }
  }
  for (const File& f : visited_) {
    KeyReader r(path(f.name));
    std::uint64_t n = 0;
    for (const auto* block = &r.next(); !block->empty(); block = &r.next()) {
      filter_->add_all(block->data(), block->size());
      n += block->size();
    }
    if (n != f.count) r.damaged();
    if (!host_.keep_going()) return false;
  }
  return true;
}

bool ExternalSplit::resume(std::uint64_t filter_bytes) {
  read_state();
  // Files a stopped run wrote after its last checkpoint are of no use (prove counted
  // them with the directory when it took up the work directory: their bytes go back).
  std::error_code ec;
  std::vector<fs::path> stale;
  for (const auto& e : fs::directory_iterator(dir_, ec)) {
    const std::string name = e.path().filename().string();
    if (name == kState) continue;
    const auto listed = [&](const std::vector<File>& v) {
      return std::any_of(v.begin(), v.end(), [&](const File& f) { return f.name == name; });
    };
    if (!listed(visited_) && !listed(queue_) && !listed(doubts_)) stale.push_back(e.path());
  }
  for (const fs::path& p : stale) {
    const std::uint64_t bytes = fs::file_size(p, ec);
    if (!ec && fs::remove(p, ec)) host_.give_disk(bytes);
  }
  disk_ = disk_of(dir_);
  if (!make_filter(filter_bytes)) return false;
  pos_file_ = 0;
  pos_keys_ = consumed_;
  return true;
}

void ExternalSplit::write_state(bool done) {
  const fs::path tmp = dir_ / (std::string(kState) + ".tmp");
  {
    std::ofstream out(tmp, std::ios::trunc);
    out << kStateHead << "\npart " << part_ << "\nnext " << next_id_ << "\nconsumed " << consumed_ << "\n";
    if (done) out << "finished " << states() << "\n";
    for (const File& f : visited_) out << "visited " << f.name << " " << f.count << "\n";
    for (const File& f : queue_) out << "queue " << f.name << " " << f.count << "\n";
    for (const File& f : doubts_) out << "doubtful " << f.name << " " << f.count << "\n";
    out.flush();
    if (!out) throw core::Error("cannot write " + core::platform::path_to_utf8(tmp));
  }
  std::error_code ec;
  fs::rename(tmp, dir_ / kState, ec);
  if (ec) throw core::Error("cannot write " + core::platform::path_to_utf8(dir_ / kState) + ": " + ec.message());
}

void ExternalSplit::read_state() {
  const fs::path p = dir_ / kState;
  std::ifstream in(p);
  std::string line;
  const auto damaged = [&] {
    throw core::FormatError("damaged split state " + core::platform::path_to_utf8(p) + " (use a new work directory)");
  };
  if (!std::getline(in, line) || line != kStateHead) damaged();
  visited_.clear();
  queue_.clear();
  doubts_.clear();
  bool have_part = false;
  while (std::getline(in, line)) {
    std::istringstream f(line);
    std::string field;
    f >> field;
    if (field == "part") {
      unsigned p2 = 0;
      have_part = static_cast<bool>(f >> p2) && p2 == part_;
    } else if (field == "next") {
      f >> next_id_;
    } else if (field == "consumed") {
      f >> consumed_;
    } else if (field == "finished") {
      std::uint64_t n = 0;
      f >> n;
    } else if (field == "visited" || field == "queue" || field == "doubtful") {
      File file;
      f >> file.name >> file.count;
      if (file.name.find_first_of("/\\") != std::string::npos) damaged();
      (field == "visited" ? visited_ : field == "queue" ? queue_ : doubts_).push_back(file);
    }
    if (f.fail()) damaged();
  }
  if (!have_part || (!queue_.empty() && consumed_ > queue_[0].count)) damaged();
}

}  // namespace parlour::freecell::search
