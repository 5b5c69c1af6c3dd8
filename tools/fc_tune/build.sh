#!/bin/bash
# build.sh [OUT] [extra g++ flags]: the FreeCell tuning driver (drv.cpp) compiled with
# -DPARLOUR_TUNE from this tree's cpp/src/core and cpp/src/freecell (~15 s).
here=$(cd "$(dirname "$0")" && pwd); tree=$(cd "$here/../.." && pwd)
out=${1:-$here/drv}; shift
g++ -std=c++20 -O3 -g -DNDEBUG -DPARLOUR_TUNE "$@" -I"$tree/cpp/include" "$tree"/cpp/src/core/*.cpp \
  "$tree"/cpp/src/freecell/*.cpp "$here/drv.cpp" -o "$out" -lpthread
