"""Masyu record fields: `pearls` (rows of "B", "W", ".") and `solution` ({"loop": the loop's cells
in order}, as Kuralin's records hold their loop).

A hand-edited record may hold anything; reading it gives a puzzle or raises RecordError naming
the field. An answer that breaks a rule (a branch, two loops, a pearl passed the wrong way) is
still read, for the checklist to name; only each step of the loop must join side-by-side cells.
"""

from __future__ import annotations

from typing import Any

from pipeline.common.loops import cycle_order
from pipeline.errors import RecordError
from pipeline.puzzles.masyu.model import BLACK, EMPTY, WHITE, Cell, MasyuPuzzle, lines_of_cycle

MARKS = (BLACK, WHITE, EMPTY)


def to_record(puzzle: MasyuPuzzle) -> dict[str, Any]:
    return {"pearls": list(puzzle.pearls), "solution": {"loop": [list(cell) for cell in cycle_order(puzzle.answer)]}}


def from_record(record: dict[str, Any]) -> MasyuPuzzle:
    rows, cols = record["rows"], record["cols"]
    if rows < 2 or cols < 2:
        raise RecordError("rows", "a Masyu grid needs at least 2 rows and 2 columns")
    pearls = _pearls(record, rows, cols)
    if "solution" not in record:
        raise RecordError("solution", "missing field")
    solution = record["solution"]
    if not isinstance(solution, dict) or set(solution) != {"loop"}:
        raise RecordError("solution", "must be an object with one field, 'loop'")
    loop = solution["loop"]
    if not isinstance(loop, list):
        raise RecordError("solution.loop", "must be a list of cells in order around the loop")
    cells = [_cell(value, f"solution.loop[{i}]", rows, cols) for i, value in enumerate(loop)]
    for i, (r1, c1) in enumerate(cells):
        r2, c2 = cells[(i + 1) % len(cells)]
        if abs(r1 - r2) + abs(c1 - c2) != 1:
            raise RecordError(f"solution.loop[{i}]", f"[{r1}, {c1}] and the next cell [{r2}, {c2}] are not side by side")
    return MasyuPuzzle(rows, cols, pearls, lines_of_cycle(cells) if cells else frozenset())


def _pearls(record: dict[str, Any], rows: int, cols: int) -> tuple[str, ...]:
    if "pearls" not in record:
        raise RecordError("pearls", "missing field")
    value = record["pearls"]
    if not isinstance(value, list) or len(value) != rows:
        raise RecordError("pearls", f"must be a list of {rows} rows")
    for r, row in enumerate(value):
        if not isinstance(row, str) or len(row) != cols or set(row) - set(MARKS):
            raise RecordError(f"pearls[{r}]", f"must be a string of {cols} characters, 'B' (black), 'W' (white) or '.'")
    return tuple(value)


def _cell(value: Any, where: str, rows: int, cols: int) -> Cell:
    if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise RecordError(where, f"a cell must be [row, column] with two whole numbers, not {value!r}")
    r, c = value
    if not (0 <= r < rows and 0 <= c < cols):
        raise RecordError(where, f"cell [{r}, {c}] is outside the {rows}x{cols} grid")
    return (r, c)
