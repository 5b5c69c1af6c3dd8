"""Ctrl-C sent to a child process in the middle of a long call: how the tests check that every
long call stops when asked (the engine polls for signals, see cpp/include/parlour/core/interrupt.hpp).

The child prints ``ready`` on stdout just before the call (or the test passes its own ``wait``),
gets ``settle`` seconds to be well inside it, then SIGINT; :func:`interrupt` returns what it
printed, its exit status and how long it took to end after the signal.  A child that outlives
the signal is sent SIGABRT, and the test fails with where each of its threads was (Python's
faulthandler, which :func:`python_child` and the tests' other children turn on).
"""

from __future__ import annotations

import os
import resource
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
    #: CPU seconds the child spent from the signal to its end (Linux; None elsewhere): on a
    #: loaded machine a better measure of how soon a call stops than the wall clock
    cpu_after: float | None = None

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
        env=with_faulthandler(dict(os.environ) if env is None else env),
    )


def with_faulthandler(env: dict[str, str]) -> dict[str, str]:
    """``env`` with Python's faulthandler on (a child then prints every thread's stack on SIGABRT)."""
    return {**env, "PYTHONFAULTHANDLER": "1"}


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
    sig: signal.Signals = signal.SIGINT,
) -> Stopped:
    """Wait until ``proc`` is inside its long call (its ``ready`` line, or ``wait()``), ``settle``
    seconds more, check it still runs, send SIGINT (or ``sig``) and wait for the end.  A child
    that outlives ``timeout`` fails the test with where its threads were (see :func:`stacks_of`)."""
    try:
        if wait is None:
            assert proc.stdout is not None
            assert proc.stdout.readline().strip() == "ready"
        else:
            wait()
        time.sleep(settle)
        assert proc.poll() is None, "the call ended by itself before the signal"
        children_before = _children_cpu()
        cpu_at_signal = _cpu_of(proc.pid)
        sent = time.monotonic()
        proc.send_signal(sig)
        try:
            out, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            raise AssertionError(
                f"still running {timeout:g} s after {sig.name}; where its threads were:\n{stacks_of(proc)}"
            ) from None
        waited = time.monotonic() - sent
        cpu_after = None
        if cpu_at_signal is not None:
            cpu_after = _children_cpu() - children_before - cpu_at_signal
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    return Stopped(out or "", err or "", proc.returncode, waited, cpu_after)


def stacks_of(proc: subprocess.Popen[str]) -> str:
    """The end of what ``proc`` wrote on stderr after SIGABRT: with faulthandler on (see
    :func:`with_faulthandler`), the Python stack of each of its threads.  Ends the process."""
    if sys.platform == "win32":  # no SIGABRT to send to another process
        proc.kill()
        return "(not available on Windows)"
    proc.send_signal(signal.SIGABRT)
    try:
        _, err = proc.communicate(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()
        _, err = proc.communicate()
    return (err or "")[-6000:]


def _cpu_of(pid: int) -> float | None:
    """The CPU seconds (user + system) process ``pid`` has used so far (Linux's /proc; None elsewhere)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _children_cpu() -> float:
    """The CPU seconds of every child this process has waited for."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime
