// Files of compact keys for prove (solver_layered.cpp, solver_external.cpp): a run of
// blocks, each written whole, a header (a magic word and the number of keys, at most
// kBlockKeys), the keys, and a checksum over them.  A block cut short by a stop is
// found on resume (whole_blocks) and cut off; a damaged one is refused.  Internal to
// the solver.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "parlour/core/errors.hpp"
#include "parlour/core/platform.hpp"
#include "solver_compact.hpp"

namespace parlour::freecell::search {

inline constexpr std::size_t kBlockKeys = 1 << 12;        // the most keys in a block
inline constexpr std::uint32_t kBlockMagic = 0x31434650;  // "PFC1"

struct BlockHead {
  std::uint32_t magic;
  std::uint32_t count;
};
static_assert(sizeof(BlockHead) == 8 && sizeof(CompactKey) == 24);

inline std::uint64_t key_checksum(const CompactKey* keys, std::size_t n) noexcept {
  std::uint64_t h = n;
  for (std::size_t i = 0; i < n; ++i) h = (h ^ keys[i].hash()) * 0x9E3779B97F4A7C15ull + 1;
  return h;
}

// The bytes of a block of n keys.
inline std::uint64_t block_bytes(std::size_t n) noexcept { return sizeof(BlockHead) + n * sizeof(CompactKey) + 8; }
// The bytes n keys take in a file.
inline std::uint64_t file_bytes(std::uint64_t n) noexcept {
  return n * sizeof(CompactKey) + (n + kBlockKeys - 1) / kBlockKeys * (sizeof(BlockHead) + 8);
}

// The order of sorted key files.
inline bool key_less(const CompactKey& a, const CompactKey& b) noexcept {
  if (a.w[0] != b.w[0]) return a.w[0] < b.w[0];
  if (a.w[1] != b.w[1]) return a.w[1] < b.w[1];
  return a.w[2] < b.w[2];
}

inline void sort_unique(std::vector<CompactKey>& keys) {
  std::sort(keys.begin(), keys.end(), key_less);
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
}

// Appends keys to a file in blocks (opened for appending: an existing file grows).
class KeyWriter {
 public:
  explicit KeyWriter(std::filesystem::path path) : path_(std::move(path)) {
    f_ = core::platform::open_file(path_, "ab");
    if (!f_) fail();
    buf_.reserve(kBlockKeys);
  }
  KeyWriter(const KeyWriter&) = delete;
  KeyWriter& operator=(const KeyWriter&) = delete;
  ~KeyWriter() {
    if (f_) std::fclose(f_);
  }
  void add(const CompactKey& k) {
    buf_.push_back(k);
    if (buf_.size() == kBlockKeys) write_block();
  }
  void add(const CompactKey* keys, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) add(keys[i]);
  }
  // Writes what is left and closes the file (durably with `sync`); the keys written.
  std::uint64_t close(bool sync = false) {
    if (!buf_.empty()) write_block();
    const bool synced = !sync || core::platform::sync_file(f_);
    const bool ok = std::fclose(f_) == 0 && synced;
    f_ = nullptr;
    if (!ok) fail();
    return count_;
  }
  [[nodiscard]] std::uint64_t count() const noexcept { return count_ + buf_.size(); }
  // The bytes written to the file (of the blocks written whole: all of them after close).
  [[nodiscard]] std::uint64_t bytes() const noexcept { return bytes_; }

 private:
  void write_block() {
    const BlockHead head{kBlockMagic, static_cast<std::uint32_t>(buf_.size())};
    const std::uint64_t sum = key_checksum(buf_.data(), buf_.size());
    if (std::fwrite(&head, sizeof head, 1, f_) != 1 ||
        std::fwrite(buf_.data(), sizeof(CompactKey), buf_.size(), f_) != buf_.size() ||
        std::fwrite(&sum, sizeof sum, 1, f_) != 1)
      fail();
    count_ += buf_.size();
    bytes_ += block_bytes(buf_.size());
    buf_.clear();
  }
  [[noreturn]] void fail() const {
    throw core::Error("cannot write positions to " + core::platform::path_to_utf8(path_) + " (is the disk full?)");
  }
  std::filesystem::path path_;
  std::FILE* f_ = nullptr;
  std::vector<CompactKey> buf_;
  std::uint64_t count_ = 0;
  std::uint64_t bytes_ = 0;
};

// Reads a key file block by block, checking each block's checksum.
class KeyReader {
 public:
  explicit KeyReader(std::filesystem::path path) : path_(std::move(path)) {
    f_ = core::platform::open_file(path_, "rb");
    if (!f_) throw core::Error("cannot read positions from " + core::platform::path_to_utf8(path_));
  }
  KeyReader(const KeyReader&) = delete;
  KeyReader& operator=(const KeyReader&) = delete;
  ~KeyReader() {
    if (f_) std::fclose(f_);
  }
  // The next block's keys (empty at the end of the file); FormatError for a damaged block.
  const std::vector<CompactKey>& next() {
    block_.clear();
    BlockHead head{};
    if (std::fread(&head, sizeof head, 1, f_) != 1) return block_;
    std::uint64_t sum = 0;
    bool ok = head.magic == kBlockMagic && head.count > 0 && head.count <= kBlockKeys;
    if (ok) {
      block_.resize(head.count);
      ok = std::fread(block_.data(), sizeof(CompactKey), head.count, f_) == head.count &&
           std::fread(&sum, sizeof sum, 1, f_) == 1 && sum == key_checksum(block_.data(), head.count);
    }
    if (!ok) damaged();
    offset_ += block_bytes(head.count);
    return block_;
  }
  // Skips the next n keys (whole blocks: n must end a block, as counts kept by
  // KeyWriter do for every block but the last).
  void skip(std::uint64_t n) {
    while (n) {
      BlockHead head{};
      if (std::fread(&head, sizeof head, 1, f_) != 1 || head.magic != kBlockMagic || head.count == 0 ||
          head.count > kBlockKeys || head.count > n ||
          !core::platform::seek_file(f_, offset_ + block_bytes(head.count)))
        damaged();
      offset_ += block_bytes(head.count);
      n -= head.count;
    }
  }
  [[noreturn]] void damaged() const {
    throw core::FormatError("damaged position file " + core::platform::path_to_utf8(path_) +
                            " (use a new work directory)");
  }

 private:
  std::filesystem::path path_;
  std::FILE* f_ = nullptr;
  std::vector<CompactKey> block_;
  std::uint64_t offset_ = 0;  // of the next block
};

// One key at a time from a sorted file (for merges).
class KeyStream {
 public:
  explicit KeyStream(const std::filesystem::path& path) : reader_(path) { advance(); }
  [[nodiscard]] bool done() const noexcept { return at_ >= block_->size(); }
  [[nodiscard]] const CompactKey& key() const noexcept { return (*block_)[at_]; }
  void advance() {
    if (block_ && ++at_ < block_->size()) return;
    block_ = &reader_.next();
    at_ = 0;
  }

 private:
  KeyReader reader_;
  const std::vector<CompactKey>* block_ = nullptr;
  std::size_t at_ = 0;
};

}  // namespace parlour::freecell::search
