"""The Kuralin generator: every puzzle re-checked and proved twice, every circle needed.
(Reprints across processes and golden records: test_contract.py and test_golden.py.)"""

from __future__ import annotations

import random
import statistics
import time
from functools import cache

import pytest

from kuralin_reference import loop_from_picture
from pipeline.budget import Budget
from pipeline.interface.grades import TIERS
from pipeline.puzzles.kuralin import PUZZLE_TYPE as KURALIN
from pipeline.puzzles.kuralin import generate
from pipeline.puzzles.kuralin.grade import solves_within
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
    assert KURALIN.failures(puzzle, puzzle.answer) == []
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
    assert KURALIN.prove(puzzle, 2) == [puzzle.answer] and KURALIN.failures(puzzle, puzzle.answer) == []


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


def draw_the_ambiguous_loop_first(monkeypatch) -> list:
    """The generator's first drawn loop is AMBIGUOUS (its later draws are its own); returns the
    list that holds that loop once it has been drawn."""
    ambiguous = loop_from_picture(AMBIGUOUS)
    real, drawn = generate.search, []

    def first_loop_is_ambiguous(board, limit, budget, **options):
        if options.get("min_length") and not drawn:
            drawn.append(ambiguous)
            return [ambiguous]
        return real(board, limit, budget, **options)

    monkeypatch.setattr(generate, "search", first_loop_is_ambiguous)
    return drawn


def test_a_loop_that_shares_its_cells_with_another_loop_is_redrawn(monkeypatch):
    drawn = draw_the_ambiguous_loop_first(monkeypatch)
    ambiguous = loop_from_picture(AMBIGUOUS)
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


# --- made for a difficulty (generator version 2) ---------------------------------------------------


@pytest.mark.parametrize("tier", ["easy", "medium", "hard"])
def test_a_difficulty_makes_a_puzzle_its_tier_finishes_and_the_tier_below_does_not(tier):
    params = KURALIN.make_params(6, difficulty=tier)
    for code in ("harbour", "lantern"):
        puzzle = KURALIN.make(params, code, Budget()).puzzle
        assert KURALIN.grade(puzzle, Budget()).tier == tier
        assert solves_within(puzzle, tier, Budget())
        if tier != TIERS[0]:
            assert not solves_within(puzzle, TIERS[TIERS.index(tier) - 1], Budget())
        assert KURALIN.prove(puzzle, 2) == [puzzle.answer] and KURALIN.failures(puzzle, puzzle.answer) == []


def test_every_circle_of_a_graded_puzzle_is_needed_at_its_tier():
    puzzle = KURALIN.make(KURALIN.make_params(6, difficulty="medium"), "harbour", Budget()).puzzle
    for index in range(len(puzzle.circles)):
        assert not solves_within(without(puzzle, index), "medium", Budget()), index


def test_only_easy_medium_and_hard_codes_make_other_puzzles_than_version_1():
    """Expert puzzles come from the ungraded generator, as every graded code did in version 1."""
    for difficulty in (None, "expert"):
        params = KURALIN.make_params(6, difficulty=difficulty)
        assert KURALIN.make(params, "harbour", Budget()) == KURALIN.make(params, "harbour", Budget(), version=1)
    hard = KURALIN.make_params(6, difficulty="hard")
    assert KURALIN.make(hard, "harbour", Budget()) != KURALIN.make(hard, "harbour", Budget(), version=1)


def test_a_loop_whose_lines_do_not_follow_from_its_colours_is_redrawn(monkeypatch):
    """Circles cannot tell apart loops through the same cells: such a loop is refused before any
    circle is placed."""
    drawn = draw_the_ambiguous_loop_first(monkeypatch)
    ambiguous = loop_from_picture(AMBIGUOUS)
    real_add, placed = generate._circles_until_solved, []
    monkeypatch.setattr(generate, "_circles_until_solved", lambda *args: placed.append(args[2]) or real_add(*args))
    result = generate.generate_graded(4, 4, "easy", random.Random("redraw"), Budget())
    assert drawn and result.stats["attempts"] >= 2 and ambiguous not in placed
    assert result.puzzle.answer != ambiguous
    assert solves_within(result.puzzle, "easy", Budget())
