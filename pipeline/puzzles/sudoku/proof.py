"""The independent proof: Sudoku's rules as SAT clauses, from the printed givens alone.

Shares no code with solver.py, grade.py or generate.py. One variable per cell and digit, true
when the cell holds the digit, and the boxes worked out here from the grid's size and its box
shape. Every cell holds at least one digit and no two; every row, column and box holds every
digit at least once and none twice (the "extended" encoding: the redundant clauses let unit
propagation see hidden singles); each given is a unit clause.
"""

from __future__ import annotations

from itertools import combinations

from pipeline.proof.engine import Clause, enumerate_models
from pipeline.puzzles.sudoku.model import Grid, SudokuPuzzle

# MiniSat 2.2, as Nuritwin's oracle uses for many small questions; a 9x9 proof is a few
# milliseconds either way.
SOLVER = "minisat22"


def prove(puzzle: SudokuPuzzle, limit: int) -> list[Grid]:
    n = puzzle.rows
    variables = list(range(1, n * n * n + 1))
    models = enumerate_models(encode(puzzle), variables, limit=limit, solver=SOLVER)
    return [_grid(n, model) for model in models]


def _var(n: int, r: int, c: int, digit: int) -> int:
    return (r * n + c) * n + digit


def encode(puzzle: SudokuPuzzle) -> list[Clause]:
    n = puzzle.rows
    box_rows, box_cols = puzzle.box
    houses = (
        [[(r, c) for c in range(n)] for r in range(n)]
        + [[(r, c) for r in range(n)] for c in range(n)]
        + [
            [(top + r, left + c) for r in range(box_rows) for c in range(box_cols)]
            for top in range(0, n, box_rows)
            for left in range(0, n, box_cols)
        ]
    )
    clauses: list[Clause] = []
    for r in range(n):
        for c in range(n):
            clauses.append([_var(n, r, c, d) for d in range(1, n + 1)])
            clauses += [[-_var(n, r, c, a), -_var(n, r, c, b)] for a, b in combinations(range(1, n + 1), 2)]
    for house in houses:
        for d in range(1, n + 1):
            clauses.append([_var(n, r, c, d) for r, c in house])
            clauses += [[-_var(n, *a, d), -_var(n, *b, d)] for a, b in combinations(house, 2)]
    for r, row in enumerate(puzzle.givens):
        for c, digit in enumerate(row):
            if digit:
                clauses.append([_var(n, r, c, digit)])
    return clauses


def _grid(n: int, model: frozenset[int]) -> Grid:
    digits = [[0] * n for _ in range(n)]
    for v in model:
        cell, digit = divmod(v - 1, n)
        digits[cell // n][cell % n] = digit + 1
    return tuple(tuple(row) for row in digits)
