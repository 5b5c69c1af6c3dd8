"""Library-wide promises: every public name has a docstring; README's tour runs as written."""

from __future__ import annotations

import doctest
import importlib
import inspect
import pkgutil
import re
from pathlib import Path

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
    lines = [ln for ln in doc.splitlines() if ln.strip() and not SIGNATURE.match(ln) and ln.strip() != "Overloaded function."]
    return bool(lines)


def test_every_public_name_has_a_docstring() -> None:
    missing = []
    for modname in public_modules():
        mod = importlib.import_module(modname)
        if not mod.__doc__:
            missing.append(modname)
        for name in getattr(mod, "__all__", []):
            obj = getattr(mod, name)
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


def test_readme_python_tour_runs() -> None:
    text = (REPO / "README.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert blocks, "README has no python tour"
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
    namespace: dict[str, object] = {}  # the blocks run in order in one session, as a reader types them
    for i, block in enumerate(blocks):
        test = parser.get_doctest(block, namespace, f"README block {i}", "README.md", 0)
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
