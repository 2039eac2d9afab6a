"""Masyu's generator: every puzzle has one answer by an outside check, graded sections get their
grade, and loops are single loops through cell centres."""

from __future__ import annotations

import random
from functools import partial

import pytest
from conftest import failing
from masyu_reference import brute_force, outside_count, pearl_walk

from pipeline.budget import Budget
from pipeline.codes import fresh_code
from pipeline.common.loops import is_one_loop
from pipeline.puzzles.masyu import generate
from pipeline.registry import puzzle_types

MASYU = puzzle_types()["masyu"]


@pytest.mark.parametrize("rows, cols", [(6, 6), (8, 8), (7, 11), (15, 15)])
def test_grown_loops_are_single_loops(rows: int, cols: int) -> None:
    rng = random.Random(rows * cols)
    for _ in range(8):
        assert is_one_loop(generate.draw_loop(rows, cols, rng))


@pytest.mark.slow
@pytest.mark.parametrize("size", [8, 10])
def test_a_hundred_fresh_codes_have_one_answer_by_an_outside_check(size: int) -> None:
    assert failing(partial(_one_answer_by_the_outside_check, size), [fresh_code() for _ in range(100)]) == []


def _one_answer_by_the_outside_check(size: int, code: str) -> bool:
    made = MASYU.make(size, code, Budget(seconds=60))
    return outside_count(made.puzzle.pearls) == [made.puzzle.answer]


@pytest.mark.slow
def test_a_hundred_fresh_codes_of_the_smallest_size_have_one_answer_by_brute_force() -> None:
    """The walks cost some 0.4 s of CPU a code at 6x6 (40 codes: 15.5 s; 28.0 s before the walk
    was cut where it can no longer close), about as much as the making."""
    assert failing(_one_answer_by_the_pearl_walk, [fresh_code() for _ in range(100)]) == []


def _one_answer_by_the_pearl_walk(code: str) -> bool:
    made = MASYU.make(6, code, Budget(seconds=60))
    return pearl_walk(made.puzzle.pearls) == [made.puzzle.answer]


def test_the_pearl_walk_finds_what_the_brute_force_finds() -> None:
    rng = random.Random(3)
    for rows, cols in ((4, 4), (4, 5), (5, 4)):
        for _ in range(10):
            loop = generate.draw_loop(rows, cols, rng)
            pearls = [["."] * cols for _ in range(rows)]
            for (r, c), mark in generate.all_pearls(rows, cols, loop).items():
                if rng.random() < 0.5:
                    pearls[r][c] = mark
            pearls[rng.randrange(rows)][rng.randrange(cols)] = rng.choice("BW")  # sometimes no answer
            puzzle = tuple("".join(row) for row in pearls)
            everything = brute_force(puzzle)
            assert len(pearl_walk(puzzle)) == len(everything) and set(pearl_walk(puzzle)) == set(everything), puzzle


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard", "expert"])
def test_a_graded_section_gets_its_grade(difficulty: str) -> None:
    for code in ("g1",):
        params = MASYU.make_params(8, difficulty=difficulty)
        made, grade = MASYU.make_graded(params, code, Budget(seconds=60))
        assert grade.tier == difficulty
        assert MASYU.grade(made.puzzle, Budget()).tier == difficulty


def test_every_pearl_the_loop_allows_is_read_off_it() -> None:
    # a 3x4 loop around the grid's edge: four turns, each between straights, and straights
    # beside them
    loop = generate._outline({(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)}, 3, 4)
    assert generate.all_pearls(3, 4, loop) == {
        (0, 0): "B", (0, 1): "W", (0, 2): "W", (0, 3): "B", (1, 0): "W", (1, 3): "W",
        (2, 0): "B", (2, 1): "W", (2, 2): "W", (2, 3): "B",
    }


@pytest.mark.parametrize("difficulty", [None, "easy", "hard", "expert"])
def test_version_2_makes_what_version_1_made_outside_medium(difficulty: str | None) -> None:
    """Version 2 changes only how medium loops grow; the goldens of the other sections record
    version 1, so this holds version 2 to them on more codes."""
    params = MASYU.make_params(6, **({"difficulty": difficulty} if difficulty else {}))
    for code in ("a", "b", "c"):
        assert MASYU.make(params, code, Budget(), 2) == MASYU.make(params, code, Budget(), 1), code


def test_version_2_grows_medium_loops_otherwise() -> None:
    params = MASYU.make_params(8, difficulty="medium")
    assert MASYU.make(params, "a", Budget(), 2).puzzle != MASYU.make(params, "a", Budget(), 1).puzzle
