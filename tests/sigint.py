"""Ctrl-C sent to a child process in the middle of a long call: how the tests check that every
long call stops when asked (the engine polls for signals, see cpp/include/parlour/core/interrupt.hpp).

The child prints ``ready`` on stdout just before the call (or the test passes its own ``wait``),
gets ``settle`` seconds to be well inside it, then SIGINT; :func:`interrupt` returns what it
printed, its exit status and how long it took to end after the signal.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Stopped:
    """How a child process ended after SIGINT."""

    out: str
    err: str
    returncode: int
    waited: float  #: seconds from the signal to the end of the process

    @property
    def last_error_line(self) -> str:
        lines = self.err.strip().splitlines()
        return lines[-1] if lines else ""


def python_child(script: str, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    """``python -c script`` with pipes for stdout and stderr."""
    return subprocess.Popen(
        [sys.executable, "-c", script],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(os.environ) if env is None else env,
    )


def ready_script(code: str) -> str:
    """``code`` as a child's script that prints ``ready`` after its leading imports and just
    before the rest (on a loaded machine importing NumPy can outlast the settle time), and
    ``finished`` if the rest ever ends."""
    lines = code.splitlines()
    n = 0
    while n < len(lines) and lines[n].startswith(("import ", "from ")):
        n += 1
    return "\n".join([*lines[:n], "print('ready', flush=True)", *lines[n:], "print('finished', flush=True)", ""])


def interrupt(
    proc: subprocess.Popen[str],
    *,
    wait: Callable[[], object] | None = None,
    settle: float = 0.0,
    timeout: float = 30.0,
) -> Stopped:
    """Wait until ``proc`` is inside its long call (its ``ready`` line, or ``wait()``), ``settle``
    seconds more, check it still runs, send SIGINT and wait for the end (killed if it outlives
    ``timeout``, which fails the test)."""
    try:
        if wait is None:
            assert proc.stdout is not None
            assert proc.stdout.readline().strip() == "ready"
        else:
            wait()
        time.sleep(settle)
        assert proc.poll() is None, "the call ended by itself before the signal"
        sent = time.monotonic()
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=timeout)
        waited = time.monotonic() - sent
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    return Stopped(out or "", err or "", proc.returncode, waited)
