"""Kuralin record fields: `circles` and `solution`, written by to_record, read back with care.

A hand-edited record may hold anything; reading it either gives a puzzle or raises RecordError
naming the field. An answer that breaks a rule (a branch, two loops, black cells on the loop) is
still read: the rules checker reports it by name. Only the loop's cells must step between side
neighbours, since the record lists the loop as cells in order around it.
"""

from __future__ import annotations

from typing import Any

from pipeline.errors import RecordError
from pipeline.common.loops import cycle_order
from pipeline.puzzles.kuralin.model import (
    BLACK,
    KINDS,
    ON_LOOP,
    Cell,
    Circle,
    KuralinPuzzle,
    Solution,
    lines_of_cycle,
    point_of,
    touched_cells,
)


def to_record(puzzle: KuralinPuzzle) -> dict[str, Any]:
    return {
        "circles": [
            {"kind": circle.kind, "cells": [list(cell) for cell in circle.cells]}
            for circle in puzzle.circles
        ],
        "solution": {
            "cells": list(puzzle.answer.cells),
            "loop": [list(cell) for cell in cycle_order(puzzle.answer.lines)],
        },
    }


def from_record(record: dict[str, Any]) -> KuralinPuzzle:
    rows, cols = record["rows"], record["cols"]
    if rows < 2 or cols < 2:
        raise RecordError("rows", "a Kuralin grid needs at least 2 rows and 2 columns")
    circles = _read_circles(_field(record, "circles", list, "a list of circles"), rows, cols)
    solution = _field(record, "solution", dict, "an object with 'cells' and 'loop'")
    return KuralinPuzzle(rows, cols, circles, _read_solution(solution, rows, cols))


def _field(holder: dict, name: str, kind: type, described: str, where: str = "") -> Any:
    where = f"{where}{name}"
    if name not in holder:
        raise RecordError(where, "missing field")
    value = holder[name]
    if not isinstance(value, kind):
        raise RecordError(where, f"must be {described}")
    return value


def _no_other_fields(holder: dict, allowed: tuple[str, ...], where: str) -> None:
    for key in holder:
        if key not in allowed:
            raise RecordError(where, f"unknown field {key!r} (expected {', '.join(allowed)})")


def _read_cell(value: Any, where: str, rows: int, cols: int) -> Cell:
    if not (isinstance(value, list) and len(value) == 2 and all(_is_int(v) for v in value)):
        raise RecordError(where, f"a cell must be [row, column] with two whole numbers, not {value!r}")
    r, c = value
    if not (0 <= r < rows and 0 <= c < cols):
        raise RecordError(where, f"cell [{r}, {c}] is outside the {rows}x{cols} grid")
    return (r, c)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _read_circles(items: list, rows: int, cols: int) -> tuple[Circle, ...]:
    circles = {}
    for i, item in enumerate(items):
        where = f"circles[{i}]"
        if not isinstance(item, dict):
            raise RecordError(where, "must be an object with 'kind' and 'cells'")
        _no_other_fields(item, ("kind", "cells"), where)
        kind = _field(item, "kind", str, f"one of {', '.join(KINDS)}", f"{where}.")
        if kind not in KINDS:
            raise RecordError(f"{where}.kind", f"must be one of {', '.join(KINDS)}, not {kind!r}")
        raw = _field(item, "cells", list, "a list of 2 or 4 cells", f"{where}.")
        cells = tuple(_read_cell(v, f"{where}.cells", rows, cols) for v in raw)
        if len(cells) not in (2, 4) or cells != touched_cells(point_of(cells)):
            raise RecordError(
                f"{where}.cells",
                "must be the cells around one point inside the grid, in reading order: "
                "2 side-by-side cells or a 2x2 block",
            )
        point = point_of(cells)
        if point in circles:
            raise RecordError(where, "a second circle on the same point")
        circles[point] = Circle(kind, cells)
    return tuple(circles[point] for point in sorted(circles))


def _read_solution(solution: dict, rows: int, cols: int) -> Solution:
    _no_other_fields(solution, ("cells", "loop"), "solution")
    cells = _field(solution, "cells", list, "a list of row strings", "solution.")
    if len(cells) != rows:
        raise RecordError("solution.cells", f"must have {rows} rows, not {len(cells)}")
    for r, row in enumerate(cells):
        if not isinstance(row, str) or len(row) != cols or set(row) - {BLACK, ON_LOOP}:
            raise RecordError(
                f"solution.cells[{r}]",
                f"must be a string of {cols} characters, '{BLACK}' (black) or '{ON_LOOP}' (on the loop)",
            )
    raw = _field(solution, "loop", list, "a list of cells in order around the loop", "solution.")
    loop = [_read_cell(v, f"solution.loop[{i}]", rows, cols) for i, v in enumerate(raw)]
    for i, (r1, c1) in enumerate(loop):
        r2, c2 = loop[(i + 1) % len(loop)]
        if abs(r1 - r2) + abs(c1 - c2) != 1:
            raise RecordError(
                f"solution.loop[{i}]",
                f"[{r1}, {c1}] and the next cell [{r2}, {c2}] are not side by side",
            )
    return Solution(tuple(cells), lines_of_cycle(loop))
