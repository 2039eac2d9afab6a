"""Kuralin grids of any shape from 5 to 12 a side: generated, recorded, checked, solved, proved and
drawn at the size print_size promises."""

from __future__ import annotations

import random
from dataclasses import astuple
from functools import cache

import pytest

from kuralin_reference import obeys
from pipeline.budget import Budget
from pipeline.puzzles.kuralin import PUZZLE_TYPE as KURALIN
from pipeline.puzzles.kuralin import generate, render
from pipeline.puzzles.kuralin.model import KuralinPuzzle, interior_points
from pipeline.records import dumps_record
from pipeline.render.svg import FigureSize

SHAPES = [(5, 8), (8, 5), (6, 11), (9, 7)]


@cache
def made(rows: int, cols: int, code: str = "shape"):
    return generate.generate(rows, cols, random.Random(f"{rows}x{cols}/{code}"), Budget())


@pytest.mark.parametrize("rows, cols", SHAPES)
def test_rectangles_are_generated_valid_unique_and_proved_twice(rows, cols):
    result = made(rows, cols)
    puzzle = result.puzzle
    assert (puzzle.rows, puzzle.cols) == (rows, cols)
    assert len(puzzle.answer.cells) == rows and {len(row) for row in puzzle.answer.cells} == {cols}
    assert obeys(rows, cols, puzzle.circles, puzzle.answer)
    assert KURALIN.failures(puzzle, puzzle.answer) == []
    assert KURALIN.solve(puzzle, 2, Budget()) == [puzzle.answer]
    assert KURALIN.prove(puzzle, 2) == [puzzle.answer]
    assert {c.point for c in puzzle.circles} <= set(interior_points(rows, cols))
    assert result.stats["loop_length"] >= 0.55 * rows * cols


@pytest.mark.parametrize("rows, cols", SHAPES[:2])
def test_every_circle_of_a_rectangle_is_needed(rows, cols):
    puzzle = made(rows, cols).puzzle
    for index in range(len(puzzle.circles)):
        fewer = KuralinPuzzle(rows, cols, puzzle.circles[:index] + puzzle.circles[index + 1 :], puzzle.answer)
        assert len(KURALIN.prove(fewer, 2)) == 2, index


@pytest.mark.parametrize("rows, cols", SHAPES[:2])
def test_a_rectangle_is_made_again_exactly_and_reads_back(rows, cols):
    first = made(rows, cols).puzzle
    again = generate.generate(rows, cols, random.Random(f"{rows}x{cols}/shape"), Budget()).puzzle
    assert again == first
    record = {"rows": rows, "cols": cols, **KURALIN.to_record(first)}
    assert KURALIN.from_record(record) == first
    assert dumps_record(KURALIN.to_record(again)) == dumps_record(KURALIN.to_record(first))


@pytest.mark.slow
@pytest.mark.parametrize("rows, cols", [(12, 12), (12, 7), (7, 12)])
def test_the_largest_grids_are_generated_and_proved(rows, cols):
    puzzle = made(rows, cols).puzzle
    assert KURALIN.failures(puzzle, puzzle.answer) == []
    assert KURALIN.solve(puzzle, 2, Budget()) == [puzzle.answer]
    assert KURALIN.prove(puzzle, 2) == [puzzle.answer]


def drawn_size(puzzle: KuralinPuzzle, answer: bool) -> tuple:
    return astuple(FigureSize(*astuple(KURALIN.draw(puzzle, answer=answer))[:6]))


@pytest.mark.parametrize("rows, cols", [(5, 5), (7, 7), *SHAPES])
def test_print_size_is_what_every_puzzle_of_that_size_draws(rows, cols):
    puzzles = [made(rows, cols).puzzle, made(rows, cols, "other").puzzle]
    bare = made(rows, cols).puzzle
    puzzles.append(KuralinPuzzle(rows, cols, (), bare.answer))  # no circles at all
    for answer in (False, True):
        size = render.print_size(rows, cols, answer=answer)
        assert isinstance(size, FigureSize)
        assert {drawn_size(p, answer) for p in puzzles} == {astuple(size)}
    assert render.print_size(rows, cols, answer=False).width_mm == pytest.approx(cols * render.CELL_MM + 2 * render.MARGIN)
    assert render.print_size(rows, cols, answer=False).height_mm == pytest.approx(rows * render.CELL_MM + 2 * render.MARGIN)
