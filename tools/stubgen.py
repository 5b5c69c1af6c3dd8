"""Generate the committed stubs of parlour._core: pybind11-stubgen, then a few fixes.

pybind11-stubgen's output is not clean under ``mypy --strict``: enum members of
``py::native_enum`` come out as ``NAME: ClassVar[E]`` (mypy sees an enum with no
members), enums carry untyped ``__new__``/``__format__``, names inside the extension
are spelled ``parlour._core.x.Name`` without an import, and bare ``tuple``/``list``
lack type arguments.  ``fix`` rewrites those, so the stubs type-check as shipped.

Used by tools/gen-stubs.sh (write) and tests/test_stubs.py (compare), so both apply
exactly the same rules:  ``python tools/stubgen.py OUTDIR``.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ENUM_MEMBER = re.compile(r"^(    )([A-Z][A-Z0-9_]*): typing\.ClassVar\[(\w+)\]  # value = <\w+\.\w+: (-?\d+)>$")
ENUM_JUNK = re.compile(r"^    (@classmethod\n    )?def (__new__|__format__)\(.*?\):\n        \.\.\.\n", re.M)
# Native (non-pybind11) types such as CardSet expose their slots as wrapper
# descriptors, which carry no types; these are their typed signatures.
CARDS_LIKE = "CardSet | Card | str | int | collections.abc.Iterable[Card | str]"
SLOT_SIGNATURES = {
    "__and__": "(self, other: Card | CardSet) -> CardSet",
    "__or__": "(self, other: Card | CardSet) -> CardSet",
    "__xor__": "(self, other: Card | CardSet) -> CardSet",
    "__sub__": "(self, other: Card | CardSet) -> CardSet",
    "__rand__": "(self, other: Card | CardSet) -> CardSet",
    "__ror__": "(self, other: Card | CardSet) -> CardSet",
    "__rxor__": "(self, other: Card | CardSet) -> CardSet",
    "__rsub__": "(self, other: Card | CardSet) -> CardSet",
    "__bool__": "(self) -> bool",
    "__contains__": "(self, card: object) -> bool",
    "__eq__": "(self, other: object) -> bool",
    "__ne__": "(self, other: object) -> bool",
    "__ge__": "(self, other: CardSet) -> bool",
    "__gt__": "(self, other: CardSet) -> bool",
    "__le__": "(self, other: CardSet) -> bool",
    "__lt__": "(self, other: CardSet) -> bool",
    "__hash__": "(self) -> int",
    "__index__": "(self) -> int",
    "__int__": "(self) -> int",
    "__len__": "(self) -> int",
    "__iter__": "(self) -> collections.abc.Iterator[Card]",
    "__repr__": "(self) -> str",
    "__str__": "(self) -> str",
}
UNTYPED_SLOT = re.compile(r"^    def (__\w+__)\(self(?:, \w+)?\):$", re.M)
UNTYPED_NEW = re.compile(r"^    @staticmethod\n    def __new__\(type, \*args, \*\*kwargs(?:: typing\.Any)?\):$", re.M)
QUALIFIED = re.compile(r"\bparlour\._core\.(\w+)\.(\w+)")


CODE_LINE = re.compile(r"^\s*(def |@|[A-Za-z_]\w*: )")


def bare_generics(line: str) -> str:
    """Give bare tuple/list/dict in a signature or annotation line type arguments (docstrings are left alone)."""
    if not CODE_LINE.match(line):
        return line
    line = re.sub(r"(: |-> |\[|, )tuple\b(?!\[)", r"\1tuple[typing.Any, ...]", line)
    line = re.sub(r"(: |-> |\[|, )list\b(?!\[)", r"\1list[typing.Any]", line)
    line = re.sub(
        r"(: |-> |\[|, )collections\.abc\.(Iterator|Iterable)\b(?!\[)", r"\1collections.abc.\2[typing.Any]", line
    )
    return re.sub(r"(: |-> |\[|, )dict\b(?!\[)", r"\1dict[typing.Any, typing.Any]", line)


def fix(text: str, module: str) -> str:
    """The stub text of submodule ``module`` (e.g. "cards") with the fixes applied."""
    lines = []
    for line in text.splitlines():
        m = ENUM_MEMBER.match(line)
        if m:
            line = f"{m.group(1)}{m.group(2)} = {m.group(4)}"
        lines.append(line)
    text = "\n".join(lines) + "\n"
    text = ENUM_JUNK.sub("", text)
    text = text.replace(
        "    __hash__: typing.ClassVar[None] = None\n",
        "    __hash__: typing.ClassVar[None]  # type: ignore[assignment]\n",
    )
    text = "\n".join(bare_generics(line) for line in text.split("\n"))
    text = UNTYPED_SLOT.sub(
        lambda m: (
            f"    def {m.group(1)}{SLOT_SIGNATURES[m.group(1)]}:" if m.group(1) in SLOT_SIGNATURES else m.group(0)
        ),
        text,
    )
    text = UNTYPED_NEW.sub(f"    def __init__(self, cards: {CARDS_LIKE} = ...) -> None:", text)
    text = (
        text.replace("*args)", "*args: typing.Any)")
        .replace("**kwargs)", "**kwargs: typing.Any)")
        .replace("*args, ", "*args: typing.Any, ")
    )
    needed: set[str] = set()

    def qualify(m: re.Match[str]) -> str:
        if m.group(1) == module:
            return m.group(2)
        needed.add(m.group(1))
        return m.group(0)

    text = QUALIFIED.sub(qualify, text)
    if needed:
        imports = "".join(
            f"import parlour._core.{sub}\n" for sub in sorted(needed) if f"\nimport parlour._core.{sub}\n" not in text
        )
        text = text.replace("from __future__ import annotations\n", "from __future__ import annotations\n" + imports, 1)
    return text


def generate(outdir: Path) -> list[Path]:
    """Run pybind11-stubgen on parlour._core into outdir; returns the fixed .pyi files."""
    raw = outdir / "raw"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pybind11_stubgen",
            "parlour._core",
            "-o",
            str(raw),
            "--numpy-array-use-type-var",
            "--exit-code",
        ],
        check=True,
        capture_output=True,
        text=True,
    )
    out = []
    for path in sorted((raw / "parlour" / "_core").glob("*.pyi")):
        module = path.stem if path.stem != "__init__" else ""
        target = outdir / path.name
        target.write_text(fix(path.read_text(), module))
        out.append(target)
    return out


if __name__ == "__main__":
    for p in generate(Path(sys.argv[1])):
        print(p)
