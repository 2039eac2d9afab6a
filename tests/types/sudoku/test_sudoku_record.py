"""Records: rows of digits and dots, read back with care; a broken field is named."""

from __future__ import annotations

import pytest

from pipeline.errors import RecordError
from pipeline.puzzles.sudoku.model import from_record, to_record
from sudoku_reference import puzzle

GIVENS = ["....", ".2.4", "3.1.", "...."]
SOLUTION = ["4321", "1234", "3412", "2143"]


def record(**changes):
    return {"rows": 4, "cols": 4, "givens": GIVENS, "solution": SOLUTION, **changes}


def test_a_record_reads_back_to_its_puzzle() -> None:
    p = puzzle("\n".join(GIVENS), "\n".join(SOLUTION))
    assert to_record(p) == {"givens": GIVENS, "solution": SOLUTION}
    assert from_record(record()) == p


@pytest.mark.parametrize(
    "changes, where, problem",
    [
        ({"rows": 5, "cols": 5}, "rows", "a Sudoku grid is 4×4, 6×6 or 9×9, not 5×5"),
        ({"cols": 6}, "rows", "not 6×4"),
        ({"givens": GIVENS[:3]}, "givens", "must be a list of 4 strings, one per row"),
        ({"givens": ["....", ".2.4", "3.1.", "...x"]}, "givens", "row 4: must be 4 characters"),
        ({"givens": ["....", ".2.4", "3.1.", "..5."]}, "givens", "row 4: r4c3 is 5, but a 4×4 Sudoku holds 1 to 4"),
        ({"solution": "4321"}, "solution", "must be a list of 4 strings"),
        ({"solution": [4321, 1234, 3412, 2143]}, "solution", "row 1: must be 4 characters"),
    ],
)
def test_a_broken_field_is_named(changes: dict, where: str, problem: str) -> None:
    with pytest.raises(RecordError) as caught:
        from_record(record(**changes))
    assert caught.value.where == where and problem in caught.value.problem


def test_an_answer_that_breaks_the_rules_is_still_read() -> None:
    """Empty cells and digits too large for the grid are the checklist's to name."""
    read = from_record(record(solution=["9321", "1234", "3412", "21.3"]))
    assert read.answer[0][0] == 9 and read.answer[3][2] == 0
