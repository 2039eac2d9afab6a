"""The optional compiled grader (grade.c) against the pure-Python technique loop it stands in for:
the same grades, the same final positions, the same steps spent and the same step to stop at."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from pipeline.budget import Budget
from pipeline.errors import StepLimit
from pipeline.interface.grades import TIERS, Contradiction, grade_fields
from pipeline.puzzles.kuralin import grade
from pipeline.puzzles.kuralin.model import ON_LOOP, KuralinPuzzle
from pipeline.puzzles.kuralin.record import from_record
from pipeline.registry import puzzle_types

GOLDEN = Path(__file__).parents[2] / "golden" / "kuralin"

pytestmark = pytest.mark.skipif(grade._compiled is None, reason="the compiled Kuralin grader is not built here")


def _solved(puzzle: KuralinPuzzle, tier: str, steps: int, start: grade.Position | None):
    """(cells, lines, the run, steps spent) of the techniques up to `tier`, or the exception's
    name and the steps spent when they stop at a contradiction or the step limit."""
    budget = Budget(steps)
    try:
        if start is None:
            position, run = grade.solve_with(puzzle, tier, budget)
            ran = (sorted(run.rounds.items()), run.bottlenecks, run.top, run.top_rounds)
        else:
            position, ran = grade.solve_from(puzzle, tier, budget, start), None
    except (Contradiction, StepLimit) as stop:
        return type(stop).__name__, budget.spent
    return position.cells, position.lines, ran, budget.spent


def _both(monkeypatch, *case) -> str:
    """How the case ended ("finished", "Contradiction" or "StepLimit"), the same both ways."""
    compiled = _solved(*case)
    with monkeypatch.context() as python:
        python.setattr(grade, "_compiled", None)
        assert _solved(*case) == compiled, case
    return compiled[0] if isinstance(compiled[0], str) else "finished"


def _part_of_answer(puzzle: KuralinPuzzle, rng: random.Random, share: float) -> grade.Position:
    """A position knowing a random part of the answer's cells and lines (the generator's starts
    know every cell and no line)."""
    position = grade.Position(grade.Board.of(puzzle))
    lines = {frozenset(line) for line in puzzle.answer.lines}
    colours = [grade.WHITE if mark == ON_LOOP else grade.BLACK for row in puzzle.answer.cells for mark in row]
    for cell, colour in enumerate(colours):
        if rng.random() < share:
            position.cells[cell] = colour
    for index, ends in enumerate(position.board.ends):
        if rng.random() < share / 2:
            drawn = frozenset(divmod(cell, puzzle.cols) for cell in ends) in lines
            position.lines[index] = grade.LINE if drawn else grade.NO_LINE
    return position


def _puzzles():
    kuralin = puzzle_types()["kuralin"]
    for size in ("5", "6", "7", "8"):
        for i in range(3):
            yield kuralin.make(size, f"compiled-{i}", Budget()).puzzle
        for tier in ("easy", "medium", "hard"):
            yield kuralin.make_graded(kuralin.make_params(size, difficulty=tier), f"compiled-{size}", Budget())[0].puzzle


def test_the_compiled_grader_grades_as_the_python_one(monkeypatch):
    """Generated puzzles of every tier, graded up to every tier, stopped at random steps, and run
    on from positions knowing part of the answer: the same positions, runs and steps."""
    rng = random.Random(33)
    outcomes, tiers = Counter(), Counter()
    for puzzle in _puzzles():
        tiers[grade.grade(puzzle, Budget()).tier] += 1
        for tier in TIERS:
            outcomes[_both(monkeypatch, puzzle, tier, 10**7, None)] += 1
        spent = _solved(puzzle, "expert", 10**7, None)[-1]
        outcomes[_both(monkeypatch, puzzle, "expert", rng.randint(1, spent - 1), None)] += 1
        for share in (0.1, 0.3, 0.5):
            outcomes[_both(monkeypatch, puzzle, rng.choice(TIERS), 10**7, _part_of_answer(puzzle, rng, share))] += 1
        broken = _part_of_answer(puzzle, rng, 0.3)
        broken.cells = [rng.choice((grade.WHITE, grade.BLACK)) if rng.random() < 0.1 else v for v in broken.cells]
        outcomes[_both(monkeypatch, puzzle, "hard", 10**7, broken)] += 1
    assert set(tiers) == set(TIERS), tiers
    assert all(outcomes[end] >= 5 for end in ("finished", "Contradiction", "StepLimit")), outcomes  # every ending compared


# 10x10 puzzles that only long trials finish (bench codes): their trials follow every circle's
# cases in position after position, most of them reused by grade.c where what they read has not
# changed. On these, a grade.c reusing cases whose cell-lines reads of lines were taken at a
# cell's own lines only, or forgetting circle-count's reads of a circle's cells, or reusing cases
# past the step limit, grades differently (each such build failed this test).
TRIAL_HEAVY = ("bench-cf44d0dd", "bench-7f828d4c", "bench-3e4de7e0", "bench-85cd0acb")


def test_reused_circle_cases_grade_as_the_python_ones(monkeypatch):
    """Puzzles whose grades are mostly trials: the same grades, and the same steps when stopped
    at random steps (where a reused run would pass the limit)."""
    rng = random.Random(33)
    kuralin = puzzle_types()["kuralin"]
    puzzles = [kuralin.make("10", code, Budget()).puzzle for code in TRIAL_HEAVY]
    for puzzle in puzzles:
        assert _both(monkeypatch, puzzle, "expert", 10**7, None) == "finished"
    spent = _solved(puzzles[0], "expert", 10**7, None)[-1]  # the quickest of them in Python
    for _ in range(6):
        assert _both(monkeypatch, puzzles[0], "expert", rng.randint(1, spent - 1), None) == "StepLimit"


@pytest.mark.parametrize("path", sorted(GOLDEN.rglob("*.json")), ids=lambda p: str(p.relative_to(GOLDEN).with_suffix("")))
def test_every_golden_grades_the_same(monkeypatch, path: Path):
    record = json.loads(path.read_text())
    puzzle = from_record({**record, "rows": record["size"], "cols": record["size"]})
    compiled = grade.grade(puzzle, Budget())
    with monkeypatch.context() as python:
        python.setattr(grade, "_compiled", None)
        assert grade.grade(puzzle, Budget()) == compiled
    if "grade" in record:
        assert grade_fields(compiled) == record["grade"]


def test_the_largest_grid_is_graded_by_the_compiled_loop():
    """grade.c holds boards of at most CELLS cells: the largest grid the parameters allow must
    fit, or it would be graded in Python alone without anyone noticing."""
    fields = puzzle_types()["kuralin"].params.model_fields
    rows, cols = (max(m.le for m in fields[name].metadata if hasattr(m, "le")) for name in ("rows", "cols"))
    puzzle = KuralinPuzzle(rows, cols, (), None)
    assert grade.Board.of(puzzle).core is not None


def test_the_one_clash_of_cell_lines_goes_to_the_later_cell():
    """cell-lines' only clash: r1c2, with two lines, rules out its line to r1c3, which, white with
    two ways out, draws it. In grade.py's dict the later cell's finding stands; grade.c reads every
    cell at once and must agree. (Whole runs end in the same contradiction either way, so this one
    round is compared: two steps, circle-count's and cell-lines'.)"""
    board = grade.Board.of(KuralinPuzzle(3, 4, (), None))
    position = grade.Position(board)
    line = lambda a, b: board.ends.index((a, b))
    position.lines[line(0, 1)] = position.lines[line(1, 5)] = grade.LINE
    position.lines[line(2, 3)] = grade.NO_LINE
    position.cells[2] = grade.WHITE
    outcome, cells, lines, *_ = grade._compiled.solve(board.core, bytes(position.cells), bytes(position.lines), 2, 2)
    assert grade.circle_count(position) == 0 and grade.cell_lines(position) > 0
    assert position.lines[line(1, 2)] == grade.LINE
    assert (outcome, list(cells), list(lines)) == (2, position.cells, position.lines)  # 2: stopped at the step limit
