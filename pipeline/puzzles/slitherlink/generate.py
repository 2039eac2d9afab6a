"""Making a Slitherlink, after Simon Tatham's Loopy: a random loop, then clues for its tier.

1. Draw a loop as the boundary of a random region of cells (loopgen.py).
2. Start with no numbers and run the grader's techniques up to the tier; where they stop, print
   the loop's number in a random cell next to an open edge, and go on from where they stopped
   (what they found holds with more numbers), until they finish the loop. The techniques only
   conclude what every answer shares, so a loop they finish is the only answer.
3. Remove each number again, in a random order, when the techniques up to the tier still finish
   the loop without it (Loopy removes from a full grid; starting from the numbers step 2 needed
   is about half the solves for the same kind of puzzle). What is left is minimal for the tier:
   no one number can go. The numbers are tried four at a time from one run without them all.
4. A puzzle for a tier above easy that the tier below finishes too is not of its tier: draw
   another loop (Loopy does the same).
5. Check the result from scratch: the rules checker reads the loop and every number, and the
   solver counts answers from the printed numbers alone.

Numbers are added with the techniques up to hard even for expert: trials where every cell can
still take a number cost far more than they save, and step 3's removals, made with the trials,
give the puzzle its tier. A puzzle without a difficulty is made for hard, the top tier that
needs no trial: it grades easy, medium or hard.
"""

from __future__ import annotations

import random

from pipeline.budget import Budget
from pipeline.errors import StepLimit, TimeLimit
from pipeline.interface.grades import TIERS
from pipeline.interface.puzzle_type import GRADE_STEPS, Generated
from pipeline.puzzles.slitherlink.grade import NO_CLUE, OPEN, finished, go_on, solves_within, start
from pipeline.puzzles.slitherlink.loopgen import draw_loop
from pipeline.puzzles.slitherlink.model import Edge, SlitherlinkPuzzle, clues_for
from pipeline.puzzles.slitherlink.rules import CHECKS
from pipeline.interface.checks import run_checks
from pipeline.puzzles.slitherlink.solver import solve

UNGRADED = "hard"  # the tier a puzzle without a difficulty is made for
ADD_UP_TO = "hard"  # the techniques that place numbers (step 2)
COUNT_STEPS = 5_000_000
REMOVAL_BATCH = 4  # numbers tried from one run without them all (step 3): 2 to 6 measured alike, 16 and more slower


class _Meter:
    """Runs each grading under its own step limit and adds up the steps they all spent."""

    def __init__(self, budget: Budget):
        self.budget = budget
        self.spent = 0

    def child(self) -> Budget:
        return self.budget.child(GRADE_STEPS)

    def solves(self, puzzle: SlitherlinkPuzzle, tier: str) -> bool:
        child = self.child()
        try:
            return solves_within(puzzle, tier, child)
        finally:
            self.spent += child.spent


def generate(rows: int, cols: int, tier: str | None, rng: random.Random, budget: Budget) -> Generated:
    """A puzzle the techniques up to `tier` (UNGRADED when None) finish and, for a difficulty,
    those below it do not; StepLimit once the budget is spent."""
    aim = tier or UNGRADED
    below = TIERS[TIERS.index(tier) - 1] if tier not in (None, TIERS[0]) else None
    attempts = drops = 0
    while True:
        attempts += 1
        meter = _Meter(budget)
        try:
            made = _attempt(rows, cols, aim, below, rng, meter)
        except TimeLimit:
            raise
        except StepLimit:  # a grading that reached its limit proves nothing: draw another loop
            drops += 1
            made = None
        budget.spend(meter.spent)  # raises StepLimit to the caller once the whole budget is gone
        if made is not None:
            break
    _recheck(made, budget)
    return Generated(made, _stats(made, attempts, drops))


def _attempt(rows: int, cols: int, tier: str, below: str | None, rng: random.Random, meter: _Meter) -> SlitherlinkPuzzle | None:
    loop = draw_loop(rows, cols, rng)
    full = clues_for(rows, cols, loop)
    numbers = _numbers_until_solved(rows, cols, full, loop, min(tier, ADD_UP_TO, key=TIERS.index), rng, meter)
    if numbers is None:
        return None
    numbers = _removed(rows, cols, numbers, loop, tier, rng.sample(sorted(numbers), len(numbers)), meter)
    made = _puzzle(rows, cols, numbers, loop)
    if below is not None and meter.solves(made, below):
        return None
    return made


def _removed(rows, cols, numbers: dict[int, int], loop: frozenset[Edge], tier: str, order: list[int], meter: _Meter) -> dict[int, int]:
    """Step 3: each number in `order` removed when the techniques up to `tier` still finish the
    loop without it. The numbers are tried a batch at a time: the techniques run once without
    the whole batch, and each test carries on from there with the rest of the batch put back
    (what they found holds with more numbers, and where they stop does not depend on the order
    they found it in), so each test is a short run instead of a solve from nothing."""
    for first in range(0, len(order), REMOVAL_BATCH):
        batch = order[first:first + REMOVAL_BATCH]
        base = start(_puzzle(rows, cols, {k: n for k, n in numbers.items() if k not in batch}, loop))
        child = meter.child()
        try:
            go_on(base, tier, child)
        finally:
            meter.spent += child.spent
        for cell in batch:
            position = base.copy()
            for other in batch:
                if other != cell and other in numbers:
                    position.add_clue(other, numbers[other])
            child = meter.child()
            try:
                go_on(position, tier, child)
            finally:
                meter.spent += child.spent
            if finished(position):
                numbers = {k: n for k, n in numbers.items() if k != cell}
    return numbers


def _numbers_until_solved(rows, cols, full, loop: frozenset[Edge], tier: str, rng, meter: _Meter) -> dict[int, int] | None:
    """Numbers added one at a time, each in a cell next to an edge the techniques up to `tier`
    left open, until they finish the loop; None when every such cell has its number and they
    still stop."""
    position = start(_puzzle(rows, cols, {}, loop))
    board = position.board
    numbers: dict[int, int] = {}
    child = meter.child()
    try:
        while True:
            go_on(position, tier, child)
            if finished(position):
                return numbers
            stuck = sorted({
                cell for e, value in enumerate(position.lines) if value == OPEN
                for cell in board.sides[e] if position.clues[cell] == NO_CLUE
            })
            if not stuck:
                return None
            cell = rng.choice(stuck)
            numbers[cell] = full[cell // cols][cell % cols]
            position.add_clue(cell, numbers[cell])
    finally:
        meter.spent += child.spent


def _puzzle(rows: int, cols: int, numbers: dict[int, int], loop: frozenset[Edge]) -> SlitherlinkPuzzle:
    clues = tuple(tuple(numbers.get(r * cols + c) for c in range(cols)) for r in range(rows))
    return SlitherlinkPuzzle(rows, cols, clues, loop)


def _stats(made: SlitherlinkPuzzle, attempts: int, drops: int) -> dict[str, int]:
    return {  # flat numbers, so that the bench can average them
        "clues": sum(n is not None for row in made.clues for n in row),
        "loop_length": len(made.answer),
        "attempts": attempts,
        "drops_at_step_limit": drops,
    }


def _recheck(puzzle: SlitherlinkPuzzle, budget: Budget) -> None:
    """Step 5: a puzzle that fails here is a bug in this module, never something to print."""
    failures = run_checks(CHECKS, puzzle, puzzle.answer)
    recount = budget.child(COUNT_STEPS)
    try:
        answers = solve(puzzle, 2, recount)
    finally:
        budget.spend(recount.spent)
    if failures or answers != [puzzle.answer]:
        raise RuntimeError(f"slitherlink generator made a puzzle that fails its re-check: {failures}, {len(answers)} answers")
