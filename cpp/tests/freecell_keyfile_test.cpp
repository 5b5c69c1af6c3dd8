// The files of compact keys of prove (cpp/src/freecell/solver_keyfile.hpp): keys written
// by KeyWriter read back exactly, sorted or not, in files of 1, 2, 4095, 4096 keys and
// with a last partial block; the code of keys that repeat, differ in any word or hold
// the largest values; files of the blocks as they were first written (PFC1), alone and
// mixed with coded ones (PFC2); skip() and whole_blocks() over both kinds; and damaged
// files, cut anywhere or with any byte changed, either read back exactly or are
// refused with FormatError; and a proof whose split is searched on disk, through these
// files (the sanitizer build runs them all under ASan and UBSan).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <initializer_list>
#include <span>
#include <string>
#include <vector>

#include "check.hpp"
#include "freecell/solver_keyfile.hpp"
#include "parlour/core/errors.hpp"
#include "parlour/core/platform.hpp"
#include "parlour/core/rng.hpp"
#include "parlour/freecell/solver.hpp"
#include "parlour/freecell/state.hpp"
#include "temp_dir.hpp"

using namespace parlour::freecell::search;
namespace platform = parlour::core::platform;
namespace fs = std::filesystem;
using parlour::core::FormatError;
using parlour::core::Rng;
using parlour::test::TempDir;

namespace {

bool same(const std::vector<CompactKey>& a, const std::vector<CompactKey>& b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin());
}

// Keys a little like the solver's: a first word of few values, then 40 bits and 16.
CompactKey key_like(Rng& rng) { return CompactKey{{rng.below(1024), rng.next() >> 24, rng.next() >> 48}}; }

std::vector<CompactKey> sorted_keys(Rng& rng, std::size_t n) {
  std::vector<CompactKey> keys(n);
  for (auto& k : keys) k = key_like(rng);
  std::sort(keys.begin(), keys.end(), key_less);
  return keys;
}

std::vector<CompactKey> read_all(const fs::path& path) {
  KeyReader r(path);
  std::vector<CompactKey> out;
  for (const auto* block = &r.next(); !block->empty(); block = &r.next())
    out.insert(out.end(), block->begin(), block->end());
  return out;
}

std::uint64_t write_all(const fs::path& path, const std::vector<CompactKey>& keys) {
  KeyWriter w(path);
  w.add(keys.data(), keys.size());
  CHECK_EQ(w.close(), keys.size());
  return w.bytes();
}

// A block as the first version of the format wrote it (and KeyWriter still does when
// coding does not make it smaller): head, keys and checksum in host order.
void append_raw_block(const fs::path& path, const std::vector<CompactKey>& keys) {
  std::FILE* f = platform::open_file(path, "ab");
  CHECK(f != nullptr);
  const BlockHead head{kBlockMagic, static_cast<std::uint32_t>(keys.size())};
  const std::uint64_t sum = key_checksum(keys.data(), keys.size());
  std::fwrite(&head, sizeof head, 1, f);
  std::fwrite(keys.data(), sizeof(CompactKey), keys.size(), f);
  std::fwrite(&sum, sizeof sum, 1, f);
  std::fclose(f);
}

std::vector<unsigned char> bytes_of(const fs::path& path) {
  std::vector<unsigned char> out(fs::file_size(path));
  std::FILE* f = platform::open_file(path, "rb");
  if (!out.empty()) CHECK_EQ(std::fread(out.data(), 1, out.size(), f), out.size());
  std::fclose(f);
  return out;
}

void put_bytes(const fs::path& path, const unsigned char* data, std::size_t n) {
  std::FILE* f = platform::open_file(path, "wb");
  if (n) std::fwrite(data, 1, n, f);
  std::fclose(f);
}

// The code and back, through encode_keys and decode_keys alone.
bool codes_back(const std::vector<CompactKey>& keys) {
  std::vector<unsigned char> code(keys.size() * kKeyCodeMax + kKeyCodeMax);
  const std::size_t len = encode_keys(keys.data(), keys.size(), code.data(), code.size() - kKeyCodeMax);
  if (len >= code.size() - kKeyCodeMax) return false;
  std::vector<CompactKey> back(keys.size());
  return decode_keys(code.data(), len, back.data(), back.size()) && same(keys, back) &&
         // one byte less, or one key more, is refused
         (len == 0 || !decode_keys(code.data(), len - 1, back.data(), back.size())) &&
         !decode_keys(code.data(), len, back.data(), back.size() + 1);
}

}  // namespace

TEST_CASE(sorted_and_unsorted_keys_read_back_exactly_whatever_the_block_sizes) {
  Rng rng(11);
  const TempDir dir("parlour-keyfile-");
  int file = 0;
  for (std::size_t n :
       {std::size_t{1}, std::size_t{2}, std::size_t{4095}, std::size_t{4096}, std::size_t{4097}, 3 * kBlockKeys + 5}) {
    const std::vector<CompactKey> sorted = sorted_keys(rng, n);
    std::vector<CompactKey> shuffled = sorted;
    rng.shuffle(std::span<CompactKey>(shuffled));
    std::vector<CompactKey> random(n);
    for (auto& k : random) k = CompactKey{{rng.next(), rng.next(), rng.next()}};
    for (const std::vector<CompactKey>* keys :
         std::initializer_list<const std::vector<CompactKey>*>{&sorted, &shuffled, &random}) {
      std::string name = "k";
      name += std::to_string(file++);
      const fs::path p = dir.path / name;
      const std::uint64_t bytes = write_all(p, *keys);
      CHECK_EQ(bytes, static_cast<std::uint64_t>(fs::file_size(p)));
      CHECK(bytes <= file_bytes(n));  // never more than the keys as they are
      CHECK(same(read_all(p), *keys));
      CHECK_EQ(whole_blocks(p, bytes), bytes);
    }
  }
  // Sorted keys are coded, at well under 24 bytes a key once a block holds many; keys
  // of three random words are not (their code would be longer): written as they are.
  const std::vector<CompactKey> sorted = sorted_keys(rng, 2 * kBlockKeys);
  const fs::path p = dir.path / "sorted";
  CHECK(write_all(p, sorted) < file_bytes(sorted.size()) / 2);
  std::vector<CompactKey> random(kBlockKeys);
  for (auto& k : random) k = CompactKey{{rng.next(), rng.next(), rng.next()}};
  CHECK_EQ(write_all(dir.path / "random", random), file_bytes(random.size()));
}

TEST_CASE(the_code_of_repeats_differences_in_every_word_and_the_largest_values) {
  constexpr std::uint64_t kMax = ~std::uint64_t{0};
  // A first key of zeros equals the key before the first; repeats; each word differing
  // first, by 1 and by the most; the largest values, going down as well as up.
  std::vector<CompactKey> keys = {
      {{0, 0, 0}},
      {{0, 0, 0}},
      {{0, 0, 1}},
      {{0, 1, 0}},
      {{1, 0, 0}},
      {{1, 0, 0}},
      {{1, 0, kMax}},
      {{1, kMax, 0}},
      {{kMax, 0, 0}},
      {{kMax, kMax, kMax}},
      {{kMax, kMax, kMax}},
      {{0, 0, 0}},
      {{kMax, kMax, 0}},
      {{kMax, 0, kMax}},
      {{31, 32, 33}},
      {{31, 32, 33}},
      {{1u << 5, 0, 0}},
      {{kMax >> 5, 0, 0}},
      {{kMax >> 1, kMax >> 1, kMax >> 1}},
  };
  CHECK(codes_back(keys));
  for (std::size_t i = 0; i < keys.size(); ++i)
    CHECK(codes_back(std::vector<CompactKey>(keys.begin() + static_cast<std::ptrdiff_t>(i), keys.end())));
  // Every word differing first at every bit.
  std::vector<CompactKey> bits;
  for (int w = 0; w < 3; ++w)
    for (int b = 0; b < 64; ++b) {
      CompactKey k{{5, 6, 7}};
      bits.push_back(k);
      k.w[w] ^= std::uint64_t{1} << b;
      bits.push_back(k);
    }
  CHECK(codes_back(bits));
  // A run of one repeated key codes to a byte a key.
  const std::vector<CompactKey> repeats(1000, CompactKey{{9, 9, 9}});
  std::vector<unsigned char> code(repeats.size() * kKeyCodeMax + kKeyCodeMax);
  CHECK_EQ(encode_keys(repeats.data(), repeats.size(), code.data(), code.size() - kKeyCodeMax), std::size_t{3 + 999});
  CHECK(codes_back(repeats));
  // The same keys through a file.
  const TempDir dir("parlour-keyfile-");
  write_all(dir.path / "k", keys);
  CHECK(same(read_all(dir.path / "k"), keys));
}

TEST_CASE(codes_past_64_bits_or_past_their_end_are_refused) {
  CompactKey k[2];
  const unsigned char zeros[] = {0x03};  // the first key equal to the key of zeros
  CHECK(decode_keys(zeros, 1, k, 1));
  CHECK(k[0] == (CompactKey{{0, 0, 0}}));
  // Word 1 differs first (by 0 here), then w[2] as the largest varint: ten bytes, the last one 1.
  const unsigned char tag1_max[] = {0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01};
  CHECK(decode_keys(tag1_max, sizeof tag1_max, k, 1));
  CHECK_EQ(k[0].w[2], ~std::uint64_t{0});
  const unsigned char tag1_over[] = {0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02};
  CHECK(!decode_keys(tag1_over, sizeof tag1_over, k, 1));
  const unsigned char tag1_long[] = {0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x81, 0x00};
  CHECK(!decode_keys(tag1_long, sizeof tag1_long, k, 1));
  // The difference: five bits in the first byte, then at most 59.
  const unsigned char diff_max[] = {0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x07};
  CHECK(decode_keys(diff_max, sizeof diff_max, k, 1));
  CHECK_EQ(k[0].w[2], ~std::uint64_t{0});
  const unsigned char diff_over[] = {0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x0f};
  CHECK(!decode_keys(diff_over, sizeof diff_over, k, 1));
  // A repeat is the byte 3 alone; cut short, left over.
  const unsigned char bad_repeat[] = {0x07};
  CHECK(!decode_keys(bad_repeat, 1, k, 1));
  const unsigned char cut[] = {0x80};
  CHECK(!decode_keys(cut, 1, k, 1));
  CHECK(!decode_keys(cut, 0, k, 1));
  const unsigned char left[] = {0x03, 0x03};
  CHECK(!decode_keys(left, 2, k, 1));
  CHECK(decode_keys(left, 2, k, 2));
}

TEST_CASE(files_of_the_first_format_and_of_both_kinds_read_back) {
  Rng rng(12);
  const TempDir dir("parlour-keyfile-");
  const std::vector<CompactKey> a = sorted_keys(rng, 300), b = sorted_keys(rng, kBlockKeys), c = sorted_keys(rng, 7);
  // Blocks as prove wrote them before coded blocks: read back, skipped, kept whole.
  const fs::path old = dir.path / "old";
  append_raw_block(old, a);
  append_raw_block(old, b);
  append_raw_block(old, c);
  std::vector<CompactKey> all = a;
  all.insert(all.end(), b.begin(), b.end());
  all.insert(all.end(), c.begin(), c.end());
  CHECK(same(read_all(old), all));
  CHECK_EQ(fs::file_size(old), file_bytes(a.size()) + file_bytes(b.size()) + file_bytes(c.size()));
  // Mixed: a raw block, coded blocks appended by KeyWriter (as a list's file grows), raw again.
  const fs::path mixed = dir.path / "mixed";
  append_raw_block(mixed, a);
  write_all(mixed, b);
  write_all(mixed, c);
  append_raw_block(mixed, a);
  std::vector<CompactKey> both = all;
  both.insert(both.end(), a.begin(), a.end());
  CHECK(same(read_all(mixed), both));
  const std::uint64_t size = fs::file_size(mixed);
  CHECK(size < fs::file_size(old) + file_bytes(a.size()));  // the middle blocks coded
  CHECK_EQ(whole_blocks(mixed, size), size);
  for (const fs::path& p : {old, mixed}) {
    KeyReader r(p);
    r.skip(a.size() + b.size());
    CHECK(same(r.next(), c));
    KeyReader r2(p);
    r2.skip(a.size());
    CHECK(same(r2.next(), b));
    KeyReader r3(p);
    CHECK_THROWS(r3.skip(a.size() + 1), FormatError);  // not the end of a block
  }
  // A file cut inside its last block: whole_blocks gives the bytes of the blocks before.
  const std::vector<unsigned char> data = bytes_of(mixed);
  const std::uint64_t before_last = size - file_bytes(a.size());
  for (std::uint64_t cut : {before_last + 1, before_last + 7, before_last + 8, size - 1}) {
    put_bytes(dir.path / "cut", data.data(), cut);
    CHECK_EQ(whole_blocks(dir.path / "cut", cut), before_last);
  }
}

TEST_CASE(a_damaged_coded_file_reads_back_exactly_or_is_refused) {
  Rng rng(13);
  const TempDir dir("parlour-keyfile-");
  // Three coded blocks of 300, 200 and 1 keys (each close() ends a block), then a raw one.
  std::vector<std::vector<CompactKey>> blocks = {sorted_keys(rng, 300), sorted_keys(rng, 200), sorted_keys(rng, 1)};
  const fs::path p = dir.path / "keys";
  std::vector<std::uint64_t> ends;  // the bytes at the end of each block
  for (const auto& b : blocks) {
    write_all(p, b);
    ends.push_back(fs::file_size(p));
  }
  blocks.push_back({CompactKey{{rng.next(), rng.next(), rng.next()}}});
  write_all(p, blocks.back());
  ends.push_back(fs::file_size(p));
  std::vector<CompactKey> all;
  for (const auto& b : blocks) all.insert(all.end(), b.begin(), b.end());
  const std::vector<unsigned char> data = bytes_of(p);
  CHECK_EQ(data.size(), ends.back());
  CHECK(data[0] == 'P' && data[3] == '2');
  CHECK(same(read_all(p), all));
  const fs::path q = dir.path / "damaged";
  int refused = 0, exact = 0, wrong = 0;
  // Outcome of reading the file q: the keys, exactly, of the blocks it holds whole, or FormatError.
  const auto check = [&](std::size_t whole) {
    std::vector<CompactKey> want;
    for (std::size_t i = 0; i < whole; ++i) want.insert(want.end(), blocks[i].begin(), blocks[i].end());
    try {
      if (same(read_all(q), want))
        ++exact;
      else
        ++wrong;
    } catch (const FormatError&) { ++refused; }
    try {  // and skipping the first block
      KeyReader r(q);
      r.skip(blocks[0].size());
      const std::vector<CompactKey> next = r.next();
      if (whole >= 2 ? !same(next, blocks[1]) : !next.empty()) ++wrong;
    } catch (const FormatError&) {}
    try {
      const std::uint64_t kept = whole_blocks(q, fs::file_size(q));
      if (kept > fs::file_size(q)) ++wrong;
    } catch (const FormatError&) {}
  };
  // Cut anywhere: the blocks before the cut, when it falls between blocks; else refused.
  // (One file cut shorter and shorter, and below one changed in place: few writes.)
  put_bytes(q, data.data(), data.size());
  for (std::size_t cut = data.size(); cut-- > 0;) {
    fs::resize_file(q, cut);
    const std::size_t whole =
        static_cast<std::size_t>(std::count_if(ends.begin(), ends.end(), [&](std::uint64_t e) { return e <= cut; }));
    const bool boundary = cut == 0 || std::find(ends.begin(), ends.end(), cut) != ends.end();
    const int refused_before = refused;
    check(whole);
    if (!boundary) CHECK_EQ(refused, refused_before + 1);
  }
  CHECK_EQ(wrong, 0);
  // Any byte changed, in several ways: refused (every byte is the head's, the code's or
  // the checksum's, and a changed key fails the checksum).
  put_bytes(q, data.data(), data.size());
  const auto put_byte = [&](std::size_t at, unsigned char value) {
    std::FILE* f = platform::open_file(q, "r+b");
    CHECK(f != nullptr && platform::seek_file(f, at) && std::fwrite(&value, 1, 1, f) == 1);
    std::fclose(f);
  };
  const std::size_t step = PARLOUR_TEST_SANITIZED ? 3 : 1;
  for (std::size_t i = 0; i < data.size(); i += step) {
    for (unsigned x : {0x01u, 0x02u, 0x10u, 0x80u, 0xffu, 0x7fu}) {
      put_byte(i, static_cast<unsigned char>(data[i] ^ x));
      const int refused_before = refused;
      check(blocks.size());
      CHECK_EQ(refused, refused_before + 1);
    }
    put_byte(i, data[i]);
  }
  CHECK_EQ(wrong, 0);
  // Random bytes after a coded block's head: refused or read, never out of bounds.
  for (int trial = 0; trial < 2000; ++trial) {
    const std::size_t n = 1 + rng.below(40), len = rng.below(n * 24 + 1);
    std::vector<unsigned char> block(kCodedHead + len + 8);
    std::memcpy(block.data(), kCodedMagic, 4);
    keycode::put_le(block.data() + 4, n, 4);
    keycode::put_le(block.data() + 8, len, 4);
    for (std::size_t i = kCodedHead; i < block.size(); ++i) block[i] = static_cast<unsigned char>(rng.next());
    put_bytes(q, block.data(), block.size());
    CHECK_THROWS(read_all(q), FormatError);  // (a random checksum matches once in 2^64)
    // The code alone, at the very end of its memory (the sanitizers catch a read past it).
    std::vector<unsigned char> code(block.begin() + kCodedHead,
                                    block.begin() + static_cast<std::ptrdiff_t>(kCodedHead + len));
    std::vector<CompactKey> out(n);
    (void)decode_keys(code.data(), code.size(), out.data(), n);
  }
}

TEST_CASE(a_proof_with_a_split_searched_on_disk_counts_what_proof_mode_counts) {
  using namespace parlour::freecell;
  const GameState g = GameState::from_ms_deal(517776);
  const SolveResult ref = solve(g, SolveMode::Proof);
  const TempDir dir("parlour-keyfile-");
  ProofOptions opt;
  opt.work_dir = platform::path_to_utf8(dir.path / "proof");
  opt.memory_limit = 2'000'000;  // the largest split goes to disk (runs, queue, doubtful positions)
  int reports = 0, coded_runs = 0;
  const SolveResult r = prove(g, opt, nullptr, [&](const ProofProgress& p) {
    ++reports;
    std::uint64_t bytes = 0;
    std::error_code ec;
    for (const auto& e : fs::recursive_directory_iterator(dir.path / "proof", ec)) {
      if (e.path().extension() != ".keys") continue;
      bytes += e.file_size();
      const std::string name = e.path().filename().string();
      if (name[0] == 'v' && bytes_of(e.path())[3] == '2') ++coded_runs;
    }
    CHECK_EQ(p.disk, bytes);  // the files' real bytes
  });
  CHECK(r.verdict == Verdict::Unsolvable);
  CHECK_EQ(r.states, ref.states);
  CHECK(reports > 0);
  CHECK(coded_runs > 0);
}

int main() { return parlour::test::run_all(); }
