#!/usr/bin/env bash
# Regenerate the committed type stubs of parlour._core (src/parlour/_core/*.pyi) from
# the built extension (tools/stubgen.py: pybind11-stubgen plus fixes for mypy --strict).
# tests/test_stubs.py fails when the committed stubs drift.
set -euo pipefail
cd "$(dirname "$0")/.."
py=${PYTHON:-python3}
out=$(mktemp -d)
PYTHONPATH=src${PYTHONPATH:+:$PYTHONPATH} "$py" tools/stubgen.py "$out" >/dev/null
rm -rf src/parlour/_core
mkdir -p src/parlour/_core
cp "$out"/*.pyi src/parlour/_core/
rm -rf "$out"
echo "stubs written to src/parlour/_core/"
