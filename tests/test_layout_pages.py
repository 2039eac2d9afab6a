"""Pages a publisher would print: grids as large as their slots allow up to the type's cap, lined
up by the grid, answers never in sight of their puzzles, answers in one run across sections, and
a newsletter front in full rows whose fit is known before anything is written.

The promises about answers are checked on real built books, by reading each page's labels back
from the PDF, for every placement.
"""

from __future__ import annotations

import re
from pathlib import Path

import pydyf
import pypdfium2 as pdfium
import pytest

from conftest import cli, write_spec
from pipeline.errors import LayoutError
from pipeline.registry import puzzle_types
from pipeline.render.book import Printed, Sheet, Slot, out_of_sight, plan_book
from pipeline.render.figures import Drawn
from pipeline.render.geometry import COMFORT_SHARE, legibility, page_box, place_puzzles, plan_front
from pipeline.render.join import PaintedPart
from pipeline.render.style import Sizing
from pipeline.render.svg import Figure, FigureSize
from pipeline.spec import parse_spec
from pipeline.stages.generate import generate
from pipeline.stages.book import _check_numbers
from pipeline.stages.layout import layout
from pipeline.stages.pageplan import page_problems
from pipeline.stages.styles import book_style
from pipeline.stages.verify import verify

NORMAL = legibility(large_print=False)


# ---- grids fill their room up to the cap ---------------------------------------------------------


def printed_cell(job_text: str, index: int = 0) -> tuple[int, float]:
    """(per page, printed cell mm) that page planning gives a section, from print sizes alone."""
    job = parse_spec(job_text)
    style = book_style(job)
    section = job.sections[index]
    ptype = puzzle_types()[section.type]
    figure = ptype.print_size(section.puzzle_params, answer=False)
    placed = place_puzzles([figure], page_box(style, 9.525), section.per_page, NORMAL, "s", style.sections[index].sizing, count=section.count)
    return placed.arrangement.per_page, placed.scale * ptype.cell_mm


@pytest.mark.parametrize(
    ("page", "size", "per_page", "least", "most"),
    [
        ("A4", 15, 1, 8.5, 9.0),  # one 15x15 to an A4 page, its cells near the 9 mm cap
        ("Letter", 15, 1, 8.5, 9.0),
        ("A4", 10, 2, COMFORT_SHARE * 9, 9.0),  # two 10x10s
        ("A4", 5, 6, COMFORT_SHARE * 9, 9.0),  # six 5x5s
        ("6x9in", 10, 1, 8.5, 9.0),  # two 10x10s would print at 5.4 mm
    ],
)
def test_the_default_per_page_is_what_a_book_of_that_trim_prints(page: str, size: int, per_page: int, least: float, most: float) -> None:
    placed, cell = printed_cell(f"title: t\nseed: s\npage: {page}\nsections: [{{type: nonogram, size: {size}, count: 12}}]")
    assert placed == per_page and least <= cell <= most + 1e-9


def test_a_section_can_fix_its_cell_size_or_print_at_natural_size() -> None:
    assert printed_cell("title: t\nseed: s\nsections: [{type: nonogram, size: 10, count: 4, cell: 7mm}]")[1] == pytest.approx(7.0)
    assert printed_cell("title: t\nseed: s\nsections: [{type: kuralin, size: 6, count: 4, scale: natural}]")[1] == pytest.approx(8.5)
    problems = page_problems(parse_spec("title: t\nseed: s\nsections: [{type: nonogram, size: 15, count: 2, per_page: 2, cell: 9mm}]"))
    assert len(problems) == 1 and "cell size the section asks for" in problems[0]


@pytest.mark.parametrize("name", sorted(puzzle_types()))
def test_small_grids_grow_to_their_types_own_cap(name: str) -> None:
    ptype = puzzle_types()[name]
    size = min(ptype.presets.values(), key=lambda p: p.rows * p.cols).size
    per_page, cell = printed_cell(f"title: t\nseed: s\nsections: [{{type: {name}, size: {size}, count: 2, per_page: 2}}]")
    assert cell == pytest.approx(ptype.max_cell_mm)


# ---- grids line up by the grid ---------------------------------------------------------------


def stand_in(number: int, section: int, grid_x: float, grid_y: float, tmp: Path) -> Printed:
    """A 50 mm grid with clues of the given width and height around it."""
    figure = Figure(svg="", width_mm=grid_x + 51, height_mm=grid_y + 51, smallest_text_pt=8.5, thinnest_line_pt=0.5, grid_x_mm=grid_x, grid_y_mm=grid_y)
    answer = Figure(svg="", width_mm=52, height_mm=52, smallest_text_pt=0, thinnest_line_pt=0.5, grid_x_mm=1, grid_y_mm=1)
    return Printed(number, section, f"c{number}", "Nonogram 10×10", Drawn(figure, tmp / "p.svg"), Drawn(answer, tmp / "a.svg"))


def test_grids_in_a_row_share_their_top_and_in_a_column_their_left_edge(tmp_path: Path) -> None:
    job = parse_spec("title: t\nseed: s\npage: A4\nsections: [{type: nonogram, size: 10, count: 4, per_page: 4}]")
    style = book_style(job)
    items = [stand_in(n, 0, grid_x, grid_y, tmp_path) for n, (grid_x, grid_y) in enumerate([(20, 8), (9, 19), (14, 12), (6, 4)], start=1)]
    plan = plan_book(style, page_box(style, 9.525), [items], [], [], tmp_path)
    scale = plan.placements["sections[0]"].scale
    slots = plan.sheets[0].slots
    grids = [(round(s.image_x + i.puzzle.figure.grid_x_mm * scale, 2), round(s.image_y + i.puzzle.figure.grid_y_mm * scale, 2)) for s, i in zip(slots, items)]
    same = lambda a, b: abs(a - b) <= 0.011  # noqa: E731 - positions print to 0.01 mm
    assert same(grids[0][1], grids[1][1]) and same(grids[2][1], grids[3][1])  # rows: tops on one line
    assert same(grids[0][0], grids[2][0]) and same(grids[1][0], grids[3][0])  # columns: left edges on one line
    # spread evenly: equal white above the first row, between the rows and below the last
    rows = sorted({s.y for s in slots})
    block = slots[0].label + (max(i.puzzle.figure.grid_y_mm for i in items) + 51) * scale
    assert rows[0] > 0
    assert rows[1] - rows[0] - block == pytest.approx(rows[0], abs=0.02)
    assert plan.sheets[0].height - rows[1] - block == pytest.approx(rows[0], abs=0.02)


# ---- answers out of sight ------------------------------------------------------------------------


def sheet(kind: str, shows: frozenset[int] = frozenset(), solves: frozenset[int] = frozenset()) -> Sheet:
    slots = [Slot("", "", "", "", 1, 1, shows=n) for n in shows] + [Slot("", "", "", "", 1, 1, solves=n) for n in solves]
    return Sheet(kind, "", slots, 0.0)


def test_a_blank_page_keeps_an_answer_from_facing_its_puzzle() -> None:
    puzzles, answers = sheet("puzzles", shows={1, 2}), sheet("answers", solves={1, 2})
    facing = out_of_sight([puzzles, answers], 2, facing=True)  # pages 2 and 3 are a spread
    assert [s.kind for s in facing] == ["puzzles", "blank", "answers"]
    apart = out_of_sight([puzzles, answers], 3, facing=True)  # pages 3 and 4 are not
    assert [s.kind for s in apart] == ["puzzles", "answers"]
    other = out_of_sight([puzzles, sheet("answers", solves={3})], 2, facing=True)
    assert [s.kind for s in other] == ["puzzles", "answers"]  # answers to other puzzles may face them
    assert [s.kind for s in out_of_sight([puzzles, answers], 2, facing=False)] == ["puzzles", "answers"]


def build(folder: Path, spec: str) -> Path:
    generate(parse_spec(spec), folder, jobs=1)
    verify(folder, jobs=1)
    layout(folder)
    return folder


def page_texts(path: Path) -> list[str]:
    return [page.get_textpage().get_text_range().replace("\r\n", "\n") for page in pdfium.PdfDocument(path)]


def shown(text: str) -> set[int]:
    return {int(n) for n in re.findall(r"^(\d+) Nonogram \d+×\d+(?: · [★☆]+ \w+)?\s*$", text, re.M)}


def solved(text: str) -> set[int]:
    """Answers to this book's puzzles: they name the page their puzzle is on."""
    return {int(n) for n in re.findall(r"^Answer (\d+)\s*\n\s*puzzle on page", text, re.M)}


def facing_page(page: int) -> int:
    return page + 1 if page % 2 == 0 else page - 1


PLACEMENTS = {
    # title page 1, contents 2: the puzzles take pages 3 and 4, so answers on page 5 would face them
    "end": "answers: end\nsections:\n  - {type: nonogram, size: 5, count: 2, per_page: 1}\n",
    "section": (
        "answers: section\nsections:\n  - {type: nonogram, size: 5, count: 2, per_page: 1}\n"
        "  - {type: nonogram, size: 5, count: 3, per_page: 1}\n"
    ),
    "separate": "answers: separate\nsections:\n  - {type: nonogram, size: 5, count: 2, per_page: 1}\n",
    "previous": "date: 2026-11-30\nanswers: previous\nsections:\n  - {type: nonogram, size: 5, count: 2, per_page: 1}\n",
}


@pytest.mark.parametrize("placement", sorted(PLACEMENTS))
def test_no_answer_faces_or_shares_a_page_with_its_puzzle(placement: str, tmp_path: Path) -> None:
    spec = f"title: t\nseed: out-of-sight\npage: A5\nfront_matter: {{how_to_play: false, copyright_page: false}}\n{PLACEMENTS[placement]}"
    folder = build(tmp_path / placement, spec)
    texts = page_texts(folder / "booklet.pdf")
    pages = {number: (shown(text), solved(text)) for number, text in enumerate(texts, start=1)}
    for number, (_, answers) in pages.items():
        in_sight = pages[number][0] | pages.get(facing_page(number), (set(), set()))[0]
        assert not answers & in_sight, f"page {number} answers puzzles {sorted(answers & in_sight)} in sight of it"
    answered = set().union(*(a for _, a in pages.values()))
    if placement in ("end", "section"):
        assert answered == set().union(*(s for s, _ in pages.values()))  # every answer printed
        assert any(not text.strip().strip("0123456789") for text in texts)  # a blank page did the work
    else:
        assert answered == set()
    if placement == "separate":
        assert solved("\n".join(page_texts(folder / "answers.pdf"))) == {1, 2}
    if placement == "previous":
        assert len(re.findall(r"^Answer \d+\s*\n\s*issue of 23 November\s+2026", "\n".join(texts), re.M)) == 2


def test_answers_at_the_end_run_on_across_sections(tmp_path: Path) -> None:
    """Three sections of three small answers: one page with a heading for each, not three pages."""
    spec = (
        "title: t\nseed: run-on\npage: A4\nfront_matter: {how_to_play: false}\nsections:\n"
        "  - {type: nonogram, size: 5, count: 3, title: First}\n  - {type: nonogram, size: 5, count: 3, title: Second}\n"
        "  - {type: nonogram, size: 5, count: 3, title: Third}\n"
    )
    texts = page_texts(build(tmp_path / "run-on", spec) / "booklet.pdf")
    answer_pages = [t for t in texts if solved(t)]
    assert len(answer_pages) == 1 and solved(answer_pages[0]) == set(range(1, 10))
    assert all(re.search(rf"^{title}\s*$", answer_pages[0], re.M) for title in ("First", "Second", "Third"))


# ---- the newsletter ------------------------------------------------------------------------------


def size(width: float, height: float) -> FigureSize:
    return FigureSize(width, height, 8.5, 0.5, 1.0, 1.0)


@pytest.mark.parametrize("count", range(1, 7))
def test_a_front_puts_any_mix_of_one_to_six_puzzles_in_full_rows(count: int) -> None:
    figures = [(k % 2, size(70, 72) if k % 2 == 0 else size(52, 52)) for k in range(count)]
    front = plan_front(figures, {0: Sizing(1.8), 1: Sizing(1.41)}, 190, 207, NORMAL, 9.0)
    assert sum(front.rows) == count and max(front.rows) <= 4
    for (x, y, span, left, top), (section, figure) in zip(front.positions, figures):
        scale = front.scales[section]
        assert x >= 0 and x + span <= 190 + 1e-6 and left - figure.grid_x_mm * scale >= x - 1e-6
        assert top - figure.grid_y_mm * scale + figure.height_mm * scale <= 207 + 1e-6


def test_three_puzzles_are_one_big_over_two_small_never_a_square_with_a_hole() -> None:
    figures = [(0, size(103, 108)), (1, size(52, 52)), (1, size(52, 52))]
    front = plan_front(figures, {0: Sizing(1.8), 1: Sizing(1.41)}, 190, 207, NORMAL, 9.0)
    assert front.rows == (1, 2)
    row = plan_front([(0, size(52, 52))] * 3, {0: Sizing(1.41)}, 190, 90, NORMAL, 9.0)
    assert row.rows == (3,)


def test_a_sheet_that_cannot_fit_is_refused_before_anything_is_written(in_tmp: Path) -> None:
    spec = write_spec(in_tmp, (
        "title: t\ndate: 2026-11-30\nformat: newsletter\npage: Letter\nanswers: {placement: previous, per_page: 2}\n"
        "sections: [{type: nonogram, size: 10, count: 4}]\n"
    ))
    ran = cli("build", spec, "-o", in_tmp / "out")
    assert ran.code == 2 and "answers.per_page is 2" in ran.stderr and "set it to 4" in ran.stderr
    assert not (in_tmp / "out").exists()


def test_build_says_which_puzzles_were_last_issues(in_tmp: Path) -> None:
    spec = write_spec(in_tmp, "title: t\ndate: 2026-11-30\nformat: newsletter\npage: Letter\nanswers: previous\nsections: [{type: nonogram, size: 5, count: 2}]\n")
    ran = cli("build", spec, "-o", in_tmp / "out")
    assert ran.code == 0, ran.stderr
    assert "2 of them are puzzles 1, 2 of the issue of 23 November 2026" in ran.stderr


def test_a_long_code_wraps_and_is_never_cut(tmp_path: Path) -> None:
    code = "the-longest-code-a-reader-could-ever-type-in-again-" + "x" * 30
    spec = f"title: t\nseed: s\npage: 5.5x8.5in\nfront_matter: {{how_to_play: false}}\nsections: [{{type: nonogram, size: 5, count: 4, codes: [{code!r}]}}]\n"
    texts = page_texts(build(tmp_path / "long", spec) / "booklet.pdf")
    printed = "".join("".join(texts).replace("\ufffe", "-").split())  # pdfium marks a line broken after a hyphen
    assert code in printed and "…" not in printed


def landed(page_count: int, anchors: dict[str, int]) -> PaintedPart:
    """A rendered part reduced to what the page-number check reads: its pages and its anchors."""
    return PaintedPart(objects=[], pages=0, catalog=0, info=pydyf.Dictionary(), settings=(None, None, None),
                page_count=page_count, anchors=anchors, smallest_text_pt=9.0)


def test_a_page_number_printed_from_the_plan_must_be_where_its_anchor_landed() -> None:
    parts = [landed(4, {"section-0": 0, "puzzle-1": 2}), landed(3, {"puzzle-2": 1})]
    # an anchor no page reference names (section-0 here) is not checked
    _check_numbers(parts, {"puzzle-1": 3, "puzzle-2": 6})
    with pytest.raises(LayoutError) as caught:
        _check_numbers(parts, {"puzzle-1": 3, "puzzle-2": 7})
    assert str(caught.value) == "layout: puzzle-2 printed on page 6, planned for page 7"
