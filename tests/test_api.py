"""Library-wide promises: every public name has a docstring; README's tour runs as written."""

from __future__ import annotations

import doctest
import importlib
import inspect
import pkgutil
import re
from pathlib import Path
from types import ModuleType

import pytest

import parlour

REPO = Path(__file__).resolve().parent.parent


def public_modules() -> list[str]:
    names = ["parlour"]
    for info in pkgutil.walk_packages(parlour.__path__, "parlour."):
        last = info.name.rsplit(".", 1)[-1]
        if last.startswith("_") or last in {"__main__"}:
            continue
        names.append(info.name)
    return names


SIGNATURE = re.compile(r"^\s*(\d+\. )?[\w.]+\(.*\)( -> .*)?$")


def has_doc(obj: object) -> bool:
    """A docstring with text beyond the signature lines pybind11 puts first."""
    doc = getattr(obj, "__doc__", None) or ""
    lines = [
        ln for ln in doc.splitlines() if ln.strip() and not SIGNATURE.match(ln) and ln.strip() != "Overloaded function."
    ]
    return bool(lines)


def import_or_skip(modname: str) -> ModuleType:
    """Import a parlour module; skip (naming the package) when an optional dependency is missing."""
    try:
        return importlib.import_module(modname)
    except ModuleNotFoundError as e:
        if e.name and e.name.split(".")[0] != "parlour":
            pytest.skip(f"{modname} needs {e.name}, an optional dependency that is not installed")
        raise


@pytest.mark.parametrize("modname", public_modules())
def test_every_public_name_has_a_docstring(modname: str) -> None:
    mod = import_or_skip(modname)
    missing = []
    if not mod.__doc__:
        missing.append(modname)
    needs: set[str] = set()
    for name in getattr(mod, "__all__", []):
        try:
            obj = getattr(mod, name)  # a lazy attribute imports its optional dependency now
        except ModuleNotFoundError as e:
            if not e.name or e.name.split(".")[0] == "parlour":
                raise
            needs.add(e.name)
            continue
        if inspect.isclass(obj) or inspect.isroutine(obj):
            if not has_doc(obj):
                missing.append(f"{modname}.{name}")
            if inspect.isclass(obj):
                for attr, member in vars(obj).items():
                    if attr.startswith("_") or not (inspect.isroutine(member) or isinstance(member, property)):
                        continue
                    if not has_doc(member):
                        missing.append(f"{modname}.{name}.{attr}")
    assert not missing, f"public names without a docstring: {sorted(set(missing))}"
    if needs:
        pytest.skip(f"some names of {modname} need {', '.join(sorted(needs))}, not installed")


def readme_sections() -> dict[str, list[str]]:
    """The python blocks of README.md by "## " section, in order."""
    sections: dict[str, list[str]] = {}
    title = ""
    for part in re.split(r"^(## .*)$", (REPO / "README.md").read_text(), flags=re.M):
        if part.startswith("## "):
            title = part[3:].strip()
        else:
            blocks = re.findall(r"```python\n(.*?)```", part, flags=re.S)
            if blocks:
                sections.setdefault(title, []).extend(blocks)
    return sections


IMPORT = re.compile(r"^(?:>>> )?\s*(?:from\s+(\S+)\s+import|import\s+(\S+))", re.M)


def missing_dependency(blocks: list[str]) -> str | None:
    """The first optional (non-parlour) module the blocks import, directly or through parlour, that is missing."""
    for block in blocks:
        for a, b in IMPORT.findall(block):
            try:
                importlib.import_module((a or b).rstrip(",").split(" ")[0])
            except ModuleNotFoundError as e:
                if e.name and e.name.split(".")[0] != "parlour":
                    return e.name
    return None


README_SECTIONS = readme_sections()


def test_readme_has_a_python_tour() -> None:
    assert README_SECTIONS, "README has no python tour"


@pytest.mark.parametrize("section", list(README_SECTIONS))
def test_readme_python_tour_runs(section: str) -> None:
    """Each section's examples run in order in one session, as a reader types them."""
    blocks = README_SECTIONS[section]
    missing = missing_dependency(blocks)
    if missing is not None:
        pytest.skip(f"README section {section!r} needs {missing}, an optional dependency that is not installed")
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
    namespace: dict[str, object] = {"__name__": "__readme__"}
    for i, block in enumerate(blocks):
        name = f"README.md, {section}, block {i}"
        if ">>> " not in block:  # a script: it runs, and its asserts hold
            exec(compile(block, name, "exec"), namespace)
            continue
        test = parser.get_doctest(block, namespace, name, "README.md", 0)
        runner.run(test, clear_globs=False)
        namespace = test.globs  # DocTest copies the globals it is given
    assert runner.failures == 0


def test_module_doctests() -> None:
    import parlour.cards

    failures, tried = doctest.testmod(parlour.cards)
    assert tried > 0 and failures == 0


def test_ci_runs_the_readme_test_command() -> None:
    readme = (REPO / "README.md").read_text()
    marker = readme.index("<!-- test-command -->")
    block = readme[marker:].split("```")[1].strip()
    assert "pytest" in block and "pip install" in block
    assert "<!-- test-command -->" in (REPO / ".ci" / "run").read_text()
