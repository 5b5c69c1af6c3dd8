"""A worker preload of the private local Dask cluster that ``--dask local`` starts.

Ctrl-C in a terminal reaches every process of the foreground group, the cluster's
worker processes too; the command that started them stops the run, cancels the tasks
and closes the cluster, so the workers ignore it instead of each printing a traceback.
They still end with their parent (Dask's workers watch the process that started them).
"""

from __future__ import annotations

import signal
import threading
from typing import Any


def dask_setup(worker: Any) -> None:
    """Called by Dask as the worker starts: ignore SIGINT (in the worker's main thread)."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)
