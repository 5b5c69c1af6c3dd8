// parlour::freecell::prove — the complete scan in bounded memory, with positions
// waiting on disk (see parlour/freecell/solver.hpp).
//
// Why one file: the partition lists, their files, the manifest and the scan share the
// prover's state and its lock; split, each part would need the others' internals.
//
// No move takes a card off a foundation, so the foundation heights of a position
// never fall along a line of play.  The positions are split by their four foundation
// heights (a partition); a partition's positions are reached only from its own or
// from partitions with fewer cards home.  The scan takes the partitions in order of
// cards home (a layer); the partitions of one layer are independent, so `threads`
// workers take them one at a time.  A partition is searched depth-first in memory
// (a CompactStore without parent links: 24-byte keys, ~33 bytes a position); a child in another partition
// is appended to that partition's list, kept in memory and written to a file of the
// work directory when the lists grow large.  When a layer is done, every list is on
// disk, a manifest records the layer, and the layer's files are deleted: a run stopped
// at any point (Ctrl-C, kill, a limit) continues from the last finished layer when
// started again with the same directory.  Duplicates in the lists cost disk only: a
// partition's store keeps each position once, so `states` counts each reachable
// position once — the same count as the complete scan of solve(mode=Proof).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include "parlour/core/errors.hpp"
#include "parlour/core/interrupt.hpp"
#include "parlour/core/platform.hpp"
#include "parlour/freecell/solver.hpp"
#include "solver_compact.hpp"
#include "solver_compact_store.hpp"
#include "solver_external.hpp"
#include "solver_keyfile.hpp"
#include "solver_moves.hpp"

namespace parlour::freecell {
namespace {

namespace fs = std::filesystem;
using search::Board;
using search::CompactCodec;
using search::CompactKey;
using search::CompactStore;
using search::ExternalSplit;
using search::layer_of;
using search::Part;
using search::part_of;

constexpr const char* kManifest = "parlour-proof.txt";
constexpr const char* kManifestHead = "parlour freecell proof 1";
constexpr std::size_t kLocalOut = 1 << 12;              // children a worker collects before handing them over
constexpr std::size_t kReadChunk = search::kBlockKeys;  // the most keys in a block of a file
constexpr std::uint64_t kWorkerFixed = 256 << 10;       // a worker's buffers (out list, read chunk), counted up front
constexpr double kReportSeconds = 1;                    // progress within a split at most this often
constexpr double kCheckpointSeconds = 300;              // a split on disk saves its state at least this often
// A split's store this large, once freed, gives its pages back to the system.
constexpr std::uint64_t kTrimBytes = std::uint64_t{256} << 20;

std::string hex(const void* data, std::size_t n) {
  static constexpr char kDigits[] = "0123456789abcdef";
  const auto* b = static_cast<const unsigned char*>(data);
  std::string out;
  out.reserve(2 * n);
  for (std::size_t i = 0; i < n; ++i) {
    out.push_back(kDigits[b[i] >> 4]);
    out.push_back(kDigits[b[i] & 15]);
  }
  return out;
}

// The start as the manifest names it: its board, byte for byte (the compact keys are
// relative to the start's cascades in their order, so only the same board may resume).
std::string start_id(const Board& b) {
  std::string s = hex(b.len, sizeof b.len) + hex(b.cell, sizeof b.cell) + hex(b.found, sizeof b.found);
  for (int i = 0; i < 8; ++i) s += hex(b.col[i], b.len[i]) + "/";
  return s;
}

struct Manifest {
  std::string start;
  int layer = 0;  // the first layer not finished
  std::uint64_t states = 0;
  double seconds = 0.0;
  bool unsolvable = false;
};

Manifest read_manifest(const fs::path& path) {
  std::ifstream in(path);
  std::string line;
  if (!std::getline(in, line) || line != kManifestHead)
    throw core::FormatError("not a parlour proof manifest (or a damaged one): " + path.string());
  Manifest m;
  bool have_start = false, have_layer = false;
  while (std::getline(in, line)) {
    std::istringstream f(line);
    std::string field;
    f >> field;
    if (field == "start") {
      have_start = static_cast<bool>(f >> m.start);
    } else if (field == "layer") {
      have_layer = static_cast<bool>(f >> m.layer) && m.layer >= 0 && m.layer <= 53;
    } else if (field == "states") {
      f >> m.states;
    } else if (field == "seconds") {
      f >> m.seconds;
    } else if (field == "verdict") {
      std::string v;
      f >> v;
      m.unsolvable = v == "unsolvable";
    }
    if (f.fail()) throw core::FormatError("damaged proof manifest " + path.string() + ": " + line);
  }
  if (!have_start || !have_layer) throw core::FormatError("damaged proof manifest " + path.string());
  return m;
}

void write_manifest(const fs::path& dir, const Manifest& m) {
  const fs::path tmp = dir / (std::string(kManifest) + ".tmp");
  {
    std::ofstream out(tmp, std::ios::trunc);
    out.precision(17);
    out << kManifestHead << "\nstart " << m.start << "\nlayer " << m.layer << "\nstates " << m.states << "\nseconds "
        << m.seconds << "\n";
    if (m.unsolvable) out << "verdict unsolvable\n";
    out.flush();
    if (!out) throw core::Error("cannot write the proof manifest in " + dir.string());
  }
  std::error_code ec;
  fs::rename(tmp, dir / kManifest, ec);  // atomic: a crash leaves the old manifest or the new one
  if (ec) throw core::Error("cannot write the proof manifest in " + dir.string() + ": " + ec.message());
}

class Prover {
 public:
  Prover(const GameState& start, const ProofOptions& opt, core::StopToken& stop, const ProofProgressFn& progress)
      : start_(start), opt_(opt), stop_(stop), progress_(progress), t0_(std::chrono::steady_clock::now()) {
    root_ = search::board_from_state(start);
    search::autoplay(root_);
    codec_ = std::make_unique<CompactCodec>(root_);
    if (!codec_->fits())
      throw core::InvalidValue(
          "prove needs a position whose cascades hold at most 7 cards each (every deal does); "
          "use solve(mode='proof') for this one");
    dir_ = core::platform::path_from_utf8(opt.work_dir);
    flush_at_ = opt.memory_limit ? std::max<std::uint64_t>(opt.memory_limit / 4, 1 << 16) : std::uint64_t{1} << 30;
  }

  SolveResult run() {
    SolveResult out;
    std::error_code ec;
    fs::create_directories(dir_, ec);
    if (ec || !fs::is_directory(dir_))
      throw core::InvalidValue("cannot use " + dir_.string() + " as a work directory" +
                               (ec ? ": " + ec.message() : std::string()));
    Manifest m;
    m.start = start_id(root_);
    const fs::path mpath = dir_ / kManifest;
    if (fs::exists(mpath)) {
      const Manifest old = read_manifest(mpath);
      if (old.start != m.start)
        throw core::InvalidValue("the work directory " + dir_.string() +
                                 " holds a proof of another position; use an empty directory");
      m = old;
      if (m.unsolvable) {  // proved before: the recorded result
        out.verdict = Verdict::Unsolvable;
        out.states = out.expanded = m.states;
        out.seconds = m.seconds;
        return out;
      }
      adopt_files(m.layer);
    } else {
      if (!list_files().empty())
        throw core::InvalidValue("the work directory " + dir_.string() +
                                 " holds position files but no manifest; use an empty directory");
      m.layer = 0;
      // Most deals are won, and the fast portfolio finds the win in a few thousand
      // positions, where the layers would first visit every position with few cards
      // home: a short fast solve comes first.
      SolveResult quick;
      if (opt_.quick_states)
        quick = solve(start_, SolveMode::Fast, opt_.quick_states, opt_.time_limit, &stop_, opt_.memory_limit);
      if (quick.verdict == Verdict::Solved) {
        quick.seconds = elapsed();
        return quick;
      }
      if (search::trivially_won(root_)) return solution(out, m.seconds);
      pending_[part_of(root_)].push_back(codec_->encode(root_));
      if (!flush(/*sync=*/true)) {  // the start on disk before the manifest names layer 0
        out.verdict = Verdict::Unknown;
        out.reason = reason_;
        return out;
      }
      write_manifest(dir_, m);
    }
    states_ = m.states;
    const double before = m.seconds;
    // A run stopped before the end (a limit, Ctrl-C) still books its time, so that the
    // seconds of a proof made in several runs are the sum of them all.
    struct BookTime {
      Prover& p;
      Manifest& m;
      double before;
      bool on = true;
      ~BookTime() {
        if (!on) return;
        m.seconds = before + p.elapsed();
        try {
          write_manifest(p.dir_, m);
        } catch (const std::exception&) {  // the time is lost, the proof is not
        }
      }
    } book{*this, m, before};
    for (int layer = m.layer; layer <= 52; ++layer) {
      std::vector<Part> parts;
      for (const auto& [p, keys] : pending_)
        if (layer_of(p) == layer && !keys.empty()) parts.push_back(p);
      for (const auto& [p, bytes] : on_disk_)
        if (layer_of(p) == layer && !pending_.count(p)) parts.push_back(p);
      std::sort(parts.begin(), parts.end());
      parts.erase(std::unique(parts.begin(), parts.end()), parts.end());
      layer_ = layer;
      run_layer(parts);
      if (won_) {
        book.on = false;  // the manifest is gone with the positions
        return solution(out, before);
      }
      if (!reason_.empty()) break;
      if (!flush(/*sync=*/true)) break;  // every list of the later layers on disk before the manifest moves on
      m.layer = layer + 1;
      m.states = states_;
      m.seconds = before + elapsed();
      write_manifest(dir_, m);
      for (Part p : parts) {
        remove_file(p);
        remove_split_dir(p);
      }
    }
    out.states = out.expanded = states_ + layer_states_;
    out.memory = peak_;
    out.disk = disk_peak_;
    out.seconds = before + elapsed();
    if (!reason_.empty()) {
      out.verdict = Verdict::Unknown;
      out.reason = reason_;
      return out;
    }
    book.on = false;
    out.verdict = Verdict::Unsolvable;
    m.unsolvable = true;
    m.states = states_;
    m.seconds = out.seconds;
    write_manifest(dir_, m);
    return out;
  }

 private:
  double elapsed() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count(); }

  // A partition's file: a run of blocks (solver_keyfile.hpp), each written whole; a
  // block cut short by a stop is cut off on resume; a damaged one is refused, and every
  // key is checked to encode a position before it is decoded.
  fs::path file_of(Part p) const {
    char name[32];
    std::snprintf(name, sizeof name, "p%05u.keys", static_cast<unsigned>(p));
    return dir_ / name;
  }

  // The partition files in the directory: partition -> bytes.
  std::map<Part, std::uint64_t> list_files() const {
    std::map<Part, std::uint64_t> out;
    for (const auto& e : fs::directory_iterator(dir_)) {
      const std::string name = e.path().filename().string();
      unsigned p = 0;
      char tail = 0;
      if (name.size() == 11 && std::sscanf(name.c_str(), "p%5u.key%c", &p, &tail) == 2 && tail == 's' && p < 65536)
        out[static_cast<Part>(p)] = e.file_size();
    }
    return out;
  }

  // On resume: the files of finished layers are dropped, and a record cut short by a
  // stop is cut off (the layer that wrote it runs again and writes it whole).
  void adopt_files(int layer) {
    for (const auto& [p, bytes] : list_files()) {
      if (layer_of(p) < layer) {
        std::error_code ec;
        fs::remove(file_of(p), ec);
        continue;
      }
      const std::uint64_t whole = search::whole_blocks(file_of(p), bytes);
      if (whole != bytes) fs::resize_file(file_of(p), whole);
      if (whole) on_disk_[p] = whole;
      disk_ += whole;
    }
    // The searches on disk of the splits of finished layers are done with; those of the
    // layer to run again continue (their files count).
    for (const auto& [p, dir] : split_dirs()) {
      std::error_code ec;
      if (layer_of(p) < layer) {
        fs::remove_all(dir, ec);
        continue;
      }
      const std::uint64_t bytes = ExternalSplit::disk_of(dir);
      split_disk_[p] = bytes;
      disk_ += bytes;
    }
    disk_peak_ = disk_;
  }

  // The directories of splits searched on disk: partition -> path.
  std::map<Part, fs::path> split_dirs() const {
    std::map<Part, fs::path> out;
    for (const auto& e : fs::directory_iterator(dir_)) {
      const std::string name = e.path().filename().string();
      unsigned p = 0;
      char tail = 0;
      if (name.size() == 6 && e.is_directory() && std::sscanf(name.c_str(), "x%5u%c", &p, &tail) == 1 && p < 65536)
        out[static_cast<Part>(p)] = e.path();
    }
    return out;
  }

  void remove_file(Part p) {
    const auto it = on_disk_.find(p);
    if (it == on_disk_.end()) return;
    std::error_code ec;
    fs::remove(file_of(p), ec);
    disk_ -= it->second;
    on_disk_.erase(it);
  }

  // Writes every list to its partition's file (sorted, without repeats); false (the run
  // stops with "disk_limit", the lists kept) when that would pass the disk limit.
  // Caller holds mu_.
  // `sync`: durably, before a manifest or a split's state names what the files hold.
  bool flush(bool sync = false) {
    std::uint64_t most = 0;  // the bytes the files can take (they take less: solver_keyfile.hpp)
    for (auto& [p, keys] : pending_) {
      search::sort_unique(keys);
      most += search::file_bytes(keys.size());
    }
    if (opt_.disk_limit && disk_ + disk_reserved_ + most > opt_.disk_limit) {
      if (reason_.empty()) reason_ = "disk_limit";
      return false;
    }
    std::uint64_t used = 0;
    for (auto& [p, keys] : pending_) {
      if (keys.empty()) continue;
      search::KeyWriter w(file_of(p));
      w.add(keys.data(), keys.size());
      w.close(sync);
      on_disk_[p] += w.bytes();
      used += w.bytes();
    }
    add_disk(used);
    pending_.clear();
    pending_bytes_ = 0;
    return true;
  }

  void add_disk(std::uint64_t bytes) {
    disk_ += bytes;
    disk_peak_ = std::max(disk_peak_.load(), disk_);
  }

  // Hands a worker's children over to the lists.
  void hand_over(std::vector<std::pair<Part, CompactKey>>& out) {
    if (out.empty()) return;
    const std::lock_guard<std::mutex> lock(mu_);
    for (const auto& [p, k] : out) {
      auto* v = &pending_[p];
      const std::size_t cap = v->capacity();
      if (v->size() == cap && opt_.memory_limit &&
          used() + std::max<std::size_t>(cap, 1) * sizeof(CompactKey) > opt_.memory_limit) {
        flush();  // a list about to grow past the limit goes to disk first
        v = &pending_[p];
      }
      const std::size_t before = v->capacity();
      v->push_back(k);
      pending_bytes_ += (v->capacity() - before) * sizeof(CompactKey);
    }
    out.clear();
    if (pending_bytes_ > flush_at_) flush();
  }

  void note_memory(std::uint64_t mine, std::uint64_t& published) {
    const std::uint64_t total = stores_.fetch_add(mine - published) + mine - published;
    published = mine;
    const std::uint64_t now = total + pending_bytes_.load();
    std::uint64_t peak = peak_.load();
    while (now > peak && !peak_.compare_exchange_weak(peak, now)) {}
  }

  void run_layer(const std::vector<Part>& parts) {
    layer_states_ = 0;
    std::atomic<std::size_t> next{0};
    const int n = std::max(1, std::min<int>(opt_.threads, static_cast<int>(parts.size())));
    core::run_parallel(n, stop_, [&](int) {
      for (std::size_t i; (i = next.fetch_add(1)) < parts.size();) {
        if (won_ || !running()) return;
        search_part(parts[i]);
      }
    });
  }

  // True until a worker gives a reason to stop (a limit reached).
  bool running() {
    const std::lock_guard<std::mutex> lock(mu_);
    return reason_.empty();
  }
  void give_up(const char* why) {
    const std::lock_guard<std::mutex> lock(mu_);
    if (reason_.empty()) reason_ = why;
  }
  // The same, for a worker that stops holding `held` bytes reserved.
  void give_up(const char* why, std::uint64_t& held) {
    const std::lock_guard<std::mutex> lock(mu_);
    if (reason_.empty()) reason_ = why;
    reserved_ -= held;
    held = 0;
  }

  fs::path split_dir(Part p) const {
    char name[32];
    std::snprintf(name, sizeof name, "x%05u", static_cast<unsigned>(p));
    return dir_ / name;
  }

  // Removes a split's directory (its search on disk), giving its disk back.
  void remove_split_dir(Part p) {
    std::error_code ec;
    fs::remove_all(split_dir(p), ec);
    const auto it = split_disk_.find(p);
    if (it == split_disk_.end()) return;
    disk_ -= std::min(disk_, it->second);
    split_disk_.erase(it);
  }

  // What a split searched on disk asks of the prover, for one worker.
  class Host final : public search::SplitHost {
   public:
    Host(Prover& p, Part part, std::uint64_t& published, std::uint64_t& held, std::uint64_t& shown)
        : p_(p), part_(part), published_(published), held_(held), shown_(shown), last_(p.elapsed()) {}
    void hand_over(std::vector<std::pair<Part, CompactKey>>& out) override { p_.hand_over(out); }
    bool save_lists() override {
      const std::lock_guard<std::mutex> lock(p_.mu_);
      return p_.flush(/*sync=*/true);
    }
    bool keep_going() override {
      p_.stop_.throw_if_stop_requested();
      if (p_.won_ || !p_.running()) return false;
      if (p_.opt_.time_limit > 0 && p_.elapsed() > p_.opt_.time_limit) {
        p_.give_up("time_limit");
        return false;
      }
      return true;
    }
    bool checkpoint_due() override {
      if (p_.elapsed() - last_ < kCheckpointSeconds) return false;
      last_ = p_.elapsed();
      return true;
    }
    void won() override { p_.won_ = true; }
    bool fits(std::uint64_t now, std::uint64_t more) override {
      return p_.fits_bytes(kWorkerFixed + now, more, published_, held_);
    }
    bool wait_for_room(std::uint64_t now, std::uint64_t more) override {
      return p_.wait_for_room(kWorkerFixed + now, more, published_, held_);
    }
    bool take_disk(std::uint64_t reserved) override {
      const std::lock_guard<std::mutex> lock(p_.mu_);
      if (p_.opt_.disk_limit && p_.disk_ + p_.disk_reserved_ + reserved > p_.opt_.disk_limit) return false;
      p_.disk_reserved_ += reserved;
      return true;
    }
    void wrote_disk(std::uint64_t reserved, std::uint64_t used) override {
      const std::lock_guard<std::mutex> lock(p_.mu_);
      p_.disk_reserved_ -= std::min(reserved, p_.disk_reserved_);
      p_.add_disk(used);
      p_.split_disk_[part_] += used;
    }
    std::uint64_t disk_left() override {
      const std::uint64_t free = core::platform::free_disk(p_.dir_);
      const std::lock_guard<std::mutex> lock(p_.mu_);
      if (!p_.opt_.disk_limit) return free;
      const std::uint64_t taken = p_.disk_ + p_.disk_reserved_;
      return std::min(free, p_.opt_.disk_limit - std::min(taken, p_.opt_.disk_limit));
    }
    void give_disk(std::uint64_t bytes) override {
      const std::lock_guard<std::mutex> lock(p_.mu_);
      bytes = std::min({bytes, p_.disk_, p_.split_disk_[part_]});
      p_.disk_ -= bytes;
      p_.split_disk_[part_] -= bytes;
    }
    void stop(const char* why) override { p_.give_up(why, held_); }
    void progress(std::uint64_t split_states, bool now) override { p_.show(split_states, shown_, now); }

   private:
    Prover& p_;
    Part part_;
    std::uint64_t& published_;
    std::uint64_t& held_;
    std::uint64_t& shown_;
    double last_;
  };

  // The filter of a split searched on disk: a quarter of the memory limit.
  std::uint64_t filter_bytes() const { return std::max<std::uint64_t>(opt_.memory_limit / 4, 1 << 16); }

  // Runs a split's search on disk to its end (`ext` started or resumed) and books it;
  // `searched` is how many positions the split held when it went to disk (a start that
  // found no room on disk leaves `ext` counting none of them).
  void finish_on_disk(ExternalSplit& ext, bool ready, std::uint64_t& held, std::uint64_t& shown,
                      std::uint64_t searched = 0) {
    const ExternalSplit::End end = ready ? ext.run() : ExternalSplit::End::kStopped;
    const std::lock_guard<std::mutex> lock(mu_);
    reserved_ -= held;
    held = 0;
    running_ -= shown;
    shown = 0;
    if (end == ExternalSplit::End::kDone && reason_.empty() && !won_) {
      states_ += ext.states();
      ++parts_done_;
      report();
    } else {
      layer_states_ += std::max(ext.states(), searched);
    }
  }

  void search_part(Part part) {
    std::uint64_t published = 0;
    std::uint64_t held = 0;   // this worker's reservation (see fits)
    std::uint64_t shown = 0;  // this worker's positions counted in running_ (see show)
    struct Active {  // this worker counted among the active ones (see wait_for_room), until its memory is given back
      Prover& p;
      explicit Active(Prover& prover) : p(prover) {
        const std::lock_guard<std::mutex> lock(p.mu_);
        ++p.active_;
      }
      ~Active() {
        const std::lock_guard<std::mutex> lock(p.mu_);
        --p.active_;
      }
    } active{*this};
    struct Release {  // the worker's memory (and its shown positions) given back however it ends
      Prover& p;
      std::uint64_t& published;
      std::uint64_t& held;
      std::uint64_t& shown;
      ~Release() {
        {
          const std::lock_guard<std::mutex> lock(p.mu_);
          p.reserved_ -= held;
          held = 0;
          p.running_ -= shown;
          shown = 0;
        }
        p.note_memory(0, published);
      }
    } release{*this, published, held, shown};
    // A split already searched on disk, in part or whole, by an earlier run.
    const fs::path xdir = split_dir(part);
    if (ExternalSplit::exists(xdir)) {
      const std::int64_t done = ExternalSplit::finished_states(xdir);
      const std::lock_guard<std::mutex> lock(mu_);
      if (done >= 0) {
        states_ += static_cast<std::uint64_t>(done);
        ++parts_done_;
        return;
      }
    }
    if (ExternalSplit::exists(xdir)) {
      Host host(*this, part, published, held, shown);
      ExternalSplit ext(host, *codec_, part, xdir);
      const bool ready = ext.resume(filter_bytes());
      finish_on_disk(ext, ready, held, shown);
      return;
    }
    auto store = std::make_unique<CompactStore>(/*parents=*/false);  // the moves of a win come from a fast solve
    const std::uint64_t fixed = kWorkerFixed + store->bytes();
    // The worker's fixed bytes are reserved before they count: while other workers hold
    // what they need, it waits for them; alone, it gives up.
    if (!wait_for_room(0, fixed, published, held)) {
      if (!won_) give_up("memory_limit", held);
      return;
    }
    note_memory(fixed, published);
    std::vector<std::pair<Part, CompactKey>> out;
    out.reserve(kLocalOut + CompactStore::kMaxChildren);
    bool inserted = false;
    // The seeds: the list in memory and the file.
    std::vector<CompactKey> seeds;
    {
      const std::lock_guard<std::mutex> lock(mu_);
      const auto it = pending_.find(part);
      if (it != pending_.end()) {
        seeds.swap(it->second);
        pending_bytes_ -= std::min<std::uint64_t>(pending_bytes_, seeds.capacity() * sizeof(CompactKey));
        pending_.erase(it);
      }
    }
    bool on_disk = false;
    {
      const std::lock_guard<std::mutex> lock(mu_);
      on_disk = on_disk_.count(part) != 0;
    }
    // When the split does not fit: on to its search on disk, from what the store holds
    // and the seeds not certainly in it (the list when `list`, the file when `file`).
    const auto to_disk = [&](bool list, bool file) {
      hand_over(out);
      const std::uint64_t searched = store->size();
      Host host(*this, part, published, held, shown);
      ExternalSplit ext(host, *codec_, part, xdir);
      const bool ready = ext.start(
          std::move(store),
          [&](const std::function<void(const CompactKey&)>& each) {
            if (list)
              for (const CompactKey& k : seeds) each(k);
            if (file && on_disk) {
              search::KeyReader r(file_of(part));
              for (const auto* block = &r.next(); !block->empty(); block = &r.next())
                for (const CompactKey& k : *block) each(k);
            }
          },
          filter_bytes());
      finish_on_disk(ext, ready, held, shown, searched);
    };
    // (the list is counted as the worker's until it is inserted)
    const std::uint64_t seed_bytes = seeds.capacity() * sizeof(CompactKey);
    for (std::size_t at = 0; at < seeds.size(); at += kReadChunk) {
      for (std::size_t j = at; j < std::min(seeds.size(), at + kReadChunk); ++j) {
        const std::uint32_t idx = store->find_or_insert(seeds[j], CompactStore::kNone, inserted);
        if (inserted) store->push(0, idx);
      }
      if (!fits(*store, fixed + seed_bytes, published, held)) return to_disk(true, true);
    }
    std::vector<CompactKey>().swap(seeds);
    if (on_disk) {  // read-only during a layer: only later layers' files grow
      search::KeyReader r(file_of(part));
      for (const auto* block = &r.next(); !block->empty(); block = &r.next()) {
        for (const CompactKey& k : *block)
          if (!codec_->check(k) || part_of(codec_->decode(k)) != part) r.damaged();
        for (const CompactKey& k : *block) {
          const std::uint32_t idx = store->find_or_insert(k, CompactStore::kNone, inserted);
          if (inserted) store->push(0, idx);
        }
        if (!fits(*store, fixed, published, held)) return to_disk(false, true);
      }
    }
    Board s;
    int prio = 0;
    std::uint32_t cur = 0;
    std::vector<CompactKey> batch;  // an expansion's children in this split
    batch.reserve(CompactStore::kMaxChildren);
    for (std::uint64_t step = 0;; ++step) {
      if ((step & 255) == 0) {
        stop_.throw_if_stop_requested();
        if (won_ || !running()) break;
        if (opt_.time_limit > 0 && elapsed() > opt_.time_limit) {
          give_up("time_limit");
          break;
        }
      }
      if ((step & 4095) == 0) show(store->size(), shown, false);
      if (!fits(*store, fixed, published, held)) return to_disk(false, false);
      if (!store->pop(prio, cur)) break;
      s = codec_->decode(store->key(cur));
      const bool won = search::expand_in_split(*codec_, part, s, batch, out);
      store->insert_all(batch.data(), batch.size(), cur, [&](std::size_t, std::uint32_t idx, bool is_new) {
        if (is_new) store->push(0, idx);
        return true;
      });
      if (won) {
        won_ = true;
        break;
      }
      if (out.size() >= kLocalOut) hand_over(out);
    }
    hand_over(out);
    {
      const std::lock_guard<std::mutex> lock(mu_);
      running_ -= shown;
      shown = 0;
      layer_states_ += store->size();
      if (reason_.empty() && !won_) {
        states_ += store->size();
        layer_states_ -= store->size();
        ++parts_done_;
        report();
      }
    }
    if (store->bytes() >= kTrimBytes) {
      store.reset();
      core::platform::release_free_memory();
    }
  }

  // The progress callback with the positions so far: the finished splits' and those the
  // running ones last showed.  Caller holds mu_.
  void report() {
    last_report_ = elapsed();
    if (progress_) progress_(ProofProgress{layer_, parts_done_, states_ + running_, disk_, peak_.load(), last_report_});
  }
  // A worker's split holds `now` positions (`shown` of them counted before): counted in
  // running_, and reported when `force` or when no report came for a second, so that the
  // count moves during a long split, not only at its end.
  void show(std::uint64_t now, std::uint64_t& shown, bool force) {
    const std::lock_guard<std::mutex> lock(mu_);
    running_ += now - shown;
    shown = now;
    if (force || elapsed() - last_report_ >= kReportSeconds) report();
  }

  // The bytes held or promised: the stores, the lists and the reservations.  Caller holds mu_.
  std::uint64_t used() const { return stores_.load() + pending_bytes_.load() + reserved_; }

  // Whether the next expansion fits the memory limit (after writing the lists to disk
  // when they are what is in the way).  A worker that may go on reserves the bytes its
  // next expansion can add (`held`, given back at its next check), so that two workers
  // cannot both pass the check and then grow past the limit together.
  bool fits(const CompactStore& store, std::uint64_t fixed, std::uint64_t& published, std::uint64_t& held) {
    return fits_bytes(fixed + store.bytes(), store.next_expansion_bytes(), published, held);
  }
  // fits_bytes, waiting while other workers hold what this one lacks: false when every
  // other worker waits too (or there is none), a win or a limit ended the run, so that
  // the memory cannot come.
  bool wait_for_room(std::uint64_t now, std::uint64_t need, std::uint64_t& published, std::uint64_t& held) {
    struct Waiting {  // this worker counted among the waiting ones while it waits
      Prover& p;
      bool on = false;
      void set(bool v) {
        const std::lock_guard<std::mutex> lock(p.mu_);
        if (v == on) return;
        p.waiting_ += v ? 1 : -1;
        on = v;
      }
      ~Waiting() { set(false); }
    } waiting{*this};
    while (!fits_bytes(now, need, published, held)) {
      waiting.set(true);
      {
        const std::lock_guard<std::mutex> lock(mu_);
        if (waiting_ >= active_ || !reason_.empty() || won_) return false;
      }
      stop_.throw_if_stop_requested();
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    return true;
  }
  bool fits_bytes(std::uint64_t now, std::uint64_t need, std::uint64_t& published, std::uint64_t& held) {
    note_memory(now, published);
    if (!opt_.memory_limit) return true;
    const std::lock_guard<std::mutex> lock(mu_);
    reserved_ -= held;
    held = 0;
    // The lists go to disk when that frees a worthwhile share of the limit; a few bytes
    // of them at each expansion would cost a write each time, and a split at the limit
    // is better searched on disk.
    if (used() + need > opt_.memory_limit && pending_bytes_ >= std::max(need, opt_.memory_limit / 64)) flush();
    if (used() + need > opt_.memory_limit) return false;
    reserved_ += need;
    held = need;
    return true;
  }

  // The deal is won from a position the scan reached: the moves come from the fast
  // portfolio, which finds a solution quickly once one is known to exist.
  SolveResult solution(SolveResult& out, double before) {
    for (const auto& [p, bytes] : list_files()) {  // the positions are of no more use
      std::error_code ec;
      fs::remove(file_of(p), ec);
    }
    for (const auto& [p, dir] : split_dirs()) {
      std::error_code ec;
      fs::remove_all(dir, ec);
    }
    std::error_code ec;
    fs::remove(dir_ / kManifest, ec);
    const double left = opt_.time_limit > 0 ? std::max(0.001, opt_.time_limit - elapsed()) : 0.0;
    SolveResult r = solve(start_, SolveMode::Fast, 0, left, &stop_, opt_.memory_limit);
    r.states += states_ + layer_states_;
    r.expanded = r.states;
    r.seconds = before + elapsed();
    out = std::move(r);
    if (out.verdict == Verdict::Unsolvable) out.verdict = Verdict::Unknown;  // cannot happen: a win was reached
    return out;
  }

 private:
  const GameState& start_;
  ProofOptions opt_;
  core::StopToken& stop_;
  const ProofProgressFn& progress_;
  std::chrono::steady_clock::time_point t0_;
  Board root_{};
  std::unique_ptr<CompactCodec> codec_;
  fs::path dir_;
  std::uint64_t flush_at_ = 0;

  std::mutex mu_;
  std::map<Part, std::vector<CompactKey>> pending_;  // children waiting in memory, by partition
  std::atomic<std::uint64_t> pending_bytes_{0};
  std::map<Part, std::uint64_t> on_disk_;     // partition -> bytes in its file
  std::map<Part, std::uint64_t> split_disk_;  // partition -> bytes of its search on disk
  std::uint64_t disk_ = 0;                    // bytes in files now (under mu_)
  std::uint64_t disk_reserved_ = 0;           // bytes reserved for files being written (under mu_)
  std::atomic<std::uint64_t> disk_peak_{0};
  std::atomic<std::uint64_t> stores_{0};  // the workers' stores and buffers
  std::uint64_t reserved_ = 0;            // the workers' next expansions (under mu_)
  int active_ = 0;                        // workers searching a split (under mu_)
  int waiting_ = 0;                       // of them, those waiting for memory (under mu_)
  std::atomic<std::uint64_t> peak_{0};
  std::atomic<bool> won_{false};
  std::string reason_;
  int layer_ = 0;
  std::uint64_t states_ = 0;        // positions of finished partitions
  std::uint64_t running_ = 0;       // positions of the splits being searched, as last shown (under mu_)
  double last_report_ = 0;          // elapsed() at the last progress report (under mu_)
  std::uint64_t layer_states_ = 0;  // positions of partitions stopped part way
  std::uint64_t parts_done_ = 0;
};

}  // namespace

SolveResult prove(const GameState& start, const ProofOptions& options, core::StopToken* stop,
                  const ProofProgressFn& progress) {
  start.validate();
  if (options.work_dir.empty()) throw core::InvalidValue("prove needs a work directory");
  if (options.threads < 1)
    throw core::InvalidValue("threads must be at least 1, got " + std::to_string(options.threads));
  ProofOptions opt = options;
  opt.threads = core::resolve_threads(options.threads, "threads");
  core::NoStop never;
  core::StopToken& st = stop ? *stop : never;
  return Prover(start, opt, st, progress).run();
}

}  // namespace parlour::freecell
