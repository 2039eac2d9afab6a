"""Kuralin figures: grid, circles on grid points, and for the answer the black cells and the loop.

One ink only, and it must survive a photocopier: a grey circle is not a light grey fill (that
turns to noise or vanishes) but an outlined circle with a solid dot in its middle, a mark that
stays distinct from the solid black and the empty white circle at any contrast.

In the answer the black cells are hatched, not filled: on solid black, a black circle inside its
paper ring reads as an empty circle (seen in a printed booklet), while on hatching all three
marks look as they do in the puzzle.
"""

from __future__ import annotations

from pipeline.render.svg import Figure, FigureSize
from pipeline.common.loops import cycle_order
from pipeline.puzzles.kuralin.model import KuralinPuzzle
from pipeline.render.svg import (
    HEAVY_PT,
    MEDIUM_PT,
    PAPER,
    PT,
    THIN_PT,
    Canvas,
    frame_segments,
    grid_segments,
)

CELL_MM = 8.5
RADIUS = 0.2 * CELL_MM  # a corner circle and a line circle half a cell apart never touch
DOT = 0.38 * RADIUS  # the grey circle's centre dot
HALO_MM = 0.5  # paper ring that keeps a circle clear of the hatching
HATCH_GAP = 1.0  # between the diagonal lines that mark black answer cells
LOOP_PT = 2.0  # heavier than the grid so the answer loop reads at a glance
MARGIN = HEAVY_PT * PT  # room for the outer frame's stroke


def print_size(rows: int, cols: int, *, answer: bool) -> FigureSize:
    """What draw() gives for any puzzle of rows x cols, before one exists: no text, and the
    thinnest line is always a grid line (the answer's hatching is as thin, its loop heavier)."""
    return FigureSize(cols * CELL_MM + 2 * MARGIN, rows * CELL_MM + 2 * MARGIN, 0.0, THIN_PT, grid_x_mm=MARGIN, grid_y_mm=MARGIN)


def draw(puzzle: KuralinPuzzle, *, answer: bool) -> Figure:
    rows, cols = puzzle.rows, puzzle.cols
    x0 = y0 = MARGIN
    size = print_size(rows, cols, answer=answer)
    canvas = Canvas(size.width_mm, size.height_mm, grid_at=(x0, y0))
    if answer:
        black = [(r, c) for r, row in enumerate(puzzle.answer.cells) for c, mark in enumerate(row) if mark == "#"]
        canvas.lines(_hatching(black, x0, y0), THIN_PT, cap="butt")
    canvas.lines(grid_segments(x0, y0, rows, cols, CELL_MM), THIN_PT)
    if answer:
        for circle in puzzle.circles:
            _halo(canvas, *_centre(circle.point, x0, y0))
        centres = [(x0 + (c + 0.5) * CELL_MM, y0 + (r + 0.5) * CELL_MM) for r, c in cycle_order(puzzle.answer.lines)]
        canvas.polyline(centres, LOOP_PT, closed=True)
    canvas.lines(frame_segments(x0, y0, rows, cols, CELL_MM), HEAVY_PT)
    for circle in puzzle.circles:
        cx, cy = _centre(circle.point, x0, y0)
        canvas.circle(cx, cy, RADIUS, filled=circle.kind == "black", line_pt=MEDIUM_PT)
        if circle.kind == "grey":
            canvas.circle(cx, cy, DOT, filled=True, line_pt=THIN_PT)
    return canvas.figure()


def _hatching(cells: list[tuple[int, int]], x0: float, y0: float) -> list[tuple[float, float, float, float]]:
    """Diagonal lines x + y = k * HATCH_GAP clipped to each cell, so neighbours join up."""
    segments = []
    for r, c in cells:
        left, top = x0 + c * CELL_MM, y0 + r * CELL_MM
        first = int((left + top) // HATCH_GAP) + 1
        last = int((left + top + 2 * CELL_MM) // HATCH_GAP)
        for k in range(first, last + 1):
            u = k * HATCH_GAP
            xa, xb = max(left, u - top - CELL_MM), min(left + CELL_MM, u - top)
            if xb - xa > 1e-6:
                segments.append((xa, u - xa, xb, u - xb))
    return segments


def _centre(point: tuple[int, int], x0: float, y0: float) -> tuple[float, float]:
    y, x = point
    return x0 + x * CELL_MM / 2, y0 + y * CELL_MM / 2


def _halo(canvas: Canvas, cx: float, cy: float) -> None:
    """Paper under a circle, so that black cells and grid lines leave a clear ring around it."""
    drawing = canvas.drawing
    drawing.add(drawing.circle(center=(round(cx, 2), round(cy, 2)), r=round(RADIUS + HALO_MM, 2), fill=PAPER, stroke="none"))
