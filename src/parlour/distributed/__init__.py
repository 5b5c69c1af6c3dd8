"""Long batches beyond one process: chunked runs on any executor, Ray and Dask, and Parquet result stores.

Each game names its long runs in the game registry (``GameInfo.runs``, each a
:class:`parlour.games.LongRun`: its chunks, the work of a chunk, the rows it gives), and
its batch functions take ``executor=`` (any :class:`concurrent.futures.Executor`)
besides their thread count, and ``out=`` (a directory): the work goes out in chunks
and, with ``out``, every finished chunk is written at once to a :class:`ResultStore`
(Apache Parquet via pyarrow, the run's parameters and parlour's version in the
metadata).  A run stopped in any way and started again with the same ``out`` computes
only the missing chunks and ends with the same table as an uninterrupted run.

* :func:`run` — any registered game's long run by name, into a store (:mod:`.runs`);
* :class:`ResultStore` — open a store and read its table (:mod:`.store`);
* :class:`RayExecutor` — Ray tasks as an executor (:mod:`.ray`);
* :func:`dask_executor` — a Dask client's executor (:mod:`.dask`);
* :func:`connect` — the executor for a command line's ``--ray ADDRESS`` or ``--dask ADDRESS``.

Install with ``pip install 'parlour[distributed]'`` (pyarrow, ray, dask[distributed]).
The names are imported lazily, so ``import parlour.distributed`` needs none of them.
"""

from __future__ import annotations

import concurrent.futures as cf
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from parlour.distributed.dask import dask_executor
    from parlour.distributed.ray import RayExecutor
    from parlour.distributed.runs import run
    from parlour.distributed.store import ResultStore

__all__ = ["RayExecutor", "ResultStore", "connect", "dask_executor", "run"]


def connect(ray: str | None = None, dask: str | None = None, *, workers: int | None = None) -> cf.Executor:
    """The executor for a Ray address or a Dask address (exactly one); ``"local"`` starts a
    private local cluster of ``workers`` workers.  Shut it down when done."""
    from parlour.errors import InvalidValueError, WrongTypeError

    for name, value in (("ray", ray), ("dask", dask)):
        if value is not None and not isinstance(value, str):
            raise WrongTypeError(f"{name}= is an address string, got {type(value).__name__}")
    if (ray is None) == (dask is None):
        raise InvalidValueError("give exactly one of a Ray address and a Dask address")
    if ray is not None:
        from parlour.distributed.ray import RayExecutor

        return RayExecutor(ray, num_cpus=workers) if ray == "local" else RayExecutor(ray)
    from parlour.distributed.dask import dask_executor

    assert dask is not None
    return dask_executor(dask, n_workers=workers)


def __getattr__(name: str) -> Any:
    if name == "run":
        from parlour.distributed.runs import run

        return run
    if name == "ResultStore":
        from parlour.distributed.store import ResultStore

        return ResultStore
    if name == "RayExecutor":
        from parlour.distributed.ray import RayExecutor

        return RayExecutor
    if name == "dask_executor":
        from parlour.distributed.dask import dask_executor

        return dask_executor
    raise AttributeError(f"module 'parlour.distributed' has no attribute {name!r}")
