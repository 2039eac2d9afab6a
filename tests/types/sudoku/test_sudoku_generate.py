"""The generator: symmetric givens unless asked otherwise, one answer, and the parameters it
takes and refuses."""

from __future__ import annotations

import random
import pytest
from pydantic import ValidationError

from conftest import cli
from pipeline.budget import Budget
from pipeline.puzzles.sudoku import PUZZLE_TYPE as SUDOKU
from pipeline.puzzles.sudoku.generate import _Meter, _put_back, orbits
from pipeline.puzzles.sudoku.proof import prove
from sudoku_reference import made


def given_cells(puzzle) -> set[tuple[int, int]]:
    return {(r, c) for r, row in enumerate(puzzle.givens) for c, value in enumerate(row) if value}


@pytest.mark.parametrize("size", [4, 6, 9])
def test_givens_look_the_same_turned_upside_down(size: int) -> None:
    for code in ("harbour", "lantern", "2026-11-30"):
        puzzle = made(size, code).puzzle
        cells = given_cells(puzzle)
        assert cells == {(size - 1 - r, size - 1 - c) for r, c in cells}


def test_symmetry_none_places_givens_anywhere() -> None:
    lopsided = 0
    for code in ("harbour", "lantern", "2026-11-30", "x"):
        puzzle = made(9, code, symmetry="none").puzzle
        cells = given_cells(puzzle)
        lopsided += cells != {(8 - r, 8 - c) for r, c in cells}
        assert SUDOKU.solve(puzzle, 2, Budget()) == [puzzle.answer]
    assert lopsided == 4


def test_the_orbits_cover_every_cell_once() -> None:
    for size in (4, 6, 9):
        for symmetry in ("rotational", "none"):
            cells = [cell for orbit in orbits(size, symmetry) for cell in orbit]
            assert sorted(cells) == list(range(size * size))
    assert orbits(9, "rotational")[40] == (40,), "the centre of a 9x9 is its own image"


@pytest.mark.parametrize("size, difficulty", [(9, None), (9, "easy"), (6, "hard"), (6, "expert"), (9, "medium"), (4, None)])
def test_a_made_puzzle_has_one_answer_and_every_given_is_needed_for_it(size: int, difficulty) -> None:
    extra = {"difficulty": difficulty} if difficulty else {}
    generated = made(size, "harbour", **extra)
    puzzle = generated.puzzle
    assert SUDOKU.failures(puzzle, puzzle.answer) == []
    assert SUDOKU.solve(puzzle, 2, Budget()) == [puzzle.answer] == prove(puzzle, 2)
    assert generated.stats["givens"] == len(given_cells(puzzle))
    assert generated.grade == SUDOKU.grade(puzzle, Budget())
    if difficulty is None:  # taking away any symmetric pair more leaves a second answer
        for orbit in orbits(size, "rotational"):
            cells = [(i // size, i % size) for i in orbit]
            if all(cell in given_cells(puzzle) for cell in cells):
                fewer = tuple(tuple(0 if (r, c) in cells else v for c, v in enumerate(row)) for r, row in enumerate(puzzle.givens))
                assert len(SUDOKU.solve(type(puzzle)(size, size, fewer, puzzle.answer), 2, Budget())) == 2


def test_a_puzzle_without_a_difficulty_is_still_finished_by_the_techniques() -> None:
    for code in ("harbour", "lantern", "a", "b", "c"):
        assert made(9, code).grade.tier is not None


@pytest.mark.parametrize(
    "given, problem",
    [
        ({"size": 5}, "a Sudoku grid is square with boxes: size 4, 6, 9, not 5x5"),
        ({"size": "9x6"}, "a Sudoku grid is square with boxes: size 4, 6, 9, not 9x6"),
        ({"size": 12}, "less than or equal to 9"),
        ({"size": 4, "difficulty": "medium"}, "a 4x4 Sudoku is always easy"),
        ({"size": 9, "symmetry": "mirror"}, "'rotational' or 'none'"),
    ],
)
def test_parameters_it_cannot_make_are_refused_by_name(given: dict, problem: str) -> None:
    size = given.pop("size")
    with pytest.raises((ValidationError, ValueError)) as caught:
        SUDOKU.make_params(size, **given)
    assert problem in str(caught.value)


def test_putting_givens_back_lands_on_the_tier_asked_for_and_keeps_the_symmetry() -> None:
    """Version 2's way down from an attempt above the tier (here: hard, taken to easy, which
    always succeeds since the full grid is easy): the givens it had stay, the ones it adds come
    from the answer in symmetric pairs, and the grader gives the tier asked for."""
    hard = next(made(6, f"c{i}").puzzle for i in range(200) if made(6, f"c{i}").grade.tier == "hard")
    lowered = _put_back(hard, orbits(6, "rotational"), "easy", random.Random(1), _Meter(Budget()))
    assert SUDOKU.grade(lowered, Budget()).tier == "easy"
    assert given_cells(hard) < given_cells(lowered)
    assert given_cells(lowered) == {(5 - r, 5 - c) for r, c in given_cells(lowered)}
    assert all(lowered.givens[r][c] == lowered.answer[r][c] for r, c in given_cells(lowered))


def test_a_4x4_can_be_asked_for_easy() -> None:
    assert made(4, "harbour", difficulty="easy").grade.tier == "easy"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--size", "5"], "--size: a Sudoku grid is square with boxes: size 4, 6, 9, not 5x5"),
        (["--size", "4", "--difficulty", "hard"], "--size and --difficulty: a 4x4 Sudoku is always easy"),
    ],
)
def test_new_names_the_grid_rule_it_breaks(tmp_path, options: list[str], message: str) -> None:
    """`new` says the type's own rule for the grid, as a spec does, not only the ranges (a 5x5
    is within 4 to 9 rows and columns)."""
    ran = cli("new", "sudoku", *options, "--code", "x", "-o", tmp_path / "out")
    assert ran.code == 2 and message in ran.stderr and "Traceback" not in ran.stderr
    assert not (tmp_path / "out").exists()
