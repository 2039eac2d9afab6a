"""Counting a Slitherlink's answers: deduction, then a depth-first search on edges.

At every node of the search the grader's sound deductions up to hard (grade.py: counts,
grid points, corner pairs, no premature loop, inside and outside) run until they stop; a node
where they break a rule has no answer, one where every edge is decided is an answer when its
lines are one loop. Otherwise the search takes an open edge at a path's end (or the first open
edge) and tries it as a line, then ruled out. Deductions only conclude what every answer below
the node shares, so each answer is found exactly once and the count is of distinct answers.

A first search counted with its own propagation (numbers, grid points, path ends) only: it
reached 5 million steps on 15x15 puzzles the hard techniques finish without a guess.
"""

from __future__ import annotations

from pipeline.budget import Budget
from pipeline.interface.grades import Contradiction, run_techniques
from pipeline.puzzles.slitherlink.grade import EASY, HARD, LINE, MEDIUM, NO_LINE, Position, finished, start, trial_order
from pipeline.puzzles.slitherlink.model import Edge, SlitherlinkPuzzle

DEDUCTIONS = EASY + MEDIUM + HARD


def solve(puzzle: SlitherlinkPuzzle, limit: int, budget: Budget) -> list[frozenset[Edge]]:
    """Up to `limit` distinct answers from the printed numbers alone; StepLimit or TimeLimit from
    `budget` proves nothing."""
    found: list[frozenset[Edge]] = []
    _visit(start(puzzle), limit, budget, found)
    return found


def _visit(position: Position, limit: int, budget: Budget, found: list) -> None:
    try:
        run_techniques(position, DEDUCTIONS, Position.solved, budget)
    except Contradiction:
        return
    if position.solved():
        if finished(position):
            board = position.board
            found.append(frozenset(board.edges[e] for e, v in enumerate(position.lines) if v == LINE))
        return
    edge = trial_order(position)[0]
    for value in (LINE, NO_LINE):
        child = position.copy()
        child.mark(edge, value)
        _visit(child, limit, budget, found)
        if len(found) >= limit:
            return
