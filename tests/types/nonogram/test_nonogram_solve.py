"""Counting answers: the own solver and the independent SAT proof against brute force."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from nonogram_reference import answers, puzzle_from_text, runs, shows_clues
from pipeline.errors import StepLimit
from pipeline.budget import Budget
from pipeline.puzzles.nonogram import PUZZLE_TYPE, generate, proof
from pipeline.puzzles.nonogram.model import Nonogram

PLAIN = PUZZLE_TYPE.make_params(None)  # a section without a difficulty: the line-solvable promise holds

# Unique, but the line solver stops short of the answer: finishing it takes trying a cell and
# following it to a contradiction, which the printed puzzles must never need.
NEEDS_A_GUESS = """
    ##..
    ...#
    .##.
    ..##
"""
TWO_ANSWERS = """
    #.
    .#
"""


def random_clue_set(rng: random.Random) -> Nonogram:
    """A small puzzle: usually the clues of a random picture, sometimes with a line's clue replaced."""
    rows, cols = rng.randint(3, 4), rng.randint(3, 5)
    picture = tuple("".join(rng.choice("#.") for _ in range(cols)) for _ in range(rows))
    puzzle = puzzle_from_text(" ".join(picture))
    if rng.random() < 0.3:
        row_clues = list(puzzle.row_clues)
        row_clues[rng.randrange(rows)] = runs("".join(rng.choice("#.") for _ in range(cols)))
        puzzle = Nonogram(rows, cols, tuple(row_clues), puzzle.col_clues)
    return puzzle


def test_counts_agree_with_brute_force_on_random_clue_sets():
    rng = random.Random(4417)
    seen = {0: 0, 1: 0, 2: 0}
    for _ in range(400):
        puzzle = random_clue_set(rng)
        expected = answers(puzzle, limit=2)
        solved = PUZZLE_TYPE.solve(puzzle, 2, Budget())
        proved = PUZZLE_TYPE.prove(puzzle, 2)
        assert len(solved) == len(proved) == len(expected), puzzle
        for found in (solved, proved):
            assert len(set(found)) == len(found)
            assert all(shows_clues(puzzle, answer) for answer in found)
        seen[len(expected)] += 1
    assert min(seen.values()) >= 40, seen


def test_all_answers_agree_with_brute_force():
    rng = random.Random(99)
    for _ in range(100):
        puzzle = random_clue_set(rng)
        expected = sorted(answers(puzzle, limit=1000))
        assert sorted(PUZZLE_TYPE.solve(puzzle, 1000, Budget())) == expected
        assert sorted(PUZZLE_TYPE.prove(puzzle, 1000)) == expected


def test_a_unique_puzzle_that_needs_a_guess_is_solved_but_breaks_the_promise():
    puzzle = puzzle_from_text(NEEDS_A_GUESS)
    assert answers(puzzle, limit=2) == [puzzle.answer]
    assert PUZZLE_TYPE.solve(puzzle, 2, Budget()) == [puzzle.answer]
    assert PUZZLE_TYPE.prove(puzzle, 2) == [puzzle.answer]
    assert PUZZLE_TYPE.promises(puzzle, PLAIN) == ["not-line-solvable"]
    for tier in ("easy", "medium", "hard"):
        assert PUZZLE_TYPE.promises(puzzle, PUZZLE_TYPE.make_params(None, difficulty=tier)) == ["not-line-solvable"]
    # an expert section asks for puzzles the line solver cannot finish; its grade says what can
    assert PUZZLE_TYPE.promises(puzzle, PUZZLE_TYPE.make_params(None, difficulty="expert")) == []


def test_an_ambiguous_puzzle_has_two_answers():
    puzzle = puzzle_from_text(TWO_ANSWERS)
    other = ("." + "#", "#" + ".")
    for found in (PUZZLE_TYPE.solve(puzzle, 5, Budget()), PUZZLE_TYPE.prove(puzzle, 5)):
        assert sorted(found) == sorted([puzzle.answer, other])
    assert PUZZLE_TYPE.promises(puzzle, PLAIN) == ["not-line-solvable"]


def test_clues_too_long_for_their_line_have_no_answer():
    puzzle = Nonogram(2, 2, ((3,), ()), ((1,), (1,)))
    assert PUZZLE_TYPE.solve(puzzle, 2, Budget()) == []
    assert PUZZLE_TYPE.prove(puzzle, 2) == []
    assert PUZZLE_TYPE.promises(puzzle, PLAIN) == ["not-line-solvable"]


@pytest.mark.parametrize("size", [5, 10, 15])
def test_generated_puzzles_are_proved_unique_by_both_engines(size):
    for index in range(5):
        puzzle = PUZZLE_TYPE.make(size, f"solve-{index}", Budget()).puzzle
        assert PUZZLE_TYPE.solve(puzzle, 2, Budget()) == [puzzle.answer]
        assert PUZZLE_TYPE.prove(puzzle, 2) == [puzzle.answer]
        assert PUZZLE_TYPE.promises(puzzle, PLAIN) == []


@pytest.mark.parametrize("rows, cols", [(15, 20), (25, 15), (5, 30), (30, 20)])
def test_generated_rectangles_are_proved_unique_by_both_engines(rows, cols):
    for index in range(3):
        puzzle = generate.generate(rows, cols, random.Random(f"{rows}x{cols}/solve-{index}"), Budget()).puzzle
        assert PUZZLE_TYPE.solve(puzzle, 2, Budget()) == [puzzle.answer]
        assert PUZZLE_TYPE.prove(puzzle, 2) == [puzzle.answer]
        assert PUZZLE_TYPE.promises(puzzle, PLAIN) == []
        assert PUZZLE_TYPE.failures(puzzle, puzzle.answer) == []


@pytest.mark.parametrize("picture", ["#.....# .#...#.", "#. .# .. .. .. .# #."])
def test_both_engines_count_the_answers_of_a_wide_or_tall_grid(picture):
    # two diagonal pairs, each of which can be mirrored on its own: four answers
    puzzle = puzzle_from_text(picture)
    expected = sorted(answers(puzzle, limit=10))
    assert len(expected) == 4
    assert sorted(PUZZLE_TYPE.solve(puzzle, 10, Budget())) == expected
    assert sorted(PUZZLE_TYPE.prove(puzzle, 10)) == expected


def test_solving_stops_at_the_step_limit():
    puzzle = PUZZLE_TYPE.make(15, "steps", Budget()).puzzle
    with pytest.raises(StepLimit):
        PUZZLE_TYPE.solve(puzzle, 2, Budget(steps=10))


def test_the_proof_imports_neither_solver_nor_generator():
    tree = ast.parse(Path(proof.__file__).read_text())
    imported = [
        node.module if isinstance(node, ast.ImportFrom) else alias.name
        for node in ast.walk(tree)
        if isinstance(node, (ast.Import, ast.ImportFrom))
        for alias in node.names
    ]
    own = [name for name in imported if name.startswith("pipeline.")]
    assert own, imported
    allowed = ("pipeline.proof", "pipeline.puzzles.nonogram.model")
    assert all(name.startswith(allowed) for name in own), own
