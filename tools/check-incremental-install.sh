#!/usr/bin/env bash
# Installing from a checkout again compiles only what changed: `pip install
# --no-build-isolation .` keeps its build directory (build/{wheel_tag}, pyproject.toml's
# [tool.scikit-build] build-dir) and the build environment's paths, so a second install of
# an unchanged tree compiles and links nothing.  This script installs the checkout twice
# into a throwaway prefix (beside any parlour already installed) and fails when the second
# install builds anything.  The first install of a fresh tree compiles the whole engine
# (minutes on two cores), which is why CI leaves this check to people changing the build
# (tests/test_build_incremental.py checks the configuration it relies on).
#
# Usage: tools/check-incremental-install.sh   (PYTHON: the interpreter, default python3;
# it needs the build requirements: pip install scikit-build-core 'pybind11==3.1.0' cmake ninja)
set -euo pipefail
cd "$(dirname "$0")/.."
py=${PYTHON:-python3}
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
log=$prefix/install.log
for pass in first second; do
  echo "check-incremental-install: $pass install"
  # --ignore-installed: pip would otherwise uninstall a parlour installed in this environment
  "$py" -m pip install -v --no-build-isolation --no-deps --ignore-installed --prefix "$prefix/p" . >"$log" 2>&1 || {
    tail -n 60 "$log" >&2
    exit 1
  }
done
if grep -E "Building CXX object|Linking CXX" "$log"; then
  echo "check-incremental-install: the second install of an unchanged tree built the lines above" >&2
  exit 1
fi
echo "check-incremental-install: the second install compiled and linked nothing"
