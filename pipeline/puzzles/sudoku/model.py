"""Sudoku as data: the grid's boxes, the printed givens, the answer, and the record.

A grid of n × n cells holds the digits 1 to n; its boxes are `BOXES[n]` (rows, columns) each, as
puzz.link draws them: 2 × 2 for a 4 × 4, 2 rows × 3 columns for a 6 × 6, 3 × 3 for a 9 × 9. Givens
and answers are tuples of rows of ints, 0 for an empty cell, so answers compare with ==.

In a record both are rows of characters, as Sudoku is written line by line everywhere: a digit,
or `.` for an empty cell (`givens`: "53..7....", `solution`: "534678912").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from pipeline.errors import RecordError
from pipeline.records import list_field

EMPTY = "."
Grid = tuple[tuple[int, ...], ...]

# The sizes puzz.link's sudoku genre draws with boxes of equal cells (pzprjs's sudoku.js: square
# boxes of the size's whole square root, three columns wide at 6 × 6). A 12 × 12 would get 3 × 3
# boxes there, so its link would show another puzzle: 12 × 12 is left out.
BOXES = {4: (2, 2), 6: (2, 3), 9: (3, 3)}


@dataclass(frozen=True)
class SudokuPuzzle:
    rows: int
    cols: int
    givens: Grid
    answer: Grid

    @property
    def box(self) -> tuple[int, int]:
        return BOXES[self.rows]


def box_index(size: int, r: int, c: int) -> int:
    """The box holding cell (r, c), counted in reading order from 0."""
    box_rows, box_cols = BOXES[size]
    return (r // box_rows) * (size // box_cols) + c // box_cols


@dataclass(frozen=True)
class Units:
    """A grid's houses as flat cell indices (cell r * n + c): rows, then columns, then boxes; and
    for each cell its three houses and its peers (the other cells of its houses)."""

    size: int
    houses: tuple[tuple[int, ...], ...]
    houses_of: tuple[tuple[int, int, int], ...]
    peers: tuple[tuple[int, ...], ...]
    peer_sets: tuple[frozenset[int], ...]

    @property
    def rows(self) -> tuple[tuple[int, ...], ...]:
        return self.houses[: self.size]

    @property
    def cols(self) -> tuple[tuple[int, ...], ...]:
        return self.houses[self.size : 2 * self.size]

    @property
    def boxes(self) -> tuple[tuple[int, ...], ...]:
        return self.houses[2 * self.size :]


@cache
def units(size: int) -> Units:
    cells = range(size * size)
    rows = [tuple(r * size + c for c in range(size)) for r in range(size)]
    cols = [tuple(r * size + c for r in range(size)) for c in range(size)]
    boxes: list[list[int]] = [[] for _ in range(size)]
    for i in cells:
        boxes[box_index(size, i // size, i % size)].append(i)
    houses = tuple(rows + cols + [tuple(b) for b in boxes])
    houses_of = tuple((i // size, size + i % size, 2 * size + box_index(size, i // size, i % size)) for i in cells)
    peers = tuple(
        tuple(sorted({j for h in houses_of[i] for j in houses[h]} - {i})) for i in cells
    )
    return Units(size, houses, houses_of, peers, tuple(frozenset(p) for p in peers))


def flat(grid: Grid) -> list[int]:
    return [v for row in grid for v in row]


def rows_of(values: list[int] | tuple[int, ...], size: int) -> Grid:
    return tuple(tuple(values[r * size : (r + 1) * size]) for r in range(size))


def count_givens(grid: Grid) -> int:
    return sum(1 for row in grid for v in row if v)


# ---- the record -------------------------------------------------------------------------------


def written(grid: Grid) -> list[str]:
    return ["".join(str(v) if v else EMPTY for v in row) for row in grid]


def to_record(puzzle: SudokuPuzzle) -> dict[str, Any]:
    return {"givens": written(puzzle.givens), "solution": written(puzzle.answer)}


def from_record(record: dict[str, Any]) -> SudokuPuzzle:
    """The puzzle a (possibly hand-edited) record describes; RecordError names the bad field.

    A given must be a digit of the grid. The answer may hold anything a digit character can say,
    empty cells and digits too large included: the rules checker names what is wrong with it."""
    rows, cols = record["rows"], record["cols"]
    if rows != cols or rows not in BOXES:
        raise RecordError("rows", f"a Sudoku grid is {_sizes()}, not {cols}×{rows}")
    givens = _read_grid(record, "givens", rows)
    for r, row in enumerate(givens, start=1):
        for c, value in enumerate(row, start=1):
            if value > rows:
                raise RecordError("givens", f"row {r}: r{r}c{c} is {value}, but a {rows}×{rows} Sudoku holds 1 to {rows}")
    return SudokuPuzzle(rows, cols, givens, _read_grid(record, "solution", rows))


def _read_grid(record: dict[str, Any], field: str, size: int) -> Grid:
    value = list_field(record, field, size, "strings, one per row")
    grid = []
    for index, row in enumerate(value, start=1):
        if not isinstance(row, str) or len(row) != size or not set(row) <= set("123456789" + EMPTY):
            raise RecordError(field, f"row {index}: must be {size} characters, each a digit 1 to 9 or '{EMPTY}', got {row!r}")
        grid.append(tuple(0 if ch == EMPTY else int(ch) for ch in row))
    return tuple(grid)


def _sizes() -> str:
    names = [f"{n}×{n}" for n in BOXES]
    return ", ".join(names[:-1]) + " or " + names[-1]
