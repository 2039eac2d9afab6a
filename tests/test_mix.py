"""The grade mix: a section's (or a book's) grades and caps, weekday grades, order by default."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from pipeline.errors import SpecError, StageError
from pipeline.mix import GradeMix
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
        ("{type: kuralin, size: 5, count: 2, difficulty: easy, grades: {easy: 2}}", r"line 4: sections\[0\]\.grades: give the section's grades as `difficulty` \(one grade\) or `grades` \(a mix\), not both"),
        ("{type: kuralin, size: 5, count: 2, grades: {easy: 1, tricky: 1}}", r"sections\[0\]\.grades\.tricky: Input should be 'easy', 'medium', 'hard' or 'expert'"),
        ("{type: kuralin, size: 5, count: 3, grades: {easy: 1, hard: 1}}", r"sections\[0\]\.grades: grades \(easy: 1, hard: 1\) add up to 2 puzzles, but the section's count is 3"),
        ("{type: kuralin, size: 5, count: 4, grades: {easy: 50%, hard: 40%}}", r"add up to 3\.6 puzzles, but the section's count is 4"),
        ("{type: kuralin, size: 5, count: 10, grades: {easy: 8, expert: 2}, max: {expert: 10%}}", r"sections\[0\]\.max\.expert: max expert 10% allows 1 of 10, but grades ask for 2 expert"),
        ("{type: kuralin, size: 5, count: 2, grades: {easy: lots, hard: 1}}", r"sections\[0\]\.grades\.easy: 'lots' is neither a count"),
        ("{type: kuralin, size: 5, count: 2, weekday: {mon: easy, fry: hard}}", r"sections\[0\]\.weekday\.fry: Input should be 'mon', 'tue', 'wed', 'thu', 'fri', 'sat' or 'sun'"),
        ("{type: kuralin, size: 5, count: 2, weekday: {mon: easy, tue: tricky}}", r"sections\[0\]\.weekday\.tue: Input should be 'easy'"),
        ("{type: kuralin, size: 5, count: 2, weekday: {mon: easy}}", r"sections\[0\]\.weekday: a grade by weekday needs the issue's `date`"),
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
    assert "line 4: sections[0].grades: grades (easy: 1) add up to 1" in message
    assert "line 5: sections[1].grades: give the section's grades" in message


def test_a_book_mix_that_does_not_fit_a_section_names_the_section() -> None:
    message = problems(HEAD + "grades: {easy: 3, hard: 1}\nsections:\n  - {type: kuralin, size: 5, count: 4}\n  - {type: kuralin, size: 5, count: 5}\n")
    assert "line 3: grades: for sections[1] (5 puzzles): grades (easy: 3, hard: 1) add up to 4 puzzles" in message
    assert "sections[0]" not in message


def test_shares_resolve_against_the_count_by_largest_remainder() -> None:
    mix = GradeMix(grades={"easy": "30%", "medium": "40%", "hard": "30%"}, most={"expert": "10%"})
    assert mix.wanted(24) == {"easy": 7, "medium": 10, "hard": 7}
    assert mix.wanted(20) == {"easy": 6, "medium": 8, "hard": 6}
    assert mix.wanted(3) == {"easy": 1, "medium": 1, "hard": 1}
    assert mix.cap("expert", 24) == 2 and mix.cap("easy", 24) == 24
    assert mix.place_grades(4) == ["easy", "medium", "medium", "hard"]


def test_a_book_mix_applies_to_every_section_that_says_nothing() -> None:
    job = parse_spec(
        HEAD + "grades: {easy: 50%, hard: 50%}\nsections:\n"
        "  - {type: kuralin, size: 5, count: 2}\n"
        "  - {type: kuralin, size: 5, count: 2, difficulty: medium}\n"
        "  - {type: kuralin, size: 5, count: 2, max: {expert: 0}}\n"
    )
    assert job.section_mix(0) == GradeMix(grades={"easy": "50%", "hard": "50%"})
    assert job.section_mix(1) is None  # its own single grade
    assert job.section_mix(2) == GradeMix(most={"expert": 0})  # its own cap, no mix


def test_a_mix_fills_each_grade_and_prints_them_easy_to_hard(tmp_path: Path) -> None:
    job = parse_spec(HEAD + "grades: {hard: 1, easy: 2}\nsections:\n  - {type: kuralin, size: 5, count: 3}\n")
    report = generate(job, tmp_path / "out", jobs=1)
    entries = report.manifest.entries
    assert [e.grade["tier"] for e in entries] == ["easy", "easy", "hard"]
    assert [e.params["difficulty"] for e in entries] == ["easy", "easy", "hard"]  # made as `difficulty:` makes them
    assert [e.number for e in entries] == [1, 2, 3]
    skipped = [s.reason for s in report.manifest.skipped]
    assert all(reason.startswith("graded ") or "budget" in reason for reason in skipped), skipped


def test_a_cap_skips_codes_of_the_capped_grade(tmp_path: Path) -> None:
    job = parse_spec(HEAD + "sections:\n  - {type: nonogram, size: 5, count: 3, max: {easy: 1}}\n")
    report = generate(job, tmp_path / "out", jobs=1)
    tiers = [e.grade["tier"] for e in report.manifest.entries]
    assert tiers.count("easy") == 1 and len(tiers) == 3
    assert any(s.reason == "graded easy, and the section holds its max of 1 easy" for s in report.manifest.skipped)


def test_a_mix_it_cannot_fill_fails_naming_the_grade_found_of_wanted(tmp_path: Path) -> None:
    # few 5x5 nonograms need an expert technique: two codes a place find fewer than two
    job = parse_spec(HEAD + "budget: {attempts: 2}\nsections:\n  - {type: nonogram, size: 5, count: 3, grades: {easy: 1, expert: 2}}\n")
    with pytest.raises(StageError) as caught:
        generate(job, tmp_path / "out", jobs=1)
    message = str(caught.value)
    assert re.search(r"Nonogram 5×5: found [01] of 2 expert after 4 codes", message), message
    assert "few expert nonogram puzzles at this size. Raise budget.attempts" in message


def test_books_order_easy_to_hard_and_newsletters_keep_their_slots_by_default() -> None:
    section = "sections:\n  - {type: kuralin, size: 5, count: 1}\n  - {type: kuralin, size: 5, count: 1, order: codes}\n"
    book = parse_spec(HEAD + section)
    assert [book.section_order(i) for i in (0, 1)] == ["easy-to-hard", "codes"]
    sheet = parse_spec(HEAD + "format: newsletter\ndate: 2026-11-30\nanswers: {placement: end}\n" + section)
    assert sheet.section_order(0) == "codes"


def test_the_issue_date_chooses_a_slot_grade_by_weekday() -> None:
    spec = HEAD + "format: newsletter\ndate: {day}\nanswers: {{placement: end}}\nsections:\n  - {{type: kuralin, size: 5, count: 1, difficulty: medium, weekday: {{mon: easy, sun: hard}}}}\n"
    grade = {day: parse_spec(spec.format(day=day)).section_params(0).difficulty for day in ("2026-11-30", "2026-12-02", "2026-12-06")}
    assert grade == {"2026-11-30": "easy", "2026-12-02": "medium", "2026-12-06": "hard"}
    monday = parse_spec(spec.format(day="2026-12-07"))
    assert monday.previous_issue().date == dt.date(2026, 11, 30) and monday.previous_issue().section_params(0).difficulty == "easy"


def _printed(*tiers: str) -> list[Printed]:
    stars = {"easy": "★☆☆☆ easy", "medium": "★★☆☆ medium", "hard": "★★★☆ hard"}
    return [Printed(i, 0, "id", "Nonogram 5×5", None, None, grade=stars[t]) for i, t in enumerate(tiers)]  # type: ignore[arg-type]


def test_the_contents_says_each_grade_once() -> None:
    assert grades_note(_printed("easy", "easy"), "Nonograms: easy") == "2 puzzles"
    assert grades_note(_printed("medium", "easy", "medium", "hard"), "Nonograms") == "1 easy, 2 medium, 1 hard"
    assert grades_note(_printed("easy", "medium"), "Nonograms: easy") == "1 easy, 1 medium"
