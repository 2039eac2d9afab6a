"""`puzzlepress bench`: real timings on fixed codes, in a form the closing notes can quote."""

from __future__ import annotations

import json

import pytest

from conftest import cli
from pipeline.bench import bench_layout


def test_bench_times_each_stage_on_fixed_codes() -> None:
    ran = cli("bench", "--type", "nonogram", "--size", "5", "--n", "3", "--pages", "0", "--json")
    assert ran.code == 0, ran.stderr
    rows = json.loads(ran.stdout)["results"]
    assert {(r["type"], r["size"], r["stage"]) for r in rows} == {("nonogram", "5", "generate"), ("nonogram", "5", "verify")}
    for row in rows:
        assert row["n"] == 3 and 0 < row["median_s"] <= row["max_s"]


@pytest.mark.slow
def test_bench_lays_out_a_book_and_reports_seconds_per_page() -> None:
    figures = bench_layout(4, lambda message: None)
    assert figures["pages"] >= 4 and figures["pdf_bytes"] > 0
    # Both figures are rounded for print, so they agree to their rounding only.
    assert figures["seconds_per_page"] == pytest.approx(figures["seconds"] / figures["pages"], abs=1e-3)


def test_bench_refuses_a_size_no_type_has() -> None:
    ran = cli("bench", "--type", "nonogram", "--size", "31", "--json")
    assert ran.code == 2 and "--size" in ran.stderr and "Traceback" not in ran.stderr
