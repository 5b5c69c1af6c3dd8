#!/bin/bash
# build.sh [OUT] [extra g++ flags]: the FreeCell tuning driver (drv.cpp) compiled
# against this tree's cpp/src/core and cpp/src/freecell (~15 s).  Add -DFC_CHECK to
# check every incremental key, hash and heuristic against a full recomputation.
here=$(cd "$(dirname "$0")" && pwd); tree=$(cd "$here/../.." && pwd)
out=${1:-$here/drv}; shift
g++ -std=c++20 -O3 -g -DNDEBUG -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion "$@" \
  -I"$tree/cpp/include" -I"$tree/cpp/src" "$tree"/cpp/src/core/*.cpp "$tree"/cpp/src/freecell/*.cpp \
  "$here/drv.cpp" -o "$out" -lpthread
