// The platform layer on Linux and macOS (see parlour/core/platform.hpp): memory from
// sysconf, /proc and getrusage (Linux) or sysctl and the Mach task info (macOS), the
// affinity mask, C files with 64-bit offsets.
#if !defined(_WIN32)

#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE 1  // sched_getaffinity, CPU_COUNT
#endif
#if !defined(_FILE_OFFSET_BITS)
#define _FILE_OFFSET_BITS 64  // fseeko with 64-bit offsets on 32-bit systems too
#endif

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <limits>
#include <string>
#include <thread>

#include "parlour/core/platform.hpp"

#if defined(__GLIBC__)
#include <malloc.h>
#endif
#if defined(__linux__)
#include <sched.h>
#elif defined(__APPLE__)
#include <mach/mach.h>
#include <sys/sysctl.h>
#endif

namespace parlour::core::platform {

namespace {

[[maybe_unused]] std::uint64_t page_size() noexcept {
  const long p = sysconf(_SC_PAGESIZE);
  return p > 0 ? static_cast<std::uint64_t>(p) : 4096;
}

#if defined(__linux__)
// A field of /proc/meminfo in bytes ("MemAvailable"), 0 when missing.
std::uint64_t meminfo(const char* field) noexcept {
  try {
    std::ifstream in("/proc/meminfo");
    std::string name, unit;
    std::uint64_t kib = 0;
    while (in >> name >> kib) {
      std::getline(in, unit);
      if (name.size() == std::strlen(field) + 1 && name.compare(0, name.size() - 1, field) == 0) return kib * 1024;
    }
  } catch (...) {  // NOLINT(bugprone-empty-catch): unknown, like a missing field
  }
  return 0;
}
#endif

}  // namespace

std::uint64_t physical_memory() noexcept {
#if defined(__APPLE__)
  std::uint64_t bytes = 0;
  std::size_t n = sizeof bytes;
  return sysctlbyname("hw.memsize", &bytes, &n, nullptr, 0) == 0 ? bytes : 0;
#else
  const long pages = sysconf(_SC_PHYS_PAGES);
  return pages > 0 ? static_cast<std::uint64_t>(pages) * page_size() : 0;
#endif
}

std::uint64_t available_memory() noexcept {
#if defined(__linux__)
  // MemAvailable counts the page cache the kernel would give back; free pages alone do not.
  if (const std::uint64_t a = meminfo("MemAvailable")) return a;
  const long pages = sysconf(_SC_AVPHYS_PAGES);
  return pages > 0 ? static_cast<std::uint64_t>(pages) * page_size() : 0;
#elif defined(__APPLE__)
  vm_statistics64_data_t vm{};
  mach_msg_type_number_t count = HOST_VM_INFO64_COUNT;
  if (host_statistics64(mach_host_self(), HOST_VM_INFO64, reinterpret_cast<host_info64_t>(&vm), &count) != KERN_SUCCESS)
    return 0;
  return (static_cast<std::uint64_t>(vm.free_count) + vm.inactive_count + vm.purgeable_count) * page_size();
#else
  return 0;
#endif
}

std::uint64_t resident_memory() noexcept {
#if defined(__linux__)
  try {
    std::ifstream in("/proc/self/statm");
    std::uint64_t size = 0, resident = 0;
    if (in >> size >> resident) return resident * page_size();
  } catch (...) {  // NOLINT(bugprone-empty-catch): unknown
  }
  return 0;
#elif defined(__APPLE__)
  mach_task_basic_info_data_t info{};
  mach_msg_type_number_t count = MACH_TASK_BASIC_INFO_COUNT;
  if (task_info(mach_task_self(), MACH_TASK_BASIC_INFO, reinterpret_cast<task_info_t>(&info), &count) != KERN_SUCCESS)
    return 0;
  return info.resident_size;
#else
  return 0;
#endif
}

std::uint64_t peak_resident_memory() noexcept {
  rusage ru{};
  std::uint64_t peak = 0;
  if (getrusage(RUSAGE_SELF, &ru) == 0 && ru.ru_maxrss > 0) {
#if defined(__APPLE__)
    peak = static_cast<std::uint64_t>(ru.ru_maxrss);  // bytes on macOS
#else
    peak = static_cast<std::uint64_t>(ru.ru_maxrss) * 1024;  // KiB on Linux and the BSDs
#endif
  }
  // Linux updates the high-water mark lazily (the resident count can be a few pages
  // ahead of it): the peak is at least what is resident now.
  return std::max(peak, resident_memory());
}

void release_free_memory() noexcept {
#if defined(__GLIBC__)
  malloc_trim(0);
#endif
}

int available_cpus() noexcept {
#if defined(__linux__)
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) == 0) {
    const int n = CPU_COUNT(&set);
    if (n > 0) return n;
  }
#endif
  const unsigned n = std::thread::hardware_concurrency();
  return n > 0 ? static_cast<int>(std::min(n, static_cast<unsigned>(std::numeric_limits<int>::max()))) : 1;
}

std::FILE* open_file(const std::filesystem::path& path, const char* mode) noexcept {
  return std::fopen(path.c_str(), mode);
}

bool seek_file(std::FILE* file, std::uint64_t offset) noexcept {
  if (offset > static_cast<std::uint64_t>(std::numeric_limits<off_t>::max())) return false;
  return fseeko(file, static_cast<off_t>(offset), SEEK_SET) == 0;
}

bool sync_file(std::FILE* file) noexcept {
  if (std::fflush(file) != 0) return false;
  const int fd = fileno(file);
#if defined(__APPLE__)
  // fsync on macOS leaves the data in the drive's cache; F_FULLFSYNC flushes that too.
  if (fcntl(fd, F_FULLFSYNC) == 0) return true;
#endif
  return fsync(fd) == 0;
}

}  // namespace parlour::core::platform

#endif  // !_WIN32
