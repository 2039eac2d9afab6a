"""The Kuralin generator: every puzzle re-checked and proved twice, every circle needed.
(Reprints across processes and golden records: test_contract.py and test_golden.py.)"""

from __future__ import annotations

import random
import statistics
import time
from functools import cache

import pytest

from kuralin_reference import loop_from_picture
from pipeline.puzzles.base import Budget
from pipeline.puzzles.kuralin import PUZZLE_TYPE as KURALIN
from pipeline.puzzles.kuralin import generate
from pipeline.puzzles.kuralin.model import KuralinPuzzle, interior_points

CODES = {5: ["harbour", "lantern", "2026-11-30"], 6: ["harbour", "lantern"], 7: ["harbour", "lantern"],
         8: ["harbour", "lantern"], 9: ["harbour"], 10: ["harbour"]}
CASES = [(size, code) for size, codes in CODES.items() for code in codes]


@cache
def made(size: int, code: str):
    return KURALIN.make(size, code, Budget())


def without(puzzle: KuralinPuzzle, index: int) -> KuralinPuzzle:
    circles = puzzle.circles[:index] + puzzle.circles[index + 1 :]
    return KuralinPuzzle(puzzle.rows, puzzle.cols, circles, puzzle.answer)


@pytest.mark.parametrize("size, code", CASES)
def test_generated_puzzles_are_valid_unique_and_proved_twice(size, code):
    result = made(size, code)
    puzzle, stats = result.puzzle, result.stats
    assert (puzzle.rows, puzzle.cols) == (size, size)
    assert KURALIN.check(puzzle, puzzle.answer) == []
    assert KURALIN.solve(puzzle, 2, Budget()) == [puzzle.answer]
    assert KURALIN.prove(puzzle, 2) == [puzzle.answer]
    assert {c.point for c in puzzle.circles} <= set(interior_points(size, size))
    assert [c.point for c in puzzle.circles] == sorted({c.point for c in puzzle.circles})
    loop_length = sum(row.count(".") for row in puzzle.answer.cells)
    assert loop_length >= 0.55 * size * size
    assert stats["loop_length"] == loop_length
    for kind in ("black", "white", "grey"):
        assert stats[f"{kind}_circles"] == sum(c.kind == kind for c in puzzle.circles)
    assert stats["attempts"] >= 1 + stats["drops_at_step_limit"]


@pytest.mark.parametrize("size, code", [(5, "harbour"), (7, "harbour"), (10, "harbour")])
def test_every_circle_is_needed(size, code):
    puzzle = made(size, code).puzzle
    for index in range(len(puzzle.circles)):
        assert len(KURALIN.prove(without(puzzle, index), 2)) == 2, index


def test_searches_that_reach_their_step_limit_are_dropped_and_counted(monkeypatch):
    monkeypatch.setattr(generate, "COUNT_STEPS", 300)
    result = KURALIN.make(6, "d2", Budget())
    puzzle = result.puzzle
    assert result.stats["drops_at_step_limit"] > 0
    assert KURALIN.prove(puzzle, 2) == [puzzle.answer] and KURALIN.check(puzzle, puzzle.answer) == []


# All 16 cells of a 4x4 grid on the loop: five other loops pass through the same cells.
AMBIGUOUS = """
o-o-o-o
|     |
o-o o-o
  | |
o-o o-o
|     |
o-o-o-o
"""


def test_a_loop_that_shares_its_cells_with_another_loop_is_redrawn(monkeypatch):
    ambiguous = loop_from_picture(AMBIGUOUS)
    real, drawn = generate.search, []

    def first_loop_is_ambiguous(board, limit, budget, **options):
        if options.get("min_length") and not drawn:
            drawn.append(ambiguous)
            return [ambiguous]
        return real(board, limit, budget, **options)

    monkeypatch.setattr(generate, "search", first_loop_is_ambiguous)
    result = generate.generate(4, 4, random.Random("redraw"), Budget())
    assert drawn and result.stats["attempts"] == 2
    assert result.puzzle.answer != ambiguous
    assert KURALIN.prove(result.puzzle, 2) == [result.puzzle.answer]


def test_small_puzzles_generate_quickly():
    """Generous bounds (the targets are 0.1 s and 0.5 s), in process time: catches a slowdown."""
    for size, bound in ((5, 0.3), (7, 1.5)):
        times = []
        for index in range(5):
            start = time.process_time()
            KURALIN.make(size, f"quick-{index}", Budget())
            times.append(time.process_time() - start)
        assert statistics.median(times) < bound, (size, times)
