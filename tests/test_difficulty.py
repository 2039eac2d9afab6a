"""Difficulty in the product: a section asks for a grade, the book prints it, verify re-grades it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from conftest import cli, write_spec
from pipeline.errors import SpecError, StageError
from pipeline.manifest import read_manifest
from pipeline.budget import Budget
from pipeline.interface.grades import grade_label, rank
from pipeline.records import dumps_record
from pipeline.registry import get_type
from pipeline.spec import parse_spec
from pipeline.stages.generate import generate

RAMP = """\
title: Ramp
seed: ramp
sections:
  - {type: nonogram, size: 10, count: 1, difficulty: hard}
  - {type: nonogram, size: 10, count: 1, params: {difficulty: medium}}
  - {type: nonogram, size: 10, count: 1, difficulty: easy}
"""


@pytest.fixture(scope="module")
def ramp(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("ramp")
    ran = cli("build", write_spec(folder, RAMP), "-o", folder / "out")
    assert ran.code == 0, ran.stderr
    return folder / "out"


def page_texts(path: Path) -> list[str]:
    return [page.get_textpage().get_text_range().replace("\r\n", "\n") for page in pdfium.PdfDocument(path)]


def test_each_section_gets_puzzles_of_its_grade_and_the_labels_print_it(ramp: Path) -> None:
    entries = read_manifest(ramp).puzzles()
    assert [e.grade["tier"] for e in entries] == ["hard", "medium", "easy"]
    text = "\n".join(page_texts(ramp / "booklet.pdf"))
    assert re.search(r"^1 Nonogram 10×10 · ★★★☆ hard$", text, re.M)
    assert re.search(r"^2 Nonogram 10×10 · ★★☆☆ medium$", text, re.M)
    assert re.search(r"^3 Nonogram 10×10 · ★☆☆☆ easy$", text, re.M)
    assert "Nonogram 10×10 · 1 hard" in text and "Nonogram 10×10 · 1 easy" in text  # the contents page
    joined = " ".join(text.split())  # how to make a graded puzzle again: its section's command names the grade
    assert all(f"puzzlepress new nonogram --size 10 --difficulty {grade} --code CODE" in joined for grade in ("hard", "medium", "easy"))


def test_the_record_carries_the_grade_after_its_own_fields_and_before_stats(ramp: Path) -> None:
    entry = read_manifest(ramp).puzzles()[0]
    record = json.loads((ramp / "puzzles" / f"{entry.id}.json").read_text())
    keys = list(record)
    assert keys.index("solution") < keys.index("grade") == len(keys) - 2 and keys[-1] == "stats"
    assert record["params"] == {"difficulty": "hard"} and record["grade"] == entry.grade
    made = get_type("nonogram").make(get_type("nonogram").make_params(10, difficulty="hard"), entry.code, Budget())
    assert get_type("nonogram").grade(made.puzzle, Budget()).tier == "hard"


def test_codes_of_another_grade_are_skipped_with_their_grade(tmp_path: Path) -> None:
    # version 1 does not aim at the difficulty: 42% of its 10x10 codes are medium
    spec = "title: s\nseed: skips\nsections:\n  - {type: nonogram, size: 10, count: 3, difficulty: medium, generator: nonogram/1}\n"
    generate(parse_spec(spec), tmp_path, jobs=1)
    reasons = {s.reason for s in read_manifest(tmp_path).skipped}
    assert reasons and all(re.fullmatch(r"graded (easy|medium|hard), not (easy|medium|hard)", r) for r in reasons)


def test_verify_regrades_and_flags_a_tampered_grade(ramp: Path, tmp_path: Path) -> None:
    entries = read_manifest(ramp).entries
    assert all(e.verdict["grade"]["ok"] and e.verdict["grade"]["fields"] == e.grade for e in entries)
    entry = read_manifest(ramp).puzzles()[2]
    path = tmp_path / f"{entry.id}.json"
    record = json.loads((ramp / "puzzles" / f"{entry.id}.json").read_text())
    record["grade"]["tier"] = "hard"
    (tmp_path / "puzzles").mkdir()
    (tmp_path / "puzzles" / path.name).write_text(dumps_record(record))
    ran = cli("verify", tmp_path)
    assert ran.code != 0
    assert "grade: the record says hard" in ran.stderr and "but the clues grade as easy" in ran.stderr
    assert "the record asks for easy puzzles" not in ran.stderr  # the puzzle is easy: only its stored grade lies


def test_a_record_of_the_wrong_grade_for_its_difficulty_is_flagged(ramp: Path, tmp_path: Path) -> None:
    entry = read_manifest(ramp).puzzles()[2]  # easy, claimed by a record that asks for hard
    record = json.loads((ramp / "puzzles" / f"{entry.id}.json").read_text())
    record["params"] = {"difficulty": "hard"}
    (tmp_path / "puzzles").mkdir()
    (tmp_path / "puzzles" / f"{entry.id}.json").write_text(dumps_record(record))
    ran = cli("verify", tmp_path)
    assert ran.code != 0 and "grade: the record asks for hard puzzles, but this one is easy" in ran.stderr


def test_easy_to_hard_orders_by_grade_and_score_and_makes_the_same_codes(tmp_path: Path) -> None:
    spec = "title: o\nseed: order\n{order}sections:\n  - {{type: nonogram, size: 15, count: 6, difficulty: hard}}\n"
    made = {}
    for order in ("order: codes\n", "order: easy-to-hard\n"):
        generate(parse_spec(spec.format(order=order)), tmp_path / str(len(order)), jobs=1)
        made[order] = read_manifest(tmp_path / str(len(order))).puzzles()
    plain, ramped = made["order: codes\n"], made["order: easy-to-hard\n"]
    assert sorted(e.code for e in plain) == sorted(e.code for e in ramped)
    ranks = [(["easy", "medium", "hard"].index(e.grade["tier"]), e.grade["score"]) for e in ramped]
    assert ranks == sorted(ranks) and [e.number for e in ramped] == list(range(1, 7))
    assert len({e.grade["score"] for e in ramped}) > 1, "pick a seed whose puzzles differ in score"
    assert [e.code for e in plain] != [e.code for e in ramped]


UNGRADED = "title: g\nseed: g\n{order}sections:\n  - {{type: nonogram, size: 10, count: 4}}\n"


def test_a_section_without_a_difficulty_is_graded_but_not_chosen(tmp_path: Path) -> None:
    """The grade of an ungraded section lives in the manifest, found again and bound by verify;
    its records stay as they were (no grade), so the golden records are unchanged."""
    ran = cli("build", write_spec(tmp_path, UNGRADED.format(order="order: codes\n")), "-o", tmp_path / "out")
    assert ran.code == 0, ran.stderr
    entries = read_manifest(tmp_path / "out").puzzles()
    assert len({e.grade["tier"] for e in entries}) > 1, "pick a seed whose puzzles differ in grade"
    for entry in entries:
        assert "grade" not in json.loads((tmp_path / "out" / "puzzles" / f"{entry.id}.json").read_text())
        assert entry.verdict["grade"]["fields"] == entry.grade
    text = "\n".join(page_texts(tmp_path / "out" / "booklet.pdf"))
    assert all(f"{e.number} Nonogram 10×10 · {grade_label(e.grade)}" in text for e in entries)


def test_a_grade_changed_in_the_manifest_is_not_printed(tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert cli("build", write_spec(tmp_path, UNGRADED.format(order="order: codes\n")), "-o", out).code == 0
    manifest = json.loads((out / "manifest.json").read_text())
    manifest["puzzles"][0]["grade"]["tier"] = "hard" if manifest["puzzles"][0]["grade"]["tier"] != "hard" else "easy"
    (out / "manifest.json").write_text(json.dumps(manifest))
    ran = cli("layout", out)
    assert ran.code != 0 and "its grade is not the one verify found" in ran.stderr
    ran = cli("verify", out)  # the verdict no longer covers the grade: judged again, and the lie found
    assert ran.code != 0 and "grade: the manifest says" in ran.stderr


def test_a_book_sorts_a_section_without_a_difficulty_easy_to_hard_by_default(tmp_path: Path) -> None:
    generate(parse_spec(UNGRADED.format(order="")), tmp_path, jobs=1)
    ranks = [rank(e.grade) for e in read_manifest(tmp_path).puzzles()]
    assert ranks == sorted(ranks) and len(set(ranks)) > 1


def test_a_reused_record_keeps_the_grade_verify_found(tmp_path: Path) -> None:
    out = tmp_path / "out"
    spec = write_spec(tmp_path, UNGRADED.format(order="order: codes\n"))
    assert cli("build", spec, "-o", out).code == 0
    first = [e.grade for e in read_manifest(out).puzzles()]
    report = generate(parse_spec(spec.read_text()), out, jobs=1)
    assert report.reused == 4 and report.made == 0
    assert [e.grade for e in read_manifest(out).puzzles()] == first


def test_a_section_order_overrides_the_job_order() -> None:
    job = parse_spec("title: o\nseed: s\norder: easy-to-hard\nsections:\n  - {type: nonogram, count: 1, order: codes}\n  - {type: kuralin, count: 1, difficulty: expert}\n")
    assert [job.section_order(i) for i in (0, 1)] == ["codes", "easy-to-hard"]


@pytest.mark.parametrize(
    "section, problem",
    [
        ("{type: nonogram, count: 1, difficulty: tricky}", r"difficulty: Input should be 'easy', 'medium', 'hard' or 'expert'"),
        ("{type: nonogram, count: 1, params: {difficulty: tricky}}", r"params\.difficulty: Input should be 'easy', 'medium', 'hard' or 'expert'"),
        ("{type: kuralin, count: 1, difficulty: easy, params: {difficulty: hard}}", r"not both"),
        ("{type: nuritwin, count: 1, order: hardest}", r"order: Input should be 'codes' or 'easy-to-hard'"),
    ],
)
def test_spec_problems_with_difficulty_are_named(section: str, problem: str) -> None:
    with pytest.raises(SpecError) as caught:
        parse_spec(f"title: t\nseed: s\nsections:\n  - {section}\n")
    assert re.search(problem, str(caught.value)), str(caught.value)


def test_difficulty_enters_the_seed_only_when_given() -> None:
    nonogram = get_type("nonogram")
    assert nonogram.make_params(10).key == "10"
    assert nonogram.make_params(10, difficulty="hard").key == "10;difficulty=hard"


def test_an_unmet_grade_fails_the_section_and_says_why(tmp_path: Path) -> None:
    # version 1 does not aim at the difficulty: 4% of its 15x15 codes are easy
    job = parse_spec("title: t\nseed: s\nbudget: {attempts: 1}\nsections:\n  - {type: nonogram, size: 15, count: 3, difficulty: easy, generator: nonogram/1}\n")
    with pytest.raises(StageError) as caught:
        generate(job, tmp_path / "out", jobs=1)
    message = str(caught.value)
    assert "found 0 of 3 easy after 3 codes; the codes passed over were graded" in message and "Raise budget.attempts" in message


def test_grade_labels_read_in_black_and_white() -> None:
    assert [grade_label({"tier": t}) for t in ("easy", "medium", "hard", "expert")] == [
        "★☆☆☆ easy", "★★☆☆ medium", "★★★☆ hard", "★★★★ expert",
    ]
    assert grade_label(None) == grade_label({"tier": None}) == ""
