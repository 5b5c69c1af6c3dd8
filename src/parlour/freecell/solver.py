"""Solving FreeCell: :func:`solve`, :func:`solve_deals` and their results.

``solve`` returns one of three results, all with ``verdict``, ``states`` (positions
stored) and ``seconds``:

* :class:`Solution` — the moves, replayable from the start position
  (``bool(solution)`` is true);
* :class:`Unsolvable` — the search visited every position reachable by legal
  single-card moves, modulo the two provably safe reductions (canonical ordering of
  cascades and free cells, and safe automatic foundation moves: a card of rank <= 2,
  or a card whose two opposite-colour foundations hold its rank minus one), and found
  no win: a proof;
* :class:`Unknown` — ``max_states``, ``time_limit`` or ``memory_limit`` stopped the
  search first.

Memory: ``solve`` never lets the memory it holds for positions pass ``memory_limit``
(bytes; :data:`DEFAULT_MEMORY_LIMIT`, 2 GiB, unless told otherwise; ``None`` for no
limit): it stops with ``Unknown(reason="memory_limit")`` first.  A search that grows
large moves its positions to a compact store (a 24-byte canonical encoding and a
4-byte parent link each, about 36 bytes a position with the hash index and the open
list, against about 250 in the fast store of small searches), and under memory
pressure it gives up the incomplete scans of its portfolio before the complete one,
so a proof can run as far as the memory allows.  ``solve_deals`` applies the default
limit to each deal.
"""

from __future__ import annotations

import os
from array import array
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, overload

import numpy as np

from parlour._args import MAX_DEALS_IN_MEMORY, MAX_RUN_ITEMS, check_chunks, check_executor, items_of, iter_items
from parlour._core import freecell as _fc
from parlour._core.freecell import Game, GameState, Move, Verdict
from parlour.errors import InvalidValueError, WrongTypeError, _shown

if TYPE_CHECKING:  # pragma: no cover
    from parlour.distributed.store import ResultStore

__all__ = [
    "DEFAULT_MEMORY_LIMIT",
    "ProofProgress",
    "Solution",
    "SolveResult",
    "Unknown",
    "Unsolvable",
    "prove",
    "solve",
    "solve_deals",
]

Mode = Literal["fast", "short"]

DEFAULT_MEMORY_LIMIT: int = _fc.DEFAULT_MEMORY_LIMIT
"""The memory (bytes) ``solve`` may hold for positions unless told otherwise: 2 GiB."""


class Solution:
    """A winning line: ``notation`` (standard notation) and ``moves`` (resolved :class:`Move` objects).

    Every automatic foundation move is listed; a sequence move counts as one move.
    A solution from the solver converts its moves to Python objects only when they
    are first asked for, so solving thousands of deals for their lengths stays cheap.
    Solutions are immutable, compare and hash by ``(notation, states, seconds, mode)``
    and pickle with their resolved moves.
    """

    __slots__ = ("_moves", "_notation", "_raw", "mode", "seconds", "states")

    _raw: _fc.SearchResult | None
    _notation: tuple[str, ...] | None
    _moves: tuple[Move, ...] | None
    states: int
    seconds: float
    mode: str

    def __init__(
        self,
        notation: Iterable[str] = (),
        states: int = 0,
        seconds: float = 0.0,
        mode: str = "fast",
        *,
        _raw: _fc.SearchResult | tuple[Move, ...] | None = None,
    ) -> None:
        """A solution from its moves in standard notation (or, internally, from a raw search result)."""
        setter = object.__setattr__
        if isinstance(_raw, _fc.SearchResult):
            setter(self, "_raw", _raw)
            setter(self, "_notation", None)
            setter(self, "_moves", None)
        else:
            if isinstance(notation, str) or not isinstance(notation, Iterable):
                raise WrongTypeError(
                    f"a solution's moves are an iterable of notation strings, got {type(notation).__name__}"
                )
            moves = tuple(items_of(notation, "a solution's moves"))
            if not all(isinstance(m, str) for m in moves):
                raise WrongTypeError("a solution's moves are notation strings like '3a'")
            setter(self, "_raw", None)
            setter(self, "_notation", moves)
            setter(self, "_moves", _raw)
        setter(self, "states", states)
        setter(self, "seconds", seconds)
        setter(self, "mode", mode)

    @property
    def verdict(self) -> Verdict:
        """Always ``Verdict.SOLVED``."""
        return Verdict.SOLVED

    @property
    def notation(self) -> tuple[str, ...]:
        """The moves in standard notation."""
        if self._notation is None:
            assert self._raw is not None
            object.__setattr__(self, "_notation", tuple(self._raw.notation))
        assert self._notation is not None
        return self._notation

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves as resolved :class:`Move` objects (card and count filled in)."""
        if self._moves is None:
            moves = tuple(self._raw.moves) if self._raw is not None else tuple(Move.parse(t) for t in self.notation)
            object.__setattr__(self, "_moves", moves)
        assert self._moves is not None
        return self._moves

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Solution is immutable: cannot set {_shown(name)}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Solution is immutable: cannot delete {_shown(name)}")

    def _key(self) -> tuple[object, ...]:
        return (self.notation, self.states, self.seconds, self.mode)

    def __eq__(self, other: object) -> bool:
        """Equal when notation, states, seconds and mode are."""
        if not isinstance(other, Solution):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        """Hash of (notation, states, seconds, mode)."""
        return hash(self._key())

    def __repr__(self) -> str:
        """``Solution(notation=(...), states=..., seconds=..., mode=...)``."""
        return (
            f"Solution(notation={self.notation!r}, states={self.states!r}, seconds={self.seconds!r}, "
            f"mode={self.mode!r})"
        )

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Pickle with the resolved moves."""
        return (_restore_solution, (self.notation, self.states, self.seconds, self.mode, self.moves))

    def __len__(self) -> int:
        """The number of moves."""
        if self._notation is None and self._raw is not None:
            return self._raw.length
        return len(self.notation)

    def __bool__(self) -> bool:
        """True: a solution was found."""
        return True

    def __str__(self) -> str:
        """The moves in standard notation, separated by spaces."""
        return " ".join(self.notation)

    def replay(self, state: GameState) -> GameState:
        """Apply every move to ``state`` with full checks; the final position (IllegalMove on a bad move)."""
        _check_state(state)
        for text in self.notation:
            state = state.apply(text)
        return state

    def positions(self, state: GameState) -> list[GameState]:
        """Every position along the solution, the start first."""
        _check_state(state)
        out = [state]
        for text in self.notation:
            out.append(out[-1].apply(text))
        return out


def _check_state(state: object) -> None:
    if not isinstance(state, GameState):
        raise WrongTypeError(f"expected a freecell.GameState, got {type(state).__name__}")


def _restore_solution(
    notation: tuple[str, ...], states: int, seconds: float, mode: str, moves: tuple[Move, ...]
) -> Solution:
    return Solution(notation, states, seconds, mode, _raw=moves)


@dataclass(frozen=True)
class Unsolvable:
    """Proof that the position cannot be won: the whole reachable space was searched."""

    states: int = 0
    seconds: float = 0.0
    verdict: Verdict = field(default=Verdict.UNSOLVABLE, init=False)

    def __bool__(self) -> bool:
        """False: there is no solution."""
        return False


@dataclass(frozen=True)
class Unknown:
    """The search stopped at a limit without a verdict.

    ``reason`` is ``"max_states"``, ``"time_limit"``, ``"memory_limit"`` or (for
    :func:`prove`) ``"disk_limit"``.
    """

    reason: str = ""
    states: int = 0
    seconds: float = 0.0
    verdict: Verdict = field(default=Verdict.UNKNOWN, init=False)

    def __bool__(self) -> bool:
        """False: no solution is known."""
        return False


SolveResult = Solution | Unsolvable | Unknown


def _wrap(r: _fc.SearchResult, mode: str) -> SolveResult:
    if r.verdict == Verdict.SOLVED:
        return Solution((), r.states, r.seconds, mode, _raw=r)
    if r.verdict == Verdict.UNSOLVABLE:
        return Unsolvable(r.states, r.seconds)
    return Unknown(r.reason, r.states, r.seconds)


def _start_state(state: GameState | Game | int, caller: str) -> GameState:
    """The position a search starts from: a GameState, a Game's current position or an MS deal."""
    if isinstance(state, Game):
        return state.state
    if isinstance(state, GameState):
        return state
    if isinstance(state, bool) or not hasattr(state, "__index__"):
        raise WrongTypeError(f"{caller}() takes a GameState, a Game or a deal number, got {type(state).__name__}")
    return GameState.from_ms_deal(state)


def solve(
    state: GameState | Game | int,
    *,
    mode: Mode | Literal["proof"] = "fast",
    max_states: int | None = None,
    time_limit: float | None = None,
    memory_limit: int | None = DEFAULT_MEMORY_LIMIT,
) -> SolveResult:
    """Solve a position (a GameState, a Game's current position, or the MS deal of that number).

    ``mode="fast"`` finds a solution quickly (greedy best-first scans run in turn);
    ``mode="short"`` weighs the moves made and finds shorter solutions;
    ``mode="proof"`` runs the complete scan alone, the quickest way to prove a deal
    unsolvable and the farthest a memory limit lets a proof go (it finds solutions
    too, more slowly).  The search
    is deterministic and releases the GIL; Ctrl-C stops it.  ``max_states`` bounds the
    positions stored, ``time_limit`` the seconds, ``memory_limit`` the bytes held for
    positions (default :data:`DEFAULT_MEMORY_LIMIT`; ``None``: no limit).  See the
    module docstring for the three possible results.
    """
    state = _start_state(state, "solve")
    return _wrap(_fc.search(state, mode, max_states, time_limit, memory_limit), mode)


@overload
def solve_deals(
    numbers: Iterable[int],
    *,
    mode: Mode = "fast",
    jobs: int = 1,
    max_states: int | None = None,
    time_limit: float | None = None,
    progress: Callable[[int, int, int], object] | None = None,
    executor: Executor | None = None,
    out: None = None,
    chunk_size: int | None = None,
    solutions: bool = False,
) -> list[SolveResult]: ...


@overload
def solve_deals(
    numbers: Iterable[int],
    *,
    mode: Mode = "fast",
    jobs: int = 1,
    max_states: int | None = None,
    time_limit: float | None = None,
    progress: Callable[[int, int, int], object] | None = None,
    executor: Executor | None = None,
    out: str | os.PathLike[str],
    chunk_size: int | None = None,
    solutions: bool = False,
) -> ResultStore: ...


def solve_deals(
    numbers: Iterable[int],
    *,
    mode: Mode = "fast",
    jobs: int = 1,
    max_states: int | None = None,
    time_limit: float | None = None,
    progress: Callable[[int, int, int], object] | None = None,
    executor: Executor | None = None,
    out: str | os.PathLike[str] | None = None,
    chunk_size: int | None = None,
    solutions: bool = False,
) -> list[SolveResult] | ResultStore:
    """Solve many Microsoft deals in ``jobs`` threads; results in the order of ``numbers``.

    ``progress(done, total, index)`` is called after each deal (from a worker thread).
    ``max_states`` and ``time_limit`` apply to each deal.

    Beyond one process: with ``executor`` (any :class:`concurrent.futures.Executor`:
    a process pool, Dask's ``client.get_executor()``,
    :class:`parlour.distributed.RayExecutor`) the deals go out in chunks of
    ``chunk_size``, each solved on ``jobs`` threads of a worker.  With ``out`` (a
    directory) the results are not kept in memory but written chunk by chunk to a
    :class:`parlour.distributed.ResultStore` (Parquet; needs ``parlour[distributed]``),
    one row per deal with its verdict, solution length, positions, time and whether the
    solution replayed to a win (and its moves when ``solutions``), and the store is
    returned; the same call again resumes an interrupted run.  In both chunked modes
    ``progress(done, total, done - 1)`` is called after each chunk, from the calling
    thread.
    """
    if isinstance(numbers, str) or not isinstance(numbers, Iterable):
        raise WrongTypeError(f"solve_deals takes an iterable of deal numbers, got {type(numbers).__name__}")
    check_executor(executor)
    if executor is None and out is None:
        nums: Sequence[int] = _bounded(numbers, MAX_DEALS_IN_MEMORY, "solve_deals returns a list: use out=... beyond")
        raw = _fc.search_deals(nums, mode, jobs, max_states, time_limit, progress)
        return [_wrap(r, mode) for r in raw]
    return _solve_chunked(numbers, mode, jobs, max_states, time_limit, progress, executor, out, chunk_size, solutions)


@dataclass(frozen=True)
class ProofProgress:
    """Where a :func:`prove` run stands, handed to its ``progress`` callback after each split.

    ``layer`` is the number of cards home of the split just searched, ``splits`` the
    splits finished in this run, ``states`` the positions of every finished split (of
    earlier runs on the same directory too), ``disk`` the bytes of positions waiting
    in files now, ``memory`` the most bytes held for positions at once in this run,
    ``seconds`` the time of this run.
    """

    layer: int
    splits: int
    states: int
    disk: int
    memory: int
    seconds: float


def prove(
    state: GameState | Game | int,
    work_dir: str | os.PathLike[str],
    *,
    memory_limit: int | None = DEFAULT_MEMORY_LIMIT,
    disk_limit: int | None = None,
    time_limit: float | None = None,
    threads: int = 1,
    progress: Callable[[ProofProgress], object] | None = None,
) -> SolveResult:
    """Prove a deal unsolvable (or find it solvable) in bounded memory, with positions waiting on disk.

    The same complete scan as ``solve(mode="proof")`` — every position reachable by
    legal moves, modulo the safe reductions — so an :class:`Unsolvable` result is a
    proof and counts the same ``states``.  No move takes a card off a foundation, so
    the positions are split by their four foundation heights and the splits searched
    in order of cards home (a layer): only the split being searched is in memory
    (about 33 bytes a position, one split per thread with ``threads``); the positions
    found for later splits wait in files under ``work_dir`` (written sorted and without
    repeats, in blocks coded at about 8 to 11 bytes a position; a proof of billions of
    positions needs tens of GB of disk).  In the manner of Freecell Solver's
    ``depth_dbm_fc_solver``, which proved the last intractable deals of the FreeCell Pro
    range.

    Resumable: a run stopped by ``time_limit``, ``memory_limit``, Ctrl-C or a kill
    leaves ``work_dir`` at the last finished layer, and the same call again continues
    from there (``time_limit`` counts each run alone; ``seconds`` of the result counts
    them all, the stopped ones too, except the time a killed run spent since its last
    finished layer).  A finished proof records its verdict in ``work_dir``; a directory that
    holds the proof of another position is refused.  When the scan reaches a won
    position, the moves come from ``solve(mode="fast")`` within the time left.

    ``memory_limit`` bounds the bytes held for positions (the splits in memory, the
    filters of splits on disk and the lists waiting to be written; ``None``: no
    limit).  A split that does not fit is searched on disk with delayed duplicate
    detection, as in external-memory breadth-first search (Korf, "Best-first frontier
    search with delayed duplicate detection", AAAI 2004): its positions go to sorted
    runs in a subdirectory of ``work_dir``, a Bloom filter in memory tells the
    positions certainly new from those to check against the runs, and the split counts
    exactly the positions it counts in memory.  Such a split saves its state at every
    load and at least every five minutes, and a stopped run continues from there.
    ``disk_limit`` bounds the bytes of the files (``None``: no limit); past it the run
    stops with ``Unknown(reason="disk_limit")`` and continues when called again.  Only
    when the memory cannot hold even the search on disk does a run end with
    ``Unknown(reason="memory_limit")``.  ``progress`` receives a
    :class:`ProofProgress` after each split and each load of a split on disk, and
    about once a second while a split is searched, from a worker thread.  Releases
    the GIL.
    """
    state = _start_state(state, "prove")
    if not isinstance(work_dir, (str, os.PathLike)):
        raise WrongTypeError(f"work_dir is a path, got {type(work_dir).__name__}")
    path = os.fspath(work_dir)
    if not isinstance(path, str):
        raise WrongTypeError("work_dir is a text path, not bytes")
    if isinstance(threads, bool) or not isinstance(threads, int):
        raise WrongTypeError(f"threads is an int, got {type(threads).__name__}")
    if progress is not None and not callable(progress):
        raise WrongTypeError(f"progress is a callable or None, got {type(progress).__name__}")
    report = None
    if progress is not None:
        callback = progress

        def report(layer: int, splits: int, states: int, disk: int, memory: int, seconds: float) -> None:
            callback(ProofProgress(layer, splits, states, disk, memory, seconds))

    return _wrap(_fc.prove(state, path, time_limit, memory_limit, threads, report, disk_limit=disk_limit), "proof")


def _bounded(numbers: Iterable[int], cap: int, beyond: str) -> list[int]:
    """The items of ``numbers`` as a list, InvalidValueError past ``cap`` of them (read no further)."""
    if isinstance(numbers, range) and len(numbers) > cap:
        raise InvalidValueError(f"at most {cap:,} deals in one call, got {len(numbers):,} ({beyond})")
    return items_of(numbers, "the deal numbers", cap, beyond=beyond)


def _deal_array(numbers: Iterable[int], cap: int | None) -> np.ndarray | range:
    """The deals as uint64, or a range of step 1 as itself (never made into an array: it may
    hold 2**33 deals).  At most ``cap`` deals (None: a range of any length; other iterables
    at most MAX_RUN_ITEMS, the array held in memory)."""
    if isinstance(numbers, range) and numbers.step == 1:
        if len(numbers) and not 1 <= numbers.start < numbers.stop <= 2**33:
            bad = numbers.start if numbers.start < 1 else numbers.stop - 1
            raise InvalidValueError(f"a Microsoft deal number is 1 .. 2**33 - 1, got {bad}")
        if cap is not None and len(numbers) > cap:
            raise InvalidValueError(f"at most {cap:,} deals in one call, got {len(numbers):,} (use out=... beyond)")
        return numbers
    limit = MAX_RUN_ITEMS if cap is None else cap
    if isinstance(numbers, range) and len(numbers) > limit:
        raise InvalidValueError(f"at most {limit:,} deals in one call, got {len(numbers):,} (split the run)")
    out = array("Q")  # 8 bytes a deal, read one by one (never a list of Python ints)
    for n in iter_items(numbers, "the deal numbers", limit, beyond="split the run"):
        if isinstance(n, bool) or not isinstance(n, (int, np.integer)):
            raise WrongTypeError(f"a deal number is an int, got {type(n).__name__} {_shown(n)}")
        if not 1 <= n < 2**33:
            raise InvalidValueError(f"a Microsoft deal number is 1 .. 2**33 - 1, got {n}")
        out.append(int(n))
    return np.frombuffer(out, dtype=np.uint64) if out else np.zeros(0, dtype=np.uint64)


def _solve_chunk(params: dict[str, Any], numbers: np.ndarray, jobs: int) -> list[SolveResult]:
    """The task of one chunk of an executor run: the results of the deals ``numbers``."""
    return solve_deals(
        [int(n) for n in numbers],
        mode=params["mode"],
        jobs=jobs,
        max_states=params["max_states"],
        time_limit=params["time_limit"],
    )


def _solve_chunked(
    numbers: Iterable[int],
    mode: Mode,
    jobs: int,
    max_states: int | None,
    time_limit: float | None,
    progress: Callable[[int, int, int], object] | None,
    executor: Executor | None,
    out: str | os.PathLike[str] | None,
    chunk_size: int | None,
    solutions: bool,
) -> list[SolveResult] | ResultStore:
    if mode not in ("fast", "short"):
        raise InvalidValueError(f"mode is 'fast' or 'short', got {_shown(mode)}")
    if isinstance(jobs, bool) or not isinstance(jobs, int) or not 1 <= jobs <= 256:
        raise InvalidValueError(f"jobs must be an int in 1..256, got {_shown(jobs)}")
    if max_states is not None and (isinstance(max_states, bool) or not isinstance(max_states, int) or max_states < 1):
        raise InvalidValueError(f"max_states must be a positive int or None, got {_shown(max_states)}")
    if time_limit is not None and not (isinstance(time_limit, (int, float)) and time_limit > 0):
        raise InvalidValueError(f"time_limit must be positive seconds or None, got {_shown(time_limit)}")
    deals = _deal_array(numbers, None if out is not None else MAX_DEALS_IN_MEMORY)

    def report(done: int, total: int) -> None:
        if progress is not None:
            progress(done, total, max(0, done - 1))

    if out is not None:
        from parlour.freecell._runs import freecell_survey

        return freecell_survey(
            deals,
            out,
            mode=mode,
            max_states=max_states,
            time_limit=time_limit,
            solutions=solutions,
            jobs=jobs,
            executor=executor,
            chunk_size=chunk_size,
            progress=report,
        )
    from parlour.distributed.runner import run_chunks

    size = chunk_size if chunk_size is not None else 5000
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise InvalidValueError(f"chunk_size must be an int >= 1, got {_shown(chunk_size)}")
    check_chunks(len(deals), size, "deals")
    work = {"mode": mode, "max_states": max_states, "time_limit": time_limit}
    chunks = [(work, deals[lo : lo + size]) for lo in range(0, len(deals), size)]
    results: list[SolveResult] = []
    parts: dict[int, list[SolveResult]] = {}
    done = [0]

    def keep(i: int, part: list[SolveResult]) -> None:
        parts[i] = part

    def advance(i: int) -> None:
        done[0] += len(chunks[i][1])
        report(done[0], len(deals))

    run_chunks(_solve_chunk, chunks, on_result=keep, executor=executor, jobs=jobs, on_progress=advance)
    for i in range(len(chunks)):
        results.extend(parts[i])
    return results
