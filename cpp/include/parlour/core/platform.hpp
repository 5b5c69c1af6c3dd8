// parlour::core::platform — the engine's one door to the operating system and the CPU.
//
// Everything else in the engine is portable C++20; whatever differs between Linux,
// macOS and Windows, or between processors, is answered here, and no other file
// includes a system header (<unistd.h>, <sys/...>, <windows.h>, <cpuid.h>, ...).
// The implementations are cpp/src/core/platform.cpp (the parts common to every
// system), platform_posix.cpp (Linux and macOS) and platform_windows.cpp.
//
//   The CPU      cpu_features() detects once what the processor and the operating
//                system support (AVX2 needs both: the OS must save the wide registers).
//                vector_code() says whether the engine's vector kernels may run: on
//                when the CPU has them, off when the environment variable
//                PARLOUR_PORTABLE is set to anything but "" or "0" when the library
//                loads, or after set_vector_code(false).  The portable path gives
//                bit-identical results (the same IEEE operations in the same order),
//                so the switch exists for testing and for comparing speed.
//   Memory       the machine's RAM, what is still available, and this process's
//                resident set now and at its peak (0 when the system cannot tell);
//                prefetch(), a hint that a line of memory will be read soon;
//                release_free_memory(), the allocator's free pages back to the system.
//   Threads      available_cpus(): the processors this process may run on (its
//                affinity mask where the system has one), at least 1.
//   Files        paths from and to UTF-8 text (the Python side passes UTF-8; Windows
//                paths are UTF-16), C files opened by such a path, 64-bit seeks
//                (`long` is 32 bits on Windows), and fresh temporary directories.
//
// Interrupts need nothing here: a long call polls a core::StopToken
// (core/interrupt.hpp), and the bindings' token asks Python's own signal handling,
// which CPython provides on every system (SIGINT on POSIX, the console's Ctrl-C
// handler on Windows).
#pragma once

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <string_view>

namespace parlour::core::platform {

// ---- The CPU ----------------------------------------------------------------------

struct CpuFeatures {
  bool avx2 = false;  // x86-64 AVX2, usable (the CPU has it and the OS saves the YMM registers)
};

// What this processor supports (detected on first use; thread-safe).
const CpuFeatures& cpu_features() noexcept;

// The processor family this engine was compiled for: "x86_64", "aarch64", "x86",
// "arm" or "other".
std::string_view cpu_arch() noexcept;

// Whether the vector kernels may run now: the CPU has them and they were not turned
// off (PARLOUR_PORTABLE, set_vector_code).  A long call reads it once, at its start.
bool vector_code() noexcept;
// Turns the vector kernels off (false: the portable path everywhere) or back on
// (true: used where the CPU has them).
void set_vector_code(bool on) noexcept;
// Whether AVX2 kernels may run: vector_code() and cpu_features().avx2.
bool use_avx2() noexcept;

// ---- Memory -----------------------------------------------------------------------

// The machine's physical memory in bytes (0: unknown).
std::uint64_t physical_memory() noexcept;
// The memory new allocations can still get without swapping, in bytes (0: unknown).
std::uint64_t available_memory() noexcept;
// This process's resident set size now, in bytes (0: unknown).
std::uint64_t resident_memory() noexcept;
// The largest resident set size this process has had, in bytes (0: unknown).
std::uint64_t peak_resident_memory() noexcept;

// Asks the processor to start loading the cache line at `p`, which will be read soon:
// code that is about to read scattered memory (a hash table's slots) issues the hints
// for several reads first, so that the loads overlap.  Only a hint: it never faults,
// and compilers without the builtin (MSVC) ignore it.
inline void prefetch(const void* p) noexcept {
#if defined(__GNUC__) || defined(__clang__)
  __builtin_prefetch(p);
#else
  (void)p;
#endif
}

// Gives the pages the allocator holds free back to the system, after a large
// structure was freed: glibc keeps freed blocks below its mmap threshold (here, a
// store's chunks) in its heaps, where they still count in the resident set (its
// malloc_trim).  Nothing where the allocator returns them itself.  Takes a moment
// with gigabytes free: for after large frees only.
void release_free_memory() noexcept;

// ---- Threads ----------------------------------------------------------------------

// The processors this process may run on (its affinity mask where the system has
// one, else std::thread::hardware_concurrency()); at least 1.
int available_cpus() noexcept;

// ---- Files ------------------------------------------------------------------------

// A path from UTF-8 text, and back (every system: Windows paths are UTF-16 inside).
std::filesystem::path path_from_utf8(std::string_view text);
std::string path_to_utf8(const std::filesystem::path& path);

// std::fopen by path, with any characters the system allows in it (nullptr on failure,
// errno set as fopen sets it).
std::FILE* open_file(const std::filesystem::path& path, const char* mode) noexcept;
// Moves a file's position to `offset` bytes from its start; files past 2 GiB included.
// False on failure.
bool seek_file(std::FILE* file, std::uint64_t offset) noexcept;
// Flushes a file's buffers and asks the system to write them to the disk (fsync,
// FlushFileBuffers); false on failure.
bool sync_file(std::FILE* file) noexcept;

// The bytes the file system holding `path` still lets this process write
// (std::filesystem::space's `available`); the most a std::uint64_t holds when the
// system cannot tell.
std::uint64_t free_disk(const std::filesystem::path& path) noexcept;

// A new, empty directory under the system's temporary directory, named
// `prefix` + a random suffix; core::Error when none can be made.  The caller removes it.
std::filesystem::path make_temp_directory(std::string_view prefix = "parlour-");

}  // namespace parlour::core::platform
