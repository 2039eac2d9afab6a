"""The rules checklist beyond its failing boards (failing/<code>.json, checked for every type by
tests/test_checks.py): each board fails its code alone, answers that are no grid stop the list,
6x6 boxes, and the checker against the brute force's own rule check."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from pipeline.interface.checks import Failure
from pipeline.puzzles.sudoku import PUZZLE_TYPE as SUDOKU
from pipeline.puzzles.sudoku.model import from_record
from sudoku_reference import brute_force, obeys

GIVENS = ["....", ".2.4", "3.1.", "...."]


def test_the_answer_keeps_every_rule() -> None:
    puzzle = from_record({"rows": 4, "cols": 4, "givens": GIVENS, "solution": ["4321", "1234", "3412", "2143"]})
    assert SUDOKU.failures(puzzle, puzzle.answer) == []


@pytest.mark.parametrize(
    "answer, message",
    [
        ("not a grid", "the answer must have 4 rows"),
        (((4, 3, 2, 1),) * 3, "the answer must have 4 rows"),
        (((4, 3, 2, "1"),) + ((1, 2, 3, 4),) * 3, "r1c4 holds '1', not a digit"),
        (((4, 3, 2, True),) + ((1, 2, 3, 4),) * 3, "r1c4 holds True, not a digit"),
    ],
)
def test_an_answer_that_is_not_a_grid_of_numbers_stops_the_list(answer, message) -> None:
    puzzle = from_record({"rows": 4, "cols": 4, "givens": GIVENS, "solution": ["4321", "1234", "3412", "2143"]})
    assert SUDOKU.failures(puzzle, answer) == [Failure("bad-shape", message)]


def test_each_failing_board_breaks_its_rule_alone() -> None:
    for path in sorted((Path(__file__).parent / "failing").glob("*.json")):
        board = json.loads(path.read_text())
        assert [code for code, _ in board["failures"]] == [board["code"]], path.name


def test_a_6x6_box_is_two_rows_by_three_columns() -> None:
    # every row and column a permutation, the boxes 3 wide: the grid is a Sudoku only so
    rows = ["123456", "456123", "231564", "564231", "312645", "645312"]
    puzzle = from_record({"rows": 6, "cols": 6, "givens": ["." * 6] * 6, "solution": rows})
    assert SUDOKU.failures(puzzle, puzzle.answer) == []
    wrong_boxes = from_record({"rows": 6, "cols": 6, "givens": ["." * 6] * 6, "solution": rows[:1] + rows[2:3] + rows[1:2] + rows[3:]})
    assert [f.code for f in SUDOKU.failures(wrong_boxes, wrong_boxes.answer)] == ["box-repeat"]


def test_the_checklist_agrees_with_the_brute_forces_rule_check() -> None:
    """Every 4x4 Sudoku the brute force finds, and boards with two cells swapped: the checklist
    finds no repeat exactly when the reference's own check says the rules hold."""
    rng = random.Random(28)
    empty = ["...."] * 4
    valid = brute_force(tuple((0,) * 4 for _ in range(4)))
    assert len(valid) == 288  # the number of 4x4 Sudoku grids
    seen = {True: 0, False: 0}
    for grid in valid:
        rows = [list(row) for row in grid]
        if rng.random() < 0.5:
            (r1, c1), (r2, c2) = rng.sample([(r, c) for r in range(4) for c in range(4)], 2)
            rows[r1][c1], rows[r2][c2] = rows[r2][c2], rows[r1][c1]
        puzzle = from_record({"rows": 4, "cols": 4, "givens": empty, "solution": ["".join(map(str, r)) for r in rows]})
        ok = obeys(rows)
        seen[ok] += 1
        assert (SUDOKU.failures(puzzle, puzzle.answer) == []) == ok
    assert min(seen.values()) > 50, seen
