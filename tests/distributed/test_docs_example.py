"""The Python examples of docs/distributed.md, run as written but for the first one's size and its
clusters: 300 deals instead of a million, and the Ray and Dask clusters it reaches started
here ("local") instead of the page's existing ones ("auto", "tcp://scheduler:8786")."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

for _name in ("pyarrow", "ray", "distributed"):
    pytest.importorskip(_name, reason=f"the example needs {_name}: pip install '.[distributed]'")

PAGE = Path(__file__).resolve().parents[2] / "docs" / "distributed.md"


@pytest.mark.slow  # starts a Ray and a Dask cluster
def test_the_example_of_the_page_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """docs "distributed.md": every survey it makes is the same table."""
    surveys, by_name = re.findall(r"^```python\n(.*?)^```", PAGE.read_text(encoding="utf-8"), re.S | re.M)
    code = surveys
    changes = {"1_000_001": "301", 'RayExecutor("auto")': 'RayExecutor("local")', "tcp://scheduler:8786": "local"}
    for old, new in changes.items():
        assert old in code
        code = code.replace(old, new)
    monkeypatch.chdir(tmp_path)
    from .conftest import child_env

    monkeypatch.setenv("PYTHONPATH", child_env()["PYTHONPATH"])  # for the clusters' workers
    namespace: dict[str, object] = {"__name__": "doc"}
    exec(compile(code, str(PAGE), "exec"), namespace)
    exec(compile(by_name, str(PAGE), "exec"), namespace)  # the run by the game's name, as written
    from parlour.distributed import ResultStore

    tables = [
        ResultStore(tmp_path / d).table().drop_columns(["seconds"]) for d in ("survey", "survey-ray", "survey-dask")
    ]
    assert tables[0].num_rows == 300 and tables[0].equals(tables[1]) and tables[0].equals(tables[2])
    assert ResultStore("survey").parameters["deals"] == {"first": 1, "last": 300, "count": 300}
    assert os.path.isdir(tmp_path / "survey") and ResultStore("survey-small").table().num_rows == 1000
