"""verify on records someone edited or wrote by hand: each fault caught with the right message."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import cli, write_spec
from pipeline.manifest import read_manifest
from pipeline.records import dumps_record


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    spec = write_spec(tmp_path, "title: v\nseed: v\nsections:\n  - {type: nonogram, size: 5, count: 2}\n")
    assert cli("generate", spec, "-o", tmp_path / "out").code == 0
    assert cli("verify", tmp_path / "out").code == 0
    return tmp_path / "out"


def edit(folder: Path, index: int, change) -> tuple[Path, dict]:
    entry = read_manifest(folder).entries[index]
    path = folder / "puzzles" / f"{entry.id}.json"
    record = json.loads(path.read_text())
    change(record)
    path.write_text(dumps_record(record))
    return path, record


def test_untouched_records_verify(folder: Path) -> None:
    ran = cli("verify", folder)
    assert ran.code == 0 and "2 proved, 0 failed" in ran.stderr
    assert all(e.proved for e in read_manifest(folder).entries)


def test_an_ambiguous_puzzle_is_caught_and_its_second_answer_shown(folder: Path) -> None:
    def ambiguous(record: dict) -> None:
        record["row_clues"] = [[1], [1], [], [], []]
        record["col_clues"] = [[1], [1], [], [], []]
        record["solution"] = ["#....", ".#...", ".....", ".....", "....."]

    edit(folder, 0, ambiguous)
    ran = cli("verify", folder)
    assert ran.code == 1
    assert "solver: a second answer fits the clues: ['.#...', '#....'" in ran.stderr
    assert "proof: a second answer fits the clues" in ran.stderr
    assert "1 proved, 1 failed" in ran.stderr


def test_a_wrong_answer_breaks_a_rule_and_the_right_one_is_shown(folder: Path) -> None:
    def flip(record: dict) -> None:
        row = record["solution"][0]
        record["solution"][0] = ("." if row[0] == "#" else "#") + row[1:]

    _, record = edit(folder, 1, flip)
    ran = cli("verify", folder)
    assert ran.code == 1
    assert "check: the stored answer breaks the rules: " in ran.stderr
    assert "the stored answer is wrong; the clues give" in ran.stderr


def test_layout_refuses_a_puzzle_that_did_not_verify(folder: Path) -> None:
    edit(folder, 1, lambda r: r["solution"].__setitem__(0, "#####" if r["solution"][0] != "#####" else "....."))
    assert cli("verify", folder).code == 1
    ran = cli("layout", folder)
    assert ran.code == 1 and read_manifest(folder).entries[1].id in ran.stderr
    assert not (folder / "booklet.pdf").exists()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r.pop("solution"), "solution"),
        (lambda r: r.pop("type"), "missing field 'type'"),
        (lambda r: r.__setitem__("row_clues", "3 1"), "row_clues"),
        (lambda r: r.__setitem__("rows", "five"), "field 'rows' must be a whole number"),
        (lambda r: r.__setitem__("type", "no-such-type"), "unknown puzzle type 'no-such-type'"),
    ],
)
def test_malformed_records_are_bad_input(folder: Path, change, message: str) -> None:
    path, _ = edit(folder, 0, change)
    before = (folder / "manifest.json").read_bytes()
    for command in ("verify", "layout"):
        ran = cli(command, folder)
        assert ran.code == 2, (command, ran.stderr)
        assert message in ran.stderr and path.name in ran.stderr and "Traceback" not in ran.stderr
    assert (folder / "manifest.json").read_bytes() == before


def test_a_record_that_is_not_json(folder: Path) -> None:
    entry = read_manifest(folder).entries[0]
    (folder / "puzzles" / f"{entry.id}.json").write_text("{not json")
    ran = cli("verify", folder)
    assert ran.code == 2 and "not valid JSON (line 1" in ran.stderr


def test_records_written_by_hand_without_a_manifest(tmp_path: Path) -> None:
    (tmp_path / "puzzles").mkdir()
    record = {
        "id": "mine", "type": "nonogram", "rows": 5, "cols": 5, "code": "by-hand", "generator": "nonogram/1",
        "row_clues": [[5], [1, 1], [1, 1], [1, 1], [5]], "col_clues": [[5], [1, 1], [1, 1], [1, 1], [5]],
        "solution": ["#####", "#...#", "#...#", "#...#", "#####"],
    }
    (tmp_path / "puzzles" / "mine.json").write_text(json.dumps(record))
    ran = cli("verify", tmp_path)
    assert ran.code == 0 and "1 proved" in ran.stderr
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["mine.json", "puzzles"]
