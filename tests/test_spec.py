"""The job spec loader: every problem at once, each with its key path and YAML line."""

from __future__ import annotations

import dataclasses
import datetime as dt
from pathlib import Path

import pytest

from hostile_cases import CASES, Case
from pipeline.errors import SpecError
from pipeline.pages import parse_page_size
from pipeline.registry import puzzle_types
from pipeline.spec import code_stream, generator_example, load_spec, parse_spec

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


# ---- the messages: each names the place as written and the problem, and nothing else -----------

SECTION = "sections:\n  - {type: nonogram, size: 5, count: 1}\n"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a key the spec leaves out is named at its section's line, not the list's
        ("title: x\nseed: 1\nsections:\n  - type: nonogram\n    size: 5\n", ["line 4: sections[0].count: required key is missing"]),
        # "did you mean" looks among the keys of the place the unknown key is in
        ("title: x\nseed: 1\nsections:\n  - {type: nonogram, size: 5, count: 1, cuont: 1}\n",
         ["line 4: sections[0].cuont: unknown key 'cuont'; did you mean 'count'?"]),
        ("title: x\nseed: 1\npage: {margins: {tpo: 5mm}}\n" + SECTION, ["line 3: page.margins.tpo: unknown key 'tpo'; did you mean 'top'?"]),
        ("title: x\nseed: 1\nanswers: {placment: end}\n" + SECTION,
         ["line 3: answers.placment: unknown key 'placment'; did you mean 'placement'?"]),
        ("title: x\nseed: 1\nbudget: {xyzzy: 1}\n" + SECTION, ["line 3: budget.xyzzy: unknown key 'xyzzy' (allowed: seconds, attempts)"]),
        ("title: x\nseed: 1\nsections:\n  - {type: nonogram, size: 5, count: 1, params: {zzzz: 1}}\n",
         ["line 4: sections[0].params.zzzz: unknown parameter 'zzzz' (known: rows, cols, difficulty, picture, theme, names, fit)"]),
        # a rule of the type's parameters as a whole is named at `params`, its text as the type wrote it
        ("title: x\nseed: 1\nsections:\n  - {type: nonogram, size: 5, count: 1, params: {theme: animals}}\n",
         ["line 4: sections[0].params: theme and names choose among library pictures: they need picture: library"]),
        # a parameter's own check, named at its key without pydantic's "Value error, "
        ("title: x\nseed: 1\nsections:\n  - {type: nonogram, size: 5, count: 1, params: {picture: library, theme: beasts}}\n",
         ["line 4: sections[0].params.theme: no theme 'beasts'; themes are animals, food, transport, sport, games, music, "
          "nature, tools, home, clothing, holidays, people, things"]),
        # with another problem beside it, a parameter's own check keeps its key and loses the prefix
        ("title: x\nseed: 1\nsections:\n  - {type: nonogram, size: 5, count: 1, params: {picture: library, theme: beasts, zzzz: 1}}\n",
         ["line 4: sections[0]: params.theme: no theme 'beasts'; themes are animals, food, transport, sport, games, music, "
          "nature, tools, home, clothing, holidays, people, things; "
          "params.zzzz: unknown parameter 'zzzz' (known: rows, cols, difficulty, picture, theme, names, fit)"]),
        # pydantic's union members (size.int, size.str) are not keys the user wrote
        ("title: x\nseed: 1\nsections:\n  - {type: nonogram, size: {a: 1}, count: 1}\n",
         ["line 4: sections[0].size: Input should be a valid integer", "line 4: sections[0].size: Input should be a valid string"]),
        ("title: x\nseed: 1\nsections:\n  - {type: nonogram, size: 5, count: 1, params: {difficulty: hardest}}\n",
         ["line 4: sections[0].params.difficulty: Input should be 'easy', 'medium', 'hard' or 'expert'"]),
        ("title: x\nseed: 1\nsections:\n  - {type: nonogram, count: 1, params: {rows: 50}}\n",
         ["line 4: sections[0].params.rows: Input should be less than or equal to 30"]),
        # every problem of a section's parameters at once, each at its own key
        ("title: x\nseed: 1\nsections:\n  - {type: nonogram, size: 5, count: 1, params: {difficulty: hardest, zzzz: 1}}\n",
         ["line 4: sections[0]: params.difficulty: Input should be 'easy', 'medium', 'hard' or 'expert'; "
          "params.zzzz: unknown parameter 'zzzz' (known: rows, cols, difficulty, picture, theme, names, fit)"]),
        # a rule of the whole job is named at the top level when it is about no one key
        ("title: x\n" + SECTION, ["line 1: (top level): give a `seed` (the job's base code) or a `date` (a dated issue)"]),
        # and at the key it is about when there is one
        ("title: x\nseed: 1\ncover: true\nformat: newsletter\ndate: 2026-11-30\n" + SECTION,
         ["line 3: cover: a newsletter sheet has no cover; cover needs format: book"]),
        ("title: x\nseed: 1\nformat: newsletter\n" + SECTION, ["line 3: format: newsletter needs a `date` for its masthead and its codes"]),
        ("title: x\nseed: 1\nanswers: previous\n" + SECTION, ["line 3: answers: previous needs a `date`, to know which issue came before"]),
        ("title: x\nseed: 1\nlinks: {issue_page: 'https://example.org/p'}\n" + SECTION,
         ["line 3: links.issue_page: the issue's one code prints on a newsletter's front; it needs format: newsletter"]),
        ("title: x\nseed: 1\nprint: lulu\npage:\n  size: 6x9in\n  margins: {top: 8mm, bottom: 8mm}\n" + SECTION,
         ["line 6: page.margins: top and bottom are under the 0.5 in (12.7 mm) from the trim that Lulu wants"]),
        # a generator version that cannot make a section's parameters, at the pin
        ("title: x\nseed: 1\nsections:\n  - type: nonogram\n    count: 1\n    difficulty: expert\n    generator: nonogram/1\n",
         ["line 7: sections[0].generator: nonogram generator version 1 makes only puzzles the line solver finishes, never expert ones; "
          "expert needs version 2 or later"]),
        ("title: x\nseed: 1\ngenerators: [nonogram/1]\nsections:\n  - {type: nonogram, count: 1, difficulty: expert}\n",
         ["line 3: generators: nonogram generator version 1 makes only puzzles the line solver finishes, never expert ones; "
          "expert needs version 2 or later"]),
        # the rule's own words, without the value given; a wrong kind of value is shown
        ("title: x\nseed: 1\nsections:\n  - {type: nonogrm, size: 5, count: 1}\n",
         [f"line 4: sections[0].type: unknown puzzle type 'nonogrm' (known: {', '.join(puzzle_types())}); did you mean 'nonogram'?"]),
        ("title: x\nseed: 1\nsections:\n  - {type: nonogram, size: 5.5, count: 1}\n",
         ["line 4: sections[0].size: Input should be a valid integer, got float 5.5", "line 4: sections[0].size: Input should be a valid string, got float 5.5"]),
        ("title: x\nseed: 1\nsections:\n  - {type: nonogram, size: [5, 5], count: 1}\n",
         ["line 4: sections[0].size: Input should be a valid integer, got list [5, 5]", "line 4: sections[0].size: Input should be a valid string, got list [5, 5]"]),
        # in line order, whatever the messages say
        ("title: 5\nseed: 1\npgae: A4\n" + SECTION,
         ["line 1: title: Input should be a valid string, got int 5", "line 3: pgae: unknown key 'pgae'; did you mean 'page'?"]),
    ],
)
def test_each_message_names_the_place_as_written_and_only_the_problem(text: str, expected: list[str]) -> None:
    assert problems(text) == expected


def test_a_long_value_is_shown_cut_to_60_characters() -> None:
    shown = {n: problems(f"title: ['{'w' * n}']\nseed: 1\n{SECTION}")[0].split(", got list ")[1] for n in (56, 57)}
    assert shown[56] == f"['{'w' * 56}']"  # 60 characters: shown whole
    assert shown[57] == f"['{'w' * 55}..."  # 61: cut to 57 and marked


def test_text_yaml_cannot_read_is_named_without_a_line_when_the_reader_gives_none() -> None:
    assert problems(f"title: a\0b\nseed: s\n{SECTION}") == [
        'malformed YAML: unacceptable character #x0000: special characters are not allowed\n  in "<unicode string>", position 8'
    ]


# ---- ISBN, print service trims, generator versions ---------------------------------------------


@pytest.mark.parametrize("isbn", ["978-0-306-40615-7", "978 0 306 40615 7", "9780306406157", "979-10-90636-07-1", "978-3-16-148410-0"])
def test_an_isbn_13_with_its_check_digit_is_kept_as_written(isbn: str) -> None:
    assert parse_spec(f"title: x\nseed: 1\nisbn: {isbn}\n{SECTION}").isbn == isbn


@pytest.mark.parametrize(
    ("isbn", "message"),
    [
        ("true", "line 3: isbn: an ISBN must be written as text, such as '978-1-23456-789-7'"),
        ("977-0-306-40615-7", "line 3: isbn: '977-0-306-40615-7' is not an ISBN-13 (13 digits starting 978 or 979)"),
        ("978030640615", "line 3: isbn: '978030640615' is not an ISBN-13 (13 digits starting 978 or 979)"),
        ("97803064061570", "line 3: isbn: '97803064061570' is not an ISBN-13 (13 digits starting 978 or 979)"),
        ("978-0-306-40615-8", "line 3: isbn: '978-0-306-40615-8' has check digit 8, but its first 12 digits call for 7"),
        ("978-3-16-148410-1", "line 3: isbn: '978-3-16-148410-1' has check digit 1, but its first 12 digits call for 0"),
        ("978.0.306.40615.7", "line 3: isbn: '978.0.306.40615.7' is not an ISBN-13 (13 digits starting 978 or 979)"),
    ],
)
def test_an_isbn_that_is_not_one_is_refused_saying_why(isbn: str, message: str) -> None:
    assert problems(f"title: x\nseed: 1\nisbn: {isbn}\n{SECTION}") == [message]


@pytest.mark.parametrize(
    ("service", "page", "printed"),
    [
        ("kdp", "4x6in", True),  # KDP's smallest custom trim, and its largest
        ("kdp", "8.5x11.69in", True),
        ("kdp", "3.9x6in", False),
        ("kdp", "4x5.9in", False),
        ("kdp", "8.6x11in", False),
        ("kdp", "8.5x11.7in", False),
        ("ingramspark", "4x5in", True),
        ("lulu", "8.5x11.69in", False),  # Lulu prints its own trims only
        ("lulu", "6x9in", True),
    ],
)
def test_a_service_prints_its_trims_and_custom_ones_within_its_bounds(service: str, page: str, printed: bool) -> None:
    text = f"title: x\nseed: 1\nprint: {service}\npage: {page}\n{SECTION}"
    if printed:
        assert parse_spec(text).page.size == page
    else:
        assert any(f"does not print {page} (it offers " in p for p in problems(text))


@pytest.fixture
def nonogram_version_2(monkeypatch: pytest.MonkeyPatch) -> None:
    """As after a version bump: nonogram generator 2 is current and version 1 is kept."""
    nonogram = puzzle_types()["nonogram"]
    monkeypatch.setitem(puzzle_types(), "nonogram", dataclasses.replace(nonogram, version=2, previous={1: nonogram.generate}))


def test_a_section_is_made_by_its_own_pin_then_the_job_s_then_the_current_generator(nonogram_version_2: None) -> None:
    job = parse_spec(
        "title: x\nseed: 1\ngenerators: [nonogram/1]\nsections:\n  - {type: nonogram, size: 5, count: 1, generator: nonogram/2}\n"
        "  - {type: nonogram, size: 5, count: 1}\n  - {type: kuralin, size: 6, count: 1}\n"
    )
    assert [job.generator_version(i) for i in range(3)] == [2, 1, puzzle_types()["kuralin"].version]
    unpinned = parse_spec(f"title: x\nseed: 1\n{SECTION}")
    assert unpinned.generator_version(0) == 2


@pytest.mark.parametrize(
    ("pins", "message"),
    [
        ("generators: [nonogram/9]", "this puzzlepress keeps nonogram generator versions 1, 2, not 9"),
        ("generators: [nonogram/1, nonogram/2]", "generators: name each type once"),
        ("generators: [no-such-type/1]", f"'no-such-type/1' is not a generator; write it as type/version, such as {generator_example()}"),
        ("generators: [nonogram/x]", f"'nonogram/x' is not a generator; write it as type/version, such as {generator_example()}"),
        ("generators: [nonogram]", f"'nonogram' is not a generator; write it as type/version, such as {generator_example()}"),
    ],
)
def test_a_job_pins_each_type_once_to_a_kept_generator(nonogram_version_2: None, pins: str, message: str) -> None:
    [problem] = problems(f"title: x\nseed: 1\n{pins}\n{SECTION}")
    assert problem.endswith(f": {message}")


# ---- the hostile-input table through the loader alone ------------------------------------------


def _hostile_id(case: Case) -> str:
    return f"{case.cls}:{case.name}"


@pytest.mark.parametrize("case", [c for c in CASES if c.kind == "spec"], ids=_hostile_id)
def test_the_loader_refuses_each_hostile_spec_the_command_refuses(case: Case) -> None:
    """tests/test_hostile.py runs these through the command; here the loader alone must refuse
    each one the command refuses, except where the refusal needs the file system (the folders
    `exclude` and `output` name are checked when the job runs), and must load the rest."""
    raw = case.data if isinstance(case.data, bytes) else case.data.encode("utf-8", "surrogatepass")
    if case.exit == 0 or case.name.startswith(("exclude ", "output ")):
        parse_spec(raw)
    else:
        with pytest.raises(SpecError) as caught:
            parse_spec(raw)
        assert caught.value.problems
