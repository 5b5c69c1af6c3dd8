// The platform layer on Windows (see parlour/core/platform.hpp): memory from
// GlobalMemoryStatusEx and the process memory counters, the process affinity mask,
// C files opened by their UTF-16 path with 64-bit seeks.
#if defined(_WIN32)

#if !defined(NOMINMAX)
#define NOMINMAX
#endif
#if !defined(WIN32_LEAN_AND_MEAN)
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>
// After windows.h, which they need.
#include <io.h>
#include <psapi.h>

#include <bit>
#include <thread>

#include "parlour/core/platform.hpp"

namespace parlour::core::platform {

namespace {

bool memory_status(MEMORYSTATUSEX& m) noexcept {
  m = {};
  m.dwLength = sizeof m;
  return GlobalMemoryStatusEx(&m) != 0;
}

bool process_counters(PROCESS_MEMORY_COUNTERS& c) noexcept {
  c = {};
  c.cb = sizeof c;
  return GetProcessMemoryInfo(GetCurrentProcess(), &c, sizeof c) != 0;
}

}  // namespace

std::uint64_t physical_memory() noexcept {
  MEMORYSTATUSEX m;
  return memory_status(m) ? m.ullTotalPhys : 0;
}

std::uint64_t available_memory() noexcept {
  MEMORYSTATUSEX m;
  return memory_status(m) ? m.ullAvailPhys : 0;
}

std::uint64_t resident_memory() noexcept {
  PROCESS_MEMORY_COUNTERS c;
  return process_counters(c) ? static_cast<std::uint64_t>(c.WorkingSetSize) : 0;
}

std::uint64_t peak_resident_memory() noexcept {
  PROCESS_MEMORY_COUNTERS c;
  return process_counters(c) ? static_cast<std::uint64_t>(c.PeakWorkingSetSize) : 0;
}

void release_free_memory() noexcept {}  // the heap returns large blocks itself

int available_cpus() noexcept {
  DWORD_PTR process = 0, system = 0;
  if (GetProcessAffinityMask(GetCurrentProcess(), &process, &system) != 0 && process != 0) {
    // One processor group (up to 64 processors): the mask is the answer.  A process
    // spread over several groups reports 0 here and takes the count of all of them.
    return std::popcount(static_cast<std::uint64_t>(process));
  }
  const DWORD all = GetActiveProcessorCount(ALL_PROCESSOR_GROUPS);
  if (all > 0) return static_cast<int>(all);
  const unsigned n = std::thread::hardware_concurrency();
  return n > 0 ? static_cast<int>(n) : 1;
}

std::FILE* open_file(const std::filesystem::path& path, const char* mode) noexcept {
  wchar_t wmode[16] = {};  // the mode is ASCII ("rb", "ab", "w+", ...)
  for (int i = 0; i < 15 && mode[i]; ++i) wmode[i] = static_cast<wchar_t>(static_cast<unsigned char>(mode[i]));
  return _wfopen(path.c_str(), wmode);
}

bool seek_file(std::FILE* file, std::uint64_t offset) noexcept {
  if (offset > static_cast<std::uint64_t>(INT64_MAX)) return false;
  return _fseeki64(file, static_cast<__int64>(offset), SEEK_SET) == 0;
}

bool sync_file(std::FILE* file) noexcept {
  if (std::fflush(file) != 0) return false;
  const auto handle = reinterpret_cast<HANDLE>(_get_osfhandle(_fileno(file)));
  return handle != INVALID_HANDLE_VALUE && FlushFileBuffers(handle) != 0;
}

}  // namespace parlour::core::platform

#endif  // _WIN32
