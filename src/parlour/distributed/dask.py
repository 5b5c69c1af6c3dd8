"""Dask as a :class:`concurrent.futures.Executor`, from a ``distributed.Client``.

``dask_executor(address)`` connects a :class:`distributed.Client` to the scheduler at
``address`` (``"tcp://host:8786"``), or starts a private ``LocalCluster`` of
single-threaded worker processes for ``"local"`` (quiet: its warnings are not
shown, and its workers leave Ctrl-C to this process), and returns an executor over
the client; its ``shutdown()`` closes the client (and the local cluster) again.  Dask
reschedules the tasks of a worker that dies, so a run survives a lost worker.  A
client you already have works as it is: ``executor=client.get_executor()``.
"""

from __future__ import annotations

import concurrent.futures as cf
import logging
import os
import signal
from collections.abc import Callable
from typing import Any, TypeVar

try:
    import distributed as _distributed
except ImportError as e:  # pragma: no cover - exercised only without the extra
    raise ImportError(
        "parlour's Dask integration needs dask[distributed]: pip install 'parlour[distributed]' (in a checkout: pip install '.[distributed]')"
    ) from e

__all__ = ["DaskExecutor", "dask_executor"]

T = TypeVar("T")
distributed: Any = _distributed


class DaskExecutor(cf.Executor):
    """The executor of a Dask client that closes the client (and its local cluster) on shutdown."""

    def __init__(self, client: Any, cluster: Any | None = None) -> None:
        """An executor over ``client`` (a ``distributed.Client``); ``cluster`` is closed with it."""
        self._client = client
        self._cluster = cluster
        self._inner: Any = client.get_executor()

    @property
    def parallelism(self) -> int:
        """The worker threads of the cluster (how many tasks run at once)."""
        return max(1, int(sum(self._client.nthreads().values())))

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> cf.Future[T]:
        """Run ``fn(*args, **kwargs)`` as a Dask task; its future."""
        fut: cf.Future[T] = self._inner.submit(fn, *args, **kwargs)
        return fut

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Cancel (or wait for) the pending tasks, then close the client and a local cluster
        (whose workers are stopped at once when the tasks are cancelled)."""
        if cancel_futures:
            for f in list(self._inner._futures):  # the client's futures of the tasks not yet collected
                f.cancel()
        self._inner.shutdown(wait=wait and not cancel_futures)
        self._client.close()
        if self._cluster is not None:
            if cancel_futures:
                # The scheduler notes every connection the stopped workers drop: not news here.
                quiet = logging.getLogger("distributed")
                level = quiet.level
                quiet.setLevel(logging.CRITICAL)
                try:
                    _stop_workers(self._cluster)
                    self._cluster.close()
                finally:
                    quiet.setLevel(level)
            else:
                self._cluster.close()
            self._cluster = None


def _stop_workers(cluster: Any) -> None:
    """End a local cluster's worker processes at once: a cancelled run does not wait for the
    chunks they are inside (a graceful close waits seconds for each)."""
    for nanny in list(getattr(cluster, "workers", {}).values()):
        pid = getattr(nanny, "pid", None)
        if isinstance(pid, int) and pid > 0:
            try:
                os.kill(pid, getattr(signal, "SIGKILL", signal.SIGTERM))
            except OSError:  # already gone
                pass


def dask_executor(address: str, *, n_workers: int | None = None) -> DaskExecutor:
    """An executor on the Dask scheduler at ``address``, or on a private local cluster of
    ``n_workers`` single-threaded worker processes for ``"local"``; see the module docstring."""
    if not isinstance(address, str):
        from parlour.errors import WrongTypeError

        raise WrongTypeError(f"a Dask scheduler address is a string, got {type(address).__name__}")
    if address == "local":
        cluster = distributed.LocalCluster(
            n_workers=n_workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",
            # A private cluster talks through the command that started it: its errors
            # show, its warnings (a cancelled task, a worker gone at shutdown) do not,
            # and its workers leave Ctrl-C to the command (see _dask_worker).
            silence_logs=logging.ERROR,
            preload=["parlour.distributed._dask_worker"],
        )
        return DaskExecutor(distributed.Client(cluster), cluster)
    return DaskExecutor(distributed.Client(address))
