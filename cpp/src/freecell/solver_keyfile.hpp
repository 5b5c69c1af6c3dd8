// Files of compact keys for prove (solver_layered.cpp, solver_external.cpp): a run of
// blocks, each written whole, of at most kBlockKeys keys and a checksum over them.  A
// block cut short by a stop is found on resume (whole_blocks) and cut off; a damaged
// one is refused.  Internal to the solver.
// Why one file: the format is defined once, here, for the writer and the reader that
// must agree on it byte for byte.
//
// Two kinds of block; KeyWriter writes the smaller, KeyReader reads both:
//
//   "PFC1"  the magic word 0x31434650 and the number of keys (uint32 each, host
//           order), the keys as they are (24 bytes each, host order), the checksum
//           (uint64, host order);
//   "PFC2"  the four bytes 'P' 'F' 'C' '2', the number of keys and the bytes of the
//           code (uint32 each, little-endian), the code of the keys (below), the
//           checksum (uint64, little-endian).
//
// The code, defined byte by byte: each key against the one before it (the first
// against the key of three zero words).  Its first byte holds in bits 0-1 the first
// word t in which the key differs (3: the key equals the one before, and the byte is 3),
// in bits 2-6 the low five bits of the difference d = w[t] - before.w[t] (modulo 2^64)
// and in bit 7 whether more bits of d follow; they follow as a varint (seven bits a
// byte, the low ones first, bit 7 set on every byte but the last).  Then each later
// word w[t+1 .. 2] as a varint of its bitwise XOR with the same word of the key before.
// Sorted keys share their leading words and differ by little in the next one, and the
// last word holds few bits (a key's later fields, the chains of its cascades, are
// short): prove's sorted files take about 8 to 11 bytes a key.  The checksum of both
// kinds is key_checksum over the keys.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

#include "parlour/core/errors.hpp"
#include "parlour/core/platform.hpp"
#include "solver_compact.hpp"

namespace parlour::freecell::search {

inline constexpr std::size_t kBlockKeys = 1 << 12;                     // the most keys in a block
inline constexpr std::uint32_t kBlockMagic = 0x31434650;               // "PFC1": the keys as they are
inline constexpr unsigned char kCodedMagic[4] = {'P', 'F', 'C', '2'};  // the keys coded
inline constexpr std::size_t kCodedHead = 12;                          // a coded block's head
inline constexpr std::size_t kKeyCodeMax = 30;                         // the most bytes of one key's code

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

// The bytes of a block of n keys as they are.
inline std::uint64_t block_bytes(std::size_t n) noexcept { return sizeof(BlockHead) + n * sizeof(CompactKey) + 8; }
// The most bytes n keys take in a file (every block as it is; a coded block is smaller).
inline std::uint64_t file_bytes(std::uint64_t n) noexcept {
  return n * sizeof(CompactKey) + (n + kBlockKeys - 1) / kBlockKeys * (sizeof(BlockHead) + 8);
}

// ---- The code of a block's keys -----------------------------------------------------

namespace keycode {

inline unsigned char* put_varint(unsigned char* p, std::uint64_t v) noexcept {
  while (v >= 0x80) {
    *p++ = static_cast<unsigned char>(v | 0x80);
    v >>= 7;
  }
  *p++ = static_cast<unsigned char>(v);
  return p;
}

// A varint of at most `bits` bits from [p, end): false when it runs past end or past
// `bits` bits.
inline bool get_varint(const unsigned char*& p, const unsigned char* end, std::uint64_t& v, int bits) noexcept {
  std::uint64_t r = 0;
  for (int shift = 0;; shift += 7) {
    if (p == end || shift >= bits) return false;
    const unsigned b = *p++;
    const std::uint64_t low = b & 0x7f;
    if (bits - shift < 7 && (low >> (bits - shift)) != 0) return false;
    r |= low << shift;
    if (!(b & 0x80)) {
      v = r;
      return true;
    }
  }
}

inline void put_le(unsigned char* p, std::uint64_t v, int bytes) noexcept {
  for (int i = 0; i < bytes; ++i) p[i] = static_cast<unsigned char>(v >> (8 * i));
}
inline std::uint64_t get_le(const unsigned char* p, int bytes) noexcept {
  std::uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v |= static_cast<std::uint64_t>(p[i]) << (8 * i);
  return v;
}

}  // namespace keycode

// The code of keys[0 .. n) into out; its bytes, or any number of at least `limit` once
// the code reaches `limit` bytes (it stops there).  out holds limit + kKeyCodeMax bytes.
inline std::size_t encode_keys(const CompactKey* keys, std::size_t n, unsigned char* out, std::size_t limit) noexcept {
  unsigned char* p = out;
  const unsigned char* const stop = out + limit;
  CompactKey before{{0, 0, 0}};
  for (std::size_t i = 0; i < n && p < stop; ++i) {
    const CompactKey& k = keys[i];
    const int t = k.w[0] != before.w[0] ? 0 : k.w[1] != before.w[1] ? 1 : k.w[2] != before.w[2] ? 2 : 3;
    if (t == 3) {
      *p++ = 3;
    } else {
      const std::uint64_t d = k.w[t] - before.w[t];
      const auto first = static_cast<unsigned char>(((d & 31) << 2) | static_cast<unsigned>(t));
      if (d >> 5) {
        *p++ = static_cast<unsigned char>(first | 0x80);
        p = keycode::put_varint(p, d >> 5);
      } else {
        *p++ = first;
      }
      for (int j = t + 1; j < 3; ++j) p = keycode::put_varint(p, k.w[j] ^ before.w[j]);
    }
    before = k;
  }
  return static_cast<std::size_t>(p - out);
}

// The key after k from its code at p (k becomes it, p moves past the code); false when
// the code is damaged (it runs past end, a value past 64 bits, a bad byte).  Every byte
// read is within [p, end).
inline bool decode_key(const unsigned char*& p, const unsigned char* end, CompactKey& k) noexcept {
  if (p == end) return false;
  const unsigned first = *p++;
  const unsigned t = first & 3;
  if (t == 3) return first == 3;
  std::uint64_t d = (first >> 2) & 31;
  if (first & 0x80) {
    std::uint64_t more = 0;
    if (!keycode::get_varint(p, end, more, 59)) return false;
    d |= more << 5;
  }
  k.w[t] += d;
  for (unsigned j = t + 1; j < 3; ++j) {
    std::uint64_t x = 0;
    if (!keycode::get_varint(p, end, x, 64)) return false;
    k.w[j] ^= x;
  }
  return true;
}

// Exactly n keys from the code in[0 .. len) into out; false when the code is damaged
// (see decode_key, and bytes left over).
inline bool decode_keys(const unsigned char* in, std::size_t len, CompactKey* out, std::size_t n) noexcept {
  const unsigned char* p = in;
  CompactKey k{{0, 0, 0}};
  for (std::size_t i = 0; i < n; ++i) {
    if (!decode_key(p, in + len, k)) return false;
    out[i] = k;
  }
  return p == in + len;
}

// ---- Block heads --------------------------------------------------------------------

struct BlockInfo {
  bool coded = false;
  std::uint32_t count = 0;
  std::uint32_t code = 0;   // bytes of the code (coded blocks)
  std::uint64_t bytes = 0;  // of the whole block
};

enum class Head { kOk, kEnd, kCut, kBad };

// Reads the head of the block at f's position: kEnd at the end of the file, kCut when
// the file ends inside the head, kBad when it is not a block's head (a wrong magic
// word, no keys or more than kBlockKeys, a code longer than the keys as they are).
inline Head read_head(std::FILE* f, BlockInfo& b) noexcept {
  unsigned char h[kCodedHead];
  const std::size_t got = std::fread(h, 1, sizeof(BlockHead), f);
  if (got == 0) return Head::kEnd;
  if (got < sizeof(BlockHead)) return Head::kCut;
  std::uint32_t magic = 0;
  std::memcpy(&magic, h, 4);
  if (magic == kBlockMagic) {
    b.coded = false;
    std::memcpy(&b.count, h + 4, 4);
    if (b.count == 0 || b.count > kBlockKeys) return Head::kBad;
    b.code = 0;
    b.bytes = block_bytes(b.count);
    return Head::kOk;
  }
  if (std::memcmp(h, kCodedMagic, 4) != 0) return Head::kBad;
  b.coded = true;
  b.count = static_cast<std::uint32_t>(keycode::get_le(h + 4, 4));
  if (b.count == 0 || b.count > kBlockKeys) return Head::kBad;
  if (std::fread(h + 8, 1, 4, f) != 4) return Head::kCut;
  b.code = static_cast<std::uint32_t>(keycode::get_le(h + 8, 4));
  if (b.code > b.count * sizeof(CompactKey)) return Head::kBad;
  b.bytes = kCodedHead + b.code + 8;
  return Head::kOk;
}

[[noreturn]] inline void damaged_file(const std::filesystem::path& path) {
  throw core::FormatError("damaged position file " + core::platform::path_to_utf8(path) +
                          " (use a new work directory)");
}

// The bytes of the whole blocks at the start of a key file of `bytes` bytes (a block cut
// short at its end is left out); FormatError when a block's head is damaged.
inline std::uint64_t whole_blocks(const std::filesystem::path& path, std::uint64_t bytes) {
  std::FILE* f = core::platform::open_file(path, "rb");
  if (!f) throw core::Error("cannot read positions from " + core::platform::path_to_utf8(path));
  std::uint64_t pos = 0;
  BlockInfo b;
  while (pos < bytes && core::platform::seek_file(f, pos)) {
    const Head h = read_head(f, b);
    if (h == Head::kBad) {
      std::fclose(f);
      damaged_file(path);
    }
    if (h != Head::kOk || pos + b.bytes > bytes) break;
    pos += b.bytes;
  }
  std::fclose(f);
  return pos;
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

// Appends keys to a file in blocks (opened for appending: an existing file grows), each
// block coded when that makes it smaller.
class KeyWriter {
 public:
  explicit KeyWriter(std::filesystem::path path) : path_(std::move(path)) {
    f_ = core::platform::open_file(path_, "ab");
    if (!f_) fail();
    buf_.reserve(kBlockKeys);
    code_.resize(kCodedHead + kBlockKeys * sizeof(CompactKey) + kKeyCodeMax + 8);
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
    const std::size_t n = buf_.size();
    const std::uint64_t sum = key_checksum(buf_.data(), n);
    // A coded block when it is smaller than the keys as they are.
    const std::size_t limit = sizeof(BlockHead) + n * sizeof(CompactKey) - kCodedHead;
    unsigned char* const block = code_.data();
    const std::size_t len = encode_keys(buf_.data(), n, block + kCodedHead, limit);
    if (len < limit) {
      std::memcpy(block, kCodedMagic, 4);
      keycode::put_le(block + 4, n, 4);
      keycode::put_le(block + 8, len, 4);
      keycode::put_le(block + kCodedHead + len, sum, 8);
      const std::size_t total = kCodedHead + len + 8;
      if (std::fwrite(block, 1, total, f_) != total) fail();
      bytes_ += total;
    } else {
      const BlockHead head{kBlockMagic, static_cast<std::uint32_t>(n)};
      if (std::fwrite(&head, sizeof head, 1, f_) != 1 || std::fwrite(buf_.data(), sizeof(CompactKey), n, f_) != n ||
          std::fwrite(&sum, sizeof sum, 1, f_) != 1)
        fail();
      bytes_ += block_bytes(n);
    }
    count_ += n;
    buf_.clear();
  }
  [[noreturn]] void fail() const {
    throw core::Error("cannot write positions to " + core::platform::path_to_utf8(path_) + " (is the disk full?)");
  }
  std::filesystem::path path_;
  std::FILE* f_ = nullptr;
  std::vector<CompactKey> buf_;
  std::vector<unsigned char> code_;  // a coded block
  std::uint64_t count_ = 0;
  std::uint64_t bytes_ = 0;
};

// Reads a key file block by block, checking each block's checksum.
class KeyReader {
 public:
  // The bytes a reader holds: a block's keys.  A coded block's code is read a piece at a
  // time into a buffer that takes the place of the file's own (the reader's file is
  // unbuffered), so a reader holds no more than a buffered one did.
  static constexpr std::size_t kCodePiece = 4 << 10;
  static constexpr std::uint64_t kHeldBytes = kBlockKeys * sizeof(CompactKey);

  explicit KeyReader(std::filesystem::path path) : path_(std::move(path)) {
    f_ = core::platform::open_file(path_, "rb");
    if (!f_) throw core::Error("cannot read positions from " + core::platform::path_to_utf8(path_));
    std::setvbuf(f_, nullptr, _IONBF, 0);
    std::error_code ec;
    size_ = std::filesystem::file_size(path_, ec);
    if (ec) size_ = 0;
  }
  KeyReader(const KeyReader&) = delete;
  KeyReader& operator=(const KeyReader&) = delete;
  ~KeyReader() {
    if (f_) std::fclose(f_);
  }
  // The next block's keys (empty at the end of the file); FormatError for a damaged block.
  const std::vector<CompactKey>& next() {
    block_.clear();
    BlockInfo b;
    const Head h = read_head(f_, b);
    if (h == Head::kEnd) return block_;
    if (h != Head::kOk) damaged();
    block_.resize(b.count);
    std::uint64_t sum = 0;
    bool ok = false;
    if (b.coded) {
      unsigned char s[8];
      ok = decode_block(b) && std::fread(s, 1, 8, f_) == 8;
      sum = keycode::get_le(s, 8);
    } else {
      ok = std::fread(block_.data(), sizeof(CompactKey), b.count, f_) == b.count &&
           std::fread(&sum, sizeof sum, 1, f_) == 1;
    }
    if (!ok || sum != key_checksum(block_.data(), b.count)) damaged();
    offset_ += b.bytes;
    return block_;
  }
  // Skips the next n keys (whole blocks: n must end a block, as counts kept by
  // KeyWriter do for every block but the last).
  void skip(std::uint64_t n) {
    while (n) {
      BlockInfo b;
      if (read_head(f_, b) != Head::kOk || b.count > n || offset_ + b.bytes > size_ ||
          !core::platform::seek_file(f_, offset_ + b.bytes))
        damaged();
      offset_ += b.bytes;
      n -= b.count;
    }
  }
  [[noreturn]] void damaged() const { damaged_file(path_); }

 private:
  // The keys of a coded block into block_, its code read a piece at a time; false when
  // it is damaged.
  bool decode_block(const BlockInfo& b) {
    if (code_.empty()) code_.resize(kCodePiece);
    std::uint64_t left = b.code;   // bytes of the code still in the file
    std::size_t at = 0, have = 0;  // code_[at .. have): read, not yet decoded
    CompactKey k{{0, 0, 0}};
    for (std::uint32_t i = 0; i < b.count; ++i) {
      if (have - at < kKeyCodeMax && left) {
        std::memmove(code_.data(), code_.data() + at, have - at);
        have -= at;
        at = 0;
        const auto more = static_cast<std::size_t>(std::min<std::uint64_t>(left, code_.size() - have));
        if (std::fread(code_.data() + have, 1, more, f_) != more) return false;
        have += more;
        left -= more;
      }
      const unsigned char* p = code_.data() + at;
      if (!decode_key(p, code_.data() + have, k)) return false;
      at = static_cast<std::size_t>(p - code_.data());
      block_[i] = k;
    }
    return at == have && left == 0;
  }

  std::filesystem::path path_;
  std::FILE* f_ = nullptr;
  std::vector<CompactKey> block_;
  std::vector<unsigned char> code_;  // a piece of a coded block's code
  std::uint64_t offset_ = 0;         // of the next block
  std::uint64_t size_ = 0;           // of the file
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
