"""The grade mix: a section's (or a book's) grades and caps, weekday grades, order by default."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from pipeline import mix
from pipeline.errors import SpecError, StageError
from pipeline.render.book import Printed, grades_note
from pipeline.spec import parse_spec
from pipeline.stages.generate import generate

HEAD = "title: t\nseed: s\n"


def problems(text: str) -> str:
    with pytest.raises(SpecError) as caught:
        parse_spec(text)
    return str(caught.value)


@pytest.mark.parametrize(
    "section, problem",
    [
        ("{type: kuralin, size: 5, count: 2, difficulty: easy, grades: {easy: 2}}", r"line 4: sections\[0\]: give one `difficulty` or a grade mix"),
        ("{type: kuralin, size: 5, count: 2, grades: {easy: 1, tricky: 1}}", r"sections\[0\]: grades: 'tricky' is not a grade \(grades: easy, medium, hard, expert\)"),
        ("{type: kuralin, size: 5, count: 3, grades: {easy: 1, hard: 1}}", r"sections\[0\]: grades: the counts add up to 2, and the section holds 3"),
        ("{type: kuralin, size: 5, count: 4, grades: {easy: 50%, hard: 40%}}", r"grades: the shares add up to 90%, not 100%"),
        ("{type: kuralin, size: 5, count: 4, grades: {easy: 50%, hard: 2}}", r"every grade as a count or every grade as a share"),
        ("{type: kuralin, size: 5, count: 10, grades: {easy: 8, expert: 2}, max: {expert: 10%}}", r"max: expert allows 1, and grades asks for 2"),
        ("{type: kuralin, size: 5, count: 2, grades: {easy: lots, hard: 1}}", r"'lots' is neither a count nor a share"),
        ("{type: kuralin, size: 5, count: 2, weekday: {mon: easy, fry: hard}}", r"weekday: 'fry' is not a weekday"),
        ("{type: kuralin, size: 5, count: 2, weekday: {mon: easy, tue: tricky}}", r"sections\[0\]\.weekday\.tue: Input should be 'easy'"),
        ("{type: kuralin, size: 5, count: 2, weekday: {mon: easy}}", r"sections\[0\]\.weekday: a grade by weekday needs the issue's date"),
    ],
)
def test_mix_problems_are_named_with_their_place(section: str, problem: str) -> None:
    message = problems(f"{HEAD}sections:\n  - {section}\n")
    assert re.search(problem, message), message


def test_every_section_mix_problem_is_reported_at_once() -> None:
    message = problems(
        HEAD + "sections:\n"
        "  - {type: kuralin, size: 5, count: 3, grades: {easy: 1}}\n"
        "  - {type: kuralin, size: 5, count: 2, difficulty: hard, grades: {hard: 2}}\n"
    )
    assert "line 4: sections[0]: grades: the counts add up to 1" in message
    assert "line 5: sections[1]: give one `difficulty`" in message


def test_a_book_mix_that_does_not_fit_a_section_names_the_section() -> None:
    message = problems(HEAD + "grades: {easy: 3, hard: 1}\nsections:\n  - {type: kuralin, size: 5, count: 4}\n  - {type: kuralin, size: 5, count: 5}\n")
    assert "sections[1]: the job's grade mix does not fit this section: grades: the counts add up to 4, and the section holds 5" in message
    assert "sections[0]" not in message


def test_a_book_mix_naming_no_grade_is_refused_at_its_key() -> None:
    assert re.search(r"grades: 'simple' is not a grade", problems(HEAD + "grades: {simple: 50%}\nsections:\n  - {type: kuralin, size: 5, count: 2, difficulty: easy}\n"))


def test_shares_resolve_by_largest_remainder_and_never_past_a_cap() -> None:
    ramp = {"easy": "25%", "medium": "40%", "hard": "25%", "expert": "10%"}
    assert mix.resolve(24, ramp, None).wanted == ("easy",) * 6 + ("medium",) * 10 + ("hard",) * 6 + ("expert",) * 2
    # 10% of 16 is 1.6: the remainder would make it two experts (12.5%), the cap keeps one
    assert mix.resolve(16, ramp, None).wanted.count("expert") == 2
    capped = mix.resolve(16, ramp, {"expert": "10%"})
    assert capped.wanted.count("expert") == 1 and len(capped.wanted) == 16 and capped.caps == {"expert": 1}
    assert mix.resolve(7, {"easy": "50%", "medium": "50%"}, None).wanted == ("easy",) * 4 + ("medium",) * 3  # a tie goes to the easier


def test_a_book_mix_applies_to_every_section_that_says_nothing() -> None:
    job = parse_spec(
        HEAD + "grades: {easy: 50%, hard: 50%}\nsections:\n"
        "  - {type: kuralin, size: 5, count: 2}\n"
        "  - {type: kuralin, size: 5, count: 2, difficulty: medium}\n"
        "  - {type: kuralin, size: 5, count: 2, max: {expert: 0}}\n"
    )
    assert [s.grade_mix.wanted for s in job.sections] == [("easy", "hard"), ("medium", "medium"), (None, None)]
    assert job.sections[2].grade_mix.caps == {"expert": 0}
    assert [p.difficulty for p in job.sections[0].all_params] == ["easy", "hard"]


def test_a_mix_fills_each_grade_and_prints_them_easy_to_hard(tmp_path: Path) -> None:
    job = parse_spec(HEAD + "grades: {hard: 1, easy: 2}\nsections:\n  - {type: kuralin, size: 5, count: 3}\n")
    entries = generate(job, tmp_path / "out", jobs=1).manifest.entries
    assert [e.grade["tier"] for e in entries] == ["easy", "easy", "hard"]
    assert [e.params["difficulty"] for e in entries] == ["easy", "easy", "hard"]  # made as `difficulty:` makes them
    assert [e.number for e in entries] == [1, 2, 3]


def test_a_cap_passes_over_codes_of_the_capped_grade(tmp_path: Path) -> None:
    job = parse_spec(HEAD + "sections:\n  - {type: nonogram, size: 5, count: 3, max: {easy: 1}}\n")
    report = generate(job, tmp_path / "out", jobs=1)
    tiers = [e.grade["tier"] for e in report.manifest.entries]
    assert tiers.count("easy") == 1 and len(tiers) == 3
    assert any("the section already prints the most it allows (1, max: easy)" in s.reason for s in report.manifest.skipped)


def test_a_mix_it_cannot_fill_fails_naming_the_grade_found_of_wanted(tmp_path: Path) -> None:
    # few 5x5 nonograms need an expert technique: two codes a place find fewer than two
    job = parse_spec(HEAD + "budget: {attempts: 2}\nsections:\n  - {type: nonogram, size: 5, count: 3, grades: {easy: 1, expert: 2}}\n")
    with pytest.raises(StageError) as caught:
        generate(job, tmp_path / "out", jobs=1)
    message = str(caught.value)
    assert re.search(r"Nonogram 5×5: [01] of 2 expert puzzles found after \d+ codes", message), message
    assert "Raise budget.attempts" in message


def test_books_order_easy_to_hard_and_newsletters_keep_their_slots_by_default() -> None:
    section = "sections:\n  - {type: kuralin, size: 5, count: 1}\n  - {type: kuralin, size: 5, count: 1, order: codes}\n"
    book = parse_spec(HEAD + section)
    assert [book.section_order(i) for i in (0, 1)] == ["easy-to-hard", "codes"]
    sheet = parse_spec(HEAD + "format: newsletter\ndate: 2026-11-30\nanswers: {placement: end}\n" + section)
    assert sheet.section_order(0) == "codes"


def test_the_issue_date_chooses_a_slot_grade_by_weekday() -> None:
    spec = HEAD + "format: newsletter\ndate: {day}\nanswers: {{placement: end}}\nsections:\n  - {{type: kuralin, size: 5, count: 1, difficulty: medium, weekday: {{mon: easy, sun: hard}}}}\n"
    grade = {day: parse_spec(spec.format(day=day)).sections[0].puzzle_params.difficulty for day in ("2026-11-30", "2026-12-02", "2026-12-06")}
    assert grade == {"2026-11-30": "easy", "2026-12-02": "medium", "2026-12-06": "hard"}


def test_a_grade_by_weekday_is_for_newsletters() -> None:
    assert "a grade by weekday is for a newsletter's slots" in problems(HEAD + "date: 2026-11-30\nsections:\n  - {type: kuralin, size: 5, count: 1, weekday: {mon: easy}}\n")


def _printed(*tiers: str) -> list[Printed]:
    stars = {"easy": "★☆☆☆ easy", "medium": "★★☆☆ medium", "hard": "★★★☆ hard"}
    return [Printed(i, 0, "id", "Nonogram 5×5", None, None, grade=stars[t]) for i, t in enumerate(tiers)]  # type: ignore[arg-type]


def test_the_contents_says_each_grade_once() -> None:
    assert grades_note(_printed("easy", "easy"), "Nonograms: easy") == "2 puzzles"
    assert grades_note(_printed("medium", "easy", "medium", "hard"), "Nonograms") == "1 easy, 2 medium, 1 hard"
    assert grades_note(_printed("easy", "medium"), "Nonograms: easy") == "1 easy, 1 medium"


def test_weekdays_follow_the_calendar() -> None:
    assert mix.weekday_grade({"mon": "easy"}, dt.date(2027, 1, 4)) == "easy"  # a Monday
    assert mix.weekday_grade({"mon": "easy"}, dt.date(2027, 1, 5)) is None
