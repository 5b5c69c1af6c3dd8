"""A store's chunk plan: an even plan is two numbers however many chunks it has, equal to
the list of its chunks' rows; stores written with a list (format 1) still open and resume."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("pyarrow", reason="the distributed tests need pyarrow: pip install 'parlour[distributed]'")

import pyarrow as pa
from hypothesis import given
from hypothesis import strategies as st

from parlour.distributed.runner import LazyChunks
from parlour.distributed.store import EvenChunks, ResultStore
from parlour.errors import InvalidValueError


@given(st.integers(0, 5000), st.integers(1, 700))
def test_even_chunks_equal_the_list_of_their_rows(rows: int, size: int) -> None:
    reference = [min(size, rows - lo) for lo in range(0, rows, size)]  # the list runs used to build
    plan = EvenChunks(rows, size)
    assert len(plan) == len(reference) and list(plan) == reference and plan == reference
    assert sum(plan) == rows and plan[-1:] == reference[-1:] and plan[::3] == reference[::3]
    if reference:
        assert plan[-1] == reference[-1]
        with pytest.raises(IndexError):
            plan[len(reference)]
    assert plan != [*reference, 1]


def test_a_plan_of_every_deal_is_two_numbers() -> None:
    plan = EvenChunks(2**33 - 1, 5000)
    assert len(plan) == 1_717_987 and plan[0] == 5000 and plan[-1] == 4591
    assert repr(plan) == "EvenChunks(rows=8589934591, size=5000)"
    chunks = LazyChunks(len(plan), lambda i: ("work", range(1 + 5000 * i, 1 + 5000 * i + plan[i])))
    assert chunks[-1] == ("work", range(8589930001, 2**33)) and len(chunks) == len(plan)
    with pytest.raises(InvalidValueError):
        EvenChunks(10, 0)


def test_a_format_1_store_still_opens_and_resumes(tmp_path: Path) -> None:
    # The manifest as the first release of the format wrote it: the plan as a list.
    store = ResultStore.create_or_resume(tmp_path, kind="test", parameters={"a": 1}, chunk_rows=[2, 1])
    manifest = json.loads((tmp_path / "_run.json").read_text())
    assert manifest["chunk_rows"] == [2, 1] and "chunk_size" not in manifest
    manifest["format"] = "parlour-results/1"
    (tmp_path / "_run.json").write_text(json.dumps(manifest))
    store.write(0, pa.table({"x": [1, 2]}))
    again = ResultStore.create_or_resume(tmp_path, kind="test", parameters={"a": 1}, chunk_rows=[2, 1])
    assert again.chunk_rows == [2, 1] and again.done() == {0}
    again.write(1, pa.table({"x": [3]}))
    assert again.table().column("x").to_pylist() == [1, 2, 3]
    with pytest.raises(InvalidValueError, match=r"\(a: stored 1, this run 2\)"):
        ResultStore.create_or_resume(tmp_path, kind="test", parameters={"a": 2}, chunk_rows=[2, 1])
    with pytest.raises(InvalidValueError, match="the chunks are cut differently"):
        ResultStore.create_or_resume(tmp_path, kind="test", parameters={"a": 1}, chunk_rows=[1, 2])
