"""The job spec loader: every problem at once, each with its key path and YAML line."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from pipeline.errors import SpecError
from pipeline.pages import parse_page_size
from pipeline.spec import code_stream, load_spec, parse_spec

ROOT = Path(__file__).resolve().parent.parent
GOOD = """\
title: Test book
seed: harbour
sections:
  - type: nonogram
    size: 5
    count: 3
"""


def problems(text: str) -> list[str]:
    with pytest.raises(SpecError) as caught:
        parse_spec(text)
    return caught.value.problems


@pytest.mark.parametrize("name", sorted(p.name for p in (ROOT / "configs").glob("*.yaml")))
def test_every_bundled_config_loads(name: str) -> None:
    job = load_spec(ROOT / "configs" / name)
    assert job.sections


def test_a_good_spec_loads_with_defaults() -> None:
    job = parse_spec(GOOD)
    assert job.title == "Test book"
    assert job.page.size == "A4" and job.answers.placement == "end"
    assert job.sections[0].count == 3


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", "not empty"),
        ("- a\n- b\n", "not a list"),
        ("title: [unclosed\n", "line 2, column 1: malformed YAML: expected"),
        ("title: x\nseed: 1\nsections:\n  - {type: nonogram, size: 5, count: 1}\ntitel: y\n", "line 5: titel: unknown key 'titel'; did you mean 'title'?"),
        ("title: 5\nseed: 1\nsections:\n  - {type: nonogram, size: 5, count: 1}\n", "line 1: title: Input should be a valid string, got int 5"),
        ("title: x\nseed: 1\nsections:\n  - {type: nonogrm, size: 5, count: 1}\n", "line 4: sections[0].type: unknown puzzle type 'nonogrm'"),
        ("title: x\nseed: 1\nsections:\n  - {type: nonogram, size: 31, count: 1}\n", "line 4: sections[0].size: nonogram grids have 5 to 30 rows and columns, not 31"),
        ("title: x\nseed: 1\nsections:\n  - {type: nonogram, size: 20x4, count: 1}\n", "line 4: sections[0].size: nonogram grids have 5 to 30 rows and columns, not 20x4"),
        ("title: x\nseed: 1\nsections:\n  - {type: nonogram, size: big, count: 1}\n", "line 4: sections[0].size: 'big' is not a size"),
        ("title: x\nseed: 1\nsections:\n  - type: nonogram\n    count: 1\n    params: {rows: 10, colz: 5}\n", "line 6: sections[0].params.colz: unknown parameter 'colz'; did you mean 'cols'?"),
        ("title: x\nseed: 1\nsections:\n  - type: kuralin\n    count: 1\n    params:\n      rows: 13\n", "line 7: sections[0].params.rows: Input should be less than or equal to 12"),
        ("title: x\nseed: 1\nsections:\n  - {type: kuralin, count: 1, size: 8, params: {rows: 9}}\n", "sections[0].size: give the grid as `size` or as params.rows and params.cols, not both"),
        ("title: x\nseed: 1\nsections:\n  - {type: nonogram, size: 5, count: 0}\n", "line 4: sections[0].count: Input should be greater than or equal to 1"),
        ("title: x\nseed: 1\nsections:\n  - {type: nonogram, size: 5, count: -3}\n", "sections[0].count"),
        ("title: x\nseed: 1\nsections:\n  - {type: nonogram, size: 5, count: 10001}\n", "less than or equal to 10000"),
        ("title: x\nseed: 1\nsections:\n  - {type: nonogram, size: 5, count: 2, codes: [a, a]}\n", "code 'a' is already used at sections[0].codes[0]"),
        ("title: x\nseed: 1\nsections:\n  - {type: nonogram, size: 5, count: 2, codes: [1.5]}\n", "a code must be text or a whole number, not float 1.5"),
        ("title: x\nseed: 1\nsections:\n  - {type: nonogram, size: 5, count: 2, codes: [{a: 1}]}\n", "not dict"),
        ("title: x\nseed: 1\nsections:\n  - {type: nonogram, size: 5, count: 2, codes: [true]}\n", "not bool True"),
        ("title: x\nseed: 1\npage: B7\nsections:\n  - {type: nonogram, size: 5, count: 1}\n", "line 3: page: unknown page size 'B7'"),
        ("title: x\nsections:\n  - {type: nonogram, size: 5, count: 1}\n", "give a `seed`"),
        ("title: x\nseed: 1\nsections: []\n", "sections: List should have at least 1 item"),
        ("title: x\ntitle: y\nseed: 1\nsections:\n  - {type: nonogram, size: 5, count: 1}\n", "line 2: title: key appears twice"),
        ("title: x\ndate: 2026-02-30\nsections:\n  - {type: nonogram, size: 5, count: 1}\n", "line 2, column 7: malformed YAML: cannot read '2026-02-30'"),
        ("title: x\nseed: !!python/object:os.system ls\nsections: []\n", "malformed YAML"),
    ],
)
def test_each_bad_spec_gets_a_message_naming_its_place(text: str, expected: str) -> None:
    assert any(expected in p for p in problems(text)), problems(text)


def test_every_problem_is_reported_at_once_in_line_order() -> None:
    found = problems(
        "title: x\nseed: 1\npgae: A4\nsections:\n"
        "  - {type: nonogram, size: 4, count: 1}\n"
        "  - {type: nonogram, size: 5, count: 0, codes: [x, x]}\n"
    )
    assert [p.split(":")[0] for p in found] == ["line 3", "line 5", "line 6", "line 6"]


def test_a_missing_file_is_reported_not_raised(tmp_path: Path) -> None:
    with pytest.raises(SpecError, match="file not found"):
        load_spec(tmp_path / "nope.yaml")


def test_date_option_overrides_and_derives_the_codes() -> None:
    job = parse_spec(GOOD, date=dt.date(2026, 11, 30))
    assert job.base_code == "harbour.2026-11-30"
    dated = parse_spec("title: x\ndate: 2026-11-30\nsections:\n  - {type: nonogram, size: 5, count: 1}\n")
    stream = code_stream(dated, 0)
    assert [next(stream) for _ in range(2)] == ["2026-11-30.1.1", "2026-11-30.1.2"]


def test_explicit_codes_come_first_then_derived_ones() -> None:
    job = parse_spec("title: x\nseed: s\nsections:\n  - {type: nonogram, size: 5, count: 3, codes: [harbour, 42]}\n")
    stream = code_stream(job, 0)
    assert [next(stream) for _ in range(4)] == ["harbour", "42", "s.1.3", "s.1.4"]


@pytest.mark.parametrize(("text", "mm"), [("A4", (210.0, 297.0)), ("letter", (215.9, 279.4)), ("6x9", (152.4, 228.6)), ("150x230mm", (150.0, 230.0))])
def test_page_sizes(text: str, mm: tuple[float, float]) -> None:
    assert parse_page_size(text) == pytest.approx(mm)
