"""The chunk runner on an executor: Ctrl-C stops it even when Python could not pass the
KeyboardInterrupt on (it arrived inside an object's ``__del__``)."""

from __future__ import annotations

import concurrent.futures as cf
import gc
import os
import signal
import sys
import threading
import time

import pytest

from parlour.distributed.runner import run_chunks


def _square(x: int, jobs: int) -> int:
    time.sleep(0.02)
    return x * x


class _SignalsWhileCollected:
    """An object whose ``__del__`` receives SIGINT: the handler's KeyboardInterrupt is raised
    inside ``__del__``, where Python only prints "Exception ignored" and goes on."""

    def __del__(self) -> None:
        os.kill(os.getpid(), signal.SIGINT)
        end = time.monotonic() + 2
        while time.monotonic() < end:  # the handler runs between two bytecodes of this loop
            time.sleep(0.001)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to this process is POSIX")
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")  # the swallowed interrupt itself
def test_ctrl_c_swallowed_by_a_finalizer_still_stops_the_run() -> None:
    assert threading.current_thread() is threading.main_thread()
    done: list[int] = []

    def on_result(i: int, value: int) -> None:
        done.append(i)
        if len(done) == 3:
            obj = _SignalsWhileCollected()
            del obj  # its __del__ swallows the KeyboardInterrupt of the SIGINT it sends
            gc.collect()

    chunks = [(i,) for i in range(200)]
    with cf.ThreadPoolExecutor(2) as pool:
        with pytest.raises(KeyboardInterrupt):
            run_chunks(_square, chunks, on_result=on_result, executor=pool)
    assert 3 <= len(done) < 200  # stopped at the next look, not at the end
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # the handler is put back


def test_a_run_on_an_executor_hands_every_result_once() -> None:
    got: dict[int, int] = {}

    def on_result(i: int, value: int) -> None:
        assert i not in got
        got[i] = value

    with cf.ThreadPoolExecutor(2) as pool:
        run_chunks(_square, [(i,) for i in range(50)], on_result=on_result, executor=pool, skip={3, 7})
    assert got == {i: i * i for i in range(50) if i not in (3, 7)}
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
