"""The generator keeps the product document's promises: unique, line-solvable, a little over half
filled, the same puzzle for the same code in any process, quickly; for every grid from 5 to 30
cells a side, square or not."""

from __future__ import annotations

import random
import statistics
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nonogram_reference import answers, runs, shows_clues, smoothed
from pipeline.codes import rng_for
from pipeline.budget import Budget
from pipeline.puzzles.nonogram import PUZZLE_TYPE, generate
from pipeline.puzzles.nonogram.solver import line_solve

# (rows, cols): 20x15 is 20 columns by 15 rows, as a reader names a grid
SHAPES = [(15, 20), (25, 15), (5, 30), (30, 5), (20, 30), (30, 30)]


def made(size: int, code: str):
    return PUZZLE_TYPE.make(size, code, Budget())


def made_rect(rows: int, cols: int, code: str):
    return generate.generate(rows, cols, random.Random(f"{rows}x{cols}/{code}"), Budget())


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
        assert PUZZLE_TYPE.failures(puzzle, puzzle.answer) == []
        grid = line_solve(puzzle, Budget())
        assert grid.is_complete() and grid.picture() == puzzle.answer
        assert result.stats["filled"] == sum(row.count("#") for row in puzzle.answer)
        shares.append(result.stats["filled"] / size**2)
        repaired += result.stats["flips"] > 0 and result.stats["attempts"] == 1
    assert 0.5 < statistics.mean(shares) < 0.62, shares  # "a little over half"
    if size == 15:
        assert repaired >= 5  # stuck pictures are repaired by flipping cells, not only redrawn


@pytest.mark.parametrize("rows, cols", [(5, 6), (6, 5)])
def test_generated_small_rectangles_have_one_answer_by_exhaustive_search(rows, cols):
    for index in range(40):
        puzzle = made_rect(rows, cols, f"unique-{index}").puzzle
        assert (puzzle.rows, puzzle.cols) == (rows, cols)
        assert answers(puzzle, limit=2) == [puzzle.answer]


@pytest.mark.parametrize("rows, cols", SHAPES)
def test_every_shape_is_rebuilt_by_the_line_solver_and_a_little_over_half_filled(rows, cols):
    shares = []
    for index in range(8):
        result = made_rect(rows, cols, f"rebuild-{index}")
        puzzle = result.puzzle
        assert (puzzle.rows, puzzle.cols) == (rows, cols)
        assert len(puzzle.row_clues) == rows and len(puzzle.col_clues) == cols
        assert shows_clues(puzzle, puzzle.answer)
        grid = line_solve(puzzle, Budget())
        assert grid.is_complete() and grid.picture() == puzzle.answer
        assert result.stats["fallback"] is False
        shares.append(result.stats["filled"] / (rows * cols))
    assert 0.5 < statistics.mean(shares) < 0.62, shares


def test_large_grids_are_repaired_not_redrawn():
    # Two flips per retry, the first sizes' rule, redraws a 30x30 picture 30 times a code on
    # average; a quarter of the stuck area per retry finishes nearly all of them on the first.
    attempts = [made_rect(30, 30, f"repair-{index}").stats["attempts"] for index in range(10)]
    assert statistics.mean(attempts) <= 1.5, attempts


def test_the_first_sizes_flip_two_cells_per_retry_and_others_a_quarter_of_the_stuck_area():
    assert [generate._flip_count(stuck, 15, 15) for stuck in (1, 2, 40, 200)] == [1, 2, 2, 2]
    assert [generate._flip_count(stuck, 20, 20) for stuck in (1, 2, 9, 40, 200)] == [1, 2, 2, 10, 50]
    assert generate._flip_count(40, 15, 10) == 10  # a new shape, however small


@pytest.mark.parametrize("rows, cols", [(5, 5), (5, 30), (30, 5), (30, 30)])
def test_the_bounds_generate(rows, cols):
    puzzle = made_rect(rows, cols, "bounds").puzzle
    assert (puzzle.rows, puzzle.cols) == (rows, cols)
    assert PUZZLE_TYPE.promises(puzzle, PUZZLE_TYPE.make_params(None)) == []


def test_pictures_flip_about_one_cell_in_six_after_smoothing(monkeypatch):
    # with the flips switched off the picture is smoother: far fewer runs per line
    def run_count(picture_rows):
        return sum(len(clue) for clue in generate.puzzle_of(picture_rows, 15).row_clues)

    noisy = [run_count(generate.draw_picture(15, 15, rng_for("nonogram", PUZZLE_TYPE.make_params(15), f"n{i}"))) for i in range(20)]
    monkeypatch.setattr(generate, "FLIP_SHARE", 0.0)
    smooth = [run_count(generate.draw_picture(15, 15, rng_for("nonogram", PUZZLE_TYPE.make_params(15), f"n{i}"))) for i in range(20)]
    assert statistics.mean(noisy) > 1.5 * statistics.mean(smooth)


def test_smoothing_takes_the_majority_of_each_neighbourhood():
    lone = [0b00000, 0b00100, 0b00000, 0b00000, 0b00000]
    notch = [0b11111, 0b11011, 0b11111, 0b00000, 0b00000]
    assert generate.smooth(lone, 5) == [0] * 5
    assert generate.smooth(notch, 5)[1] == 0b11111


@given(st.integers(0, 2**30 - 1))
def test_a_line_clue_is_read_off_its_bits(line):
    assert generate.clue_of(line) == runs(format(line, "030b")[::-1].replace("1", "#").replace("0", "."))


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 12), st.integers(1, 12), st.randoms(use_true_random=False))
def test_smoothing_matches_the_cell_by_cell_reference(rows, cols, rnd):
    picture = [rnd.getrandbits(cols) for _ in range(rows)]
    text = [generate.puzzle_of(picture, cols).answer[r] for r in range(rows)]
    assert [generate.puzzle_of(generate.smooth(picture, cols), cols).answer[r] for r in range(rows)] == smoothed(text)


@pytest.mark.parametrize("rows, cols", [(n, n) for n in range(1, 16)] + [(5, 30), (30, 5), (7, 13), (13, 7), (30, 30)])
def test_the_staircase_is_line_solvable(rows, cols):
    puzzle = generate.puzzle_of(generate.staircase(rows, cols), cols)
    assert (puzzle.rows, puzzle.cols) == (rows, cols)
    grid = line_solve(puzzle, Budget())
    assert grid.is_complete() and grid.picture() == puzzle.answer


def test_after_many_failed_pictures_the_staircase_is_used(monkeypatch):
    monkeypatch.setattr(generate, "MAX_PICTURES", 0)
    result = made(10, "fallback")
    assert result.stats["fallback"] is True
    assert result.puzzle == generate.puzzle_of(generate.staircase(10, 10), 10)
    assert PUZZLE_TYPE.promises(result.puzzle, PUZZLE_TYPE.make_params(None)) == []


def test_same_code_same_puzzle_and_stats():
    first, again = made(15, "harbour"), made(15, "harbour")
    assert first.puzzle == again.puzzle and first.stats == again.stats
    assert made(15, "harbour2").puzzle != first.puzzle
    wide, again = made_rect(15, 20, "harbour"), made_rect(15, 20, "harbour")
    assert wide.puzzle == again.puzzle and wide.stats == again.stats


def test_a_15x15_puzzle_generates_in_under_a_second():
    for index in range(10):
        start = time.process_time()
        made(15, f"speed-{index}")
        assert time.process_time() - start < 1.0


def test_a_30x30_puzzle_generates_in_under_a_second():
    # about 20 ms each on a quiet machine: the limit catches a repair that stopped scaling
    for index in range(5):
        start = time.process_time()
        made_rect(30, 30, f"speed-{index}")
        assert time.process_time() - start < 1.0


def _lines(answer):
    return [*answer, *("".join(row[c] for row in answer) for c in range(len(answer[0])))]


@pytest.mark.parametrize(("rows", "cols"), [(10, 10), (15, 15), (15, 20), (5, 5)])
def test_easy_pictures_are_symmetric_line_solvable_and_leave_no_line_empty(rows, cols):
    """Version 3's easy sections: every puzzle of 20 codes fills each row and column, is
    rebuilt by the line solver, and mirrors left to right in most codes (repair flips are
    mirrored too; only the odd middle column of a fallback picture breaks it)."""
    params = PUZZLE_TYPE.make_params(rows=rows, cols=cols, difficulty="easy")
    symmetric = 0
    for i in range(20):
        puzzle = PUZZLE_TYPE.make(params, f"e{i}", Budget()).puzzle
        assert all("#" in line for line in _lines(puzzle.answer)), (i, puzzle.answer)
        assert line_solve(puzzle, Budget()).is_complete()
        symmetric += all(row == row[::-1] for row in puzzle.answer)
    assert symmetric >= 18


def test_the_symmetric_drawing_is_mirrored_and_stretched_to_every_edge():
    for seed in range(50):
        picture = generate.draw_symmetric(12, 17, random.Random(seed))
        cells = ["".join("#" if (row >> c) & 1 else "." for c in range(17)) for row in picture]
        assert all(row == row[::-1] for row in cells), seed
    # a small mirrored shape in the middle of the grid fills the whole grid's edges once stretched
    middle = [0] * 4 + [0b0000011001100000, 0b0000001111000000] + [0] * 4
    stretched = generate._stretched(middle, 10, 16)
    cells = ["".join("#" if (row >> c) & 1 else "." for c in range(16)) for row in stretched]
    assert "#" in cells[0] and "#" in cells[-1]
    assert any(row[0] == "#" for row in cells) and any(row[-1] == "#" for row in cells)
    assert all(row == row[::-1] for row in cells)


def test_a_version_2_easy_code_still_makes_its_dense_picture():
    """nonogram/2 stays in the package: a spec pinned to it reprints its easy codes."""
    params = PUZZLE_TYPE.make_params(10, difficulty="easy")
    assert 2 in PUZZLE_TYPE.previous
    assert PUZZLE_TYPE.make(params, "lantern", Budget(), 2).puzzle.answer != PUZZLE_TYPE.make(params, "lantern", Budget()).puzzle.answer


@pytest.mark.parametrize(("rows", "cols"), [(5, 5), (6, 6), (8, 5)])
def test_small_medium_sections_draw_outlines_that_grade_medium_in_few_pictures(rows, cols):
    """Version 4's medium sections up to side 6 (an 8 x 5 grid has the cells of a side-6 square,
    so it draws outlines too): every puzzle of 20 codes has one answer (by
    exhaustive search), grades medium, and came within a few pictures (1.5 a code over 300 5x5
    codes, against 8.0 in version 3), with more than a third and less than four fifths filled."""
    params = PUZZLE_TYPE.make_params(rows=rows, cols=cols, difficulty="medium")
    aimed = []
    for i in range(20):
        made, grade = PUZZLE_TYPE.make_graded(params, f"m{i}", Budget())
        assert grade.tier == "medium", (i, made.puzzle.answer)
        assert answers(made.puzzle, limit=2) == [made.puzzle.answer]
        assert 0.35 < made.stats["filled"] / (rows * cols) < 0.8, (i, made.puzzle.answer)
        aimed.append(made.stats["aimed"])
    assert statistics.mean(aimed) <= 3


def test_an_outline_empties_only_cells_whose_four_neighbours_are_filled(monkeypatch):
    monkeypatch.setattr(generate, "OUTLINE_HOLLOW", 1.0)
    full = [0b11111] * 4 + [0b00111]
    hollowed = generate._hollowed(full, 5, random.Random(1))
    # the grid's edge stays; inside, (3, 3) keeps its cell: its neighbour below is empty
    assert hollowed == [0b11111, 0b10001, 0b10001, 0b11001, 0b00111]


def test_only_small_medium_grids_draw_outlines_and_version_3_still_makes_its_pictures():
    """nonogram/3 stays in the package: a spec pinned to it reprints its medium 5x5 codes; a
    medium 10x10 code makes the same puzzle in versions 3 and 4."""
    assert 3 in PUZZLE_TYPE.previous
    assert generate.draws_outlines(6, 6) and generate.draws_outlines(5, 8) and not generate.draws_outlines(7, 7)
    small, large = PUZZLE_TYPE.make_params(5, difficulty="medium"), PUZZLE_TYPE.make_params(10, difficulty="medium")
    assert PUZZLE_TYPE.make(small, "lantern", Budget(), 3).puzzle != PUZZLE_TYPE.make(small, "lantern", Budget()).puzzle
    assert PUZZLE_TYPE.make(large, "lantern", Budget(), 3).puzzle == PUZZLE_TYPE.make(large, "lantern", Budget()).puzzle
