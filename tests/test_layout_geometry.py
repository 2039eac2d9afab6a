"""Page arithmetic without rendering: gutters, grids, scales, legibility, folding order."""

from __future__ import annotations

import pytest

from pipeline.render.svg import Figure
from pipeline.render.style import Sizing
from pipeline.render.geometry import (
    COMFORT_SHARE,
    LARGE_PRINT_SCALE,
    MIN_LINE_PT,
    MIN_TEXT_PT,
    PageBox,
    Unfit,
    auto_gutter_mm,
    extent,
    arrangement_for,
    legibility,
    page_box,
    place_answers,
    place_puzzles,
)
from pipeline.render.impose import saddle_order
from pipeline.units import MM_PER_IN
from pipeline.spec import parse_spec
from pipeline.stages.styles import book_style

NORMAL = legibility(large_print=False)
LARGE = legibility(large_print=True)


def figure(width: float, height: float, text_pt: float = 8.5, line_pt: float = 0.5) -> Figure:
    return Figure(svg="<svg/>", width_mm=width, height_mm=height, smallest_text_pt=text_pt, thinnest_line_pt=line_pt)


def box(width: float = 180.0, height: float = 250.0) -> PageBox:
    """A page whose content box is width x height mm (its bands and margins add up to the rest)."""
    return PageBox(width=width + 20, height=height + 38, top=10, bottom=10, outside=10, inside=10, gutter=0, bleed=0, crop_marks=False)


@pytest.mark.parametrize(
    ("pages", "inches"),
    [(1, 0.375), (23, 0.375), (24, 0.375), (150, 0.375), (151, 0.5), (300, 0.5), (301, 0.625), (500, 0.625),
     (501, 0.75), (700, 0.75), (701, 0.875), (828, 0.875)],
)
def test_auto_gutter_follows_the_print_on_demand_table(pages: int, inches: float) -> None:
    assert auto_gutter_mm(pages) == pytest.approx(inches * MM_PER_IN)


def test_a_book_thicker_than_the_table_is_refused() -> None:
    with pytest.raises(Unfit, match="829 pages"):
        auto_gutter_mm(829)


def test_gutter_goes_on_the_binding_side_and_newsletters_have_none() -> None:
    book = parse_spec("title: t\nseed: s\npage: {size: 6x9in, margins: {inside: 5mm, outside: 12mm}}\nsections: [{type: nonogram, size: 5, count: 1}]")
    pages = page_box(book_style(book), gutter_mm=9.525)
    assert (pages.inside, pages.outside, pages.gutter) == (pytest.approx(14.525), 12, 9.525)
    assert pages.content_width == pytest.approx(6 * MM_PER_IN - 14.525 - 12)
    sheet = parse_spec("title: t\ndate: 2026-11-30\nformat: newsletter\npage: Letter\nsections: [{type: nonogram, size: 5, count: 1}]")
    flat = page_box(book_style(sheet), gutter_mm=9.525)
    assert flat.gutter == 0 and flat.inside == flat.outside


def test_grid_for_picks_the_arrangement_that_prints_largest() -> None:
    wide = arrangement_for(2, 180, 250, fig_width=150, fig_height=60, label=9)
    assert (wide.cols, wide.rows) == (1, 2)  # stacked: each keeps the full width
    tall = arrangement_for(2, 180, 250, fig_width=60, fig_height=200, label=9)
    assert (tall.cols, tall.rows) == (2, 1)
    dozen = arrangement_for(12, 180, 250, fig_width=50, fig_height=50, label=9)
    assert dozen.per_page == 12 and dozen.cols * dozen.rows >= 12


def test_default_puzzles_per_page_is_the_most_that_print_comfortably_large() -> None:
    cap = Sizing(1.8)
    small = place_puzzles([figure(40, 45)] * 12, box(), None, NORMAL, "sections[0]", cap)
    assert small.arrangement.per_page == 6 and small.scale >= COMFORT_SHARE * 1.8
    big = place_puzzles([figure(110, 110)] * 12, box(), None, NORMAL, "sections[0]", cap)
    assert (big.arrangement.per_page, big.scale) == (1, pytest.approx(180 / 110))  # two would print at 1.03
    two = place_puzzles([figure(40, 45)] * 2, box(), None, NORMAL, "sections[0]", cap)
    assert two.arrangement.per_page == 2  # a section of two never leaves four empty slots


def test_grids_grow_to_fill_their_slots_up_to_the_cap() -> None:
    capped = place_puzzles([figure(60, 60)], box(), 1, NORMAL, "sections[0]", Sizing(1.8))
    assert capped.scale == pytest.approx(1.8)
    filled = place_puzzles([figure(60, 60)], box(), 1, NORMAL, "sections[0]", Sizing(5.0))
    assert filled.scale == pytest.approx(180 / 60)  # the slot's width is the limit
    exact = place_puzzles([figure(60, 60)], box(), 1, NORMAL, "sections[0]", Sizing(1.4, exact=True))
    assert exact.scale == 1.4
    with pytest.raises(Unfit, match="cell size the section asks for"):
        place_puzzles([figure(60, 60)], box(), 1, NORMAL, "sections[0]", Sizing(3.5, exact=True))


def test_grids_line_up_by_the_grid_not_the_clues() -> None:
    """Two figures whose clues differ: the extent that lines their grids up is wider than either."""
    wide_clues = Figure(svg="", width_mm=70, height_mm=60, smallest_text_pt=8.5, thinnest_line_pt=0.5, grid_x_mm=20, grid_y_mm=10)
    tall_clues = Figure(svg="", width_mm=60, height_mm=70, smallest_text_pt=8.5, thinnest_line_pt=0.5, grid_x_mm=10, grid_y_mm=20)
    room = extent([wide_clues, tall_clues])
    assert (room.left, room.right, room.top, room.bottom) == (20, 50, 20, 50)


def test_one_scale_per_section_set_by_its_largest_figure() -> None:
    figures = [figure(60, 60), figure(100, 100), figure(80, 80)]
    placed = place_puzzles(figures, box(), 4, NORMAL, "sections[0]")
    slot_room = min(placed.arrangement.slot_width, placed.arrangement.slot_height - placed.arrangement.label)
    assert placed.scale == pytest.approx(slot_room / 100)


def test_scale_never_prints_text_or_lines_too_small() -> None:
    fits_small = place_puzzles([figure(100, 100, text_pt=8.5)], box(90, 100), 1, NORMAL, "sections[0]")
    assert fits_small.scale * 8.5 >= MIN_TEXT_PT
    with pytest.raises(Unfit, match=r"sections\[3\] \(Big\).*7 pt"):
        place_puzzles([figure(100, 100, text_pt=8.5)], box(80, 100), 1, NORMAL, "sections[3] (Big)")
    with pytest.raises(Unfit, match="0.25 pt"):
        place_puzzles([figure(100, 100, text_pt=0, line_pt=0.3)], box(60, 80), 1, NORMAL, "sections[0]")
    lines_only = place_puzzles([figure(100, 100, text_pt=0, line_pt=0.5)], box(60, 80), 1, NORMAL, "sections[0]")
    assert lines_only.scale * 0.5 >= MIN_LINE_PT


def test_large_print_scales_grids_up_and_keeps_bigger_text() -> None:
    normal = place_puzzles([figure(60, 60)] * 6, box(), None, NORMAL, "sections[0]", Sizing(1.0, exact=True))
    large = place_puzzles([figure(60, 60)] * 6, box(), None, LARGE, "sections[0]", Sizing(LARGE_PRINT_SCALE, exact=True))
    assert large.scale == 1.5 > normal.scale
    assert large.arrangement.per_page < normal.arrangement.per_page
    with pytest.raises(Unfit, match="10 pt"):
        place_puzzles([figure(100, 100, text_pt=8.5)], box(100, 110), 1, LARGE, "sections[0]")
    grown = book_style(parse_spec("title: t\nseed: s\npage: {size: A4, large_print: true}\nsections: [{type: nonogram, size: 5, count: 1}]"))
    assert grown.sections[0].sizing == Sizing(LARGE_PRINT_SCALE * 9.0 / 5.0)


def test_answers_fill_a_page_but_never_below_half_size() -> None:
    answers = [figure(52, 52, text_pt=0)] * 30
    placed = place_answers(answers, 180, 250, None, NORMAL, "answers.per_page")
    assert placed.arrangement.per_page == 12 and placed.scale >= 0.5
    few = place_answers(answers[:3], 180, 250, None, NORMAL, "answers.per_page")
    assert few.arrangement.per_page == 3 and few.scale == 1.0
    asked = place_answers(answers, 180, 250, 24, NORMAL, "answers.per_page")
    assert asked.arrangement.per_page == 24
    with pytest.raises(Unfit, match=r"answers\.per_page"):
        place_answers([figure(77, 77, text_pt=0)] * 24, 100, 120, 24, NORMAL, "answers.per_page")


@pytest.mark.parametrize(
    ("pages", "sides"),
    [
        (4, [(4, 1), (2, 3)]),
        (8, [(8, 1), (2, 7), (6, 3), (4, 5)]),
        (12, [(12, 1), (2, 11), (10, 3), (4, 9), (8, 5), (6, 7)]),
        (6, [(None, 1), (2, None), (6, 3), (4, 5)]),
    ],
)
def test_saddle_stitch_order(pages: int, sides: list[tuple[int | None, int | None]]) -> None:
    assert saddle_order(pages) == sides


@pytest.mark.parametrize("pages", range(1, 41))
def test_folded_sheets_read_in_order(pages: int) -> None:
    """Stack the printed sheets, fold them: reading the booklet gives 1, 2, 3, ... with blanks last."""
    sides = saddle_order(pages)
    sheets = [(sides[k], sides[k + 1]) for k in range(0, len(sides), 2)]
    # Outer sheets wrap inner ones: the first halves come from the fronts' right then backs' left,
    # outside in; the second halves from the backs' right then fronts' left, inside out.
    first = [page for front, back in sheets for page in (front[1], back[0])]
    second = [page for front, back in reversed(sheets) for page in (back[1], front[0])]
    order = first + second
    assert [p for p in order if p is not None] == list(range(1, pages + 1))
    assert order[: pages] == list(range(1, pages + 1))
