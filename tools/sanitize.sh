#!/bin/bash
# Builds cpp/tests/sanitize_main.cpp with the whole engine (cpp/src, no Python) under
# AddressSanitizer + UndefinedBehaviorSanitizer and runs it; any finding aborts.
# About 2-3 minutes on two cores.  Usage: tools/sanitize.sh [out-dir]
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-build/sanitize}
mkdir -p "$out"
flags=(-std=c++20 -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
       -Wall -Wextra -Icpp/include)
srcs=(cpp/src/*/*.cpp cpp/tests/sanitize_main.cpp)
objs=()
for src in "${srcs[@]}"; do objs+=("$out/$(echo "$src" | tr / _).o"); done
for src in "${srcs[@]}"; do
  obj="$out/$(echo "$src" | tr / _).o"
  if [ ! -f "$obj" ] || [ "$src" -nt "$obj" ]; then echo "$src"; fi
done | xargs -r -P "${JOBS:-2}" -I{} sh -c 'g++ "$@" -c {} -o "'"$out"'/$(echo {} | tr / _).o"' _ "${flags[@]}"
g++ "${flags[@]}" "${objs[@]}" -o "$out/sanitize_main" -lpthread
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 "$out/sanitize_main"
