"""Result stores: the results of a long run as Apache Parquet files, written chunk by chunk.

A store is a directory::

    _run.json            what the run is: its kind, parameters, chunk plan and parlour's version
    part-000000.parquet  the rows of chunk 0
    part-000001.parquet  ...  (seven digits and more in a run of over a million chunks)

Each part is written to a temporary name and renamed into place, so a part either is
complete or does not exist, whatever stops the run (Ctrl-C, a kill, a lost worker, a
power cut).  Every part carries the same schema and the same metadata: under the key
``parlour`` a JSON object with the run's ``kind``, ``parameters`` and
``parlour_version``.  A run started again on the same directory with the same kind and
parameters computes only the chunks that are missing; because every chunk's rows
depend only on the parameters and the chunk's items, the finished table is the one an
uninterrupted run writes.

The directory is a Parquet dataset (names starting with ``_`` or ``.`` are ignored by
readers), so ``pyarrow.parquet.read_table(path)``, ``pandas.read_parquet(path)`` or
DuckDB's ``read_parquet('path/*.parquet')`` read it as well as :meth:`ResultStore.table`.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, overload

from parlour._version import __version__
from parlour.errors import InvalidValueError, StateFormatError, WrongTypeError

try:
    import pyarrow as pa  # type: ignore[import-untyped, import-not-found, unused-ignore]
    import pyarrow.parquet as pq  # type: ignore[import-untyped, import-not-found, unused-ignore]
except ImportError as e:  # pragma: no cover - exercised only without the extra
    raise ImportError(
        "parlour's result stores need pyarrow: pip install 'parlour[distributed]' (in a checkout: pip install '.[distributed]')"
    ) from e

__all__ = ["FORMAT", "MANIFEST", "EvenChunks", "ResultStore", "table_metadata"]

#: The name and version of the store layout (in ``_run.json``).  Version 2 may give the
#: chunk plan as one ``chunk_size`` instead of a list; stores of version 1 still open.
FORMAT = "parlour-results/2"
_FORMATS = ("parlour-results/1", FORMAT)
#: The file that describes the run.
MANIFEST = "_run.json"
_PART = re.compile(r"^part-(\d{6,})\.parquet$")


def _part_name(index: int, chunks: int) -> str:
    """Chunk ``index``'s file: six digits, or as many as the last index has (so the names sort)."""
    return f"part-{index:0{max(6, len(str(chunks - 1)))}d}.parquet"


class EvenChunks(Sequence[int]):
    """A chunk plan of ``rows`` rows cut into chunks of ``size``, the last one shorter.

    It is a sequence of the chunks' row counts that holds two numbers however many
    chunks there are, so a run over billions of items plans (and its manifest records)
    its chunks in constant memory.  Equal to any sequence of the same counts.
    """

    __slots__ = ("rows", "size")

    def __init__(self, rows: int, size: int) -> None:
        """``rows`` (>= 0) in chunks of ``size`` (>= 1)."""
        if isinstance(rows, bool) or not isinstance(rows, int) or rows < 0:
            raise InvalidValueError(f"rows must be an int >= 0, got {rows!r}")
        if isinstance(size, bool) or not isinstance(size, int) or size < 1:
            raise InvalidValueError(f"a chunk size must be an int >= 1, got {size!r}")
        self.rows = rows
        self.size = size

    def __len__(self) -> int:
        """The number of chunks."""
        return -(-self.rows // self.size)

    @overload
    def __getitem__(self, index: int) -> int: ...
    @overload
    def __getitem__(self, index: slice) -> list[int]: ...
    def __getitem__(self, index: int | slice) -> int | list[int]:
        """The rows of chunk ``index`` (a list for a slice)."""
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        n = len(self)
        i = index + n if index < 0 else index
        if not 0 <= i < n:
            raise IndexError(f"chunk {index} of {n}")
        return min(self.size, self.rows - i * self.size)

    def __eq__(self, other: object) -> bool:
        """Equal to a plan with the same chunk sizes (any sequence of ints)."""
        if isinstance(other, EvenChunks):
            return self.rows == other.rows and (self.size == other.size or (len(self) <= 1 and len(other) <= 1))
        if isinstance(other, Sequence) and not isinstance(other, (str, bytes)):
            return len(other) == len(self) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        """``EvenChunks(rows=..., size=...)``."""
        return f"EvenChunks(rows={self.rows!r}, size={self.size!r})"


def _plan_json(chunk_rows: Sequence[int]) -> dict[str, Any]:
    """The manifest's record of a chunk plan: one size for an even plan, else every chunk's rows."""
    if isinstance(chunk_rows, EvenChunks):
        return {"chunks": len(chunk_rows), "rows": chunk_rows.rows, "chunk_size": chunk_rows.size}
    rows = [int(n) for n in chunk_rows]
    return {"chunks": len(rows), "rows": sum(rows), "chunk_rows": rows}


def _plan_of(info: Mapping[str, Any]) -> Sequence[int]:
    if "chunk_size" in info:
        return EvenChunks(int(info["rows"]), int(info["chunk_size"]))
    return [int(n) for n in info["chunk_rows"]]


def _canonical(obj: Any) -> Any:
    """obj as plain JSON values (tuples become lists), to compare parameters read back from disk."""
    return json.loads(json.dumps(obj, sort_keys=True))


class ResultStore:
    """A run's result table in a directory of Parquet parts; see the module docstring.

    Open an existing store with ``ResultStore(path)``; runs create or resume one with
    :meth:`create_or_resume`.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        """The store in directory ``path`` (StateFormatError when it is not one)."""
        if not isinstance(path, (str, os.PathLike)):
            raise WrongTypeError(f"a result store is named by a path, got {type(path).__name__}")
        self.path = Path(path)
        manifest = self.path / MANIFEST
        try:
            info = json.loads(manifest.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise StateFormatError(f"{str(self.path)!r} is not a parlour result store (no {MANIFEST})") from None
        except (OSError, ValueError) as e:
            raise StateFormatError(f"cannot read {str(manifest)!r}: {e}") from None
        if not isinstance(info, dict) or info.get("format") not in _FORMATS:
            raise StateFormatError(f"{str(manifest)!r} is not a {FORMAT} manifest")
        self._info: dict[str, Any] = info
        try:
            self._plan = _plan_of(info)
        except (KeyError, TypeError, ValueError) as e:
            raise StateFormatError(f"{str(manifest)!r} has no readable chunk plan ({e})") from None
        self._schema: pa.Schema | None = None

    # ---- what the run is
    @property
    def kind(self) -> str:
        """What the rows are, e.g. ``"freecell.survey"``, ``"gin.arena"``, ``"yahtzee.simulate"``."""
        return str(self._info["kind"])

    @property
    def parameters(self) -> dict[str, Any]:
        """The run's parameters (JSON values), as given when the store was created."""
        return dict(self._info["parameters"])

    @property
    def parlour_version(self) -> str:
        """The version of parlour that created the store."""
        return str(self._info["parlour_version"])

    @property
    def chunks(self) -> int:
        """The number of chunks (parts) the run is cut into."""
        return int(self._info["chunks"])

    @property
    def rows(self) -> int:
        """The number of rows of the finished table."""
        return int(self._info["rows"])

    @property
    def chunk_rows(self) -> Sequence[int]:
        """The rows each chunk holds, in chunk order (a list, or an :class:`EvenChunks`)."""
        return self._plan

    def metadata(self) -> dict[str, Any]:
        """The metadata every part carries: ``kind``, ``parameters`` and ``parlour_version``."""
        return {"kind": self.kind, "parameters": self.parameters, "parlour_version": self.parlour_version}

    # ---- progress
    def done(self) -> set[int]:
        """The indices of the chunks already stored."""
        out = set()
        for name in os.listdir(self.path):
            m = _PART.match(name)
            if m is not None and int(m.group(1)) < self.chunks:
                out.add(int(m.group(1)))
        return out

    def rows_done(self) -> int:
        """Rows already stored."""
        sizes = self.chunk_rows
        return sum(sizes[i] for i in self.done())

    @property
    def complete(self) -> bool:
        """Whether every chunk is stored."""
        return len(self.done()) == self.chunks

    # ---- writing
    @classmethod
    def create_or_resume(
        cls,
        path: str | os.PathLike[str],
        *,
        kind: str,
        parameters: Mapping[str, Any],
        chunk_rows: Sequence[int],
    ) -> ResultStore:
        """The store for this run at ``path``: created when the directory is new or empty, else
        resumed — which requires the same kind, parameters, chunk plan and parlour version
        (InvalidValueError naming what differs otherwise).  ``chunk_rows`` is the rows of
        each chunk: a list, or an :class:`EvenChunks` (recorded as one chunk size)."""
        p = Path(path)
        params = _canonical(dict(parameters))
        want = {
            "format": FORMAT,
            "kind": kind,
            "parameters": params,
            "parlour_version": __version__,
            **_plan_json(chunk_rows),
        }
        if p.exists() and not p.is_dir():
            raise InvalidValueError(f"the output {str(p)!r} exists and is not a directory")
        if (p / MANIFEST).exists():
            store = cls(p)
            differ = _differences(store, want, chunk_rows)
            if differ:
                raise InvalidValueError(
                    f"{str(p)!r} holds a different run ({'; '.join(differ)}); choose another output directory"
                )
            store._clean_temporaries()
            return store
        p.mkdir(parents=True, exist_ok=True)
        if any(_PART.match(n) for n in os.listdir(p)):
            raise InvalidValueError(f"{str(p)!r} holds result parts but no {MANIFEST}; choose another directory")
        tmp = p / (MANIFEST + ".tmp")
        tmp.write_text(json.dumps(want, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        os.replace(tmp, p / MANIFEST)
        return cls(p)

    def _clean_temporaries(self) -> None:
        for name in os.listdir(self.path):
            if name.startswith(".part-") and name.endswith(".tmp"):
                try:
                    os.remove(self.path / name)
                except FileNotFoundError:  # pragma: no cover - another process removed it
                    pass

    def _schema_metadata(self) -> dict[bytes, bytes]:
        return {b"parlour": json.dumps(self.metadata(), sort_keys=True).encode("utf-8")}

    def write(self, index: int, table: pa.Table) -> bool:
        """Store chunk ``index`` (its rows, in order); False when it was already stored (the
        first copy is kept, so a chunk computed twice — a retried task — counts once)."""
        if not 0 <= index < self.chunks:
            raise InvalidValueError(f"chunk index {index} is outside 0..{self.chunks - 1}")
        if table.num_rows != self._plan[index]:
            raise InvalidValueError(f"chunk {index} has {table.num_rows} rows, the plan says {self._plan[index]}")
        final = self.path / _part_name(index, self.chunks)
        if final.exists():
            return False
        table = table.replace_schema_metadata(self._schema_metadata())
        tmp = self.path / f".{_part_name(index, self.chunks)}.{os.getpid()}.tmp"
        pq.write_table(table, tmp, compression="zstd")
        os.replace(tmp, final)
        return True

    # ---- reading
    def part(self, index: int) -> pa.Table:
        """The rows of chunk ``index`` (StateFormatError when it is not stored yet)."""
        f = self.path / _part_name(index, self.chunks)
        if not f.exists():
            raise StateFormatError(f"chunk {index} of {str(self.path)!r} is not stored yet")
        return pq.read_table(f)

    def table(self, *, partial: bool = False) -> pa.Table:
        """The result table: every chunk's rows in chunk order, with the run's metadata.

        StateFormatError when chunks are missing, unless ``partial`` (then the chunks
        stored so far, in order).
        """
        done = self.done()
        if not partial and len(done) != self.chunks:
            raise StateFormatError(
                f"{str(self.path)!r} is incomplete: {len(done)} of {self.chunks} chunks stored "
                "(run the same command again to finish it)"
            )
        parts = [pq.read_table(self.path / _part_name(i, self.chunks)) for i in sorted(done)]
        if not parts:
            raise StateFormatError(f"{str(self.path)!r} has no stored chunk yet")
        return pa.concat_tables(parts).replace_schema_metadata(self._schema_metadata())

    def __repr__(self) -> str:
        """``ResultStore('path')``."""
        return f"ResultStore({str(self.path)!r})"


def _differences(store: ResultStore, want: Mapping[str, Any], plan: Sequence[int]) -> list[str]:
    """What differs between a stored run and the run asked for, one phrase each (the
    parameters by name, so a long list of values is never printed whole)."""
    out = []
    info = store._info
    if info.get("kind") != want["kind"]:
        out.append(f"kind: stored {info.get('kind')!r}, this run {want['kind']!r}")
    stored, asked = info.get("parameters") or {}, want["parameters"]
    for name in sorted(set(stored) | set(asked)):
        if stored.get(name, "(none)") != asked.get(name, "(none)"):
            out.append(
                f"{name}: stored {_short(stored.get(name, '(none)'))}, this run {_short(asked.get(name, '(none)'))}"
            )
    if info.get("parlour_version") != want["parlour_version"]:
        out.append(f"parlour version: stored {info.get('parlour_version')}, this run {want['parlour_version']}")
    if not out and store.chunk_rows != plan:
        out.append("chunk plan: the chunks are cut differently")
    return out


def _short(value: Any, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 4] + " ..."


def table_metadata(table: pa.Table) -> dict[str, Any]:
    """The ``parlour`` metadata of a table read from a store (kind, parameters, parlour_version)."""
    if not isinstance(table, pa.Table):
        raise WrongTypeError(f"a result table is a pyarrow.Table, got {type(table).__name__}")
    meta = table.schema.metadata or {}
    raw = meta.get(b"parlour")
    if raw is None:
        raise StateFormatError("the table carries no parlour metadata")
    out: dict[str, Any] = json.loads(raw.decode("utf-8"))
    return out
