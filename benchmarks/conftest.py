"""The benchmarks as tests.

Run for real (``python -m pytest benchmarks/``) they time the engines.  Run with
``--benchmark-disable`` they only check that every benchmark still runs: that smoke
run is part of the ``slow`` tier (``python -m pytest -m slow --benchmark-disable
tests benchmarks``, as CI does), so the default test run stays quick; the
correctness checks themselves live in tests/.
"""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not config.getoption("benchmark_disable", default=False):
        return
    for item in items:
        if item.path.is_relative_to(HERE):
            item.add_marker(pytest.mark.slow)
