"""Each promise that decides what gets printed, broken one at a time: the guard that keeps it
must fail these tests when it is removed (found by mutation testing; see README, Development)."""

from __future__ import annotations

import dataclasses
import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

from conftest import cli, write_spec
from pipeline.errors import RecordError, SpecError, StepLimit
from pipeline.files import sha256_bytes
from pipeline.files import write_atomic
from pipeline.budget import Budget
from pipeline.puzzles.nonogram import rules as nonogram_rules
from pipeline.interface.checks import Check
from pipeline.interface.grades import grade_fields
from pipeline.interface.sharing import Share
from pipeline.records import check_common_fields, dumps_record, generator_tag, list_field, load_puzzle, make_record, read_picture
from pipeline.registry import puzzle_types
from pipeline.spec import parse_spec
from pipeline import checkpoint
from pipeline.errors import InputError
from pipeline.manifest import read_manifest
from pipeline.stages.verify import judge, verify
from pipeline import __version__
from pipeline.trust import verdict_problem, verifier_id

NONOGRAM = puzzle_types()["nonogram"]


@pytest.fixture(scope="module")
def record_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One proved 5x5 nonogram record on disk."""
    folder = tmp_path_factory.mktemp("promise")
    assert cli("generate", write_spec(folder, "title: t\nseed: p\nsections:\n  - {type: nonogram, size: 5, count: 1}\n"), "-o", folder / "out").code == 0
    return next((folder / "out" / "puzzles").glob("*.json"))


def other_answer(answer: tuple[str, ...]) -> tuple[str, ...]:
    flipped = "".join("." if c == "#" else "#" for c in answer[0])
    return (flipped, *answer[1:])


@pytest.mark.parametrize(
    "engine",
    ["checks", "solve", "prove", "promises"],
)
def test_verify_proves_only_when_every_engine_agrees(record_path: Path, monkeypatch: pytest.MonkeyPatch, engine: str) -> None:
    """Stand-in engines: one at a time disagrees (a broken rule, a second answer, a broken
    promise with one answer); the verdict must then be 'failed', whatever the others say."""
    assert judge(record_path)["status"] == "proved"
    disagree = {
        "checks": (Check("row-clue-mismatch", "rows", lambda puzzle, answer: "row 1 shows 9"),),
        "solve": lambda puzzle, limit, budget: [puzzle.answer, other_answer(puzzle.answer)],
        "prove": lambda puzzle, limit: [puzzle.answer, other_answer(puzzle.answer)],
        "promises": lambda puzzle, params: ["not-line-solvable"],
    }[engine]
    monkeypatch.setitem(puzzle_types(), "nonogram", dataclasses.replace(NONOGRAM, **{engine: disagree}))
    verdict = judge(record_path)
    assert verdict["status"] == "failed", engine
    assert verdict["problems"], engine


def test_verify_fresh_judges_every_record_again(tmp_path: Path) -> None:
    spec = write_spec(tmp_path, "title: t\nseed: f\nsections:\n  - {type: nonogram, size: 5, count: 2}\n")
    assert cli("generate", spec, "-o", tmp_path / "out").code == 0
    assert "2 unchanged since last time" not in cli("verify", tmp_path / "out").stderr
    assert "(2 unchanged since last time)" in cli("verify", tmp_path / "out").stderr
    assert "(0 unchanged since last time)" in cli("verify", tmp_path / "out", "--fresh").stderr


def test_an_atomic_write_that_fails_part_way_leaves_the_old_file_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A fault injected into the write itself, not a timer: the old bytes stay under the final
    name and no temporary file is left."""
    target = tmp_path / "record.json"
    write_atomic(target, "old and whole\n")

    def failing_fsync(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", failing_fsync)
    with pytest.raises(OSError):
        write_atomic(target, "new" * 10_000)
    assert target.read_text() == "old and whole\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["record.json"]


def test_a_spec_with_more_codes_than_its_count_is_refused() -> None:
    with pytest.raises(SpecError, match="3 codes given for a count of 2"):
        parse_spec("title: t\nseed: s\nsections:\n  - {type: nonogram, size: 5, count: 2, codes: [a, b, c]}\n")


@pytest.mark.parametrize(("rows", "message"), [(101, "rows"), (0, "rows"), (4, "parameter 'rows'"), (31, "parameter 'rows'")])
def test_a_record_outside_its_type_s_grid_bounds_is_refused(record_path: Path, rows: int, message: str) -> None:
    record = json.loads(record_path.read_text())
    with pytest.raises(RecordError, match=message):
        check_common_fields({**record, "rows": rows}, "x.json", puzzle_types())


def test_the_checker_refuses_an_answer_of_the_wrong_shape() -> None:
    made = NONOGRAM.make(5, "shape", Budget())
    puzzle = made.puzzle
    assert NONOGRAM.failures(puzzle, puzzle.answer) == []
    assert [f.code for f in NONOGRAM.failures(puzzle, (*puzzle.answer, puzzle.answer[0]))] == [nonogram_rules.BAD_SHAPE]
    assert [f.code for f in NONOGRAM.failures(puzzle, puzzle.answer[:-1])] == [nonogram_rules.BAD_SHAPE]
    assert [f.code for f in NONOGRAM.failures(puzzle, tuple(row + "." for row in puzzle.answer))] == [nonogram_rules.BAD_SHAPE]


def test_a_record_names_the_generator_version_that_made_it() -> None:
    """A puzzle remade by an older generator (a reprint) says so, or the cache would take it for
    this version's puzzle."""
    made = NONOGRAM.make(5, "tag", Budget())
    record = make_record(NONOGRAM, made.puzzle, puzzle_id="x", code="tag", stats={}, version=99)
    assert record["generator"] == "nonogram/99"
    assert generator_tag(NONOGRAM) == f"nonogram/{NONOGRAM.version}" != "nonogram/99"


class TieredParams(type(NONOGRAM.make_params(5))):
    """A stand-in for a type with a parameter beyond the grid (none has one yet)."""

    tier: int = 1


@pytest.mark.parametrize(("tier", "written"), [(1, None), (2, {"tier": 2})])
def test_a_record_writes_only_the_parameters_that_differ_from_their_defaults(tier: int, written: dict | None) -> None:
    made = NONOGRAM.make(5, "tier", Budget())
    params = TieredParams(rows=5, cols=5, tier=tier)
    record = make_record(NONOGRAM, made.puzzle, puzzle_id="x", code="tier", stats={}, params=params)
    assert record.get("params") == written


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict, Any]:
    """A 5x5 nonogram record that asks for the grade its clues have, as generate writes it: its
    file, its fields and the grade the grader finds."""
    made = NONOGRAM.make(5, "graded", Budget())
    found = NONOGRAM.grade(made.puzzle, Budget())
    params = NONOGRAM.make_params(5, difficulty=found.tier)
    record = make_record(NONOGRAM, made.puzzle, puzzle_id="nonogram-5-graded", code="graded", stats={}, params=params, grade=grade_fields(found))
    path = tmp_path_factory.mktemp("graded") / "nonogram-5-graded.json"
    path.write_text(dumps_record(record))
    return path, record, found


def shown(tier: str, found: Any) -> str:
    """A grade as verify's messages print it: tier, score and the rounds of each technique."""
    return f"{tier} (score {found.score}; {', '.join(f'{name} {rounds}' for name, rounds in found.techniques)})"


def test_a_graded_record_carries_its_grade_after_its_own_fields_and_before_stats(graded) -> None:
    path, record, found = graded
    assert list(record)[-2:] == ["grade", "stats"] and record["grade"] == grade_fields(found)
    verdict = judge(path)
    assert verdict["status"] == "proved" and verdict["grade"]["ok"] and verdict["grade"]["tier"] == found.tier


def test_verify_names_a_stored_grade_the_clues_do_not_have(graded, tmp_path: Path) -> None:
    path, record, found = graded
    other = next(tier for tier in ("easy", "medium", "hard") if tier != found.tier)
    cases = [
        ({**record["grade"], "tier": other}, f"the record says {shown(other, found)}"),
        ({**record["grade"], "techniques": ["x"]}, f"the record says {found.tier} (score {found.score}; ['x'])"),
        ("x", "the record says 'x'"),
    ]
    for stored, says in cases:
        tampered = tmp_path / path.name
        tampered.write_text(dumps_record({**record, "grade": stored}))
        verdict = judge(tampered)
        assert verdict["status"] == "failed" and not verdict["grade"]["ok"]
        assert verdict["problems"] == [f"grade: {says}, but the clues grade as {shown(found.tier, found)}"]


def test_verify_names_a_graded_record_of_another_difficulty_than_it_asks_for(graded, tmp_path: Path) -> None:
    path, record, found = graded
    other = next(tier for tier in ("easy", "medium", "hard") if tier != found.tier)
    tampered = tmp_path / path.name
    tampered.write_text(dumps_record({**record, "params": {"difficulty": other}}))
    verdict = judge(tampered)
    assert verdict["status"] == "failed" and verdict["grade"]["tier"] == found.tier
    assert verdict["problems"] == [f"grade: the record asks for {other} puzzles, but this one is {found.tier}"]


def test_a_record_links_its_puzzle_online_only_where_the_genre_is_played() -> None:
    made = NONOGRAM.make(5, "link", Budget())
    record = make_record(NONOGRAM, made.puzzle, puzzle_id="x", code="link", stats={})
    assert record["url"].startswith("https://puzz.link/p?nonogram/5/5/")
    elsewhere = dataclasses.replace(NONOGRAM, name="stand-in", share=Share())
    assert "url" not in make_record(elsewhere, made.puzzle, puzzle_id="x", code="link", stats={})


def test_a_proved_verdict_names_its_record_its_verifier_and_each_engine(record_path: Path) -> None:
    verdict = judge(record_path)
    assert verdict["record_sha256"] == sha256_bytes(record_path.read_bytes())
    assert verdict["verifier"] == verifier_id()
    assert {k: verdict["check"][k] for k in ("ok", "codes")} == {"ok": True, "codes": []}
    assert {k: verdict["solver"][k] for k in ("ok", "count", "promises")} == {"ok": True, "count": 1, "promises": []}
    assert {k: verdict["proof"][k] for k in ("ok", "engine", "count")} == {"ok": True, "engine": "python-sat", "count": 1}
    assert verdict["problems"] == []
    assert all(isinstance(verdict[k]["seconds"], float) for k in ("check", "solver", "proof"))


def step_limit(puzzle, limit, budget):
    raise StepLimit("50 steps")


@pytest.mark.parametrize(
    ("engine", "stand_in", "problem", "part"),
    [
        ("checks", (Check("row-clue-mismatch", "rows", lambda puzzle, answer: "row 1 shows 9"),
                    Check("col-clue-mismatch", "columns", lambda puzzle, answer: "column 2 shows 8")),
         "check: the stored answer breaks the rules: row-clue-mismatch (row 1 shows 9); col-clue-mismatch (column 2 shows 8)",
         ("check", {"ok": False, "codes": ["row-clue-mismatch", "col-clue-mismatch"], "failures": [
             {"code": "row-clue-mismatch", "message": "row 1 shows 9"}, {"code": "col-clue-mismatch", "message": "column 2 shows 8"}]})),
        ("solve", lambda puzzle, limit, budget: [], "solver: the clues admit no answer at all",
         ("solver", {"ok": False, "count": 0, "promises": []})),
        ("solve", lambda puzzle, limit, budget: [other_answer(puzzle.answer)], "solver: the stored answer is wrong; the clues give OTHER",
         ("solver", {"ok": False, "count": 1, "promises": []})),
        ("solve", lambda puzzle, limit, budget: [other_answer(puzzle.answer), puzzle.answer], "solver: a second answer fits the clues: OTHER",
         ("solver", {"ok": False, "count": 2, "promises": []})),
        ("solve", step_limit, "solver: proves nothing, it reached its limit (50 steps)",
         ("solver", {"ok": False, "count": None, "promises": [], "seconds": None})),
        ("promises", lambda puzzle, params: ["not-line-solvable"], "solver: promise not kept: not-line-solvable",
         ("solver", {"ok": False, "count": 1, "promises": ["not-line-solvable"]})),
        ("prove", lambda puzzle, limit: [], "proof: the clues admit no answer at all", ("proof", {"ok": False, "count": 0})),
        ("prove", lambda puzzle, limit: [puzzle.answer, other_answer(puzzle.answer)], "proof: a second answer fits the clues: OTHER",
         ("proof", {"ok": False, "count": 2})),
    ],
)
def test_a_failed_verdict_says_which_engine_disagreed_and_how(
    record_path: Path, monkeypatch: pytest.MonkeyPatch, engine: str, stand_in, problem: str, part: tuple[str, dict]
) -> None:
    """Stand-in engines, one at a time: the verdict names the one that disagreed, what it found
    (the other answer drawn as the type shows it), and marks only that engine not ok."""
    _, puzzle, _, _ = load_puzzle(record_path, puzzle_types())
    monkeypatch.setitem(puzzle_types(), "nonogram", dataclasses.replace(NONOGRAM, **{engine: stand_in}))
    verdict = judge(record_path)
    shown = str(NONOGRAM.shown_answer(puzzle, other_answer(puzzle.answer)))
    assert verdict["status"] == "failed"
    assert verdict["problems"] == [problem.replace("OTHER", shown)]
    name, fields = part
    assert {k: verdict[name][k] for k in fields} == fields
    for other in {"check", "solver", "proof"} - {name}:
        assert verdict[other]["ok"] is True, other


SHA = "ab" * 32


@pytest.mark.parametrize(
    ("verdict", "problem"),
    [
        (None, "not verified"),
        ("proved", "not verified"),
        ({"status": "failed", "record_sha256": SHA}, "verdict: failed"),
        ({"record_sha256": SHA}, "verdict: no status"),
        ({"status": 1, "record_sha256": SHA}, "verdict: no status"),
        ({"status": "proved"}, "its verdict names no record"),
        ({"status": "proved", "record_sha256": "cd" * 32}, "its record changed after it was verified"),
        ({"status": "proved", "record_sha256": SHA, "verifier": f"{__version__}+0000000000000000"}, "verified by another version of puzzlepress"),
        ({"status": "proved", "record_sha256": SHA, "verifier": "VERIFIER"}, None),
    ],
)
def test_a_verdict_proves_only_the_record_bytes_it_judged_by_this_verifier(verdict, problem: str | None) -> None:
    if isinstance(verdict, dict) and verdict.get("verifier") == "VERIFIER":
        verdict = {**verdict, "verifier": verifier_id()}
    assert verdict_problem(verdict, SHA) == problem


def test_the_verifier_is_named_by_version_and_code_digest() -> None:
    version, digest = verifier_id().split("+")
    assert version == __version__ and len(digest) == 16 and int(digest, 16) >= 0


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda r: [r], "a puzzle record must be a JSON object"),
        (lambda r: {k: v for k, v in r.items() if k != "code"}, "missing field 'code'"),
        (lambda r: {**r, "generator": ""}, "field 'generator' must be a non-empty string"),
        (lambda r: {**r, "id": 7}, "field 'id' must be a non-empty string"),
        (lambda r: {**r, "cols": True}, "field 'cols' must be a whole number from 1 to 100"),
        (lambda r: {**r, "cols": 5.0}, "field 'cols' must be a whole number from 1 to 100"),
        (lambda r: {**r, "type": "no-such-type"}, f"unknown puzzle type 'no-such-type' (known: {', '.join(puzzle_types())})"),
        (lambda r: {**r, "params": []}, "field 'params' must be an object of parameter names and values"),
        (lambda r: {**r, "params": {"tier": 2}}, "nonogram parameter 'tier': Extra inputs are not permitted"),
    ],
)
def test_a_bad_record_is_refused_with_one_message_naming_the_field(record_path: Path, change, problem: str) -> None:
    record = json.loads(record_path.read_text())
    with pytest.raises(RecordError) as caught:
        check_common_fields(change(record), "x.json", puzzle_types())
    assert (caught.value.where, caught.value.problem) == ("x.json", problem)


@pytest.mark.parametrize(
    ("value", "where", "problem"),
    [
        (None, "solution", "missing"),
        ("#.", "solution", "must be a list of 2 strings, one per row"),
        (["#."], "solution", "must be a list of 2 strings, one per row"),
        (["#.", "#"], "solution", "row 2: must be 2 characters, each '#' or '.', got '#'"),
        (["#.", "#x"], "solution", "row 2: must be 2 characters, each '#' or '.', got '#x'"),
        (["#.", ["#", "."]], "solution", "row 2: must be 2 characters, each '#' or '.', got ['#', '.']"),
    ],
)
def test_a_bad_picture_in_a_record_names_its_row(value, where: str, problem: str) -> None:
    record = {} if value is None else {"solution": value}
    with pytest.raises(RecordError) as caught:
        read_picture(record, "solution", 2, 2, "#.")
    assert (caught.value.where, caught.value.problem) == (where, problem)
    assert read_picture({"solution": ["#.", ".."]}, "solution", 2, 2, "#.") == ("#.", "..")
    assert list_field({"f": [1, 2]}, "f", 2, "numbers") == [1, 2]


def test_a_record_file_that_is_not_a_puzzle_names_the_file_and_field(record_path: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    record = json.loads(record_path.read_text())
    bad.write_text(json.dumps({**record, "solution": ["#"]}))
    with pytest.raises(RecordError) as caught:
        load_puzzle(bad, puzzle_types())
    assert caught.value.where == f"{bad}: field 'solution'"
    bad.write_text("{")
    with pytest.raises(RecordError) as caught:
        load_puzzle(bad, puzzle_types())
    assert caught.value.where == str(bad) and "JSON" in caught.value.problem


def test_verify_reports_progress_reuse_and_timings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Progress per judged puzzle, the checkpoints the signal tests stop at, the verdicts kept
    for unchanged records, and each engine's time measured but kept out of the manifest (it
    differs on every run, and two builds of one spec must make the same bytes)."""
    spec = write_spec(tmp_path, "title: t\nseed: g\nsections:\n  - {type: nonogram, size: 5, count: 2}\n")
    assert cli("generate", spec, "-o", tmp_path / "out").code == 0
    points: list[str] = []
    monkeypatch.setattr(checkpoint, "reached", points.append)
    progress: list[tuple[int, int]] = []
    report = verify(tmp_path / "out", fresh=True, progress=lambda done, total: progress.append((done, total)))
    assert (report.reused, report.failed, progress) == (0, [], [(1, 2), (2, 2)])
    assert points == ["verify:verdict", "verify:verdict", "verify:manifest"]
    assert 0 <= report.seconds < 60

    def untimed(verdict: dict) -> dict:
        return {k: ({p: q for p, q in v.items() if p != "seconds"} if isinstance(v, dict) else v) for k, v in verdict.items()}

    for entry in read_manifest(tmp_path / "out").entries:
        assert entry.verdict == untimed(report.verdicts[entry.id]) and entry.verdict["status"] == "proved"
        assert not entry.timings
        assert all(0 <= report.verdicts[entry.id][k]["seconds"] < 60 for k in ("check", "solver", "proof"))
    assert "_s\": " not in (tmp_path / "out" / "manifest.json").read_text()  # no check_s, solver_s...
    progress.clear()
    again = verify(tmp_path / "out", progress=lambda done, total: progress.append((done, total)))
    assert (again.reused, progress) == (2, [])
    assert again.verdicts == {pid: untimed(verdict) for pid, verdict in report.verdicts.items()}


def test_verify_without_a_manifest_or_records_is_bad_input(tmp_path: Path) -> None:
    with pytest.raises(InputError, match=f"^{re.escape(str(tmp_path))}: no manifest.json and no puzzle records under puzzles/$"):
        verify(tmp_path)
