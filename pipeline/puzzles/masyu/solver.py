"""The Masyu solver: every deduction of logic.py but trials, then a guess on one open line.

Counting answers up to a limit is a depth-first search: propagate, and when the deductions stall,
branch on an open line (drawn first, then ruled out) at the end of a drawn path, where the loop
must go on, else at a pearl, else anywhere. Each branch works on a copy of the position (a few
byte arrays of a hundred or two entries: cheaper than undoing). Every branch visited spends one
step of the budget.
"""

from __future__ import annotations

from pipeline.budget import Budget
from pipeline.interface.grades import Contradiction
from pipeline.puzzles.masyu.logic import CLOSURE, LINES, OPEN, PARITY, PATTERNS, PEARLS, Position, start
from pipeline.puzzles.masyu.model import Line, MasyuPuzzle

EVERY_DEDUCTION = LINES | PEARLS | PATTERNS | CLOSURE | PARITY


def solve(puzzle: MasyuPuzzle, limit: int, budget: Budget) -> list[frozenset[Line]]:
    """Up to `limit` distinct answers; StepLimit or TimeLimit from `budget` proves nothing."""
    found: list[frozenset[Line]] = []
    _visit(start(puzzle, EVERY_DEDUCTION), limit, budget, found)
    return found


def _visit(position: Position, limit: int, budget: Budget, found: list) -> None:
    budget.spend()
    try:
        position.propagate()
    except Contradiction:
        return
    if position.closed:
        found.append(position.answer())
        return
    line = _open_line(position)
    if line < 0:
        return
    for draw in (True, False):
        twin = position.copy()
        try:
            twin.set_on(line) if draw else twin.set_off(line)
        except Contradiction:
            continue
        _visit(twin, limit, budget, found)
        if len(found) >= limit:
            return


def _open_line(position: Position) -> int:
    """The line to guess: at a path's end if any, else at a pearl, else the first open one."""
    board, es, deg = position.board, position.es, position.deg
    ed = board.ed
    fallback = -1
    for p in range(board.n):
        if deg[p] == 1 or (board.pearl[p] and fallback < 0 and deg[p] == 0):
            for k in range(4 * p, 4 * p + 4):
                e = ed[k]
                if e >= 0 and es[e] == OPEN:
                    if deg[p] == 1:
                        return e
                    fallback = e
                    break
    if fallback >= 0:
        return fallback
    return next((e for e, state in enumerate(es) if state == OPEN), -1)
