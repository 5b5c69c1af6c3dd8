"""What a user installs: a lean ``import parlour``, the wheels' settings, the release
workflow, one version and a changelog section per release.

The wheels themselves are built and checked by ``tools/check-wheel.sh`` (a fresh
environment without a compiler, the tests against the installed wheel) and by
cibuildwheel in ``.github/workflows/wheels.yml``; docs/development.md says how.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import parlour

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10: the same parser, from PyPI (the test extra and the wheels' tests install it)
    import tomli as tomllib

REPO = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text())
WORKFLOW = REPO / ".github" / "workflows" / "wheels.yml"

# What `import parlour` and the game packages may load besides the standard library.
ALLOWED_THIRD_PARTY = {"numpy"}
OPTIONAL_PARTS = ("parlour.server", "parlour.envs", "parlour.distributed", "parlour.web")


def _modules_after(code: str) -> list[str]:
    script = f"import sys\nbefore = set(sys.modules)\n{code}\nimport json\nprint(json.dumps(sorted(set(sys.modules) - before)))"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    return list(json.loads(out.stdout.splitlines()[-1]))


@pytest.mark.parametrize(
    "code",
    [
        "import parlour",
        "import parlour.cards, parlour.gin, parlour.yahtzee, parlour.freecell, parlour.games, parlour.cli",
    ],
)
def test_import_pulls_in_only_numpy(code: str) -> None:
    loaded = _modules_after(code)
    third_party = {m.split(".")[0] for m in loaded} - set(sys.stdlib_module_names) - {"parlour", "json"}
    assert third_party <= ALLOWED_THIRD_PARTY, f"{code!r} imports {sorted(third_party - ALLOWED_THIRD_PARTY)}"
    optional = [m for m in loaded if m.startswith(OPTIONAL_PARTS)]
    assert optional == [], f"{code!r} imports the optional parts {optional}"
    assert "parlour._core" in loaded  # the measure sees the package's own imports


def test_the_tests_run_against_the_installed_package_when_asked() -> None:
    # tools/check-wheel.sh and cibuildwheel set PARLOUR_EXPECT_INSTALLED=1: the package
    # under test must then come from the environment's site-packages, not from src/.
    package = Path(parlour.__file__).resolve().parent
    if os.environ.get("PARLOUR_EXPECT_INSTALLED") == "1":
        assert "site-packages" in package.parts, package
        assert not package.is_relative_to(REPO / "src")
    assert (package / "_core").is_dir() and (package / "py.typed").is_file()  # the stubs come along


# ---- the wheels' settings (pyproject.toml) and the workflow


def test_the_wheel_matrix() -> None:
    cibw = PYPROJECT["tool"]["cibuildwheel"]
    assert cibw["build"] == ["cp310-*", "cp311-*", "cp312-*", "cp313-*", "cp314-*", "cp314t-*"]
    assert set(cibw["linux"]["archs"]) == {"x86_64", "aarch64"}
    assert set(cibw["macos"]["archs"]) == {"x86_64", "arm64"}
    assert cibw["windows"]["archs"] == ["AMD64"]
    assert cibw["manylinux-x86_64-image"] == cibw["manylinux-aarch64-image"] == "manylinux_2_28"
    assert cibw["musllinux-x86_64-image"] == "musllinux_1_2" and "*-musllinux_aarch64" in cibw["skip"]
    # The tests run against the installed wheel, from copies outside the checkout.
    assert "tests" in cibw["test-sources"] and "src" not in cibw["test-sources"]
    assert re.fullmatch(r"python -m pytest .*\btests", cibw["test-command"])
    assert cibw["test-environment"]["PARLOUR_EXPECT_INSTALLED"] == "1"
    # Python 3.10 to 3.14 in the classifiers too.
    minors = sorted(int(m) for m in re.findall(r"Python :: 3\.(\d+)", " ".join(PYPROJECT["project"]["classifiers"])))
    assert minors == [10, 11, 12, 13, 14] and PYPROJECT["project"]["requires-python"] == ">=3.10"


def test_the_workflow() -> None:
    text = WORKFLOW.read_text()
    for runner in ("ubuntu-latest", "ubuntu-24.04-arm", "macos-15-intel", "macos-14", "windows-latest"):
        assert f"runner: {runner}," in text
    assert re.search(r"tags: \[\"v\*\"\]", text) and "pull_request:" in text
    publish = text[text.index("  publish:") :]
    assert "id-token: write" in publish and "pypa/gh-action-pypi-publish@release/v1" in publish
    assert "startsWith(github.ref, 'refs/tags/v')" in publish and "needs: [sdist, wheels]" in publish
    assert "id-token" not in text[: text.index("  publish:")]  # only the publishing job may mint a token


def test_the_workflow_scripts_parse() -> None:
    # Each `run:` block through `bash -n`, with the ${{ ... }} expressions filled in.
    bash = shutil.which("bash")
    assert bash is not None
    blocks: list[str] = []
    lines = WORKFLOW.read_text().splitlines()
    for i, line in enumerate(lines):
        m = re.match(r"(\s*)(?:- )?run: (.*)$", line)
        if not m:
            continue
        if m.group(2).strip() == "|":
            indent = len(m.group(1)) + 2
            body = []
            for nxt in lines[i + 1 :]:
                if nxt.strip() and len(nxt) - len(nxt.lstrip()) < indent:
                    break
                body.append(nxt[indent:])
            blocks.append("\n".join(body))
        else:
            blocks.append(m.group(2))
    assert len(blocks) >= 3
    for block in blocks:
        script = re.sub(r"\$\{\{[^}]*\}\}", "x", block)
        proc = subprocess.run([bash, "-n"], input=script, capture_output=True, text=True)
        assert proc.returncode == 0, (block, proc.stderr)


# ---- one version, a changelog section per release


def test_the_version_has_one_source() -> None:
    text = (REPO / "src" / "parlour" / "_version.py").read_text() if (REPO / "src").is_dir() else None
    if text is not None:
        assert re.search(r'^__version__ = "(\d+\.\d+\.\d+(?:(?:a|b|rc)\d+)?)"$', text, re.M)
    assert PYPROJECT["project"]["dynamic"] == ["version"] and "version" not in PYPROJECT["project"]
    assert PYPROJECT["tool"]["scikit-build"]["metadata"]["version"]["input"] == "src/parlour/_version.py"
    assert re.fullmatch(r"\d+\.\d+\.\d+(?:(?:a|b|rc)\d+)?", parlour.__version__)


def test_the_changelog_has_a_section_per_release() -> None:
    changelog = (REPO / "CHANGELOG.md").read_text()
    sections = re.findall(r"^## \[([^\]]+)\](.*)$", changelog, re.M)
    assert sections and sections[0][0] == "Unreleased"
    released = [(v, rest) for v, rest in sections[1:]]
    for version, rest in released:
        assert re.fullmatch(r"\d+\.\d+\.\d+(?:(?:a|b|rc)\d+)?", version), version
        assert re.fullmatch(r" - \d{4}-\d{2}-\d{2}", rest), f"[{version}] needs its date: '## [{version}] - YYYY-MM-DD'"
    versions = [tuple(int(x) for x in re.findall(r"\d+", v)[:3]) for v, _ in released]
    assert versions == sorted(versions, reverse=True), "newest release first"
    # A released version is never the one being worked on again.
    if released:
        current = tuple(int(x) for x in re.findall(r"\d+", parlour.__version__)[:3])
        assert current >= versions[0]
