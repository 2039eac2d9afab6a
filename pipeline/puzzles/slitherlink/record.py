"""Slitherlink record fields: `clues` (rows of numbers 0-3 or null) and `solution` (the loop as a
text picture, model.py), written by to_record and read back with care.

A hand-edited record may hold anything: reading it gives a puzzle or raises RecordError naming
the field. An answer that breaks a rule (a branch, a dead end, two loops) is still read, so the
rules checker can name what is wrong with it.
"""

from __future__ import annotations

from typing import Any

from pipeline.errors import RecordError
from pipeline.puzzles.slitherlink.model import ACROSS, BLANK, DOT, DOWN, SlitherlinkPuzzle, edges_of_picture, picture


def to_record(puzzle: SlitherlinkPuzzle) -> dict[str, Any]:
    return {
        "clues": [list(row) for row in puzzle.clues],
        "solution": list(picture(puzzle.rows, puzzle.cols, puzzle.answer)),
    }


def from_record(record: dict[str, Any]) -> SlitherlinkPuzzle:
    rows, cols = record["rows"], record["cols"]
    if not (isinstance(rows, int) and isinstance(cols, int)) or rows < 1 or cols < 1:
        raise RecordError("rows", "a Slitherlink grid needs at least 1 row and 1 column")
    clues = _read_clues(_field(record, "clues", "rows of numbers 0 to 3 or null"), rows, cols)
    solution = _read_picture(_field(record, "solution", "a picture of the loop, one string per line"), rows, cols)
    return SlitherlinkPuzzle(rows, cols, clues, edges_of_picture(solution))


def _field(record: dict[str, Any], name: str, described: str) -> list:
    if name not in record:
        raise RecordError(name, "missing field")
    if not isinstance(record[name], list):
        raise RecordError(name, f"must be {described}")
    return record[name]


def _read_clues(raw: list, rows: int, cols: int) -> tuple[tuple[int | None, ...], ...]:
    if len(raw) != rows:
        raise RecordError("clues", f"must have {rows} rows, not {len(raw)}")
    clues = []
    for r, row in enumerate(raw):
        if not isinstance(row, list) or len(row) != cols:
            raise RecordError(f"clues[{r}]", f"must be a list of {cols} numbers or nulls")
        for c, value in enumerate(row):
            if value is not None and not (type(value) is int and 0 <= value <= 3):
                raise RecordError(f"clues[{r}][{c}]", f"must be 0, 1, 2, 3 or null, not {value!r}")
        clues.append(tuple(row))
    return tuple(clues)


def _read_picture(lines: list, rows: int, cols: int) -> list[str]:
    if len(lines) != 2 * rows + 1:
        raise RecordError("solution", f"must have {2 * rows + 1} lines for {rows} rows, not {len(lines)}")
    for y, line in enumerate(lines):
        if not isinstance(line, str) or len(line) != 2 * cols + 1:
            raise RecordError(f"solution[{y}]", f"must be a string of {2 * cols + 1} characters")
        for x, mark in enumerate(line):
            allowed = _allowed(y, x)
            if mark not in allowed:
                shown = " or ".join(repr(m) for m in allowed)
                raise RecordError(f"solution[{y}]", f"character {x + 1} must be {shown}, not {mark!r}")
    return lines


def _allowed(y: int, x: int) -> tuple[str, ...]:
    """What a picture may hold at a place: a grid point, a level or upright edge, a cell."""
    if y % 2 == 0:
        return (DOT,) if x % 2 == 0 else (ACROSS, BLANK)
    return (DOWN, BLANK) if x % 2 == 0 else (BLANK,)
