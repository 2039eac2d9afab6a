"""Drawing a nonogram for print: clues left of the rows and stacked above the columns.

Sizes are in millimetres at the figure's natural size; layout may scale a figure down a little,
so the clues are drawn at 8.5 pt and stay at or above 7 pt down to a scale of 0.82.

`print_size` gives the room a figure can take before any puzzle exists: the widest row clue and
the tallest column clue any puzzle of that shape could have. Both it and `draw` measure through
the same functions, so a drawn figure is never larger than its print size, not even by rounding.
"""

from __future__ import annotations

from pipeline.puzzles.nonogram.model import FILLED, Clue, Nonogram
from pipeline.render.svg import (
    DIGIT_EM,
    HEAVY_PT,
    MEDIUM_PT,
    PT,
    THIN_PT,
    Canvas,
    Figure,
    FigureSize,
    Segment,
    frame_segments,
    grid_segments,
)

# 5 mm squares are big enough to shade neatly with a pencil, and a 15x15 grid (75 mm) with its
# clues still fits the text block of an A5 page at natural size.
CELL_MM = 5.0
CLUE_PT = 8.5
HEAVY_EVERY = 5  # a heavier line every five cells, so a reader can count positions at a glance
MARGIN_MM = 1.0  # room for half the heavy frame's width
CLUE_GAP_MM = 1.5  # between the clues and the grid
CLUE_SPACE_MM = 1.3  # between two numbers of one row clue
LINE_PITCH_MM = 1.25 * CLUE_PT * PT  # between stacked numbers of one column clue
DIGIT_MM = DIGIT_EM * CLUE_PT * PT  # every digit has the same advance


def draw(puzzle: Nonogram, *, answer: bool) -> Figure:
    if answer:
        return _draw_answer(puzzle)
    return _draw_puzzle(puzzle)


def _shown(clue: Clue) -> list[str]:
    """The numbers printed for a clue: an empty line shows 0."""
    return [str(n) for n in clue] or ["0"]


def _clue_width(digits: int, numbers: int) -> float:
    """The width of a row clue printing `numbers` numbers of `digits` digits in all."""
    return digits * DIGIT_MM + CLUE_SPACE_MM * (numbers - 1)


def _row_clue_width(clue: Clue) -> float:
    numbers = _shown(clue)
    return _clue_width(sum(map(len, numbers)), len(numbers))


def _puzzle_extent(rows: int, cols: int, left: float, top: float) -> tuple[float, float, float, float]:
    """The grid's top-left corner and the figure's width and height, below clues this wide and
    above clues this tall."""
    x0 = MARGIN_MM + left + CLUE_GAP_MM
    y0 = MARGIN_MM + top + CLUE_GAP_MM
    return x0, y0, x0 + cols * CELL_MM + MARGIN_MM, y0 + rows * CELL_MM + MARGIN_MM


def _draw_puzzle(puzzle: Nonogram) -> Figure:
    left = max(_row_clue_width(clue) for clue in puzzle.row_clues)
    top = max(len(_shown(clue)) for clue in puzzle.col_clues) * LINE_PITCH_MM
    x0, y0, width, height = _puzzle_extent(puzzle.rows, puzzle.cols, left, top)
    canvas = Canvas(width, height, grid_at=(x0, y0))
    placed: list[tuple[float, float, str, str]] = []  # in reading order, so the PDF's text reads right
    for r, clue in enumerate(puzzle.row_clues):
        x = x0 - CLUE_GAP_MM - _row_clue_width(clue)
        y = y0 + (r + 0.5) * CELL_MM
        for number in _shown(clue):
            placed.append((x, y, number, "start"))
            x += len(number) * DIGIT_MM + CLUE_SPACE_MM
    for c, clue in enumerate(puzzle.col_clues):
        numbers = _shown(clue)
        x = x0 + (c + 0.5) * CELL_MM
        y = y0 - CLUE_GAP_MM - (len(numbers) - 0.5) * LINE_PITCH_MM
        for number in numbers:
            placed.append((x, y, number, "middle"))
            y += LINE_PITCH_MM
    canvas.numbers(placed, CLUE_PT)
    _draw_grid(canvas, puzzle.rows, puzzle.cols, x0, y0)
    return canvas.figure()


def _answer_extent(rows: int, cols: int) -> tuple[float, float]:
    return 2 * MARGIN_MM + cols * CELL_MM, 2 * MARGIN_MM + rows * CELL_MM


def _draw_answer(puzzle: Nonogram) -> Figure:
    x0 = y0 = MARGIN_MM
    canvas = Canvas(*_answer_extent(puzzle.rows, puzzle.cols), grid_at=(x0, y0))
    filled = [
        (r, c) for r, row in enumerate(puzzle.answer) for c, cell in enumerate(row) if cell == FILLED
    ]
    canvas.squares(filled, x0, y0, CELL_MM)
    _draw_grid(canvas, puzzle.rows, puzzle.cols, x0, y0)
    return canvas.figure()


def _grid_lines(rows: int, cols: int, x0: float, y0: float) -> list[tuple[list[Segment], float]]:
    """The grid's segments by line width: thin cell lines, a heavier line every fifth, the frame."""
    width, height = cols * CELL_MM, rows * CELL_MM
    heavier = [
        (x0, y0 + r * CELL_MM, x0 + width, y0 + r * CELL_MM) for r in range(HEAVY_EVERY, rows, HEAVY_EVERY)
    ] + [
        (x0 + c * CELL_MM, y0, x0 + c * CELL_MM, y0 + height) for c in range(HEAVY_EVERY, cols, HEAVY_EVERY)
    ]
    return [
        (grid_segments(x0, y0, rows, cols, CELL_MM, skip=HEAVY_EVERY), THIN_PT),
        (heavier, MEDIUM_PT),
        (frame_segments(x0, y0, rows, cols, CELL_MM), HEAVY_PT),
    ]


def _draw_grid(canvas: Canvas, rows: int, cols: int, x0: float, y0: float) -> None:
    for segments, width_pt in _grid_lines(rows, cols, x0, y0):
        canvas.lines(segments, width_pt)


def print_size(rows: int, cols: int, *, answer: bool) -> FigureSize:
    """The room a figure of this shape takes at most, and the finest print it has."""
    thinnest = min(width_pt for segments, width_pt in _grid_lines(rows, cols, 0.0, 0.0) if segments)
    if answer:
        width, height = _answer_extent(rows, cols)
        return FigureSize(
            width, height, smallest_text_pt=0.0, thinnest_line_pt=thinnest, grid_x_mm=MARGIN_MM, grid_y_mm=MARGIN_MM
        )  # no text
    top = _most_numbers(rows) * LINE_PITCH_MM
    x0, y0, width, height = _puzzle_extent(rows, cols, _widest_row_clue(cols), top)
    return FigureSize(width, height, smallest_text_pt=CLUE_PT, thinnest_line_pt=thinnest, grid_x_mm=x0, grid_y_mm=y0)


def _most_numbers(length: int) -> int:
    """The most numbers a line's clue can print: runs of 1 with one gap each (an empty line
    prints its 0)."""
    return max(1, (length + 1) // 2)


def _widest_row_clue(cols: int) -> float:
    """The widest clue a row of `cols` cells can print: all 1s, as many as fit.

    Each number after the first costs its run, a gap cell and a space: a 1 takes 2 cells for one
    digit and a space, a 10 takes 11 cells for two digits and a space, where five 1s would print
    five of each. So no clue with a longer run is wider (tests/test_nonogram_render.py checks it
    against every line of up to 16 cells).
    """
    return _clue_width(_most_numbers(cols), _most_numbers(cols))
