"""The solver, the SAT proof and the grader's conclusions against the brute force of small grids."""

from __future__ import annotations

import random

import pytest
from masyu_reference import all_loops, brute_force, outside_count, picture

from pipeline.budget import Budget
from pipeline.errors import StepLimit
from pipeline.puzzles.masyu import grade, proof, solver
from pipeline.puzzles.masyu.model import MasyuPuzzle

SAMPLE = """
. . . . .

o-W-o-o-B
|       |
o o-W-o o
| |   | |
o W . W o
| |   | |
o-o . o-o
"""


def puzzle_of(pearls, answer=frozenset()) -> MasyuPuzzle:
    return MasyuPuzzle(len(pearls), len(pearls[0]), tuple(pearls), answer)


def random_puzzles(rows: int, cols: int, count: int, seed: int) -> list[MasyuPuzzle]:
    """Pearls read off a random loop (a few of those it allows, or some of the wrong kind), so
    puzzles with one answer, several and none all come up."""
    rng = random.Random(seed)
    loops = all_loops(rows, cols)
    made = []
    for _ in range(count):
        loop = rng.choice(loops)
        marks = [["."] * cols for _ in range(rows)]
        for r in range(rows):
            for c in range(cols):
                if rng.random() < 0.35:
                    marks[r][c] = rng.choice("BW")
        made.append(puzzle_of(["".join(row) for row in marks]))
        cells = sorted({cell for line in loop for cell in line})
        for cell in rng.sample(cells, min(len(cells), rng.randint(2, 6))):
            ways = [other for line in loop for other in line if cell in line and other != cell]
            straight = ways[0][0] == ways[1][0] or ways[0][1] == ways[1][1]
            marks[cell[0]][cell[1]] = "W" if straight else "B"
        made.append(puzzle_of(["".join(row) for row in marks]))
    return made


def test_the_brute_force_lists_every_loop_of_small_grids_once() -> None:
    # the number of cycles of the 3x3, 4x4 and 5x5 grid graphs (OEIS A140517)
    assert [len(all_loops(n, n)) for n in (3, 4, 5)] == [13, 213, 9349]


def test_the_sample_has_one_answer_by_every_means() -> None:
    pearls, loop = picture(SAMPLE)
    puzzle = puzzle_of(pearls, loop)
    assert brute_force(pearls) == [loop]
    assert solver.solve(puzzle, 2, Budget()) == [loop]
    assert proof.prove(puzzle, 2) == [loop]
    assert outside_count(pearls) == [loop]


@pytest.mark.parametrize("rows, cols, seed", [(4, 4, 1), (4, 5, 2), (5, 4, 3), (5, 5, 4)])
def test_solver_proof_and_outside_check_count_what_the_brute_force_counts(rows: int, cols: int, seed: int) -> None:
    for puzzle in random_puzzles(rows, cols, 12, seed):
        truth = set(brute_force(puzzle.pearls))
        expected = min(len(truth), 3)
        found = solver.solve(puzzle, 3, Budget())
        assert len(found) == expected and set(found) <= truth, puzzle.pearls
        proved = proof.prove(puzzle, 3)
        assert len(proved) == expected and set(proved) <= truth, puzzle.pearls
        outside = outside_count(puzzle.pearls, 3)
        assert len(outside) == expected and set(outside) <= truth, puzzle.pearls


@pytest.mark.parametrize("rows, cols, seed", [(4, 4, 5), (5, 5, 6)])
def test_the_grader_finishes_only_puzzles_of_one_answer_and_finds_it(rows: int, cols: int, seed: int) -> None:
    for puzzle in random_puzzles(rows, cols, 15, seed):
        truth = brute_force(puzzle.pearls)
        if grade.solves(puzzle, "expert", Budget()):
            assert len(truth) == 1, puzzle.pearls
            assert grade.grade(puzzle, Budget()).tier is not None


def test_a_search_that_reaches_its_step_limit_says_so() -> None:
    pearls, _ = picture(SAMPLE)
    with pytest.raises(StepLimit):
        solver.solve(puzzle_of(("." * 8,) * 7 + ("B" + "." * 7,)), 5, Budget(steps=3))
    assert solver.solve(puzzle_of(pearls), 2, Budget(steps=1000))


def test_the_outside_check_lists_each_answer_alone_where_other_loops_fit_beside_it() -> None:
    """Black pearls in two far corners leave room for pearl-free loops beside an answer: every
    one of the 154 answers is listed, and listed without them."""
    pearls = ("B.....", "......", "......", ".....B")
    listed = outside_count(pearls, 200)
    assert len(listed) == 154 and set(listed) == set(brute_force(pearls))
