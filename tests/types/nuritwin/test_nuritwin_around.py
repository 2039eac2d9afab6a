"""Nuritwin's easy and medium puzzles, made on regions built around their answer (around.py):
exactly the asked grade, one answer proved twice, and not every number printed."""

from __future__ import annotations

import random
from functools import cache

import pytest

from pipeline.budget import Budget
from pipeline.interface.grades import TIERS
from pipeline.puzzles.nuritwin import PUZZLE_TYPE as NURITWIN
from pipeline.puzzles.nuritwin import around
from pipeline.puzzles.nuritwin import steps
from pipeline.puzzles.nuritwin.versions import CURRENT
from pipeline.puzzles.nuritwin.grade import grade, solves_within
from pipeline.puzzles.nuritwin.model import MAX_REGION_CELLS, components
from pipeline.puzzles.nuritwin.rules import check

CASES = [(tier, size, code) for tier in CURRENT.built_around for size, code in ((6, "around-1"), (8, "around-2"), (8, "around-3"), (10, "around-4"))]


@cache
def made(tier: str, size: int, code: str):
    return NURITWIN.make(NURITWIN.make_params(size, difficulty=tier), code, Budget(seconds=120))


@pytest.mark.parametrize("tier, size, code", CASES)
def test_a_puzzle_needs_exactly_its_tier_and_has_one_answer(tier, size, code):
    puzzle = made(tier, size, code).puzzle
    assert check(puzzle, puzzle.answer) == []
    assert grade(puzzle, Budget()).tier == tier
    if tier != TIERS[0]:
        assert not solves_within(puzzle, TIERS[TIERS.index(tier) - 1], Budget())
    assert NURITWIN.solve(puzzle, 2, Budget()) == [puzzle.answer]
    assert NURITWIN.prove(puzzle, 2) == [puzzle.answer]


@pytest.mark.parametrize("tier, size, code", CASES)
def test_some_numbers_are_left_out(tier, size, code):
    puzzle = made(tier, size, code).puzzle
    assert 0 < sum(number is None for number in puzzle.numbers) < len(puzzle.numbers)


def test_a_code_makes_the_same_puzzle_again():
    params = NURITWIN.make_params(8, difficulty="easy")
    assert NURITWIN.make(params, "around-2", Budget()) == made("easy", 8, "around-2")


@pytest.mark.parametrize("seed", range(20))
def test_a_build_is_regions_of_four_to_nine_cells_around_an_answer_that_obeys_every_rule(seed):
    built = around._build(around._Grid(8, 7), random.Random(seed))
    if built is None:
        return  # a build left a cell no region could take; the generator builds again
    labels, answer = built
    puzzle = steps.puzzle_of(labels, steps.block_sizes(labels, answer), answer)
    assert check(puzzle, answer) == []
    for cells in puzzle.region_cells:
        assert 4 <= len(cells) <= MAX_REGION_CELLS and len(components(cells)) == 1


def test_some_builds_cover_the_grid():
    rng = random.Random(0)
    assert sum(around._build(around._Grid(8, 8), rng) is not None for _ in range(30)) >= 3
