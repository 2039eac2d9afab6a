"""The nonogram's own solver: the per-line dynamic program, swept to a fixpoint, then branching.

A line's knowledge is two bitmasks over its cells (bit i is cell i): `filled` and `empty`. The
per-line step is the product document's dynamic program (line.py); the line's new knowledge is
what every placement agrees on. Results are cached by (clue, length, filled, empty): generating retries pictures that share most lines, and
every puzzle starts from lines with nothing known.

The grid keeps each row's and each column's masks, and re-examines only the lines that crossed a
newly decided cell. Line solving reaches the same fixpoint in any order; the order here is fixed
anyway (rows, then columns, by index), so step counts are deterministic too.
"""

from __future__ import annotations

from dataclasses import dataclass
from pipeline.budget import Budget
from pipeline.puzzles.nonogram.line import fit
from pipeline.puzzles.nonogram.model import EMPTY, FILLED, Answer, Clue, Nonogram

LineResult = tuple[int, int] | None  # (filled, empty) masks, or None when the line cannot hold its clue

_CACHE_LIMIT = 200_000  # entries; about 40 MB at worst, and cleared (not evicted) when full
_cache: dict[tuple[Clue, int, int, int], LineResult] = {}


def settle_line(clue: Clue, n: int, filled: int, empty: int) -> LineResult:
    """What every placement of `clue` in an n-cell line with these known cells agrees on."""
    key = (clue, n, filled, empty)
    result = _cache.get(key, key)
    if result is key:
        if len(_cache) >= _CACHE_LIMIT:
            _cache.clear()
        result = _cache[key] = _settle(clue, n, filled, empty)
    return result


def _settle(clue: Clue, n: int, filled: int, empty: int) -> LineResult:
    found = fit(clue, n, filled, empty)
    if found is None:
        return None
    _, can_fill, can_empty = found
    cells = (1 << n) - 1
    return cells & ~(can_empty & ~filled), cells & ~can_fill


@dataclass
class Known:
    """What is known about every cell, held twice: per row (bit c) and per column (bit r)."""

    row_filled: list[int]
    row_empty: list[int]
    col_filled: list[int]
    col_empty: list[int]

    @classmethod
    def blank(cls, rows: int, cols: int) -> "Known":
        return cls([0] * rows, [0] * rows, [0] * cols, [0] * cols)

    def copy(self) -> "Known":
        return Known(self.row_filled[:], self.row_empty[:], self.col_filled[:], self.col_empty[:])

    def unknown_cells(self) -> list[tuple[int, int]]:
        """In reading order; visits the undecided cells only."""
        full = (1 << len(self.col_filled)) - 1
        cells = []
        for r, (f, e) in enumerate(zip(self.row_filled, self.row_empty)):
            open_cells = full & ~(f | e)
            while open_cells:
                low = open_cells & -open_cells
                cells.append((r, low.bit_length() - 1))
                open_cells ^= low
        return cells

    def first_unknown(self) -> tuple[int, int] | None:
        full = (1 << len(self.col_filled)) - 1
        for r, (f, e) in enumerate(zip(self.row_filled, self.row_empty)):
            open_cells = full & ~(f | e)
            if open_cells:
                return r, (open_cells & -open_cells).bit_length() - 1
        return None

    def is_complete(self) -> bool:
        full = (1 << len(self.col_filled)) - 1
        return all(f | e == full for f, e in zip(self.row_filled, self.row_empty))

    def picture(self) -> Answer:
        cols = len(self.col_filled)
        return tuple(
            "".join(FILLED if (f >> c) & 1 else EMPTY for c in range(cols)) for f in self.row_filled
        )

    def decide(self, r: int, c: int, filled: bool) -> None:
        if filled:
            self.row_filled[r] |= 1 << c
            self.col_filled[c] |= 1 << r
        else:
            self.row_empty[r] |= 1 << c
            self.col_empty[c] |= 1 << r


def _sweep(
    clues: tuple[Clue, ...], length: int, own_f: list[int], own_e: list[int],
    cross_f: list[int], cross_e: list[int], todo: int, budget: Budget,
) -> int | None:
    """Settle the lines in mask `todo` (rows, or columns); the mask of crossing lines that
    learned something, or None when a line cannot hold its clue."""
    touched = 0
    while todo:
        low = todo & -todo
        todo ^= low
        i = low.bit_length() - 1
        budget.spend()
        result = settle_line(clues[i], length, own_f[i], own_e[i])
        if result is None:
            return None
        new_f, new_e = result
        gain_f = new_f & ~own_f[i]
        gain_e = new_e & ~own_e[i]
        if gain_f | gain_e:
            own_f[i] = new_f
            own_e[i] = new_e
            touched |= gain_f | gain_e
            while gain_f:
                bit = gain_f & -gain_f
                gain_f ^= bit
                cross_f[bit.bit_length() - 1] |= low
            while gain_e:
                bit = gain_e & -gain_e
                gain_e ^= bit
                cross_e[bit.bit_length() - 1] |= low
    return touched


def propagate(puzzle: Nonogram, grid: Known, rows_todo: int, cols_todo: int, budget: Budget) -> bool:
    """Line-solve to the fixpoint, starting from the given lines; False on a contradiction."""
    while rows_todo or cols_todo:
        if rows_todo:
            cols_more = _sweep(
                puzzle.row_clues, puzzle.cols, grid.row_filled, grid.row_empty,
                grid.col_filled, grid.col_empty, rows_todo, budget,
            )
            if cols_more is None:
                return False
            cols_todo |= cols_more
            rows_todo = 0
        if cols_todo:
            rows_more = _sweep(
                puzzle.col_clues, puzzle.rows, grid.col_filled, grid.col_empty,
                grid.row_filled, grid.row_empty, cols_todo, budget,
            )
            if rows_more is None:
                return False
            rows_todo |= rows_more
            cols_todo = 0
    return True


def line_solve(puzzle: Nonogram, budget: Budget) -> Known | None:
    """All that single-line deductions decide from the clues; None if they reach a contradiction."""
    grid = Known.blank(puzzle.rows, puzzle.cols)
    everything = (1 << puzzle.rows) - 1
    if not propagate(puzzle, grid, everything, (1 << puzzle.cols) - 1, budget):
        return None
    return grid


def is_line_solvable(puzzle: Nonogram, budget: Budget) -> bool:
    grid = line_solve(puzzle, budget)
    return grid is not None and grid.is_complete()


def solve(puzzle: Nonogram, limit: int, budget: Budget) -> list[Answer]:
    """Up to `limit` distinct answers: line solving, then branching on an undecided cell.

    Each branch decides one cell and line-solves from there; the two values of a cell split the
    answers between them, so no answer is found twice. The search keeps its own stack: a large
    hand-made record may branch deeper than Python's recursion limit.
    """
    found: list[Answer] = []
    grid = line_solve(puzzle, budget)
    pending: list[tuple[Known, tuple[int, int, bool] | None]] = [] if grid is None else [(grid, None)]
    while pending and len(found) < limit:
        grid, decision = pending.pop()
        if decision is not None:
            r, c, filled = decision
            grid.decide(r, c, filled)
            if not propagate(puzzle, grid, 1 << r, 1 << c, budget):
                continue
        cell = grid.first_unknown()
        if cell is None:
            found.append(grid.picture())
            continue
        r, c = cell
        pending.append((grid.copy(), (r, c, False)))
        pending.append((grid, (r, c, True)))
    return found
