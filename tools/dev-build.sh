#!/usr/bin/env bash
# Incremental developer build: compiles parlour._core with CMake/Ninja into build/dev
# and links the module into src/parlour, so `PYTHONPATH=src python -m pytest` runs the
# tree as it is.  (Users and CI install with `pip install .` instead.)
set -euo pipefail
cd "$(dirname "$0")/.."
py=${PYTHON:-python3}
if [ ! -f build/dev/build.ninja ]; then
  cmake -S . -B build/dev -G Ninja -DCMAKE_BUILD_TYPE=Release -DPARLOUR_PYTHON=ON \
    -DPython_EXECUTABLE="$(command -v "$py")" \
    -Dpybind11_DIR="$("$py" -m pybind11 --cmakedir)" >/dev/null
fi
cmake --build build/dev -j "${JOBS:-2}"
so=$(ls build/dev/_core*.so)
ln -sf "$PWD/$so" src/parlour/
