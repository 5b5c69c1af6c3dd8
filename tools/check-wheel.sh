#!/usr/bin/env bash
# Build what users install and check it as they would get it (docs/development.md,
# "Wheels and releases"):
#
#   1. `python -m build`: the sdist, then a wheel built from that sdist, with the build
#      tools already installed and no network (inside `unshare -n` where the system
#      allows it), so the sdist is known to build offline;
#   2. `twine check --strict` and `check-wheel-contents` on both, `auditwheel repair`
#      for a manylinux tag; the sizes;
#   3. a fresh virtual environment whose PATH holds no compiler and no CMake: the wheel
#      (with NumPy) installs from local files, timed; `import parlour` timed cold and warm;
#   4. the default test run against that installed wheel, from copies of the tests
#      outside the checkout (as cibuildwheel's test step runs them);
#   5. cibuildwheel's build identifiers for each platform, from pyproject.toml.
#
# Usage: tools/check-wheel.sh  (PYTHON: the interpreter to use, default python3; OUT:
# the work folder, default build/wheelcheck).  Needs the network once, for the release
# tools (the `release` extra) and the test tools.  Prints one "wheel:" line per figure.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
py=${PYTHON:-python3}
out=$root/${OUT:-build/wheelcheck}
say() { echo "wheel: $*"; }
seconds() { "$py" -c 'import sys, time; print(f"{time.perf_counter() - float(sys.argv[1]):.1f}")' "$1"; }
now() { "$py" -c 'import time; print(time.perf_counter())'; }

rm -rf "$out"
mkdir -p "$out"
"$py" -m venv "$out/tools"
tools=$out/tools/bin
"$py" -c 'import tomllib; print("\n".join(tomllib.load(open("pyproject.toml", "rb"))["project"]["optional-dependencies"]["release"]))' >"$out/release.txt"
"$tools/pip" install -q -r "$out/release.txt"

# 1. The sdist, then the wheel from it, without the network.
offline=()
if unshare -n true 2>/dev/null; then offline=(unshare -n); fi
start=$(now)
# The user's and CPU time of the whole build, children included (bash's `times`).
"${offline[@]}" bash -c "'$tools/python' -m build --no-isolation --outdir '$out/dist' '$root' >'$out/build.log' 2>&1; times" >"$out/times.txt" || {
  tail -40 "$out/build.log" >&2
  exit 1
}
say "python -m build (sdist, then the wheel from it${offline:+, no network}): $(seconds "$start") s wall; CPU (user, system) $(tail -1 "$out/times.txt")"
sdist=$(ls "$out"/dist/*.tar.gz)
wheel=$(ls "$out"/dist/*.whl)

# 2. Metadata, contents, the manylinux tag, the sizes.
"$tools/twine" check --strict "$sdist" "$wheel"
"$tools/check-wheel-contents" "$wheel"
"$tools/auditwheel" repair -w "$out/wheelhouse" "$wheel" >"$out/auditwheel.log" 2>&1 || {
  cat "$out/auditwheel.log" >&2
  exit 1
}
repaired=$(ls "$out"/wheelhouse/*.whl)
case $(basename "$repaired") in *manylinux*) ;; *) echo "wheel: auditwheel gave no manylinux tag: $repaired" >&2; exit 1 ;; esac
"$tools/check-wheel-contents" "$repaired"
say "auditwheel repair: $(basename "$repaired")"
"$py" - "$repaired" "$sdist" <<'EOF'
import sys, zipfile, os
wheel, sdist = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(wheel) as z:
    names = z.namelist()
    ext = [i for i in z.infolist() if i.filename.endswith((".so", ".pyd"))]
    bad = [n for n in names if "/tests/" in n or n.startswith("tests/") or "__pycache__" in n or n.endswith((".pyc", ".o", ".a", ".cmake"))]
    if bad:
        sys.exit(f"wheel: build leftovers or tests in the wheel: {bad[:10]}")
    print(f"wheel: {os.path.basename(wheel)}: {os.path.getsize(wheel) / 1e6:.2f} MB, {len(names)} files; "
          f"the extension {sum(i.file_size for i in ext) / 1e6:.2f} MB unpacked")
print(f"wheel: {os.path.basename(sdist)}: {os.path.getsize(sdist) / 1e6:.2f} MB")
EOF
if command -v file >/dev/null 2>&1; then
  unzip -o -q "$repaired" 'parlour/_core*' -d "$out/unpacked"
  if [[ $(file "$out"/unpacked/parlour/_core*.so) == *"not stripped"* ]]; then
    echo "wheel: the extension is not stripped" >&2
    exit 1
  fi
fi

# 3. A fresh environment with no compiler and no CMake on its PATH.
"$py" -m venv "$out/user"
user=$out/user/bin
"$tools/pip" download -q --only-binary=:all: -d "$out/deps" "numpy>=1.24"
for tool in cc c++ gcc g++ clang clang++ cmake ninja make; do
  if PATH=$user command -v "$tool" >/dev/null 2>&1; then
    echo "wheel: $tool is on the fresh environment's PATH" >&2
    exit 1
  fi
done
start=$(now)
env -i HOME="$HOME" PATH="$user" "$user/python" -m pip install -q --no-index --find-links "$out/wheelhouse" \
  --find-links "$out/deps" parlour
say "pip install parlour (the wheel and NumPy from local files, no compiler or CMake on PATH): $(seconds "$start") s"
env -i HOME="$HOME" PATH="$user" "$user/python" - <<'EOF'
import subprocess, sys, time, statistics
def once():
    t = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import parlour"], check=True)
    return time.perf_counter() - t
def empty():
    t = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    return time.perf_counter() - t
cold = once()
warm = statistics.median(once() for _ in range(7))
base = statistics.median(empty() for _ in range(7))
out = subprocess.run([sys.executable, "-X", "importtime", "-c", "import parlour"], capture_output=True, text=True, check=True).stderr
total = [int(line.split("|")[1]) for line in out.splitlines() if line.rstrip().endswith("| parlour")]
print(f"wheel: import parlour: first run after install {cold * 1000:.0f} ms, then {warm * 1000:.0f} ms "
      f"(median of 7; the interpreter alone {base * 1000:.0f} ms); -X importtime: {total[-1] / 1000:.0f} ms cumulative")
EOF

# 4. The tests against the installed wheel, from copies outside the checkout.
"$py" -c 'import tomllib; print("\n".join(tomllib.load(open("pyproject.toml", "rb"))["tool"]["cibuildwheel"]["test-requires"]))' >"$out/test-requires.txt"
"$user/python" -m pip install -q -r "$out/test-requires.txt"
copy=$out/tests-copy
mkdir -p "$copy"
for item in $("$py" -c 'import tomllib; print(" ".join(tomllib.load(open("pyproject.toml", "rb"))["tool"]["cibuildwheel"]["test-sources"]))'); do
  cp -r "$root/$item" "$copy/"
done
start=$(now)
(cd "$copy" && env PARLOUR_EXPECT_INSTALLED=1 "$user/python" -m pytest -n 2 -p no:cacheprovider -q tests | tail -3)
say "the tests against the installed wheel: $(seconds "$start") s"

# 5. The wheels cibuildwheel would build, by platform.
for platform in linux macos windows; do
  say "cibuildwheel, $platform: $(CIBW_ARCHS_LINUX="x86_64 aarch64" "$tools/cibuildwheel" --print-build-identifiers --platform "$platform" | tr '\n' ' ')"
done
