"""The rules of a nonogram, as text for readers and as a checklist of named checks (CHECKS).

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

from pipeline.common.shading import picture_check
from pipeline.interface.checks import Check
from pipeline.puzzles.nonogram.model import EMPTY, FILLED, Clue, Nonogram, columns_of, runs_of

BAD_SHAPE = "bad-shape"
ROW_CLUE_MISMATCH = "row-clue-mismatch"
COL_CLUE_MISMATCH = "col-clue-mismatch"

RULES = """\
Each number beside a row or above a column is the length of a run of filled cells in that line, \
given in order from left to right or from top to bottom. Between two runs there is at least one \
empty cell. A 0 means that the line has no filled cells at all.

Shade cells until every row and every column matches its clue. For example, a row with the clue \
4 1 has a run of four shaded cells, then at least one empty cell, then a single shaded cell.

Every puzzle has exactly one solution. Most can be found one line at a time: look at a single \
row or column, work out which cells every possible placement of its runs agrees on, and mark \
them. A small dot or cross in a cell you know is empty helps. An expert puzzle asks for more: \
where no line gives way, follow what shading one cell would mean across several lines until it \
runs into a contradiction.

The finished grid shows a picture."""


def _mismatch(what: str, lines: tuple[str, ...], clues: tuple[Clue, ...]) -> str | None:
    """The first line whose runs differ from its clue, and how many others do."""
    wrong = [(index, runs_of(line), clue) for index, (line, clue) in enumerate(zip(lines, clues)) if runs_of(line) != clue]
    if not wrong:
        return None
    index, shown, clue = wrong[0]
    others = len(wrong) - 1
    more = f" ({others} more {what}{'s differ' if others > 1 else ' differs'} too)" if others else ""
    return f"{what} {index + 1} shows {_runs_text(shown)}, its clue is {_runs_text(clue)}{more}"


def _runs_text(runs: Clue) -> str:
    return " ".join(map(str, runs)) if runs else "0"


def _rows(puzzle: Nonogram, answer: Any) -> str | None:
    return _mismatch("row", tuple(answer), puzzle.row_clues)


def _columns(puzzle: Nonogram, answer: Any) -> str | None:
    return _mismatch("column", columns_of(tuple(answer)), puzzle.col_clues)


CHECKS = (
    picture_check(BAD_SHAPE, {FILLED: "filled", EMPTY: "empty"}),
    Check(ROW_CLUE_MISMATCH, "each row shows the runs its clue gives", _rows),
    Check(COL_CLUE_MISMATCH, "each column shows the runs its clue gives", _columns),
)
