"""Slitherlink puzzles as data: clue numbers in cells, and answers that are loops along cell edges.

A grid of rows x cols cells has (rows + 1) x (cols + 1) grid points; point (y, x) is the top-left
corner of cell (y, x). An edge joins two neighbouring points, the smaller first, so cell (r, c)
has the edges top ((r, c), (r, c + 1)), bottom, left ((r, c), (r + 1, c)) and right. An answer is
the set of edges the loop runs along; two answers are the same exactly when their edges are.

Records and tests show an answer as a text picture of 2 * rows + 1 lines of 2 * cols + 1
characters: "+" at every grid point, "-" and "|" for the loop's edges, blanks elsewhere.
"""

from __future__ import annotations

from dataclasses import dataclass

Point = tuple[int, int]
Cell = tuple[int, int]
Edge = tuple[Point, Point]  # two neighbouring grid points, the smaller first

DOT, ACROSS, DOWN, BLANK = "+", "-", "|", " "


@dataclass(frozen=True)
class SlitherlinkPuzzle:
    rows: int
    cols: int
    clues: tuple[tuple[int | None, ...], ...]  # rows of numbers 0-3, None where no number is printed
    answer: frozenset[Edge]


def all_edges(rows: int, cols: int) -> list[Edge]:
    """Every edge of the grid: the level ones row by row, then the upright ones row by row."""
    level = [((y, x), (y, x + 1)) for y in range(rows + 1) for x in range(cols)]
    upright = [((y, x), (y + 1, x)) for y in range(rows) for x in range(cols + 1)]
    return level + upright


def cell_edges(cell: Cell) -> tuple[Edge, Edge, Edge, Edge]:
    """A cell's top, bottom, left and right edges."""
    r, c = cell
    return (((r, c), (r, c + 1)), ((r + 1, c), (r + 1, c + 1)), ((r, c), (r + 1, c)), ((r, c + 1), (r + 1, c + 1)))


def clue_cells(puzzle: SlitherlinkPuzzle) -> list[tuple[Cell, int]]:
    return [((r, c), n) for r, row in enumerate(puzzle.clues) for c, n in enumerate(row) if n is not None]


def boundary(rows: int, cols: int, inside: set[Cell]) -> frozenset[Edge]:
    """The edges between a set of cells and the rest (the outside of the grid included)."""
    edges: set[Edge] = set()
    for cell in inside:
        for edge in cell_edges(cell):
            edges ^= {edge}
    return frozenset(edges)


def count_around(cell: Cell, edges: frozenset[Edge]) -> int:
    return sum(edge in edges for edge in cell_edges(cell))


def clues_for(rows: int, cols: int, edges: frozenset[Edge]) -> tuple[tuple[int, ...], ...]:
    """Every cell's number for this loop: what a puzzle with all its clues would print."""
    return tuple(tuple(count_around((r, c), edges) for c in range(cols)) for r in range(rows))


def point_name(point: Point, rows: int, cols: int) -> str:
    """A grid point as messages name it, by a cell it is a corner of: "the grid point above-left of
    r3c3" for point (2, 2); the points of the last row and column by the cells above and left."""
    y, x = point
    up_down, r = ("above", y) if y < rows else ("below", y - 1)
    left_right, c = ("left", x) if x < cols else ("right", x - 1)
    return f"the grid point {up_down}-{left_right} of r{r + 1}c{c + 1}"


def picture(rows: int, cols: int, edges: frozenset[Edge]) -> tuple[str, ...]:
    """The answer as a text picture (see the module's docstring)."""
    lines = []
    for y in range(2 * rows + 1):
        line = []
        for x in range(2 * cols + 1):
            if y % 2 == 0 and x % 2 == 0:
                line.append(DOT)
            elif y % 2 == 0:
                line.append(ACROSS if ((y // 2, x // 2), (y // 2, x // 2 + 1)) in edges else BLANK)
            elif x % 2 == 0:
                line.append(DOWN if ((y // 2, x // 2), (y // 2 + 1, x // 2)) in edges else BLANK)
            else:
                line.append(BLANK)
        lines.append("".join(line))
    return tuple(lines)


def edges_of_picture(lines: list[str] | tuple[str, ...]) -> frozenset[Edge]:
    """The edges a picture shows; the caller has checked its shape."""
    edges = set()
    for y, line in enumerate(lines):
        for x, mark in enumerate(line):
            if mark == ACROSS:
                edges.add(((y // 2, x // 2), (y // 2, x // 2 + 1)))
            elif mark == DOWN:
                edges.add(((y // 2, x // 2), (y // 2 + 1, x // 2)))
    return frozenset(edges)
