"""Answer pages that use the paper, sections that end on a balanced page, titles set in even
lines: planned with blank stand-ins of the sizes the types print, nothing generated."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline import fonts
from pipeline.registry import puzzle_types
from pipeline.render.book import balanced_chunks, plan_book
from pipeline.render.geometry import ANSWER_CELL_FLOOR_MM, GAP_MM, gutter_guess, legibility, page_box, shrunk_answers
from pipeline.render.svg import Figure
from pipeline.spec import parse_spec
from pipeline.stages.pageplan import _numbered, _stand_in
from pipeline.stages.styles import book_style

NORMAL = legibility(large_print=False)


def _plan(spec: str):
    job = parse_spec(spec)
    style = book_style(job)
    types = puzzle_types()
    samples = [_stand_in(types[s.type], i, s.puzzle_params, i + 1, "none") for i, s in enumerate(job.sections)]
    printed = _numbered([[sample] * section.count for sample, section in zip(samples, job.sections)])
    sections = [[p for p in printed if p.section == index] for index in range(len(job.sections))]
    box = page_box(style, gutter_guess(style, 1))
    return job, style, box, plan_book(style, box, sections, [], [], Path("."))


def _answer_sheets(plan) -> list:
    return [sheet for sheet in plan.sheets if sheet.kind == "answers"]


def _type_of(job, index: int):
    return puzzle_types()[job.sections[index].type]


def test_answers_shrink_to_fit_another_column_but_never_below_the_floor() -> None:
    answer = Figure(svg="<svg/>", width_mm=60, height_mm=60, smallest_text_pt=0, thinnest_line_pt=0.5)
    whole = shrunk_answers([answer] * 4, 119, 170, NORMAL, target=1.0, floor=0.5, share=1.0)
    assert (whole.scale, whole.arrangement.cols) == (1.0, 1)  # 60 mm: one across 119 mm
    smaller = shrunk_answers([answer] * 4, 119, 170, NORMAL, target=1.0, floor=0.5, share=0.92)
    assert smaller.arrangement.cols == 2 and 2 * 60 * smaller.scale + GAP_MM <= 119
    floored = shrunk_answers([answer] * 4, 119, 170, NORMAL, target=1.0, floor=0.5, share=0.1)
    assert floored.scale == pytest.approx(0.5)


GRADED = """\
title: t
seed: packed
page: A5
sections:
  - {type: kuralin, size: 8, count: 9}
  - {type: kuralin, size: 8, count: 9}
"""


def test_the_packer_takes_the_fewest_pages_within_the_cell_floor() -> None:
    """Two 8x8 Kuralin answers at 0.6 of their puzzle need 122 mm of A5's 119 mm: one a row, 18
    answers on 9 rows. Shrunk, they print side by side, on fewer pages, no cell under the floor."""
    job, _, _, packed = _plan(GRADED)
    _, _, _, fixed = _plan(GRADED.replace("page: A5\n", "page: A5\nanswers: {per_page: 2}\n"))
    assert len(_answer_sheets(packed)) < len(_answer_sheets(fixed))
    for index in range(2):
        placed = packed.placements[f"answers[{index}]"]
        assert placed.arrangement.cols >= 2
        assert placed.scale * _type_of(job, index).cell_mm >= ANSWER_CELL_FLOOR_MM - 1e-6


def test_answers_keep_their_size_when_shrinking_saves_no_page() -> None:
    """One answer prints on one page whatever its size: it stays at 0.6 of its puzzle."""
    job, _, _, plan = _plan(GRADED.replace("count: 9}\n  - {type: kuralin, size: 8, count: 9}", "count: 1}"))
    assert len(_answer_sheets(plan)) == 1
    assert plan.placements["answers[0]"].scale == pytest.approx(0.6 * plan.placements["sections[0]"].scale)


def test_two_20x20_nonogram_answers_sit_side_by_side_on_a4() -> None:
    _, _, _, plan = _plan("title: t\nseed: s\npage: A4\nsections: [{type: nonogram, size: 20, count: 4}]\n")
    assert plan.placements["answers[0]"].arrangement.cols == 2


@pytest.mark.parametrize(("count", "size", "pages"), [(6, 4, [3, 3]), (5, 4, [3, 2]), (9, 4, [4, 3, 2]), (8, 4, [4, 4]), (7, 6, [4, 3]), (1, 4, [1])])
def test_the_last_two_pages_share_what_is_left(count: int, size: int, pages: list[int]) -> None:
    chunks = balanced_chunks(list(range(count)), size)
    assert [len(c) for c in chunks] == pages
    assert [i for c in chunks for i in c] == list(range(count))  # the same order, on as many pages


def test_a_section_never_ends_on_a_lonely_page() -> None:
    """Six 5x5 nonograms four a page on a 5.5 x 8.5 in page: three and three, each short page's
    grids spread over its own rows, at the section's one scale."""
    _, _, box, plan = _plan("title: t\nseed: s\npage: 5.5x8.5in\nsections: [{type: nonogram, size: 5, count: 6, per_page: 4}]\n")
    pages = [sheet for sheet in plan.sheets if sheet.kind == "puzzles"]
    assert [len(page.slots) for page in pages] == [3, 3]
    sizes = {(slot.width, slot.height) for page in pages for slot in page.slots}
    assert len(sizes) == 1
    for page in pages:
        for slot in page.slots:
            assert 0 <= slot.image_x and slot.image_x + slot.width <= box.content_width + 0.01
            assert 0 <= slot.y and slot.image_y + slot.height <= box.content_height + 0.01


@pytest.mark.parametrize(
    ("text", "size_pt", "width"),
    [
        ("Picture and loop puzzles, each with exactly one answer", 14, 105.0),  # book-6x9's subtitle
        ("The Big Book of Proved Puzzles for Long Winter Evenings", 28, 130.0),
        ("Three kinds of logic puzzle, graded", 14, 60.0),
    ],
)
def test_title_lines_are_balanced(text: str, size_pt: float, width: float) -> None:
    lines = fonts.balanced_lines(text, size_pt, False, width)
    assert " ".join(lines) == text
    assert len(lines) == fonts.lines_needed([(text, size_pt, False)], width) >= 2
    widths = [fonts.width_mm(line, size_pt) for line in lines]
    assert max(widths) <= width
    assert all(len(line.split()) >= 2 for line in lines)  # no one-word widow
    assert max(widths) - min(widths) < 0.5 * max(widths)


def test_a_title_that_fits_stays_on_one_line() -> None:
    assert fonts.balanced_lines("Pocket Logic", 28, True, 105.0) == ["Pocket Logic"]
