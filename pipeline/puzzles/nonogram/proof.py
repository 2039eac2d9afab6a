"""The independent proof: the nonogram's rules as SAT clauses, from the printed clues alone.

Shares no code with solver.py or generate.py. One variable per cell (true = filled) and, per line,
an order encoding of where each run starts: a[j][p] means "run j starts at or before cell p".
Run j can only start between `first` (the runs before it packed to the left) and `last` (the runs
from it on packed to the right), so a[j][p] is false below `first` and true from `last` on; only
the cells between get variables, and each clause below is written only where it is not already
settled by those bounds (a literal whose variable does not exist is false there and left out).

- ladder: a[j][p] implies a[j][p+1];
- order: run j+1 starts at least len_j + 1 cells after run j starts;
- cover: the cells from run j's start to its end are filled;
- gaps: a filled cell lies in some run (it is not before the first, between two, or after the last).

All clauses are binary or ternary, so unit propagation does most of the work (half the solving
time of an encoding with a variable per start). The SAT solver, Glucose 4, is among the fastest
measured on 15x15 and 30x30 proofs. The measurements and what was dropped:
docs/notes/nonogram-proof.md.
"""

from __future__ import annotations

from pysat.formula import IDPool

from pipeline.proof.engine import Clause, enumerate_models
from pipeline.puzzles.nonogram.model import EMPTY, FILLED, Answer, Clue, Nonogram, min_length

SOLVER = "glucose4"


def prove(puzzle: Nonogram, limit: int) -> list[Answer]:
    clauses = encode(puzzle)
    if clauses is None:
        return []
    cells = list(range(1, puzzle.rows * puzzle.cols + 1))
    models = enumerate_models(clauses, cells, limit=limit, solver=SOLVER)
    return [_picture(puzzle, model) for model in models]


def _cell(puzzle: Nonogram, r: int, c: int) -> int:
    return r * puzzle.cols + c + 1


def encode(puzzle: Nonogram) -> list[Clause] | None:
    """The clauses of the whole grid; None when some clue cannot fit its line at all."""
    pool = IDPool(start_from=puzzle.rows * puzzle.cols + 1)
    lines = [
        (("row", r), clue, [_cell(puzzle, r, c) for c in range(puzzle.cols)])
        for r, clue in enumerate(puzzle.row_clues)
    ] + [
        (("col", c), clue, [_cell(puzzle, r, c) for r in range(puzzle.rows)])
        for c, clue in enumerate(puzzle.col_clues)
    ]
    clauses: list[Clause] = []
    for name, clue, cells in lines:
        if min_length(clue) > len(cells):
            return None
        clauses.extend(_line_clauses(pool, name, clue, cells))
    return clauses


def _line_clauses(pool: IDPool, name: tuple[str, int], clue: Clue, cells: list[int]) -> list[Clause]:
    n = len(cells)
    if not clue:
        return [[-x] for x in cells]
    k = len(clue)
    first = [min_length(clue[:j]) + (1 if j else 0) for j in range(k)]
    last = [n - min_length(clue[j:]) for j in range(k)]
    at = [{p: pool.id((name, j, p)) for p in range(first[j], last[j])} for j in range(k)]

    clauses: list[Clause] = []
    for j, length in enumerate(clue):
        ladder = at[j]
        clauses.extend([-ladder[p], ladder[p + 1]] for p in range(first[j], last[j] - 1))
        if j + 1 < k:
            following = at[j + 1]
            clauses.extend(
                [-following[q], ladder[q - length - 1]] for q in range(first[j + 1], last[j + 1])
            )
        for q in range(first[j], last[j] + length):
            clause = [cells[q]]
            if q in ladder:
                clause.append(-ladder[q])
            if q - length in ladder:
                clause.append(ladder[q - length])
            clauses.append(clause)

    clauses.extend([at[0][q], -cells[q]] for q in range(last[0]))
    for j in range(1, k):
        before, after, length = at[j - 1], at[j], clue[j - 1]
        for q in range(first[j - 1] + length, last[j]):
            clause = [-cells[q]]
            if q - length in before:
                clause.append(-before[q - length])
            if q in after:
                clause.append(after[q])
            clauses.append(clause)
    final, length = at[k - 1], clue[k - 1]
    for q in range(first[k - 1] + length, n):
        clause = [-cells[q]]
        if q - length in final:
            clause.append(-final[q - length])
        clauses.append(clause)
    return clauses


def _picture(puzzle: Nonogram, model: frozenset[int]) -> Answer:
    return tuple(
        "".join(FILLED if _cell(puzzle, r, c) in model else EMPTY for c in range(puzzle.cols))
        for r in range(puzzle.rows)
    )
