"""The Nuritwin generator: every puzzle re-checked and proved twice, every number needed.
(Reprints across processes and golden records: test_contract.py and test_golden.py.)"""

from __future__ import annotations

import random
import statistics
import time
from functools import cache

import pytest

from pipeline.puzzles.base import Budget
from pipeline.puzzles.nuritwin import PUZZLE_TYPE as NURITWIN
from pipeline.puzzles.nuritwin import generate
from pipeline.puzzles.nuritwin.model import NuritwinPuzzle

CODES = {6: ["harbour", "lantern", "2026-11-30"], 7: ["harbour", "lantern"], 8: ["harbour", "lantern"],
         9: ["harbour"], 10: ["harbour"]}
SLOW = pytest.mark.slow  # 9 x 9 and 10 x 10 take 5-7 s each to make and prove on a busy machine
CASES = [pytest.param(size, code, marks=[SLOW] if size >= 9 else []) for size, codes in CODES.items() for code in codes]


@cache
def made(size: int, code: str):
    return NURITWIN.make(size, code, Budget())


def without_number(puzzle: NuritwinPuzzle, region: int) -> NuritwinPuzzle:
    r, c = puzzle.region_cells[region][0]
    clues = [list(row) for row in puzzle.clues]
    clues[r][c] = None
    return NuritwinPuzzle(puzzle.rows, puzzle.cols, puzzle.regions, tuple(map(tuple, clues)), puzzle.answer)


@pytest.mark.parametrize("size, code", CASES)
def test_generated_puzzles_are_valid_unique_and_proved_twice(size, code):
    result = made(size, code)
    puzzle, stats = result.puzzle, result.stats
    assert (puzzle.rows, puzzle.cols) == (size, size)
    assert NURITWIN.check(puzzle, puzzle.answer) == []
    assert NURITWIN.solve(puzzle, 2, Budget()) == [puzzle.answer]
    assert NURITWIN.prove(puzzle, 2) == [puzzle.answer]
    assert NURITWIN.from_record({"rows": size, "cols": size, **NURITWIN.to_record(puzzle)}) == puzzle
    assert all(4 <= len(cells) <= 9 for cells in puzzle.region_cells)
    assert stats["regions"] == len(puzzle.region_cells)
    assert stats["numbers"] == sum(number is not None for number in puzzle.numbers)
    assert 0 <= stats["reshaping_moves"] <= 40
    assert stats["attempts"] >= 1 + stats["dropped_at_step_limit"]


@pytest.mark.parametrize("size, code", [(6, "harbour"), (8, "harbour"), (8, "lantern"), pytest.param(10, "harbour", marks=SLOW)])
def test_every_printed_number_is_needed(size, code):
    puzzle = made(size, code).puzzle
    numbered = [region for region, number in enumerate(puzzle.numbers) if number is not None]
    assert numbered
    for region in numbered:
        assert len(NURITWIN.prove(without_number(puzzle, region), 2)) == 2, region


def test_searches_that_reach_their_step_limit_are_dropped_and_counted(monkeypatch):
    monkeypatch.setattr(generate, "COUNT_STEPS", 20)
    monkeypatch.setattr(generate, "DRAW_STEPS", 100)
    result = NURITWIN.make(7, "dropping", Budget())
    puzzle = result.puzzle
    assert result.stats["dropped_at_step_limit"] > 0
    assert NURITWIN.prove(puzzle, 2) == [puzzle.answer] and NURITWIN.check(puzzle, puzzle.answer) == []


def test_small_puzzles_generate_quickly():
    """Generous bounds (the targets are 0.1 s and 0.5 s), in process time: catches a slowdown."""
    for size, bound in ((6, 0.3), (8, 1.5)):
        times = []
        for index in range(5):
            start = time.process_time()
            NURITWIN.make(size, f"quick-{index}", Budget())
            times.append(time.process_time() - start)
        assert statistics.median(times) < bound, (size, times)


@pytest.mark.parametrize("rows, cols", [(6, 9), (9, 6), (7, 8)])
def test_rectangles_are_valid_unique_and_proved_twice(rows, cols):
    result = generate.generate(rows, cols, random.Random(f"rectangle {rows}x{cols}"), Budget())
    puzzle = result.puzzle
    assert (puzzle.rows, puzzle.cols) == (rows, cols)
    assert len(puzzle.regions) == rows and all(len(row) == cols for row in puzzle.regions)
    assert NURITWIN.check(puzzle, puzzle.answer) == []
    assert NURITWIN.solve(puzzle, 2, Budget()) == [puzzle.answer]
    assert NURITWIN.prove(puzzle, 2) == [puzzle.answer]
    assert NURITWIN.from_record({"rows": rows, "cols": cols, **NURITWIN.to_record(puzzle)}) == puzzle
    assert all(4 <= len(cells) <= 9 for cells in puzzle.region_cells)
