"""Page geometry: margins with the gutter on the binding side, slot grids and figure scales.

Everything here is plain arithmetic in millimetres, with no WeasyPrint, so the same numbers drive
the preflight check (before anything is generated) and the real layout. A figure prints at its
natural size (the size its type drew it at) times a scale; one scale serves a whole section, set
by its largest figure, and no scale may print text below the legible minimum or lines thinner
than 0.25 pt.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from pipeline.render.svg import Figure
from pipeline.pages import MM_PER_IN, POD_GUTTERS, BleedEdge
from pipeline.render.style import BookStyle

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
GAP_MM = 5.0  # between slots
PUZZLE_PER_PAGE = (6, 4, 2, 1)
MAX_AUTO_ANSWERS = 12
AUTO_ANSWER_SHARE = 0.5  # answers placed automatically print at least half their target size

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
    label: float


def legibility(large_print: bool) -> Legibility:
    if large_print:
        return Legibility(LARGE_PRINT_MIN_TEXT_PT, LARGE_PRINT_SCALE, LARGE_LABEL_MM)
    return Legibility(MIN_TEXT_PT, 1.0, LABEL_MM)


def min_scale(figures: Sequence[Figure], legible: Legibility) -> float:
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


def _extent(figures: Sequence[Figure]) -> tuple[float, float]:
    return max(f.width_mm for f in figures), max(f.height_mm for f in figures)


def _legible(figures: Sequence[Figure], arrangement: Arrangement, legible: Legibility, cap: float) -> Placement | None:
    width, height = _extent(figures)
    scale = min(cap, arrangement.fit(width, height))
    return Placement(arrangement, scale) if scale >= min_scale(figures, legible) - 1e-9 else None


def _unfit(what: str, figures: Sequence[Figure], arrangement: Arrangement, legible: Legibility) -> Unfit:
    width, height = _extent(figures)
    need = min_scale(figures, legible)
    return Unfit(
        f"{what}: {arrangement.per_page} per page leaves slots of {arrangement.slot_width:.0f} × {arrangement.slot_height - arrangement.label:.0f} mm, "
        f"but the largest grid needs {width * need:.0f} × {height * need:.0f} mm to keep its text at "
        f"{legible.min_text_pt:g} pt and its lines at {MIN_LINE_PT:g} pt; "
        "use a larger page, smaller page.margins or fewer per page"
    )


def place_puzzles(figures: Sequence[Figure], box: PageBox, per_page: int | None, legible: Legibility, what: str) -> Placement:
    """The grid and scale for one section's puzzles: its own per_page, or the most per page
    (6, 4, 2 or 1) that still prints the largest grid at full size."""
    width, height = _extent(figures)
    if per_page is not None:
        arrangement = arrangement_for(per_page, box.content_width, box.content_height, width, height, legible.label)
        placed = _legible(figures, arrangement, legible, legible.target_scale)
        if placed is None:
            raise _unfit(what, figures, arrangement, legible)
        return placed
    for count in PUZZLE_PER_PAGE:
        arrangement = arrangement_for(count, box.content_width, box.content_height, width, height, legible.label)
        if arrangement.fit(width, height) >= legible.target_scale:
            return Placement(arrangement, legible.target_scale)
    placed = _legible(figures, arrangement, legible, legible.target_scale)
    if placed is None:
        raise _unfit(what, figures, arrangement, legible)
    return placed


def place_answers(
    figures: Sequence[Figure], width: float, height: float, per_page: int | None, legible: Legibility, what: str
) -> Placement:
    """The grid and scale for a group of answers: the given number per page, or the most (up to
    12, and no more than there are) that keep at least half the target size."""
    fig_width, fig_height = _extent(figures)
    if per_page is not None:
        arrangement = arrangement_for(per_page, width, height, fig_width, fig_height, legible.label)
        placed = _legible(figures, arrangement, legible, legible.target_scale)
        if placed is None:
            raise _unfit(what, figures, arrangement, legible)
        return placed
    floor = max(min_scale(figures, legible), AUTO_ANSWER_SHARE * legible.target_scale)
    for count in range(min(MAX_AUTO_ANSWERS, len(figures)), 0, -1):
        arrangement = arrangement_for(count, width, height, fig_width, fig_height, legible.label)
        scale = min(legible.target_scale, arrangement.fit(fig_width, fig_height))
        if scale >= floor - 1e-9:
            return Placement(arrangement, scale)
    placed = _legible(figures, arrangement, legible, legible.target_scale)
    if placed is None:
        raise _unfit(what, figures, arrangement, legible)
    return placed


def scale_in(figures: Sequence[Figure], arrangement: Arrangement, legible: Legibility, what: str) -> float:
    """The scale for figures sharing a grid laid out for others (a newsletter's mixed front)."""
    placed = _legible(figures, arrangement, legible, legible.target_scale)
    if placed is None:
        raise _unfit(what, figures, arrangement, legible)
    return placed.scale
