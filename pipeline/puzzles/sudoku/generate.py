"""Making a Sudoku: a full grid from the code's random source, then givens taken away.

1. Draw a full grid: the solver's search on an empty grid, its digits in a shuffled order.
2. Take givens away in a shuffled order, a symmetric pair at a time (the cell and its image
   under a half turn about the centre, as published Sudoku print them; one cell at a time with
   `symmetry: none`), keeping each removal that leaves what the section asks for:
   - without a difficulty, the answer stays the only one (the solver counts up to two);
   - for a difficulty, the grader's techniques up to that tier still finish the grid, as Simon
     Tatham's Solo makes its puzzles. The techniques draw only conclusions every answer shares,
     so a grid they finish has one answer.
   Version 2 takes givens away for one answer also for a difficulty (versions.py).
3. Grade the result with every technique. A puzzle of another tier than asked for (the tier
   below finishes it), or one the techniques cannot finish at all (it would need guessing), is
   dropped and a new grid drawn. Version 2 first puts givens back into one that grades above the
   tier asked for (or that the techniques cannot finish), a symmetric pair at a time from the
   answer, until the asked tier finishes it and the tier below does not.
4. Check the result from scratch: the rules checklist on the answer, and the solver's count from
   the givens alone.

A search that reaches its own step limit proves nothing; its removal is not made (the given
stays), so the outcome depends on steps, never on time. The time budget's deadline is shared and
ends the whole generation. What was tried to make graded puzzles sooner, and dropped:
docs/notes/sudoku-generator.md.
"""

from __future__ import annotations

import random
from typing import Callable

from pipeline.budget import Budget
from pipeline.errors import StepLimit, TimeLimit
from pipeline.interface.checks import run_checks
from pipeline.interface.grades import TIERS
from pipeline.interface.puzzle_type import GRADE_STEPS, Generated
from pipeline.puzzles.sudoku.grade import grade, solves_within
from pipeline.puzzles.sudoku.model import Grid, SudokuPuzzle, count_givens, flat, rows_of
from pipeline.puzzles.sudoku.rules import CHECKS
from pipeline.puzzles.sudoku.solver import full_grid, search, solve
from pipeline.puzzles.sudoku.versions import CURRENT, Version

DRAW_STEPS = 100_000
COUNT_STEPS = 200_000


class _Meter:
    """Runs each search under its own step limit and charges what it spent to the budget."""

    def __init__(self, budget: Budget):
        self.budget = budget

    def run(self, steps: int, work: Callable[[Budget], object]) -> object:
        child = self.budget.child(steps)
        try:
            return work(child)
        finally:
            self.budget.spend(child.spent)  # StepLimit to the caller once the whole budget is gone

    def answers_within(self, steps: int, work: Callable[[Budget], object]) -> object:
        """What `work` finds under its own step limit, or None when it reaches that limit (and
        so proves nothing); StepLimit still ends the generation once the whole budget is gone."""
        try:
            return self.run(steps, work)
        except TimeLimit:
            raise
        except StepLimit:
            if self.budget.steps_left < 0:
                raise
            return None

    def unique(self, size: int, cells: list[int]) -> bool:
        found = self.answers_within(COUNT_STEPS, lambda b: search(size, cells, 2, b))
        return found is not None and len(found) == 1

    def finishes(self, puzzle: SudokuPuzzle, tier: str) -> bool:
        return bool(self.answers_within(GRADE_STEPS, lambda b: solves_within(puzzle, tier, b)))


def orbits(size: int, symmetry: str) -> list[tuple[int, ...]]:
    """The cells that are given or taken away together, in reading order of their first cell."""
    last = size * size - 1
    if symmetry == "none":
        return [(cell,) for cell in range(last + 1)]
    return [(cell,) if cell == last - cell else (cell, last - cell) for cell in range(last // 2 + 1)]


def generate(
    size: int, symmetry: str, difficulty: str | None, rng: random.Random, budget: Budget, version: Version = CURRENT
) -> Generated:
    """A puzzle of `size` × `size` cells, proved unique, of the tier `difficulty` asks for (any
    tier the techniques finish when None); StepLimit once the budget is spent."""
    meter = _Meter(budget)
    groups = orbits(size, symmetry)
    attempts = 0
    while True:
        attempts += 1
        answer = meter.run(DRAW_STEPS, lambda b: full_grid(size, rng, b))
        givens = _remove(answer, groups, difficulty if version.removes_for_tier else None, rng, meter)
        puzzle = SudokuPuzzle(size, size, givens, answer)
        found = meter.run(GRADE_STEPS, lambda b: grade(puzzle, b))
        if difficulty is not None and not version.removes_for_tier and _above(found.tier, difficulty):
            lowered = _put_back(puzzle, groups, difficulty, rng, meter)
            if lowered is not None:
                puzzle, found = lowered, meter.run(GRADE_STEPS, lambda b: grade(lowered, b))
        if found.tier is not None and found.tier == (difficulty or found.tier):
            break
    _recheck(puzzle, meter)
    return Generated(puzzle, {"givens": count_givens(puzzle.givens), "attempts": attempts}, grade=found)


def _remove(answer: Grid, groups: list[tuple[int, ...]], difficulty: str | None, rng: random.Random, meter: _Meter) -> Grid:
    size = len(answer)
    cells = flat(answer)
    for group in rng.sample(groups, len(groups)):
        fewer = list(cells)
        for cell in group:
            fewer[cell] = 0
        # the count first, also for a difficulty: it settles most removals that fail (the answer
        # is no longer the only one) faster than the techniques give up, and keeps the same
        # removals (techniques finish only a grid with one answer). 16 codes at 9x9, CPU medians:
        # hard 0.07 s against 0.10 s without it, expert 0.10 s against 0.47 s
        keep = meter.unique(size, fewer)
        if keep and difficulty is not None:
            keep = meter.finishes(SudokuPuzzle(size, size, rows_of(fewer, size), answer), difficulty)
        if keep:
            cells = fewer
    return rows_of(cells, size)


def _above(tier: str | None, difficulty: str) -> bool:
    """Whether a grade is harder than `difficulty` (None: the techniques do not finish it)."""
    return tier is None or TIERS.index(tier) > TIERS.index(difficulty)


def _put_back(puzzle: SudokuPuzzle, groups: list[tuple[int, ...]], difficulty: str, rng: random.Random, meter: _Meter) -> SudokuPuzzle | None:
    """`puzzle` with givens put back from its answer, a group at a time, until the techniques up
    to `difficulty` finish it and those of the tier below do not; None when every group left
    makes the tier below finish it. Each round tries the groups not given in a shuffled order
    and takes the first that lands on the tier; failing that, it keeps the first that leaves the
    puzzle above the tier and tries again from there. (The tier finishing it proves one answer.)"""
    below = TIERS[TIERS.index(difficulty) - 1] if difficulty != TIERS[0] else None
    while True:
        free = [group for group in groups if not puzzle.givens[group[0] // puzzle.rows][group[0] % puzzle.rows]]
        still_above = None
        for group in rng.sample(free, len(free)):
            more = _with_givens(puzzle, group)
            if not meter.finishes(more, difficulty):
                still_above = still_above or more
            elif below is None or not meter.finishes(more, below):
                return more
        if still_above is None:
            return None
        puzzle = still_above


def _with_givens(puzzle: SudokuPuzzle, group: tuple[int, ...]) -> SudokuPuzzle:
    cells = flat(puzzle.givens)
    answer = flat(puzzle.answer)
    for cell in group:
        cells[cell] = answer[cell]
    return SudokuPuzzle(puzzle.rows, puzzle.cols, rows_of(cells, puzzle.rows), puzzle.answer)


def _recheck(puzzle: SudokuPuzzle, meter: _Meter) -> None:
    """Step 4: a puzzle that fails here is a bug in this module, never something to print."""
    failures = run_checks(CHECKS, puzzle, puzzle.answer)
    answers = meter.run(COUNT_STEPS, lambda b: solve(puzzle, 2, b))
    if failures or answers != [puzzle.answer]:
        raise RuntimeError(f"sudoku generator made a puzzle that fails its re-check: {failures}, {len(answers)} answers")

