"""Drawing a nonogram for print: clues left of the rows and stacked above the columns.

Sizes are in millimetres at the figure's natural size; layout may scale a figure down a little,
so the clues are drawn at 8.5 pt and stay at or above 7 pt down to a scale of 0.82.
"""

from __future__ import annotations

from pipeline.render.svg import Figure, FigureSize
from pipeline.puzzles.nonogram.model import FILLED, Clue, Nonogram
from pipeline.render.svg import (
    DIGIT_EM,
    HEAVY_PT,
    MEDIUM_PT,
    PT,
    THIN_PT,
    Canvas,
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


def draw(puzzle: Nonogram, *, answer: bool) -> Figure:
    if answer:
        return _draw_answer(puzzle)
    return _draw_puzzle(puzzle)


def _shown(clue: Clue) -> list[str]:
    """The numbers printed for a clue: an empty line shows 0."""
    return [str(n) for n in clue] or ["0"]


def _text_width(number: str) -> float:
    return len(number) * DIGIT_EM * CLUE_PT * PT


def _row_clue_width(clue: Clue) -> float:
    numbers = _shown(clue)
    return sum(_text_width(n) for n in numbers) + CLUE_SPACE_MM * (len(numbers) - 1)


def _draw_puzzle(puzzle: Nonogram) -> Figure:
    left = max(_row_clue_width(clue) for clue in puzzle.row_clues)
    top = max(len(_shown(clue)) for clue in puzzle.col_clues) * LINE_PITCH_MM
    x0 = MARGIN_MM + left + CLUE_GAP_MM
    y0 = MARGIN_MM + top + CLUE_GAP_MM
    canvas = Canvas(x0 + puzzle.cols * CELL_MM + MARGIN_MM, y0 + puzzle.rows * CELL_MM + MARGIN_MM, grid_at=(x0, y0))
    placed: list[tuple[float, float, str, str]] = []  # in reading order, so the PDF's text reads right
    for r, clue in enumerate(puzzle.row_clues):
        x = x0 - CLUE_GAP_MM - _row_clue_width(clue)
        y = y0 + (r + 0.5) * CELL_MM
        for number in _shown(clue):
            placed.append((x, y, number, "start"))
            x += _text_width(number) + CLUE_SPACE_MM
    for c, clue in enumerate(puzzle.col_clues):
        numbers = _shown(clue)
        x = x0 + (c + 0.5) * CELL_MM
        y = y0 - CLUE_GAP_MM - (len(numbers) - 0.5) * LINE_PITCH_MM
        for number in numbers:
            placed.append((x, y, number, "middle"))
            y += LINE_PITCH_MM
    canvas.numbers(placed, CLUE_PT)
    _draw_grid(canvas, puzzle, x0, y0)
    return canvas.figure()


def _draw_answer(puzzle: Nonogram) -> Figure:
    x0 = y0 = MARGIN_MM
    canvas = Canvas(2 * MARGIN_MM + puzzle.cols * CELL_MM, 2 * MARGIN_MM + puzzle.rows * CELL_MM, grid_at=(x0, y0))
    filled = [
        (r, c) for r, row in enumerate(puzzle.answer) for c, cell in enumerate(row) if cell == FILLED
    ]
    canvas.squares(filled, x0, y0, CELL_MM)
    _draw_grid(canvas, puzzle, x0, y0)
    return canvas.figure()


def _draw_grid(canvas: Canvas, puzzle: Nonogram, x0: float, y0: float) -> None:
    rows, cols = puzzle.rows, puzzle.cols
    width, height = cols * CELL_MM, rows * CELL_MM
    canvas.lines(grid_segments(x0, y0, rows, cols, CELL_MM, skip=HEAVY_EVERY), THIN_PT)
    heavier = [
        (x0, y0 + r * CELL_MM, x0 + width, y0 + r * CELL_MM) for r in range(HEAVY_EVERY, rows, HEAVY_EVERY)
    ] + [
        (x0 + c * CELL_MM, y0, x0 + c * CELL_MM, y0 + height) for c in range(HEAVY_EVERY, cols, HEAVY_EVERY)
    ]
    canvas.lines(heavier, MEDIUM_PT)
    canvas.lines(frame_segments(x0, y0, rows, cols, CELL_MM), HEAVY_PT)


def print_size(rows: int, cols: int, *, answer: bool) -> FigureSize:
    """The most room a figure of this grid can take: the widest row clue and the tallest column
    clue any puzzle of the size could show."""
    if answer:
        return FigureSize(2 * MARGIN_MM + cols * CELL_MM, 2 * MARGIN_MM + rows * CELL_MM, 0.0, THIN_PT, MARGIN_MM, MARGIN_MM)
    left = max(_row_clue_width(clue) for clue in _widest_clues(cols))
    top = ((rows + 1) // 2) * LINE_PITCH_MM
    width = MARGIN_MM + left + CLUE_GAP_MM + cols * CELL_MM + MARGIN_MM
    height = MARGIN_MM + top + CLUE_GAP_MM + rows * CELL_MM + MARGIN_MM
    return FigureSize(width, height, CLUE_PT, THIN_PT, width - MARGIN_MM - cols * CELL_MM, height - MARGIN_MM - rows * CELL_MM)


def _widest_clues(length: int) -> list[Clue]:
    """Candidate widest clues of a line: k runs of ones, or one long run with ones."""
    clues: list[Clue] = [(1,) * ((length + 1) // 2)]
    for long in range(10, length + 1):
        rest = (length - long - 1 + 1) // 2
        clues.append((long,) + (1,) * max(0, rest))
    return clues
