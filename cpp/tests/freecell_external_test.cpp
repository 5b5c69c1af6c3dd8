// prove's search of one split on disk (cpp/src/freecell/solver_external.hpp), driven
// alone: the largest split of a deal's complete scan, started from its seeds under a
// memory limit that makes it run in several loads, counts exactly the positions a plain
// search of the split with every position in a hash set finds; and a split that is
// stopped after any of its first checkpoints and continued counts the same.
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include "check.hpp"
#include "freecell/solver_board.hpp"
#include "freecell/solver_compact.hpp"
#include "freecell/solver_compact_store.hpp"
#include "freecell/solver_external.hpp"
#include "freecell/solver_keyfile.hpp"
#include "parlour/freecell/state.hpp"
#include "temp_dir.hpp"

using namespace parlour::freecell::search;
using parlour::freecell::GameState;
using parlour::test::TempDir;

namespace {

constexpr std::uint64_t kLimit = 1'800'000;  // the split in several loads (its store, filter and doubtful list)

struct KeyHash {
  std::size_t operator()(const CompactKey& k) const noexcept { return static_cast<std::size_t>(k.hash()); }
};
using KeySet = std::unordered_set<CompactKey, KeyHash>;

// Every position of the complete scan from `root`, by split, and each split's seeds
// (its positions that are children of another split's, or the root).
struct Scan {
  std::map<Part, KeySet> split;
  std::map<Part, KeySet> seeds;
};

Scan scan_all(const CompactCodec& codec, const Board& root) {
  Scan s;
  std::vector<CompactKey> todo{codec.encode(root)};
  s.split[part_of(root)].insert(todo[0]);
  s.seeds[part_of(root)].insert(todo[0]);
  std::vector<CompactKey> same;
  std::vector<std::pair<Part, CompactKey>> out;
  while (!todo.empty()) {
    const CompactKey k = todo.back();
    todo.pop_back();
    const Board b = codec.decode(k);
    const Part p = part_of(b);
    out.clear();
    CHECK(!expand_in_split(codec, p, b, same, out));  // the deal is unsolvable
    for (const CompactKey& c : same)
      if (s.split[p].insert(c).second) todo.push_back(c);
    for (const auto& [q, c] : out) {
      s.seeds[q].insert(c);
      if (s.split[q].insert(c).second) todo.push_back(c);
    }
  }
  return s;
}

// A host with a memory limit and a stop at the `stop_after`-th checkpoint (0: never).
class TestHost final : public SplitHost {
 public:
  TestHost(std::uint64_t limit, int stop_after) : limit_(limit), stop_after_(stop_after) {}
  void hand_over(std::vector<std::pair<Part, CompactKey>>& out) override { out.clear(); }
  bool save_lists() override { return true; }
  bool keep_going() override { return !stopped_; }
  bool checkpoint_due() override { return false; }
  void won() override { won_ = true; }
  bool fits(std::uint64_t now, std::uint64_t more) override {
    peak_ = std::max(peak_, now);
    return now + more <= limit_;
  }
  bool wait_for_room(std::uint64_t now, std::uint64_t more) override { return fits(now, more); }
  // Disk as prove's host keeps it: reservations and files against disk_limit_ (0: none).
  bool take_disk(std::uint64_t more) override {
    if (disk_limit_ && disk_ + reserved_ + more > disk_limit_) return false;
    reserved_ += more;
    peak_disk_ = std::max(peak_disk_, disk_ + reserved_);
    return true;
  }
  void wrote_disk(std::uint64_t reserved, std::uint64_t used) override {
    CHECK(used <= reserved && reserved <= reserved_);
    reserved_ -= reserved;
    disk_ += used;
    peak_used_ = std::max(peak_used_, disk_);
  }
  void give_disk(std::uint64_t bytes) override { disk_ -= std::min(bytes, disk_); }
  std::uint64_t disk_left() override { return disk_left_; }
  void stop(const char* why) override {
    stopped_ = true;
    why_ = why;
  }
  void progress(std::uint64_t, bool now) override {
    if (!now) return;
    if (!dir_.empty()) {  // the doubtful runs on disk now
      int runs = 0;
      for (const auto& e : std::filesystem::directory_iterator(dir_))
        runs += e.path().filename().string().front() == 'd';
      piled_up_ += runs > 0 && doubtful_runs_ > 0;
      doubtful_runs_ = runs;
    }
    if (++checkpoints_ == stop_after_) stopped_ = true;
  }

  std::uint64_t limit_;
  int stop_after_;
  int checkpoints_ = 0;
  std::uint64_t peak_ = 0;
  std::uint64_t disk_limit_ = 0, disk_ = 0, reserved_ = 0, peak_disk_ = 0, peak_used_ = 0;
  std::uint64_t disk_left_ = ~std::uint64_t{0};  // what disk_left() answers
  std::filesystem::path dir_;                    // the split's directory, when its doubtful runs are watched
  int doubtful_runs_ = 0;                        // on disk at the last checkpoint or merge
  int piled_up_ = 0;                             // checkpoints or merges that left doubtful runs after one that did
  bool stopped_ = false;
  bool won_ = false;
  std::string why_;
};

struct Deal {
  Board root;
  std::unique_ptr<CompactCodec> codec;
  Scan scan;
  Part largest = 0;
};

Deal deal(int number) {
  Deal d;
  d.root = board_from_state(GameState::from_ms_deal(number));
  autoplay(d.root);
  d.codec = std::make_unique<CompactCodec>(d.root);
  d.scan = scan_all(*d.codec, d.root);
  std::size_t most = 0;
  for (const auto& [p, keys] : d.scan.split)
    if (keys.size() > most) {
      most = keys.size();
      d.largest = p;
    }
  return d;
}

// Starts the split from its seeds (an empty store, as if the search in memory had
// found no room at all).
bool start(ExternalSplit& ext, const Deal& d) {
  const KeySet& seeds = d.scan.seeds.at(d.largest);
  return ext.start(
      std::make_unique<CompactStore>(/*parents=*/false),
      [&](const std::function<void(const CompactKey&)>& each) {
        for (const CompactKey& k : seeds) each(k);
      },
      1 << 16);
}

}  // namespace

TEST_CASE(a_split_on_disk_counts_what_a_search_in_memory_counts) {
  const Deal d = deal(517776);
  const std::size_t want = d.scan.split.at(d.largest).size();
  CHECK(want > 40000);  // most of the deal's 67,016 positions
  const TempDir dir("parlour-external-");
  TestHost host(kLimit, 0);
  ExternalSplit ext(host, *d.codec, d.largest, dir.path / "x");
  CHECK(start(ext, d));
  CHECK(ext.run() == ExternalSplit::End::kDone);
  CHECK_EQ(ext.states(), want);
  CHECK_EQ(ExternalSplit::finished_states(dir.path / "x"), static_cast<std::int64_t>(want));
  CHECK(!host.won_ && !host.stopped_);
  CHECK_EQ(host.why_, std::string());
  CHECK(host.peak_ <= host.limit_);
  CHECK(host.checkpoints_ >= 4);  // in several loads
}

TEST_CASE(a_split_on_disk_stopped_after_any_checkpoint_continues_to_the_same_count) {
  const Deal d = deal(517776);
  const std::size_t want = d.scan.split.at(d.largest).size();
  for (int stop_after = 1; stop_after <= 6; ++stop_after) {
    const TempDir dir("parlour-external-");
    {
      TestHost host(kLimit, stop_after);
      ExternalSplit ext(host, *d.codec, d.largest, dir.path / "x");
      if (start(ext, d)) CHECK(ext.run() == ExternalSplit::End::kStopped);
      CHECK(host.stopped_);
    }
    TestHost host(kLimit, 0);
    ExternalSplit ext(host, *d.codec, d.largest, dir.path / "x");
    CHECK(ext.resume(1 << 16));
    CHECK(ext.run() == ExternalSplit::End::kDone);
    CHECK_EQ(ext.states(), want);
    CHECK_EQ(ExternalSplit::finished_states(dir.path / "x"), static_cast<std::int64_t>(want));
  }
}

// The disk limit bounds the bytes written, not the most the files could take: the split
// fits a limit a little above what its files take at the most (far below 24 bytes a
// position, the size of a file of uncoded keys), and a limit below that stops it with
// "disk_limit", never past the limit, and it continues to the same count.
TEST_CASE(a_split_on_disk_takes_the_disk_its_files_need) {
  const Deal d = deal(517776);
  const std::size_t want = d.scan.split.at(d.largest).size();
  std::uint64_t most = 0;
  {
    const TempDir dir("parlour-external-");
    TestHost host(kLimit, 0);
    ExternalSplit ext(host, *d.codec, d.largest, dir.path / "x");
    CHECK(start(ext, d));
    CHECK(ext.run() == ExternalSplit::End::kDone);
    CHECK_EQ(host.reserved_, std::uint64_t{0});
    CHECK_EQ(host.disk_, ExternalSplit::disk_of(dir.path / "x"));
    most = host.peak_used_;
  }
  CHECK(most < file_bytes(want));  // the files are coded: less than the split's keys as they are
  {
    const TempDir dir("parlour-external-");
    TestHost host(kLimit, 0);
    host.disk_limit_ = most + most / 4;
    ExternalSplit ext(host, *d.codec, d.largest, dir.path / "x");
    CHECK(start(ext, d));
    CHECK(ext.run() == ExternalSplit::End::kDone);
    CHECK_EQ(ext.states(), want);
    CHECK(host.peak_disk_ <= host.disk_limit_);
  }
  const TempDir dir("parlour-external-");
  {
    TestHost host(kLimit, 0);
    host.disk_limit_ = most / 2;
    ExternalSplit ext(host, *d.codec, d.largest, dir.path / "x");
    if (start(ext, d)) CHECK(ext.run() == ExternalSplit::End::kStopped);
    CHECK_EQ(host.why_, std::string("disk_limit"));
    CHECK(host.peak_disk_ <= host.disk_limit_);
  }
  TestHost host(kLimit, 0);
  ExternalSplit ext(host, *d.codec, d.largest, dir.path / "x");
  CHECK(ext.resume(1 << 16));
  CHECK(ext.run() == ExternalSplit::End::kDone);
  CHECK_EQ(ext.states(), want);
}

// The doubtful runs are merged against V whenever they take half the disk that is left or more, not
// only when the queue runs dry: with no disk left at all, after every checkpoint, so that
// the doubtful runs of one checkpoint are gone at the next (without, they pile up over
// several); the count is the same.
TEST_CASE(a_split_on_disk_merges_its_doubtful_runs_early_when_the_disk_runs_short) {
  const Deal d = deal(517776);
  const std::size_t want = d.scan.split.at(d.largest).size();
  for (const bool short_of_disk : {false, true}) {
    const TempDir dir("parlour-external-");
    TestHost host(kLimit, 0);
    host.dir_ = dir.path / "x";
    if (short_of_disk) host.disk_left_ = 0;
    ExternalSplit ext(host, *d.codec, d.largest, dir.path / "x");
    CHECK(start(ext, d));
    CHECK(ext.run() == ExternalSplit::End::kDone);
    CHECK_EQ(ext.states(), want);
    CHECK_EQ(ExternalSplit::finished_states(dir.path / "x"), static_cast<std::int64_t>(want));
    if (short_of_disk)
      CHECK_EQ(host.piled_up_, 0);
    else
      CHECK(host.piled_up_ > 0);
  }
  // Stopped after any of its first checkpoints, a split short of disk continues to the same count.
  for (int stop_after = 1; stop_after <= 6; ++stop_after) {
    const TempDir dir("parlour-external-");
    {
      TestHost host(kLimit, stop_after);
      host.disk_left_ = 0;
      ExternalSplit ext(host, *d.codec, d.largest, dir.path / "x");
      if (start(ext, d)) CHECK(ext.run() == ExternalSplit::End::kStopped);
      CHECK(host.stopped_);
    }
    TestHost host(kLimit, 0);
    host.disk_left_ = 0;
    ExternalSplit ext(host, *d.codec, d.largest, dir.path / "x");
    CHECK(ext.resume(1 << 16));
    CHECK(ext.run() == ExternalSplit::End::kDone);
    CHECK_EQ(ext.states(), want);
  }
}

int main() { return parlour::test::run_all(); }
