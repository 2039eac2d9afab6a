"""Masyu puzzles as data: pearls in cells, and answers that are loops through cell centres.

A puzzle's pearls are rows of text, one character a cell: "B" a black pearl, "W" a white one,
"." none. An answer is the loop's set of lines, each a pair of side-by-side cells with the first
in reading order first; two loops are the same answer exactly when they draw the same lines.
"""

from __future__ import annotations

from dataclasses import dataclass

Cell = tuple[int, int]
Line = tuple[Cell, Cell]

BLACK, WHITE, EMPTY = "B", "W", "."
PEARLS = {BLACK: "black", WHITE: "white"}


@dataclass(frozen=True)
class MasyuPuzzle:
    rows: int
    cols: int
    pearls: tuple[str, ...]  # one string a row: "B", "W" or "."
    answer: frozenset[Line]

    def pearl(self, cell: Cell) -> str:
        return self.pearls[cell[0]][cell[1]]

    def pearl_cells(self) -> list[Cell]:
        return [(r, c) for r, row in enumerate(self.pearls) for c, mark in enumerate(row) if mark != EMPTY]


def line(a: Cell, b: Cell) -> Line:
    return (a, b) if a < b else (b, a)


def grid_lines(rows: int, cols: int) -> list[Line]:
    """Every line the loop may draw: each cell to its right, then down, in reading order."""
    lines = []
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols:
                lines.append(((r, c), (r, c + 1)))
            if r + 1 < rows:
                lines.append(((r, c), (r + 1, c)))
    return lines


def lines_of_cycle(cells: list[Cell]) -> frozenset[Line]:
    """The lines of a closed walk through `cells` (the last back to the first)."""
    return frozenset(line(cells[i], cells[(i + 1) % len(cells)]) for i in range(len(cells)))
