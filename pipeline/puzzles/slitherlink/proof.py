"""The independent proof: Slitherlink as SAT, from the printed numbers alone.

Variables: one per edge between neighbouring grid points, true when the loop runs along it.
- A grid point has two lines or none: no three of its edges, and a line at it has a partner.
- A number n forbids every choice of its cell's four edges with other than n lines (at most 16
  clauses of four literals, written out: nothing shared with the solver's counting).
- Some edge is a line.
- One loop, by the shared lazy cuts of pipeline/common/loops.py: when a model's lines form
  several loops, each loop S with another loop's edge gets "an edge of S off, that edge off, or
  an edge leaving S's points on". Any single loop through both edges crosses out of S, so no cut
  removes a real answer.
Answers are enumerated with every edge variable as the projection.
"""

from __future__ import annotations

from itertools import combinations, product

from pysat.formula import IDPool

from pipeline.common.loops import loop_cuts
from pipeline.proof.engine import enumerate_models
from pipeline.puzzles.slitherlink.model import Edge, SlitherlinkPuzzle

# Glucose 4, as Kuralin measured it for its loop of lazy cuts; the Slitherlink figures are in
# docs/notes/slitherlink.md.
SOLVER = "glucose4"


def _edges(rows: int, cols: int) -> list[Edge]:
    level = [((y, x), (y, x + 1)) for y in range(rows + 1) for x in range(cols)]
    upright = [((y, x), (y + 1, x)) for y in range(rows) for x in range(cols + 1)]
    return level + upright


def encode(puzzle: SlitherlinkPuzzle) -> tuple[dict[Edge, int], list[list[int]]]:
    pool = IDPool()
    lines = {edge: pool.id(edge) for edge in _edges(puzzle.rows, puzzle.cols)}
    at: dict = {}
    for edge, var in lines.items():
        for point in edge:
            at.setdefault(point, []).append(var)
    clauses: list[list[int]] = []
    for around in at.values():
        clauses.extend([-v for v in three] for three in combinations(around, 3))
        for var in around:
            clauses.append([-var, *(other for other in around if other != var)])
    for r, row in enumerate(puzzle.clues):
        for c, number in enumerate(row):
            if number is None:
                continue
            own = [lines[((r, c), (r, c + 1))], lines[((r + 1, c), (r + 1, c + 1))],
                   lines[((r, c), (r + 1, c))], lines[((r, c + 1), (r + 1, c + 1))]]
            for values in product((False, True), repeat=4):
                if sum(values) != number:
                    clauses.append([-v if on else v for v, on in zip(own, values)])
    clauses.append(list(lines.values()))
    return lines, clauses


def prove(puzzle: SlitherlinkPuzzle, limit: int) -> list[frozenset[Edge]]:
    lines, clauses = encode(puzzle)
    edge_of = {var: edge for edge, var in lines.items()}
    models = enumerate_models(
        clauses, list(lines.values()), limit=limit, refine=lambda true: loop_cuts(lines, true), solver=SOLVER,
    )
    return [frozenset(edge_of[var] for var in model) for model in models]
