"""The Masyu checklist: one failing board per failure code (failing_boards.txt), its message,
and the golden answers keeping every rule."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from masyu_reference import picture

from pipeline.registry import puzzle_types
from pipeline.puzzles.masyu.model import MasyuPuzzle

HERE = Path(__file__).parent
GOLDEN = HERE.parent.parent / "golden" / "masyu"
MASYU = puzzle_types()["masyu"]


def boards() -> list[tuple[str, str, str]]:
    """(code, message, picture) for each board of the data file."""
    found = []
    for block in HERE.joinpath("failing_boards.txt").read_text().split("== ")[1:]:
        head, _, body = block.partition("\n")
        code, _, message = head.partition(": ")
        found.append((code, message, body))
    return found


def test_every_code_of_the_checklist_has_a_failing_board() -> None:
    assert {code for code, _, _ in boards()} | {"bad-shape"} == {check.code for check in MASYU.checks}


@pytest.mark.parametrize("code, message, text", boards(), ids=[b[0] for b in boards()])
def test_each_board_fails_its_rule_with_its_message(code: str, message: str, text: str) -> None:
    pearls, lines = picture(text)
    puzzle = MasyuPuzzle(len(pearls), len(pearls[0]), pearls, lines)
    failures = MASYU.failures(puzzle, lines)
    assert code in [f.code for f in failures]
    assert next(f.message for f in failures if f.code == code) == message


def test_an_answer_that_is_not_lines_of_the_grid_is_refused_first() -> None:
    puzzle = MasyuPuzzle(2, 2, ("..", ".."), frozenset())
    assert [f.code for f in MASYU.failures(puzzle, frozenset({((0, 0), (1, 1))}))] == ["bad-shape"]
    assert [f.code for f in MASYU.failures(puzzle, {((0, 0), (0, 1))})] == ["bad-shape"]


@pytest.mark.parametrize("path", sorted(GOLDEN.rglob("*.json")), ids=lambda p: p.stem)
def test_golden_answers_keep_every_rule(path: Path) -> None:
    record = json.loads(path.read_text())
    rows, cols = len(record["pearls"]), len(record["pearls"][0])
    puzzle = MASYU.from_record({"rows": rows, "cols": cols, **record})
    assert MASYU.failures(puzzle, puzzle.answer) == []
