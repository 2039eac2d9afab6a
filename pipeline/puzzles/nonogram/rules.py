"""The rules of a nonogram, as text for readers and as a plain checker of an answer.

The checker shares nothing with the solver: it reads the runs off each line of the answer and
compares them with the printed clues.

Failure codes (in this order, each at most once):
- "bad-shape": the answer is not `rows` strings of `cols` characters, each "#" or "." (nothing
  else is checked then).
- "row-clue-mismatch": some row's runs of filled cells differ from its clue.
- "col-clue-mismatch": some column's runs of filled cells differ from its clue.
"""

from __future__ import annotations

from typing import Any

from pipeline.puzzles.nonogram.model import EMPTY, FILLED, Nonogram, columns_of, runs_of

BAD_SHAPE = "bad-shape"
ROW_CLUE_MISMATCH = "row-clue-mismatch"
COL_CLUE_MISMATCH = "col-clue-mismatch"

RULES = """\
Each number beside a row or above a column is the length of a run of filled cells in that line, \
given in order from left to right or from top to bottom. Between two runs there is at least one \
empty cell. A 0 means that the line has no filled cells at all.

Shade cells until every row and every column matches its clue. For example, a row with the clue \
4 1 has a run of four shaded cells, then at least one empty cell, then a single shaded cell.

Every puzzle has exactly one solution, and it can be found one line at a time: look at a single \
row or column, work out which cells every possible placement of its runs agrees on, and mark \
them. A small dot or cross in a cell you know is empty helps. No guessing is ever needed.

The finished grid shows an abstract picture. The solution is printed in the answer pages."""


def check(puzzle: Nonogram, answer: Any) -> list[str]:
    if not _well_shaped(puzzle, answer):
        return [BAD_SHAPE]
    failures = []
    if any(runs_of(row) != clue for row, clue in zip(answer, puzzle.row_clues)):
        failures.append(ROW_CLUE_MISMATCH)
    if any(runs_of(col) != clue for col, clue in zip(columns_of(tuple(answer)), puzzle.col_clues)):
        failures.append(COL_CLUE_MISMATCH)
    return failures


def _well_shaped(puzzle: Nonogram, answer: Any) -> bool:
    if not isinstance(answer, (tuple, list)) or len(answer) != puzzle.rows:
        return False
    return all(
        isinstance(row, str) and len(row) == puzzle.cols and set(row) <= {FILLED, EMPTY}
        for row in answer
    )
