"""Ray as a :class:`concurrent.futures.Executor`: each ``submit`` is one Ray task.

>>> from parlour.distributed import RayExecutor          # doctest: +SKIP
>>> with RayExecutor("auto") as ex:                       # doctest: +SKIP
...     store = solve_deals(range(1, 100_001), executor=ex, out="survey")

``RayExecutor(address)`` connects with ``ray.init(address=address)`` unless Ray is
already initialised in this process; ``address="local"`` starts a private local
cluster (``num_cpus`` workers) that :meth:`shutdown` stops again.  Tasks are retried
by Ray when the worker running them dies (``max_retries``, 3 by default), which is
what lets a run survive a lost worker.
"""

from __future__ import annotations

import concurrent.futures as cf
import inspect
import os
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from parlour.errors import InvalidValueError, WrongTypeError

try:
    import ray as _ray
except ImportError as e:  # pragma: no cover - exercised only without the extra
    raise ImportError(
        "parlour's Ray integration needs ray: pip install 'parlour[distributed]' (in a checkout: pip install '.[distributed]')"
    ) from e

__all__ = ["RayExecutor"]

ray: Any = _ray

T = TypeVar("T")


class _RayFuture(cf.Future[Any]):
    """A future for one Ray task; cancel() cancels the task in the cluster."""

    def __init__(self, ref: Any) -> None:
        super().__init__()
        self.ref = ref

    def cancel(self) -> bool:
        """Cancel the Ray task (forcefully: its worker is stopped) and this future."""
        if self.done():
            return False
        try:
            ray.cancel(self.ref, force=True)
        except Exception:  # noqa: BLE001 - the task may have just finished or its worker gone: nothing left to stop
            pass
        return super().cancel()


def _apply(fn: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    """Calls fn: how a callable that is not a plain function (a class, a partial) runs as a task."""
    return fn(*args, **kwargs)


class RayExecutor(cf.Executor):
    """Runs callables as Ray tasks (one CPU each); see the module docstring."""

    def __init__(
        self,
        address: str | None = None,
        *,
        num_cpus: int | None = None,
        max_retries: int = 3,
        **init_kwargs: Any,
    ) -> None:
        """Connect to the Ray cluster at ``address`` (``"auto"``, ``"host:port"``, ``"ray://..."``),
        start a private local one (``"local"``), or use the Ray this process already runs (None)."""
        if address is not None and not isinstance(address, str):
            raise WrongTypeError(f"a Ray address is a string or None, got {type(address).__name__}")
        self._owns = False
        if address == "local":
            if ray.is_initialized():
                raise InvalidValueError("Ray is already running in this process; pass address=None to use it")
            env = dict(init_kwargs.pop("runtime_env", None) or {})
            # Workers import parlour from the same place as this process.
            path = os.environ.get("PYTHONPATH")
            if path and "env_vars" not in env:
                env["env_vars"] = {"PYTHONPATH": path}
            ray.init(
                num_cpus=num_cpus, include_dashboard=False, runtime_env=env or None, log_to_driver=False, **init_kwargs
            )
            self._owns = True
        elif not ray.is_initialized():
            ray.init(address=address, log_to_driver=False, **init_kwargs)
            self._owns = True
        elif address is not None or init_kwargs:
            raise InvalidValueError("Ray is already running in this process; pass no address to use it")
        self._max_retries = max_retries
        self._remote: dict[Callable[..., Any], Any] = {}
        self._pending: set[_RayFuture] = set()
        self._lock = threading.Lock()
        self._closed = False

    @property
    def parallelism(self) -> int:
        """The CPUs of the cluster (how many tasks run at once)."""
        return max(1, int(ray.cluster_resources().get("CPU", 1)))

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> cf.Future[T]:
        """Run ``fn(*args, **kwargs)`` as a Ray task; its future."""
        if self._closed:
            raise RuntimeError("cannot submit to a RayExecutor after shutdown")
        if not inspect.isfunction(fn):  # ray.remote would make a class an actor
            fn, args, kwargs = _apply, (fn, args, kwargs), {}
        remote = self._remote.get(fn)
        if remote is None:  # one remote function per plain function: workers are titled "ray::<its name>"
            remote = ray.remote(num_cpus=1, max_retries=self._max_retries)(fn)
            self._remote[fn] = remote
        ref = remote.remote(*args, **kwargs)
        fut = _RayFuture(ref)
        with self._lock:
            self._pending.add(fut)

        def settle(done: cf.Future[Any]) -> None:
            with self._lock:
                self._pending.discard(fut)
            if fut.done():  # cancelled meanwhile
                return
            exc = done.exception()
            try:
                if exc is not None:
                    fut.set_exception(exc)
                else:
                    fut.set_result(done.result())
            except cf.InvalidStateError:  # pragma: no cover - cancelled between the check and the set
                pass

        ref.future().add_done_callback(settle)
        return fut

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Stop accepting tasks; cancel the pending ones when asked; disconnect (and stop a
        private local cluster) when this executor started the connection."""
        self._closed = True
        with self._lock:
            pending = list(self._pending)
        if cancel_futures:
            for f in pending:
                f.cancel()
        elif wait:
            cf.wait(pending)
        if self._owns and ray.is_initialized():
            ray.shutdown()
            self._owns = False
