"""The server benchmarks' processes: ``parlour serve`` started for a run, and the CPU time and
memory of it and its workers (Linux ``/proc``).  Used by bench_server.py and bench_failover.py."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

__all__ = ["_cpu_seconds", "_http", "_rss_kib", "_start_server", "family"]


def _rss_kib(pid: int) -> int:
    """Resident memory of a process and its children (the workers of ``--workers``), in KiB."""
    total = 0
    for p in family(pid):
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total


def family(pid: int) -> list[int]:
    """A process and its children (Linux /proc)."""
    out = [pid]
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                if int(Path(d, "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    out.append(int(d.name))
            except (OSError, IndexError, ValueError):
                pass
    return out


def _cpu_seconds(pids: int | list[int]) -> float:
    """User + system CPU time of processes so far (Linux /proc); a process gone counts 0."""
    total = 0.0
    for pid in [pids] if isinstance(pids, int) else pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def _http(base: str, method: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(
        base + path, data=data, method=method, headers={"Content-Type": "application/json"} if data else {}
    )
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.loads(r.read())


def _start_server(db_url: str, port: int, log: Path, workers: int = 1) -> subprocess.Popen[bytes]:
    import parlour  # the parlour this process imports (source tree or installed), for the server too

    pkg = Path(parlour.__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(pkg), os.environ.get("PYTHONPATH", "")])}
    launch = os.environ.get("PARLOUR_SERVER_LAUNCH")  # another way to start it, e.g. a script
    cmd = [
        sys.executable,
        *([launch] if launch else ["-m", "parlour", "serve"]),
        "--port",
        str(port),
        "--db",
        db_url,
        "--max-tables",
        "100000",
        "--rate",
        "1000",
        "--log-level",
        "warning",
        *(["--workers", str(workers)] if workers > 1 else []),
    ]
    with open(log, "ab") as f:
        proc = subprocess.Popen(cmd, stdout=f, stderr=subprocess.STDOUT, env=env)
    base = f"http://127.0.0.1:{port}"
    for _ in range(600):
        if proc.poll() is not None:
            raise RuntimeError(log.read_text()[-2000:])
        try:
            _http(base, "GET", "/api/health")
            return proc
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("the server did not start")
