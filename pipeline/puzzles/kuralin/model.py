"""Kuralin puzzles as data: circles on grid points, and answers that are loops.

Geometry uses doubled coordinates for grid points: cell (r, c) sits at (2r+1, 2c+1), the line
between two side-by-side cells at the mean of theirs, a corner shared by four cells at the mean of
those. A point (y, x) touches the cells whose doubled coordinates are within one step of it, so a
line point touches two cells and a corner point four.

An answer is the loop itself (its set of lines between cell centres) together with the colouring
written out as rows of "#" (black, off the loop) and "." (on the loop). Two loops through the same
cells are two answers, so the lines, not the colouring, decide equality.
"""

from __future__ import annotations

from dataclasses import dataclass

Cell = tuple[int, int]
Edge = tuple[Cell, Cell]  # two side-by-side cells, the first one first in reading order
Point = tuple[int, int]  # doubled coordinates of a grid point

KINDS = ("black", "white", "grey")
BLACK, ON_LOOP = "#", "."


@dataclass(frozen=True)
class Circle:
    kind: str
    cells: tuple[Cell, ...]  # the 2 or 4 touched cells, in reading order

    @property
    def point(self) -> Point:
        return point_of(self.cells)


@dataclass(frozen=True)
class Solution:
    cells: tuple[str, ...]
    lines: frozenset[Edge]


@dataclass(frozen=True)
class KuralinPuzzle:
    rows: int
    cols: int
    circles: tuple[Circle, ...]  # sorted by point, in reading order of grid points
    answer: Solution


def point_of(cells: tuple[Cell, ...]) -> Point:
    rs = [r for r, _ in cells]
    cs = [c for _, c in cells]
    return (min(rs) + max(rs) + 1, min(cs) + max(cs) + 1)


def touched_cells(point: Point) -> tuple[Cell, ...]:
    y, x = point
    rows = sorted({(y - 1) // 2, y // 2})
    cols = sorted({(x - 1) // 2, x // 2})
    return tuple((r, c) for r in rows for c in cols)


def interior_points(rows: int, cols: int) -> list[Point]:
    """Every point a circle may sit on: inside the grid, on a line or a corner, never a centre."""
    return [
        (y, x)
        for y in range(1, 2 * rows)
        for x in range(1, 2 * cols)
        if not (y % 2 == 1 and x % 2 == 1)
    ]


def kind_for(black: int, touched: int) -> str:
    """The circle that a point carries when `black` of its `touched` cells are black."""
    if 2 * black > touched:
        return "black"
    if 2 * black < touched:
        return "white"
    return "grey"


def edge(a: Cell, b: Cell) -> Edge:
    return (a, b) if a < b else (b, a)


def neighbours(cell: Cell, rows: int, cols: int) -> list[Cell]:
    r, c = cell
    steps = ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c))
    return [(y, x) for y, x in steps if 0 <= y < rows and 0 <= x < cols]


def colouring(rows: int, cols: int, lines: frozenset[Edge]) -> tuple[str, ...]:
    on = {cell for line in lines for cell in line}
    return tuple(
        "".join(ON_LOOP if (r, c) in on else BLACK for c in range(cols)) for r in range(rows)
    )


def solution_from_lines(rows: int, cols: int, lines: frozenset[Edge]) -> Solution:
    return Solution(colouring(rows, cols, lines), frozenset(lines))


def lines_of_cycle(sequence: list[Cell]) -> frozenset[Edge]:
    """The lines of a closed walk through `sequence` (last cell back to the first)."""
    n = len(sequence)
    return frozenset(edge(sequence[i], sequence[(i + 1) % n]) for i in range(n))
