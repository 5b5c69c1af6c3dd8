"""No import cycles: in the Python package and among the web table's JavaScript modules.

Python, read statically from each module's syntax tree (nothing is imported).  The rule:

- every ``import x`` and ``from x import y`` of a ``parlour`` module is an edge, wherever it
  stands — at module level or inside a function (a function-level import only delays the
  cycle to the first call; it does not remove it);
- an import inside an ``if TYPE_CHECKING:`` block is not an edge (it never runs);
- ``from package import name`` is an edge to the submodule ``package.name`` when that is a
  module, else to the package itself; the implicit import of a module's parent packages is
  not an edge (a package's ``__init__`` importing its own submodules is how packages work);
- ``importlib.import_module("...")`` is not an edge: the registry and the command line find
  the games that way, by name, which is exactly what keeps them out of each other's imports.

JavaScript: every ``import ... from "./x.js"`` (and ``export ... from``) of
``src/parlour/web/js`` is an edge.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
PACKAGE = SRC / "parlour"
JS = PACKAGE / "web" / "js"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def python_modules() -> dict[str, Path]:
    """Every module of the package: its ``.py`` files, and the compiled extension's modules by their stubs."""
    found = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}
    for stub in sorted(PACKAGE.rglob("*.pyi")):
        found.setdefault(module_name(stub), stub)
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST) -> Iterable[ast.Import | ast.ImportFrom]:
    """Every import statement of a tree, leaving out ``if TYPE_CHECKING:`` blocks."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            stack.extend(node.orelse)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        stack.extend(ast.iter_child_nodes(node))


def python_edges(modules: Mapping[str, Path], sources: Mapping[str, str] | None = None) -> dict[str, set[str]]:
    """module -> the parlour modules it imports (see the rule in the module docstring)."""
    edges: dict[str, set[str]] = {}
    for name, path in modules.items():
        text = sources[name] if sources is not None and name in sources else path.read_text()
        is_package = path.name == "__init__.py"
        out: set[str] = set()
        for node in _imports(ast.parse(text)):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                if node.level:  # a relative import, resolved against this module's package
                    base = name.split(".") if is_package else name.split(".")[:-1]
                    base = base[: len(base) - (node.level - 1)]
                    mod = ".".join(base + ([node.module] if node.module else []))
                else:
                    mod = node.module or ""
                targets = [f"{mod}.{a.name}" if f"{mod}.{a.name}" in modules else mod for a in node.names]
            for t in targets:
                while t and t not in modules:  # `import parlour.gin.arena` names a module; keep the longest known
                    t = t.rpartition(".")[0]
                if t and t != name:
                    out.add(t)
        edges[name] = out
    return edges


def js_edges(sources: Mapping[str, str]) -> dict[str, set[str]]:
    """file name -> the files of the same folder it imports."""
    pattern = re.compile(r"""^\s*(?:import|export)\b[^;'"]*?\bfrom\s*["']\./([\w.-]+\.js)["']""", re.MULTILINE)
    bare = re.compile(r"""^\s*import\s*["']\./([\w.-]+\.js)["']""", re.MULTILINE)
    return {name: set(pattern.findall(text)) | set(bare.findall(text)) for name, text in sources.items()}


def cycles(edges: Mapping[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one node (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for root in sorted(edges):
        if root in index:
            continue
        work: list[tuple[str, Iterable[str]]] = [(root, iter(sorted(edges.get(root, ()))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return sorted(found)


def test_the_python_package_has_no_import_cycle() -> None:
    modules = python_modules()
    assert len(modules) > 50
    edges = python_edges(modules)
    # The reading itself: a known edge of each kind is seen.
    assert "parlour.errors" in edges["parlour.games"]  # module level
    assert "parlour.cards" in edges["parlour.cli"]  # inside a function
    assert not cycles(edges), "import cycles:\n" + "\n".join(" <-> ".join(c) for c in cycles(edges))


def test_the_web_tables_modules_have_no_import_cycle() -> None:
    sources = {p.name: p.read_text() for p in sorted(JS.glob("*.js"))}
    edges = js_edges(sources)
    assert "dom.js" in edges["table.js"]
    assert not cycles(edges), "import cycles:\n" + "\n".join(" <-> ".join(c) for c in cycles(edges))


def test_a_planted_cycle_is_found() -> None:
    """The checks fail on a cycle: one planted in each language, through a function-level import in Python."""
    modules = python_modules()
    planted = {
        "parlour.errors": PACKAGE.joinpath("errors.py").read_text() + "\n\ndef _f():\n    from parlour import games\n"
    }
    assert ["parlour.errors", "parlour.games"] in cycles(python_edges(modules, planted))
    guarded = {
        "parlour.errors": PACKAGE.joinpath("errors.py").read_text()
        + "\nfrom typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from parlour import games\n"
    }
    assert ["parlour.errors", "parlour.games"] not in cycles(python_edges(modules, guarded))
    js = {"a.js": 'import { b } from "./b.js";\n', "b.js": 'export { a } from "./a.js";\n', "c.js": ""}
    assert cycles(js_edges(js)) == [["a.js", "b.js"]]
