"""The independent proof: Kuralin as SAT, from the printed circles alone.

Variables: one per line between side-by-side cells, one per cell for "on the loop".
- A line is on only if both its cells are on the loop.
- A cell on the loop has exactly two lines; a cell off it has none.
- Each circle bounds how many of its cells are black (cardinality constraints).
- Some cell is on the loop.
- One loop, by lazy cuts: when a model's lines form several cycles, for each cycle S and a cell x
  of another one, the clause "x off, or S's first cell off, or a line leaving S's cells on".
  Any single loop through both cells must cross out of S, so the clause never removes a real
  answer, and it forbids this split for good.
Answers are enumerated with the line variables as the projection, so two loops through the same
cells count as two.
"""

from __future__ import annotations

from itertools import combinations

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool

from pipeline.proof.engine import enumerate_models
from pipeline.puzzles.kuralin.model import Cell, Edge, KuralinPuzzle, Solution, neighbours, solution_from_lines

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
        self.on = {cell: self.pool.id(("on", cell)) for cell in cells}
        self.lines: dict[Edge, int] = {}
        for a in cells:
            for b in neighbours(a, self.rows, self.cols):
                if a < b:
                    self.lines[(a, b)] = self.pool.id(("line", a, b))
        self.incident: dict[Cell, list[int]] = {cell: [] for cell in cells}
        for (a, b), var in self.lines.items():
            self.incident[a].append(var)
            self.incident[b].append(var)
        self.clauses: list[list[int]] = []
        self._degrees()
        for circle in puzzle.circles:
            self._circle(circle.kind, [self.on[cell] for cell in circle.cells])
        self.clauses.append(list(self.on.values()))

    def _degrees(self) -> None:
        for cell, lines in self.incident.items():
            on = self.on[cell]
            for line in lines:
                self.clauses.append([-line, on])
                self.clauses.append([-on, *(other for other in lines if other != line)])
            for three in combinations(lines, 3):
                self.clauses.append([-v for v in three])

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

    def cuts(self, true: set[int]) -> list[list[int]]:
        """Clauses that forbid this model's split into several cycles, or [] for a single loop."""
        drawn = [edge for edge, var in self.lines.items() if var in true]
        pieces = _pieces(drawn)
        if len(pieces) < 2:
            return []
        cuts = []
        for i, piece in enumerate(pieces):
            other = pieces[(i + 1) % len(pieces)]
            leaving = [var for (a, b), var in self.lines.items() if (a in piece) != (b in piece)]
            cuts.append([-self.on[min(other)], -self.on[min(piece)], *leaving])
        return cuts

    def solution(self, answer: frozenset[int]) -> Solution:
        lines = frozenset(edge for edge, var in self.lines.items() if var in answer)
        return solution_from_lines(self.rows, self.cols, lines)


def _pieces(edges: list[Edge]) -> list[set[Cell]]:
    links: dict[Cell, list[Cell]] = {}
    for a, b in edges:
        links.setdefault(a, []).append(b)
        links.setdefault(b, []).append(a)
    pieces: list[set[Cell]] = []
    seen: set[Cell] = set()
    for start in sorted(links):
        if start in seen:
            continue
        piece, stack = {start}, [start]
        while stack:
            for nxt in links[stack.pop()]:
                if nxt not in piece:
                    piece.add(nxt)
                    stack.append(nxt)
        seen |= piece
        pieces.append(piece)
    return pieces


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
