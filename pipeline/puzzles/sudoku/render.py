"""Drawing a Sudoku and its answer, black on white.

Thin cell lines, heavy box walls and frame, the givens centred in their cells in DejaVu Sans. In
the answer the givens print bold and the digits the reader fills in regular, so a solver checking
their grid sees at a glance which digits were printed. Each weight is one text element: every
digit's place is known from DejaVu's fixed digit advance in that weight.
"""

from __future__ import annotations

from pipeline.puzzles.sudoku.model import SudokuPuzzle
from pipeline.render.svg import HEAVY_PT, PT, THIN_PT, Canvas, Figure, FigureSize, Segment, frame_segments

CELL_MM = 9.0
# The digits' size against the cell: 16 pt at 9 mm (a digit 4.1 mm tall, under half the cell),
# the proportion newspapers print, which leaves the corners free for pencil marks.
DIGIT_PT = 16.0
MARGIN_MM = HEAVY_PT * PT / 2  # the frame's outer half


def print_size(size: int, *, answer: bool) -> FigureSize:
    """The figure's size and finest print for any puzzle of `size` × `size` cells."""
    side = size * CELL_MM + 2 * MARGIN_MM
    return FigureSize(side, side, smallest_text_pt=DIGIT_PT, thinnest_line_pt=THIN_PT, grid_x_mm=MARGIN_MM, grid_y_mm=MARGIN_MM)


def draw(puzzle: SudokuPuzzle, *, answer: bool) -> Figure:
    n = puzzle.rows
    size = print_size(n, answer=answer)
    x0 = y0 = MARGIN_MM
    canvas = Canvas(size.width_mm, size.height_mm, grid_at=(x0, y0))
    box_rows, box_cols = puzzle.box
    canvas.lines(_lines(x0, y0, n, lambda r: r % box_rows, lambda c: c % box_cols), THIN_PT)
    walls = _lines(x0, y0, n, lambda r: not r % box_rows, lambda c: not c % box_cols)
    canvas.lines(walls + frame_segments(x0, y0, n, n, CELL_MM), HEAVY_PT)
    _digits(canvas, puzzle.givens, x0, y0, bold=answer)
    if answer:
        filled = tuple(
            tuple(0 if given else value for given, value in zip(given_row, row))
            for given_row, row in zip(puzzle.givens, puzzle.answer)
        )
        _digits(canvas, filled, x0, y0, bold=False)
    return canvas.figure()


def _lines(x0: float, y0: float, n: int, across, down) -> list[Segment]:
    """The inner lines across the grid below the rows `across` picks, and down it right of the
    columns `down` picks (the frame is drawn apart)."""
    side = n * CELL_MM
    return [(x0, y0 + k * CELL_MM, x0 + side, y0 + k * CELL_MM) for k in range(1, n) if across(k)] + [
        (x0 + k * CELL_MM, y0, x0 + k * CELL_MM, y0 + side) for k in range(1, n) if down(k)
    ]


def _digits(canvas: Canvas, grid, x0: float, y0: float, *, bold: bool) -> None:
    placed = [
        (x0 + (c + 0.5) * CELL_MM, y0 + (r + 0.5) * CELL_MM, str(value), "middle")
        for r, row in enumerate(grid)
        for c, value in enumerate(row)
        if value
    ]
    canvas.numbers(placed, DIGIT_PT, bold=bold)
