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


def boards() -> dict[str, dict]:
    """The failing boards (failing/<code>.json): a record, the answer when no record can hold it,
    and the failures it earns in the checklist's order, each [code, message]."""
    return {path.stem: json.loads(path.read_text()) for path in sorted(HERE.joinpath("failing").glob("*.json"))}


def test_every_code_of_the_checklist_has_a_failing_board() -> None:
    assert set(boards()) == {check.code for check in MASYU.checks}


@pytest.mark.parametrize("code", sorted(boards()))
def test_each_board_earns_its_code_first_with_its_message(code: str) -> None:
    board = boards()[code]
    puzzle = MASYU.from_record({"type": "masyu", **board["record"]})
    answer = board["answer"] if "answer" in board else puzzle.answer
    assert [[f.code, f.message] for f in MASYU.failures(puzzle, answer)] == board["failures"]
    assert board["failures"][0][0] == code == board["code"]


def test_a_branch_is_named_where_three_lines_meet() -> None:
    pearls, lines = picture("""
        o-o-o
        | | |
        o-o-o
    """)
    puzzle = MasyuPuzzle(2, 3, pearls, lines)
    assert [(f.code, f.message) for f in MASYU.failures(puzzle, lines)] == [("branch", "the lines branch at r1c2 (3 meet there)")]


def test_two_loops_are_named_as_two() -> None:
    pearls, lines = picture("""
        o-o . o-o
        | |   | |
        o-o . o-o
    """)
    puzzle = MasyuPuzzle(2, 5, pearls, lines)
    assert [(f.code, f.message) for f in MASYU.failures(puzzle, lines)] == [("one-loop", "the lines form 2 separate pieces: the one through r1c4 does not join the one through r1c1")]


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
