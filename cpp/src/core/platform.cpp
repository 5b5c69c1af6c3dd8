// The parts of the platform layer common to every system (see
// parlour/core/platform.hpp): CPU feature detection, the vector-code switch, UTF-8
// paths and temporary directories.  The system-specific parts are in
// platform_posix.cpp and platform_windows.cpp.
#include "parlour/core/platform.hpp"

#include <atomic>
#include <cstdlib>
#include <random>
#include <system_error>

#include "parlour/core/errors.hpp"

#if defined(__APPLE__) && defined(__x86_64__)
#include <sys/sysctl.h>  // sysctlbyname
#elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_IX86))
#include <intrin.h>  // __cpuid, _xgetbv
#endif

namespace parlour::core::platform {

namespace {

CpuFeatures detect() noexcept {
  CpuFeatures f;
#if defined(__APPLE__) && defined(__x86_64__)
  // macOS publishes what the CPU and the OS support as sysctl values.
  int v = 0;
  std::size_t n = sizeof v;
  f.avx2 = sysctlbyname("hw.optional.avx2_0", &v, &n, nullptr, 0) == 0 && v != 0;
#elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_IX86))
  int r[4];
  __cpuid(r, 0);
  const int max_leaf = r[0];
  __cpuid(r, 1);
  const bool osxsave = (r[2] & (1 << 27)) != 0, avx = (r[2] & (1 << 28)) != 0;
  // XCR0 bits 1 and 2: the OS saves the SSE and AVX (YMM) state on context switches.
  const bool ymm_saved = osxsave && (_xgetbv(0) & 0x6) == 0x6;
  if (max_leaf >= 7 && avx && ymm_saved) {
    __cpuidex(r, 7, 0);
    f.avx2 = (r[1] & (1 << 5)) != 0;
  }
#elif (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
  // GCC's and Clang's runtime check (libgcc, compiler-rt) reads CPUID and XGETBV, so
  // it answers false when the OS does not save the YMM registers.
  __builtin_cpu_init();
  f.avx2 = __builtin_cpu_supports("avx2") != 0;
#endif
  return f;
}

// -1: not read yet; 0: the vector kernels are off; 1: allowed.
std::atomic<int> g_vector{-1};

bool env_says_portable() noexcept {
  const char* v = std::getenv("PARLOUR_PORTABLE");  // NOLINT(concurrency-mt-unsafe): read once
  return v != nullptr && *v != '\0' && !(v[0] == '0' && v[1] == '\0');
}

}  // namespace

const CpuFeatures& cpu_features() noexcept {
  static const CpuFeatures f = detect();
  return f;
}

std::string_view cpu_arch() noexcept {
#if defined(__x86_64__) || defined(_M_X64)
  return "x86_64";
#elif defined(__aarch64__) || defined(_M_ARM64)
  return "aarch64";
#elif defined(__i386__) || defined(_M_IX86)
  return "x86";
#elif defined(__arm__) || defined(_M_ARM)
  return "arm";
#else
  return "other";
#endif
}

bool vector_code() noexcept {
  int v = g_vector.load(std::memory_order_relaxed);
  if (v < 0) {
    const int from_env = env_says_portable() ? 0 : 1;
    // A set_vector_code() racing with the first read wins.
    g_vector.compare_exchange_strong(v, from_env, std::memory_order_relaxed);
    v = g_vector.load(std::memory_order_relaxed);
  }
  return v == 1;
}

void set_vector_code(bool on) noexcept { g_vector.store(on ? 1 : 0, std::memory_order_relaxed); }

bool use_avx2() noexcept { return vector_code() && cpu_features().avx2; }

std::filesystem::path path_from_utf8(std::string_view text) {
  return std::filesystem::path(std::u8string(text.begin(), text.end()));
}

std::string path_to_utf8(const std::filesystem::path& path) {
  const std::u8string s = path.u8string();
  return std::string(s.begin(), s.end());
}

std::uint64_t free_disk(const std::filesystem::path& path) noexcept {
  std::error_code ec;
  const std::filesystem::space_info s = std::filesystem::space(path, ec);
  if (ec || s.available == static_cast<std::uintmax_t>(-1)) return ~std::uint64_t{0};
  return static_cast<std::uint64_t>(s.available);
}

std::filesystem::path make_temp_directory(std::string_view prefix) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path base = fs::temp_directory_path(ec);
  if (ec) throw Error("no temporary directory: " + ec.message());
  std::random_device rd;
  std::mt19937_64 gen((static_cast<std::uint64_t>(rd()) << 32) ^ rd());
  static constexpr char kDigits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
  for (int attempt = 0; attempt < 100; ++attempt) {
    std::string name(prefix);
    for (int i = 0; i < 12; ++i) name += kDigits[gen() % 36];
    const fs::path dir = base / path_from_utf8(name);
    if (fs::create_directory(dir, ec)) return dir;  // false when it exists already: try another name
    if (ec) throw Error("cannot make a temporary directory in " + path_to_utf8(base) + ": " + ec.message());
  }
  throw Error("cannot make a temporary directory in " + path_to_utf8(base) + ": every name tried exists");
}

}  // namespace parlour::core::platform
