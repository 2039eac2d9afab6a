"""The solver and the SAT proof against the brute force (slitherlink_reference.py), and fresh
codes checked from outside: brute force at 5x5, the reference's own SAT check on cells at the
usual sizes."""

from __future__ import annotations

import random
from functools import partial

import pytest

from conftest import failing
from slitherlink_reference import brute_force, is_one_loop, outside_count
from pipeline.budget import Budget
from pipeline.codes import fresh_code
from pipeline.interface.grades import Contradiction
from pipeline.puzzles.slitherlink.grade import finished, solve_with
from pipeline.puzzles.slitherlink import PUZZLE_TYPE as SLITHERLINK
from pipeline.puzzles.slitherlink.loopgen import draw_loop
from pipeline.puzzles.slitherlink.model import SlitherlinkPuzzle, clues_for


def random_puzzles(count: int, seed: int):
    """Small grids with a random loop and a random share of its numbers (0 to all): puzzles
    with one answer, several, or (with a number changed) none."""
    rng = random.Random(seed)
    for _ in range(count):
        rows, cols = rng.randint(2, 4), rng.randint(2, 4)
        loop = draw_loop(rows, cols, rng)
        full = clues_for(rows, cols, loop)
        keep = rng.random()
        clues = [[n if rng.random() < keep else None for n in row] for row in full]
        if rng.random() < 0.2:
            r, c = rng.randrange(rows), rng.randrange(cols)
            clues[r][c] = rng.randint(0, 3)
        yield SlitherlinkPuzzle(rows, cols, tuple(map(tuple, clues)), loop)


@pytest.mark.parametrize("seed", range(4))
def test_solver_and_proof_count_what_the_brute_force_counts(seed: int) -> None:
    for puzzle in random_puzzles(40, seed):
        truth = brute_force(puzzle.rows, puzzle.cols, puzzle.clues, limit=3)
        solved = SLITHERLINK.solve(puzzle, 3, Budget())
        proved = SLITHERLINK.prove(puzzle, 3)
        assert len(solved) == len(proved) == len(truth), puzzle
        assert set(solved) <= set(brute_force(puzzle.rows, puzzle.cols, puzzle.clues))
        assert all(is_one_loop(answer) for answer in proved)


@pytest.mark.parametrize("seed", range(2))
def test_what_the_grader_finishes_is_the_only_answer(seed: int) -> None:
    """Every technique concludes only what all answers share: a puzzle the grader finishes has
    exactly the answer it found, and one it finds broken has none."""
    for puzzle in random_puzzles(40, 100 + seed):
        truth = brute_force(puzzle.rows, puzzle.cols, puzzle.clues, limit=2)
        try:
            position, _ = solve_with(puzzle, "expert", Budget())
        except Contradiction:
            assert truth == []
            continue
        if finished(position):
            assert len(truth) == 1 and SLITHERLINK.grade(puzzle, Budget()).tier is not None


def test_the_outside_check_lists_what_the_brute_force_lists() -> None:
    for puzzle in random_puzzles(15, 7):
        everything = brute_force(puzzle.rows, puzzle.cols, puzzle.clues)
        listed = outside_count(puzzle.rows, puzzle.cols, puzzle.clues, 10**6)
        assert len(listed) == len(everything) and set(listed) == set(everything), puzzle


def test_a_3x3_grid_without_numbers_has_213_loops() -> None:
    empty = SlitherlinkPuzzle(3, 3, ((None,) * 3,) * 3, frozenset())
    assert len(brute_force(3, 3, empty.clues)) == len(outside_count(3, 3, empty.clues, 300)) == 213
    assert len(SLITHERLINK.solve(empty, 300, Budget())) == len(SLITHERLINK.prove(empty, 300)) == 213


def test_100_fresh_5x5_codes_have_one_answer_by_brute_force() -> None:
    assert failing(_one_answer_by_brute_force, [f"fresh-{k}" for k in range(100)]) == []


def _one_answer_by_brute_force(code: str) -> bool:
    puzzle = SLITHERLINK.make(SLITHERLINK.make_params(5), code, Budget()).puzzle
    return brute_force(5, 5, puzzle.clues, limit=2) == [puzzle.answer]


@pytest.mark.slow
@pytest.mark.parametrize("size", ["7", "10"])
def test_100_fresh_codes_of_the_usual_sizes_have_one_answer_by_the_outside_check(size: str) -> None:
    """About 15 s of CPU at 7x7 and 50 s at 10x10, mostly making the codes (52 s and 179 s
    wall on 2 cores shared by seven sessions, 1 December 2026)."""
    assert failing(partial(_one_answer_by_the_outside_check, size), [fresh_code() for _ in range(100)]) == []


def _one_answer_by_the_outside_check(size: str, code: str) -> bool:
    puzzle = SLITHERLINK.make(SLITHERLINK.make_params(size), code, Budget()).puzzle
    return outside_count(puzzle.rows, puzzle.cols, puzzle.clues) == [puzzle.answer]
