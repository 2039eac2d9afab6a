"""Sudoku test helpers: text pictures, and a brute force that shares nothing with the type.

Pictures are one line per row, a digit per cell and `.` for an empty one; spaces are ignored, so
boxes may be spaced out. The brute force has its own rule check (`obeys`): its boxes come from
the table below, written out again here, not from the type's model.
"""

from __future__ import annotations

import textwrap
from functools import cache

from pipeline.budget import Budget
from pipeline.interface.puzzle_type import Generated
from pipeline.puzzles.sudoku import PUZZLE_TYPE as SUDOKU
from pipeline.puzzles.sudoku.model import SudokuPuzzle

# Arto Inkala's puzzle of 2012, often called the hardest: no single at the start
HARDEST = """
8........
..36.....
.7..9.2..
.5...7...
....457..
...1...3.
..1....68
..85...1.
.9....4..
"""

# box height and width by grid size, as printed Sudoku of these sizes have them
BOX_SHAPES = {4: (2, 2), 6: (2, 3), 9: (3, 3)}


@cache
def made(size: int, code: str, version: int | None = None, **params) -> Generated:
    """What a code makes (by the current generator version unless told), once per test run:
    several test files look at the same puzzles."""
    return SUDOKU.make(SUDOKU.make_params(size, **params), code, Budget(seconds=60), version)


def grid(text: str) -> tuple[tuple[int, ...], ...]:
    rows = [line.replace(" ", "") for line in textwrap.dedent(text).strip().splitlines()]
    return tuple(tuple(0 if ch == "." else int(ch) for ch in row) for row in rows if row)


def puzzle(givens: str, answer: str | None = None) -> SudokuPuzzle:
    clues = grid(givens)
    solved = grid(answer) if answer else clues
    return SudokuPuzzle(len(clues), len(clues), clues, solved)


def houses(size: int) -> list[list[tuple[int, int]]]:
    tall, wide = BOX_SHAPES[size]
    found = [[(r, c) for c in range(size)] for r in range(size)]
    found += [[(r, c) for r in range(size)] for c in range(size)]
    for top in range(0, size, tall):
        for left in range(0, size, wide):
            found.append([(top + r, left + c) for r in range(tall) for c in range(wide)])
    return found


def obeys(cells: list[list[int]]) -> bool:
    """No digit twice in a row, column or box among the filled cells, every digit 1 to n."""
    size = len(cells)
    if any(not 0 <= v <= size for row in cells for v in row):
        return False
    for house in houses(size):
        digits = [cells[r][c] for r, c in house if cells[r][c]]
        if len(digits) != len(set(digits)):
            return False
    return True


def brute_force(givens: tuple[tuple[int, ...], ...], limit: int = 10**9) -> list[tuple[tuple[int, ...], ...]]:
    """Every answer (up to `limit`): each empty cell in reading order tries every digit, and a
    partial grid that breaks a rule is dropped."""
    size = len(givens)
    cells = [list(row) for row in givens]
    if not obeys(cells):
        return []
    empty = [(r, c) for r in range(size) for c in range(size) if not cells[r][c]]
    found = []

    def fill(k: int) -> None:
        if len(found) >= limit:
            return
        if k == len(empty):
            found.append(tuple(tuple(row) for row in cells))
            return
        r, c = empty[k]
        for digit in range(1, size + 1):
            cells[r][c] = digit
            if obeys(cells):
                fill(k + 1)
        cells[r][c] = 0

    fill(0)
    return found
