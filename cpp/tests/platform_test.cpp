// The platform layer (parlour/core/platform.hpp) on the system it runs on: the CPU
// answers and the vector-code switch, memory figures that move when memory is
// touched, files by UTF-8 paths with characters outside ASCII, seeks past 2 GiB (a
// 32-bit `long` on Windows), and a proof whose positions wait on disk in a temporary
// directory with such a name.  CI runs it natively, under qemu-aarch64 and under wine.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "check.hpp"
#include "parlour/core/errors.hpp"
#include "parlour/core/interrupt.hpp"
#include "parlour/core/platform.hpp"
#include "parlour/core/rng.hpp"
#include "parlour/freecell/solver.hpp"
#include "parlour/freecell/state.hpp"
#include "temp_dir.hpp"

namespace {

namespace platform = parlour::core::platform;
namespace fs = std::filesystem;
using parlour::test::TempDir;

constexpr const char* kPrefix = "parlour-\xc3\xa9t\xc3\xa9-";  // "parlour-été-"

}  // namespace

TEST_CASE(cpu) {
  const std::string arch(platform::cpu_arch());
  CHECK(arch == "x86_64" || arch == "aarch64" || arch == "x86" || arch == "arm" || arch == "other");
#if defined(__aarch64__) || defined(_M_ARM64)
  CHECK_EQ(arch, std::string("aarch64"));
  CHECK(!platform::cpu_features().avx2);
#elif defined(__x86_64__) || defined(_M_X64)
  CHECK_EQ(arch, std::string("x86_64"));
#endif
  const bool was = platform::vector_code();
  platform::set_vector_code(false);
  CHECK(!platform::vector_code());
  CHECK(!platform::use_avx2());
  platform::set_vector_code(true);
  CHECK(platform::vector_code());
  CHECK_EQ(platform::use_avx2(), platform::cpu_features().avx2);
  platform::set_vector_code(was);
}

TEST_CASE(wide_products_without_a_128_bit_integer) {
  // Rng::below multiplies 64 by 64 bits: MSVC, without __int128, takes the four
  // 32-bit products; both ways give the same words.
  using parlour::core::mul_wide, parlour::core::mul_wide_parts;
  static_assert(mul_wide_parts(~0ull, ~0ull).hi == ~0ull - 1 && mul_wide_parts(~0ull, ~0ull).lo == 1);
  parlour::core::Rng rng(7);
  for (int i = 0; i < 100000; ++i) {
    const std::uint64_t a = rng.next(), b = i % 3 == 0 ? rng.next() >> (i % 64) : rng.next();
    const auto x = mul_wide(a, b), y = mul_wide_parts(a, b);
    CHECK(x.hi == y.hi && x.lo == y.lo);
  }
}

TEST_CASE(threads) {
  const int n = platform::available_cpus();
  CHECK(n >= 1);
  CHECK_EQ(parlour::core::resolve_threads(0), std::min(n, parlour::core::kMaxThreads));
}

TEST_CASE(memory) {
  const std::uint64_t physical = platform::physical_memory(), available = platform::available_memory();
  CHECK(physical > (std::uint64_t{64} << 20));
  CHECK(available > 0);
  CHECK(available <= physical);
  const std::uint64_t before = platform::resident_memory();
  CHECK(before > 0);
  // Touch 64 MiB: the resident set grows by most of it, and the peak follows.
  std::vector<unsigned char> block(std::size_t{64} << 20);
  for (std::size_t i = 0; i < block.size(); i += 4096) block[i] = static_cast<unsigned char>(i >> 12);
  const std::uint64_t after = platform::resident_memory();
  CHECK(after >= before + (std::uint64_t{48} << 20));
  CHECK(platform::peak_resident_memory() >= after);
  CHECK(block[4096 * 7] == 7);
}

TEST_CASE(files_by_utf8_paths_and_long_seeks) {
  const TempDir dir(kPrefix);
  CHECK(fs::is_directory(dir.path));
  CHECK(fs::is_empty(dir.path));
  CHECK(platform::path_to_utf8(dir.path.filename()).rfind(kPrefix, 0) == 0);
  const std::string name = "positions-\xc3\xbc\xe2\x99\xa0.keys";  // "positions-ü♠.keys"
  const fs::path file = dir.path / platform::path_from_utf8(name);
  CHECK_EQ(platform::path_to_utf8(file.filename()), name);
  std::FILE* f = platform::open_file(file, "wb");
  CHECK(f != nullptr);
  if (!f) return;
  const char text[] = "0123456789";
  CHECK_EQ(std::fwrite(text, 1, 10, f), std::size_t{10});
  CHECK(platform::sync_file(f));
  CHECK_EQ(std::fclose(f), 0);
  CHECK_EQ(fs::file_size(file), std::uintmax_t{10});
  // The name on disk is the one given (listing the directory finds it by that name).
  bool listed = false;
  for (const auto& e : fs::directory_iterator(dir.path))
    listed = listed || platform::path_to_utf8(e.path()) == platform::path_to_utf8(file);
  CHECK(listed);
  f = platform::open_file(file, "rb");
  CHECK(f != nullptr);
  if (!f) return;
  // Past 2 GiB (beyond the end: allowed, and nothing to read there); then back.
  CHECK(platform::seek_file(f, std::uint64_t{3} << 30));
  char c = 0;
  CHECK_EQ(std::fread(&c, 1, 1, f), std::size_t{0});
  CHECK(platform::seek_file(f, 7));
  CHECK_EQ(std::fread(&c, 1, 1, f), std::size_t{1});
  CHECK_EQ(c, '7');
  std::fclose(f);
  CHECK(platform::open_file(dir.path / "missing", "rb") == nullptr);
  // The free disk of the directory's file system: some, and no more than the file system holds.
  const std::uint64_t free = platform::free_disk(dir.path);
  CHECK(free > 0);
  CHECK(free <= static_cast<std::uint64_t>(fs::space(dir.path).capacity));
  CHECK_EQ(platform::free_disk(dir.path / "missing" / "deeper"), ~std::uint64_t{0});  // cannot tell
}

TEST_CASE(a_proof_on_disk_in_a_directory_named_outside_ascii) {
  using namespace parlour::freecell;
  const GameState g = GameState::from_ms_deal(517776);
  const SolveResult ref = solve(g, SolveMode::Proof);
  CHECK(ref.verdict == Verdict::Unsolvable);
  const TempDir dir(kPrefix);
  ProofOptions opt;
  opt.work_dir = platform::path_to_utf8(dir.path / platform::path_from_utf8("\xe2\x99\xa3 proof"));  // "♣ proof"
  opt.memory_limit = 4'000'000;  // most positions wait on disk between layers
  std::uint64_t disk = 0;
  const SolveResult r = prove(g, opt, nullptr, [&](const ProofProgress& p) { disk = std::max(disk, p.disk); });
  CHECK(r.verdict == Verdict::Unsolvable);
  CHECK_EQ(r.states, ref.states);
  CHECK(disk > 0);
  CHECK(fs::exists(dir.path / platform::path_from_utf8("\xe2\x99\xa3 proof") / "parlour-proof.txt"));
  // Started again, the finished proof is read back from its directory.
  const SolveResult again = prove(g, opt);
  CHECK(again.verdict == Verdict::Unsolvable);
  CHECK_EQ(again.states, ref.states);
}

int main() { return parlour::test::run_all(); }
