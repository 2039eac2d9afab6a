"""Slitherlink figures: a dot on every grid point, the numbers, and for the answer the loop.

No grid lines: the loop is drawn between the dots, and printed lines would only compete with it.
Every dot is one small disc of one path element, so a 20x20 (441 grid points) is three elements
however large it is (the canvas counts elements: WeasyPrint pays per element). The numbers are
one text element too.
"""

from __future__ import annotations

from pipeline.common.loops import cycle_order
from pipeline.puzzles.slitherlink.model import SlitherlinkPuzzle
from pipeline.render.svg import INK, PT, THIN_PT, Canvas, Figure, FigureSize, _num

CELL_MM = 7.0
DOT_MM = 0.4  # a dot's radius, before its outline: a pencil point finds it, it never hides a line
DOT_LINE_PT = THIN_PT  # the dots' outline, which the print checks read as the thinnest line
CLUE_PT = 0.58 * CELL_MM / PT  # a digit about 0.6 of a cell high
LOOP_PT = 2.0  # heavier than anything else, so the answer's loop reads at a glance
MARGIN = DOT_MM + LOOP_PT * PT  # room for the outermost dots and the loop's stroke


def print_size(rows: int, cols: int, *, answer: bool) -> FigureSize:
    """What draw() gives for any puzzle of rows x cols, before one exists."""
    return FigureSize(
        cols * CELL_MM + 2 * MARGIN, rows * CELL_MM + 2 * MARGIN, CLUE_PT, DOT_LINE_PT,
        grid_x_mm=MARGIN, grid_y_mm=MARGIN,
    )


def draw(puzzle: SlitherlinkPuzzle, *, answer: bool) -> Figure:
    rows, cols = puzzle.rows, puzzle.cols
    size = print_size(rows, cols, answer=answer)
    canvas = Canvas(size.width_mm, size.height_mm, grid_at=(MARGIN, MARGIN))
    if answer:
        corners = [(MARGIN + x * CELL_MM, MARGIN + y * CELL_MM) for y, x in cycle_order(puzzle.answer)]
        canvas.polyline(corners, LOOP_PT, closed=True)
    _dots(canvas, rows, cols)
    canvas.numbers(
        [
            (MARGIN + (c + 0.5) * CELL_MM, MARGIN + (r + 0.5) * CELL_MM, str(number), "middle")
            for r, row in enumerate(puzzle.clues) for c, number in enumerate(row) if number is not None
        ],
        CLUE_PT,
    )
    return canvas.figure()


def _dots(canvas: Canvas, rows: int, cols: int) -> None:
    """Every grid point's disc as two half-circle arcs of one path."""
    r = _num(DOT_MM)
    d = "".join(
        f"M{_num(MARGIN + x * CELL_MM - DOT_MM)} {_num(MARGIN + y * CELL_MM)}a{r} {r} 0 1 0 {_num(2 * DOT_MM)} 0a{r} {r} 0 1 0 -{_num(2 * DOT_MM)} 0z"
        for y in range(rows + 1) for x in range(cols + 1)
    )
    canvas.thinnest_line_pt = min(canvas.thinnest_line_pt, DOT_LINE_PT)
    canvas.drawing.add(canvas.drawing.path(d=d, fill=INK, stroke=INK, stroke_width=_num(DOT_LINE_PT * PT)))
