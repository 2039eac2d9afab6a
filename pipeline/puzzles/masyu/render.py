"""Masyu figures: the grid, black pearls solid and white pearls outlined, and for the answer the
loop through cell centres, drawn under the pearls so that each pearl stays readable on it."""

from __future__ import annotations

from pipeline.common.loops import cycle_order
from pipeline.puzzles.masyu.model import BLACK, MasyuPuzzle
from pipeline.render.svg import HEAVY_PT, PT, THIN_PT, Canvas, Figure, FigureSize, frame_segments, grid_segments

CELL_MM = 8.0
RADIUS = 0.34 * CELL_MM  # a pearl fills most of its cell, as printed Masyu pearls do
PEARL_PT = 1.4  # a white pearl's ring: clearly heavier than the grid, so it never reads as a grid mark
LOOP_PT = 2.5  # the answer's loop, heavier than the ring so the two never blur
MARGIN = HEAVY_PT * PT


def print_size(rows: int, cols: int, *, answer: bool) -> FigureSize:
    """What draw() gives for any rows x cols puzzle, before one exists: no text; the grid lines
    are the thinnest."""
    return FigureSize(cols * CELL_MM + 2 * MARGIN, rows * CELL_MM + 2 * MARGIN, 0.0, THIN_PT, grid_x_mm=MARGIN, grid_y_mm=MARGIN)


def draw(puzzle: MasyuPuzzle, *, answer: bool) -> Figure:
    rows, cols = puzzle.rows, puzzle.cols
    x0 = y0 = MARGIN
    size = print_size(rows, cols, answer=answer)
    canvas = Canvas(size.width_mm, size.height_mm, grid_at=(x0, y0))
    canvas.lines(grid_segments(x0, y0, rows, cols, CELL_MM), THIN_PT)
    if answer and puzzle.answer:
        centres = [(x0 + (c + 0.5) * CELL_MM, y0 + (r + 0.5) * CELL_MM) for r, c in cycle_order(puzzle.answer)]
        canvas.polyline(centres, LOOP_PT, closed=True)
    canvas.lines(frame_segments(x0, y0, rows, cols, CELL_MM), HEAVY_PT)
    for r, c in puzzle.pearl_cells():
        cx, cy = x0 + (c + 0.5) * CELL_MM, y0 + (r + 0.5) * CELL_MM
        canvas.circle(cx, cy, RADIUS, filled=puzzle.pearl((r, c)) == BLACK, line_pt=PEARL_PT)
    return canvas.figure()
