"""Dask as a :class:`concurrent.futures.Executor`, from a ``distributed.Client``.

``dask_executor(address)`` connects a :class:`distributed.Client` to the scheduler at
``address`` (``"tcp://host:8786"``), or starts a private ``LocalCluster`` for
``"local"``, and returns the client's executor; its ``shutdown()`` closes the client
(and the local cluster) again.  Dask reschedules the tasks of a worker that dies, so a
run survives a lost worker.  A client you already have works as it is:
``executor=client.get_executor()``.
"""

from __future__ import annotations

import concurrent.futures as cf
from typing import Any

try:
    import distributed
    from distributed.cfexecutor import ClientExecutor
except ImportError as e:  # pragma: no cover - exercised only without the extra
    raise ImportError("parlour's Dask integration needs dask[distributed]: pip install 'parlour[distributed]'") from e

__all__ = ["dask_executor"]


class _OwnedClientExecutor(ClientExecutor):  # type: ignore[misc]
    """A client's executor that closes the client (and its local cluster) on shutdown."""

    def __init__(self, client: Any, cluster: Any | None) -> None:
        super().__init__(client)
        self._cluster = cluster

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Cancel or wait for the pending tasks, then close the client and a local cluster."""
        if cancel_futures:
            for f in list(self._futures):
                f.cancel()
        super().shutdown(wait=wait and not cancel_futures)
        self._client.close()
        if self._cluster is not None:
            self._cluster.close()


def dask_executor(address: str, *, n_workers: int | None = None) -> cf.Executor:
    """An executor on the Dask scheduler at ``address``, or on a private local cluster of
    ``n_workers`` single-threaded worker processes for ``"local"``; see the module docstring."""
    cluster = None
    if address == "local":
        cluster = distributed.LocalCluster(
            n_workers=n_workers, threads_per_worker=1, processes=True, dashboard_address=":0"
        )
        client = distributed.Client(cluster)
    else:
        client = distributed.Client(address)
    executor: cf.Executor = _OwnedClientExecutor(client, cluster)
    return executor
