"""The rules of Sudoku: the how-to-play text, and the checklist an answer is judged by.

The checks read the answer and the printed givens only; they share nothing with the solver, the
grader or the proof. In order (pzprjs's sudoku checks the same rules: a digit twice in a box, in
a row or a column, an empty cell):

- bad-shape: the answer is not n rows of n whole numbers (nothing else can be read then);
- not-a-digit: a cell holds a number outside 1 to n (0 is an empty cell);
- given-changed: a cell printed with a given holds something else;
- row-repeat / column-repeat / box-repeat: a digit twice in one row, column or box;
- empty-cell: a cell without a digit.

Each names the first place in reading order where its rule breaks.
"""

from __future__ import annotations

from typing import Any

from pipeline.interface.checks import Check, cell_name
from pipeline.puzzles.sudoku.model import SudokuPuzzle, box_index

RULES = """\
Write a digit in every empty cell so that each row, each column and each box (the blocks \
outlined by the heavy lines) holds every digit exactly once: 1 to 9 in a 9×9 grid, 1 to 6 in a \
6×6 grid (whose boxes are two rows by three columns), 1 to 4 in a 4×4 grid.

The printed digits, the givens, stay as they are. Every puzzle has exactly one solution, and it \
can be reached by reasoning alone: look for the one cell in a row, column or box where a digit \
can still go, or the one digit a cell can still take. Small pencil marks for the digits a cell \
may hold help in the harder puzzles. No guessing is ever needed.

In the answers the givens are printed bold and the digits you write in a regular weight."""


def _bad_shape(puzzle: SudokuPuzzle, answer: Any) -> str | None:
    n = puzzle.rows
    if not isinstance(answer, (tuple, list)) or len(answer) != n:
        return f"the answer must have {n} rows"
    for r, row in enumerate(answer, start=1):
        if not isinstance(row, (tuple, list)) or len(row) != n:
            return f"row {r} of the answer must have {n} cells"
        for c, value in enumerate(row, start=1):
            if not isinstance(value, int) or isinstance(value, bool):
                return f"r{r}c{c} holds {value!r}, not a digit"
    return None


def _not_a_digit(puzzle: SudokuPuzzle, answer: Any) -> str | None:
    n = puzzle.rows
    for r, row in enumerate(answer):
        for c, value in enumerate(row):
            if not 0 <= value <= n:
                return f"{cell_name((r, c))} holds {value}, but a {n}×{n} Sudoku takes the digits 1 to {n}"
    return None


def _given_changed(puzzle: SudokuPuzzle, answer: Any) -> str | None:
    for r, row in enumerate(puzzle.givens):
        for c, given in enumerate(row):
            value = answer[r][c]
            if given and value != given:
                shown = f"is {value}" if value else "is empty"
                return f"{cell_name((r, c))} {shown} but the printed given is {given}"
    return None


def _repeat_in(house: str, key) -> Any:
    """A check for a digit twice in one house of the kind `key` names: key(size, r, c) -> the
    house's number counted from 0."""

    def find(puzzle: SudokuPuzzle, answer: Any) -> str | None:
        n = puzzle.rows
        first: dict[tuple[int, int], tuple[int, int]] = {}
        for r in range(n):
            for c in range(n):
                value = answer[r][c]
                if not value:
                    continue
                where = (key(n, r, c), value)
                if where in first:
                    return f"two {value}s in {house} {where[0] + 1} at {cell_name(first[where])} and {cell_name((r, c))}"
                first[where] = (r, c)
        return None

    return find


def _empty_cell(puzzle: SudokuPuzzle, answer: Any) -> str | None:
    for r, row in enumerate(answer):
        for c, value in enumerate(row):
            if not value:
                return f"{cell_name((r, c))} is empty"
    return None


CHECKS = (
    Check("bad-shape", "the answer is a grid of digits", _bad_shape, stops=True),
    Check("not-a-digit", "only the digits 1 to n", _not_a_digit, stops=True),
    Check("given-changed", "the givens stay as printed", _given_changed),
    Check("row-repeat", "no digit twice in a row", _repeat_in("row", lambda n, r, c: r)),
    Check("column-repeat", "no digit twice in a column", _repeat_in("column", lambda n, r, c: c)),
    Check("box-repeat", "no digit twice in a box", _repeat_in("box", box_index)),
    Check("empty-cell", "every cell holds a digit", _empty_cell),
)
