"""The type's own solver: a backtracking search over bitmask candidates.

Each row, column and box keeps the digits it holds as a bitmask (bit d - 1 for digit d), so a
cell's candidates are the digits none of its three houses holds. Each node fills the empty cell
with the fewest candidates (the first in the search's order among equals; a cell with none ends
the branch), trying its digits in ascending order, or in the order a random source shuffles them
when the generator draws a full grid. Answers are counted up to a limit, so proving a puzzle
unique stops at the second answer; every node spends one step of the Budget.
"""

from __future__ import annotations

import random

from pipeline.budget import Budget
from pipeline.puzzles.sudoku.model import Grid, SudokuPuzzle, box_index, flat, rows_of


def solve(puzzle: SudokuPuzzle, limit: int, budget: Budget) -> list[Grid]:
    """Up to `limit` distinct answers to the printed givens."""
    return [rows_of(cells, puzzle.rows) for cells in search(puzzle.rows, flat(puzzle.givens), limit, budget)]


def full_grid(size: int, rng: random.Random, budget: Budget) -> Grid:
    """A filled grid drawn from `rng`: the search on an empty grid with its digits shuffled."""
    return rows_of(search(size, [0] * (size * size), 1, budget, rng)[0], size)


def search(size: int, cells: list[int], limit: int, budget: Budget, rng: random.Random | None = None) -> list[list[int]]:
    """Up to `limit` completions of `cells` (row by row, 0 for empty); [] when givens clash."""
    cells = list(cells)
    full = (1 << size) - 1
    row_of = [i // size for i in range(size * size)]
    col_of = [i % size for i in range(size * size)]
    box_of = [box_index(size, i // size, i % size) for i in range(size * size)]
    rows, cols, boxes = [0] * size, [0] * size, [0] * size
    for i, value in enumerate(cells):
        if value:
            bit = 1 << (value - 1)
            if (rows[row_of[i]] | cols[col_of[i]] | boxes[box_of[i]]) & bit:
                return []
            rows[row_of[i]] |= bit
            cols[col_of[i]] |= bit
            boxes[box_of[i]] |= bit
    empty = [i for i, value in enumerate(cells) if not value]
    found: list[list[int]] = []

    def visit(depth: int) -> bool:
        """Fill empty[depth:]; True once `limit` answers are found."""
        if depth == len(empty):
            found.append(list(cells))
            return len(found) >= limit
        budget.spend()
        best, best_count, best_mask = depth, size + 1, 0
        for j in range(depth, len(empty)):
            i = empty[j]
            mask = full & ~(rows[row_of[i]] | cols[col_of[i]] | boxes[box_of[i]])
            count = mask.bit_count()
            if count < best_count:
                best, best_count, best_mask = j, count, mask
                if count <= 1:
                    break
        if best_count == 0:
            return False
        empty[depth], empty[best] = empty[best], empty[depth]
        i = empty[depth]
        r, c, b = row_of[i], col_of[i], box_of[i]
        digits = [d for d in range(size) if best_mask >> d & 1]
        if rng is not None:
            rng.shuffle(digits)
        for d in digits:
            bit = 1 << d
            cells[i] = d + 1
            rows[r] |= bit
            cols[c] |= bit
            boxes[b] |= bit
            done = visit(depth + 1)
            rows[r] ^= bit
            cols[c] ^= bit
            boxes[b] ^= bit
            if done:
                cells[i] = 0
                return True
        cells[i] = 0
        return False

    visit(0)
    return found


def effort(puzzle: SudokuPuzzle, budget: Budget) -> dict[str, float]:
    """The nodes this search visits to prove the puzzle unique (to find its answer and rule out a
    second): a yardstick of how much guessing the givens leave, taken without the techniques."""
    before = budget.spent
    search(puzzle.rows, flat(puzzle.givens), 2, budget)
    return {"nodes": budget.spent - before}
