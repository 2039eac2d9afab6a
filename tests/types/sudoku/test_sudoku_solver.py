"""The solver and the SAT proof against the brute force, on small puzzles with one answer, with
several and with none."""

from __future__ import annotations

import random
from functools import cache

import pytest

from pipeline.budget import Budget
from pipeline.errors import StepLimit
from pipeline.puzzles.sudoku import PUZZLE_TYPE as SUDOKU
from pipeline.puzzles.sudoku.model import SudokuPuzzle
from pipeline.puzzles.sudoku.proof import prove
from pipeline.puzzles.sudoku.solver import full_grid, solve
from sudoku_reference import HARDEST, brute_force, grid, puzzle

SIX = grid(
    """
    123 456
    456 123
    231 564
    564 231
    312 645
    645 312
    """
)


def some_givens(answer, keep: int, rng: random.Random, clash: bool = False):
    n = len(answer)
    cells = rng.sample([(r, c) for r in range(n) for c in range(n)], keep)
    givens = [[0] * n for _ in range(n)]
    for r, c in cells:
        givens[r][c] = answer[r][c]
    if clash:  # one given changed to a digit its row already holds: no answer at all
        r, c = cells[0]
        givens[r][c] = answer[r][(c + 1) % n]
    return tuple(map(tuple, givens))


@cache
def small_puzzles() -> list[tuple[SudokuPuzzle, list]]:
    """Puzzles with every answer the brute force finds."""
    rng = random.Random(7)
    found = []
    for index in range(60):
        size, keep = ((4, rng.randint(1, 9)), (6, rng.randint(18, 28)))[index % 2]
        answer = full_grid(size, rng, Budget()) if size == 4 else SIX
        givens = some_givens(answer, keep, rng, clash=index % 7 == 0)
        found.append((SudokuPuzzle(size, size, givens, answer), brute_force(givens)))
    return found


@pytest.mark.parametrize("limit", [1, 2, 5])
def test_the_solver_counts_what_the_brute_force_counts(limit: int) -> None:
    counts = set()
    for p, expected in small_puzzles():
        found = solve(p, limit, Budget())
        assert len(found) == min(limit, len(expected))
        assert len(set(found)) == len(found) and set(found) <= set(expected)
        counts.add(min(len(expected), 3))
    assert counts == {0, 1, 2, 3}, "the puzzles cover no answer, one, and several"


def test_the_proof_counts_what_the_brute_force_counts() -> None:
    for p, expected in small_puzzles():
        found = prove(p, 2)
        assert len(found) == min(2, len(expected)) and set(found) <= set(expected)


def test_a_hard_9x9_has_one_answer_both_ways() -> None:
    # a well-known hard puzzle (Arto Inkala's, 2012): the search must still finish quickly
    hard = puzzle(HARDEST)
    answers = solve(hard, 2, Budget(steps=200_000))
    assert len(answers) == 1 and prove(hard, 2) == answers
    assert answers[0][0] == (8, 1, 2, 7, 5, 3, 6, 4, 9)


def test_the_search_spends_its_budget() -> None:
    with pytest.raises(StepLimit):
        solve(puzzle("." * 9 + "\n" + ("." * 9 + "\n") * 8), 2, Budget(steps=10))


def test_the_effort_counts_the_searchs_nodes() -> None:
    solved = puzzle("\n".join(["1234", "3412", "2143", "4321"]))
    assert SUDOKU.effort(solved, Budget()) == {"nodes": 0}
    one_empty = puzzle("\n".join(["1234", "3412", "2143", "432."]))
    assert SUDOKU.effort(one_empty, Budget()) == {"nodes": 1}
