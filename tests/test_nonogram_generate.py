"""The generator keeps the product document's promises: unique, line-solvable, a little over half
filled, the same puzzle for the same code in any process, quickly."""

from __future__ import annotations

import statistics
import time

import pytest

from nonogram_reference import answers
from pipeline.codes import rng_for
from pipeline.puzzles.base import Budget
from pipeline.puzzles.nonogram import PUZZLE_TYPE, generate
from pipeline.puzzles.nonogram.solver import line_solve


def made(size: int, code: str):
    return PUZZLE_TYPE.generate(size, rng_for("nonogram", size, code), Budget())


def test_generated_5x5_puzzles_have_one_answer_by_exhaustive_search():
    for index in range(200):
        puzzle = made(5, f"unique-{index}").puzzle
        assert answers(puzzle, limit=2) == [puzzle.answer]


@pytest.mark.parametrize("size", [5, 10, 15])
def test_forty_puzzles_per_size_are_rebuilt_by_the_line_solver(size):
    shares, repaired = [], 0
    for index in range(40):
        result = made(size, f"rebuild-{index}")
        puzzle = result.puzzle
        assert (puzzle.rows, puzzle.cols) == (size, size)
        assert PUZZLE_TYPE.check(puzzle, puzzle.answer) == []
        grid = line_solve(puzzle, Budget())
        assert grid.is_complete() and grid.picture() == puzzle.answer
        assert result.stats["filled"] == sum(row.count("#") for row in puzzle.answer)
        shares.append(result.stats["filled"] / size**2)
        repaired += result.stats["flips"] > 0 and result.stats["attempts"] == 1
    assert 0.5 < statistics.mean(shares) < 0.62, shares  # "a little over half"
    if size == 15:
        assert repaired >= 5  # stuck pictures are repaired by flipping cells, not only redrawn


def test_pictures_flip_about_one_cell_in_six_after_smoothing(monkeypatch):
    # with the flips switched off the picture is smoother: far fewer runs per line
    def run_count(picture_rows):
        return sum(len(clue) for clue in generate.puzzle_of(picture_rows, 15).row_clues)

    noisy = [run_count(generate.draw_picture(15, 15, rng_for("nonogram", 15, f"n{i}"))) for i in range(20)]
    monkeypatch.setattr(generate, "FLIP_SHARE", 0.0)
    smooth = [run_count(generate.draw_picture(15, 15, rng_for("nonogram", 15, f"n{i}"))) for i in range(20)]
    assert statistics.mean(noisy) > 1.5 * statistics.mean(smooth)


def test_smoothing_takes_the_majority_of_each_neighbourhood():
    lone = [0b00000, 0b00100, 0b00000, 0b00000, 0b00000]
    notch = [0b11111, 0b11011, 0b11111, 0b00000, 0b00000]
    assert generate.smooth(lone, 5) == [0] * 5
    assert generate.smooth(notch, 5)[1] == 0b11111


@pytest.mark.parametrize("size", range(1, 16))
def test_the_staircase_is_line_solvable(size):
    puzzle = generate.puzzle_of(generate.staircase(size, size), size)
    grid = line_solve(puzzle, Budget())
    assert grid.is_complete() and grid.picture() == puzzle.answer


def test_after_many_failed_pictures_the_staircase_is_used(monkeypatch):
    monkeypatch.setattr(generate, "MAX_PICTURES", 0)
    result = made(10, "fallback")
    assert result.stats["fallback"] is True
    assert result.puzzle == generate.puzzle_of(generate.staircase(10, 10), 10)
    assert PUZZLE_TYPE.promises(result.puzzle) == []


def test_same_code_same_puzzle_and_stats():
    first, again = made(15, "harbour"), made(15, "harbour")
    assert first.puzzle == again.puzzle and first.stats == again.stats
    assert made(15, "harbour2").puzzle != first.puzzle


def test_a_15x15_puzzle_generates_in_under_a_second():
    for index in range(10):
        start = time.process_time()
        made(15, f"speed-{index}")
        assert time.process_time() - start < 1.0
