"""The rules checklist beyond its failing boards (failing/, read by the shared checklist tests):
where messages place grid points on the last row and column, and numbers counted edge by edge."""

from __future__ import annotations

from pipeline.puzzles.slitherlink import PUZZLE_TYPE as SLITHERLINK
from pipeline.puzzles.slitherlink.model import SlitherlinkPuzzle, boundary, point_name


def border_loop(clues) -> SlitherlinkPuzzle:
    cells = {(r, c) for r in range(3) for c in range(3)}
    return SlitherlinkPuzzle(3, 3, clues, boundary(3, 3, cells))


def test_a_number_counts_each_edge_of_its_cell() -> None:
    empty = [[None] * 3 for _ in range(3)]
    for cell, number, keeps in (((1, 1), 0, True), ((1, 1), 1, False), ((0, 0), 2, True), ((0, 1), 1, True), ((0, 1), 2, False)):
        clues = [row[:] for row in empty]
        clues[cell[0]][cell[1]] = number
        puzzle = border_loop(tuple(map(tuple, clues)))
        assert [f.code for f in SLITHERLINK.failures(puzzle, puzzle.answer)] == ([] if keeps else ["clue-count"])


def test_an_edge_outside_the_grid_or_between_far_points_is_refused_first() -> None:
    puzzle = border_loop(((None,) * 3,) * 3)
    for wrong in ({((0, 0), (1, 1))}, {((3, 3), (3, 4))}, {((0, 1), (0, 0))}):
        assert [f.code for f in SLITHERLINK.failures(puzzle, frozenset(wrong))] == ["bad-shape"]


def test_messages_name_the_points_of_the_last_row_and_column() -> None:
    assert point_name((0, 0), 3, 3) == "the grid point above-left of r1c1"
    assert point_name((3, 3), 3, 3) == "the grid point below-right of r3c3"
    assert point_name((1, 3), 3, 3) == "the grid point above-right of r2c3"
    assert point_name((3, 1), 3, 3) == "the grid point below-left of r3c2"
