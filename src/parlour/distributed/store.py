"""Result stores: the results of a long run as Apache Parquet files, written chunk by chunk.

A store is a directory::

    _run.json            what the run is: its kind, parameters, chunk plan and parlour's version
    part-000000.parquet  the rows of chunk 0
    part-000001.parquet  ...  (seven digits and more in a run of over a million chunks)

Each part is written to a temporary name and renamed into place, so a part either is
complete or does not exist, whatever stops the run (Ctrl-C, a kill, a lost worker, a
power cut).  Every part carries the same schema and the same metadata: under the key
``parlour`` a JSON object with the run's ``kind``, ``parameters``, ``parlour_version``
and ``run`` (an id worked out from the kind, the parameters, the chunk plan and the
version, so two runs of the same command share it), and under ``parlour.part`` the
part's own ``chunk`` index, its ``rows`` and a ``checksum`` of its contents (SHA-256
over every column's name, type, null mask and values).  A part is checked on every read
against all of these: a part copied from another run or from another chunk, a truncated
or altered file is reported (StateFormatError naming the part) instead of read.  A run
started again on the same directory with the same kind and parameters sets aside the
parts that fail the check (renamed ``.damaged-part-NNNNNN.parquet``, with a
:class:`parlour.errors.ParlourWarning` for each) and computes only the chunks that are
missing; because every chunk's rows depend only on the parameters and the chunk's items,
the finished table is the one an uninterrupted run writes.

Stores of the first layout (``parlour-results/1``) still open and resume.  Their parts
carry no run id, chunk index or checksum, so such a part is checked only by what it
does carry (the run's kind and parameters) and by its number of rows; the parts a
resumed run adds to it are written and checked in full.

The directory is a Parquet dataset (names starting with ``_`` or ``.`` are ignored by
readers), so ``pyarrow.parquet.read_table(path)``, ``pandas.read_parquet(path)`` or
DuckDB's ``read_parquet('path/*.parquet')`` read it as well as :meth:`ResultStore.table`.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import warnings
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, overload

from parlour._args import MAX_CHUNKS
from parlour._version import __version__
from parlour.errors import InvalidValueError, ParlourWarning, StateFormatError, WrongTypeError

try:
    import pyarrow as pa  # type: ignore[import-untyped, import-not-found, unused-ignore]
    import pyarrow.parquet as pq  # type: ignore[import-untyped, import-not-found, unused-ignore]
except ImportError as e:  # pragma: no cover - exercised only without the extra
    raise ImportError(
        "parlour's result stores need pyarrow: pip install 'parlour[distributed]' (in a checkout: pip install '.[distributed]')"
    ) from e

__all__ = ["FORMAT", "MANIFEST", "EvenChunks", "ResultStore", "checksum", "table_metadata"]

#: The name and version of the store layout (in ``_run.json``).  Version 2: every part
#: carries the run's id, its chunk index and a checksum, and the chunk plan may be one
#: ``chunk_size`` instead of a list.
FORMAT = "parlour-results/2"
#: The first layout, whose parts carry only the run's kind, parameters and version.
_FIRST_FORMAT = "parlour-results/1"
#: The file that describes the run.
MANIFEST = "_run.json"
_PART = re.compile(r"^part-(\d{6,})\.parquet$")
_PART_KEY = b"parlour.part"  # the part's own metadata: chunk, rows, checksum


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


def _run_id(kind: str, parameters: Any, plan: Mapping[str, Any], version: str) -> str:
    """The id of a run: the same for every run of the same command (kind, parameters, plan, version)."""
    text = json.dumps([kind, parameters, plan, version], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def checksum(table: pa.Table) -> str:
    """``"sha256:<hex>"`` over every column of ``table``: its name, type, null mask and
    values (a layout-free digest: the same rows give the same checksum however Arrow
    chunks or pads them)."""
    h = hashlib.sha256()
    h.update(str(table.num_rows).encode("ascii"))
    for name, column in zip(table.column_names, table.columns):
        col = column.combine_chunks() if isinstance(column, pa.ChunkedArray) else column
        h.update(b"\x00" + name.encode("utf-8") + b"\x00" + str(col.type).encode("utf-8"))
        h.update(col.is_null().to_numpy(zero_copy_only=False).tobytes())
        t = col.type
        if pa.types.is_integer(t) or pa.types.is_floating(t) or pa.types.is_boolean(t):
            h.update(col.fill_null(0 if not pa.types.is_boolean(t) else False).to_numpy(zero_copy_only=False).tobytes())
        else:
            h.update(json.dumps(col.to_pylist(), default=str, separators=(",", ":")).encode("utf-8"))
    return "sha256:" + h.hexdigest()


class _Damaged(Exception):
    """Why a stored part fails its checks (internal: reported as StateFormatError or a warning)."""


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
        first = isinstance(info, dict) and info.get("format") == _FIRST_FORMAT
        if not isinstance(info, dict) or not (
            first or (info.get("format") == FORMAT and isinstance(info.get("run"), str))
        ):
            raise StateFormatError(f"{str(manifest)!r} is not a {FORMAT} manifest")
        self._info: dict[str, Any] = info
        try:
            self._plan = _plan_of(info)
            if first:  # the run id a store of this layout would have been given
                info["run"] = _run_id(
                    str(info["kind"]), info["parameters"], _plan_json(self._plan), str(info["parlour_version"])
                )
        except (KeyError, TypeError, ValueError) as e:
            raise StateFormatError(f"{str(manifest)!r} has no readable chunk plan ({e})") from None
        #: Whether the store has the first layout, whose parts carry no chunk index or checksum.
        self._first_layout = first
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
    def run(self) -> str:
        """The run's id (the same for every run of the same command; every part carries it)."""
        return str(self._info["run"])

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
        """The metadata every part carries: ``kind``, ``parameters``, ``parlour_version`` and ``run``."""
        return {
            "kind": self.kind,
            "parameters": self.parameters,
            "parlour_version": self.parlour_version,
            "run": self.run,
        }

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
        if not isinstance(chunk_rows, EvenChunks) and len(chunk_rows) > MAX_CHUNKS:
            raise InvalidValueError(
                f"a run planned chunk by chunk is at most {MAX_CHUNKS:,} chunks, this one {len(chunk_rows):,}"
            )
        params = _canonical(dict(parameters))
        plan = _plan_json(chunk_rows)
        want = {
            "format": FORMAT,
            "kind": kind,
            "parameters": params,
            "parlour_version": __version__,
            "run": _run_id(kind, params, plan, __version__),
            **plan,
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
            store._set_aside_damaged()
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

    def _set_aside_damaged(self) -> None:
        """Renames every stored part that fails its check to ``.damaged-<name>`` (so the run
        computes it again), with a ParlourWarning saying why."""
        for index, why in sorted(self.verify().items()):
            name = _part_name(index, self.chunks)
            os.replace(self.path / name, self.path / f".damaged-{name}")
            warnings.warn(
                f"{str(self.path)!r}: chunk {index} is damaged ({why}) and will be computed again; "
                f"the damaged file is kept as .damaged-{name}",
                ParlourWarning,
                stacklevel=3,
            )

    def verify(self) -> dict[int, str]:
        """Checks every stored part (its run, chunk index, rows and checksum): the chunk
        index of each part that fails, with the reason."""
        bad = {}
        for index in sorted(self.done()):
            try:
                self._checked_part(index)
            except _Damaged as e:
                bad[index] = str(e)
        return bad

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
        table = table.replace_schema_metadata(None)
        part = {"chunk": index, "rows": table.num_rows, "checksum": checksum(table)}
        meta = self._schema_metadata()
        meta[_PART_KEY] = json.dumps(part, sort_keys=True).encode("utf-8")
        table = table.replace_schema_metadata(meta)
        tmp = self.path / f".{_part_name(index, self.chunks)}.{os.getpid()}.tmp"
        pq.write_table(table, tmp, compression="zstd")
        os.replace(tmp, final)
        return True

    # ---- reading
    def part(self, index: int) -> pa.Table:
        """The rows of chunk ``index``, checked (StateFormatError when it is not stored yet, or
        when the part is not this run's chunk ``index`` as written: another run's, another
        chunk's, truncated or altered)."""
        if isinstance(index, bool) or not isinstance(index, int):
            raise WrongTypeError(f"a chunk index is an int, got {type(index).__name__}")
        if not 0 <= index < self.chunks:
            raise InvalidValueError(f"chunk index {index} is outside 0..{self.chunks - 1}")
        if not (self.path / _part_name(index, self.chunks)).exists():
            raise StateFormatError(f"chunk {index} of {str(self.path)!r} is not stored yet")
        try:
            return self._checked_part(index)
        except _Damaged as e:
            raise StateFormatError(
                f"part {_part_name(index, self.chunks)} of {str(self.path)!r} is damaged: {e} "
                "(run the same command again to compute it again)"
            ) from None

    def _checked_part(self, index: int) -> pa.Table:
        """The part of chunk ``index`` after every check; _Damaged saying why not."""
        try:
            table = pq.read_table(self.path / _part_name(index, self.chunks))
        except (pa.ArrowException, OSError, ValueError) as e:
            raise _Damaged(f"not a readable Parquet file ({type(e).__name__}: {str(e)[:200]})") from None
        meta = table.schema.metadata or {}
        try:
            run = json.loads(meta[b"parlour"].decode("utf-8"))
            part = json.loads(meta[_PART_KEY].decode("utf-8")) if _PART_KEY in meta or not self._first_layout else None
        except (KeyError, ValueError, UnicodeDecodeError):
            raise _Damaged("it carries no parlour part metadata") from None
        if not isinstance(run, dict) or not isinstance(part, (dict, type(None))):
            raise _Damaged("its parlour metadata is not a JSON object")
        if part is None:  # a part of the first layout: its run's kind and parameters, and its rows
            if run.get("kind") != self.kind or run.get("parameters") != self.parameters:
                raise _Damaged(f"it belongs to another run ({run.get('kind')!r})")
            if table.num_rows != self._plan[index]:
                raise _Damaged(f"it holds {table.num_rows} rows, the plan says {self._plan[index]}")
            return table.replace_schema_metadata(self._schema_metadata())
        if run.get("run") != self.run or run.get("kind") != self.kind or run.get("parameters") != self.parameters:
            raise _Damaged(f"it belongs to another run ({run.get('kind')!r}, run {run.get('run')!r})")
        if part.get("chunk") != index:
            raise _Damaged(f"it holds chunk {part.get('chunk')!r}")
        if part.get("rows") != table.num_rows or table.num_rows != self._plan[index]:
            raise _Damaged(f"it holds {table.num_rows} rows, the plan says {self._plan[index]}")
        table = table.replace_schema_metadata(None)
        if part.get("checksum") != checksum(table):
            raise _Damaged("its rows do not match its checksum")
        return table.replace_schema_metadata(self._schema_metadata())

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
        parts = [self.part(i) for i in sorted(done)]
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
