"""The independent proof: Masyu as SAT, from the printed pearls alone.

Variables and the loop itself come from the shared single-loop encoding (pipeline/common/loops.py,
SingleLoop: a cell on the loop has two lines, one off it none; one loop by lazy cuts). Pearls:
- a pearl's cell is on the loop;
- white: no two lines at right angles meet on it (so it runs straight), and when it runs along a
  row (a column), the lines beyond its two neighbours along that row (column) are not both drawn,
  since a neighbour that keeps going straight has that line;
- black: no two opposite lines meet on it (so it turns), and each line it has goes on straight
  through the next cell: the line beyond that cell, in the same direction, is drawn.
Answers are enumerated with the line variables as the projection. Nothing here reads the
type's solver, grader or generator.
"""

from __future__ import annotations

from pysat.formula import IDPool

from pipeline.common.loops import SingleLoop
from pipeline.proof.engine import enumerate_models
from pipeline.puzzles.masyu.model import WHITE, Cell, Line, MasyuPuzzle, grid_lines

# MiniSat 2.2: over 12 generated 10x10 puzzles, 3 rounds, proof of uniqueness (limit 2) with the
# encoding, median / worst: minisat22 2.7/3.5 ms, glucose4 3.0/22.9, maplechrono 3.0/20.8,
# cadical153 3.3/17.0 (docs/notes/loop-encoding.md).
SOLVER = "minisat22"
STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))  # up, right, down, left


class _Encoding:
    def __init__(self, puzzle: MasyuPuzzle):
        self.rows, self.cols = puzzle.rows, puzzle.cols
        cells = [(r, c) for r in range(self.rows) for c in range(self.cols)]
        self.loop = SingleLoop(IDPool(), cells, grid_lines(self.rows, self.cols))
        self.clauses = list(self.loop.clauses)
        pearls = [(cell, puzzle.pearl(cell)) for cell in puzzle.pearl_cells()]
        for cell, kind in pearls:
            self.clauses.append([self.loop.used[cell]])
            (self._white if kind == WHITE else self._black)(cell)
        if not pearls:
            self.clauses.append(list(self.loop.used.values()))

    def _line(self, cell: Cell, step: int, far: int = 0) -> int | None:
        """The variable of the line leaving `cell` + `far` steps in direction `step`, if on the grid."""
        dr, dc = STEPS[step]
        a = (cell[0] + far * dr, cell[1] + far * dc)
        b = (a[0] + dr, a[1] + dc)
        if not (0 <= min(a[0], b[0]) and max(a[0], b[0]) < self.rows and 0 <= min(a[1], b[1]) and max(a[1], b[1]) < self.cols):
            return None
        return self.loop.edges[(min(a, b), max(a, b))]

    def _white(self, cell: Cell) -> None:
        for step in range(4):
            here, across = self._line(cell, step), self._line(cell, (step + 1) % 4)
            if here and across:
                self.clauses.append([-here, -across])
        for step in (0, 1):
            a, b = self._line(cell, step), self._line(cell, step + 2)
            if not (a and b):
                continue
            beyond = [self._line(cell, step, 1), self._line(cell, step + 2, 1)]
            if all(beyond):
                self.clauses.append([-a, -b, *(-v for v in beyond)])

    def _black(self, cell: Cell) -> None:
        for step in (0, 1):
            a, b = self._line(cell, step), self._line(cell, step + 2)
            if a and b:
                self.clauses.append([-a, -b])
        for step in range(4):
            here = self._line(cell, step)
            if here:
                beyond = self._line(cell, step, 1)
                self.clauses.append([-here, beyond] if beyond else [-here])


def prove(puzzle: MasyuPuzzle, limit: int) -> list[frozenset[Line]]:
    encoding = _Encoding(puzzle)
    models = enumerate_models(
        encoding.clauses, list(encoding.loop.edges.values()), limit=limit, refine=encoding.loop.cuts, solver=SOLVER
    )
    return [encoding.loop.drawn(model) for model in models]
