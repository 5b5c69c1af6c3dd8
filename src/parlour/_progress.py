"""The progress display every long command of ``parlour`` draws on stderr, and its Ctrl-C note.

One component for every command, so they all look and behave alike: items done (of a
total, when there is one), elapsed time, rate and time left, then any further fields
the work reports (``layer 12  memory 1.2 GiB``), redrawn at most five times a second
and at least once a second while the work runs (so the clock moves even when the work
reports rarely).  When the optional ``rich`` package is installed and the stream is a
terminal, rich draws it; otherwise a plain one-line display is rewritten in place with
a carriage return.  Progress never goes to stdout, which carries only the command's
results.

:class:`Interrupted` is the KeyboardInterrupt a command raises after Ctrl-C with what
it had done and how to continue; ``parlour`` prints it on stderr and exits with 130.
"""

from __future__ import annotations

import importlib.util
import shlex
import sys
import threading
import time
from collections.abc import Sequence
from types import TracebackType
from typing import Any, TextIO

__all__ = ["Interrupted", "ProgressBar", "command_line", "format_bytes", "format_field"]


class Interrupted(KeyboardInterrupt):
    """Ctrl-C stopped a command: ``str()`` says what was done and, when the run can go on, how.

    A KeyboardInterrupt, so anything that lets Ctrl-C through lets this through too.
    """


def command_line(argv: Sequence[str] | None) -> str:
    """The command ``parlour ARGV...`` as a shell would take it back (quoted where needed)."""
    return "parlour " + shlex.join(argv) if argv is not None else "the same command"


def format_bytes(n: float) -> str:
    """A byte count for people: ``512 B``, ``3.4 MiB``, ``1.20 GiB``."""
    for unit, size in (("TiB", 2**40), ("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if abs(n) >= size:
            value = n / size
            return f"{value:,.2f} {unit}" if value < 10 else f"{value:,.1f} {unit}"
    return f"{n:,.0f} B"


#: Field names (or name parts) whose values are byte counts.
_BYTE_WORDS = ("bytes", "memory", "disk", "held", "size")


def format_field(name: str, value: object) -> str:
    """One further field of a progress line, whatever the work reports: ``layer 12``,
    ``memory 1.20 GiB`` (a name about bytes), ``ratio 0.5``; empty for None or False."""
    label = name.replace("_", " ")
    if value is None or value is False:
        return ""
    if value is True:
        return label
    if isinstance(value, (int, float)) and any(w in name.lower() for w in _BYTE_WORDS):
        return f"{label} {format_bytes(value)}"
    if isinstance(value, int):
        return f"{label} {value:,}"
    if isinstance(value, float):
        return f"{label} {value:,.3g}" if abs(value) < 100 else f"{label} {value:,.0f}"
    return f"{label} {value}"


def _duration(seconds: float) -> str:
    s = round(seconds)
    if s < 60:
        return f"{seconds:.1f} s" if seconds < 10 else f"{s} s"
    if s < 3600:
        return f"{s // 60} min {s % 60:02d} s"
    if s < 86400:
        return f"{s // 3600} h {s % 3600 // 60:02d} min"
    return f"{s // 86400} d {s % 86400 // 3600:02d} h"


class ProgressBar:
    """The progress display of a long command: items done of a total, elapsed, rate, time left, further fields.

    Call it with ``(done, total)`` (``total`` None when the work has no known end),
    plus any further fields as keywords (``layer=12, memory=2**30``), shown after the
    counts by :func:`format_field`; ``close()`` (or leaving a ``with`` block) ends the
    line.  ``unit`` names the items (``"deals"``).  The rate counts the items done since
    the display started; with ``resumed=True`` the first call gives the starting point
    instead (a run that continues a stored one shows its own speed, not the stored
    items').  ``quiet=True`` draws nothing but still keeps :attr:`done`, :attr:`total`
    and :attr:`fields`, so a command can say after Ctrl-C how far it got.
    ``rich=None`` uses rich when it is installed and the stream is a terminal; False
    always draws the plain line.
    """

    def __init__(
        self,
        unit: str,
        stream: TextIO | None = None,
        width: int = 30,
        rich: bool | None = None,
        *,
        resumed: bool = False,
        quiet: bool = False,
        tick: float = 1.0,
    ) -> None:
        """A display for items called ``unit`` on ``stream`` (stderr by default)."""
        self.unit = unit
        self.stream = sys.stderr if stream is None else stream
        self.width = width
        self.quiet = quiet
        self.start = time.perf_counter()
        #: The last reported items done, total and further fields.
        self.done: int | None = None
        self.total: int | None = None
        self.fields: dict[str, Any] = {}
        self._resumed = resumed
        self._base: tuple[int, float] | None = None if resumed else (0, self.start)
        self._last_draw = 0.0
        self._dirty = False
        self._drawn_width = 0
        self._lock = threading.RLock()
        self._tick = tick
        self._ticker: threading.Thread | None = None
        self._closed = threading.Event()
        if rich is None:
            isatty = getattr(self.stream, "isatty", None)
            rich = bool(isatty and isatty()) and importlib.util.find_spec("rich") is not None
        self._rich: Any = None
        self._task: Any = None
        if rich and not quiet:
            from rich.console import Console  # type: ignore[import-not-found,unused-ignore]
            from rich.progress import (  # type: ignore[import-not-found,unused-ignore]
                BarColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
            )

            self._rich = Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                TextColumn("{task.fields[counts]}"),
                TimeElapsedColumn(),
                TextColumn("{task.fields[rest]}"),
                console=Console(file=self.stream),
                transient=False,
            )

    def __repr__(self) -> str:
        return f"ProgressBar(unit={self.unit!r}, rich={self._rich is not None}, quiet={self.quiet})"

    # ---- what the line says
    def rate(self, now: float | None = None) -> float | None:
        """Items a second since the start (or since the first call of a resumed run); None before it can be told."""
        if self._base is None or self.done is None:
            return None
        t = time.perf_counter() if now is None else now
        base_done, base_time = self._base
        if self.done <= base_done or t - base_time <= 0:
            return None
        return (self.done - base_done) / (t - base_time)

    def _parts(self, now: float) -> tuple[str, str]:
        """The counts (``1,234/5,000 deals``) and the rest (rate, time left, fields)."""
        done = self.done or 0
        counts = f"{done:,}/{self.total:,} {self.unit}" if self.total is not None else f"{done:,} {self.unit}"
        rate = self.rate(now)
        rest = [
            f"{rate:,.0f} {self.unit}/s"
            if rate is not None and rate >= 10
            else f"{rate:,.2g} {self.unit}/s"
            if rate is not None
            else f"- {self.unit}/s"
        ]
        if rate is not None and self.total is not None and done < self.total:
            rest.append(f"{_duration((self.total - done) / rate)} left")
        rest += [t for t in (format_field(k, v) for k, v in self.fields.items()) if t]
        return counts, "  ".join(rest)

    def line(self, now: float | None = None) -> str:
        """The plain line as it would be drawn now (without the carriage return)."""
        t = time.perf_counter() if now is None else now
        counts, rest = self._parts(t)
        elapsed = _duration(t - self.start)
        if self.total is None:
            return f"{counts}  {elapsed}  {rest}"
        frac = min(1.0, (self.done or 0) / self.total) if self.total else 1.0
        filled = int(self.width * frac)
        return f"[{'#' * filled}{'.' * (self.width - filled)}] {counts}  {elapsed}  {rest}"

    # ---- drawing
    def __call__(self, done: int, total: int | None = None, **fields: Any) -> None:
        """Show ``done`` items (of ``total``) and any further fields."""
        now = time.perf_counter()
        with self._lock:
            if self._base is None:  # a resumed run: its first call is where it starts
                self._base = (done, now)
            self.done, self.total = done, total
            self.fields = fields
            if self.quiet or self._closed.is_set():
                return
            final = total is not None and done >= total
            if not final and now - self._last_draw < 0.2:
                self._dirty = True
                return
            self._draw(now)

    def _draw(self, now: float) -> None:
        self._last_draw = now
        self._dirty = False
        if self._rich is not None:
            counts, rest = self._parts(now)
            if self._task is None:
                self._rich.start()
                self._task = self._rich.add_task(self.unit, total=self.total, counts=counts, rest=rest)
            self._rich.update(self._task, total=self.total, completed=self.done or 0, counts=counts, rest=rest)
            return
        text = self.line(now)
        pad = " " * max(0, self._drawn_width - len(text))
        self.stream.write(f"\r{text}{pad}")
        self.stream.flush()
        self._drawn_width = len(text)
        if self._ticker is None and self._tick > 0:
            self._ticker = threading.Thread(target=self._run_ticker, name="parlour-progress", daemon=True)
            self._ticker.start()

    def _run_ticker(self) -> None:
        """Redraw at least once a ``tick`` so the clock moves while the work is quiet."""
        while not self._closed.wait(self._tick):
            with self._lock:
                if self._closed.is_set():
                    return
                now = time.perf_counter()
                if now - self._last_draw >= self._tick * 0.9:
                    self._draw(now)

    def close(self) -> None:
        """End the line (when anything was drawn); the display draws nothing after this."""
        with self._lock:
            if self._closed.is_set():
                return
            self._closed.set()
            if self._rich is not None:
                if self._task is not None:
                    self._rich.stop()
                    self._task = None
                return
            if self._drawn_width:
                if self._dirty:  # the last figures, when the last call was not drawn
                    text = self.line()
                    self.stream.write(f"\r{text}{' ' * max(0, self._drawn_width - len(text))}")
                self.stream.write("\n")
                self.stream.flush()
                self._drawn_width = 0
        # (Ctrl-C can land inside the ticker's start(): a thread never started is not joined,
        # and one that starts late finds the display closed and ends at once.)
        if self._ticker is not None and self._ticker is not threading.current_thread() and self._ticker.is_alive():
            self._ticker.join()

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()
