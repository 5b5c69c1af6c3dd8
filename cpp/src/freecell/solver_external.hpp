// prove's search of one split larger than its memory (see solver_layered.cpp): delayed
// duplicate detection against positions kept on disk.  Internal to the solver.
//
// The split's positions found so far (V) are kept on disk in sorted runs, and a Bloom
// filter of them in memory.  The search runs in memory loads: it takes positions to
// expand from a queue on disk, and keeps every position of the load in an exact
// in-memory store.  A child of the split that is neither in the store nor (by the
// filter) in V is new for certain: it goes into the store and is expanded in this
// load.  A child the filter may know is put aside as doubtful, unexpanded.  When the
// memory is full, the load's new positions become a sorted run of V (and enter the
// filter), its unexpanded ones go to the queue, and the doubtful ones to a sorted run
// of their own; that is a checkpoint.  When the queue runs dry, the doubtful runs are
// merged against V: the positions not in V are new (the filter's false positives, and
// the seeds the split started with), join V and go to the queue.  The split is done
// when the queue and the doubtful runs are empty.  Most doubtful positions are in V
// already (a position reached again), so the merge frees most of their disk: it runs
// sooner too, after any checkpoint, once the doubtful runs take half the disk that is
// left or more (SplitHost::disk_left).
//
// So every position of the split enters V exactly once and is expanded exactly once,
// as in the in-memory search: the split counts the same positions.  The filter only
// decides what is checked on disk (a false positive costs disk work, never a
// position).  Memory: the filter, the store and the buffers, within prove's limit;
// disk: V, the queue and the doubtful runs, all sorted (so their blocks are coded, at
// about 8 to 11 bytes a position: solver_keyfile.hpp), within its disk limit.  Every
// checkpoint leaves the split's directory (a state file naming its files) where a
// later run continues.
#pragma once

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "parlour/core/platform.hpp"
#include "solver_compact.hpp"
#include "solver_compact_store.hpp"
#include "solver_moves.hpp"

namespace parlour::freecell::search {

class KeyReader;

// The split of a position: its four foundation heights, 4 bits each.
using Part = std::uint16_t;

inline Part part_of(const Board& b) noexcept {
  return static_cast<Part>(b.found[0] | (b.found[1] << 4) | (b.found[2] << 8) | (b.found[3] << 12));
}
inline int layer_of(Part p) noexcept { return (p & 15) + ((p >> 4) & 15) + ((p >> 8) & 15) + ((p >> 12) & 15); }

// Expands s for the complete scan: the children in split `part` replace the keys of
// `same` (in the order generated), the others are appended to `out` with their split;
// true (and no more children) when a child is won.
inline bool expand_in_split(const CompactCodec& codec, Part part, const Board& s, std::vector<CompactKey>& same,
                            std::vector<std::pair<Part, CompactKey>>& out) {
  bool won = false;
  same.clear();
  for_each_move(s, Prune::None, [&](Board& child, MoveCode, int exposed) {
    if (won) return;
    if (exposed == -2 || (exposed >= 0 && autoplay_allows(child, exposed, Autoplay::Safe)))
      autoplay(child, Autoplay::Safe);
    if (trivially_won(child)) {
      won = true;
      return;
    }
    const Part p = part_of(child);
    if (p == part)
      same.push_back(codec.encode(child));
    else
      out.emplace_back(p, codec.encode(child));
  });
  return won;
}

// A blocked Bloom filter of compact keys: six bits in one 64-byte block a key.  No
// false negatives.
class BloomFilter {
 public:
  // The largest power of two of 64-byte blocks within `bytes` (at least one).
  explicit BloomFilter(std::uint64_t bytes) : shift_(shift_for(bytes)) {
    bits_.assign((std::uint64_t{1} << (64 - shift_)) * 8, 0);
  }
  // The bytes of a filter made for `bytes`.
  static std::uint64_t bytes_for(std::uint64_t bytes) noexcept { return std::uint64_t{64} << (64 - shift_for(bytes)); }
  void add(const CompactKey& k) noexcept {
    const auto [block, bits] = locate(k);
    for (int i = 0; i < 8; ++i) bits_[block * 8 + i] |= bits[i];
  }
  // add(k) for each of keys[0 .. n), each block prefetched some keys ahead so that the
  // scattered writes overlap.
  void add_all(const CompactKey* keys, std::size_t n) noexcept {
    constexpr std::size_t kAhead = 16;
    for (std::size_t j = 0; j < n && j < kAhead; ++j) prefetch(keys[j].hash());
    for (std::size_t j = 0; j < n; ++j) {
      if (j + kAhead < n) prefetch(keys[j + kAhead].hash());
      add(keys[j]);
    }
  }
  // A hint that may_contain(k) or add(k) comes soon, given k.hash(): loads k's block.
  void prefetch(std::uint64_t hash) const noexcept { core::platform::prefetch(&bits_[block_of(hash) * 8]); }
  [[nodiscard]] bool may_contain(const CompactKey& k) const noexcept {
    const auto [block, bits] = locate(k);
    for (int i = 0; i < 8; ++i)
      if ((bits_[block * 8 + i] & bits[i]) != bits[i]) return false;
    return true;
  }
  [[nodiscard]] std::uint64_t bytes() const noexcept { return bits_.size() * 8; }

 private:
  struct Where {
    std::uint64_t block;
    std::uint64_t bits[8];
  };
  [[nodiscard]] Where locate(const CompactKey& k) const noexcept {
    const std::uint64_t h = k.hash();
    Where w{block_of(h), {}};
    std::uint64_t g = (h ^ (h >> 31)) * 0xBF58476D1CE4E5B9ull;
    g ^= g >> 29;
    for (int i = 0; i < 6; ++i, g >>= 9) w.bits[(g >> 6) & 7] |= std::uint64_t{1} << (g & 63);
    return w;
  }
  [[nodiscard]] std::uint64_t block_of(std::uint64_t h) const noexcept { return shift_ < 64 ? h >> shift_ : 0; }
  static int shift_for(std::uint64_t bytes) noexcept {
    int shift = 64;
    while (shift > 8 && (std::uint64_t{64} << (64 - shift + 1)) <= bytes) --shift;
    return shift;
  }
  int shift_;  // a key's block: the top 64 - shift_ bits of its hash (block_of)
  std::vector<std::uint64_t> bits_;
};

// What a split on disk asks of prove.
class SplitHost {
 public:
  virtual ~SplitHost() = default;
  // Hands children of other splits over to their lists (`out` is emptied).
  virtual void hand_over(std::vector<std::pair<Part, CompactKey>>& out) = 0;
  // Writes every list to its file, before a checkpoint; false when the disk limit
  // forbids it.
  virtual bool save_lists() = 0;
  // False when the search must stop (a limit, a win, another worker's stop); throws
  // core::Interrupted on Ctrl-C.
  virtual bool keep_going() = 0;
  // Whether a checkpoint is due for time (one every few minutes).
  virtual bool checkpoint_due() = 0;
  virtual void won() = 0;
  // Whether this worker, holding `now` bytes, may take `more`; false when not.
  virtual bool fits(std::uint64_t now, std::uint64_t more) = 0;
  // The same, waiting while other workers hold what it lacks; false when no other
  // worker could give memory back (then the split stops with "memory_limit").
  virtual bool wait_for_room(std::uint64_t now, std::uint64_t more) = 0;
  // Disk: while a file is written, reserves bytes ahead of it (false: that would pass
  // the limit; a split takes them a step at a time as the file grows); once it is
  // written, ends the reservations with the file's real bytes (`used` <= `reserved`,
  // their sum; 0 for a file not kept); when a file is removed,
  // gives its bytes back.
  virtual bool take_disk(std::uint64_t reserved) = 0;
  virtual void wrote_disk(std::uint64_t reserved, std::uint64_t used) = 0;
  virtual void give_disk(std::uint64_t bytes) = 0;
  // The bytes the split may still write: what the disk limit and the file system leave
  // (the most a std::uint64_t holds when nothing bounds it).
  virtual std::uint64_t disk_left() = 0;
  // Gives up with a reason ("memory_limit", "disk_limit").
  virtual void stop(const char* why) = 0;
  // The positions of this split found so far: reported at once after a checkpoint
  // (`now`), otherwise at most about once a second.
  virtual void progress(std::uint64_t split_states, bool now) = 0;
};

class ExternalSplit {
 public:
  ExternalSplit(SplitHost& host, const CompactCodec& codec, Part part, std::filesystem::path dir);
  ~ExternalSplit();
  ExternalSplit(const ExternalSplit&) = delete;
  ExternalSplit& operator=(const ExternalSplit&) = delete;

  // Whether `dir` holds a split's state (a run to continue, or a finished split).
  static bool exists(const std::filesystem::path& dir);
  // The positions of a finished split recorded in `dir`, or -1 when it is not finished.
  static std::int64_t finished_states(const std::filesystem::path& dir);
  // The bytes of the files of positions in `dir` (its state file left out).
  static std::uint64_t disk_of(const std::filesystem::path& dir);

  // Starts from an in-memory search that ran out of memory: every position of `store`
  // (its open list: the unexpanded ones), and the split's seeds, given by
  // seeds(each) calling each(key) for every one (they may be among the store's).
  // `filter_bytes` sizes the filter.  False when a limit stops it first.
  bool start(std::unique_ptr<CompactStore> store,
             const std::function<void(const std::function<void(const CompactKey&)>&)>& seeds,
             std::uint64_t filter_bytes);
  // Continues from the state in the directory.  False when a limit stops it first.
  bool resume(std::uint64_t filter_bytes);

  enum class End { kDone, kStopped, kWon };
  End run();

  // Positions of the split found so far (all of them once done).
  [[nodiscard]] std::uint64_t states() const noexcept;
  // Bytes of the split's files now.
  [[nodiscard]] std::uint64_t disk() const noexcept { return disk_; }

 private:
  struct File {
    std::string name;
    std::uint64_t count = 0;
  };
  bool save_store(CompactStore& store, bool with_old);
  bool make_filter(std::uint64_t filter_bytes);
  bool sweep(End& end);
  bool load_seeds(bool& loaded);
  bool checkpoint();
  void trim_queue(std::vector<std::string>& done);
  bool resolve();
  [[nodiscard]] bool resolve_due();
  bool spill_doubtful();
  bool write_keys(const std::string& name, const std::vector<CompactKey>& keys);
  void drop_file(const std::string& name);
  void write_state(bool done);
  void read_state();
  [[nodiscard]] std::uint64_t held() const noexcept;
  std::string new_name(char kind);
  std::filesystem::path path(const std::string& name) const { return dir_ / name; }

  SplitHost& host_;
  const CompactCodec& codec_;
  Part part_;
  std::filesystem::path dir_;
  std::unique_ptr<BloomFilter> filter_;
  std::unique_ptr<CompactStore> store_;
  std::vector<std::uint64_t> old_;  // positions of the store that came from the queue (already in V)
  std::vector<CompactKey> doubtful_;
  std::size_t doubtful_cap_ = 0;
  std::vector<File> visited_, queue_, doubts_;
  std::uint64_t consumed_ = 0;         // keys of queue_[0] taken, as of the last checkpoint
  std::size_t pos_file_ = 0;           // the queue file being taken from now
  std::uint64_t pos_keys_ = 0;         // and the keys of it taken
  std::unique_ptr<KeyReader> reader_;  // on queue_[pos_file_], after pos_keys_ keys
  std::uint64_t old_count_ = 0;        // positions of the store from the queue
  std::uint64_t next_id_ = 0;
  std::uint64_t disk_ = 0;
  std::vector<std::pair<Part, CompactKey>> out_;
  std::vector<CompactKey> batch_;  // an expansion's children in this split
};

}  // namespace parlour::freecell::search
