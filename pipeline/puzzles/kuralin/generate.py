"""Making a Kuralin puzzle as the product document describes.

1. Draw one loop with the solver's own search, choices in a shuffled order, through at least 55%
   of the cells.
2. If another loop runs through exactly the same cells, circles can never tell the two apart:
   draw another loop.
3. Add circles: find a few other answers; put a circle, of the kind the drawn loop gives that
   point, where it rules out the most of them (they colour its cells differently); repeat until
   the drawn loop is the only answer.
4. Remove each circle again (in a shuffled order) if the drawn loop stays the only answer
   without it.
5. Check the result from scratch: the rules checker traces the loop and recounts every circle,
   and the solver counts answers from the printed circles alone.

A puzzle for a difficulty of easy, medium or hard is made by `generate_graded` instead.

Every search has its own step limit; one that reaches it proves nothing, so the attempt is dropped
and a new loop drawn. The time budget's deadline is shared and ends the whole generation.
"""

from __future__ import annotations

import random
from collections import Counter

from pipeline.errors import StepLimit, TimeLimit
from pipeline.budget import Budget
from pipeline.interface.puzzle_type import GRADE_STEPS, Generated
from pipeline.interface.grades import TIERS
from pipeline.puzzles.kuralin.grade import Position, coloured, solve_from, solves_within
from pipeline.puzzles.kuralin.model import (
    Cell,
    Circle,
    KuralinPuzzle,
    Point,
    Solution,
    interior_points,
    kind_for,
    touched_cells,
)
from pipeline.puzzles.kuralin.rules import check
from pipeline.puzzles.kuralin.solver import (
    Board,
    broken_limits,
    circle_limit,
    colour_limits,
    search,
    solve,
)

MIN_COVER_PERCENT = 55  # the drawn loop passes through at least this share of the cells
ALTERNATIVES = 4  # other answers looked at when choosing where the next circle goes
DRAW_STEPS = 200_000
COUNT_STEPS = 2_000_000


class _Meter:
    """Runs each search under its own step limit and adds up the steps they all spent."""

    def __init__(self, budget: Budget):
        self.budget = budget
        self.spent = 0

    def search(self, board: Board, limit: int, steps: int, **options) -> list[Solution]:
        child = self.budget.child(steps)
        try:
            return search(board, limit, child, **options)
        finally:
            self.spent += child.spent

    def solves(self, puzzle: KuralinPuzzle, tier: str) -> bool:
        """Whether the grader's techniques up to `tier` finish the puzzle."""
        child = self.budget.child(GRADE_STEPS)
        try:
            return solves_within(puzzle, tier, child)
        finally:
            self.spent += child.spent

    def go_on(self, puzzle: KuralinPuzzle, tier: str, position: Position | None) -> Position:
        """The techniques up to `tier` run on from `position` (or from nothing) with the puzzle's
        circles; the position where they stop."""
        child = self.budget.child(GRADE_STEPS)
        try:
            return solve_from(puzzle, tier, child, position)
        finally:
            self.spent += child.spent


def generate(rows: int, cols: int, rng: random.Random, budget: Budget) -> Generated:
    """A puzzle of `rows` x `cols` cells, proved unique; StepLimit once the budget is spent."""
    attempts = drops = 0
    while True:
        attempts += 1
        meter = _Meter(budget)
        try:
            made = _attempt(rows, cols, rng, meter)
        except TimeLimit:
            raise
        except StepLimit:  # a search that reached its limit proves nothing: draw another loop
            drops += 1
            made = None
        budget.spend(meter.spent)  # raises StepLimit to the caller once the whole budget is gone
        if made is not None:
            break
    _recheck(made, budget)
    return Generated(made, _stats(made, attempts, drops))


def _stats(made: KuralinPuzzle, attempts: int, drops: int) -> dict[str, int]:
    counts = Counter(circle.kind for circle in made.circles)
    return {  # flat numbers, so that the bench can average them
        **{f"{kind}_circles": counts[kind] for kind in ("black", "white", "grey")},
        "loop_length": sum(row.count(".") for row in made.answer.cells),
        "attempts": attempts,
        "drops_at_step_limit": drops,
    }


def generate_graded(rows: int, cols: int, tier: str, rng: random.Random, budget: Budget) -> Generated:
    """A puzzle the grader's techniques up to `tier` finish and those below it do not, as Simon
    Tatham's graded generators make them; StepLimit once the budget is spent.

    Circles are added where the techniques up to `tier` get stuck until they finish the loop, then
    each is removed again (in a shuffled order) if they still finish it without; an attempt whose
    puzzle the easier tiers finish too draws another loop. The techniques only draw conclusions
    every answer shares, so a puzzle they finish has one answer (and step 5 checks it)."""
    below = TIERS[TIERS.index(tier) - 1] if tier != TIERS[0] else None
    attempts = drops = 0
    while True:
        attempts += 1
        meter = _Meter(budget)
        try:
            made = _graded_attempt(rows, cols, tier, below, rng, meter)
        except TimeLimit:
            raise
        except StepLimit:
            drops += 1
            made = None
        budget.spend(meter.spent)
        if made is not None:
            break
    _recheck(made, budget)
    return Generated(made, _stats(made, attempts, drops))


def _graded_attempt(rows, cols, tier: str, below: str | None, rng, meter: _Meter) -> KuralinPuzzle | None:
    """A puzzle of `tier` around a freshly drawn loop, or None when this loop gives none."""
    min_length = -(-MIN_COVER_PERCENT * rows * cols // 100)
    drawn = meter.search(Board(rows, cols, []), 1, DRAW_STEPS, rng=rng, min_length=min_length)[0]
    if not meter.go_on(_puzzle(rows, cols, {}, drawn), tier, coloured(drawn)).solved():
        return None  # circles tell only colours: with every colour known the lines must follow
    circles = _circles_until_solved(rows, cols, drawn, tier, rng, meter)
    if circles is None:
        return None
    for point in rng.sample(sorted(circles), len(circles)):
        fewer = {p: c for p, c in circles.items() if p != point}
        if meter.solves(_puzzle(rows, cols, fewer, drawn), tier):
            circles = fewer
    made = _puzzle(rows, cols, circles, drawn)
    if below is not None and meter.solves(made, below):
        return None
    return made


def _circles_until_solved(rows, cols, drawn: Solution, tier: str, rng, meter: _Meter) -> dict[Point, Circle] | None:
    """Circles added one at a time, each where the techniques up to `tier` got stuck (a point
    touching a cell they left undecided), until they finish the loop. Their conclusions hold for
    every answer of fewer circles, so each run goes on from the last position. None when every
    point next to an undecided cell has its circle and the techniques still stall."""
    touched = {point: touched_cells(point) for point in interior_points(rows, cols)}
    kinds = _kinds(drawn, touched)
    circles: dict[Point, Circle] = {}
    position = None
    while True:
        position = meter.go_on(_puzzle(rows, cols, circles, drawn), tier, position)
        if position.solved():
            return circles
        stuck = [p for p in touched if p not in circles and not position.decided(touched[p])]
        if not stuck:
            return None
        point = rng.choice(stuck)
        circles[point] = Circle(kinds[point], touched[point])


def _puzzle(rows: int, cols: int, circles: dict[Point, Circle], drawn: Solution) -> KuralinPuzzle:
    return KuralinPuzzle(rows, cols, tuple(circles[point] for point in sorted(circles)), drawn)


def _attempt(rows: int, cols: int, rng: random.Random, meter: _Meter) -> KuralinPuzzle | None:
    """A puzzle around a freshly drawn loop, or None when that loop cannot be pinned by circles."""
    min_length = -(-MIN_COVER_PERCENT * rows * cols // 100)  # rounded up
    drawn = meter.search(Board(rows, cols, []), 1, DRAW_STEPS, rng=rng, min_length=min_length)[0]
    if len(meter.search(Board(rows, cols, colour_limits(drawn.cells)), 2, COUNT_STEPS)) > 1:
        return None
    circles = _add_circles(rows, cols, drawn, rng, meter)
    circles = _remove_circles(rows, cols, drawn, circles, rng, meter)
    ordered = tuple(circles[point] for point in sorted(circles))
    return KuralinPuzzle(rows, cols, ordered, drawn)


def _add_circles(rows, cols, drawn: Solution, rng, meter: _Meter) -> dict[Point, Circle]:
    """Circles until the drawn loop is the only answer.

    Every other answer colours some cells differently (the attempt made sure), and then some
    point inside the grid carries a different circle under it, so a cutting point always exists.
    An answer that a new circle does not cut is still an answer, so the search runs again only
    once every answer found so far is cut.
    """
    points = interior_points(rows, cols)
    touched = {point: touched_cells(point) for point in points}  # read for every answer found
    drawn_kinds = _kinds(drawn, touched)
    circles: dict[Point, Circle] = {}
    others: list[dict[Point, str]] = []
    while True:
        if not others:
            board = Board(rows, cols, [circle_limit(c) for c in circles.values()])
            found = meter.search(board, ALTERNATIVES + 1, COUNT_STEPS)
            others = [_kinds(answer, touched) for answer in found if answer != drawn]
            if not others:
                return circles
        cuts = {p: sum(kinds[p] != drawn_kinds[p] for kinds in others) for p in points}
        most = max(cuts.values())
        point = rng.choice([p for p in points if cuts[p] == most])
        circles[point] = Circle(drawn_kinds[point], touched[point])
        others = [kinds for kinds in others if kinds[point] == drawn_kinds[point]]


def _remove_circles(rows, cols, drawn, circles, rng, meter: _Meter) -> dict[Point, Circle]:
    """Drop each circle that the drawn loop does not need to stay the only answer.

    Without circle C, a second answer exists exactly when some answer of the other circles
    breaks C (one that keeps C is the drawn loop), so the search asks for that directly: far
    fewer states than counting all answers of the other circles.
    """
    kept = dict(circles)
    for point in rng.sample(sorted(kept), len(kept)):
        others = [circle_limit(c) for p, c in kept.items() if p != point]
        if not any(
            meter.search(Board(rows, cols, [*others, broken]), 1, COUNT_STEPS)
            for broken in broken_limits(kept[point])
        ):
            del kept[point]
    return kept


def _kinds(answer: Solution, touched: dict[Point, tuple[Cell, ...]]) -> dict[Point, str]:
    """The circle each point would carry under this answer's colouring."""
    black = {(r, c) for r, row in enumerate(answer.cells) for c, mark in enumerate(row) if mark == "#"}
    return {point: kind_for(sum(cell in black for cell in cells), len(cells)) for point, cells in touched.items()}


def _recheck(puzzle: KuralinPuzzle, budget: Budget) -> None:
    """Step 5: a puzzle that fails here is a bug in this module, never something to print."""
    failures = check(puzzle, puzzle.answer)
    recount = budget.child(COUNT_STEPS)
    try:
        answers = solve(puzzle, 2, recount)
    finally:
        budget.spend(recount.spent)
    if failures or answers != [puzzle.answer]:
        raise RuntimeError(f"kuralin generator made a puzzle that fails its re-check: {failures}, {len(answers)} answers")
