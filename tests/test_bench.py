"""`puzzlepress bench`: real timings on codes drawn from a seed, in a form the closing notes can quote."""

from __future__ import annotations

import json

import pytest

from conftest import cli
from itertools import islice

from pipeline.bench import MAX_CODES, MIN_CODES, bench_layout, codes, enough, median_interval, percentile, settled


def test_bench_times_each_stage_on_exactly_the_codes_asked_for() -> None:
    ran = cli("bench", "--type", "nonogram", "--size", "5", "--n", "3", "--pages", "0", "--json")
    assert ran.code == 0, ran.stderr
    rows = json.loads(ran.stdout)["results"]
    assert {(r["type"], r["size"], r["stage"]) for r in rows} == {("nonogram", "5", "generate"), ("nonogram", "5", "verify")}
    for row in rows:
        assert row["n"] == 3 and 0 < row["min_s"] <= row["median_s"] <= row["p90_s"] <= row["max_s"]
        low, high = row["median_ci_s"]
        assert low <= row["median_s"] <= high and row["cpu_median_s"] > 0
        assert row["codes_seed"] == "bench"


def test_codes_are_drawn_from_their_seed() -> None:
    first = list(islice(codes("bench"), 50))
    assert first == list(islice(codes("bench"), 50)) and len(set(first)) == 50
    assert not set(first) & set(islice(codes("other"), 50))
    assert all(code.startswith("other-") for code in islice(codes("other"), 5))


def test_a_size_runs_n_codes_when_asked_else_until_its_median_settles() -> None:
    assert enough([1.0] * 3, 3) and not enough([1.0] * 2, 3)
    assert not enough([1.0] * 200, 300)  # --n is never cut short by settling
    assert not enough([1.0] * (MIN_CODES - 1), None) and enough([1.0] * MIN_CODES, None)
    spread = [float(v) for v in range(1, MIN_CODES + 1)]
    assert not enough(spread, None) and enough(spread * (MAX_CODES // MIN_CODES), None)


def test_a_bad_codes_seed_is_refused() -> None:
    ran = cli("bench", "--type", "nonogram", "--size", "5", "--codes-seed", "", "--json")
    assert ran.code == 2 and "--codes-seed" in ran.stderr and "Traceback" not in ran.stderr


@pytest.mark.slow
def test_bench_lays_out_exactly_the_pages_asked_for_and_splits_them_by_kind() -> None:
    figures = bench_layout(4, lambda message: None)
    kinds = figures["kinds"]
    assert kinds["puzzle pages"]["pages"] == 4 and figures["pdf_bytes"] > 0
    assert kinds["answer pages"]["pages"] >= 1 and kinds["front matter"]["pages"] >= 3
    assert figures["whole_book"]["pages"] == sum(kind["pages"] for kind in kinds.values())
    # Both figures are rounded for print, so they agree to their rounding only.
    assert figures["seconds_per_page"] == pytest.approx(figures["seconds"] / figures["pages"], abs=1e-3)


def test_settling_stops_at_a_tight_median_and_not_before() -> None:
    assert settled([1.0] * 20)
    assert not settled([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0])
    assert median_interval([float(v) for v in range(100)]) == (39.0, 59.0)
    assert percentile([float(v) for v in range(1, 11)], 0.9) == 9.0


def test_compare_gives_the_ratio_of_medians_to_an_earlier_run(tmp_path) -> None:
    earlier = tmp_path / "earlier.json"
    earlier.write_text(json.dumps({"results": [{"type": "nonogram", "size": "5", "stage": "generate", "median_s": 10.0}]}))
    ran = cli("bench", "--type", "nonogram", "--size", "5", "--n", "3", "--compare", earlier, "--json")
    assert ran.code == 0, ran.stderr
    (row,) = json.loads(ran.stdout)["compare"]
    assert row["stage"] == "generate" and row["ratio"] == pytest.approx(row["median_s"] / 10.0, abs=1e-3)
    earlier.write_text("not json")
    ran = cli("bench", "--type", "nonogram", "--size", "5", "--compare", earlier)
    assert ran.code == 2 and "--compare" in ran.stderr


def test_bench_refuses_a_size_no_type_has() -> None:
    ran = cli("bench", "--type", "nonogram", "--size", "31", "--json")
    assert ran.code == 2 and "--size" in ran.stderr and "Traceback" not in ran.stderr


@pytest.mark.slow
def test_without_n_a_size_runs_until_both_its_medians_settle() -> None:
    """Generate's median alone stopped a size whose verify median was still ±36% wide."""
    from pipeline.bench import bench_type
    from pipeline.registry import puzzle_types

    rows = bench_type("nonogram", puzzle_types()["nonogram"].make_params("5"), None, lambda line: None)
    assert rows[0]["n"] == rows[1]["n"] >= MIN_CODES
    assert all(row["settled"] for row in rows) or rows[0]["n"] == MAX_CODES
