"""A book laid out in parts, each in its own process, and joined into one PDF (render/join.py):
page references written from the plan, parts of equal cost, and a joined file that is the same
bytes however the parts travelled.
"""

from __future__ import annotations

import io
import pickle
import re
from pathlib import Path

import pydyf
import pytest
from pypdf import PdfReader

from pipeline.render import pdf
from pipeline.render.book import BookPlan, ContentsLine, FlowHeading, HowToPlayPage, Sheet, Slot, page_numbers, planned_front, with_page_numbers
from pipeline.render.geometry import page_box
from pipeline.render.inks import stream_colours
from pipeline.render.join import join_parts, write_joined
from pipeline.render.svg import Figure
from pipeline.spec import parse_spec
from pipeline.stages.book import FIGURE_COST, PAGE_COST, _sheet_weight, part_costs, part_cuts
from pipeline.stages.styles import book_style

SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="20mm" height="20mm"><rect x="1" y="1" width="8" height="8"/><text x="2" y="15" font-family="DejaVu Sans" font-size="4">7</text></svg>'


def slot(src: str = "a.svg", anchor: str | None = None, target: str | None = None) -> Slot:
    return Slot(heading="1", detail="", note="puzzle on page " if target else "", src=src, width=20, height=20, anchor=anchor, target=target)


def small_plan() -> BookPlan:
    puzzles = [Sheet("puzzles", "S", [slot(anchor="puzzle-1"), slot(anchor="puzzle-2")], 100, "section-0"), Sheet("puzzles", "S", [slot(anchor="puzzle-3")], 100)]
    answers = Sheet("answers", "Answers", [slot(target="#puzzle-3"), slot(target="#puzzle-1")], 100, "answers", (FlowHeading("S", 0, "answers-0"),))
    rules = [HowToPlayPage("how-to-play-nonogram", "How to play Nonogram", ["Fill."], None)]
    contents = [ContentsLine("How to play Nonogram", "#how-to-play-nonogram"), ContentsLine("S", "#section-0"), ContentsLine("Answers", "#answers")]
    return BookPlan([*puzzles, Sheet("blank", "", [], 0.0), answers], rules, contents)


def test_page_references_are_written_from_the_plan_s_pages() -> None:
    plan = small_plan()
    front = planned_front(plan, front_pages=2)  # title and copyright, then contents on 3, rules on 4
    assert front.rules == {"how-to-play-nonogram": 4} and front.first_sheet == 5
    numbers = page_numbers(plan, front)
    assert numbers == {
        "how-to-play-nonogram": 4, "section-0": 5, "puzzle-1": 5, "puzzle-2": 5, "puzzle-3": 6, "answers": 8, "answers-0": 8,
    }
    written = with_page_numbers(plan, numbers)
    assert [s.page_text for s in written.sheets[-1].slots] == ["6", "5"]
    assert [line.page for line in written.contents] == ["4", "5", "8"]
    assert [s.page_text for s in written.sheets[0].slots] == [None, None]  # a puzzle points nowhere


def figure(chars: int) -> Figure:
    return Figure(svg="x" * chars, width_mm=1, height_mm=1, smallest_text_pt=0, thinnest_line_pt=1)


def sheet_cost(figures: int, chars: int) -> int:
    """A page of `figures` drawings of `chars` bytes each, as stages/book.py weighs it."""
    return PAGE_COST + figures * (FIGURE_COST + chars * 7 // 10)


def test_parts_cost_about_the_same_and_the_first_holds_a_sheet() -> None:
    drawings = {"light.svg": figure(1_000), "heavy.svg": figure(20_000)}
    light = [Sheet("puzzles", "", [slot("light.svg")], 100) for _ in range(10)]
    heavy = [Sheet("answers", "", [slot("heavy.svg")], 100) for _ in range(3)]
    plan = BookPlan(light + heavy, [], [])
    cuts = part_cuts(plan, 2, drawings)
    assert cuts[0] == 0 and cuts[-1] == 13 and len(cuts) == 3
    sheet_costs = [sheet_cost(1, 1_000)] * len(light) + [sheet_cost(1, 20_000)] * len(heavy)
    cost = [3 * PAGE_COST + sum(sheet_costs[: cuts[1]]), sum(sheet_costs[cuts[1] :])]
    assert abs(cost[0] - cost[1]) <= sheet_cost(1, 20_000)  # within one sheet of even
    assert part_costs(plan, cuts, drawings) == cost
    one = BookPlan(heavy[:1], [], [])
    assert part_cuts(one, 2, drawings) == [0, 1]  # one sheet: one part


def test_a_page_weighs_its_figures_by_count_as_well_as_by_bytes() -> None:
    """Twelve small answers cost more to paint than one drawing of their bytes (the 1,000-puzzle
    book's 216 nonogram answers of 1 kB, on 18 pages, cost 1.3 s; 132 Kuralin answers of 8.7 kB,
    on 11 pages, 1.9 s)."""
    drawings = {"small.svg": figure(1_000), "large.svg": figure(12_000)}
    many = Sheet("answers", "", [slot("small.svg")] * 12, 100)
    one = Sheet("answers", "", [slot("large.svg")], 100)
    assert _sheet_weight(many, drawings) == sheet_cost(12, 1_000) > _sheet_weight(one, drawings) == sheet_cost(1, 12_000)


def render_parts(folder: Path, full_fonts: bool) -> bytes:
    """Two parts of a three-page book, pickled: each test joins its own copy (joining uses them up)."""
    (folder / "a.svg").write_text(SVG)
    box = page_box(book_style(parse_spec("title: t\nseed: s\nsections: [{type: nonogram, size: 5, count: 1}]\n")), 0.0)
    bodies = [
        '<p id="first">First part</p><section style="break-before: page" id="second"><img src="a.svg"></section>',
        '<p id="third">Third page <b>bold</b></p>',
    ]
    parts = []
    for first_page, body in zip((1, 3), bodies):
        source = pdf.Source(html=f"<html><body>{body}</body></html>", base=folder, roots=(folder,))
        parts.append(pdf.render_part(source, first_page, None, box, full_fonts, None))
    return pickle.dumps(parts)


@pytest.fixture(scope="module")
def whole_fonts(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    return render_parts(tmp_path_factory.mktemp("whole"), full_fonts=True)


@pytest.fixture(scope="module")
def subsets(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    return render_parts(tmp_path_factory.mktemp("subsets"), full_fonts=False)


def test_joined_parts_keep_every_page_and_destination_and_each_whole_font_once(whole_fonts: bytes) -> None:
    data, _ = write_joined(pickle.loads(whole_fonts))
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 3
    assert {name: reader.get_destination_page_number(dest) + 1 for name, dest in reader.named_destinations.items()} == {
        "first": 1, "second": 2, "third": 3,
    }
    assert "Third page" in reader.pages[2].extract_text()
    font_files = {sub.get_object()["/FontDescriptor"].get_object().raw_get("/FontFile2").idnum
                  for page in reader.pages for font in page["/Resources"]["/Font"].values()
                  for sub in font.get_object()["/DescendantFonts"]}
    names = sorted(str(font.get_object()["/BaseFont"]) for page in reader.pages for font in page["/Resources"]["/Font"].values())
    assert len(font_files) == len(set(names)) == 2  # regular and bold, each embedded once across both parts


def test_parts_sent_between_processes_join_to_the_same_bytes(tmp_path: Path) -> None:
    """--jobs 2 pickles each part in its worker; --jobs 1 joins them as made."""
    made = pickle.loads(render_parts(tmp_path, full_fonts=False))
    sent = [pickle.loads(pickle.dumps(part)) for part in made]
    assert write_joined(sent)[0] == write_joined(made)[0]


def test_the_colours_a_part_reports_are_those_its_pages_print(tmp_path: Path) -> None:
    """The print check takes each part's colours from the worker that painted it: they must be
    what a scan of the joined file's pages finds (a grey and a red figure here)."""
    (tmp_path / "grey.svg").write_text(SVG.replace("<rect", '<rect fill="#808080"'))
    (tmp_path / "red.svg").write_text(SVG.replace("<rect", '<rect stroke="#ff0000"'))
    box = page_box(book_style(parse_spec("title: t\nseed: s\nsections: [{type: nonogram, size: 5, count: 1}]\n")), 0.0)
    parts = [
        pdf.render_part(pdf.Source(html=f'<html><body><img src="{name}"></body></html>', base=tmp_path, roots=(tmp_path,)), first, None, box, False, None)
        for first, name in ((1, "grey.svg"), (2, "red.svg"))
    ]
    reported = set().union(*(part.colours for part in parts))
    scanned = set().union(*(stream_colours(page.get_contents().get_data()) for page in PdfReader(io.BytesIO(write_joined(parts)[0])).pages))
    assert reported == scanned
    assert (1.0, 0.0, 0.0) in parts[1].colours and (1.0, 0.0, 0.0) not in parts[0].colours
    assert any(r == g == b and 0 < r < 1 for r, g, b in parts[0].colours)


def test_a_reference_it_cannot_renumber_is_refused(subsets: bytes) -> None:
    parts = pickle.loads(subsets)
    parts[1].objects.append(pydyf.Dictionary({"Odd": b"[1 0 R 2 0 R]"}))
    parts[1].objects[-1].number = len(parts[1].objects) - 1
    with pytest.raises(ValueError, match="cannot be renumbered"):
        join_parts(parts)


SECTIONS = 24
LONG_CONTENTS = "title: t\nseed: s\npage: 5x8in\nsections:\n" + "".join(
    f"  - {{type: nonogram, size: 5, count: 1, title: 'Section number {k} with a title long enough to wrap onto a second line'}}\n" for k in range(SECTIONS)
)


@pytest.mark.slow
def test_a_contents_page_that_runs_over_moves_every_page_number_with_it(tmp_path: Path) -> None:
    """The plan counts the contents as one page; here it takes more, the book is numbered again
    from where its parts put the pages, and every printed number is the real page."""
    from pipeline.stages.generate import generate
    from pipeline.stages.layout import layout
    from pipeline.stages.verify import verify

    job = parse_spec(LONG_CONTENTS)
    generate(job, tmp_path, jobs=1)
    verify(tmp_path, jobs=1)
    layout(tmp_path)
    reader = PdfReader(tmp_path / "booklet.pdf")
    texts = [page.extract_text() for page in reader.pages]
    contents = [k for k, text in enumerate(texts) if ". . . ." in text]  # its dot leaders (its heading prints once, no running head)
    assert len(contents) >= 2  # it did run over
    pages = {name: reader.get_destination_page_number(dest) + 1 for name, dest in reader.named_destinations.items()}
    printed = [int(number) for number in contents_numbers("".join(texts[k] for k in contents))]
    assert printed == [pages["how-to-play-nonogram"]] + [pages[f"section-{k}"] for k in range(SECTIONS)] + [pages["answers"]]
    for index in range(2, len(texts)):  # after the title and copyright pages, each page prints its number last
        assert texts[index].split()[-1] == str(index + 1)


def contents_numbers(text: str) -> list[str]:
    """The page numbers that end the contents lines (after their leader dots)."""
    return re.findall(r"\.\s*(\d+)\s*$", text, re.MULTILINE)


def test_a_worker_that_dies_stops_the_stage_with_one_line() -> None:
    """A killed worker (here it exits at once) is a stage error, not a traceback."""
    import os

    from pipeline.errors import StageError
    from pipeline.parallel import Pool

    with pytest.raises(StageError, match="a worker process died"), Pool(2) as pool:
        list(pool.imap(os._exit, [(0,), (1,)]))



def test_warming_starts_every_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    """Layout warms the workers with WeasyPrint while it draws and plans: all of them, or the
    parts wait for the imports of those it missed. Each submit is held back here, as a loaded
    machine does: the first task must not finish and take the second's place in its worker.
    Warming twice (a catalogue's books share one pool) meets again."""
    import time

    from pipeline.parallel import Pool

    submit = Pool._submit

    def slow_submit(self: Pool, *args: object) -> object:
        future = submit(self, *args)
        time.sleep(0.5)
        return future

    monkeypatch.setattr(Pool, "_submit", slow_submit)
    with Pool(2) as pool:
        for _ in range(2):
            started = time.monotonic()
            workers = {future.result() for future in pool.warm("json")}
            assert len(pool._executor._processes) == 2 == len(workers)  # type: ignore[union-attr]
            assert time.monotonic() - started < 4  # they met; none waited out the barrier


def test_a_long_book_has_more_parts_each_within_the_bound_and_an_even_count() -> None:
    """Even, so that two workers taking parts of about the same cost from one queue finish
    together (the 1,000-puzzle book's 11 parts left one worker a part, 1.3-1.9 s of CPU, after
    the other)."""
    drawings = {"a.svg": figure(5_000)}
    from pipeline.stages import book

    def plan_of(sheets: int) -> BookPlan:
        return BookPlan([Sheet("puzzles", "", [slot("a.svg"), slot("a.svg")], 100) for _ in range(sheets)], [], [])

    sheet = sheet_cost(2, 5_000)
    assert book.part_count(plan_of(10), drawings) == book.MIN_PARTS  # a short book: the least
    for pages in (743, 744, 820):
        long = plan_of(pages)
        parts = book.part_count(long, drawings)
        bounded = -(-(3 * PAGE_COST + pages * sheet) // book.PART_COST)
        assert parts == bounded + bounded % 2 > book.MIN_PARTS and parts % 2 == 0
        cuts = part_cuts(long, parts, drawings)
        assert len(cuts) == parts + 1
        assert max(b - a for a, b in zip(cuts, cuts[1:])) * sheet <= book.PART_COST + sheet
    assert {-(-(3 * PAGE_COST + pages * sheet) // book.PART_COST) % 2 for pages in (743, 744, 820)} == {0, 1}  # both roundings seen


@pytest.mark.slow
def test_the_booklet_is_the_same_bytes_whatever_the_workers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A book of several parts (the bound lowered so that a small book has four) laid out in
    this process alone, then on two and on three workers, which take the parts from their
    queue in whatever order they finish: the same bytes."""
    from pipeline.parallel import Pool
    from pipeline.stages import book
    from pipeline.stages.generate import generate
    from pipeline.stages.layout import layout
    from pipeline.stages.verify import verify

    job = parse_spec("title: t\nseed: parts\nanswers: end\nsections: [{type: nonogram, size: 5, count: 12, per_page: 2}]\n")
    generate(job, tmp_path, jobs=1)
    verify(tmp_path, jobs=1)
    monkeypatch.setattr(book, "PART_COST", 4 * PAGE_COST)
    counted: list[int] = []
    real_count = book.part_count
    monkeypatch.setattr(book, "part_count", lambda plan, drawings: counted.append(real_count(plan, drawings)) or counted[-1])
    made = {}
    for jobs in (1, 2, 3):
        with Pool(jobs) as pool:
            layout(tmp_path, pool=pool)
        made[jobs] = (tmp_path / "booklet.pdf").read_bytes()
    assert min(counted) >= 4
    assert made[1] == made[2] == made[3]
    assert len(PdfReader(io.BytesIO(made[2])).pages) >= 8
