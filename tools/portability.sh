#!/usr/bin/env bash
# The engine on other compilers, standard libraries, CPUs and systems, from one Debian
# x86-64 machine (CI's portability step; docs/development.md, "Portability"):
#
#   libcxx    Clang with libc++: the extension, warnings as errors, and the default test
#             run against it (the package in src/ with this build's _core linked in);
#   aarch64   the engine and the C++ tests cross-compiled with g++-aarch64-linux-gnu,
#             run under qemu-aarch64 (char signedness, alignment, no x86 intrinsics);
#   windows   the engine and the C++ tests cross-compiled with MinGW-w64 (POSIX threads),
#             run under wine (the Windows branch of the platform layer, 32-bit long);
#   portable  no AVX instruction outside the AVX2 kernels in the GCC objects (the windows
#             build's) and the Clang ones (libcxx's), and the C++ tests natively with
#             PARLOUR_PORTABLE=1 (no AVX2 kernel anywhere) on the libcxx build;
#   macos     (not in `all`) the engine compiled for aarch64-macos with `zig c++`, when
#             the ziglang package is installed.
#
# Usage: tools/portability.sh [libcxx|aarch64|windows|portable|macos|all]...  (default:
# all).  PYTHON names the interpreter whose packages run the tests (default python3);
# JOBS the parallel jobs (default 2).  The builds go to build/port/<name> and use ccache
# when it is installed, so a second run only rebuilds what changed.
set -euo pipefail
cd "$(dirname "$0")/.."
py=${PYTHON:-python3}
jobs=${JOBS:-2}
root=$PWD
launcher=()
if command -v ccache >/dev/null 2>&1; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  # Clones in different folders share the cache (relative paths in the hashes).
  export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$root} CCACHE_NOHASHDIR=${CCACHE_NOHASHDIR:-1}
fi

say() { echo "portability: $*"; }

configure() {  # configure NAME [cmake arguments...]
  local dir=build/port/$1
  shift
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DPARLOUR_WERROR=ON "${launcher[@]}" "$@" >/dev/null
}

build_libcxx() {  # the extension and the C++ tests with Clang and libc++ (kept; a rerun is a no-op)
  local libcxx=(-stdlib=libc++)
  configure libcxx -DPARLOUR_PYTHON=ON -DPARLOUR_TESTS=ON -DCMAKE_CXX_COMPILER=clang++ \
    -DCMAKE_CXX_FLAGS="${libcxx[*]}" -DCMAKE_EXE_LINKER_FLAGS="${libcxx[*]}" \
    -DCMAKE_MODULE_LINKER_FLAGS="${libcxx[*]}" -DCMAKE_SHARED_LINKER_FLAGS="${libcxx[*]}" \
    -DPython_EXECUTABLE="$(command -v "$py")" -Dpybind11_DIR="$("$py" -m pybind11 --cmakedir)"
  cmake --build build/port/libcxx -j "$jobs"
}

libcxx() {
  say "Clang $(clang++ -dumpversion) with libc++: the extension, then the default tests against it"
  build_libcxx
  local so pkg=build/port/libcxx/pkg
  so=$(ls "$root"/build/port/libcxx/_core.*.so)
  local deps
  deps=$(ldd "$so")  # whole, then searched: `ldd | grep -q` fails under pipefail when grep exits first
  if ! grep -q 'libc++\.so' <<<"$deps"; then
    echo "portability: $so is not linked with libc++" >&2
    return 1
  fi
  # The package as in src/, with this build's extension in place of any other.
  # A copy, not symlinks: the tests find the sources from parlour.__file__ (resolved, a
  # symlink would lead them back to src/, which holds another extension or none).
  rm -rf "$pkg"
  mkdir -p "$pkg"
  cp -R "$root/src/parlour" "$pkg/parlour"
  find "$pkg/parlour" \( -name '_core.*.so' -o -name '_core.*.pyd' -o -name __pycache__ \) -prune -exec rm -rf {} +
  cp "$so" "$pkg/parlour/"
  local where
  where=$(PYTHONPATH=$root/$pkg "$py" -c 'import parlour._core as c; print(c.__file__)')
  [ "$where" = "$root/$pkg/parlour/$(basename "$so")" ] || {
    echo "portability: the tests would import $where, not the libc++ build" >&2
    return 1
  }
  PYTHONPATH=$root/$pkg "$py" -m pytest -n "$jobs" --benchmark-disable -p no:cacheprovider -q tests benchmarks
}

aarch64() {
  say "aarch64 ($(aarch64-linux-gnu-g++ -dumpversion)): the engine and the C++ tests under qemu-aarch64"
  configure aarch64 -DPARLOUR_TESTS=ON -DCMAKE_SYSTEM_NAME=Linux -DCMAKE_SYSTEM_PROCESSOR=aarch64 \
    -DCMAKE_CXX_COMPILER=aarch64-linux-gnu-g++ \
    -DCMAKE_CROSSCOMPILING_EMULATOR="qemu-aarch64;-L;/usr/aarch64-linux-gnu"
  cmake --build build/port/aarch64 -j "$jobs"
  ctest --test-dir build/port/aarch64 -j "$jobs" --output-on-failure
}

build_windows() {  # the engine and the C++ tests with MinGW-w64's GCC (kept; a rerun is a no-op)
  configure windows -DPARLOUR_TESTS=ON -DCMAKE_SYSTEM_NAME=Windows -DCMAKE_SYSTEM_PROCESSOR=AMD64 \
    -DCMAKE_CXX_COMPILER=x86_64-w64-mingw32-g++-posix -DCMAKE_EXE_LINKER_FLAGS="-static" \
    -DCMAKE_CROSSCOMPILING_EMULATOR=wine
  cmake --build build/port/windows -j "$jobs"
}

windows() {
  say "Windows ($(x86_64-w64-mingw32-g++-posix -dumpversion), MinGW-w64): the engine and the C++ tests under wine"
  build_windows
  # A wine prefix of its own, kept between runs (making one takes a few seconds).
  export WINEPREFIX=$root/build/port/wine WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
  [ -d "$WINEPREFIX" ] || wineboot -i >/dev/null 2>&1 || true
  # wineboot returns while the prefix's services still start; tests started beside them
  # were seen to wait forever on the wine server (0 s of CPU, blocked on its pipe): wait
  # until the server is idle and gone, and give a hung test more tries (only one that
  # ran out of time: a test that fails is not run again).  A test has three times the
  # slowest test's time (about a minute under qemu), so that a hang costs little: once
  # a test's process was seen blocked in the server's pipe at its exit and passed on the
  # next try.  (The hang of the Yahtzee solver's test on every try was the solver's own:
  # std::atomic::wait under MinGW-w64, see cpp/src/yahtzee/widget.cpp.)
  wineserver -w
  ctest --test-dir build/port/windows -j "$jobs" --output-on-failure --timeout 180 --repeat after-timeout:3
}

portable() {
  say "the portable path: AVX instructions only in the AVX2 kernels (GCC and Clang); the C++ tests with PARLOUR_PORTABLE=1"
  # x86-64 objects of both compilers, from the builds the other steps make (GCC: MinGW-w64's,
  # the same code generator as Linux's; Clang: libcxx's) instead of a build of its own.
  build_windows
  build_libcxx
  # Any VEX-encoded instruction (AVX and later) outside a function named *avx2* would
  # crash a CPU without AVX: the compiler must keep the target to those functions.
  local dir listing leaks
  for dir in build/port/windows build/port/libcxx; do
    listing=$(find "$dir/CMakeFiles/parlour_engine.dir" \( -name '*.o' -o -name '*.obj' \) -print0 |
      xargs -0 objdump -d --no-show-raw-insn -C |
      awk '/^[0-9a-f]+ <.*>:$/ {fn = $0} /\t(v[a-z0-9]+|vzeroupper)( |$)/ {print (fn ~ /avx2/ ? "kernel " : "leak ") fn}' |
      sort -u)
    if ! grep -q '^kernel ' <<<"$listing"; then  # the kernels are seen, so a leak would be too
      echo "portability: no AVX2 kernel found in $dir's objects: the check would see nothing" >&2
      return 1
    fi
    leaks=$(grep '^leak ' <<<"$listing" || true)
    if [ -n "$leaks" ]; then
      echo "portability: AVX instructions outside the AVX2 kernels in $dir:" >&2
      echo "$leaks" >&2
      return 1
    fi
  done
  PARLOUR_PORTABLE=1 ctest --test-dir build/port/libcxx -j "$jobs" --output-on-failure
}

macos() {
  local zig
  zig=$("$py" -c 'import ziglang, os; print(os.path.join(os.path.dirname(ziglang.__file__), "zig"))' 2>/dev/null) || {
    say "macos: skipped (pip install ziglang to compile for aarch64-macos with zig c++)"
    return 0
  }
  say "aarch64-macos with zig c++ ($("$zig" version)): the engine compiles"
  configure macos -DCMAKE_SYSTEM_NAME=Darwin -DCMAKE_SYSTEM_PROCESSOR=arm64 \
    -DCMAKE_CXX_COMPILER="$zig;c++;-target;aarch64-macos"
  cmake --build build/port/macos -j "$jobs" --target parlour_engine
}

steps=("$@")
[ ${#steps[@]} -gt 0 ] || steps=(libcxx aarch64 windows portable)
[ "${steps[*]}" != all ] || steps=(libcxx aarch64 windows portable)
for step in "${steps[@]}"; do
  case $step in
    libcxx | aarch64 | windows | portable | macos) ;;
    *) echo "portability: unknown step $step (libcxx, aarch64, windows, portable, macos, all)" >&2; exit 2 ;;
  esac
  start=$SECONDS
  "$step"
  say "$step took $((SECONDS - start)) s"
done
