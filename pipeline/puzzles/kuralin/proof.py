"""The independent proof: Kuralin as SAT, from the printed circles alone.

Variables: one per line between side-by-side cells, one per cell for "on the loop".
- The shared single-loop encoding (pipeline/common/loops.py, SingleLoop): a line is on only if
  both its cells are on the loop; a cell on the loop has exactly two lines, a cell off it none.
- Each circle bounds how many of its cells are black (cardinality constraints).
- Some cell is on the loop.
- One loop, by the shared encoding's lazy cuts (loops.loop_cuts).
Answers are enumerated with the line variables as the projection, so two loops through the same
cells count as two.
"""

from __future__ import annotations

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool

from pipeline.common.loops import SingleLoop
from pipeline.proof.engine import enumerate_models
from pipeline.puzzles.kuralin.model import KuralinPuzzle, Solution, neighbours, solution_from_lines

# Measured on 12 generated 10x10 puzzles, proof of uniqueness (limit 2), 3 runs each, process
# time including the encoding, median / worst: glucose4 4.0/13 ms, glucose42 3.9/13,
# minisat22 3.8/13, maplechrono 4.4/14, cadical195 5.3/24, cadical153 6.0/50, lingeling 6.4/16.
# The Glucose and MiniSat family tie within noise; Glucose 4 is the well-kept one of them.
SOLVER = "glucose4"


class _Encoding:
    def __init__(self, puzzle: KuralinPuzzle):
        self.rows, self.cols = puzzle.rows, puzzle.cols
        self.pool = IDPool()
        cells = [(r, c) for r in range(self.rows) for c in range(self.cols)]
        lines = [(a, b) for a in cells for b in neighbours(a, self.rows, self.cols) if a < b]
        self.loop = SingleLoop(self.pool, cells, lines)
        self.on, self.lines, self.cuts = self.loop.used, self.loop.edges, self.loop.cuts
        self.clauses: list[list[int]] = list(self.loop.clauses)
        for circle in puzzle.circles:
            self._circle(circle.kind, [self.on[cell] for cell in circle.cells])
        self.clauses.append(list(self.on.values()))

    def _circle(self, kind: str, on_vars: list[int]) -> None:
        black = [-v for v in on_vars]
        n = len(black)
        if kind == "black":
            card = CardEnc.atleast(black, bound=n // 2 + 1, vpool=self.pool, encoding=EncType.seqcounter)
        elif kind == "white":
            card = CardEnc.atmost(black, bound=(n - 1) // 2, vpool=self.pool, encoding=EncType.seqcounter)
        else:
            card = CardEnc.equals(black, bound=n // 2, vpool=self.pool, encoding=EncType.seqcounter)
        self.clauses.extend(card.clauses)

    def solution(self, answer: frozenset[int]) -> Solution:
        return solution_from_lines(self.rows, self.cols, self.loop.drawn(answer))


def prove(puzzle: KuralinPuzzle, limit: int) -> list[Solution]:
    encoding = _Encoding(puzzle)
    models = enumerate_models(
        encoding.clauses,
        list(encoding.lines.values()),
        limit=limit,
        refine=encoding.cuts,
        solver=SOLVER,
    )
    return [encoding.solution(model) for model in models]
