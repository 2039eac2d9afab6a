"""Drawing primitives shared by every puzzle type: black on white, sizes in millimetres.

User units are millimetres (the viewBox matches the mm size), so a figure drawn here prints at
its natural size unless layout scales it. Lines are merged into a few paths, never one element
per cell: WeasyPrint's cost grows with element count. The canvas records the smallest text and
the thinnest line it drew, so layout can refuse a scale that would print them too small.
"""

from __future__ import annotations

from dataclasses import dataclass

from typing import Iterable


from pipeline.units import MM_PER_PT

PT = MM_PER_PT  # the drawings' short name for millimetres per point (pipeline/units.py)


@dataclass(frozen=True)
class FigureSize:
    """How much room a figure takes at its natural size, and the finest print in it: all layout
    needs to decide a page, so it can be known from a type's parameters before any puzzle exists."""

    width_mm: float
    height_mm: float
    smallest_text_pt: float
    thinnest_line_pt: float
    # Where the grid itself sits inside the figure (its top-left corner, mm from the figure's), so
    # pages can line grids up by their cells rather than by the clues around them.
    grid_x_mm: float = 0.0
    grid_y_mm: float = 0.0


@dataclass(frozen=True)
class Figure(FigureSize):
    """One drawn puzzle or answer: SVG text and its size."""

    svg: str = ""


FONT = "DejaVu Sans"
INK = "#000000"
PAPER = "#ffffff"

THIN_PT = 0.5  # cell lines
MEDIUM_PT = 1.0  # every fifth nonogram line, loops
HEAVY_PT = 2.0  # outer frames and region walls

DIGIT_EM = 0.636  # the advance of every digit in DejaVu Sans: they are tabular
BOLD_DIGIT_EM = 0.696  # and in DejaVu Sans Bold (its hmtx: 1425 of 2048 units)

Segment = tuple[float, float, float, float]


def _num(value: float) -> str:
    """Coordinates rounded to 0.01 mm: plenty for print, and stable text for byte-identical output."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _segment(x1: float, y1: float, x2: float, y2: float) -> str:
    """One segment in the fewest numbers: grids are all level or upright lines."""
    if y1 == y2:
        return f"M{_num(x1)} {_num(y1)}H{_num(x2)}"
    if x1 == x2:
        return f"M{_num(x1)} {_num(y1)}V{_num(y2)}"
    return f"M{_num(x1)} {_num(y1)}L{_num(x2)} {_num(y2)}"


class Canvas:
    def __init__(self, width_mm: float, height_mm: float, *, grid_at: tuple[float, float] = (0.0, 0.0)):
        """A figure of width x height mm whose grid's top-left corner is at `grid_at`."""
        self.width = width_mm
        self.height = height_mm
        self.grid_at = grid_at
        import svgwrite  # here, not at the top: 0.08 s of CPU an unchanged build never needs

        self.drawing = svgwrite.Drawing(
            size=(f"{_num(width_mm)}mm", f"{_num(height_mm)}mm"), profile="full", debug=False
        )
        self.drawing.viewbox(0, 0, float(_num(width_mm)), float(_num(height_mm)))
        self.smallest_text_pt = float("inf")
        self.thinnest_line_pt = float("inf")

    def _note_line(self, width_pt: float) -> None:
        self.thinnest_line_pt = min(self.thinnest_line_pt, width_pt)

    def lines(self, segments: Iterable[Segment], width_pt: float, *, cap: str = "square") -> None:
        """Straight segments as one path."""
        d = "".join(_segment(*segment) for segment in segments)
        if not d:
            return
        self._note_line(width_pt)
        self.drawing.add(
            self.drawing.path(
                d=d, fill="none", stroke=INK, stroke_width=_num(width_pt * MM_PER_PT), stroke_linecap=cap
            )
        )

    def polyline(self, points: Iterable[tuple[float, float]], width_pt: float, *, closed: bool) -> None:
        """A smooth-joined path through points (a loop drawn through cell centres)."""
        pts = list(points)
        if not pts:
            return
        d = "M" + "L".join(f"{_num(x)} {_num(y)}" for x, y in pts) + ("Z" if closed else "")
        self._note_line(width_pt)
        self.drawing.add(
            self.drawing.path(
                d=d, fill="none", stroke=INK, stroke_width=_num(width_pt * MM_PER_PT),
                stroke_linejoin="round", stroke_linecap="round",
            )
        )

    def rectangles(self, rects: Iterable[tuple[float, float, float, float]]) -> None:
        """Filled rectangles (x, y, width, height) as one path."""
        d = "".join(f"M{_num(x)} {_num(y)}h{_num(w)}v{_num(h)}h{_num(-w)}z" for x, y, w, h in rects)
        if d:
            self.drawing.add(self.drawing.path(d=d, fill=INK, stroke="none"))

    def squares(self, cells: Iterable[tuple[int, int]], x0: float, y0: float, cell: float) -> None:
        """Filled cells, a rectangle per run of cells along a row: WeasyPrint's cost grows with the
        path's commands, and a run costs what a single cell does."""
        self.rectangles((x0 + c * cell, y0 + r * cell, n * cell, cell) for r, c, n in _runs(cells))

    def circle(self, cx: float, cy: float, radius: float, *, filled: bool, line_pt: float = MEDIUM_PT) -> None:
        self._note_line(line_pt)
        self.drawing.add(
            self.drawing.circle(
                center=(_num(cx), _num(cy)), r=_num(radius),
                fill=INK if filled else PAPER, stroke=INK, stroke_width=_num(line_pt * MM_PER_PT),
            )
        )

    def text(self, x: float, y: float, value: str, size_pt: float, *, anchor: str = "middle", bold: bool = False) -> None:
        """Text whose vertical centre sits at y."""
        self.smallest_text_pt = min(self.smallest_text_pt, size_pt)
        size_mm = size_pt * MM_PER_PT
        self.drawing.add(
            self.drawing.text(
                value, insert=(_num(x), _num(y + 0.35 * size_mm)), fill=INK,
                font_family=FONT, font_size=_num(size_mm), text_anchor=anchor,
                font_weight="bold" if bold else "normal",
            )
        )

    def numbers(self, placed: Iterable[tuple[float, float, str, str]], size_pt: float, *, bold: bool = False) -> None:
        """Many numbers (x, y, digits, anchor) as one text element with a place for every digit.

        WeasyPrint spends about 1.5 ms on each text element, and a 15x15 nonogram prints up to
        120 numbers; one element draws such a page about a third faster. Digits share one
        advance, so each digit's place is known here without measuring the font.
        """
        advance = (BOLD_DIGIT_EM if bold else DIGIT_EM) * size_pt * MM_PER_PT
        shift = {"start": 0.0, "middle": 0.5, "end": 1.0}
        xs: list[str] = []
        ys: list[str] = []
        digits = ""
        for x, y, value, anchor in placed:
            if not value.isdigit():
                raise ValueError(f"numbers() places digits only, not {value!r}")
            left = x - shift[anchor] * advance * len(value)
            baseline = _num(y + 0.35 * size_pt * MM_PER_PT)
            xs += [_num(left + i * advance) for i in range(len(value))]
            ys += [baseline] * len(value)
            digits += value
        if not digits:
            return
        self.smallest_text_pt = min(self.smallest_text_pt, size_pt)
        text = self.drawing.text(digits, fill=INK, font_family=FONT, font_size=_num(size_pt * MM_PER_PT))
        text.attribs.update(x=" ".join(xs), y=" ".join(ys))
        if bold:
            text.attribs["font-weight"] = "bold"
        self.drawing.add(text)

    def figure(self) -> Figure:
        return Figure(
            svg=self.drawing.tostring() + "\n",
            width_mm=self.width,
            height_mm=self.height,
            smallest_text_pt=self.smallest_text_pt if self.smallest_text_pt != float("inf") else 0.0,
            thinnest_line_pt=self.thinnest_line_pt if self.thinnest_line_pt != float("inf") else 0.0,
            grid_x_mm=self.grid_at[0],
            grid_y_mm=self.grid_at[1],
        )


def _runs(cells: Iterable[tuple[int, int]]) -> list[tuple[int, int, int]]:
    """(row, first column, length) for each run of side-by-side cells."""
    runs: list[tuple[int, int, int]] = []
    for r, c in sorted(cells):
        if runs and runs[-1][0] == r and runs[-1][1] + runs[-1][2] == c:
            runs[-1] = (r, runs[-1][1], runs[-1][2] + 1)
        else:
            runs.append((r, c, 1))
    return runs


def grid_segments(x0: float, y0: float, rows: int, cols: int, cell: float, *, skip: int = 0) -> list[Segment]:
    """Lines at every boundary of a rows x cols grid; `skip` leaves out multiples of it
    (grid_segments(..., skip=5) gives the thin lines of a nonogram)."""
    segs: list[Segment] = []
    for r in range(rows + 1):
        if skip and r % skip == 0:
            continue
        segs.append((x0, y0 + r * cell, x0 + cols * cell, y0 + r * cell))
    for c in range(cols + 1):
        if skip and c % skip == 0:
            continue
        segs.append((x0 + c * cell, y0, x0 + c * cell, y0 + rows * cell))
    return segs


def frame_segments(x0: float, y0: float, rows: int, cols: int, cell: float) -> list[Segment]:
    w, h = cols * cell, rows * cell
    return [(x0, y0, x0 + w, y0), (x0 + w, y0, x0 + w, y0 + h), (x0 + w, y0 + h, x0, y0 + h), (x0, y0 + h, x0, y0)]


def wall_segments(x0: float, y0: float, labels: list[list[int]], cell: float) -> list[Segment]:
    """Inner walls between cells whose labels differ (region outlines), merged into long runs."""
    rows, cols = len(labels), len(labels[0])
    segs: list[Segment] = []
    for r in range(1, rows):  # horizontal walls above row r
        start = None
        for c in range(cols + 1):
            wall = c < cols and labels[r][c] != labels[r - 1][c]
            if wall and start is None:
                start = c
            elif not wall and start is not None:
                segs.append((x0 + start * cell, y0 + r * cell, x0 + c * cell, y0 + r * cell))
                start = None
    for c in range(1, cols):  # vertical walls left of column c
        start = None
        for r in range(rows + 1):
            wall = r < rows and labels[r][c] != labels[r][c - 1]
            if wall and start is None:
                start = r
            elif not wall and start is not None:
                segs.append((x0 + c * cell, y0 + start * cell, x0 + c * cell, y0 + r * cell))
                start = None
    return segs
