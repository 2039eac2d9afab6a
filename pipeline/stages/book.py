"""The book: its pages planned (pipeline/render/book.py), rendered in parts, each in a process of
its own, and joined into one PDF (pipeline/render/join.py); its answers in answers.pdf when the
job asks for a separate file.

The plan fixes every page before WeasyPrint runs, so `gutter: auto` can take the gutter from the
page count: the book is planned with a guess, rendered, and rendered again only if its real page
count calls for another gutter. Page references are written as text from the plan and checked
against where their anchors landed.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, TypeVar

from weasyprint import Document

from pipeline import fonts
from pipeline.errors import LayoutError
from pipeline.parallel import Pool
from pipeline.render import pdf
from pipeline.render.book import (
    BookPlan,
    FrontPages,
    HowToPlay,
    Printed,
    Sheet,
    page_numbers,
    planned_front,
    plan_book,
    plan_separate_answers,
    src_for,
    with_page_numbers,
)
from pipeline.render.geometry import PageBox, gutter_guess, page_box
from pipeline.render.impose import padded
from pipeline.render.join import PaintedPart, write_joined
from pipeline.render.strokes import Measured, apply_line_floor
from pipeline.render.style import BookStyle
from pipeline.render.svg import Figure
from pipeline.spec import JobSpec
from pipeline.stages.documents import Booklet, Rendered, by_section, doc_fields, how_to_play_pages, page_fields, template_source
from pipeline.stages.styles import book_style

T = TypeVar("T")

def _rendered_with_gutter(style: BookStyle, pages_guess: int, render: Callable[[PageBox], T], count: Callable[[T], int]) -> tuple[T, PageBox]:
    """Render with the gutter the final page count calls for.

    The first guess comes from the plan's page count and is nearly always right. When the
    count moves the gutter, render again; if a narrower gutter already tried made the book
    thicker, keep the wider one (a gutter wider than the table asks is never wrong).
    """
    gutter = gutter_guess(style, pages_guess)
    tried: list[float] = []
    while True:
        box = page_box(style, gutter)
        rendered = render(box)
        wanted = gutter_guess(style, count(rendered))
        if wanted == gutter or (wanted < gutter and wanted in tried):
            return rendered, box
        tried.append(gutter)
        gutter = wanted


def _document_pages(document: Document) -> int:
    return len(document.pages)


def drawings_by_file(outdir: Path, printed: list[Printed], examples: list[HowToPlay]) -> dict[str, Figure]:
    """Each picture file (as the plan names it, relative to OUTDIR) and the drawing it holds."""
    drawings = {}
    for item in printed:
        for drawn in (item.puzzle, item.answer):
            drawings[src_for(drawn.path, outdir)] = drawn.figure
    for content in examples:
        for drawn in content.example or ():
            drawings[src_for(drawn.path, outdir)] = drawn.figure
    return drawings


def _plan_sheets(plan: BookPlan) -> list[Sheet]:
    return plan.sheets + [page.example for page in plan.how_to_play if page.example is not None]


# A book is rendered in parts, each in a process of its own when there are cores for them
# (pipeline/render/join.py), and how many depends on the book alone, so the PDF is the same
# bytes whatever --jobs is or wherever the parts run. At least MIN_PARTS (configs/book.yaml, 95
# pages, on 2 cores: two parts, one a core), and more as the book grows, so that no part costs
# more than PART_COST to render (about 1.4 s of CPU, and 0.4 s for its fonts; the 1,000-puzzle
# book's ten parts hold about 200 figures each): what a process holds while WeasyPrint lays a
# part out grows with the part (520 MB for a 743-page book in one process), so a part's memory
# is bounded whatever the book's length, and a long book has parts enough for every worker.
# Their count is even: the workers take the parts from one queue, costliest first, and parts of
# about the same cost spread evenly over two workers only when there is an even number of them
# (the 1,000-puzzle book's 11 parts left one worker a part, 1.3-1.9 s of CPU, after the other).
MIN_PARTS = 2
PART_COST = 1_400_000
MAX_NUMBERINGS = 3  # renders until the front matter's page count settles (a contents page that runs over)


@dataclass
class BookParts:
    parts: list[PaintedPart]
    numbers: dict[str, int]  # anchor -> page


# What a page costs to lay out and paint, in µs of CPU: the page, each figure on it, and each
# byte of their drawings. Fitted (least squares) to the CPU of 42 parts of the 1,000-puzzle book
# rendered 10, 11 and 21 at a time (docs/notes/layout-parallel.md): 3.7 ms a page, 3.9 ms a
# figure, 0.7 ms a kB of SVG, and 0.4 s for a part of its own (its fonts and style sheets; left
# out of the cut, which the even count above keeps balanced), within 0.22 s for every part.
# Weighed by bytes alone (9 kB a page), that book's 11 parts weighed within 10% of each other
# and cost 1.3-2.3 s; weighed by figures alone, its ten cost 1.3-2.4 s (216 nonogram answers
# of 1 kB against 163 Kuralin answers of 9 kB and 48 Nuritwin answers).
PAGE_COST = 3_700
FIGURE_COST = 3_900


def _figure_weight(figure: Figure) -> int:
    return FIGURE_COST + len(figure.svg) * 7 // 10


def _sheet_weight(sheet: Sheet, drawings: dict[str, Figure]) -> int:
    """What a page costs: the page, and its figures by their count and the size of their drawings."""
    return PAGE_COST + sum(_figure_weight(drawings[slot.src]) for slot in sheet.slots if slot.src in drawings)


def _weights(plan: BookPlan, drawings: dict[str, Figure]) -> tuple[int, list[int]]:
    """(the front matter's cost, each sheet's cost)."""
    front = 3 * PAGE_COST + sum(_sheet_weight(page.example, drawings) if page.example else PAGE_COST for page in plan.how_to_play)
    return front, [_sheet_weight(sheet, drawings) for sheet in plan.sheets]


def part_count(plan: BookPlan, drawings: dict[str, Figure]) -> int:
    """How many parts the book is rendered in: MIN_PARTS, or the least even count that keeps
    each part's cost within PART_COST (part_cuts makes them cost about the same); never more
    than its sheets."""
    front, weights = _weights(plan, drawings)
    bounded = -(-(front + sum(weights)) // PART_COST)
    return max(1, min(len(plan.sheets), max(MIN_PARTS, bounded + bounded % 2)))


def part_cuts(plan: BookPlan, parts: int, drawings: dict[str, Figure]) -> list[int]:
    """Where each part's sheets start: part k prints plan.sheets[cuts[k]:cuts[k + 1]], the
    first part after the front matter (title, copyright, contents, how to play); the parts
    cost about the same to render."""
    front, weights = _weights(plan, drawings)
    total = front + sum(weights)
    cuts, done = [0], front
    for index, weight in enumerate(weights):
        if len(cuts) < parts and done >= total * len(cuts) / parts and index > cuts[-1]:
            cuts.append(index)
        done += weight
    return cuts + [len(plan.sheets)]


def part_costs(plan: BookPlan, cuts: list[int], drawings: dict[str, Figure]) -> list[int]:
    """What each part (part_cuts) costs to render, the front matter in the first."""
    front, weights = _weights(plan, drawings)
    return [front * (k == 0) + sum(weights[start:end]) for k, (start, end) in enumerate(zip(cuts, cuts[1:]))]


def _costliest_first(costs: list[int]) -> list[int]:
    """The parts in the order the workers take them from their queue: the costliest first, so
    that the last to start is a cheap one and no worker idles long while another finishes (a
    queue in book order had the 1,000-puzzle book's answers, its costliest part, start last)."""
    return sorted(range(len(costs)), key=lambda k: (-costs[k], k))


def _part_source(job: JobSpec, outdir: Path, plan: BookPlan, box: PageBox, credits: tuple[str, ...], first_page: int, first: bool) -> pdf.Source:
    doc = doc_fields(job, job.title, credits)
    large = job.page.large_print  # print.css: .cover .title 28 pt bold (34 large), .subtitle 14 pt (18)
    doc.update(
        title_lines=fonts.balanced_lines(job.title, 34 if large else 28, True, box.content_width),
        subtitle_lines=fonts.balanced_lines(job.subtitle, 18 if large else 14, False, box.content_width) if job.subtitle else [],
    )
    if not first:  # the front matter prints in the first part only
        doc.update(title_page=False, copyright_page=False)
        plan = replace(plan, how_to_play=[], contents=[])
    return template_source("book.html.j2", outdir, doc=doc, plan=plan, **page_fields(job, box, first_page))


def render_parts(
    job: JobSpec, outdir: Path, plan: BookPlan, box: PageBox, credits: tuple[str, ...], drawings: dict[str, Figure], pool: Pool
) -> BookParts:
    """The book in parts (part_count), its page references written as text: numbered as planned, then
    again as rendered until the front matter's page count settles."""
    front = planned_front(plan, book_style(job).front_pages)
    settings = (job.date, box, job.fonts == "full", job.profile.pdf_variant)
    for _ in range(MAX_NUMBERINGS):
        numbers = page_numbers(plan, front)
        resolved = with_page_numbers(plan, numbers)
        cuts = part_cuts(resolved, part_count(resolved, drawings), drawings)
        firsts = [1] + [front.first_sheet + cut for cut in cuts[1:-1]]
        order = _costliest_first(part_costs(resolved, cuts, drawings))
        tasks = [
            (_part_source(job, outdir, replace(resolved, sheets=resolved.sheets[cuts[k] : cuts[k + 1]]), box, credits, firsts[k], k == 0), firsts[k], *settings)
            for k in order
        ]
        painted = dict(pool.imap(pdf.render_part, tasks))
        parts = [painted[order.index(k)] for k in range(len(order))]
        head = parts[0]
        rendered = FrontPages(
            {page.anchor: head.anchors[page.anchor] + 1 for page in plan.how_to_play},
            head.page_count - (cuts[1] - cuts[0]) + 1,
        )
        if rendered == front:
            _check_numbers(parts, numbers)
            return BookParts(parts, numbers)
        front = rendered
    raise LayoutError(f"the book's page numbers did not settle in {MAX_NUMBERINGS} renders")


def _check_numbers(parts: list[PaintedPart], numbers: dict[str, int]) -> None:
    """Every page reference printed as text names the page its anchor landed on."""
    first = 1
    for part in parts:
        for anchor, index in part.anchors.items():
            if anchor in numbers and numbers[anchor] != first + index:
                raise LayoutError(f"layout: {anchor} printed on page {first + index}, planned for page {numbers[anchor]}")
        first += part.page_count


def _joined(parts: list[PaintedPart], blank_pages: int) -> pdf.Written:
    data, joined = write_joined(parts, blank_pages)
    return pdf.Written(data, pdf.page_sources(joined))


def render_book(job: JobSpec, outdir: Path, printed: list[Printed], previous: list[Printed], credits: tuple[str, ...], pool: Pool) -> Rendered:
    sections = by_section(job, printed)
    pages = how_to_play_pages(outdir, job)
    style = book_style(job)
    plans: dict[float, BookPlan] = {}
    measured: dict[float, Measured] = {}
    drawings = drawings_by_file(outdir, printed + previous, pages)

    def render(box: PageBox) -> BookParts:
        plan = plans[box.gutter] = plan_book(style, box, sections, previous, pages, outdir)
        measured[box.gutter] = apply_line_floor(_plan_sheets(plan), outdir, drawings, style.profile.min_line_pt)
        return render_parts(job, outdir, plan, box, credits, drawings, pool)

    guess_box = page_box(style, gutter_guess(style, 1))
    guess = plan_book(style, guess_box, sections, previous, pages, outdir).pages + style.front_pages
    multiple = job.print.page_multiple

    def final_pages(done: BookParts) -> int:
        """The page count the gutter is for: blank pages to the service's multiple included."""
        return padded(sum(part.page_count for part in done.parts), multiple)

    book, box = _rendered_with_gutter(style, guess, render, final_pages)
    parts = book.parts
    laid_out = sum(part.page_count for part in parts)
    blank = final_pages(book) - laid_out
    colours = set().union(*(part.colours for part in parts))
    booklet = Booklet(laid_out + blank, min(part.smallest_text_pt for part in parts), lambda: _joined(parts, blank), blank, colours)
    rendered = Rendered(booklet, box, placements=plans[box.gutter].placements, figures=measured[box.gutter])
    if job.answers.separate_file:
        puzzle_pages = {int(anchor.removeprefix("puzzle-")): page for anchor, page in book.numbers.items() if anchor.startswith("puzzle-")}

        def make_answers(answer_box: PageBox) -> pdf.Source:
            sheets = plan_separate_answers(style, answer_box, sections, puzzle_pages, outdir, rendered.placements)
            apply_line_floor(sheets, outdir, drawings, style.profile.min_line_pt)
            return template_source("answers.html.j2", outdir, doc=doc_fields(job, f"Answers · {job.title}"), sheets=sheets, **page_fields(job, answer_box))

        rendered.answers = _rendered_with_gutter(style, 1 + len(printed) // 6, lambda b: pdf.render(make_answers(b)), _document_pages)[0]
    return rendered

