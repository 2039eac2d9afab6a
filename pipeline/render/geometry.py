"""Page geometry: margins with the gutter on the binding side, slot grids and figure scales.

Everything here is plain arithmetic in millimetres, with no WeasyPrint, so the same numbers drive
the page plan (before anything is generated) and the real layout. A figure prints at its
natural size (the size its type drew it at) times a scale; one scale serves a whole section, set
by its largest figure, and no scale may print text below the legible minimum or lines thinner
than 0.25 pt.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from pipeline import fonts
from pipeline.pages import POD_GUTTERS, BleedEdge
from pipeline.units import MM_PER_IN, MM_PER_PT
from pipeline.render.style import BookStyle, Sizing
from pipeline.render.svg import FigureSize


MIN_TEXT_PT = 7.0
LARGE_PRINT_MIN_TEXT_PT = 10.0
MIN_LINE_PT = 0.25
LARGE_PRINT_SCALE = 1.5  # large print draws grids half as big again as their natural size

BLEED_MM = 0.125 * MM_PER_IN
# Crop marks sit outside the bleed: the media grows by this slug and WeasyPrint draws each mark
# across the outer half of the area beyond the trim.
MARKS_SLUG_MM = 0.25 * MM_PER_IN
HEADER_MM = 9.0  # the running header's band, inside the top margin's safe area
FOOTER_MM = 9.0  # the page number's band
LABEL_MM = 9.0  # two label lines above each figure (number, type and size; code)
LARGE_LABEL_MM = 12.0
LABEL_LINE_MM = 3.75  # one more label line: 8.5 pt at a line height of 1.25
LARGE_LABEL_LINE_MM = 4.85  # 11 pt
LABEL_PT = 8.5
LARGE_LABEL_PT = 11.0
HEADING_PT = 10.0  # print.css: .grid .heading
LARGE_HEADING_PT = 13.0
LINE_HEIGHT = 1.25  # print.css: .grid .label
# Label text is never measured before rendering, so its width is bounded from above: DejaVu Sans
# advances are at most 0.7 em for lower-case letters, digits and punctuation, except m and w
# (0.97 and 0.82 em); capitals and other letters take up to 1 em.
NARROW_EM = 0.7
GAP_MM = 5.0  # between slots
PUZZLE_PER_PAGE = (6, 4, 2, 1)
MAX_AUTO_ANSWERS = 12
AUTO_ANSWER_SHARE = 0.5  # answers placed automatically print at least half their target size
# A page holds as many grids as still print at this share of their largest size: at 80 % a
# nonogram cell is 7.2 mm, still roomy for a pencil, and the counts match published books.
COMFORT_SHARE = 0.8
ANSWER_SHARE = 0.6  # an answer's cells are at most this share of its puzzle's
# The smallest cell an answer shrinks to so its pages hold another column or row. A published
# answer key prints small: 2.5 mm is a tenth-inch graph square, where a shaded cell or a loop
# through it still reads at a glance (graded.yaml's 15x15 answers, rendered at 2.5 mm and looked
# at). 3 mm cost pages the old rule (half of 0.6) did not: 24 20x20 nonogram answers on A4 took 4
# pages at 3.24 mm, against 3 at 2.75 mm. Measured with 2.5 mm: graded.yaml's 18 answers on A5
# from 8 pages to 4, book-6x9.yaml's from 5 to 4, pictures.yaml's from 6 to 4.
ANSWER_CELL_FLOOR_MM = 2.5

GutterTable = tuple[tuple[int, float], ...]  # (most pages, gutter in inches), thinnest book first


class Unfit(ValueError):
    """Figures that cannot be placed legibly in the room given; the message says by how much."""


def auto_gutter_mm(pages: int, table: GutterTable = POD_GUTTERS) -> float:
    """The gutter the print service's table gives a book of `pages` pages."""
    for most, inches in table:
        if pages <= most:
            return round(inches * MM_PER_IN, 3)
    raise Unfit(
        f"a book of {pages} pages is thicker than the gutter table allows ({table[-1][0]} pages at most); "
        "split the job into volumes or set page.gutter to a length"
    )


@dataclass(frozen=True)
class PageBox:
    """One page's trim size, margins and the content box left for puzzles (all mm).

    `inside` already includes the gutter; on right-hand (odd) pages it is the left margin, on
    left-hand (even) pages the right one.
    """

    width: float
    height: float
    top: float
    bottom: float
    outside: float
    inside: float
    gutter: float
    bleed: float
    crop_marks: bool
    bleed_edges: tuple[BleedEdge, ...] = ("top", "bottom", "outside", "inside")  # the edges the bleed is on
    facing: bool = True  # the inside edge alternates sides; otherwise it is always the left

    @property
    def media_bleed(self) -> float:
        """How far WeasyPrint's media reaches beyond the trim on every side; the PDF writer then
        cuts it back to the trim on an edge without bleed (the bound edge, for KDP)."""
        return self.bleed + (MARKS_SLUG_MM if self.crop_marks else 0.0)

    def bleed_on(self, edge: BleedEdge) -> float:
        return self.bleed if edge in self.bleed_edges else 0.0

    def inside_is_left(self, page_number: int) -> bool:
        """The bound edge of a page (1-based): the left of right-hand (odd) pages."""
        return not self.facing or page_number % 2 == 1

    @property
    def content_width(self) -> float:
        return self.width - self.inside - self.outside

    @property
    def content_height(self) -> float:
        """Height between the running header and the page number bands."""
        return self.height - self.top - self.bottom - HEADER_MM - FOOTER_MM


def page_box(style: BookStyle, gutter_mm: float) -> PageBox:
    page = style.page
    width, height = page.trim_mm
    margins = page.margins
    if style.newsletter:  # a loose sheet has no binding side
        inside, gutter = margins.outside, 0.0
    else:
        inside, gutter = margins.inside + gutter_mm, gutter_mm
    return PageBox(
        width=width, height=height, top=margins.top, bottom=margins.bottom, outside=margins.outside,
        inside=round(inside, 3), gutter=gutter, bleed=BLEED_MM if page.bleed else 0.0, crop_marks=page.crop_marks,
        bleed_edges=style.profile.bleed_edges if not style.newsletter else ("top", "bottom", "outside", "inside"),
        facing=page.facing and not style.newsletter,
    )


def gutter_guess(style: BookStyle, pages: int) -> float:
    """The gutter for a book expected to run to `pages` pages: the spec's, or the table's."""
    if style.newsletter:
        return 0.0
    gutter = style.page.gutter
    return auto_gutter_mm(pages, style.profile.gutters) if gutter == "auto" else float(gutter)


@dataclass(frozen=True)
class Arrangement:
    """Slots of equal size in rows and columns; each slot holds a label above a figure."""

    cols: int
    rows: int
    slot_width: float
    slot_height: float
    label: float
    per_page: int  # slots filled on a full page; at most cols x rows

    def fit(self, width: float, height: float) -> float:
        """The largest scale at which a width x height figure fits a slot under its label."""
        return min(self.slot_width / width, (self.slot_height - self.label) / height)


def _floor(mm: float) -> float:
    """Down to 0.01 mm, the precision the templates print: a grid rounded up by a hair would
    no longer fit its page and break onto the next."""
    return math.floor(mm * 100) / 100


def even_arrangement(cols: int, rows: int, box_width: float, box_height: float, label: float, count: int | None = None) -> Arrangement:
    """cols x rows equal slots filling the box, GAP_MM apart, `count` of them used (all by default)."""
    return Arrangement(
        cols=cols, rows=rows,
        slot_width=_floor((box_width - GAP_MM * (cols - 1)) / cols),
        slot_height=_floor((box_height - GAP_MM * (rows - 1)) / rows),
        label=label, per_page=cols * rows if count is None else count,
    )


def arrangement_for(count: int, box_width: float, box_height: float, fig_width: float, fig_height: float, label: float) -> Arrangement:
    """The arrangement of `count` slots in the box that lets the given figure print largest.

    Ties go to fewer columns, so the choice is the same on every run.
    """
    best: Arrangement | None = None
    best_fit = -math.inf
    for cols in range(1, count + 1):
        arrangement = even_arrangement(cols, -(-count // cols), box_width, box_height, label, count)
        if arrangement.slot_width <= 0 or arrangement.slot_height <= label:
            continue
        fit = arrangement.fit(fig_width, fig_height)
        if fit > best_fit + 1e-9:
            best, best_fit = arrangement, fit
    if best is None:
        raise Unfit(f"{count} figures do not fit a {box_width:.0f} × {box_height:.0f} mm box at all")
    return best


@dataclass(frozen=True)
class Legibility:
    min_text_pt: float
    target_scale: float
    label: float  # a label of two lines
    label_line: float  # each further line
    label_pt: float
    heading_pt: float  # a label's bold heading (print.css: .grid .heading)

    @property
    def heading_line(self) -> float:
        """The height of a label line holding the heading (print.css's line height, 1.25)."""
        return self.heading_pt * LINE_HEIGHT * MM_PER_PT


def legibility(large_print: bool) -> Legibility:
    if large_print:
        return Legibility(LARGE_PRINT_MIN_TEXT_PT, LARGE_PRINT_SCALE, LARGE_LABEL_MM, LARGE_LABEL_LINE_MM, LARGE_LABEL_PT, LARGE_HEADING_PT)
    return Legibility(MIN_TEXT_PT, 1.0, LABEL_MM, LABEL_LINE_MM, LABEL_PT, HEADING_PT)


def _text_width_mm(text: str, size_pt: float) -> float:
    """The most room `text` can take at `size_pt` (see NARROW_EM)."""
    ems = sum(NARROW_EM if (c.islower() or not c.isalpha()) and c not in "mw" and c.isascii() else 1.0 for c in text)
    return ems * size_pt * MM_PER_PT


LabelLine = tuple[str, str]  # a label's line: its bold heading ("" for none) and its plain text


def label_height(labels: Sequence[tuple[LabelLine, ...]], width: float, legible: Legibility) -> float:
    """The label height that holds every label's lines (first line, second line, and a printed
    link when it has one) in `width` mm: two lines, and more where a long code, link or picture
    title wraps; a code is never cut, so it can still rebuild its puzzle. The bound by character
    classes decides (the same labels as before measuring); the lines set by the font's own widths
    raise it where a title breaks at its words into more lines than its length suggests."""
    most, set_mm = 2, 0.0
    for lines in labels:
        texts = [" ".join(part for part in line if part) for line in lines]
        most = max(most, sum(max(1, math.ceil(_text_width_mm(text, legible.label_pt) / width)) for text in texts))
        set_mm = max(set_mm, sum(_line_mm(line, legible) * _set_lines(line, width, legible) for line in lines))
    spare = legible.label - legible.heading_line - legible.label_line  # room two lines leave
    return max(legible.label + (most - 2) * legible.label_line, round(set_mm + spare, 2))


def _set_lines(line: LabelLine, width: float, legible: Legibility) -> int:
    heading, text = line
    runs = [(heading, legible.heading_pt, True)] if heading else []
    runs += [(f" {text}" if heading else text, legible.label_pt, False)] if text else []
    return fonts.lines_needed(runs, width)


def _line_mm(line: LabelLine, legible: Legibility) -> float:
    return legible.heading_line if line[0] else legible.label_line


def min_scale(figures: Sequence[FigureSize], legible: Legibility) -> float:
    """The smallest scale that keeps every figure's text and lines legible in print."""
    floor = 0.0
    for fig in figures:
        if fig.smallest_text_pt > 0:
            floor = max(floor, legible.min_text_pt / fig.smallest_text_pt)
        if fig.thinnest_line_pt > 0:
            floor = max(floor, MIN_LINE_PT / fig.thinnest_line_pt)
    return floor


@dataclass(frozen=True)
class Placement:
    arrangement: Arrangement
    scale: float


@dataclass(frozen=True)
class Extent:
    """The room figures take when their grids are lined up (mm at natural size): the most any of
    them reaches left of, right of, above and below its grid's top-left corner."""

    left: float
    right: float
    top: float
    bottom: float

    @property
    def width(self) -> float:
        return self.left + self.right

    @property
    def height(self) -> float:
        return self.top + self.bottom


def extent(figures: Sequence[FigureSize]) -> Extent:
    return Extent(
        left=max(f.grid_x_mm for f in figures), right=max(f.width_mm - f.grid_x_mm for f in figures),
        top=max(f.grid_y_mm for f in figures), bottom=max(f.height_mm - f.grid_y_mm for f in figures),
    )


def _extent(figures: Sequence[FigureSize]) -> tuple[float, float]:
    room = extent(figures)
    return room.width, room.height


def _legible(figures: Sequence[FigureSize], arrangement: Arrangement, legible: Legibility, cap: float) -> Placement | None:
    width, height = _extent(figures)
    scale = min(cap, arrangement.fit(width, height))
    return Placement(arrangement, scale) if scale >= min_scale(figures, legible) - 1e-9 else None


def _unfit(what: str, figures: Sequence[FigureSize], arrangement: Arrangement, legible: Legibility, exact: float | None = None) -> Unfit:
    width, height = _extent(figures)
    if exact is not None:
        need, why = exact, "at the cell size the section asks for"
    else:
        need = min_scale(figures, legible)
        why = f"to keep its text at {legible.min_text_pt:g} pt and its lines at {MIN_LINE_PT:g} pt"
    return Unfit(
        f"{what}: {arrangement.per_page} per page leaves slots of {arrangement.slot_width:.0f} × {arrangement.slot_height - arrangement.label:.0f} mm, "
        f"but the largest grid needs {width * need:.0f} × {height * need:.0f} mm {why}; "
        "use a larger page, smaller page.margins or fewer per page"
    )


UP_TO_NATURAL = Sizing(1.0)  # as large as the slot allows, up to the size the type draws


def _scale_in(sizing: Sizing, fit: float) -> float:
    return sizing.scale if sizing.exact else min(sizing.scale, fit)


def place_puzzles(
    figures: Sequence[FigureSize], box: PageBox, per_page: int | None, legible: Legibility, what: str,
    sizing: Sizing = UP_TO_NATURAL, label: float | None = None, count: int | None = None,
) -> Placement:
    """The grid and scale for one section's `count` puzzles (by default, one per figure): its own
    per_page, or the most per page (6, 4, 2 or 1, and no more than there are) whose slots still
    print the grids at COMFORT_SHARE of their largest size.

    That rule gives one 15x15 nonogram to an A4 or Letter page and two 10x10s (at 8.8 and
    7.8 mm cells; two 15x15s would print at 5.2 mm), six 5x5s, and on a 6x9 in page one 10x10
    (two would print at 5.4 mm): what published puzzle books of those trims print.
    """
    width, height = _extent(figures)
    floor = min_scale(figures, legible)
    label = legible.label if label is None else label
    exact = sizing.scale if sizing.exact else None

    def placed(count: int) -> tuple[Placement, float]:
        arrangement = arrangement_for(count, box.content_width, box.content_height, width, height, label)
        fit = arrangement.fit(width, height)
        return Placement(arrangement, _scale_in(sizing, fit)), fit

    def checked(placement: Placement, fit: float) -> Placement:
        if fit < placement.scale - 1e-9 or placement.scale < floor - 1e-9:
            raise _unfit(what, figures, placement.arrangement, legible, exact)
        return placement

    if per_page is not None:
        return checked(*placed(per_page))
    wanted = sizing.scale if sizing.exact else max(floor, COMFORT_SHARE * sizing.scale)
    most = len(figures) if count is None else count
    for per in sorted({min(most, n) for n in PUZZLE_PER_PAGE}, reverse=True):
        placement, fit = placed(per)
        if fit >= wanted - 1e-9:
            return checked(placement, fit)
    return checked(*placed(1))


def answer_scale(puzzle_scale: float) -> float:
    """Answers print smaller than their puzzles: a checked answer needs a glance, not a pencil."""
    return min(1.0, ANSWER_SHARE * puzzle_scale)


def place_answers(
    figures: Sequence[FigureSize], width: float, height: float, per_page: int | None, legible: Legibility, what: str,
    target: float = 1.0, label: float | None = None,
) -> Placement:
    """The grid and scale for a group of answers: the given number per page, or the most (up to
    12, and no more than there are) that keep at least half the target size."""
    fig_width, fig_height = _extent(figures)
    label = legible.label if label is None else label
    target = max(target, min_scale(figures, legible))
    if per_page is not None:
        arrangement = arrangement_for(per_page, width, height, fig_width, fig_height, label)
        placed = _legible(figures, arrangement, legible, target)
        if placed is None:
            raise _unfit(what, figures, arrangement, legible)
        return placed
    floor = max(min_scale(figures, legible), AUTO_ANSWER_SHARE * target)
    for count in range(min(MAX_AUTO_ANSWERS, len(figures)), 0, -1):
        arrangement = arrangement_for(count, width, height, fig_width, fig_height, label)
        scale = min(target, arrangement.fit(fig_width, fig_height))
        if scale >= floor - 1e-9:
            return Placement(arrangement, scale)
    placed = _legible(figures, arrangement, legible, target)
    if placed is None:
        raise _unfit(what, figures, arrangement, legible)
    return placed


# The sizes an answer run tries, as shares of its answers' target: steps of 4 % look alike on
# paper, and 25 steps reach the floor of any shipped type (3 mm of a 12 mm cap at 0.6 is 0.42).
ANSWER_SHARES = tuple(round(1.0 - 0.04 * k, 2) for k in range(26))


def shrunk_answers(
    figures: Sequence[FigureSize], width: float, height: float, legible: Legibility, target: float, floor: float, share: float,
    label: float | None = None,
) -> Placement:
    """Answers at `share` of their target size, never below `floor` (nor the legibility floor,
    nor above the target), as many side by side as the width holds; rows flow down the page."""
    fig_width, fig_height = _extent(figures)
    label = legible.label if label is None else label
    legible_floor = min_scale(figures, legible)
    top = max(target, legible_floor)
    scale = max(legible_floor, min(floor, top), min(top, share * top))
    fit = arrangement_for(1, width, height, fig_width, fig_height, label).fit(fig_width, fig_height)
    if fit < legible_floor - 1e-9:
        raise _unfit("answers", figures, arrangement_for(1, width, height, fig_width, fig_height, label), legible)
    scale = min(scale, fit)
    cols = max(1, min(len(figures), int((width + GAP_MM + 1e-6) // (fig_width * scale + GAP_MM))))
    rows = max(1, int((height + GAP_MM + 1e-6) // (label + fig_height * scale + GAP_MM)))
    return Placement(even_arrangement(cols, rows, width, height, label, min(len(figures), cols * rows)), scale)


def scale_in(figures: Sequence[FigureSize], arrangement: Arrangement, legible: Legibility, what: str) -> float:
    """The scale for figures sharing a grid laid out for others (a newsletter's mixed front)."""
    placed = _legible(figures, arrangement, legible, legible.target_scale)
    if placed is None:
        raise _unfit(what, figures, arrangement, legible)
    return placed.scale


# ---- a newsletter's front ------------------------------------------------------------------

MOST_IN_A_ROW = 4
MOST_ROWS = 4


def row_patterns(count: int, most_rows: int = MOST_ROWS) -> list[tuple[int, ...]]:
    """Every way to put `count` figures in full rows (at most MOST_ROWS rows of at most
    MOST_IN_A_ROW): three puzzles as a row of three, one over two, two over one or a column, but
    never a 2 x 2 grid with a hole."""
    if count == 0:
        return [()]
    if most_rows == 0 or count > most_rows * MOST_IN_A_ROW:
        return []
    return [
        (first,) + rest
        for first in range(1, min(count, MOST_IN_A_ROW) + 1)
        for rest in row_patterns(count - first, most_rows - 1)
    ]


@dataclass(frozen=True)
class Front:
    """Figures in full rows of equal slots, rows spread evenly down the room."""

    rows: tuple[int, ...]
    scales: dict[int, float]  # section -> scale
    label: float
    widths: tuple[float, ...]  # each row's slot width
    positions: tuple[tuple[float, float, float, float, float], ...]  # per figure: label x, y, width; grid left, top


def _row_slices(rows: Sequence[int]) -> list[range]:
    slices, start = [], 0
    for n in rows:
        slices.append(range(start, start + n))
        start += n
    return slices


def _try_rows(
    rows: tuple[int, ...], figures: Sequence[tuple[int, FigureSize]], sizings: dict[int, Sizing], width: float, room: float,
    legible: Legibility, label: float,
) -> tuple[tuple[float, float, float], dict[int, float]] | None:
    """The best scales for figures in these rows, scored (worst share of the cap, fewer rows,
    printed area), or None when some section cannot print legibly."""
    widths = [(width - GAP_MM * (n - 1)) / n for n in rows]
    slices = _row_slices(rows)
    sections = sorted({s for s, _ in figures})
    upper: dict[int, float] = {}
    for section in sections:
        fits = [widths[r] / figures[i][1].width_mm for r, part in enumerate(slices) for i in part if figures[i][0] == section]
        upper[section] = min(sizings[section].scale, min(fits))
        if sizings[section].exact and upper[section] < sizings[section].scale - 1e-9:
            return None

    def scales_at(share: float) -> dict[int, float]:
        return {s: upper[s] if sizings[s].exact else min(upper[s], share * sizings[s].scale) for s in sections}

    def height(scales: dict[int, float]) -> float:
        total = GAP_MM * (len(rows) - 1)
        for part in slices:
            placed = [(figures[i][1], scales[figures[i][0]]) for i in part]
            total += label + max(f.grid_y_mm * k for f, k in placed) + max((f.height_mm - f.grid_y_mm) * k for f, k in placed)
        return total

    low, high = 0.0, 1.0
    if height(scales_at(high)) > room:
        for _ in range(40):
            middle = (low + high) / 2
            low, high = (middle, high) if height(scales_at(middle)) <= room else (low, middle)
        if height(scales_at(low)) > room:
            return None
    share = high if height(scales_at(high)) <= room else low
    scales = scales_at(share)
    for section in sections:
        if scales[section] < min_scale([f for s, f in figures if s == section], legible) - 1e-9:
            return None
    # Shares within 5 % of each other look the same on paper; then fewer rows read more calmly
    # (four answers in a row rather than one over three), then the larger printed area wins.
    worst = min(scales[s] / sizings[s].scale for s in sections)
    area = sum(f.width_mm * f.height_mm * scales[s] ** 2 for s, f in figures)
    return (round(worst * 20) / 20, -len(rows), round(area, 1)), scales


def plan_front(
    figures: Sequence[tuple[int, FigureSize]], sizings: dict[int, Sizing], width: float, room: float, legible: Legibility, label: float,
) -> Front:
    """The front's figures (section, size), in order, in the full rows that print them largest:
    first the worst served section's share of its largest size, then fewer rows, then the
    printed area."""
    best: tuple[tuple[float, float, float], tuple[int, ...], dict[int, float]] | None = None
    for rows in row_patterns(len(figures)):
        tried = _try_rows(rows, figures, sizings, width, room, legible, label)
        if tried is not None and (best is None or tried[0] > best[0]):
            best = (tried[0], rows, tried[1])
    if best is None:
        raise Unfit(
            f"the front page: {len(figures)} puzzles do not fit legibly in {width:.0f} × {room:.0f} mm in any "
            f"rows of up to {MOST_IN_A_ROW}; print fewer or smaller puzzles, or use a larger page"
        )
    _, rows, scales = best
    return Front(rows, scales, label, *_front_positions(rows, figures, scales, width, room, label))


def _front_positions(
    rows: tuple[int, ...], figures: Sequence[tuple[int, FigureSize]], scales: dict[int, float], width: float, room: float, label: float,
) -> tuple[tuple[float, ...], tuple[tuple[float, float, float, float, float], ...]]:
    widths = tuple((width - GAP_MM * (n - 1)) / n for n in rows)
    heights, tops = [], []
    for part in _row_slices(rows):
        placed = [(figures[i][1], scales[figures[i][0]]) for i in part]
        top = max(f.grid_y_mm * k for f, k in placed)
        tops.append(top)
        heights.append(label + top + max((f.height_mm - f.grid_y_mm) * k for f, k in placed))
    gap = max(0.0, room - sum(heights)) / (len(rows) + 1)
    positions = []
    y = gap
    for r, part in enumerate(_row_slices(rows)):
        for j, i in enumerate(part):
            section, figure = figures[i]
            k = scales[section]
            x = j * (widths[r] + GAP_MM)
            grid_left = x + (widths[r] - figure.width_mm * k) / 2 + figure.grid_x_mm * k
            positions.append((x, y, widths[r], grid_left, y + label + tops[r]))
        y += heights[r] + gap
    return widths, tuple(positions)
