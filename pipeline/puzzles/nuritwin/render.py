"""Drawing a Nuritwin puzzle and its answer, black on white.

Thin cell lines, heavy region walls and frame, and each printed number in its region's first cell.
In the answer, shaded cells are black, but held back from every region wall and the frame by a
white gap, so walls between two shaded cells still read clearly; inside a region, shaded cells
that touch print as one solid block. A number in a shaded cell sits in a white disc.
"""

from __future__ import annotations

from dataclasses import asdict

from pipeline.puzzles.nuritwin.model import SHADED, NuritwinPuzzle
from pipeline.render.svg import (
    HEAVY_PT,
    MEDIUM_PT,
    PT,
    THIN_PT,
    Canvas,
    Figure,
    FigureSize,
    frame_segments,
    grid_segments,
    wall_segments,
)

CELL_MM = 8.5
NUMBER_PT = 10.0  # stays above the 7 pt floor even when layout shrinks the grid to 70 %
DISC_NUMBER_PT = 9.0
MARGIN_MM = HEAVY_PT * PT / 2  # the frame's outer half
WALL_GAP_MM = HEAVY_PT * PT / 2 + 0.5  # half a wall, then white paper, before any shading


def print_size(rows: int, cols: int, *, answer: bool) -> FigureSize:
    """The figure's size and the finest print it may hold, for any puzzle of these dimensions.

    The finest print is what the drawing can hold, not what one puzzle happens to: a number
    anywhere (and in an answer, a number in a disc) and thin cell lines. So layout can choose a
    page for a size before any puzzle exists, and every puzzle of that size agrees with it.
    """
    return FigureSize(
        width_mm=cols * CELL_MM + 2 * MARGIN_MM,
        height_mm=rows * CELL_MM + 2 * MARGIN_MM,
        smallest_text_pt=min(NUMBER_PT, DISC_NUMBER_PT) if answer else NUMBER_PT,
        thinnest_line_pt=THIN_PT,  # cell lines; walls and discs are heavier
        grid_x_mm=MARGIN_MM,
        grid_y_mm=MARGIN_MM,
    )


def draw(puzzle: NuritwinPuzzle, *, answer: bool) -> Figure:
    """The puzzle (or its answer) drawn, sized as print_size() says for its dimensions."""
    size = print_size(puzzle.rows, puzzle.cols, answer=answer)
    x0 = y0 = MARGIN_MM
    canvas = Canvas(size.width_mm, size.height_mm, grid_at=(x0, y0))
    labels = [list(row) for row in puzzle.regions]
    if answer:
        _shade(canvas, puzzle, x0, y0)
    canvas.lines(grid_segments(x0, y0, puzzle.rows, puzzle.cols, CELL_MM), THIN_PT)
    canvas.lines(wall_segments(x0, y0, labels, CELL_MM) + frame_segments(x0, y0, puzzle.rows, puzzle.cols, CELL_MM), HEAVY_PT)
    _numbers(canvas, puzzle, x0, y0, answer)
    return Figure(**asdict(size), svg=canvas.figure().svg)


def _shade(canvas: Canvas, puzzle: NuritwinPuzzle, x0: float, y0: float) -> None:
    """Every shaded cell as one rectangle, inset from each side that is a wall or the frame."""
    rects = []
    for r, row in enumerate(puzzle.answer):
        for c, mark in enumerate(row):
            if mark != SHADED:
                continue
            top = _gap(puzzle, r, c, r - 1, c)
            bottom = _gap(puzzle, r, c, r + 1, c)
            left = _gap(puzzle, r, c, r, c - 1)
            right = _gap(puzzle, r, c, r, c + 1)
            rects.append((x0 + c * CELL_MM + left, y0 + r * CELL_MM + top, CELL_MM - left - right, CELL_MM - top - bottom))
    canvas.rectangles(rects)


def _gap(puzzle: NuritwinPuzzle, r: int, c: int, nr: int, nc: int) -> float:
    """The inset on the side of cell (r, c) that faces (nr, nc): a gap at walls and the frame."""
    inside = 0 <= nr < puzzle.rows and 0 <= nc < puzzle.cols
    return 0.0 if inside and puzzle.regions[nr][nc] == puzzle.regions[r][c] else WALL_GAP_MM


def _numbers(canvas: Canvas, puzzle: NuritwinPuzzle, x0: float, y0: float, answer: bool) -> None:
    for r, row in enumerate(puzzle.clues):
        for c, number in enumerate(row):
            if number is None:
                continue
            cx, cy = x0 + (c + 0.5) * CELL_MM, y0 + (r + 0.5) * CELL_MM
            if answer and puzzle.answer[r][c] == SHADED:
                canvas.circle(cx, cy, 0.32 * CELL_MM, filled=False, line_pt=MEDIUM_PT)
                canvas.text(cx, cy, str(number), DISC_NUMBER_PT)
            else:
                canvas.text(cx, cy, str(number), NUMBER_PT)


