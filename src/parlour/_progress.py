"""The progress bar every long command of ``parlour`` draws on stderr.

One bar for every command, so they all look and behave alike: done/total, elapsed
time, rate and time left, redrawn at most five times a second.  When the optional
``rich`` package is installed and the stream is a terminal, rich draws it; otherwise a
plain one-line bar is rewritten in place with a carriage return.  Progress never goes
to stdout, which carries only the command's results.
"""

from __future__ import annotations

import importlib.util
import sys
import time
from types import TracebackType
from typing import Any, TextIO

__all__ = ["ProgressBar"]


class ProgressBar:
    """A one-line progress bar on a stream (stderr by default): done/total, elapsed, rate and time left.

    Call it with ``(done, total)``; ``close()`` (or leaving a ``with`` block) ends the
    line.  ``unit`` names the items (``"deals"``).  The rate counts only the items done
    since the bar started, so a resumed run shows its own speed.  ``rich=None`` uses
    rich when it is installed and the stream is a terminal; False always draws the
    plain bar.
    """

    def __init__(self, unit: str, stream: TextIO | None = None, width: int = 30, rich: bool | None = None) -> None:
        """A bar for items called ``unit``, drawn on ``stream`` (stderr by default)."""
        self.unit = unit
        self.stream = sys.stderr if stream is None else stream
        self.width = width
        self.start = time.perf_counter()
        self.first: int | None = None
        self.last_draw = 0.0
        self.drawn = False
        if rich is None:
            isatty = getattr(self.stream, "isatty", None)
            rich = bool(isatty and isatty()) and importlib.util.find_spec("rich") is not None
        self._rich: Any = None
        self._task: Any = None
        if rich:
            from rich.console import Console  # type: ignore[import-not-found,unused-ignore]
            from rich.progress import (  # type: ignore[import-not-found,unused-ignore]
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )

            self._rich = Progress(
                TextColumn(unit),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                TimeRemainingColumn(),
                console=Console(file=self.stream),
                transient=False,
            )

    def __repr__(self) -> str:
        return f"ProgressBar(unit={self.unit!r}, rich={self._rich is not None})"

    def __call__(self, done: int, total: int) -> None:
        """Show ``done`` of ``total`` items."""
        now = time.perf_counter()
        if self.first is None:
            self.first = done
        if done < total and now - self.last_draw < 0.2:
            return
        self.last_draw = now
        self.drawn = True
        if self._rich is not None:
            if self._task is None:
                self._rich.start()
                self._task = self._rich.add_task(self.unit, total=total, completed=done)
            self._rich.update(self._task, total=total, completed=done)
            return
        elapsed = now - self.start
        frac = done / total if total else 1.0
        filled = int(self.width * frac)
        rate = (done - self.first) / elapsed if elapsed > 0 else 0.0
        left = f"  {(total - done) / rate:6.0f} s left" if rate > 0 and done < total else ""
        self.stream.write(
            f"\r[{'#' * filled}{'.' * (self.width - filled)}] {done:,}/{total:,} {self.unit}  {elapsed:6.1f} s  "
            f"{rate:,.0f} {self.unit}/s{left}   "
        )
        self.stream.flush()

    def close(self) -> None:
        """End the line (when anything was drawn)."""
        if self._rich is not None:
            if self._task is not None:
                self._rich.stop()
                self._task = None
            return
        if self.drawn:
            self.stream.write("\n")
            self.stream.flush()
            self.drawn = False

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()
