"""Long commands, run as a user runs them (``python -m parlour`` in a child process), then
stopped with Ctrl-C: each says what it had done and, when the run can go on, the exact
command that continues it, with exit status 130 and no traceback; runs over the whole
Microsoft deal range stream in bounded memory.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from .distributed.conftest import child_env, parlour_cli

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process is POSIX")

LAST_DEAL = 2**33 - 1
#: A stop takes well under a second on an idle machine; the bound is loose for a loaded one.
STOP_WITHIN = 10.0


class Child:
    """``parlour ARGS`` in a child process whose stderr is read as it comes (the progress line)."""

    def __init__(self, *args: str, group: bool = False) -> None:
        self.proc = subprocess.Popen(
            parlour_cli(*args),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=child_env(),
            start_new_session=group,
        )
        self._out: list[bytes] = []
        self._err: list[bytes] = []
        assert self.proc.stdout is not None and self.proc.stderr is not None
        self._readers = [
            threading.Thread(target=self._read, args=(self.proc.stdout.fileno(), self._out), daemon=True),
            threading.Thread(target=self._read, args=(self.proc.stderr.fileno(), self._err), daemon=True),
        ]
        for reader in self._readers:
            reader.start()
        self.group = group

    @staticmethod
    def _read(fd: int, into: list[bytes]) -> None:
        while chunk := os.read(fd, 65536):
            into.append(chunk)

    @property
    def err(self) -> str:
        return b"".join(self._err).decode("utf-8", "replace")

    def wait_for(self, ready: Callable[[], bool], what: str, timeout: float = 120.0) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if ready():
                return
            if self.proc.poll() is not None:
                self._finish()
                raise AssertionError(f"the command ended (status {self.proc.returncode}) before {what}: {self.err}")
            time.sleep(0.05)
        self._finish()
        raise AssertionError(f"no {what} in {timeout} s: {self.err[-2000:]}")

    def progress(self) -> int:
        """The items done on the last progress line drawn so far (0 before any)."""
        found = re.findall(r"\] ([\d,]+)/", self.err) or re.findall(r"\r([\d,]+) \w", self.err)
        return int(found[-1].replace(",", "")) if found else 0

    def peak_memory(self) -> int:
        """The most resident memory the process has used so far (bytes; Linux's VmHWM)."""
        status = Path(f"/proc/{self.proc.pid}/status").read_text()
        return int(re.search(r"VmHWM:\s+(\d+) kB", status).group(1)) * 1024  # type: ignore[union-attr]

    def ctrl_c(self, timeout: float = 60.0, sig: int = signal.SIGINT) -> tuple[str, str, int, float]:
        """Ctrl-C (to the whole process group when started as one, as a terminal sends it), or
        another signal `sig`; stdout, stderr, the exit status and the seconds it took to end."""
        sent = time.monotonic()
        if self.group:
            os.killpg(self.proc.pid, sig)
        else:
            self.proc.send_signal(sig)
        try:
            self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.send_signal(signal.SIGABRT)  # faulthandler (child_env) prints each thread's stack
            self._finish(grace=15)
            raise AssertionError(
                f"still running {timeout:g} s after signal {sig}; where its threads were:\n{self.err[-6000:]}"
            ) from None
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait()
        waited = time.monotonic() - sent
        self._finish()
        return b"".join(self._out).decode(), self.err, self.proc.returncode, waited

    def _finish(self, grace: float = 0.0) -> None:
        if grace:
            try:
                self.proc.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                pass
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        for reader in self._readers:  # the pipes close with the process (and any worker it started)
            reader.join(timeout=30)
        for pipe in (self.proc.stdout, self.proc.stderr):
            if pipe is not None:
                pipe.close()


def last_line(err: str) -> str:
    return err.replace("\r", "\n").strip().splitlines()[-1]


def parlour_words(note: str) -> list[str]:
    """The command a note ends with (``...: parlour freecell batch 8001 ...``), as argv after ``parlour``."""
    words = shlex.split(note[note.rindex("parlour ") :])
    assert words[0] == "parlour"
    return words[1:]


needs_proc = pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads the peak memory from /proc")


@needs_proc
def test_batch_over_every_deal_streams_and_says_where_to_go_on() -> None:
    from parlour.freecell.cli import _BATCH_CHUNK

    child = Child("freecell", "batch", "1", str(LAST_DEAL))
    child.wait_for(lambda: child.progress() > _BATCH_CHUNK + 100, "a first chunk solved")
    peak = child.peak_memory()
    out, err, status, waited = child.ctrl_c()
    assert status == 130 and "Traceback" not in err, err[-3000:]
    assert waited < STOP_WITHIN
    # Memory bounded whatever the range: a list of its 2**33 deals was 64 GiB.
    assert peak < 400 * 2**20, f"{peak / 2**20:.0f} MiB"
    # The figures of the deals finished, on stdout; on stderr, the command for the rest.
    done = int(re.search(r"^deals 1\.\.(\d+) \((\d+)\)", out, re.M).group(1))  # type: ignore[union-attr]
    assert done % _BATCH_CHUNK == 0 and done >= _BATCH_CHUNK
    assert re.search(rf"^solved {done}, proved unsolvable 0 \[\], unknown 0 \[\]$", out, re.M), out
    note = last_line(err)
    assert note.startswith(f"interrupted: deals 1..{done} are solved ({done:,} of {LAST_DEAL:,}); the rest: ")
    assert parlour_words(note) == ["freecell", "batch", str(done + 1), str(LAST_DEAL)]


def test_batch_goes_on_with_the_command_of_the_note() -> None:
    from parlour.freecell.cli import _BATCH_CHUNK

    # Forty chunks: the run is still going when Ctrl-C lands (a chunk takes about 0.1 s).
    first = LAST_DEAL - 40 * _BATCH_CHUNK + 1
    options = ["--max-states", "200000", "--time-limit", "5"]
    child = Child("freecell", "batch", str(first), str(LAST_DEAL), *options)
    child.wait_for(lambda: child.progress() > _BATCH_CHUNK + 50, "a first chunk solved")
    out, err, status, _ = child.ctrl_c()
    assert status == 130 and "Traceback" not in err, err[-3000:]
    rest = parlour_words(last_line(err))
    go_on = int(rest[2])  # after the chunks finished before the interrupt
    assert go_on > first and (go_on - first) % _BATCH_CHUNK == 0 and go_on <= LAST_DEAL
    assert out.startswith(f"deals {first}..{go_on - 1} ({go_on - first}), mode fast")
    assert rest == ["freecell", "batch", str(go_on), str(LAST_DEAL), "--max-states", "200000"] + [
        "--time-limit",
        "5.0",
    ]
    finish = subprocess.run(parlour_cli(*rest), capture_output=True, text=True, env=child_env(), timeout=300)
    assert finish.returncode == 0, finish.stderr[-2000:]
    assert finish.stdout.startswith(f"deals {go_on}..{LAST_DEAL} ({LAST_DEAL - go_on + 1}), mode fast")


@needs_proc
def test_survey_over_every_deal_streams_in_bounded_memory(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow", reason="the survey writes Parquet: pip install 'parlour[distributed]'")
    from parlour.distributed import ResultStore

    out = tmp_path / "every deal"
    args = ["freecell", "survey", "1", str(LAST_DEAL), "--out", str(out), "--chunk-size", "100", "--quiet"]
    child = Child(*args)
    child.wait_for(lambda: len(list(out.glob("part-*.parquet"))) >= 2, "two chunks stored")
    peak = child.peak_memory()
    _, err, status, waited = child.ctrl_c()
    assert status == 130 and "Traceback" not in err, err[-3000:]
    assert waited < STOP_WITHIN
    assert peak < 500 * 2**20, f"{peak / 2**20:.0f} MiB"  # the deals as an array were 64 GiB
    chunks = -(-LAST_DEAL // 100)
    manifest = out / "_run.json"
    assert manifest.stat().st_size < 2000  # the plan of 85,899,346 chunks in one number
    assert json.loads(manifest.read_text())["chunk_size"] == 100
    stored = ResultStore(out)
    assert stored.chunks == chunks and len(stored.chunk_rows) == chunks and stored.chunk_rows[-1] == 91
    n = len(stored.done())
    assert sorted(p.name for p in out.glob("part-*.parquet"))[0] == "part-00000000.parquet"  # names that sort
    assert stored.part(0).column("deal").to_pylist() == list(range(1, 101))
    note = last_line(err)
    assert note.startswith(f"interrupted: {100 * n:,} of {LAST_DEAL:,} deals are stored in {out}; ")
    assert parlour_words(note) == args  # the same command continues
    again = Child(*args)
    again.wait_for(lambda: len(ResultStore(out).done()) >= n + 1, "one more chunk stored")
    _, err, status, _ = again.ctrl_c()
    assert status == 130 and "Traceback" not in err
    assert ResultStore(out).part(n).column("deal").to_pylist() == list(range(100 * n + 1, 100 * n + 101))


@pytest.mark.slow  # starts a Dask cluster
def test_ctrl_c_on_a_local_dask_cluster_is_quiet_and_quick(tmp_path: Path) -> None:
    """Ctrl-C in a terminal reaches the cluster's workers too: none of them may print a
    traceback or a warning, and the command ends at once with its one note."""
    pytest.importorskip("distributed", reason="--dask needs dask[distributed]: pip install 'parlour[distributed]'")
    out = tmp_path / "s"
    args = ["freecell", "survey", "1", "200000", "--out", str(out), "--dask", "local", "--workers", "2"]
    child = Child(*args, "--chunk-size", "500", group=True)
    child.wait_for(lambda: len(list(out.glob("part-*.parquet"))) >= 4, "four chunks stored")
    time.sleep(0.5)  # the workers inside their next chunks
    _, err, status, waited = child.ctrl_c()
    assert status == 130, err[-3000:]
    assert err.strip().splitlines()[-1].startswith("interrupted: ")
    # Nothing but the note (the progress bar is drawn on the same lines).
    for noise in ("Traceback", "WARNING", "KeyboardInterrupt", "distributed."):
        assert noise not in err, err[-3000:]
    assert waited < 3.0, f"took {waited:.2f} s to stop"
    assert parlour_words(last_line(err)) == [*args, "--chunk-size", "500"]


# ---------------------------------------------------------------- what Ctrl-C says
def test_simulate_without_out_says_how_many_games_and_how_to_keep_them() -> None:
    args = ["yahtzee", "simulate", "--games", "100000000", "--bot", "heuristic", "--threads", "1", "--seed", "4"]
    child = Child(*args)
    child.wait_for(lambda: child.progress() >= 40000, "two blocks of games played")
    out, err, status, waited = child.ctrl_c()
    assert status == 130 and "Traceback" not in err and out == "", err[-3000:]
    assert waited < STOP_WITHIN
    note = last_line(err)
    done = int(re.search(r"^interrupted: ([\d,]+) of 100,000,000 games were done;", note).group(1).replace(",", ""))  # type: ignore[union-attr]
    assert done >= 40000 and "without --out nothing is kept (" in note
    assert shlex.split(note.split("(", 1)[1])[:13] == ["parlour", *args, "--out", "DIR"]


def test_arena_without_out_says_how_many_matches() -> None:
    args = ["gin", "arena", "--bots", "easy,easy,normal", "--matches", "100000", "--jobs", "1"]
    child = Child(*args)
    child.wait_for(lambda: child.progress() > 0, "some matches played")
    out, err, status, _ = child.ctrl_c()
    assert status == 130 and "Traceback" not in err and out == "", err[-3000:]
    note = last_line(err)
    assert re.match(r"interrupted: [\d,]+ of 300,000 matches were done; without --out nothing is kept \(", note), note
    assert f"({shlex.join(['parlour', *args, '--out', 'DIR'])} keeps the matches" in note


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_prove_says_how_far_it_got_and_how_to_continue(tmp_path: Path, sig: signal.Signals) -> None:
    """Ctrl-C, or ``kill`` (SIGTERM, what a batch system sends at a job's end), which stops a
    command the same way with status 143."""
    work = tmp_path / "proof dir"
    args = ["freecell", "prove", "219837216", "--work-dir", str(work), "--memory-limit", "1G"]
    child = Child(*args)
    # Progress lines come at most twice a second, so a short layer may never be shown: wait for any later one.
    child.wait_for(lambda: any(int(n) >= 2 for n in re.findall(r"layer (\d+)", child.err)), "the third layer")
    out, err, status, waited = child.ctrl_c(sig=sig)
    assert status == 128 + sig and "Traceback" not in err and out == "", err[-3000:]
    assert waited < STOP_WITHIN
    note = last_line(err)
    assert re.match(r"interrupted: [\d,]+ positions searched \(layer \d+, splits \d+, disk [\d.,]+ \w+, memory ", note)
    assert (
        f"; {work} keeps every finished layer and the last load of a split on disk: run the same command again to continue: "
        in note
    )
    assert parlour_words(note) == args
    # The same command continues: the stored positions count from the start.
    again = Child(*args)
    again.wait_for(lambda: again.progress() > 0, "a split of the second run")
    _, err, status, _ = again.ctrl_c()
    assert status == 130 and "Traceback" not in err, err[-3000:]
