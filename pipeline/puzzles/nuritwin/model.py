"""The Nuritwin puzzle as data, its derived structure, and its record form.

A puzzle is a grid cut into regions (ids numbered 0.. in reading order of each region's first
cell), the numbers printed in the first cells of some regions, and the answer: one string per row,
`#` shaded and `.` not.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from pipeline.common.shading import networks
from pipeline.errors import RecordError
from pipeline.records import list_field, read_picture

SHADED = "#"
EMPTY = "."
MAX_REGION_CELLS = 9  # every listing of a region's shadings is 2**cells long; the issue caps regions at 9

Cell = tuple[int, int]
Grid = tuple[tuple[int, ...], ...]
Clues = tuple[tuple[int | None, ...], ...]
Answer = tuple[str, ...]


@dataclass(frozen=True)
class NuritwinPuzzle:
    rows: int
    cols: int
    regions: Grid  # region id per cell
    clues: Clues  # block size per cell, printed only in a region's first cell
    answer: Answer

    @cached_property
    def region_cells(self) -> tuple[tuple[Cell, ...], ...]:
        """Each region's cells in reading order, indexed by region id."""
        return cells_by_region(self.regions)

    @cached_property
    def numbers(self) -> tuple[int | None, ...]:
        """The printed block size of each region, or None where no number is printed."""
        return tuple(self.clues[cells[0][0]][cells[0][1]] for cells in self.region_cells)


def cells_by_region(regions: Grid) -> tuple[tuple[Cell, ...], ...]:
    count = 1 + max(max(row) for row in regions)
    cells: list[list[Cell]] = [[] for _ in range(count)]
    for r, row in enumerate(regions):
        for c, label in enumerate(row):
            cells[label].append((r, c))
    return tuple(tuple(group) for group in cells)


def neighbours(cell: Cell, rows: int, cols: int) -> list[Cell]:
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)) if 0 <= r + dr < rows and 0 <= c + dc < cols]


def components(cells: list[Cell] | tuple[Cell, ...]) -> list[list[Cell]]:
    """The side-by-side connected groups of `cells`, each in reading order, ordered by first cell
    (the shared flood fill of pipeline/common/shading.py)."""
    return networks(cells)


def canonical_labels(labels: list[list[int]]) -> Grid:
    """Region ids renumbered 0.. in reading order of each region's first cell."""
    renumber: dict[int, int] = {}
    for row in labels:
        for label in row:
            renumber.setdefault(label, len(renumber))
    return tuple(tuple(renumber[label] for label in row) for row in labels)


def to_record(puzzle: NuritwinPuzzle) -> dict[str, Any]:
    return {
        "regions": [list(row) for row in puzzle.regions],
        "clues": [list(row) for row in puzzle.clues],
        "solution": list(puzzle.answer),
    }


def from_record(record: dict[str, Any]) -> NuritwinPuzzle:
    rows, cols = record["rows"], record["cols"]
    regions = _read_regions(record, rows, cols)
    clues = _read_clues(record, rows, cols, regions)
    answer = read_picture(record, "solution", rows, cols, SHADED + EMPTY)
    return NuritwinPuzzle(rows, cols, regions, clues, answer)


def _read_regions(record: dict[str, Any], rows: int, cols: int) -> Grid:
    value = list_field(record, "regions", rows, "rows")
    for r, row in enumerate(value):
        if not isinstance(row, list) or len(row) != cols:
            raise RecordError("regions", f"row {r + 1} must be a list of {cols} region ids")
        for label in row:
            if not isinstance(label, int) or isinstance(label, bool) or label < 0:
                raise RecordError("regions", f"row {r + 1} holds {label!r}; region ids are whole numbers from 0")
    grid = tuple(tuple(row) for row in value)
    if canonical_labels([list(row) for row in grid]) != grid:
        raise RecordError("regions", "region ids must be numbered 0, 1, 2, ... in reading order of each region's first cell")
    for label, cells in enumerate(cells_by_region(grid)):
        if len(components(cells)) != 1:
            raise RecordError("regions", f"region {label} is not joined side by side")
        if len(cells) > MAX_REGION_CELLS:
            raise RecordError("regions", f"region {label} has {len(cells)} cells; at most {MAX_REGION_CELLS} are allowed")
    return grid


def _read_clues(record: dict[str, Any], rows: int, cols: int, regions: Grid) -> Clues:
    value = list_field(record, "clues", rows, "rows")
    firsts = {cells[0]: len(cells) for cells in cells_by_region(regions)}
    for r, row in enumerate(value):
        if not isinstance(row, list) or len(row) != cols:
            raise RecordError("clues", f"row {r + 1} must be a list of {cols} numbers or nulls")
        for c, clue in enumerate(row):
            if clue is None:
                continue
            where = f"row {r + 1}, column {c + 1}"
            if not isinstance(clue, int) or isinstance(clue, bool):
                raise RecordError("clues", f"{where} holds {clue!r}; a clue is a whole number or null")
            if (r, c) not in firsts:
                raise RecordError("clues", f"{where} is not the first cell of its region; only first cells carry numbers")
            if not 1 <= clue <= firsts[(r, c)] // 2:
                raise RecordError("clues", f"{where} holds {clue}; two blocks of that size do not fit its region of {firsts[(r, c)]} cells")
    return tuple(tuple(row) for row in value)
